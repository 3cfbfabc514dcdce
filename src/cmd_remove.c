/* cmd_remove.c - excise remove: plan every edit, check the plan, then apply it atomically. */
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "git.h"
#include "patchset.h"
#include "remove.h"

static void remove_usage(FILE *out)
{
	fputs("usage: excise remove [-C TREE] [--dry-run] [--force] [--replace OLD=NEW]...\n"
	      "                     [--no-cocci] [--jobs N] [--commit [--series DIR] [--why TEXT]]\n"
	      "                     TARGET...\n"
	      "  --dry-run   print the change as a unified diff (git apply) and touch nothing\n"
	      "  --force     run in a git work tree with uncommitted changes\n"
	      "  --replace   rewrite defconfig lines and selects of OLD to NEW instead of deleting\n"
	      "  --no-cocci  leave C references other than preprocessor lines alone\n"
	      "  --commit    in a git work tree: commit the removal as a patch series by area\n"
	      "              (defconfigs per arch, dependents, the subsystem, MAINTAINERS, docs);\n"
	      "              with --dry-run, print the series instead\n"
	      "  --series DIR  also write it as git format-patch output with a cover letter\n"
	      "              (implies --commit)\n"
	      "  --why TEXT  a paragraph on why it goes, for the commit message and cover letter\n", out);
}

/* Refuse a dirty git work tree: the change would mix with the user's. */
static void check_clean(const char *root, const struct footprint *fp)
{
	struct strvec dirty = STRVEC_INIT;

	if (!git_is_repo(root))
		return;
	if (git_dirty_files(root, &fp->paths, &dirty) < 0)
		die("%s: git status failed", root);
	if (!dirty.n)
		return;
	fprintf(stderr, "excise: %s has uncommitted changes (use --force to remove anyway):\n", root);
	for (size_t i = 0; i < dirty.n && i < 20; i++)
		fprintf(stderr, "  %s\n", dirty.v[i]);
	if (dirty.n > 20)
		fprintf(stderr, "  ... and %zu more\n", dirty.n - 20);
	exit(2);
}

int cmd_remove(int argc, char **argv)
{
	const char *root = ".";
	struct remove_options opt = { 0 };
	char **targets = xcalloc((size_t)argc, sizeof(char *));
	int ntargets = 0, dry_run = 0, force = 0, commit = 0, rc = 0;
	struct patchset_options popt = { NULL };
	struct strbuf err = STRBUF_INIT;
	struct removal r;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-C") && i + 1 < argc)
			root = argv[++i];
		else if (!strcmp(a, "--dry-run") || !strcmp(a, "-n"))
			dry_run = 1;
		else if (!strcmp(a, "--force") || !strcmp(a, "-f"))
			force = 1;
		else if (!strcmp(a, "--commit"))
			commit = 1;
		else if (!strcmp(a, "--series") && i + 1 < argc)
			commit = 1, popt.series_dir = argv[++i];
		else if (!strcmp(a, "--why") && i + 1 < argc)
			popt.why = argv[++i];
		else if (!strcmp(a, "--no-cocci"))
			opt.no_cocci = 1;
		else if (!strcmp(a, "--jobs") && i + 1 < argc)
			opt.jobs = parse_jobs(argv[++i]);
		else if ((!strcmp(a, "--replace") && i + 1 < argc) || starts_with(a, "--replace=")) {
			const char *v = a[9] == '=' ? a + 10 : argv[++i];
			const char *eq = strchr(v, '=');

			if (!eq || eq == v || !eq[1])
				die("--replace wants OLD=NEW, not '%s'", v);
			sv_push(&opt.replace, starts_with(v, "CONFIG_") ? v + 7 : v);
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			remove_usage(stdout);
			return 0;
		} else if (a[0] == '-' && a[1]) {
			die("remove: unknown option '%s'", a);
		} else {
			targets[ntargets++] = argv[i];
		}
	}
	if (!ntargets) {
		remove_usage(stderr);
		return 2;
	}
	setenv("EXCISE_ALLOW_UNKNOWN", "1", 1);   /* a second run finds nothing: not an error */
	if (removal_plan(&r, root, targets, ntargets, &opt, &err) < 0) {
		print_error_lines(&err);
		fprintf(stderr, "excise: nothing was changed\n");
		exit(2);
	}
	if (removal_is_empty(&r)) {
		fprintf(stderr, "excise: nothing to remove for %s in %s\n", r.fp.name, root);
		for (size_t i = 0; i < r.plan.nnotes; i++)
			fprintf(stderr, "  %s: %s:%zu (%s): %s\n", r.plan.notes[i].action,
				r.plan.notes[i].path, r.plan.notes[i].line, r.plan.notes[i].kind,
				r.plan.notes[i].reason ? r.plan.notes[i].reason : "");
		goto out;
	}
	if (commit) {
		if (!dry_run && !force)
			check_clean(root, &r.fp);
		if (!dry_run && !git_is_repo(root))
			die("%s: --commit needs a git work tree", root);
		popt.dry_run = dry_run;
		rc = patchset_run(&r, &popt);
		goto out;
	}
	if (dry_run) {
		plan_diff(&r.plan, stdout);
		removal_summary(stderr, &r, 0);
		goto out;
	}
	if (!force)
		check_clean(root, &r.fp);
	if (plan_apply(&r.plan) < 0) {
		fprintf(stderr, "excise: the removal was not applied completely\n");
		rc = 2;
		goto out;
	}
	removal_summary(stdout, &r, 1);
out:
	removal_release(&r);
	sv_clear(&opt.replace);
	sb_release(&err);
	free(targets);
	return rc;
}
