/*
 * check_build.c - the steps of excise check that build and boot kernels:
 * connected (the configuration that exercises the removal, on x86_64),
 * cross (the other architectures it touches), build (the boot kernels of
 * the tree after) and boot (QEMU).  Each runs scripts of excise's and reads
 * their result files.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_internal.h"
#include "connect.h"

/*
 * Write the connected step's fragment of one side: the boot options of the
 * spec (after: but those of removed symbols), then the connected set.
 * Returns its path or NULL.
 */
static char *write_fragment(const struct check_ctx *c, const struct connect_set *set, int before)
{
	char *path = xasprintf("%s/connected-%s.config", c->opt->log_dir, before ? "before" : "after");
	FILE *f = fopen(path, "w");

	if (!f) {
		free(path);
		return NULL;
	}
	for (size_t i = 0; i < c->boot_config.n; i++) {
		const char *o = c->boot_config.v[i];
		char *sym = starts_with(o, "CONFIG_") ? xstrndup(o + 7, strcspn(o + 7, "=")) : NULL;

		if (sym && (before || !footprint_has_symbol(&c->before.fp, sym)))
			fprintf(f, "%s\n", o);
		free(sym);
	}
	connect_write_fragment(f, set, before);
	if (fclose(f) != 0) {
		free(path);
		return NULL;
	}
	return path;
}

/*
 * The options the connected build's BEFORE configuration did not take
 * (its result's "unset before CONFIG_X" rows): code behind them was not
 * compiled on x86_64.
 */
static void read_unset(struct check_ctx *c, const struct script_result *res)
{
	const struct script_row *row;
	size_t at = 0;

	while ((row = script_result_next(res, "unset", &at)))
		if (row->n >= 3 && !strcmp(row->f[1], "before") && starts_with(row->f[2], "CONFIG_"))
			sv_push(&c->x86_unset, row->f[2] + 7);
	sv_sort_uniq(&c->x86_unset);
}

void check_step_connected(struct check_ctx *c)
{
	double t0 = seconds_now();
	const char *base = c->opt->connected_base ? c->opt->connected_base : "defconfig";
	struct strvec argv = STRVEC_INIT;
	struct strbuf err = STRBUF_INIT;
	struct script_result res;
	struct connect_set set;
	char *frag_before = NULL, *frag_after = NULL;
	size_t nkept = 0;

	if (connect_symbols(&c->before, &set, &err) < 0) {
		for (const char *p = err.buf; p && *p;) {
			size_t n = strcspn(p, "\n");

			check_say(c, CHECK_CONNECTED, "connected: %.*s", (int)n, p);
			p += n + (p[n] != '\0');
		}
		check_finish(c, CHECK_CONNECTED, CHECK_FAIL, t0, NULL,
			     "the connected symbols could not be found");
		goto out;
	}
	for (size_t i = 0; i < set.n; i++) {
		char *d = connect_describe(&set.v[i]);

		nkept += set.v[i].how != CONNECT_REMOVED;
		if (i < 40)
			check_say(c, CHECK_CONNECTED, "%s", d);
		free(d);
	}
	if (set.n > 40)
		check_say(c, CHECK_CONNECTED, "... and %zu more (connected-before.config in the logs)",
			  set.n - 40);
	frag_before = write_fragment(c, &set, 1);
	frag_after = write_fragment(c, &set, 0);
	if (!frag_before || !frag_after) {
		check_finish(c, CHECK_CONNECTED, CHECK_FAIL, t0, NULL, "cannot write the fragments in %s",
			     c->opt->log_dir);
		goto out;
	}
	check_build_command(c, &argv, "connected-build.sh",
			    xasprintf("check-%s-connected", c->before.fp.name));
	sv_push(&argv, "--base");
	sv_push(&argv, base);
	sv_push(&argv, c->opt->before);
	sv_push(&argv, c->opt->after);
	sv_push(&argv, frag_before);
	sv_push(&argv, frag_after);
	check_run_script(c, "connected", &argv, &res);
	read_unset(c, &res);
	check_count(c, CHECK_CONNECTED, "removed", (long)(set.n - nkept));
	check_count(c, CHECK_CONNECTED, "kept", (long)nkept);
	check_count(c, CHECK_CONNECTED, "new_errors", script_result_count(&res, "new_errors"));
	check_count(c, CHECK_CONNECTED, "new_warnings", script_result_count(&res, "new_warnings"));
	check_finish(c, CHECK_CONNECTED, res.verdict == SCRIPT_PASS ? CHECK_PASS : CHECK_FAIL, t0,
		     check_log_path(c, "connected"), "%s + %zu removed and %zu kept symbols: %s", base,
		     set.n - nkept, nkept, res.summary);
	script_result_release(&res);
out:
	connect_release(&set);
	free(frag_before);
	free(frag_after);
	sv_clear(&argv);
	sb_release(&err);
}

