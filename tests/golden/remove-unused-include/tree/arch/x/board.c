// SPDX-License-Identifier: GPL-2.0
#include <linux/device.h>
#include <linux/foo.h>

int board_init(struct device *dev)
{
	return 0;
}
