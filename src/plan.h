/*
 * plan.h - the edit plan: every change excise makes, planned before any
 * file is written.
 *
 * Modules read files through plan_file() (one snapshot per file), then add
 * byte-range edits against that snapshot, file and directory deletions, and
 * notes (references kept or left for review).  plan_check() verifies the
 * plan (no conflicting edits, every file unchanged on disk since it was
 * read); plan_apply() writes each file atomically (temporary file in the same
 * directory, then rename); plan_diff() prints the change as a git-style
 * unified diff that `git apply` accepts.
 */
#ifndef EXCISE_PLAN_H
#define EXCISE_PLAN_H

#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include "kind.h"
#include "util.h"

/*
 * Why an entry of the plan (an edit, a deletion, a note) is there, as
 * data: the rule that planned it and what it is about, given when it is
 * added (plan_edit, plan_delete, plan_note) and copied into the plan.
 * The series (series.c) splits commits on it, links.c finds the kept
 * options whose select goes in it; the reason says the same in prose, for
 * people, and is never parsed.  Fields that do not apply are NULL (or
 * empty).
 */
struct cause {
	enum rule_id rule;       /* the rule family that planned it */
	const char *symbol;      /* the removed Kconfig symbol (no CONFIG_) it is about */
	const char *to;          /* --replace: the symbol that takes symbol's place */
	const char *option;      /* a kept option it changes: whose attribute goes, or whose
				    entries move (a tenant's Kconfig file) */
	const char *selects;     /* that option's `select` or `imply` (the edit's kind says
				    which) goes or is renamed: the symbol it named */
	const char *name;        /* a C name it is about: replace-call's lost function */
	const char *replacement; /* what takes the place of what goes: replace-call's
				    function, a removed option's value */
	unsigned section : 1;    /* MAINTAINERS: it removes a whole section */
	struct strvec defines;   /* Kconfig: the symbols whose config entries it deletes */
	struct strvec paths;     /* what its removed text names as the build follows it:
				    Kbuild object and directory words ("x.o", "sub/": relative to
				    the Makefile's directory), the files of Kconfig `source` lines */
};

/* A cause of rule about symbol (may be NULL), the rest empty. */
#define CAUSE(r, sym) ((struct cause){ .rule = (r), .symbol = (sym) })

/* One replacement of bytes [start, end) of a file as read. */
struct edit {
	char *path;      /* relative to the tree root */
	size_t start;
	size_t end;
	char *repl;      /* replacement text, "" to delete */
	enum ref_kind kind;
	char *reason;    /* one line, for the report and commit messages */
	struct cause cause;   /* the plan's own copy */
	size_t seq;      /* insertion order, for stable sorting */
};

/* A file or directory to delete (directories recursively): one the subsystem owns. */
struct deletion {
	char *path;
	char *reason;
	int is_dir;
	enum ref_kind kind;   /* KIND_OWN_PATH; a defconfig, a Kconfig file that moved */
	struct cause cause;   /* symbol: the one whose Kbuild line builds it (derive.c) */
};

/* A reference that stays: kept on purpose, or left for a human to review. */
struct note {
	char *path;
	size_t line;
	enum ref_kind kind;
	enum ref_action action;   /* ACTION_KEPT or ACTION_REVIEW */
	char *reason;
	char *text;      /* the line, without its newline */
	struct cause cause;
};

/* The contents of a file when it was first read for planning. */
struct plan_file {
	char *path;
	char *data;      /* NUL-terminated; another plan's when borrowed */
	int borrowed;    /* plan_borrow: data belongs to the plan it came from */
	size_t len;
	mode_t mode;
	dev_t dev;       /* set by plan_check for changed files: plan_apply */
	ino_t ino;       /* refuses to replace a file that changed since */
	struct timespec mtime;
	uid_t uid;       /* and gives the new file the owner and group (set by */
	gid_t gid;       /* plan_check too) */
};

struct plan {
	char *root;
	struct plan_file *files;
	size_t nfiles, files_cap;
	size_t *file_slots;      /* hash of paths -> files index + 1 (0 empty) */
	size_t file_slots_cap;   /* a power of two, at least twice nfiles */
	struct edit *edits;
	size_t nedits, edits_cap;
	struct deletion *dels;
	size_t ndels, dels_cap;
	struct note *notes;
	size_t nnotes, notes_cap;
	size_t seq;
	int preview;             /* only printed (--dry-run): plan_check does not ask that
				    each file can be written, each deletion made */
};

void plan_init(struct plan *plan, const char *root);
void plan_release(struct plan *plan);

/*
 * The snapshot of path (relative to the root), read on first use.  Returns
 * NULL with errno set if it cannot be read.  The data stays valid until
 * plan_release().
 */
