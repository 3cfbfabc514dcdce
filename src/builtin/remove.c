/* builtin/remove.c - excise remove: plan every edit, check the plan, then apply it atomically. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "git.h"
#include "patchset.h"
#include "remove.h"
#include "series.h"

static void remove_usage(FILE *out)
{
	fputs("usage: excise remove [-C TREE] [--dry-run] [--force] [--replace OLD=NEW]...\n"
	      "                     [--replace-call OLD=NEW]... [--with-users]\n"
	      "                     [--no-cocci] [--jobs N] [--[no-]progress]\n"
	      "                     [--commit [--series DIR] [--why TEXT]]\n"
	      "                     TARGET...\n"
	      "  --dry-run   print the change as a unified diff (git apply) and touch nothing\n"
	      "  --force     run in a git work tree with uncommitted changes, delete more\n"
	      "              than 5% of the tree's files, or write a removal that leaves\n"
	      "              link residue (kept code using a removed definition)\n"
	      "  --replace   rewrite defconfig lines and selects of OLD to NEW instead of deleting\n"
	      "  --replace-call OLD=NEW  kept code that calls the removed function OLD calls NEW\n"
	      "  --with-users  remove the kept options whose code uses a removed definition\n"
	      "              too (those that selected a removed symbol, or have a prompt),\n"
	      "              with their dependents\n"
	      "  --no-cocci  leave C references other than preprocessor lines alone\n"
	      "  --progress  the footprint's size and each step on stderr (the default on a\n"
	      "              terminal; --no-progress: never)\n"
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

struct series_options_cmd {
	const char *series_dir;   /* --series DIR, or NULL */
	const char *why;          /* --why TEXT, or NULL */
	int dry_run;              /* print the series, change nothing */
	const struct apply_options *apply;
};

/*
 * --commit: split the checked plan of r, then (unless dry_run) check the
 * work tree, commit, and write the series directory.  Reports on stdout,
 * problems on stderr.  Returns the exit status.
 */
static int commit_series(struct removal *r, const struct series_options_cmd *opt)
{
	struct series_options so = { opt->why, 1 };
	struct patchset_result res;
	struct strbuf err = STRBUF_INIT;
	struct series s;
	int rc = 0;

	memset(&res, 0, sizeof(res));
	series_split(&s, r, &so);
	if (opt->dry_run) {
		series_print(stdout, &s);
		removal_summary(stderr, r, 0);
		series_release(&s);
		return 0;
	}
	if (opt->series_dir && patchset_dir_check(opt->series_dir, &err) < 0) {
		fputs(err.buf, stderr);
		rc = 2;
		goto out;
	}
	if (patchset_check(r, &err) < 0 || patchset_commit(&s, r, opt->apply, &res, &err) < 0) {
		fputs(err.buf ? err.buf : "", stderr);
		rc = 2;
		goto out;
	}
	printf("committed the removal of %s as %zu patch%s on %.12s:\n", s.title, res.commits.n,
	       res.commits.n == 1 ? "" : "es", res.base);
	for (size_t i = 0; i < res.commits.n; i++)
		printf("  %.12s %s\n", res.commits.v[i], res.commits.v[i] + 41);
	if (opt->series_dir) {
		if (patchset_format(&s, r, opt->series_dir, &res, &err) < 0)
			rc = 2;
		fputs(err.buf ? err.buf : "", stderr);
		if (rc == 0)
			printf("series: %zu files in %s (cover letter Cc: %zu address%s)\n", res.files.n,
			       opt->series_dir, res.cc.n, res.cc.n == 1 ? "" : "es");
	}
	if (getenv("EXCISE_TIMES"))
		fprintf(stderr, "excise: commits %.2f s, format-patch %.2f s\n", res.seconds_commit,
			res.seconds_format);
	removal_summary(stdout, r, 1);
out:
	patchset_result_release(&res);
	series_release(&s);
	sb_release(&err);
	return rc;
}

/*
 * Test hooks (tests/e2e/remove-kill.sh, remove-rollback.sh): a pause
 * between two operations of the apply, and a failure on purpose at the
 * Nth one.
 */