/*
 * ARCH's cross compiler (scripts/deps.sh --cross ARCH, into log NAME):
 * 0 installed, 2 none known for ARCH (not a failure of the removal), 1 it
 * could not be installed.  Its summary goes to why.
 */
static int cross_compiler(struct check_ctx *c, const char *arch, const char *name, struct strbuf *why)
{
	struct strvec argv = STRVEC_INIT;
	struct script_result res;
	int rc;

	sv_push_owned(&argv, check_script(c, "deps.sh"));
	sv_push(&argv, "--cross");
	sv_push(&argv, arch);
	rc = check_run_script(c, name, &argv, &res);
	sb_adds(why, res.summary);
	rc = res.verdict == SCRIPT_PASS ? 0 : rc == 2 ? 2 : 1;
	script_result_release(&res);
	sv_clear(&argv);
	return rc;
}

/* The cross step's build of one configuration of arch: 0, or 1 when it failed. */
static int cross_build(struct check_ctx *c, const char *arch, const char *config, const struct strvec *dirs,
		       const char *empty)
{
	struct strvec argv = STRVEC_INIT;
	struct script_result res;
	char *name = xasprintf("cross-%s-%s", arch, config);
	int failed;

	check_build_command(c, &argv, "connected-build.sh",
			    xasprintf("check-%s-%s-%s", c->before.fp.name, arch, config));
	sv_push(&argv, "--arch");
	sv_push(&argv, arch);
	sv_push(&argv, "--base");
	sv_push(&argv, config);
	for (size_t d = 0; d < dirs->n; d++) {
		sv_push(&argv, "--make");
		sv_push(&argv, dirs->v[d]);
	}
	sv_push(&argv, c->opt->before);
	sv_push(&argv, c->opt->after);
	sv_push(&argv, empty);
	sv_push(&argv, empty);
	check_run_script(c, name, &argv, &res);
	check_say(c, CHECK_CROSS, "%s %s: %s", arch, config, res.summary);
	failed = res.verdict != SCRIPT_PASS;
	if (failed) {
		char *log = check_log_path(c, name);

		check_say_tail(c, CHECK_CROSS, log, 25);
		free(log);
	}
	script_result_release(&res);
	sv_clear(&argv);
	free(name);
	return failed;
}

