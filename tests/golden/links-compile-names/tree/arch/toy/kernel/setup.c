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

/* a pasted argument names another identifier (rtw89's RTW89_TYPE_MAPPING(ADHOC)) */
#define TOY_FOO_TRACING 3
#define TOY_PASTE(x) TOY_ ## x

int toy_probe(struct foo_dev *d)
{
	if (d->id == TOY_PASTE(FOO_TRACING))
		return 0;
#ifdef FOO_MAX_EVENTS
	return FOO_MAX_EVENTS;
#endif
	return d->id + FOO_NR + FOO_IDLE;
}
