// SPDX-License-Identifier: GPL-2.0
#include <linux/foo.h>

int bar_run(struct foo *f)
{
	f->n++;
	foo_stats_inc(f);
	return foo_size(f);
}
