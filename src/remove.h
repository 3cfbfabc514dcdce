/*
 * remove.h - plan a subsystem's removal: Kconfig (with dependents),
 * Kbuild, defconfigs, MAINTAINERS, Documentation, preprocessor
 * conditionals and C references, all into one plan.
 */
#ifndef EXCISE_REMOVE_H
#define EXCISE_REMOVE_H

#include "kconfig.h"
#include "links.h"
#include "locate.h"
#include "plan.h"
#include "target.h"
#include "walk.h"

struct remove_options {
	int jobs;                /* spatch processes, scan threads (0: one per CPU) */
	int no_cocci;            /* skip the semantic patches */
	int allow_large;         /* --force: delete more than 5% of the tree's files */
	int preview;             /* --dry-run: nothing is written (a read-only tree will do) */
	struct strvec replace;   /* --replace OLD=NEW */
	struct strvec replace_call; /* --replace-call OLD=NEW (links.h) */
	int no_links;            /* skip the link residue analysis */
	int with_users;          /* --with-users: kept options whose code has link residue,
				    and which selected a removed symbol, go too */
	const char *cocci_dir;   /* cocci/ of this excise */
	const char *tmp_dir;     /* where temporary files go (NULL: /tmp; the front end: $TMPDIR) */
	enum locate_unknown unknown; /* a symbol nothing defines or names (locate.h) */
	const struct progress *progress; /* how far the planning is (NULL: not told) */
};

/* Counts of what one module changed, for the summary. */
struct remove_count {
	enum ref_kind kind;
	size_t n;
};

struct makefiles;

/* What planning a removal took, for EXCISE_TIMES: every plan of the run counts. */
struct removal_stats {
	double seconds_load;     /* reading the tree, the Kconfig files, the Makefiles */
	size_t plans;            /* whole plans made: 1, and one per --with-users round or trial */
	size_t kconfig_rounds;   /* Kconfig removals planned (rounds of the closure over dependents) */
};

struct removal {
	/*
	 * What planning reads from the tree, loaded once by removal_plan and
	 * shared by every round of its closures and every trial plan: the
	 * files, the Kconfig model, the Makefiles' object lines.
	 */
	struct tree tree;
	struct kconfig_db db;          /* read through readonly */
	struct plan readonly;          /* the snapshots db reads through: each plan borrows them */
	struct makefiles *makefiles;   /* target.h */
	struct removal_stats *stats;   /* of the whole run, trials included */
	int borrowed;                  /* a trial: the context above is another removal's */
	/* What was planned on it. */
	struct footprint fp;
	struct locate_result loc;
	struct plan plan;
	struct kconfig_result kconfig;
	struct strvec maintainers;     /* titles of removed MAINTAINERS sections */
	struct strvec problems;        /* non-fatal: spatch could not parse, ... */
	struct strvec notes;           /* what the report should say: no MAINTAINERS, ... */
	struct strvec dependents;      /* "SYM: reason (file:line)", for people */
	struct strvec dependent_names; /* their symbols, in the same order */
	struct strset users;           /* those that use the subsystem (kconfig_removed.user) */
	struct links_result links;     /* link residue of the plan (links.h) */
	size_t calls_replaced;         /* uses renamed by replace-call */
	double seconds_locate, seconds_plan, seconds_cocci, seconds_links;
};

/* The bundled cocci/ directory (resource_dir: $EXCISE_COCCI, or cocci/ next to the binary's parent). */
const char *cocci_dir(void);

/*
 * Resolve the targets in the tree at root and plan the whole removal into
 * r->plan (checked: plan_check passed).  Returns 0, or -1 with the problems
 * in err (nothing written).
 */
int removal_plan(struct removal *r, const char *root, char **targets, int ntargets,
		 const struct remove_options *opt, struct strbuf *err);
void removal_release(struct removal *r);

/* True if the plan changes nothing. */
int removal_is_empty(const struct removal *r);

/* Print the link residue part of the summary (links.h). */
void removal_links_summary(FILE *out, const struct removal *r);

/* Print the summary of a planned or applied removal. */
void removal_summary(FILE *out, const struct removal *r, int applied);
/*
 * The same as one JSON object: name, title, applied, deleted, edits (per
 * kind), dependents, maintainers, notes (action, path, line, kind,
 * reason), problems, link_residue, files_changed, paths_deleted, kept,
 * review; commits ("HASH SUBJECT") and series when given (may be NULL).
 */
void removal_summary_json(FILE *out, const struct removal *r, int applied, const struct strvec *commits,
			  const char *series_dir);

#endif
