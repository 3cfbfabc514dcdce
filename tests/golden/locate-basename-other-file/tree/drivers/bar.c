// SPDX-License-Identifier: GPL-2.0
#include <linux/gpio-foo.h>
#include <linux/clk/foo.h>
#include "foo/foo.h"

int bar_regs = FOO_REGS + GPIO_FOO + CLK_FOO;
