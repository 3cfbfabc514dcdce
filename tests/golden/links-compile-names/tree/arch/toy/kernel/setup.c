// SPDX-License-Identifier: GPL-2.0
/* toy selected FOO and uses what foo.h defines only with it, unconditionally. */
#include <linux/foo.h>

static struct foo_stats toy_stats;
int toy_state = FOO_TRACING;
static foo_cookie_t toy_cookie;

int toy_setup(struct foo_dev *d)
{
	int buf[FOO_MAX_EVENTS];
	struct foo_stats *p = &toy_stats;

	d->trace_level = 1;
	return d->id + buf[0] + foo_fast() + FOO_ENABLED + (p != 0) + (int)toy_cookie;
}

int toy_probe(struct foo_dev *d)
{
#ifdef FOO_MAX_EVENTS
	return FOO_MAX_EVENTS;
#endif
	return d->id + FOO_NR + FOO_IDLE;
}
