// SPDX-License-Identifier: GPL-2.0
#include <linux/foo.h>

void bar_start(int x)
{
	if (foo_legacy_enabled())
		foo_old(x);
	else
		foo_new(x);
}

int bar_flags(int x)
{
	int flags = x;

	if (foo_deprecated) {
		foo_old(x);
		flags |= 2;
	}
	return flags;
}

bool bar_ready(int x)
{
	return x > 0 && !foo_legacy_enabled();
}
