/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FOO_H
#define _LINUX_FOO_H

enum foo_state {
	FOO_IDLE,
#ifdef CONFIG_FOO
	FOO_TRACING,
#endif
	FOO_NR,
};

#ifdef CONFIG_FOO
#define FOO_MAX_EVENTS 16
#define FOO_ENABLED 1
typedef unsigned long foo_cookie_t;
struct foo_stats {
	int hits;
};
static inline int foo_fast(void)
{
	return 1;
}
#else
#define FOO_ENABLED 0
#endif

struct foo_dev {
	int id;
#ifdef CONFIG_FOO
	int trace_level;
#endif
};

#endif
