// SPDX-License-Identifier: GPL-2.0
int clk_fixed_rate(void) { return 0; }
