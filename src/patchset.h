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
	struct strvec to, cc;   /* the cover letter's recipients: every patch's */
	struct strvec per_patch; /* per patch (cover letter aside): "<to> <cc>", the counts */
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

/* What git format-patch and b4 let a sender choose. */
struct patchset_format_options {
	struct strvec to, cc;        /* --to, --cc: on every patch and the cover letter */
	const char *subject_prefix;  /* --subject-prefix ("PATCH net-next"), or NULL: PATCH */
	int reroll;                  /* -v N: [PATCH vN ...], files vN-*.patch; 0: none */
	int irreversible_delete;     /* -D: deletions without the deleted lines */
};

/*
 * `git format-patch --cover-letter --base` of base..head into dir (created
 * if missing; refused if it already holds patches), then the recipients:
 * each patch's To: (maintainers) and Cc: (reviewers, lists) from the tree's
 * own scripts/get_maintainer.pl on that patch (MAINTAINERS of base, no
 * keyword matches), with fopt's --to and --cc; the cover letter gets every
 * patch's, and its subject and text.  fopt may be NULL.  Returns 0 or -1.
 */
int patchset_format(const struct series *s, const struct removal *r, const char *dir,
		    const struct patchset_format_options *fopt, struct patchset_result *res,
		    struct strbuf *err);

void patchset_result_release(struct patchset_result *res);

/*
 * The series directory can take the patches (a new or empty directory that
 * can be written): checked before anything is committed.  Creates it.
 */
int patchset_dir_check(const char *dir, struct strbuf *err);

#endif
