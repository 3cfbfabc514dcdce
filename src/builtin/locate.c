/* builtin/locate.c - excise locate: find every reference to a subsystem. */
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "dangling.h"
#include "kind.h"
#include "locate.h"
#include "report.h"

/* excise locate --dangling: undefined symbols, reported under paths (or everywhere). */
static int locate_dangling(const char *root, enum report_format fmt, int nthreads, char **paths,
			   int npaths)
{
	struct dangling_options opt = { nthreads, paths, (size_t)npaths };
	struct dangling_result res;
	struct tree t;
	struct kconfig_db db;
	struct plan plan;
	struct strbuf err = STRBUF_INIT;
	int rc;

	if (tree_load(&t, root, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	plan_init(&plan, t.root);
	if (kconfig_db_load(&db, &t, &plan, &err) < 0)
		warnmsg("some Kconfig files do not parse; their definitions and references are missed:\n%s",
			err.buf);
	sb_reset(&err);
	if (dangling_find(&t, &db, &plan, &opt, &res, &err) < 0) {
		print_error_lines(&err);
		rc = 2;
	} else {
		dangling_report(stdout, fmt, &res);
		rc = res.ndangling ? 0 : 1;
	}
	dangling_release(&res);
	kconfig_db_release(&db);
	plan_release(&plan);
	sb_release(&err);
	tree_release(&t);
	return rc;
}

/* --format=FORMAT */
static int parse_format(const struct option *opt, const char *arg, struct strbuf *err)
{
	if (report_format_parse(arg, opt->value) < 0) {
		sb_addf(err, "unknown format '%s' (human, tsv or json)", arg);
		return PARSE_OPT_ERROR;
	}
	return PARSE_OPT_DONE;
}

/* --list-kinds: printed where it stands, and locate is done. */
static int list_kinds(const struct option *opt, const char *arg, struct strbuf *err)
{
	(void)opt, (void)arg, (void)err;
	for (size_t k = 0; k < KIND_COUNT; k++)
		if (kind_table[k].listed)
			printf("%-16s %s\n", kind_table[k].name, kind_table[k].description);
	return PARSE_OPT_STOP;
}

int cmd_locate(int argc, char **argv)
{
	const char *root = NULL;
	enum report_format fmt = FORMAT_HUMAN;
	struct locate_options opt = { 0 };
	struct strvec targets = STRVEC_INIT;
	int rc, dangling = 0, parsed, progress = 0, no_progress = 0, have_db;
	struct term_progress tp;
	struct footprint fp;
	struct locate_result res;
	struct tree t;
	struct kconfig_db db;
	struct plan plan;
	struct strbuf err = STRBUF_INIT;
	double times[6];
	const struct option options[] = {
		OPT_STRING('C', NULL, &root, "TREE", "the kernel tree (default: the one the current "
			   "directory is in)"),
		OPT_CALLBACK_F(0, "format", &fmt, "human|tsv|json", "the report's format (default: "
			       "human)", PARSE_OPT_ATTACHED, parse_format, 0),
		OPT_FLAG(0, "dangling", &dangling, "references to Kconfig symbols that no Kconfig file "
			 "defines (under PATH... only, if given), each with a verdict or an exclusion"),
		OPT_CALLBACK_F(0, "list-kinds", NULL, NULL, "the kinds of reference, each with what it "
			       "is", PARSE_OPT_NOARG, list_kinds, 0),
		OPT_JOBS(&opt.nthreads),
		OPT_PROGRESS(&progress, &no_progress),
		OPT_ARGS(&targets, "TARGET"),
		OPT_END(),
	};

	parsed = parse_command_options("locate", argc, argv, options);
	if (parsed == PARSE_OPT_STOP) {   /* --list-kinds */
		sv_clear(&targets);
		return 0;
	}
	if (dangling) {
		root = find_tree(root);
		rc = locate_dangling(root, fmt, opt.nthreads, targets.v, (int)targets.n);
		sv_clear(&targets);
		return rc;
	}
	if (!targets.n) {
		show_help(stderr, "locate", options);
		return 2;
	}
	root = find_tree(root);
	times[0] = seconds_now();
	if (tree_load(&t, root, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	footprint_init(&fp);
	/* The plan only reads: locate changes nothing. */
	plan_init(&plan, t.root);
	times[1] = seconds_now();
	if (target_add(&fp, &t, targets.v, (int)targets.n, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	/* A footprint of words alone needs no Kconfig model: locate parses what it matches. */
	have_db = footprint_needs_kconfig(&fp);
	if (have_db && kconfig_db_load(&db, &t, &plan, &err) < 0)
		warnmsg("some Kconfig files do not parse; references in them are classified by line:\n%s",
			err.buf);
	times[2] = seconds_now();
	sb_reset(&err);
	target_finish(&fp, &t, have_db ? &db : NULL, NULL);
	times[3] = seconds_now();
	opt.progress = term_progress(&tp, progress, no_progress);
	if (locate_run(&fp, &t, have_db ? &db : NULL, &opt, &res, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	times[4] = seconds_now();
	print_gone(stderr, &fp);
	report_locate(stdout, fmt, &fp, &res);
	times[5] = seconds_now();
	{
		struct strvec notes = STRVEC_INIT;   /* what the walk left out */

		tree_skip_notes(&t, &fp.paths, &notes);
		for (size_t i = 0; i < notes.n; i++)
			warnmsg("skipped %s", notes.v[i]);
		sv_clear(&notes);
	}
	if (getenv("EXCISE_TIMES"))
		fprintf(stderr, "excise: tree %.3f s, kconfig %.3f s, derive %.3f s, scan %.3f s, "
			"report %.3f s (%zu files)\n", times[1] - times[0], times[2] - times[1],
			times[3] - times[2], times[4] - times[3], times[5] - times[4], t.files.n);
	rc = res.n ? 0 : 1;
	locate_release(&res);
	footprint_release(&fp);
	if (have_db)
		kconfig_db_release(&db);
	plan_release(&plan);
	sb_release(&err);
	tree_release(&t);
	sv_clear(&targets);
	return rc;
}
