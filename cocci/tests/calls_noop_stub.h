// spatch: calls.cocci -D noop=foo_stats_inc,foo_init,foo_log,foo_trace,foo_exit,foo_calc
#ifndef _LINUX_FOO_H
#define _LINUX_FOO_H

#ifdef CONFIG_FOO_STATS
void foo_stats_inc(struct foo *f);
int foo_init(void);
#define foo_log(x) pr_info("%p\n", x)
#define foo_calc(x) ((x) * 2)
#else
static inline void foo_stats_inc(struct foo *f) { }
static inline int foo_init(void)
{
	return 0;
}
#define foo_log(x) ((void)0)
#define foo_calc(x) (-ENODEV)
#define foo_trace(x) do { } while (0)
#endif

void foo_exit(void);
static inline void foo_put(struct foo *f) { }

#endif
