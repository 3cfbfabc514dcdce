// SPDX-License-Identifier: GPL-2.0
/* The Foo core: every definition here goes with the file. */
#include <linux/foo.h>

static int foo_internal(void)
{
	return 2;
}

int foo_do(int x)
{
	return x + foo_internal();
}
EXPORT_SYMBOL(foo_do);

int foo_helper(void)
{
	return 1;
}

int foo_stubbed(void)
{
	return 3;
}

int no_overlay;
int dbg_level;
int qux_level;
