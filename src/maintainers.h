/* maintainers.h - MAINTAINERS sections and their file patterns. */
#ifndef EXCISE_MAINTAINERS_H
#define EXCISE_MAINTAINERS_H

#include "plan.h"
#include "footprint.h"
#include "walk.h"

/*
 * Plan the MAINTAINERS changes for a removal: a section whose F: patterns
 * all point into removed paths goes whole (with one blank line that
 * separated it); otherwise only its F: and X: lines into removed paths go.
 * Lines end in LF or CRLF (a blank line is either), and the edits keep
 * the file's line ends.  Returns the number of sections touched, or -1
 * if MAINTAINERS cannot be read (err says why; a tree without one is the
 * caller's to tell apart, with plan_file() and ENOENT).
 */
int maintainers_remove(struct plan *plan, const struct footprint *fp, const struct tree *t,
		       struct strbuf *err);

/*
 * The titles of the sections a checked plan (plan_check: edits sorted and
 * merged) really deletes whole, in file order, appended to titles: read
 * off the plan's edits, so that a report never names a section the plan
 * does not remove.
 */
void maintainers_removed_sections(const struct plan *plan, struct strvec *titles);

/* A section of MAINTAINERS: its title line through its last tag line. */
struct maintainers_section {
	size_t start, end;         /* bytes: title line to past the last tag line */
	size_t first_line, last_line;
	size_t title_end;          /* end of the title line (past its line end) */
	size_t title_len;          /* the title's length, without its "\n" or "\r\n" */
	size_t nfiles, nowned;     /* F: patterns, and those into removed paths */
};

/*
 * The sections of MAINTAINERS text buf (LF or CRLF lines), with their F:
 * patterns counted against fp (and t); fp NULL: not counted.
 */
size_t maintainers_sections(const char *buf, size_t len, const struct footprint *fp,
			    const struct tree *t, struct maintainers_section **out);

/*
 * True if a MAINTAINERS file pattern (F:/X: value) points into an owned
 * path: its part before any glob is owned, or (given the tree t) it is a
 * glob that files of t match, every one of them owned
 * (F: arch/arm/boot/dts/ox8*.dts* when the OXNAS boards go).
 */
int maintainers_pattern_owned(const struct footprint *fp, const struct tree *t, const char *pattern);

#endif