/* Cross: the other architectures the removal touches, built with their cross compilers. */
void check_step_cross(struct check_ctx *c)
{
	double t0 = seconds_now();
	const struct removal *r = &c->before;
	struct strvec touched = STRVEC_INIT, arches = STRVEC_INIT, done = STRVEC_INIT;
	char *empty = xasprintf("%s/cross-empty.config", c->opt->log_dir);
	size_t nconfigs = 0, ndirs = 0, failed = 0;
	int generic, kconfig_done;
	struct strbuf skipped = STRBUF_INIT, list = STRBUF_INIT;
	FILE *f;

	/*
	 * Generic directories (outside arch/) are compiled for another
	 * architecture only when x86_64 did not compile them: the connected
	 * step did not run, or could not enable some of its options (MTD_LART
	 * needs an SA1100 board).
	 */
	generic = !check_ran(c, CHECK_CONNECTED, CHECK_PASS) || c->x86_unset.n > 0;
	kconfig_done = check_ran(c, CHECK_KCONFIG, CHECK_PASS) && !(c->opt->configs && c->opt->configs->n);
	check_touched_paths(r, &touched);
	check_cross_arches(&touched, &arches);
	if (!arches.n) {
		check_finish(c, CHECK_CROSS, CHECK_NOT_NEEDED, t0, NULL, "no architecture but x86 touched");
		goto out;
	}
	f = fopen(empty, "w");
	if (!f || fclose(f) != 0) {
		check_finish(c, CHECK_CROSS, CHECK_FAIL, t0, NULL, "cannot write %s", empty);
		goto out;
	}
	for (size_t a = 0; a < arches.n; a++) {
		const char *arch = arches.v[a];
		struct strvec configs = STRVEC_INIT, dirs = STRVEC_INIT;
		struct strbuf why = STRBUF_INIT, line = STRBUF_INIT;
		size_t more_configs, more_dirs;
		char *log;
		int drc;

		check_cross_configs(r, arch, &configs, &more_configs);
		check_cross_dirs(&touched, c->opt->before, arch, generic, &dirs, &more_dirs);
		if (!dirs.n && !generic && kconfig_done) {
			/*
			 * Only ARCH's defconfig lines changed: the kconfig step
			 * configured them, the x86_64 connected build compiled the
			 * generic code it touched; nothing is left to cross-build.
			 */
			check_say(c, CHECK_CROSS, "%s: %zu configuration(s) configured by the kconfig step; "
				  "nothing of %s's own to compile (the connected build compiled the rest)",
				  arch, configs.n, arch);
			sv_push_owned(&done, xasprintf("%s: defconfigs only", arch));
			goto next;
		}
		sb_addf(&line, "%s: %zu configuration(s)", arch, configs.n);
		if (more_configs)
			sb_addf(&line, " (%zu more not built)", more_configs);
		sb_addf(&line, ", %zu director%s", dirs.n, dirs.n == 1 ? "y" : "ies");
		if (more_dirs)
			sb_addf(&line, " (%zu more not compiled)", more_dirs);
		for (size_t d = 0; d < dirs.n; d++)
			sb_addf(&line, "%s%s", d ? " " : ": ", dirs.v[d]);
		check_say(c, CHECK_CROSS, "%s", line.buf);
		if (!dirs.n)
			sv_push(&dirs, "prepare");   /* nothing to compile: the toolchain and headers */
		ndirs += dirs.n;
		/* Its cross compiler (installed when missing and possible). */
		log = xasprintf("cross-%s-deps", arch);
		drc = cross_compiler(c, arch, log, &why);
		free(log);
		if (drc == 2) {
			/*
			 * deps.sh knows no Debian cross compiler for ARCH
			 * (openrisc): not built, and said so; not a failure of
			 * the removal.
			 */
			check_say(c, CHECK_CROSS, "%s: not built: %s", arch, why.buf);
			sb_addf(&skipped, "%s%s", skipped.len ? ", " : "", arch);
			goto next;
		} else if (drc != 0) {
			check_say(c, CHECK_CROSS, "%s: no cross compiler: %s", arch, why.buf);
			sv_push_owned(&done, xasprintf("%s: no cross compiler", arch));
			failed++;
			goto next;
		}
		for (size_t k = 0; k < configs.n; k++) {
			nconfigs++;
			if (cross_build(c, arch, configs.v[k], &dirs, empty)) {
				sv_push_owned(&done, xasprintf("%s %s FAIL", arch, configs.v[k]));
				failed++;
			}
		}
next:
		sb_release(&why);
		sb_release(&line);
		sv_clear(&configs);
		sv_clear(&dirs);
	}
	for (size_t a = 0; a < arches.n; a++)
		sb_addf(&list, "%s%s", a ? ", " : "", arches.v[a]);
	check_count(c, CHECK_CROSS, "configurations", (long)nconfigs);
	check_count(c, CHECK_CROSS, "directories", (long)ndirs);
	check_count(c, CHECK_CROSS, "failed", (long)failed);
	check_finish(c, CHECK_CROSS, failed ? CHECK_FAIL : nconfigs ? CHECK_PASS : CHECK_NOT_NEEDED, t0, NULL,
		     "%s: %zu configurations, %zu directories compiled: %s%s%s", list.buf, nconfigs, ndirs,
		     failed ? done.v[0] : "no new errors",
		     skipped.len ? "; not built (no cross compiler known): " : "", skipped.len ? skipped.buf : "");
out:
	sb_release(&list);
	sb_release(&skipped);
	sv_clear(&touched);
	sv_clear(&arches);
	sv_clear(&done);
	free(empty);
}

/*
 * The boot kernel of arch (another architecture QEMU has a board for), of
 * the tree after: its image into c->arch_kernels; 0, or 1 when it failed.
 * What happened goes to others ("; arm: built").
 */
