/*
 * patchset.h - write a split removal (series.h) into git: one commit per
 * series commit on top of HEAD, then the work tree, then HEAD; and the
 * series as `git format-patch` output with a cover letter.
 *
 * The commits are built with plumbing in a temporary index (read-tree,
 * hash-object, update-index, write-tree, commit-tree, and the hooks of
 * `git commit` through `git hook run`): each commit's
 * files are the snapshots the plan read with the edits of that commit and
 * of the earlier ones applied.  Nothing visible changes until every commit
 * exists; then plan_apply() writes the work tree, HEAD moves with
 * update-ref, and the index entries of the touched paths are reset to the
 * new HEAD.  The result is checked: git must see no difference between the
 * work tree and the last commit on any touched path.
 */
#ifndef EXCISE_PATCHSET_H
#define EXCISE_PATCHSET_H

#include "remove.h"
#include "series.h"

struct patchset_result {
	char base[41];          /* HEAD before */
	char head[41];          /* HEAD after (the last commit) */
	struct strvec commits;  /* "<id> <subject>", in series order */
	struct strvec files;    /* format-patch output, cover letter first */
	struct strvec cc;       /* get_maintainer.pl addresses put on the cover letter */
	double seconds_commit, seconds_format;
};

/*
 * Check that the git work tree at the plan's root can take the series:
 * HEAD exists, nothing is staged, every file the plan edits is tracked
 * and unchanged from HEAD, git knows who commits.  Returns 0, or -1 with
 * "excise: ..." lines in err.
 */
int patchset_check(const struct removal *r, struct strbuf *err);

/* What patchset_commit() left when it failed (err says what and where). */
enum {
	PATCHSET_UNCHANGED = -1,     /* HEAD, the index and the work tree as they were */
	PATCHSET_NEITHER = -2,       /* the work tree neither as it was nor as planned (a
					failed apply that could not be undone), or HEAD moved
					and git sees a difference from the last commit */
	PATCHSET_UNCOMMITTED = -3,   /* the work tree holds the whole removal, but HEAD was
					not moved onto its commits (HEAD moved meanwhile) */
};

/*
 * Create the commits of s, apply the plan to the work tree and move HEAD.
 * The repository's hooks run as `git commit` runs them, for each commit:
 * pre-commit (on the commit's index; HEAD is still the base), then
 * prepare-commit-msg and commit-msg on its message (which they may edit);
 * post-commit once, when HEAD has moved.  A hook that fails refuses the
 * commit, before anything visible changed.  no_verify (--no-verify)
 * skips pre-commit and commit-msg, as git's.  Returns 0, or one of the
 * PATCHSET_ states above with the problems in err.
 */
int patchset_commit(const struct series *s, struct removal *r, const struct apply_options *apply,
		    int no_verify, struct patchset_result *res, struct strbuf *err);

/*
 * `git format-patch --cover-letter --base` of base..head into dir (created
 * if missing; refused if it already holds patches), then fill in the cover
 * letter: subject, text, and Cc: lines from scripts/get_maintainer.pl run
 * on the patches against the MAINTAINERS of base.  Returns 0 or -1.
 */
int patchset_format(const struct series *s, const struct removal *r, const char *dir,
		    struct patchset_result *res, struct strbuf *err);

void patchset_result_release(struct patchset_result *res);

/*
 * The series directory can take the patches (a new or empty directory that
 * can be written): checked before anything is committed.  Creates it.
 */
int patchset_dir_check(const char *dir, struct strbuf *err);

#endif
