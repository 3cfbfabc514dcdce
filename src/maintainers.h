/* maintainers.h - MAINTAINERS sections and their file patterns. */
#ifndef EXCISE_MAINTAINERS_H
#define EXCISE_MAINTAINERS_H

#include "plan.h"
#include "target.h"

/*
 * Plan the MAINTAINERS changes for a removal: a section whose F: patterns
 * all point into removed paths goes whole (with one blank line that
 * separated it); otherwise only its F: and X: lines into removed paths go.
 * Returns the number of sections touched, or -1 if MAINTAINERS cannot be
 * read.  The titles of removed sections are appended to removed.
 */
int maintainers_remove(struct plan *plan, const struct footprint *fp, struct strvec *removed,
		       struct strbuf *err);

/* True if a MAINTAINERS file pattern (F:/X: value) points into an owned path. */
int maintainers_pattern_owned(const struct footprint *fp, const char *pattern);

#endif
