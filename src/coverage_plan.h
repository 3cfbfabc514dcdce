/*
 * coverage_plan.h - the configurations that compile what a removal changed
 * (klocalizer's idea): for every hunk side of a coverage (coverage.h), the
 * Kconfig options that reach its lines, from the models excise has (the
 * Makefiles on the object's path: kbuild_needs; the #if conditions around
 * the lines: cpp_lines; the Kconfig dependencies of each option wanted:
 * kconfig.h), grouped into as few configurations per architecture as
 * reach them all.  The kernel's own olddefconfig is the judge of what a
 * configuration really sets: each one is configured (through the caller's
 * callback, which runs scripts/configure.sh) and every side checked
 * against the .config it gave; a side it does not reach is planned again
 * in a configuration of its own, and named with the reason when none
 * reaches it.
 *
 * A side is reached by a "way": an object to build (the file's own, or
 * for a header, an object of a file that includes it) and the branch of
 * the file its lines are in.  The module reads the trees and prints
 * nothing.
 */
#ifndef EXCISE_COVERAGE_PLAN_H
#define EXCISE_COVERAGE_PLAN_H

#include "coverage.h"
#include "kconfig.h"

/* The values a .config sets: symbol (no CONFIG_) -> y, m, a number, "text". */
struct kconfig_values {
	struct strmap map;
	struct strvec vals;
};

int kconfig_values_read(struct kconfig_values *v, const char *path);
void kconfig_values_parse(struct kconfig_values *v, const char *text);
/* The value of sym, or NULL when it is not set. */
const char *kconfig_value(const struct kconfig_values *v, const char *sym);
void kconfig_values_release(struct kconfig_values *v);

struct cov_wish {
	char *sym;
	int on;                  /* 1: =y, 0: is not set */
};

struct cov_config {
	char *arch;              /* "x86_64", "arm", ... */
	char *base;              /* the make target it starts from, or NULL for the caller's default */
	size_t target;           /* the index of its target (coverage_plan_input.arches) */
	char *name;              /* "x86_64-1" */
	struct cov_wish *wishes; /* the fragment on top of the base */
	size_t nwishes, wishes_cap;
	struct strvec objects[2];  /* objects to build and preprocess in each tree */
	struct strvec files;     /* the files whose lines matter */
	struct kconfig_values values[2];   /* what olddefconfig made of it in each tree */
	int configured;
};

/* A way to reach a side: an object and the branch its lines are in. */
struct cov_way {
	char *object;            /* path/to/file.o */
	char *arch;              /* the one architecture it belongs to (arch/ARCH/...), or NULL */
	size_t branch;           /* in the file's lines[side] */
};

struct cov_side_plan {
	struct cov_way *ways;
	size_t nways;
	long config;             /* index into the plan's configs, or -1 */
	size_t way;              /* the way chosen */
	char *why;               /* reached by no configuration: why */
	int settled;             /* no way can be planned: why is final */
	unsigned failed_targets; /* bit per target whose configuration olddefconfig judged short */
};

struct coverage_plan {
	struct cov_config *configs;
	size_t n, cap;
	struct cov_side_plan (*sides)[2];   /* per hunk of the coverage */
	size_t nsides;
};

/* How the plan has a configuration judged. */
struct cov_configurator {
	/*
	 * The .config of cfg (its arch, the base, its wishes; the tree after
	 * without the removed symbols) in the tree of side, into out.
	 * Returns 0, or -1 with a message in err.
	 */
	int (*configure)(void *ctx, enum cov_side side, const struct cov_config *cfg,
			 struct kconfig_values *out, struct strbuf *err);
	void *ctx;
};

struct coverage_plan_input {
	const struct coverage *cov;
	const struct kconfig_db *db;        /* the tree before's Kconfig files */
	const char *roots[2];               /* the trees */
	const struct strvec *arches;        /* the targets to try, in order: "ARCH" (the caller's
					       default base) or "ARCH:BASE" (a defconfig); the
					       native one first */
	const struct strset *removed;       /* the removed symbols */
	const struct cov_configurator *conf;
	int max_rounds;                     /* 0: 3 */
};

/*
 * Plan the configurations for every hunk side of in->cov.  Returns 0, or
 * -1 with a message in err when a configuration cannot be configured at
 * all (a side that no configuration reaches is not an error: its why says
 * so).
 */
int coverage_plan_make(struct coverage_plan *p, const struct coverage_plan_input *in, struct strbuf *err);
void coverage_plan_release(struct coverage_plan *p);

/* The fragment of cfg for side: "CONFIG_X=y" and "# CONFIG_X is not set" lines, appended to out. */
void coverage_plan_fragment(const struct cov_config *cfg, enum cov_side side, const struct strset *removed,
			    struct strbuf *out);

/* The kernel's ARCH for a name check uses (x86_64 -> x86 for paths under arch/). */
const char *coverage_srcarch(const char *arch);

#endif
