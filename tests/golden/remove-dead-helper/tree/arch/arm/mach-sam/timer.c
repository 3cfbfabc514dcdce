// SPDX-License-Identifier: GPL-2.0
#include <linux/init.h>

int sam_timer_ticks;

static int __init sam_timer_init(void)
{
	sam_timer_ticks = 1;
	return 0;
}
core_initcall(sam_timer_init);
