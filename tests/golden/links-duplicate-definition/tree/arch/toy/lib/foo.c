// SPDX-License-Identifier: GPL-2.0
/* toy selected HAVE_ARCH_FOO: its own foo_copy (not foo_fill, which it leaves to lib/). */
#include <linux/foo.h>

int foo_copy(int x)
{
	return x + 1;
}
