/* builtin/remove.c - excise remove: plan every edit, check the plan, then apply it atomically. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "git.h"
#include "patchset.h"
#include "remove.h"
#include "report.h"
#include "series.h"

/* Refuse a dirty git work tree (root, or a directory of one): the change would mix with the user's. */
static void check_clean(const char *root, const struct footprint *fp)
{
	struct strvec dirty = STRVEC_INIT;
	struct strbuf err = STRBUF_INIT;

	if (git_dirty_files(root, &fp->paths, &dirty, &err) < 0)
		die("%s (use --force to remove without asking git)", err.buf);
	if (!dirty.n)
		return;
	fprintf(stderr, "excise: %s has uncommitted changes (use --force to remove anyway):\n", root);
	for (size_t i = 0; i < dirty.n && i < 20; i++)
		fprintf(stderr, "  %s\n", dirty.v[i]);
	if (dirty.n > 20)
		fprintf(stderr, "  ... and %zu more\n", dirty.n - 20);
	exit(2);
}

/* An option as git format-patch takes it: --name=V and -vN too. */
#define OPT_AS_GIT(t, s, l, v, a, h) { (t), (s), (l), (v), (a), (h), PARSE_OPT_ATTACHED, NULL, 0 }

struct series_options_cmd {
	const char *series_dir;   /* --series DIR, or NULL */
	const char *why;          /* --why TEXT, or NULL */
	int dry_run;              /* print the series, change nothing */
	int no_verify;            /* --no-verify: no pre-commit and commit-msg hooks */
	int defconfig_per_arch;   /* --defconfig-per-arch: a defconfig commit per architecture */
	const struct apply_options *apply;
	FILE *human;              /* the report for people: stdout, or stderr under --format=json */
	int json;                 /* --format=json: the summary as JSON on stdout */
	struct patchset_format_options format;   /* --to, --cc, --subject-prefix, -v, -D */
};

/*
 * --commit: split the checked plan of r, then (unless dry_run) check the
 * work tree, commit, and write the series directory.  Reports on stdout,
 * problems on stderr.  Returns the exit status.
 */
