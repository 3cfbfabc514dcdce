// SPDX-License-Identifier: GPL-2.0
#include <linux/foo.h>

int foo_hook_init(void)
{
	return 1;
}

void foo_hook_run(int x)
{
	(void)x;
}