static int build_arch_kernel(struct check_ctx *c, const char *arch, struct strbuf *others)
{
	struct strvec argv = STRVEC_INIT;
	struct strbuf why = STRBUF_INIT;
	struct script_result res = { 0 };
	const char *image = NULL;
	char *name = xasprintf("build-%s-deps", arch);
	int ran = cross_compiler(c, arch, name, &why) == 0;

	free(name);
	if (ran) {
		check_build_command(c, &argv, "build-kernel.sh",
				    xasprintf("check-%s-%s%s", c->before.fp.name, arch,
					      c->opt->arch_board ? "-board" : ""));
		sv_push(&argv, "--arch");
		sv_push(&argv, arch);
		if (c->opt->arch_board)
			sv_push(&argv, "--board");
		sv_push(&argv, c->opt->after);
		name = xasprintf("build-%s", arch);
		check_run_script(c, name, &argv, &res);
		free(name);
		image = res.verdict == SCRIPT_PASS ? script_result_get(&res, "image") : NULL;
	}
	check_say(c, CHECK_BUILD, "%s boot kernel: %s", arch, image ? image : ran ? res.summary : why.buf);
	if (image)
		sv_push_owned(&c->arch_kernels, xasprintf("%s=%s", arch, image));
	sb_addf(others, "; %s: %s", arch, image ? "built" : "FAIL");
	script_result_release(&res);
	sb_release(&why);
	sv_clear(&argv);
	return !image;
}

void check_step_build(struct check_ctx *c)
{
	double t0 = seconds_now();
	const struct removal *r = &c->before;
	struct strvec argv = STRVEC_INIT, touched = STRVEC_INIT, arches = STRVEC_INIT;
	struct strbuf others = STRBUF_INIT;
	struct script_result res;
	const char *image;
	size_t failed = 0;

	check_build_command(c, &argv, "build-kernel.sh", xasprintf("check-%s", r->fp.name));
	sv_push(&argv, c->opt->after);
	/* The spec's boot options, but not those of the removed symbols. */
	for (size_t i = 0; i < c->boot_config.n; i++) {
		const char *o = c->boot_config.v[i] + 7;
		char *sym = xstrndup(o, strcspn(o, "="));

		if (!footprint_has_symbol(&r->fp, sym))
			sv_push(&argv, c->boot_config.v[i]);
		free(sym);
	}
	check_run_script(c, "build", &argv, &res);
	image = res.verdict == SCRIPT_PASS ? script_result_get(&res, "image") : NULL;
	if (image)
		c->kernel = xstrdup(image);

	/*
	 * Every other architecture the removal touches and QEMU has a board
	 * for (scripts/boot/ARCH.config: arm64 and arm on `virt`): its boot
	 * kernel of the tree after, tinyconfig and that fragment, as x86_64's
	 * (--arch-board: the arch's defconfig for virt and that fragment).
	 */
	check_touched_paths(r, &touched);
	check_cross_arches(&touched, &arches);
	for (size_t a = 0; a < arches.n; a++) {
		char *frag = xasprintf("%s/boot/%s.config", c->opt->scripts, arches.v[a]);
		int board = access(frag, R_OK) == 0;

		free(frag);
		if (board)
			failed += (size_t)build_arch_kernel(c, arches.v[a], &others);
	}
	check_finish(c, CHECK_BUILD, !image || failed ? CHECK_FAIL : CHECK_PASS, t0, check_log_path(c, "build"),
		     "%s%s%s%s", image ? image : "the kernel did not build",
		     c->opt->distcc ? ", compiled through distcc to " : "", c->opt->distcc ? c->opt->distcc : "",
		     others.len ? others.buf : "");
	script_result_release(&res);
	sb_release(&others);
	sv_clear(&touched);
	sv_clear(&arches);
	sv_clear(&argv);
}

