/*
 * check_script.c - how excise check runs its scripts (their output to a log,
 * their result file read back: script_result.h), and the two steps that are
 * one script each: kconfig (scripts/kconfig-check.sh) and sparse
 * (scripts/sparse-diff.sh).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"
#include "run_command.h"

char *check_script(const struct check_ctx *c, const char *name)
{
	return path_join(c->opt->scripts, name);
}

char *check_log_path(const struct check_ctx *c, const char *name)
{
	return xasprintf("%s/%s.log", c->opt->log_dir, name);
}

int check_run_script(struct check_ctx *c, const char *name, struct strvec *argv,
		     struct script_result *res)
{
	char *log = check_log_path(c, name);
	char *result = xasprintf("%s/%s.result", c->opt->log_dir, name);
	char *self = c->opt->self ? xasprintf("EXCISE=%s", c->opt->self) : NULL;
	char *env[] = { self, NULL };
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strvec args = STRVEC_INIT;
	int status;

	/* The script, --result FILE, then its own arguments. */
	sv_push(&args, argv->v[0]);
	sv_push(&args, "--result");
	sv_push(&args, result);
	for (size_t i = 1; i < argv->n; i++)
		sv_push(&args, argv->v[i]);   /* (a strvec ends in NULL) */
	remove(result);
	cp.argv = args.v;
	cp.env = self ? env : NULL;
	cp.out = CHILD_FILE;
	cp.out_path = log;
	cp.err = CHILD_TO_OUT;
	status = run_command(&cp);
	if (status < 0) {
		/* It did not start: say so where its output would be. */
		FILE *f = fopen(log, "w");

		if (f) {
			fprintf(f, "cannot run %s: %s\n", args.v[0], strerror(errno));
			fclose(f);
		}
		status = 127;
	}
	script_result_load(res, result);
	if (!script_result_get(res, "verdict")) {
		/* It stopped before its verdict: bad usage, a tree it could not configure. */
		GROW(res->rows, res->cap, res->n + 1);
		res->rows[res->n].f = xcalloc(2, sizeof(char *));
		res->rows[res->n].f[0] = xstrdup("summary");
		res->rows[res->n].f[1] = status == 127 ? xasprintf("%s did not run", name)
						       : xasprintf("%s stopped before its verdict (exit %d)",
								   name, status);
		res->rows[res->n].n = 2;
		res->summary = res->rows[res->n++].f[1];
		res->verdict = SCRIPT_ERROR;
	}
	sv_clear(&args);
	free(self);
	free(result);
	free(log);
	return status;
}

void check_build_command(const struct check_ctx *c, struct strvec *argv, const char *script,
			 char *build_name)
{
	sv_push_owned(argv, check_script(c, script));
	sv_push(argv, "--name");
	sv_push_owned(argv, build_name);
	if (c->opt->jobs) {
		sv_push(argv, "--jobs");
		sv_push_owned(argv, xasprintf("%d", c->opt->jobs));
	}
	if (c->opt->distcc) {
		sv_push(argv, "--distcc");
		sv_push(argv, c->opt->distcc);
	}
}

/* The step's status from a script's result: its verdict, or a failure to run. */
static enum check_status script_status(const struct script_result *res)
{
	return res->verdict == SCRIPT_PASS ? CHECK_PASS : CHECK_FAIL;
}

/* Kconfig: both trees configured (x86_64's three and every touched defconfig), no new warnings. */
void check_step_kconfig(struct check_ctx *c)
{
	double t0 = seconds_now();
	const struct strvec *configs = c->opt->configs;
	struct strvec argv = STRVEC_INIT, defs = STRVEC_INIT;
	struct script_result res;
	int use_configs = configs && configs->n;

	sv_push_owned(&argv, check_script(c, "kconfig-check.sh"));
	if (use_configs) {
		sv_push(&argv, "--no-default");
		for (size_t i = 0; i < configs->n; i++)
			sv_push(&defs, configs->v[i]);
	} else {
		check_touched_defconfigs(&c->before, &defs);
	}
	sv_push(&argv, c->opt->before);
	sv_push(&argv, c->opt->after);
	for (size_t i = 0; i < defs.n; i++)
		sv_push(&argv, defs.v[i]);
	check_run_script(c, "kconfig", &argv, &res);
	check_count(c, CHECK_KCONFIG, "configurations", script_result_count(&res, "configurations"));
	check_count(c, CHECK_KCONFIG, "new", script_result_count(&res, "new"));
	check_count(c, CHECK_KCONFIG, "broken", script_result_count(&res, "broken"));
	if (use_configs)
		check_finish(c, CHECK_KCONFIG, script_status(&res), t0, check_log_path(c, "kconfig"),
			     "%zu configurations: %s", defs.n, res.summary);
	else
		check_finish(c, CHECK_KCONFIG, script_status(&res), t0, check_log_path(c, "kconfig"),
			     "%zu configurations (3 x86_64 + %zu touched): %s", 3 + defs.n, defs.n,
			     res.summary);
	script_result_release(&res);
	sv_clear(&argv);
	sv_clear(&defs);
}

/* Sparse: the touched C files (or a changed Makefile's neighbours) in both trees, no new warning. */
void check_step_sparse(struct check_ctx *c)
{
	double t0 = seconds_now();
	struct strvec argv = STRVEC_INIT, files = STRVEC_INIT;
	struct strbuf counts = STRBUF_INIT;
	struct script_result res;
	const char *which = "touched";
	static const char *const sides[] = { "before", "after" };

	check_touched_c_files(&c->before, &files);
	if (!files.n) {
		check_neighbour_c_files(&c->before, &files);
		which = "neighbour";
	}
	if (!files.n) {
		check_finish(c, CHECK_SPARSE, CHECK_NOT_NEEDED, t0, NULL,
			     "no C file touched, and no Makefile");
		return;
	}
	sv_push_owned(&argv, check_script(c, "sparse-diff.sh"));
	if (c->opt->jobs) {
		sv_push(&argv, "--jobs");
		sv_push_owned(&argv, xasprintf("%d", c->opt->jobs));
	}
	sv_push(&argv, c->opt->before);
	sv_push(&argv, c->opt->after);
	sv_push(&argv, c->opt->sparse_config ? c->opt->sparse_config : "allyesconfig");
	for (size_t i = 0; i < files.n; i++)
		sv_push(&argv, files.v[i]);
	check_run_script(c, "sparse", &argv, &res);
	for (size_t k = 0; k < ARRAY_SIZE(sides); k++) {
		char *w = xasprintf("%s_warnings", sides[k]), *e = xasprintf("%s_errors", sides[k]);
		long nw = script_result_count(&res, w), ne = script_result_count(&res, e);

		if (nw >= 0 && ne >= 0)
			sb_addf(&counts, "%s%s %ld warnings %ld errors", counts.len ? ", " : "", sides[k], nw,
				ne);
		free(w);
		free(e);
	}
	check_count(c, CHECK_SPARSE, "files", (long)files.n);
	check_count(c, CHECK_SPARSE, "before_warnings", script_result_count(&res, "before_warnings"));
	check_count(c, CHECK_SPARSE, "after_warnings", script_result_count(&res, "after_warnings"));
	check_count(c, CHECK_SPARSE, "new", script_result_count(&res, "new"));
	check_finish(c, CHECK_SPARSE, script_status(&res), t0, check_log_path(c, "sparse"),
		     "%zu %s C files: %s%s%s", files.n, which, counts.buf ? counts.buf : "",
		     counts.len ? "; " : "", res.summary);
	script_result_release(&res);
	sb_release(&counts);
	sv_clear(&argv);
	sv_clear(&files);
}
