// SPDX-License-Identifier: GPL-2.0
/* Names the macros make are no uses of foo.c's no_overlay and dbg_level. */
#include <linux/device.h>
#include <linux/module.h>

static int qux_level;
#include "qux.h"

static int qux_no_overlay = -1;
module_param_named(no_overlay, qux_no_overlay, int, 0444);
MODULE_PARM_DESC(no_overlay, "allow overlay");

static ssize_t qux_show_dbg_level(struct device *dev, struct device_attribute *attr, char *buf);
static DEVICE_ATTR(dbg_level, 0444, qux_show_dbg_level, NULL);

/* A static array sized by a macro: qux_table is this file's. */
#define QUX_MAX 4
static int qux_table[QUX_MAX];

int qux_get(int i)
{
	return qux_table[i];
}
