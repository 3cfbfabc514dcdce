// spatch: stubs.cocci -D config=FOO
#ifndef _LINUX_FOO_H
#define _LINUX_FOO_H

#ifdef CONFIG_FOO_STATS
void foo_stats_inc(struct foo *f);
#define foo_trace(x) trace_printk("%d\n", x)
#else
static inline void foo_stats_inc(struct foo *f) { }
static inline void foo_stats_dec(struct foo *f)
{
	/* nothing to count */
}
static inline int foo_init(void)
{
	return 0;
}
static inline bool foo_enabled(void) { return false; }
static inline bool foo_on(void) { return IS_ENABLED(CONFIG_FOO); }
static inline long foo_ioctl(struct foo *f, unsigned int cmd) { return -ENOTTY; }
static inline struct foo *foo_get(int id) { return NULL; }
#define foo_trace(x) do { } while (0)
#define foo_dbg(fmt...) do { if (0) printk(fmt); } while (0)
#define foo_log(x) ((void)0)
#define foo_mark(x)
#define foo_flush(a, b)		\
	do {			\
	} while (0)
#define foo_deprecated 0
#define foo_calc NULL
#endif

/* Not stubs: they use their arguments, or do something. */
static inline bool foo_valid(int id) { return id != 0; }
static inline void foo_put(struct foo *f) { kfree(f); }
#define foo_warn(x) pr_warn("%d\n", x)
#define foo_check(x) do { if (x) bar(); } while (0)
#define FOO_MAX 8

#endif
