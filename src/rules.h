/*
 * rules.h - the rule families: each knows one kind of file or of code, and
 * does its part of the pipeline (README, "The pipeline") for the references of its
 * kinds.  One table (rules.c) registers them, in the order they plan:
 *
 *   kconfig      Kconfig entries, attributes, `source` lines (planned on
 *                the whole model by kconfig_remove, kconfig_remove.c)
 *   kbuild       Kbuild lines: a symbol's objects, an owned object or
 *                directory, per-object variables, ifdef blocks (kbuild.c)
 *   platform     a removed platform's own defconfig goes whole
 *   defconfig    CONFIG_ lines of defconfigs and fragments (defconfig.c)
 *   maintainers  sections and F:/X: lines (maintainers.c)
 *   docs         Documentation lines, table rows, directives, sentences,
 *                list items (docs.c)
 *   cpp          preprocessor conditionals (cpp.c)
 *   c            C code: IS_ENABLED(), #include, calls (semantic patches,
 *                cocci/), a removed option's value
 *   stubs        the stubs a removed option leaves (the #else of its
 *                #ifdef, a body the removal made constant), their calls and
 *                uses, and what then goes unused: the stub pipeline of
 *                cocci/README.md on each file as cpp and c leave it (stubs.c)
 *
 * A family's plan half takes each reference locate classified as its own
 * (rule_of_ref: by the file the reference is in, then by its kind's row in
 * kind.c) and either plans it on the spot (docs, c) or gathers its file
 * for the pass over whole files that follows (kbuild, defconfig, cpp, c):
 * those rules decide on a file's structure (an ifdef block, an #if nest, a
 * semantic patch's match), not on one line.
 *
 * Adding a kind of reference: its value in kind.h and its row in kind.c
 * (name, description, family), its handler in the family's plan half
 * (here), its classification (locate.c), and a golden test.
 */
#ifndef EXCISE_RULES_H
#define EXCISE_RULES_H

#include "footprint.h"
#include "kconfig.h"
#include "kind.h"
#include "plan.h"
#include "progress.h"
#include "ref.h"
#include "walk.h"

/* How the rules run (remove_options, for what they need of it). */
struct rule_options {
	int jobs;                    /* spatch processes (0: one per CPU) */
	int no_cocci;                /* no semantic patches */
	const char *cocci_dir;       /* the semantic patches */
	const char *tmp_dir;         /* where temporary files go (NULL: /tmp) */
	const struct progress *progress;
};

/* What the families plan on, and what they gather between the two passes. */
struct planning {
	struct plan *plan;
	const struct footprint *fp;
	const struct tree *tree;
	const struct kconfig_db *db;
	const struct rule_options *opt;
	struct strset symbols;           /* the footprint's */
	struct strset files[KIND_COUNT]; /* per kind: the files whose references of it a family
					    plans file by file */
	struct strvec notes;             /* what a family says of the tree (no MAINTAINERS file) */
	struct strvec problems;          /* what a family could not do (spatch could not parse) */
	double seconds_cocci;
};

struct rule_family {
	const char *what;            /* one line: what the family removes */
	/*
	 * One reference of the family's (an ACTION_REMOVE one of a file that
	 * stays): plan it, or gather its file for plan_files.  NULL: no rule
	 * removes it, it is left for review.
	 */
	void (*plan_ref)(struct planning *p, const struct ref *ref);
	/* After every reference: the files gathered.  0, or -1 with err. */
	int (*plan_files)(struct planning *p, struct strbuf *err);
};

/* Indexed by enum rule_id (kind.h, where rule_names[] says each one's name). */
extern const struct rule_family rule_families[RULE_COUNT];

/* The family that plans ref: a Kconfig file's or a Makefile's by the file, else by its kind. */
enum rule_id rule_of_ref(const struct ref *ref);

void planning_init(struct planning *p, struct plan *plan, const struct footprint *fp,
		   const struct tree *tree, const struct kconfig_db *db,
		   const struct rule_options *opt);
void planning_release(struct planning *p);

/*
 * Plan the references (those in files the plan deletes aside): what stays
 * becomes a note, the rest goes to its family's plan_ref; then each
 * family's plan_files, in the table's order.  0, or -1 with err.
 */
int rules_plan(struct planning *p, const struct ref *refs, size_t nrefs, struct strbuf *err);

#endif