static void test_hooks(struct apply_options *aopt)
{
	const char *delay = getenv("EXCISE_TEST_APPLY_DELAY"), *fail = getenv("EXCISE_TEST_APPLY_FAIL");

	aopt->delay_us = delay ? atol(delay) : 0;
	aopt->fail_at = fail ? atol(fail) : 0;
}

/* Kept code would use definitions the removal deletes: say where and how to go on, write nothing. */
static void __attribute__((noreturn)) refuse_link_residue(const struct removal *r)
{
	const struct links_result *l = &r->links;

	for (size_t i = 0; i < l->n; i++) {
		char *d = links_describe(&l->v[i]);

		fprintf(stderr, "excise: %s\n", d);
		free(d);
	}
	for (size_t i = 0; i < l->nselectors; i++) {
		char *d = links_selector_describe(&l->selectors[i]);

		fprintf(stderr, "excise: note: %s: a kept user of the removed code\n", d);
		free(d);
	}
	fprintf(stderr,
		"excise: the removal leaves %zu use%s of %s definition%s it deletes (link residue); "
		"every configuration that builds %s would fail to link.  To proceed, for each:\n"
		"  - remove the user too: add its Kconfig option (or path) to the targets, and its\n"
		"    dependents go with it (--with-users does so for the options that build\n"
		"    such users);\n"
		"  - or name a replacement: --replace-call %s=NEW (or `replace-call %s=NEW` in a spec);\n"
		"  - or keep the definition (remove less);\n"
		"  - or write the removal anyway with --force and fix the users by hand.\n",
		l->n, l->n == 1 ? "" : "s", l->n == 1 ? "a" : "the", l->n == 1 ? "" : "s",
		l->n == 1 ? "it" : "them", l->v[0].name, l->v[0].name);
	fprintf(stderr, "excise: nothing was changed\n");
	exit(2);
}

/* --replace OLD=NEW (CONFIG_ dropped: defval), --replace-call OLD=NEW */
static int parse_replace(const struct option *opt, const char *arg, struct strbuf *err)
{
	const char *eq = strchr(arg, '=');

	if (!eq || eq == arg || !eq[1]) {
		sb_addf(err, "--%s wants OLD=NEW, not '%s'", opt->long_name, arg);
		return PARSE_OPT_ERROR;
	}
	sv_push(opt->value, opt->defval && starts_with(arg, "CONFIG_") ? arg + 7 : arg);
	return PARSE_OPT_DONE;
}

