/*
 * series.h - split a planned removal into a patch series in the kernel's
 * conventions: one commit per area, ordered so that every step still
 * configures and builds, each with a subject and a body wrapped at 72
 * columns.
 *
 * The areas, in series order:
 *   1. arch defconfigs, one commit (one per architecture on request): they
 *      only drop lines for symbols that still exist;
 *   2. dependents: the Kconfig entries that depended on the subsystem (and
 *      what only they build), so no later step keeps a `depends on` or
 *      `select` of a symbol that is gone; one commit per driver family (the
 *      directory of the objects they build), users before what they use;
 *      a dependent the subsystem itself selects goes with the subsystem;
 *   3. the subsystem: its files, Kconfig entry, Makefile lines, headers,
 *      the C changes in the files that used it, kernel/configs fragments;
 *   4. MAINTAINERS edits that name no deleted path (an edit goes in the
 *      commit of the first deletion it names: no step has an F: line
 *      naming a path that is gone);
 *   5. Documentation, after the code, so no Kconfig help text points at a
 *      deleted page in between.
 * A reference that breaks the build when its target is gone (a Makefile
 * word naming a deleted object or directory, a Kconfig `source` of a
 * deleted file, an #include of a deleted header) always lands in the same
 * commit as the deletion, or an earlier one.
 *
 * Reads the plan (after plan_check) and the removal; writes nothing.  Only
 * series_split() runs git, read-only, to learn subject prefixes from the
 * history of the touched files when the tree has any.
 */
#ifndef EXCISE_SERIES_H
#define EXCISE_SERIES_H

#include <stdio.h>

#include "remove.h"

enum series_area {
	AREA_DEFCONFIG,
	AREA_DTS,                    /* arch/ARCH/boot/dts/: a platform's boards, one commit per arch */
	AREA_DEPENDENTS,
	AREA_SUBSYSTEM,
	AREA_MAINTAINERS,
	AREA_DOCS,
};

struct series_commit {
	enum series_area area;
	char *key;                   /* AREA_DEFCONFIG, AREA_DTS: the architecture ("arm");
					AREA_DEPENDENTS: the family's directory ("drivers/spi",
					"" when they are one commit); else NULL */
	size_t rank;                 /* AREA_DEPENDENTS: its place among the families */
	char *subject;               /* "fs: remove the InterMezzo filesystem" */
	char *body;                  /* wrapped at 72 columns, ends with '\n'; no Signed-off-by */
	size_t *edits;               /* indexes into plan->edits, ascending */
	size_t nedits, edits_cap;
	size_t *dels;                /* indexes into plan->dels */
	size_t ndels, dels_cap;
	struct strvec paths;         /* files this commit touches (deleted directories as "dir/") */
};

struct series {
	struct series_commit *commits;
	size_t n, cap;
	size_t *edit_commit;         /* per plan edit: the index of its commit */
	size_t *del_commit;          /* per plan deletion */
	char *title;                 /* "the ixgb driver": the spec's title, or derived */
	char *cover_subject;         /* the cover letter's subject (without [PATCH 0/N]) */
	char *cover_body;            /* the cover letter's text: order, summary table, notes */
	char *why;                   /* why it goes: --why, else what the tree says (MAINTAINERS
					S: Obsolete or Orphan, "deprecated" in its Kconfig entry),
					else NULL (the front end says there is none) */
};

struct series_options {
	const char *why;             /* --why: a paragraph on why it goes, or NULL */
	int use_history;             /* learn subject prefixes from `git log` of the touched files */
	int defconfig_per_arch;      /* the defconfigs one commit per architecture, not one */
};

/* Split the checked plan of r into commits, with subjects, bodies and the cover letter. */
void series_split(struct series *s, const struct removal *r, const struct series_options *opt);
void series_release(struct series *s);

/* The series as text: per commit its subject, body and files (for --dry-run). */
void series_print(FILE *out, const struct series *s);

/*
 * Append text to out as paragraphs wrapped at width columns.  Lines that
 * start with spaces are list items: kept as lines, wrapped with their
 * continuation indented two more columns.  Blank lines separate paragraphs.
 */
void series_wrap(struct strbuf *out, const char *text, size_t width);

#endif
