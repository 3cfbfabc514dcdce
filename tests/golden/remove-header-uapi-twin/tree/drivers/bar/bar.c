// SPDX-License-Identifier: GPL-2.0
#include <linux/foo_bar.h>

int bar_attach(struct device *dev)
{
	return 0;
}
