// SPDX-License-Identifier: GPL-2.0
#include <linux/foofilter.h>
#include "foo.h"

int foo_filter_count(void)
{
	return 1;
}
EXPORT_SYMBOL(foo_filter_count);
