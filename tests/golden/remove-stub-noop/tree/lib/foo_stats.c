// SPDX-License-Identifier: GPL-2.0
#include <linux/foo.h>

static int foo_count;

void foo_stats_inc(struct foo *f)
{
	foo_count += f->n;
}
