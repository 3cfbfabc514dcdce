// SPDX-License-Identifier: GPL-2.0
/* Compatibility glue, only for foo. */
#include <linux/foofilter.h>

int foo_compat(void)
{
	return foo_filter_count();
}
