/*
 * progress.h - how a long job tells its front end how far it is.  The
 * library prints nothing: it calls the front end's function, if there is
 * one, at each step and now and then during a scan (from the thread that
 * called the job).
 */
#ifndef EXCISE_PROGRESS_H
#define EXCISE_PROGRESS_H

#include <stddef.h>

struct footprint;

enum progress_step {
	PROGRESS_FOOTPRINT,     /* the target is resolved: fp, before the scan */
	PROGRESS_SCAN,          /* done of total files read */
	PROGRESS_DEPENDENTS,    /* round done of the Kconfig cascade: total symbols so far */
	PROGRESS_COCCI,         /* semantic patch what, over total files */
	PROGRESS_LINKS,         /* the link residue analysis starts */
};

struct progress_event {
	enum progress_step step;
	size_t done, total;
	const char *what;
	const struct footprint *fp;
};

struct progress {
	void (*fn)(void *data, const struct progress_event *ev);
	void *data;
};

static inline void progress_report(const struct progress *p, const struct progress_event *ev)
{
	if (p && p->fn)
		p->fn(p->data, ev);
}

#endif
