/*
 * builtin/check.c - excise check: prove a removal.
 *
 *   residue  the footprint (taken from the tree before the removal, with its
 *            dependents) is located in the tree after it: nothing may remain
 *            but references kept on purpose or left for review;
 *   links    link residue (links.h) of the tree after against the tree
 *            before: no kept, compiled code may use a function or variable
 *            whose definition the removal took away;
 *   kconfig  scripts/kconfig-check.sh: x86_64 allnoconfig/allyesconfig/
 *            defconfig and every touched defconfig, no new warnings;
 *   sparse   scripts/sparse-diff.sh on the touched C files, before and after;
 *   connected  scripts/connected-build.sh: BEFORE and AFTER built (vmlinux,
 *            modules) in the configuration that exercises the removal
 *            (connect.h: defconfig, or --connected-base, with the removed
 *            and the connected kept symbols on): no new compiler, linker or
 *            modpost error;
 *   cross    every other architecture the removal touches (its defconfigs,
 *            or its code under arch/ARCH), with Debian's cross compiler
 *            (scripts/deps.sh --cross ARCH): each touched defconfig (at
 *            most CROSS_CONFIGS of an architecture; its defconfig when only
 *            its code was touched) configured in BEFORE and AFTER, and the
 *            directories the removal touched compiled in both
 *            (connected-build.sh --arch): no new error;
 *   build    scripts/build-kernel.sh: the boot kernel of the tree after, and
 *            that of each other touched architecture QEMU has a board for
 *            (scripts/boot/ARCH.config: arm64 and arm, on `virt`);
 *   boot     scripts/boot.sh: it boots under QEMU and passes the checks; the
 *            other architectures' kernels boot too, with the negative checks.
 *
 * Each step prints one result line; the table at the end repeats them.
 * Exit status 0 only when every step that ran passed.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builtin.h"
#include "connect.h"
#include "kbuild.h"
#include "remove.h"
#include "run_command.h"
#include "walk.h"

enum step { STEP_RESIDUE, STEP_LINKS, STEP_KCONFIG, STEP_SPARSE, STEP_CONNECTED, STEP_CROSS,
	    STEP_BUILD, STEP_BOOT, NSTEPS };

static const char *const step_names[NSTEPS] = { "residue", "links", "kconfig", "sparse", "connected",
						"cross", "build", "boot" };

struct check {
	const char *after, *before;
	int only[NSTEPS];
	int any_only, kvm, jobs;
	int arch_board;                /* --arch-board: the other architectures boot their defconfigs */
	const char *log_dir;
	const char *sparse_config;
	const char *connected_base;    /* --connected-base: the connected step's starting config */
	const char *distcc;            /* --distcc or $DISTCC_HOSTS: the kernel builds' compile jobs */
	struct strvec configs;         /* --configs: the only Kconfig configurations to try */
	struct strvec expect;          /* boot checks */
	struct strvec boot_config;     /* extra kernel options */
	char result[NSTEPS][512];
	int status[NSTEPS];            /* 0 pass, 1 fail, -1 not run */
	double seconds[NSTEPS];
	char *kernel;                  /* bzImage built by the build step */
	struct strvec arch_kernels;    /* "ARCH=IMAGE": boot kernels of the other architectures */
	struct strvec x86_unset;       /* what the connected build could not enable (BEFORE) */
};

/* The path of this excise binary, for the scripts (EXCISE=...): they ask it about Kbuild and Kconfig. */
static char *self_env(void)
{
	char *exe = self_exe(), *env;

	if (!exe)
		return NULL;
	env = xasprintf("EXCISE=%s", exe);
	free(exe);
	return env;
}

/* Run a script of excise's scripts/ with its output in LOG_DIR/NAME.log; the last line goes to tail. */
static int run_script_log(struct check *c, const char *name, char **argv, char *tail, size_t tailsz)
{
	char *log = xasprintf("%s/%s.log", c->log_dir, name);
	char *self = self_env();
	char *env[] = { self, NULL };
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;
	int status;
	FILE *f;

	cp.argv = argv;
	cp.env = self ? env : NULL;
	cp.out = CHILD_FILE;
	cp.out_path = log;
	cp.err = CHILD_TO_OUT;
	status = run_command(&cp);
	if (status < 0) {
		/* It did not start: say so where its output would be. */
		f = fopen(log, "w");
		if (f) {
			fprintf(f, "cannot run %s: %s\n", argv[0], strerror(errno));
			fclose(f);
		}
		status = 127;
	}
	f = fopen(log, "r");
	tail[0] = '\0';
	if (f) {
		char line[4096];

		while (fgets(line, sizeof(line), f)) {
			sb_reset(&out);
			sb_adds(&out, line);
		}
		fclose(f);
		while (out.len && (out.buf[out.len - 1] == '\n'))
			out.buf[--out.len] = '\0';
		snprintf(tail, tailsz, "%s", out.buf ? out.buf : "");
	}
	sb_release(&out);
	free(self);
	free(log);
	return status;
}

/* The same, with the step's log (LOG_DIR/STEP.log). */
static int run_script(struct check *c, enum step s, char **argv, char *tail, size_t tailsz)
{
	return run_script_log(c, step_names[s], argv, tail, tailsz);
}

/*
 * The verdict line of a script's log: its last line that starts with
 * prefix ("boot.sh: PASS", "boot.sh: FAIL"), into tail; tail is left as
 * it was when there is none.  A failed boot prints console lines after its
 * verdict, and the last line of the log is then one of those.
 */
static void verdict_line(const char *log, const char *prefix, char *tail, size_t tailsz)
{
	FILE *f = fopen(log, "r");
	char line[4096];
	size_t n;

	if (!f || !tailsz) {
		if (f)
			fclose(f);
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		if (!starts_with(line, prefix))
			continue;
		n = strcspn(line, "\n");
		if (n >= tailsz)
			n = tailsz - 1;
		memcpy(tail, line, n);
		tail[n] = '\0';
	}
	fclose(f);
}

/* boot.sh's verdict in LOG_DIR/NAME.log into tail (a failed boot's log ends in console lines). */
static void boot_verdict(const struct check *c, const char *name, char *tail, size_t tailsz)
{
	char *log = xasprintf("%s/%s.log", c->log_dir, name);

	verdict_line(log, "boot.sh: PASS", tail, tailsz);
	verdict_line(log, "boot.sh: FAIL", tail, tailsz);
	free(log);
}

