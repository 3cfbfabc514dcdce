// SPDX-License-Identifier: GPL-2.0
#include <linux/foo.h>

int bar_setup(int x)
{
	int err;

	foo_hook_run(x);
	err = foo_hook_init();
	if (err)
		return err;
	return x;
}
