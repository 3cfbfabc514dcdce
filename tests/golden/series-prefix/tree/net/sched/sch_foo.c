// SPDX-License-Identifier: GPL-2.0
#include <net/sch_foo.h>
int foo_enqueue(void) { return FOO_LIMIT; }
