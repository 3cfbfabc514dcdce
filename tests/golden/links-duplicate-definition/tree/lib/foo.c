// SPDX-License-Identifier: GPL-2.0
/* The generic versions, for the architectures that have none of their own. */
#include <linux/foo.h>

#ifndef CONFIG_HAVE_ARCH_FOO
int foo_copy(int x)
{
	return x;
}

int foo_fill(int x)
{
	return x;
}
#endif

int foo_count(void)
{
	return foo_copy(1) + foo_fast();
}
