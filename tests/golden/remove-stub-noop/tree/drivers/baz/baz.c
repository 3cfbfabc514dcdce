// SPDX-License-Identifier: GPL-2.0
#include <linux/foo.h>

void baz_step(struct foo *f)
{
	if (f->n > 1)
		foo_stats_inc(f);
	foo_trace(f);
	f->n--;
}
