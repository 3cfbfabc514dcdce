/*
 * check.h - prove a removal: the tree after it against the tree before.
 *
 *   residue  the footprint (taken from the tree before the removal, with its
 *            dependents) located in the tree after it: nothing may remain
 *            but references kept on purpose or left for review;
 *   links    link residue (links.h) of the tree after against the tree
 *            before: no kept, compiled code may use a function or variable
 *            whose definition the removal took away;
 *   kconfig  scripts/kconfig-check.sh: x86_64 allnoconfig/allyesconfig/
 *            defconfig and every touched defconfig, no new warnings;
 *   sparse   scripts/sparse-diff.sh on the touched C files, before and after;
 *   connected  scripts/connected-build.sh: BEFORE and AFTER built (vmlinux,
 *            modules) in the configuration that exercises the removal
 *            (connect.h: defconfig, or connected_base, with the removed
 *            and the connected kept symbols on): no new compiler, linker or
 *            modpost error;
 *   cross    every other architecture the removal touches (its defconfigs,
 *            or its code under arch/ARCH), with Debian's cross compiler:
 *            each touched defconfig (at most two of an architecture; its
 *            defconfig when only its code was touched) configured in
 *            BEFORE and AFTER, and the directories the removal touched
 *            compiled in both: no new error;
 *   build    scripts/build-kernel.sh: the boot kernel of the tree after, and
 *            that of each other touched architecture QEMU has a board for;
 *   boot     scripts/boot.sh: it boots under QEMU and passes the checks.
 *
 * The steps run in that order (each one the caller wants); each reports
 * through the caller's callbacks, as lines and a step result.  The module
 * prints nothing, never exits and reads no environment: the front end
 * passes what it read (distcc hosts, the excise binary, the scripts).
 * Scripts report through result files (script_result.h), never through
 * their output for people, which goes to the logs.
 */
#ifndef EXCISE_CHECK_H
#define EXCISE_CHECK_H

#include <stddef.h>

#include "util.h"

enum check_step {
	CHECK_RESIDUE, CHECK_LINKS, CHECK_KCONFIG, CHECK_SPARSE, CHECK_CONNECTED, CHECK_CROSS,
	CHECK_BUILD, CHECK_BOOT, CHECK_NSTEPS
};

enum check_status {
	CHECK_NOT_RUN,      /* not asked for, or its inputs never came (shown as "not run") */
	CHECK_PASS,
	CHECK_FAIL,
	CHECK_NOT_NEEDED,   /* ran, and found nothing of the removal's to do */
	CHECK_PARTIAL,      /* passed for what it could reach; some of it it could not */
};

struct check_options {
	const char *after, *before;          /* the trees */
	unsigned only;                       /* 1 << step for each step wanted; 0: all */
	int jobs, kvm;
	int arch_board;                      /* the other architectures boot their defconfigs */
	int with_users;                      /* the removal was made with remove --with-users */
	const char *log_dir;                 /* an existing directory (NULL: no step that logs) */
	const char *tmp_dir;                 /* for temporary files ($TMPDIR, read by the front end) */
	const char *scripts;                 /* excise's scripts/ */
	const char *self;                    /* this excise binary (the scripts' EXCISE=), or NULL */
	const char *sparse_config;           /* NULL: allyesconfig */
	const char *connected_base;          /* NULL: defconfig */
	const char *distcc;                  /* the kernel builds compile through distcc, or NULL */
	const struct strvec *configs;        /* --configs ARCH:TARGET (may be NULL): the only
						Kconfig configurations */
	const struct strvec *expect;         /* boot checks (may be NULL) */
	const struct strvec *boot_config;    /* extra kernel options CONFIG_X=y (may be NULL) */
};

/* One count a step found, for the JSON report. */
struct check_count {
	const char *name;
	long value;
};
#define CHECK_MAX_COUNTS 8

struct check_step_result {
	enum check_step step;
	enum check_status status;
	double seconds;
	char *details;           /* one line, for the table */
	char *log;               /* its log file (the last lines tell why it failed), or NULL */
	struct check_count counts[CHECK_MAX_COUNTS];
	size_t ncounts;
};

/* How a run tells what it does; every callback may be NULL. */
struct check_output {
	/* The removal is planned: what it is (its title). */
	void (*begin)(void *ctx, const char *title);
	/* A line of the step that runs: what it found, for people (no newline). */
	void (*line)(void *ctx, enum check_step step, const char *text);
	/* A step is done. */
	void (*step)(void *ctx, const struct check_step_result *res);
	void *ctx;
};

struct check_result {
	char *title;
	struct check_step_result steps[CHECK_NSTEPS];
	int failed;              /* a step failed */
};

/*
 * Plan the removal of targets in opt->before, as remove did, and run the
 * wanted steps.  Returns 0 (res filled: res->failed says whether a step
 * failed), or -1 with the problem in err when the removal cannot even be
 * planned.
 */
int check_run(const struct check_options *opt, char **targets, int ntargets,
	      const struct check_output *out, struct check_result *res, struct strbuf *err);
void check_result_release(struct check_result *res);

const char *check_step_name(enum check_step s);
/* The step called name, or -1. */
int check_step_parse(const char *name);
/* "pass", "FAIL", "not run", "not needed", "partial". */
const char *check_status_name(enum check_status s);

/*
 * The lines of a console log that show what a boot did: the kernel's
 * version line, the result and passed checks of excise's init, the slab
 * allocator's line, and lines naming any of words (may be NULL); the first
 * 8, appended to out.  Returns -1 (errno set) if the log cannot be read.
 */
int check_boot_evidence(const char *log, const struct strvec *words, struct strvec *out);

/* The last n lines of a file, appended to out; -1 if it cannot be read. */
int check_log_tail(const char *path, int n, struct strvec *out);

#endif
