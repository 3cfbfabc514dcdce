// SPDX-License-Identifier: GPL-2.0
/* Bar's uses are all under CONFIG_FOO, which goes with them, or are pointers. */
#include <linux/foo.h>

struct bar {
	struct foo_stats *stats;
	struct foo_dev dev;
};

int bar_state(struct bar *b)
{
#ifdef CONFIG_FOO
	b->dev.trace_level = FOO_MAX_EVENTS;
	return FOO_TRACING + foo_fast();
#endif
	return b->dev.id;
}
