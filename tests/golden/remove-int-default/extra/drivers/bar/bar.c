// SPDX-License-Identifier: GPL-2.0
#include <linux/foo_bar.h>

/* The length comes from CONFIG_BAR_QUEUE_LEN. */
static unsigned int qlen = CONFIG_BAR_QUEUE_LEN;
static const char *name = CONFIG_BAR_NAME;
static unsigned int depth = CONFIG_BAR_DEPTH;
static const char *what = "CONFIG_BAR_QUEUE_LEN";

int bar_attach(struct device *dev)
{
	return qlen + depth + (name != what);
}