static int commit_series(struct removal *r, const struct series_options_cmd *opt)
{
	struct series_options so = { opt->why, 1, opt->defconfig_per_arch };
	struct patchset_result res;
	struct strbuf err = STRBUF_INIT, nowhy = STRBUF_INIT;
	struct series s;
	int rc = 0;

	memset(&res, 0, sizeof(res));
	series_split(&s, r, &so);
	if (!s.why)   /* said last, after the summary */
		sb_addf(&nowhy, "excise: warning: the messages give no reason for the removal: the tree "
			      "gives none (no MAINTAINERS S: Obsolete or Orphan, no \"deprecated\" or "
			      "\"obsolete\" in its Kconfig entry); say why with --why\n");
	if (opt->dry_run) {
		if (opt->json)
			removal_summary_json(stdout, r, 0, NULL, NULL);
		else
			series_print(stdout, &s);
		removal_summary(stderr, r, 0);
		fputs(nowhy.buf ? nowhy.buf : "", stderr);
		series_release(&s);
		sb_release(&nowhy);
		return 0;
	}
	if (opt->series_dir && patchset_dir_check(opt->series_dir, &err) < 0) {
		fputs(err.buf, stderr);
		rc = 2;
		goto out;
	}
	if (patchset_check(r, &err) < 0)
		rc = 2;
	else
		switch (patchset_commit(&s, r, opt->apply, opt->no_verify, &res, &err)) {
		case 0:
			break;
		case PATCHSET_UNCHANGED:
			rc = 2;
			break;
		case PATCHSET_UNCOMMITTED:
			rc = 4;   /* the work tree holds the whole removal, HEAD did not move */
			break;
		default:
			rc = 3;   /* neither as it was nor as planned */
			break;
		}
	if (rc) {
		fputs(err.buf ? err.buf : "", stderr);
		goto out;
	}
	write_error_note = "the removal is committed";
	fprintf(opt->human, "committed the removal of %s as %zu patch%s on %.12s:\n", s.title,
		res.commits.n, res.commits.n == 1 ? "" : "es", res.base);
	for (size_t i = 0; i < res.commits.n; i++)
		fprintf(opt->human, "  %.12s %s\n", res.commits.v[i], res.commits.v[i] + 41);
	if (opt->series_dir) {
		/* The removal is committed: a series that could not be written is exit 1. */
		if (patchset_format(&s, r, opt->series_dir, &opt->format, &res, &err) < 0)
			rc = 1;
		if (rc == 0 && res.to.n + res.cc.n)
			fprintf(opt->human, "series: %zu files in %s (cover letter To: %zu, Cc: %zu; each "
				"patch has its own)\n", res.files.n, opt->series_dir, res.to.n, res.cc.n);
		else if (rc == 0)
			fprintf(opt->human, "series: %zu files in %s (NO To: or Cc: lines; see the warning "
				"at the end)\n", res.files.n, opt->series_dir);
	}
	if (getenv("EXCISE_TIMES"))
		fprintf(stderr, "excise: commits %.2f s, format-patch %.2f s\n", res.seconds_commit,
			res.seconds_format);
	removal_summary(opt->human, r, 1);
	if (opt->json)
		removal_summary_json(stdout, r, 1, &res.commits, rc == 0 ? opt->series_dir : NULL);
	/* Warnings last, after the summary, where they are seen. */
	fflush(stdout);
	fputs(nowhy.buf ? nowhy.buf : "", stderr);
	fputs(err.buf ? err.buf : "", stderr);
out:
	patchset_result_release(&res);
	series_release(&s);
	sb_release(&err);
	sb_release(&nowhy);
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
	int compile = 0;

	for (size_t i = 0; i < l->n; i++) {
		char *d = links_describe(&l->v[i]);

		compile |= links_compile(&l->v[i]);
		fprintf(stderr, "excise: %s\n", d);
		free(d);
	}
	for (size_t i = 0; i < l->nselectors; i++) {
		char *d = links_selector_describe(&l->selectors[i]);

		fprintf(stderr, "excise: note: %s: a kept user of the removed code\n", d);
		free(d);
	}
	fprintf(stderr,
		"excise: the removal leaves %zu use%s of %s definition%s it deletes (%s residue); "
		"every configuration that builds %s would fail to %s.  To proceed, for each:\n"
		"  - remove the user too: add its Kconfig option (or path) to the targets, and its\n"
		"    dependents go with it (--with-users does so for the options that build\n"
		"    such users);\n"
		"  - or name a replacement: --replace-call %s=NEW (or `replace-call %s=NEW` in a spec);\n"
		"  - or keep the definition (remove less);\n"
		"  - or write the removal anyway with --force and fix the users by hand.\n",
		l->n, l->n == 1 ? "" : "s", l->n == 1 ? "a" : "the", l->n == 1 ? "" : "s",
		compile ? "compile" : "link", l->n == 1 ? "it" : "them", compile ? "compile or link" : "link", l->v[0].name, l->v[0].name);
	fprintf(stderr, "excise: nothing was changed\n");
	exit(2);
}

/*
 * SIGINT, SIGTERM, SIGHUP, SIGQUIT.  While excise plans, nothing is
 * written: a signal says so and ends the run at once (write, signal and
 * raise are async-signal-safe).  The sections that write (the recovery of
 * a killed run, the apply, the commits) hold the signals instead: the
 * library stops where it can (apply.c, patchset.c), and the front end then
 * says what was left and lets the signal end the run.
 */
static void on_stop_signal(int sig)
{
	static const char msg[] = "excise: interrupted: nothing was changed\n";

	if (write(STDERR_FILENO, msg, sizeof(msg) - 1) < 0) {
		/* stderr is gone: the signal still ends the run */
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void catch_stop_signals(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < ARRAY_SIZE(sigs); i++)
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)   /* nohup stays */
			sigaction(sigs[i], &sa, NULL);
}

static void hold_stop_signals(sigset_t *saved)
{
	sigset_t set;

	stop_signals_set(&set);
	pthread_sigmask(SIG_BLOCK, &set, saved);
}

/*
 * The end of a section that writes: a signal that came meanwhile ends the
 * run now, after "excise: interrupted: STATE" (what the section left).
 */