int cmd_remove(int argc, char **argv)
{
	const char *root = ".";
	struct remove_options opt = { 0 };
	struct strvec targets = STRVEC_INIT;
	int dry_run = 0, force = 0, commit = 0, rc = 0;
	struct series_options_cmd popt = { NULL };
	struct apply_options aopt = { 0 };
	struct strbuf err = STRBUF_INIT, report = STRBUF_INIT;
	struct removal r;
	struct term_progress tp;
	int lock, progress = 0, no_progress = 0;
	const struct option options[] = {
		OPT_STRING('C', NULL, &root, "TREE", "the tree (default: the current directory)"),
		OPT_FLAG('n', "dry-run", &dry_run, "print the change as a diff, touch nothing"),
		OPT_FLAG('f', "force", &force, "a dirty work tree, a large removal, link residue"),
		OPT_FLAG(0, "commit", &commit, "commit the removal as a patch series"),
		OPT_STRING(0, "series", &popt.series_dir, "DIR", "also format-patch it to DIR (implies --commit)"),
		OPT_STRING(0, "why", &popt.why, "TEXT", "why it goes, for the commit messages"),
		OPT_FLAG(0, "no-cocci", &opt.no_cocci, "no semantic patches"),
		OPT_FLAG(0, "with-users", &opt.with_users, "kept users that selected removed code go too"),
		OPT_JOBS(&opt.jobs),
		OPT_PROGRESS(&progress, &no_progress),
		OPT_CALLBACK_F(0, "replace", &opt.replace, "OLD=NEW", "rewrite defconfigs and selects of OLD",
			       PARSE_OPT_ATTACHED, parse_replace, 1),
		OPT_CALLBACK_F(0, "replace-call", &opt.replace_call, "OLD=NEW", "kept callers of OLD call NEW",
			       PARSE_OPT_ATTACHED, parse_replace, 0),
		OPT_ARGS(&targets, "TARGET"),
		OPT_END(),
	};

	parse_command_options("remove", argc, argv, options, remove_usage);
	if (popt.series_dir)
		commit = 1;
	if (!targets.n) {
		remove_usage(stderr);
		return 2;
	}
	opt.allow_large = force;
	opt.progress = term_progress(&tp, progress, no_progress);
	/* One run at a time; and first, whatever a killed run left is undone or finished. */
	lock = plan_lock(root, &err);
	if (lock < 0 || plan_recover(root, &report, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	if (report.len)
		print_error_lines(&report);
	test_hooks(&aopt);
	popt.apply = &aopt;
	/*
	 * A symbol nothing defines or names is a typo (exit 2, as locate); one
	 * that is only named (leftovers, a second run) is removed from where.
	 */
	opt.unknown = LOCATE_UNKNOWN_FAIL;
	if (removal_plan(&r, root, targets.v, (int)targets.n, &opt, &err) < 0) {
		print_error_lines(&err);
		fprintf(stderr, "excise: nothing was changed\n");
		exit(2);
	}
	for (size_t i = 0; i < r.links.unreadable.n; i++)
		fprintf(stderr, "excise: %s\n", r.links.unreadable.v[i]);
	if (getenv("EXCISE_TIMES")) {
		fprintf(stderr, "excise: links %.2f s: %zu C files compared, %zu definitions gone, "
			"%zu with none left, %zu files scanned, %zu uses\n", r.seconds_links,
			r.links.nchanged, r.links.ngone, r.links.nlost, r.links.files_scanned, r.links.n);
		fprintf(stderr, "excise: load %.2f s (once); %zu plan%s, %zu Kconfig round%s; the plan "
			"kept: locate %.2f s, plan %.2f s (spatch %.2f s)\n", r.stats->seconds_load,
			r.stats->plans, r.stats->plans == 1 ? "" : "s", r.stats->kconfig_rounds,
			r.stats->kconfig_rounds == 1 ? "" : "s", r.seconds_locate, r.seconds_plan,
			r.seconds_cocci);
	}
	if (removal_is_empty(&r)) {
		fprintf(stderr, "excise: nothing to remove for %s in %s\n", r.fp.name, root);
		for (size_t i = 0; i < r.plan.nnotes; i++)
			fprintf(stderr, "  %s: %s:%zu (%s): %s\n", action_name(r.plan.notes[i].action),
				r.plan.notes[i].path, r.plan.notes[i].line, kind_name(r.plan.notes[i].kind),
				r.plan.notes[i].reason ? r.plan.notes[i].reason : "");
		goto out;
	}
	if (commit) {
		if (!dry_run && !force)
			check_clean(root, &r.fp);
		if (!dry_run && !git_is_repo(root))
			die("%s: --commit needs a git work tree", root);
		if (!dry_run && !force && r.links.n)
			refuse_link_residue(&r);
		popt.dry_run = dry_run;
		rc = commit_series(&r, &popt);
		goto out;
	}
	if (dry_run) {
		if (plan_diff(&r.plan, stdout, &err) < 0) {
			print_error_lines(&err);
			rc = 2;
			goto out;
		}
		removal_summary(stderr, &r, 0);
		goto out;
	}
	if (!force)
		check_clean(root, &r.fp);
	if (!force && r.links.n)
		refuse_link_residue(&r);
	switch (plan_apply(&r.plan, &aopt, &err)) {
	case 0:
		break;
	case -1:
		print_error_lines(&err);
		rc = 2;
		goto out;
	default:
		print_error_lines(&err);
		rc = 3;   /* the tree is neither as it was nor as planned */
		goto out;
	}
	removal_summary(stdout, &r, 1);
out:
	removal_release(&r);
	sv_clear(&opt.replace);
	sv_clear(&opt.replace_call);
	sb_release(&err);
	sb_release(&report);
	sv_clear(&targets);
	close(lock);
	return rc;
}
