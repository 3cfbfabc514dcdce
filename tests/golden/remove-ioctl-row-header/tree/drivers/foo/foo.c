// SPDX-License-Identifier: GPL-2.0
#include <linux/foo_ioctl.h>

int foo_ioctl(int cmd)
{
	return cmd == FOO_RESET;
}
