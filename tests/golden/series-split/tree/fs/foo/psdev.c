// SPDX-License-Identifier: GPL-2.0
#include "foo.h"

int foo_psdev_minor = FOO_MINOR;