const struct plan_file *plan_file(struct plan *plan, const char *path);

/*
 * The snapshot of path as read by the caller (data: NUL-terminated, from
 * malloc, owned by the plan from now on; mode: its stat's), unless the
 * plan has one already (data is then freed).  For reading files in threads.
 */
const struct plan_file *plan_file_adopt(struct plan *plan, const char *path, char *data,
					size_t len, mode_t mode);

/*
 * Take every snapshot of from that plan does not have yet, in from's
 * order, sharing its data: edits of plan then refer to the very bytes a
 * model parsed from from's snapshots (the Kconfig database), read once
 * for a whole run.  from must outlive plan and not change meanwhile.
 */
void plan_borrow(struct plan *plan, const struct plan *from);

/* The snapshot of path if the plan has read it, else NULL (reads nothing). */
const struct plan_file *plan_find(const struct plan *plan, const char *path);

/*
 * Replace bytes [start, end) of path; the file must have been read by
 * plan_file().  cause (never NULL) is copied.
 */
void plan_edit(struct plan *plan, const char *path, size_t start, size_t end, const char *repl,
	       enum ref_kind kind, const struct cause *cause, const char *reason);
/* Delete whole lines: from the line holding start to the end of the line holding end - 1. */
void plan_delete_lines(struct plan *plan, const char *path, size_t start, size_t end,
		       enum ref_kind kind, const struct cause *cause, const char *reason);
/* Delete a file or a directory tree. */
void plan_delete(struct plan *plan, const char *path, int is_dir, enum ref_kind kind,
		 const struct cause *cause, const char *reason);
void plan_note(struct plan *plan, const char *path, size_t line, enum ref_kind kind,
	       enum ref_action action, const struct cause *cause, const char *reason,
	       const char *text);

/* True if path is deleted by the plan, itself or through a deleted directory. */
int plan_is_deleted(const struct plan *plan, const char *path);

/*
 * Sort and merge the edits (identical edits collapse, an edit inside a
 * deleted range or one that changes no byte is dropped), then verify: no
 * two edits overlap, no edit touches a deleted file, every file read is
 * unchanged on disk and (unless plan->preview) writable, every deletion
 * possible.  Returns 0, or -1 with a message per problem in err.
 */
int plan_check(struct plan *plan, struct strbuf *err);

/*
 * Print the plan as a git-style unified diff (a/ b/ prefixes).  Returns 0,
 * or -1 with a message in err if a deleted file cannot be read (the diff
 * printed so far stops there).
 */
int plan_diff(struct plan *plan, FILE *out, struct strbuf *err);

/* The new contents of a planned file (edits applied), into out. */
void plan_result(const struct plan *plan, const struct plan_file *f, struct strbuf *out);

/* True if the plan changes f (it has edits). */
int plan_file_changed(const struct plan *plan, const struct plan_file *f);

/*
 * Apply a checked plan (src/apply.c), reversibly until it is complete: a
 * journal at the top of the tree lists every operation first; each new
 * file is written beside its original, each original is kept (a hard link)
 * and checked unchanged since plan_check before the new file is renamed
 * over it; each deletion is a rename aside.  Only when all of that has
 * succeeded does the journal say so and the kept originals go.
 *
 * Returns 0; or -1 with the tree as it was before (err says why and ends
 * with "nothing was changed"); or -2 if putting it back failed too (err
 * names every file in each state).  SIGINT, SIGTERM, SIGHUP and SIGQUIT
 * are held during the apply: one that arrives before the end rolls the
 * tree back first, then takes its default action.
 */
struct apply_options {
	long delay_us;       /* tests: a pause between two operations */
	long fail_at;        /* tests: fail the Nth operation (1-based), 0 never */
};
int plan_apply(struct plan *plan, const struct apply_options *opt, struct strbuf *err);

/*
 * Finish what an earlier apply in the tree at root left behind when it was
 * killed: roll it back if it had not completed, or clean up after it if it
 * had.  Returns 0 if there was nothing to do, 1 if the tree was restored or
 * cleaned (what was done in report), -1 on failure (err).  With preview
 * (--dry-run) nothing is written: report says what a real run would do,
 * file by file, and the return is 1 for a clean-up after a complete
 * removal, 2 for a tree a stopped removal left half changed.
 */
int plan_recover(const char *root, int preview, struct strbuf *report, struct strbuf *err);

/*
 * Hold the tree at root against other excise runs (flock on its top
 * directory) until the returned descriptor is closed.  Returns it, or -1
 * with a message in err.
 */
int plan_lock(const char *root, struct strbuf *err);

/* Number of files changed or deleted (after plan_check). */
size_t plan_files_touched(const struct plan *plan);

#endif