static void release_stop_signals(const sigset_t *saved, const char *state)
{
	int sig = stop_signal_pending();

	if (sig) {
		fflush(stdout);
		fprintf(stderr, "excise: interrupted: %s\n", state);
		signal(sig, SIG_DFL);
	}
	pthread_sigmask(SIG_SETMASK, saved, NULL);
}

/* What a --commit run left, by its exit status (commit_series), for an interruption. */
static const char *commit_state(int rc)
{
	switch (rc) {
	case 0:
	case 1:
		return "the removal is committed";
	case 2:
		return "nothing was changed";
	case 4:
		return "the work tree holds the whole removal, uncommitted (see above)";
	default:
		return "the tree is neither as it was nor as planned (see above)";
	}
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
	const char *root = NULL;
	struct remove_options opt = { 0 };
	struct strvec targets = STRVEC_INIT;
	int dry_run = 0, force = 0, commit = 0, rc = 0;
	struct series_options_cmd popt = { NULL };
	struct apply_options aopt = { 0 };
	struct strbuf err = STRBUF_INIT, report = STRBUF_INIT;
	struct removal r;
	struct term_progress tp;
	int lock, progress = 0, no_progress = 0, recovered, applied, json = 0;
	size_t said;
	sigset_t held;
	const struct option options[] = {
		OPT_STRING('C', NULL, &root, "TREE", "the kernel tree (default: the one the current "
			   "directory is in)"),
		OPT_FLAG('n', "dry-run", &dry_run, "print the change as a unified diff (for git apply) "
			 "and touch nothing"),
		OPT_FLAG('f', "force", &force, "go on in a git work tree with uncommitted changes, "
			 "delete more than 5% of the tree's files, or write a removal that leaves link "
			 "residue (kept code using a removed definition)"),
		OPT_CALLBACK_F(0, "replace", &opt.replace, "OLD=NEW", "rewrite defconfig lines and "
			       "selects of OLD to NEW instead of deleting them", PARSE_OPT_ATTACHED,
			       parse_replace, 1),
		OPT_CALLBACK_F(0, "replace-call", &opt.replace_call, "OLD=NEW", "kept code that calls "
			       "the removed function OLD calls NEW", PARSE_OPT_ATTACHED, parse_replace, 0),
		OPT_FLAG(0, "with-users", &opt.with_users, "remove the kept options whose code uses a "
			 "removed definition too (those that selected a removed symbol, or have a "
			 "prompt), with their dependents"),
		OPT_FLAG(0, "no-cocci", &opt.no_cocci, "leave C references other than preprocessor "
			 "lines alone (no semantic patches)"),
		OPT_FLAG(0, "commit", &commit, "in a git work tree: commit the removal as a patch series "
			 "by area; with --dry-run, print the series"),
		OPT_STRING(0, "series", &popt.series_dir, "DIR", "also write the series to DIR as git "
			   "format-patch output with a cover letter; each patch's To: and Cc: are what "
			   "the tree's own scripts/get_maintainer.pl gives for it, the cover letter's "
			   "all of them (implies --commit)"),
		OPT_AS_GIT(OPTION_STRVEC, 0, "to", &popt.format.to, "ADDRESS", "--series: To: on every patch and the "
			   "cover letter, besides the maintainers get_maintainer.pl names"),
		OPT_AS_GIT(OPTION_STRVEC, 0, "cc", &popt.format.cc, "ADDRESS", "--series: Cc: on every patch and the "
			   "cover letter"),
		OPT_AS_GIT(OPTION_STRING, 0, "subject-prefix", &popt.format.subject_prefix, "PREFIX", "--series: "
			   "[PREFIX] instead of [PATCH], as git format-patch (\"PATCH net-next\")"),
		OPT_AS_GIT(OPTION_INT, 'v', "reroll-count", &popt.format.reroll, "N", "--series: mark the series as "
			"the N-th version ([PATCH vN], files vN-*.patch), as git format-patch"),
		OPT_FLAG('D', "irreversible-delete", &popt.format.irreversible_delete, "--series: "
			 "deletions without the deleted lines, as git format-patch -D (short to mail; "
			 "git am cannot apply them)"),
		OPT_FLAG(0, "defconfig-per-arch", &popt.defconfig_per_arch, "--commit: the defconfig "
			 "edits one patch per architecture (default: one patch for all)"),
		OPT_STRING(0, "why", &popt.why, "TEXT", "a paragraph on why it goes, for the commit "
			   "messages and the cover letter"),
		OPT_FLAG(0, "no-verify", &popt.no_verify, "--commit runs the repository's hooks as git "
			 "commit does (pre-commit, prepare-commit-msg, commit-msg, post-commit): without "
			 "pre-commit and commit-msg"),
		OPT_JOBS(&opt.jobs),
		OPT_PROGRESS(&progress, &no_progress),
		OPT_CALLBACK_F(0, "format", &json, "human|json", "json: what it did as one JSON object "
			       "on stdout (the report for people goes to stderr; with --dry-run, instead "
			       "of the diff)", PARSE_OPT_ATTACHED, parse_opt_json, 0),
		OPT_ARGS(&targets, "TARGET"),
		OPT_END(),
	};

	if (parse_command_options("remove", argc, argv, options) == PARSE_OPT_STOP)
		return 0;   /* --help */
	if (popt.series_dir)
		commit = 1;
	write_error_note = "nothing was changed";
	if (!targets.n) {
		show_help(stderr, "remove", options);
		return 2;
	}
	root = find_tree(root);
	opt.allow_large = force;
	opt.preview = dry_run;
	opt.tmp_dir = tmp_dir();
	opt.progress = term_progress(&tp, progress, no_progress);
	catch_stop_signals();
	/*
	 * One run at a time; and first, whatever a killed run left is undone or
	 * finished (with --dry-run: only said, nothing is written).
	 */
	hold_stop_signals(&held);
	lock = plan_lock(root, &err);
	recovered = lock < 0 ? -1 : plan_recover(root, dry_run, &report, &err);
	if (recovered < 0) {
		print_error_lines(&err);
		release_stop_signals(&held, "nothing was changed");
		exit(2);
	}
	if (report.len)
		print_error_lines(&report);
	release_stop_signals(&held, recovered && !dry_run ? "what an earlier run left was dealt with "
							    "as said above; nothing else was changed"
							  : "nothing was changed");
	if (dry_run && recovered == 2) {
		fprintf(stderr, "excise: --dry-run previews the tree as it was, and a real run restores "
				"that first: run it without --dry-run (or preview once it has); "
				"nothing was changed\n");
		sv_clear(&targets);
		sb_release(&err);
		sb_release(&report);
		close(lock);
		return 2;
	}
	test_hooks(&aopt);
	popt.apply = &aopt;
	popt.human = json ? stderr : stdout;
	popt.json = json;
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
		print_gone(stderr, &r.fp);
		if (r.fp.gone.n && !r.plan.nnotes && r.fp.gone.n == targets.n)
			goto out;   /* removed already, every one: nothing to do */
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
		hold_stop_signals(&held);
		rc = commit_series(&r, &popt);
		release_stop_signals(&held, commit_state(rc));
		goto out;
	}
	if (dry_run && json) {
		removal_summary_json(stdout, &r, 0, NULL, NULL);
		removal_summary(stderr, &r, 0);
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
	hold_stop_signals(&held);
	said = err.len;
	applied = plan_apply(&r.plan, &aopt, &err);
	if (applied == 0) {
		/* complete; what the clean-up could not remove is said */
		struct strbuf left = { err.buf + said, err.len - said, 0 };

		print_error_lines(&left);
		write_error_note = "the removal is complete";
		removal_summary(popt.human, &r, 1);
		if (json)
			removal_summary_json(stdout, &r, 1, NULL, NULL);
	} else if (applied == -1 && stop_signal_pending()) {
		;   /* rolled back for the signal: release_stop_signals says it */
	} else {
		print_error_lines(&err);
	}
	rc = applied == 0 ? 0 : applied == -1 ? 2 : 3;   /* 3: neither as it was nor as planned */
	release_stop_signals(&held, applied == 0 ? "the removal is complete" :
				    applied == -1 ? "nothing was changed" :
				    "the tree is neither as it was nor as planned (see above)");
out:
	removal_release(&r);
	sv_clear(&opt.replace);
	sv_clear(&opt.replace_call);
	sb_release(&err);
	sb_release(&report);
	sv_clear(&targets);
	sv_clear(&popt.format.to);
	sv_clear(&popt.format.cc);
	close(lock);
	return rc;
}
