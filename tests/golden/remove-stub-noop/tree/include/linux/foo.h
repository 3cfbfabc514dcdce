/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FOO_H
#define _LINUX_FOO_H

struct foo {
	int n;
};

#ifdef CONFIG_FOO_STATS
void foo_stats_inc(struct foo *f);
#define foo_trace(f) foo_stats_inc(f)
#else
static inline void foo_stats_inc(struct foo *f) { }
#define foo_trace(f) do { } while (0)
#endif

static inline int foo_size(const struct foo *f)
{
	return f->n;
}

#endif
