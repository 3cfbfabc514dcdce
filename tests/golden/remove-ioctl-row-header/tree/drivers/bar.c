// SPDX-License-Identifier: GPL-2.0
#include <linux/bar.h>

int bar_ioctl(int cmd)
{
	return cmd;
}
