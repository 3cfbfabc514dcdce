/*
 * check_internal.h - what the modules of excise check share (check.c runs
 * the steps; check_static.c residue and links; check_script.c the scripts,
 * kconfig and sparse; check_build.c the kernel builds and boots;
 * check_files.c which files the removal touched).  Not for other modules.
 */
#ifndef EXCISE_CHECK_INTERNAL_H
#define EXCISE_CHECK_INTERNAL_H

#include "check.h"
#include "remove.h"
#include "script_result.h"

struct check_ctx {
	const struct check_options *opt;
	const struct check_output *out;
	struct check_result *res;
	struct removal before;         /* the removal as the tree before says (dependents included) */
	struct strvec boot_config;     /* the options' and the spec's boot options */
	struct strvec expect;          /* the options' and the spec's boot checks */
	char *kernel;                  /* bzImage built by the build step */
	struct strvec arch_kernels;    /* "ARCH=IMAGE": boot kernels of the other architectures */
	struct strvec x86_unset;       /* what the connected build could not enable (BEFORE) */
};

/* ---- check.c ---- */

/* A line of the running step (printf-like). */
void check_say(struct check_ctx *c, enum check_step s, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Each of the last n lines of path as "| line". */
void check_say_tail(struct check_ctx *c, enum check_step s, const char *path, int n);
/*
 * The step is done: its status, time since t0 and table line; log is its
 * log file (NULL: none; taken).  Tells the caller.
 */
void check_finish(struct check_ctx *c, enum check_step s, enum check_status status, double t0,
		  char *log, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* A count of the step's, for the JSON report (before check_finish). */
void check_count(struct check_ctx *c, enum check_step s, const char *name, long value);
int check_ran(const struct check_ctx *c, enum check_step s, enum check_status status);

/* ---- check_script.c ---- */

/* path of a script of excise's (a new string). */
char *check_script(const struct check_ctx *c, const char *name);
/*
 * Run argv (a script of excise's, which must take --result FILE: it is
 * added) with its output in LOG_DIR/NAME.log and its result read into res.
 * Returns the exit status (127: it did not start; res then says error).
 */
int check_run_script(struct check_ctx *c, const char *name, struct strvec *argv,
		     struct script_result *res);
/* LOG_DIR/NAME.log (a new string). */
char *check_log_path(const struct check_ctx *c, const char *name);
/* argv of a kernel build script: the script, --name NAME (taken), --jobs and --distcc as asked. */
void check_build_command(const struct check_ctx *c, struct strvec *argv, const char *script,
			 char *build_name);

void check_step_kconfig(struct check_ctx *c);
void check_step_sparse(struct check_ctx *c);

/* ---- check_static.c ---- */

void check_step_residue(struct check_ctx *c);
void check_step_links(struct check_ctx *c);

/* ---- check_build.c ---- */

void check_step_connected(struct check_ctx *c);
void check_step_cross(struct check_ctx *c);
void check_step_build(struct check_ctx *c);
void check_step_boot(struct check_ctx *c);

/* ---- check_files.c: what the removal touched ---- */

/* Defconfigs the removal edited, as ARCH:NAME (x86_64:tinyconfig for kernel/configs/tiny.config). */
void check_touched_defconfigs(const struct removal *r, struct strvec *out);
/* Touched .c files, and a .c file beside each touched local header that includes it. */
void check_touched_c_files(const struct removal *r, struct strvec *out);
/* Up to 8 obj-y objects (as .c files) of each Makefile the removal changed. */
void check_neighbour_c_files(const struct removal *r, struct strvec *out);
/* Every path the removal edits or deletes, once, sorted. */
void check_touched_paths(const struct removal *r, struct strvec *out);
/* The architectures other than x86 among touched paths, sorted. */
void check_cross_arches(const struct strvec *touched, struct strvec *out);
/* The architecture of a path under arch/, or NULL (a new string). */
char *check_arch_of(const char *path);

/* At most this many touched defconfigs of one architecture are built. */
#define CROSS_CONFIGS 2
/* At most this many touched directories are compiled. */
#define CROSS_DIRS 16
/* The configurations of arch to build (see check_build.c); *more counts those left out. */
void check_cross_configs(const struct removal *r, const char *arch, struct strvec *out, size_t *more);
/* The directories to compile for arch (see check_build.c); *more counts those left out. */
void check_cross_dirs(const struct strvec *touched, const char *before, const char *arch, int generic,
		      struct strvec *out, size_t *more);

#endif