/* Print the last lines of a file, each as "    | line". */
static void print_tail(const char *path, int lines)
{
	struct strbuf sb = STRBUF_INIT;
	size_t start;
	int seen = 0;

	if (read_file(path, &sb) < 0)
		return;
	start = sb.len;
	if (start && sb.buf[start - 1] == '\n')
		start--;
	while (start > 0) {
		if (sb.buf[start - 1] == '\n' && ++seen == lines)
			break;
		start--;
	}
	for (const char *p = sb.buf + start; p < sb.buf + sb.len;) {
		const char *nl = memchr(p, '\n', (size_t)(sb.buf + sb.len - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(sb.buf + sb.len - p);

		printf("    | %.*s\n", (int)n, p);
		p += n + 1;
	}
	sb_release(&sb);
}

/* Print the log of a failed step: its last lines. */
static void show_log_tail(const struct check *c, enum step s, int lines)
{
	char *log = xasprintf("%s/%s.log", c->log_dir, step_names[s]);

	print_tail(log, lines);
	free(log);
}

static void finish(struct check *c, enum step s, int status, double t0, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void finish(struct check *c, enum step s, int status, double t0, const char *fmt, ...)
{
	va_list ap;

	c->status[s] = status;
	c->seconds[s] = seconds_now() - t0;
	va_start(ap, fmt);
	vsnprintf(c->result[s], sizeof(c->result[s]), fmt, ap);
	va_end(ap);
	printf("check %-8s %s  %s (%.0fs)\n", step_names[s], status ? "FAIL" : "ok  ", c->result[s],
	       c->seconds[s]);
	if (status && s != STEP_RESIDUE && s != STEP_LINKS)
		show_log_tail(c, s, 25);
	fflush(stdout);
}

/* Residue: the before tree's full footprint, located in the after tree. */
static void step_residue(struct check *c, struct removal *before, char **targets, int ntargets)
{
	double t0 = seconds_now();
	struct tree t;
	struct plan readonly;
	struct kconfig_db db;
	struct strbuf err = STRBUF_INIT;
	struct locate_result res;
	struct locate_options lopt = { 0, LOCATE_UNKNOWN_ALLOW };
	size_t bad = 0;

	(void)targets, (void)ntargets;
	if (tree_load(&t, c->after, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	plan_init(&readonly, t.root);
	kconfig_db_load(&db, &t, &readonly, &err);
	sb_reset(&err);
	/* The after tree: the removed symbols are gone, as they should be. */
	if (locate_run(&before->fp, &t, &db, &lopt, &res, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	for (size_t i = 0; i < res.n; i++) {
		const struct ref *r = &res.refs[i];

		if (r->action == ACTION_REMOVE) {
			if (bad++ < 20)
				printf("    residue: %s:%zu: %s: %s\n", r->path, r->line, kind_name(r->kind), r->text);
		}
	}
	for (size_t i = 0; i < res.owned_files.n; i++)
		if (bad++ < 40)
			printf("    residue: %s: a file of the subsystem is still there\n",
			       res.owned_files.v[i]);
	finish(c, STEP_RESIDUE, bad != 0, t0, "%zu left to remove, %zu kept, %zu for review", bad,
	       locate_count(&res, ACTION_KEPT), locate_count(&res, ACTION_REVIEW));
	for (size_t i = 0; i < res.n; i++)
		if (res.refs[i].action != ACTION_REMOVE)
			printf("    %s: %s:%zu (%s): %s\n", action_name(res.refs[i].action), res.refs[i].path,
			       res.refs[i].line, kind_name(res.refs[i].kind), res.refs[i].reason ? res.refs[i].reason : "");
	locate_release(&res);
	kconfig_db_release(&db);
	plan_release(&readonly);
	tree_release(&t);
	sb_release(&err);
}

/* Links: kept code of the tree after that uses a definition the removal took away. */
static void step_links(struct check *c, const struct removal *before)
{
	double t0 = seconds_now();
	struct tree after;
	struct strvec paths = STRVEC_INIT;
	struct strbuf err = STRBUF_INIT;
	struct links_result res;

	if (tree_load(&after, c->after, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	/* The files the located references are in: the removal may have changed them. */
	for (size_t i = 0; i < before->loc.n; i++)
		if (!sv_contains(&paths, before->loc.refs[i].path))
			sv_push(&paths, before->loc.refs[i].path);
	if (links_trees(&before->plan, &before->tree, &after, &paths, c->jobs, &res, &err) < 0) {
		print_error_lines(&err);
		finish(c, STEP_LINKS, 1, t0, "the analysis failed");
	} else {
		for (size_t i = 0; i < res.n; i++) {
			char *d = links_describe(&res.v[i]);

			if (i < 40)
				printf("    link residue: %s\n", d);
			free(d);
		}
		for (size_t i = 0; i < res.nselectors; i++) {
			char *d = links_selector_describe(&res.selectors[i]);

			printf("    kept user: %s: its code is where link residue would be\n", d);
			free(d);
		}
		finish(c, STEP_LINKS, res.n != 0, t0,
		       "%zu use%s of removed definitions (%zu C files compared, %zu definitions gone, "
		       "%zu with none left, %zu files scanned)",
		       res.n, res.n == 1 ? "" : "s", res.nchanged, res.ngone, res.nlost, res.files_scanned);
	}
	links_release(&res);
	sv_clear(&paths);
	sb_release(&err);
	tree_release(&after);
}

static char *script(const char *name)
{
	return path_join(resource_dir("scripts"), name);
}

/* Defconfigs the removal touched, as ARCH:NAME for kconfig-check.sh. */
static void touched_defconfigs(const struct removal *r, struct strvec *out)
{
	for (size_t i = 0; i < r->plan.nedits; i++) {
		const char *p = r->plan.edits[i].path;
		const char *cfg = strstr(p, "/configs/");
		char *arch, *item;

		if (!starts_with(p, "arch/") || !cfg || strchr(cfg + 9, '/'))
			continue;
		arch = xstrndup(p + 5, (size_t)(cfg - p - 5));
		/* Kconfig takes ARCH=x86 and ARCH=sh; um needs a SUBARCH: skip it. */
		if (strcmp(arch, "um")) {
			item = xasprintf("%s:%s", arch, cfg + 9);
			if (!sv_contains(out, item))
				sv_push(out, item);
			free(item);
		}
		free(arch);
	}
	for (size_t i = 0; i < r->plan.nedits; i++)
		if (!strcmp(r->plan.edits[i].path, "kernel/configs/tiny.config") &&
		    !sv_contains(out, "x86_64:tinyconfig"))
			sv_push(out, "x86_64:tinyconfig");
}

static void step_kconfig(struct check *c, const struct removal *r)
{
	double t0 = seconds_now();
	struct strvec argv = STRVEC_INIT, defs = STRVEC_INIT;
	char tail[512];
	int rc;

	sv_push_owned(&argv, script("kconfig-check.sh"));
	if (c->configs.n) {
		sv_push(&argv, "--no-default");
		for (size_t i = 0; i < c->configs.n; i++)
			sv_push(&defs, c->configs.v[i]);
	} else {
		touched_defconfigs(r, &defs);
	}
	sv_push(&argv, c->before);
	sv_push(&argv, c->after);
	for (size_t i = 0; i < defs.n; i++)
		sv_push(&argv, defs.v[i]);
	rc = run_script(c, STEP_KCONFIG, argv.v, tail, sizeof(tail));
	if (c->configs.n)
		finish(c, STEP_KCONFIG, rc != 0, t0, "%zu configurations: %s", defs.n, tail);
	else
		finish(c, STEP_KCONFIG, rc != 0, t0, "%zu configurations (3 x86_64 + %zu touched): %s",
		       3 + defs.n, defs.n, tail);
	sv_clear(&argv);
	sv_clear(&defs);
}

/* The C files to check with sparse: touched .c files, and a .c file beside each touched header. */
static void touched_c_files(const struct removal *r, struct strvec *out)
{
	for (size_t i = 0; i < r->plan.nedits; i++) {
		const char *p = r->plan.edits[i].path;

		if (ends_with(p, ".c") && !sv_contains(out, p))
			sv_push(out, p);
	}
	for (size_t i = 0; i < r->plan.nedits; i++) {
		const char *p = r->plan.edits[i].path;
		const char *slash = strrchr(p, '/');

		if (!ends_with(p, ".h") || !slash || starts_with(p, "include/"))
			continue;
		/* A local header: the first C file of its directory (by name) that includes it. */
		{
			char *dir = xstrndup(p, (size_t)(slash - p));
			char *include = xasprintf("#include \"%s\"", slash + 1);
			char *full = path_join(r->tree.root, dir);
			struct dirent **names = NULL;
			int n = scandir(full, &names, NULL, alphasort);

			for (int k = 0; k < n; k++) {
				const char *name = names[k]->d_name;
				char *rel = path_join(dir, name);
				char *abs = path_join(r->tree.root, rel);
				struct strbuf text = STRBUF_INIT;
				struct stat st;

				if (name[0] != '.' && ends_with(name, ".c") && stat(abs, &st) == 0 &&
				    S_ISREG(st.st_mode) && read_file(abs, &text) == 0 && text.buf &&
				    strstr(text.buf, include)) {
					if (!sv_contains(out, rel))
						sv_push(out, rel);
					k = n;
				}
				sb_release(&text);
				free(abs);
				free(rel);
			}
			for (int k = 0; k < n; k++)
				free(names[k]);
			free(names);
			free(full);
			free(include);
			free(dir);
		}
	}
}

/*
 * With no C file touched (a removal of Kconfig and Makefile lines and whole
 * directories), the neighbours: up to 8 objects each Makefile that changed
 * builds unconditionally (obj-y), which the change of that Makefile could
 * affect, as C files.
 */
static void neighbour_c_files(const struct removal *r, struct strvec *out)
{
	for (size_t i = 0; i < r->plan.nfiles; i++) {
		const struct plan_file *f = &r->plan.files[i];
		const char *slash = strrchr(f->path, '/');
		struct strbuf err = STRBUF_INIT;
		struct kbuild_file kf;
		size_t taken = 0;

		if (!is_makefile(f->path) || !slash || plan_is_deleted(&r->plan, f->path) ||
		    kbuild_parse(&kf, f->path, f->data, f->len, &err) < 0) {
			sb_release(&err);
			continue;
		}
		for (size_t k = 0; k < kf.n && taken < 8; k++) {
			const struct kbuild_line *l = &kf.lines[k];

			if (l->kind != KB_ASSIGN || strcmp(l->var, "obj-y") || l->depth)
				continue;
			for (size_t w = 0; w < l->nwords && taken < 8; w++) {
				char *word = kbuild_word(&kf, &l->words[w]);
				size_t n = strlen(word);
				char *c = n > 2 && !strcmp(word + n - 2, ".o")
						  ? xasprintf("%.*s/%.*s.c", (int)(slash - f->path), f->path,
							      (int)(n - 2), word)
						  : NULL;
				char *full = c ? path_join(r->tree.root, c) : NULL;

				if (c && access(full, R_OK) == 0 && !sv_contains(out, c)) {
					sv_push(out, c);
					taken++;
				}
				free(full);
				free(c);
				free(word);
			}
		}
		kbuild_release(&kf);
		sb_release(&err);
	}
}

/*
 * The counts sparse-diff.sh logged ("sparse-diff.sh: before: N warning(s),
 * M error(s) in ..." and the same for after), for the table: "before N
 * warnings M errors, after ...", or "" when the log has none.
 */
static void sparse_counts(const char *log_dir, char *out, size_t size)
{
	char *log = path_join(log_dir, "sparse.log");
	struct strbuf sb = STRBUF_INIT;
	size_t len = 0;

	out[0] = '\0';
	if (read_file(log, &sb) == 0) {
		for (char *p = sb.buf; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
			char when[8];
			unsigned long w, e;

			if (sscanf(p, "sparse-diff.sh: %7[a-z]: %lu warning(s), %lu error", when, &w, &e) == 3 &&
			    (!strcmp(when, "before") || !strcmp(when, "after")) && len < size)
				len += (size_t)snprintf(out + len, size - len, "%s%s %lu warnings %lu errors",
							len ? ", " : "", when, w, e);
		}
	}
	sb_release(&sb);
	free(log);
}

static void step_sparse(struct check *c, const struct removal *r)
{
	double t0 = seconds_now();
	struct strvec argv = STRVEC_INIT, files = STRVEC_INIT;
	char tail[512], line[512];
	const char *which = "touched";
	int rc;

	touched_c_files(r, &files);
	if (!files.n) {
		neighbour_c_files(r, &files);
		which = "neighbour";
	}
	if (!files.n) {
		finish(c, STEP_SPARSE, 0, t0, "no C file touched, and no Makefile");
		return;
	}
	sv_push_owned(&argv, script("sparse-diff.sh"));
	if (c->jobs) {
		sv_push(&argv, "--jobs");
		sv_push_owned(&argv, xasprintf("%d", c->jobs));
	}
	sv_push(&argv, c->before);
	sv_push(&argv, c->after);
	sv_push(&argv, c->sparse_config ? c->sparse_config : "allyesconfig");
	for (size_t i = 0; i < files.n; i++)
		sv_push(&argv, files.v[i]);
	rc = run_script(c, STEP_SPARSE, argv.v, tail, sizeof(tail));
	sparse_counts(c->log_dir, line, sizeof(line));
	finish(c, STEP_SPARSE, rc != 0, t0, "%zu %s C files: %s%s%s", files.n, which, line,
	       line[0] ? "; " : "", tail);
	sv_clear(&argv);
	sv_clear(&files);
}

/* argv of a kernel build script: the script, --name NAME (taken), --jobs and --distcc as asked. */
static void build_command(const struct check *c, struct strvec *argv, const char *name, char *build_name)
{
	sv_push_owned(argv, script(name));
	sv_push(argv, "--name");
	sv_push_owned(argv, build_name);
	if (c->jobs) {
		sv_push(argv, "--jobs");
		sv_push_owned(argv, xasprintf("%d", c->jobs));
	}
	if (c->distcc) {
		sv_push(argv, "--distcc");
		sv_push(argv, c->distcc);
	}
}

/*
 * Write the connected step's fragment of one side: the boot options of the
 * spec (after: but those of removed symbols), then the connected set.
 * Returns its path or NULL.
 */
static char *write_fragment(const struct check *c, const struct removal *r,
			    const struct connect_set *set, int before)
{
	char *path = xasprintf("%s/connected-%s.config", c->log_dir, before ? "before" : "after");
	FILE *f = fopen(path, "w");

	if (!f) {
		free(path);
		return NULL;
	}
	for (size_t i = 0; i < c->boot_config.n; i++) {
		const char *o = c->boot_config.v[i];
		char *sym = starts_with(o, "CONFIG_") ? xstrndup(o + 7, strcspn(o + 7, "=")) : NULL;

		if (sym && (before || !footprint_has_symbol(&r->fp, sym)))
			fprintf(f, "%s\n", o);
		free(sym);
	}
	connect_print_fragment(f, set, before);
	if (fclose(f) != 0) {
		free(path);
		return NULL;
	}
	return path;
}

/*
 * The options the connected build's BEFORE configuration did not take
 * (connected-build.sh: "before: not set: CONFIG_X=y was requested ..."):
 * code behind them was not compiled on x86_64.
 */
static void read_unset(struct check *c)
{
	char *log = xasprintf("%s/%s.log", c->log_dir, step_names[STEP_CONNECTED]);
	struct strbuf sb = STRBUF_INIT;
	static const char key[] = "before: not set: CONFIG_";

	if (read_file(log, &sb) == 0) {
		for (const char *p = sb.buf; (p = strstr(p, key)); p++) {
			const char *a = p + sizeof(key) - 1, *e = a;

			while (*e && *e != '=' && *e != ' ' && *e != '\n')
				e++;
			sv_push_owned(&c->x86_unset, xstrndup(a, (size_t)(e - a)));
		}
	}
	sv_sort_uniq(&c->x86_unset);
	sb_release(&sb);
	free(log);
}

static void step_connected(struct check *c, struct removal *r)
{
	double t0 = seconds_now();
	struct strvec argv = STRVEC_INIT;
	struct strbuf err = STRBUF_INIT;
	struct connect_set set;
	char *frag_before = NULL, *frag_after = NULL;
	size_t nkept = 0;
	char tail[512];
	int rc;

	if (connect_symbols(r, &set, &err) < 0) {
		print_error_lines(&err);
		finish(c, STEP_CONNECTED, 1, t0, "the connected symbols could not be found");
		goto out;
	}
	for (size_t i = 0; i < set.n; i++) {
		char *d = connect_describe(&set.v[i]);

		nkept += set.v[i].how != CONNECT_REMOVED;
		if (i < 40)
			printf("    %s\n", d);
		free(d);
	}
	if (set.n > 40)
		printf("    ... and %zu more (connected-before.config in the logs)\n", set.n - 40);
	frag_before = write_fragment(c, r, &set, 1);
	frag_after = write_fragment(c, r, &set, 0);
	if (!frag_before || !frag_after) {
		finish(c, STEP_CONNECTED, 1, t0, "cannot write the fragments in %s", c->log_dir);
		goto out;
	}
	build_command(c, &argv, "connected-build.sh", xasprintf("check-%s-connected", r->fp.name));
	sv_push(&argv, "--base");
	sv_push(&argv, c->connected_base ? c->connected_base : "defconfig");
	sv_push(&argv, c->before);
	sv_push(&argv, c->after);
	sv_push(&argv, frag_before);
	sv_push(&argv, frag_after);
	rc = run_script(c, STEP_CONNECTED, argv.v, tail, sizeof(tail));
	read_unset(c);
	finish(c, STEP_CONNECTED, rc != 0, t0, "%s + %zu removed and %zu kept symbols: %s",
	       c->connected_base ? c->connected_base : "defconfig", set.n - nkept, nkept, tail);
out:
	connect_release(&set);
	free(frag_before);
	free(frag_after);
	sv_clear(&argv);
	sb_release(&err);
}

/* At most this many touched defconfigs of one architecture are built. */
#define CROSS_CONFIGS 2
/* At most this many touched directories are compiled. */
#define CROSS_DIRS 16

/* x86 is the connected and build steps' architecture; um needs a SUBARCH. */
static int native_arch(const char *arch)
{
	return !strcmp(arch, "x86") || !strcmp(arch, "x86_64") || !strcmp(arch, "i386") ||
	       !strcmp(arch, "um");
}

/* The architecture of a path under arch/, or NULL. */
static char *arch_of(const char *path)
{
	const char *slash;

	if (!starts_with(path, "arch/") || !(slash = strchr(path + 5, '/')))
		return NULL;
	return xstrndup(path + 5, (size_t)(slash - path - 5));
}

/* Every path the removal edits or deletes, once. */
static void touched_paths(const struct removal *r, struct strvec *out)
{
	for (size_t i = 0; i < r->plan.nedits; i++)
		sv_push(out, r->plan.edits[i].path);
	for (size_t i = 0; i < r->plan.ndels; i++)
		sv_push(out, r->plan.dels[i].path);
	sv_sort_uniq(out);
}

/* The architectures other than x86 the removal touches (their defconfigs or code), sorted. */
static void cross_arches(const struct strvec *touched, struct strvec *out)
{
	for (size_t i = 0; i < touched->n; i++) {
		char *arch = arch_of(touched->v[i]);

		if (arch && !native_arch(arch) && !sv_contains(out, arch))
			sv_push(out, arch);
		free(arch);
	}
	sv_sort_uniq(out);
}

/*
 * The configurations of arch to build: its defconfigs the removal edits
 * (the first CROSS_CONFIGS; *more counts the others), or its defconfig when
 * only its code is touched.
 */
static void cross_configs(const struct removal *r, const char *arch, struct strvec *out, size_t *more)
{
	struct strvec defs = STRVEC_INIT;
	size_t alen = strlen(arch);

	*more = 0;
	touched_defconfigs(r, &defs);
	sv_sort_uniq(&defs);
	for (size_t i = 0; i < defs.n; i++) {
		if (strncmp(defs.v[i], arch, alen) || defs.v[i][alen] != ':')
			continue;
		if (out->n < CROSS_CONFIGS)
			sv_push(out, defs.v[i] + alen + 1);
		else
			(*more)++;
	}
	if (!out->n)
		sv_push(out, "defconfig");
	sv_clear(&defs);
}

/*
 * The directories to compile for arch: those of the touched files (the
 * parent of a deleted directory) that BEFORE builds with a Makefile or
 * Kbuild, but not Documentation/, tools/, scripts/, include/, a configs/
 * directory or another architecture's tree; the first CROSS_DIRS, *more
 * counts the others.
 */
static void cross_dirs(const struct strvec *touched, const char *before, const char *arch,
		       int generic, struct strvec *out, size_t *more)
{
	struct strvec dirs = STRVEC_INIT;

	*more = 0;
	for (size_t i = 0; i < touched->n; i++) {
		char *d = xstrdup(touched->v[i]), *slash, *a = arch_of(d);
		size_t n = strlen(d);

		if (n && d[n - 1] == '/')
			d[n - 1] = '\0';   /* a deleted directory: its parent */
		slash = strrchr(d, '/');
		if (slash && !(a && strcmp(a, arch)) && (a || generic) && !starts_with(d, "Documentation/") &&
		    !starts_with(d, "tools/") && !starts_with(d, "scripts/") && !starts_with(d, "include/") &&
		    !strstr(d, "/configs/")) {
			char *mk, *kb;

			slash[1] = '\0';
			mk = xasprintf("%s/%sMakefile", before, d);
			kb = xasprintf("%s/%sKbuild", before, d);
			if (access(mk, F_OK) == 0 || access(kb, F_OK) == 0)
				sv_push(&dirs, d);
			free(mk);
			free(kb);
		}
		free(a);
		free(d);
	}
	sv_sort_uniq(&dirs);
	for (size_t i = 0; i < dirs.n; i++) {
		if (out->n < CROSS_DIRS)
			sv_push(out, dirs.v[i]);
		else
			(*more)++;
	}
	sv_clear(&dirs);
}

/* Cross: the other architectures the removal touches, built with their cross compilers. */
static void step_cross(struct check *c, const struct removal *r)
{
	double t0 = seconds_now();
	struct strvec touched = STRVEC_INIT, arches = STRVEC_INIT, done = STRVEC_INIT;
	char *empty = xasprintf("%s/cross-empty.config", c->log_dir);
	size_t nconfigs = 0, ndirs = 0, failed = 0;
	int generic, kconfig_done, drc;
	struct strbuf skipped = STRBUF_INIT;
	FILE *f;

	/*
	 * Generic directories (outside arch/) are compiled for another
	 * architecture only when x86_64 did not compile them: the connected
	 * step did not run, or could not enable some of its options (MTD_LART
	 * needs an SA1100 board).
	 */
	generic = c->status[STEP_CONNECTED] != 0 || c->x86_unset.n > 0;
	kconfig_done = c->status[STEP_KCONFIG] == 0 && !c->configs.n;
	touched_paths(r, &touched);
	cross_arches(&touched, &arches);
	if (!arches.n) {
		finish(c, STEP_CROSS, 0, t0, "no architecture but x86 touched");
		goto out;
	}
	f = fopen(empty, "w");
	if (!f || fclose(f) != 0) {
		finish(c, STEP_CROSS, 1, t0, "cannot write %s", empty);
		goto out;
	}
	for (size_t a = 0; a < arches.n; a++) {
		const char *arch = arches.v[a];
		struct strvec configs = STRVEC_INIT, dirs = STRVEC_INIT, argv = STRVEC_INIT;
		size_t more_configs, more_dirs;
		char tail[512], *log;

		cross_configs(r, arch, &configs, &more_configs);
		cross_dirs(&touched, c->before, arch, generic, &dirs, &more_dirs);
		if (!dirs.n && !generic && kconfig_done) {
			/*
			 * Only ARCH's defconfig lines changed: the kconfig step
			 * configured them, the x86_64 connected build compiled the
			 * generic code it touched; nothing is left to cross-build.
			 */
			printf("    %s: %zu configuration(s) configured by the kconfig step; nothing of %s's own "
			       "to compile (the connected build compiled the rest)\n", arch, configs.n, arch);
			sv_push_owned(&done, xasprintf("%s: defconfigs only", arch));
			goto next;
		}
		printf("    %s: %zu configuration(s)", arch, configs.n);
		if (more_configs)
			printf(" (%zu more not built)", more_configs);
		printf(", %zu director%s", dirs.n, dirs.n == 1 ? "y" : "ies");
		if (more_dirs)
			printf(" (%zu more not compiled)", more_dirs);
		for (size_t d = 0; d < dirs.n; d++)
			printf("%s%s", d ? " " : ": ", dirs.v[d]);
		printf("\n");
		if (!dirs.n)
			sv_push(&dirs, "prepare");   /* nothing to compile: the toolchain and headers */
		ndirs += dirs.n;
		/* Its cross compiler (installed when missing and possible). */
		sv_push_owned(&argv, script("deps.sh"));
		sv_push(&argv, "--cross");
		sv_push(&argv, arch);
		log = xasprintf("cross-%s-deps", arch);
		drc = run_script_log(c, log, argv.v, tail, sizeof(tail));
		if (drc == 2) {
			/*
			 * deps.sh knows no Debian cross compiler for ARCH
			 * (openrisc): not built, and said so; not a failure of
			 * the removal.
			 */
			printf("    %s: not built: %s\n", arch, tail);
			sb_addf(&skipped, "%s%s", skipped.len ? ", " : "", arch);
			free(log);
			goto next;
		} else if (drc != 0) {
			printf("    %s: no cross compiler: %s\n", arch, tail);
			sv_push_owned(&done, xasprintf("%s: no cross compiler", arch));
			failed++;
			free(log);
			goto next;
		}
		free(log);
		for (size_t k = 0; k < configs.n; k++) {
			int rc;

			sv_clear(&argv);
			build_command(c, &argv, "connected-build.sh",
				      xasprintf("check-%s-%s-%s", r->fp.name, arch, configs.v[k]));
			sv_push(&argv, "--arch");
			sv_push(&argv, arch);
			sv_push(&argv, "--base");
			sv_push(&argv, configs.v[k]);
			for (size_t d = 0; d < dirs.n; d++) {
				sv_push(&argv, "--make");
				sv_push(&argv, dirs.v[d]);
			}
			sv_push(&argv, c->before);
			sv_push(&argv, c->after);
			sv_push(&argv, empty);
			sv_push(&argv, empty);
			log = xasprintf("cross-%s-%s", arch, configs.v[k]);
			rc = run_script_log(c, log, argv.v, tail, sizeof(tail));
			nconfigs++;
			printf("    %s %s: %s\n", arch, configs.v[k], tail);
			if (rc) {
				char *path = xasprintf("%s/%s.log", c->log_dir, log);

				print_tail(path, 25);
				free(path);
				sv_push_owned(&done, xasprintf("%s %s FAIL", arch, configs.v[k]));
				failed++;
			}
			free(log);
		}
next:
		sv_clear(&configs);
		sv_clear(&dirs);
		sv_clear(&argv);
	}
	{
		struct strbuf list = STRBUF_INIT;

		for (size_t a = 0; a < arches.n; a++)
			sb_addf(&list, "%s%s", a ? ", " : "", arches.v[a]);
		finish(c, STEP_CROSS, failed != 0, t0, "%s: %zu configurations, %zu directories compiled: %s%s%s",
		       list.buf, nconfigs, ndirs,
		       failed ? done.v[0] : "no new errors",
		       skipped.len ? "; not built (no cross compiler known): " : "", skipped.len ? skipped.buf : "");
		sb_release(&list);
	}
out:
	sb_release(&skipped);
	sv_clear(&touched);
	sv_clear(&arches);
	sv_clear(&done);
	free(empty);
}

static void step_build(struct check *c, const struct removal *r)
{
	double t0 = seconds_now();
	struct strvec argv = STRVEC_INIT;
	char tail[512];
	int rc;

	struct strvec touched = STRVEC_INIT, arches = STRVEC_INIT;
	struct strbuf others = STRBUF_INIT;
	size_t failed = 0;

	build_command(c, &argv, "build-kernel.sh", xasprintf("check-%s", r->fp.name));
	sv_push(&argv, c->after);
	/* The spec's boot options, but not those of the removed symbols. */
	for (size_t i = 0; i < c->boot_config.n; i++) {
		const char *o = c->boot_config.v[i] + 7;
		size_t n = strcspn(o, "=");
		char *sym = xstrndup(o, n);

		if (!footprint_has_symbol(&r->fp, sym))
			sv_push(&argv, c->boot_config.v[i]);
		free(sym);
	}
	rc = run_script(c, STEP_BUILD, argv.v, tail, sizeof(tail));
	if (rc == 0 && tail[0] == '/')
		c->kernel = xstrdup(tail);

	/*
	 * Every other architecture the removal touches and QEMU has a board
	 * for (scripts/boot/ARCH.config: arm64 and arm on `virt`): its boot
	 * kernel of the tree after, tinyconfig and that fragment, as x86_64's
	 * (--arch-board: the arch's defconfig for virt and that fragment).
	 */
	touched_paths(r, &touched);
	cross_arches(&touched, &arches);
	for (size_t a = 0; a < arches.n; a++) {
		const char *arch = arches.v[a];
		char *frag = xasprintf("%s/boot/%s.config", resource_dir("scripts"), arch), *log;
		char atail[512];
		int arc;

		if (access(frag, R_OK) != 0) {
			free(frag);
			continue;
		}
		free(frag);
		sv_clear(&argv);
		sv_push_owned(&argv, script("deps.sh"));
		sv_push(&argv, "--cross");
		sv_push(&argv, arch);
		log = xasprintf("build-%s-deps", arch);
		arc = run_script_log(c, log, argv.v, atail, sizeof(atail));
		free(log);
		if (arc == 0) {
			sv_clear(&argv);
			build_command(c, &argv, "build-kernel.sh", xasprintf("check-%s-%s%s", r->fp.name, arch,
									      c->arch_board ? "-board" : ""));
			sv_push(&argv, "--arch");
			sv_push(&argv, arch);
			if (c->arch_board)
				sv_push(&argv, "--board");
			sv_push(&argv, c->after);
			log = xasprintf("build-%s", arch);
			arc = run_script_log(c, log, argv.v, atail, sizeof(atail));
			free(log);
		}
		printf("    %s boot kernel: %s\n", arch, atail);
		if (arc == 0 && atail[0] == '/')
			sv_push_owned(&c->arch_kernels, xasprintf("%s=%s", arch, atail));
		else
			failed++;
		sb_addf(&others, "; %s: %s", arch, arc == 0 ? "built" : "FAIL");
	}
	finish(c, STEP_BUILD, rc != 0 || failed, t0, "%s%s%s%s", rc == 0 ? tail : "the kernel did not build",
	       c->distcc ? ", compiled through distcc to " : "", c->distcc ? c->distcc : "",
	       others.len ? others.buf : "");
	sb_release(&others);
	sv_clear(&touched);
	sv_clear(&arches);
	sv_clear(&argv);
}

/*
 * The lines of a console log that show what a boot did, as the report
 * shows them: the kernel's version line, the result and passed checks of
 * excise's init, the slab allocator's line, and lines naming any of words;
 * the first 8, each after prefix.  Returns -1 if the log cannot be read.
 */
static int print_boot_evidence(const char *log, const struct strvec *words, const char *prefix)
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
			printf("%s%s\n", prefix, line);
			shown++;
		}
		free(line);
		p += n + 1;
	}
	sb_release(&sb);
	return 0;
}

static void step_boot(struct check *c)
{
	double t0 = seconds_now();
	struct strvec argv = STRVEC_INIT;
	struct strbuf res = STRBUF_INIT;
	char tail[512];
	int rc;

	if (!c->kernel) {
		finish(c, STEP_BOOT, 1, t0, "no kernel to boot (the build step did not pass)");
		return;
	}
	sv_push_owned(&argv, script("boot.sh"));
	sv_push(&argv, "--log");
	sv_push_owned(&argv, xasprintf("%s/console.log", c->log_dir));
	if (c->kvm)
		sv_push(&argv, "--kvm");
	for (size_t i = 0; i < c->expect.n; i++) {
		sv_push(&argv, "--expect");
		sv_push(&argv, c->expect.v[i]);
	}
	sv_push(&argv, c->kernel);
	rc = run_script(c, STEP_BOOT, argv.v, tail, sizeof(tail));
	boot_verdict(c, step_names[STEP_BOOT], tail, sizeof(tail));
	sb_adds(&res, tail);
	{
		char *log = xasprintf("%s/console.log", c->log_dir);

		print_boot_evidence(log, NULL, "    | ");
		free(log);
	}
	/*
	 * The other architectures' boot kernels, on QEMU's virt board.  Only
	 * the negative checks go with them ("!fs:intermezzo": the removed
	 * thing is gone); the positive ones need the spec's x86_64 options.
	 */
	for (size_t k = 0; k < c->arch_kernels.n; k++) {
		const char *eq = strchr(c->arch_kernels.v[k], '=');
		char *arch = xstrndup(c->arch_kernels.v[k], (size_t)(eq - c->arch_kernels.v[k]));
		char *log = xasprintf("%s/console-%s.log", c->log_dir, arch), *name = xasprintf("boot-%s", arch);
		char atail[512];
		int arc;

		sv_clear(&argv);
		sv_push_owned(&argv, script("boot.sh"));
		sv_push(&argv, "--arch");
		sv_push(&argv, arch);
		sv_push(&argv, "--timeout");
		sv_push(&argv, "120");
		sv_push(&argv, "--log");
		sv_push(&argv, log);
		for (size_t i = 0; i < c->expect.n; i++) {
			if (c->expect.v[i][0] != '!')
				continue;
			sv_push(&argv, "--expect");
			sv_push(&argv, c->expect.v[i]);
		}
		sv_push(&argv, eq + 1);
		arc = run_script_log(c, name, argv.v, atail, sizeof(atail));
		boot_verdict(c, name, atail, sizeof(atail));
		printf("    %s: %s\n", arch, atail);
		print_boot_evidence(log, NULL, "    | ");
		if (arc) {
			if (!rc)
				sb_reset(&res);
			sb_addf(&res, "%s%s: %s", rc ? "; " : "", arch, atail);
			rc = 1;
		}
		free(arch), free(log), free(name);
	}
	if (!rc && c->arch_kernels.n)
		sb_addf(&res, "; %zu other architecture(s) booted", c->arch_kernels.n);
	finish(c, STEP_BOOT, rc != 0, t0, "%s", res.buf);
	sb_release(&res);
	sv_clear(&argv);
}

static int wanted(const struct check *c, enum step s)
{
	return !c->any_only || c->only[s];
}

/* --only STEP, into the struct check at value. */
static int parse_only(const struct option *opt, const char *arg, struct strbuf *err)
{
	struct check *c = opt->value;
	int k;

	for (k = 0; k < NSTEPS && strcmp(step_names[k], arg); k++)
		;
	if (k == NSTEPS) {
		sb_addf(err, "check: unknown step '%s' (residue, links, kconfig, sparse, connected, cross, "
			"build, boot)", arg);
		return PARSE_OPT_ERROR;
	}
	c->only[k] = c->any_only = 1;
	return PARSE_OPT_DONE;
}

/* --configs ARCH:TARGET,...: each one (split at commas and blanks) onto the strvec at value. */
static int parse_configs(const struct option *opt, const char *arg, struct strbuf *err)
{
	char *list = xstrdup(arg), *save = NULL;

	(void)err;
	for (char *tok = strtok_r(list, ", ", &save); tok; tok = strtok_r(NULL, ", ", &save))
		sv_push(opt->value, tok);
	free(list);
	return PARSE_OPT_DONE;
}

int cmd_check(int argc, char **argv)
{
	struct check c = { 0 };
	struct remove_options opt = { 0 };
	struct strvec targets = STRVEC_INIT;
	int failed = 0;
	struct strbuf err = STRBUF_INIT;
	struct removal before;
	char *logs = NULL;   /* the logs directory made here, if it is */
	const struct option options[] = {
		OPT_STRING('C', NULL, &c.after, "AFTER", "the tree after the removal (default: the "
			   "one the current directory is in)"),
		OPT_STRING(0, "before", &c.before, "BEFORE", "the same tree before the removal "
			   "(required)"),
		OPT_CALLBACK(0, "only", &c, "STEP", "run this step only (repeatable; default: every "
			     "one)", parse_only),
		OPT_STRVEC(0, "expect", &c.expect, "SPEC", "a boot check, [!]fs:NAME, [!]misc:NAME, "
			   "[!]file:PATH or [!]log:TEXT (repeatable)"),
		OPT_STRVEC(0, "config", &c.boot_config, "CONFIG_X=y", "an option of the boot kernel "
			   "(repeatable)"),
		OPT_CALLBACK(0, "configs", &c.configs, "ARCH:TARGET,...", "the only Kconfig "
			     "configurations the kconfig step tries", parse_configs),
		OPT_STRING(0, "connected-base", &c.connected_base, "TARGET", "the connected step "
			   "starts from make TARGET (default: defconfig; tinyconfig is the cheap one)"),
		OPT_STRING(0, "sparse-config", &c.sparse_config, "TARGET", "the configuration the "
			   "sparse step builds with"),
		OPT_STRING(0, "logs", &c.log_dir, "DIR", "where the logs go (default: a new "
			   "$TMPDIR/excise-check-*)"),
		OPT_JOBS(&c.jobs),
		OPT_STRING(0, "distcc", &c.distcc, "HOSTS", "the kernel builds' compile jobs go "
			   "through distcc to HOSTS, behind ccache (default: $DISTCC_HOSTS)"),
		OPT_FLAG(0, "kvm", &c.kvm, "boot under KVM instead of TCG"),
		OPT_FLAG(0, "arch-board", &c.arch_board, "the other architectures' boot kernels are "
			 "their defconfigs for QEMU's virt board, not the smallest that boot (a much "
			 "longer build)"),
		OPT_FLAG(0, "with-users", &opt.with_users, "the removal was made with remove "
			 "--with-users: the kept users it took along are checked as dependents"),
		OPT_ARGS(&targets, "TARGET"),
		OPT_END(),
	};

	if (parse_command_options("check", argc, argv, options) == PARSE_OPT_STOP)
		return 0;   /* --help */
	if (!c.distcc && getenv("DISTCC_HOSTS") && *getenv("DISTCC_HOSTS"))
		c.distcc = getenv("DISTCC_HOSTS");
	if (!targets.n || !c.before) {
		if (targets.n)
			fprintf(stderr, "%s: check: --before BEFORE is required: the tree before the removal\n",
				progname);
		show_help(stderr, "check", options);
		sv_clear(&targets);
		sv_clear(&c.configs);
		sv_clear(&c.expect);
		sv_clear(&c.boot_config);
		return 2;
	}
	c.after = find_tree(c.after);
	c.before = find_tree(c.before);
	for (int s = 0; s < NSTEPS; s++)
		c.status[s] = -1;
	/* What the removal is, as the tree before it says (dependents included). */
	opt.unknown = LOCATE_UNKNOWN_ALLOW;   /* check reports on what it finds; it refuses no target */
	/*
	 * The links step compares the trees themselves; --with-users plans as
	 * remove did (semantic patches, link residue), to know the users it took.
	 */
	opt.no_cocci = !opt.with_users;
	opt.no_links = !opt.with_users;
	opt.tmp_dir = tmp_dir();
	if (removal_plan(&before, c.before, targets.v, (int)targets.n, &opt, &err) < 0) {
		print_error_lines(&err);
		die("check: cannot plan the removal in %s", c.before);
	}
	/* Logs, for the steps that run scripts: a new directory in $TMPDIR unless --logs. */
	for (int s = STEP_KCONFIG; s < NSTEPS && !c.log_dir; s++)
		if (wanted(&c, (enum step)s)) {
			logs = xasprintf("%s/excise-check-XXXXXX", tmp_dir());
			if (!mkdtemp(logs))
				die_errno("%s", logs);
			c.log_dir = logs;
		}
	if (c.log_dir && !logs && mkdir(c.log_dir, 0755) < 0 && access(c.log_dir, W_OK) < 0)
		die_errno("%s", c.log_dir);
	for (size_t i = 0; i < before.fp.boot_config.n; i++)
		sv_push(&c.boot_config, before.fp.boot_config.v[i]);
	for (size_t i = 0; i < before.fp.boot_expect_after.n; i++)
		sv_push(&c.expect, before.fp.boot_expect_after.v[i]);
	printf("excise check: %s in %s (before: %s)%s%s\n", before.fp.title, c.after, c.before,
	       c.log_dir ? ", logs in " : "", c.log_dir ? c.log_dir : "");
	if (wanted(&c, STEP_RESIDUE))
		step_residue(&c, &before, targets.v, (int)targets.n);
	if (wanted(&c, STEP_LINKS))
		step_links(&c, &before);
	if (wanted(&c, STEP_KCONFIG))
		step_kconfig(&c, &before);
	if (wanted(&c, STEP_SPARSE))
		step_sparse(&c, &before);
	if (wanted(&c, STEP_CONNECTED))
		step_connected(&c, &before);
	if (wanted(&c, STEP_CROSS))
		step_cross(&c, &before);
	if (wanted(&c, STEP_BUILD) || wanted(&c, STEP_BOOT))
		step_build(&c, &before);
	if (wanted(&c, STEP_BOOT))
		step_boot(&c);

	printf("\n%-8s  %-6s  %7s  %s\n", "step", "result", "seconds", "details");
	for (int s = 0; s < NSTEPS; s++) {
		if (c.status[s] < 0)
			continue;
		printf("%-8s  %-6s  %7.0f  %s\n", step_names[s], c.status[s] ? "FAIL" : "pass",
		       c.seconds[s], c.result[s]);
		failed |= c.status[s] != 0;
	}
	printf("excise check: %s\n", failed ? "FAIL" : "PASS");
	if (logs)
		rmdir(logs);   /* only if no step wrote a log into it */
	free(logs);
	removal_release(&before);
	sv_clear(&c.expect);
	sv_clear(&c.configs);
	sv_clear(&c.boot_config);
	sv_clear(&c.x86_unset);
	sv_clear(&c.arch_kernels);
	free(c.kernel);
	sv_clear(&targets);
	sb_release(&err);
	return failed ? 1 : 0;
}

/* LOG, the one non-option argument; a second one is refused ("-": an unknown option). */
static int parse_log(const struct option *opt, const char *arg, struct strbuf *err)
{
	const char **log = opt->value;

	if (!*log) {
		*log = arg;
		return PARSE_OPT_DONE;
	}
	if (arg[0] == '-')
		return PARSE_OPT_UNKNOWN;
	sb_addf(err, "boot-log: one LOG only, not '%s'", arg);
	return PARSE_OPT_ERROR;
}

int cmd_boot_log(int argc, char **argv)
{
	struct strvec words = STRVEC_INIT;
	const char *log = NULL, *bad;
	struct strbuf err = STRBUF_INIT;
	int rc = 0, parsed;
	const struct option options[] = {
		OPT_STRVEC(0, "word", &words, "WORD", "also the lines holding WORD (repeatable)"),
		OPT_ARGS_CALLBACK(&log, "LOG", parse_log),
		OPT_END(),
	};

	parsed = parse_options(argc, argv, options, PARSE_OPT_SEPARATE_VALUES,
			       &bad, &err);
	if (parsed != PARSE_OPT_DONE) {
		sv_clear(&words);
		if (parsed == PARSE_OPT_HELP) {
			show_help(stdout, "boot-log", options);
			return 0;
		}
		rc = usage_option_error("boot-log", parsed, bad, &err, "boot-log", options);
		sb_release(&err);
		return rc;
	}
	if (!log) {
		show_help(stderr, "boot-log", options);
		return 2;
	}
	if (print_boot_evidence(log, &words, "| ") < 0) {
		fprintf(stderr, "%s: %s: %s\n", progname, log, strerror(errno));
		rc = 2;
	}
	sv_clear(&words);
	return rc;
}
