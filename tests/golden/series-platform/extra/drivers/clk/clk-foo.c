// SPDX-License-Identifier: GPL-2.0
int foo_clk_rate(void) { return 32768; }