int check_boot_evidence(const char *log, const struct strvec *words, struct strvec *out)
{
	static const char *const markers[] = { "EXCISE-BOOT", "excise-boot: ok", "SLUB:", "SLAB:" };
	struct strbuf sb = STRBUF_INIT;
	int shown = 0;

	if (read_file(log, &sb) < 0)
		return -1;
	for (const char *p = sb.buf; p && p < sb.buf + sb.len && shown < 8;) {
		const char *nl = memchr(p, '\n', (size_t)(sb.buf + sb.len - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(sb.buf + sb.len - p);
		char *line = xstrndup(p, n);
		int hit = starts_with(line, "Linux version");

		for (size_t i = 0; !hit && i < ARRAY_SIZE(markers); i++)
			hit = strstr(line, markers[i]) != NULL;
		for (size_t i = 0; !hit && words && i < words->n; i++)
			hit = strstr(line, words->v[i]) != NULL;
		if (hit) {
			sv_push(out, line);
			shown++;
		}
		free(line);
		p += n + 1;
	}
	sb_release(&sb);
	return 0;
}

/* The evidence lines of a console log, as "| line" lines of the boot step. */
static void say_evidence(struct check_ctx *c, const char *log)
{
	struct strvec lines = STRVEC_INIT;

	check_boot_evidence(log, NULL, &lines);
	for (size_t i = 0; i < lines.n; i++)
		check_say(c, CHECK_BOOT, "| %s", lines.v[i]);
	sv_clear(&lines);
}

/* Boot a kernel of arch (NULL: x86_64) with boot.sh; its verdict line into verdict; 0 if it passed. */
static int boot_one(struct check_ctx *c, const char *arch, const char *kernel, const char *console,
		    const char *name, struct strbuf *verdict)
{
	struct strvec argv = STRVEC_INIT;
	struct script_result res;
	int rc;

	sv_push_owned(&argv, check_script(c, "boot.sh"));
	if (arch) {
		sv_push(&argv, "--arch");
		sv_push(&argv, arch);
		sv_push(&argv, "--timeout");
		sv_push(&argv, "120");
	}
	sv_push(&argv, "--log");
	sv_push(&argv, console);
	if (c->opt->kvm && !arch)
		sv_push(&argv, "--kvm");
	for (size_t i = 0; i < c->expect.n; i++) {
		/* The other architectures: only the negative checks (the positive ones need x86_64's options). */
		if (arch && c->expect.v[i][0] != '!')
			continue;
		sv_push(&argv, "--expect");
		sv_push(&argv, c->expect.v[i]);
	}
	sv_push(&argv, kernel);
	check_run_script(c, name, &argv, &res);
	sb_adds(verdict, res.summary);
	rc = res.verdict != SCRIPT_PASS;
	script_result_release(&res);
	sv_clear(&argv);
	return rc;
}

void check_step_boot(struct check_ctx *c)
{
	double t0 = seconds_now();
	struct strbuf res = STRBUF_INIT;
	char *console;
	int rc;

	if (!c->kernel) {
		check_finish(c, CHECK_BOOT, CHECK_FAIL, t0, NULL, "no kernel to boot (the build step did not pass)");
		return;
	}
	console = xasprintf("%s/console.log", c->opt->log_dir);
	rc = boot_one(c, NULL, c->kernel, console, "boot", &res);
	say_evidence(c, console);
	free(console);
	/*
	 * The other architectures' boot kernels, on QEMU's virt board.  Only
	 * the negative checks go with them ("!fs:intermezzo": the removed
	 * thing is gone); the positive ones need the spec's x86_64 options.
	 */
	for (size_t k = 0; k < c->arch_kernels.n; k++) {
		const char *eq = strchr(c->arch_kernels.v[k], '=');
		char *arch = xstrndup(c->arch_kernels.v[k], (size_t)(eq - c->arch_kernels.v[k]));
		char *log = xasprintf("%s/console-%s.log", c->opt->log_dir, arch);
		char *name = xasprintf("boot-%s", arch);
		struct strbuf verdict = STRBUF_INIT;

		if (boot_one(c, arch, eq + 1, log, name, &verdict)) {
			if (!rc)
				sb_reset(&res);
			sb_addf(&res, "%s%s: %s", rc ? "; " : "", arch, verdict.buf);
			rc = 1;
		}
		check_say(c, CHECK_BOOT, "%s: %s", arch, verdict.buf);
		say_evidence(c, log);
		sb_release(&verdict);
		free(arch), free(log), free(name);
	}
	if (!rc && c->arch_kernels.n)
		sb_addf(&res, "; %zu other architecture(s) booted", c->arch_kernels.n);
	check_finish(c, CHECK_BOOT, rc ? CHECK_FAIL : CHECK_PASS, t0, check_log_path(c, "boot"), "%s", res.buf);
	sb_release(&res);
}
