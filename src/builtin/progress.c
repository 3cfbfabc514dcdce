/*
 * builtin/progress.c - how far locate and remove are, on stderr: on a
 * terminal, a scan line that updates in place; with --progress into a
 * file or pipe, one line per step; with --no-progress (or not a terminal)
 * nothing.
 */
#include <stdio.h>
#include <unistd.h>

#include "builtin.h"
#include "target.h"

static void print_event(void *data, const struct progress_event *ev)
{
	const struct term_progress *tp = data;
	const struct footprint *fp = ev->fp;

	switch (ev->step) {
	case PROGRESS_FOOTPRINT:
		fprintf(stderr, "excise: footprint of %s: Kconfig symbols %zu, paths %zu, "
			"headers to confirm %zu, identifiers to confirm %zu; files to scan %zu\n",
			fp->name ? fp->name : "the target", fp->symbols.n, fp->paths.n, fp->headers.n,
			fp->identifiers.n, ev->total);
		break;
	case PROGRESS_SCAN:
		if (tp->tty)
			fprintf(stderr, "\rexcise: scanned %zu of %zu files%s", ev->done, ev->total,
				ev->done == ev->total ? "\n" : "");
		else if (ev->done == ev->total)
			fprintf(stderr, "excise: scanned %zu files\n", ev->total);
		break;
	case PROGRESS_DEPENDENTS:
		fprintf(stderr, "excise: Kconfig dependents, round %zu: %zu symbols\n", ev->done,
			ev->total);
		break;
	case PROGRESS_COCCI:
		fprintf(stderr, "excise: spatch %s on %zu files\n", ev->what, ev->total);
		break;
	case PROGRESS_LINKS:
		fprintf(stderr, "excise: link residue of %zu planned files\n", ev->total);
		break;
	}
	fflush(stderr);
}

const struct progress *term_progress(struct term_progress *tp, int force, int never)
{
	tp->tty = isatty(STDERR_FILENO);
	tp->base.fn = print_event;
	tp->base.data = tp;
	if (never || (!force && !tp->tty))
		return NULL;
	return &tp->base;
}
