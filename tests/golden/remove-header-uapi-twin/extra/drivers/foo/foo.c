// SPDX-License-Identifier: GPL-2.0
#include <linux/export.h>
#include <linux/foo_bar.h>
#include <linux/foo_dev.h>

int foo_bind(struct device *dev, unsigned int id,
	     unsigned long flags)
{
	return 0;
}
EXPORT_SYMBOL(foo_bind);
