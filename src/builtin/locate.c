/* builtin/locate.c - excise locate: find every reference to a subsystem. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "dangling.h"
#include "kind.h"
#include "locate.h"
#include "report.h"

int parse_jobs(const char *arg)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (!*arg || *end || errno)
		die("--jobs: '%s' is not a number", arg);
	if (v < 1 || v > JOBS_MAX)
		die("--jobs: %ld is out of range (1 to %d)", v, JOBS_MAX);
	return (int)v;
}

static void locate_usage(FILE *out)
{
	fputs("usage: excise locate [-C TREE] [--format=human|tsv|json] [--jobs N] TARGET...\n"
	      "       excise locate --dangling [-C TREE] [--format=...] [--jobs N] [PATH...]\n"
	      "       excise locate --list-kinds\n"
	      "  --dangling  references to Kconfig symbols that no Kconfig file defines (under\n"
	      "              PATH... only, if given), with a verdict or an exclusion for each\n"
	      "  --list-kinds  the kinds of reference, each with what it is\n"
	      "exit status: 0 references found, 1 none, 2 error\n", out);
}

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

int cmd_locate(int argc, char **argv)
{
	const char *root = ".";
	enum report_format fmt = FORMAT_HUMAN;
	struct locate_options opt = { 0 };
	char **targets = xcalloc((size_t)argc, sizeof(char *));
	int ntargets = 0, rc, dangling = 0;
	struct footprint fp;
	struct locate_result res;
	struct tree t;
	struct kconfig_db db;
	struct plan plan;
	struct strbuf err = STRBUF_INIT;
	double times[6];

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-C") && i + 1 < argc)
			root = argv[++i];
		else if (starts_with(a, "--format=") || (!strcmp(a, "--format") && i + 1 < argc)) {
			const char *v = a[8] == '=' ? a + 9 : argv[++i];

			if (report_format_parse(v, &fmt) < 0)
				die("unknown format '%s' (human, tsv or json)", v);
		}
		else if (!strcmp(a, "--dangling"))
			dangling = 1;
		else if (!strcmp(a, "--list-kinds")) {
			for (size_t k = 0; k < KIND_COUNT; k++)
				if (kind_table[k].listed)
					printf("%-16s %s\n", kind_table[k].name, kind_table[k].description);
			free(targets);
			return 0;
		}
		else if (!strcmp(a, "--jobs") && i + 1 < argc)
			opt.nthreads = parse_jobs(argv[++i]);
		else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			locate_usage(stdout);
			return 0;
		} else if (a[0] == '-' && a[1])
			die("locate: unknown option '%s'", a);
		else
			targets[ntargets++] = argv[i];
	}
	if (dangling) {
		rc = locate_dangling(root, fmt, opt.nthreads, targets, ntargets);
		free(targets);
		return rc;
	}
	if (!ntargets) {
		locate_usage(stderr);
		return 2;
	}
	times[0] = seconds_now();
	if (tree_load(&t, root, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	footprint_init(&fp);
	/* The plan only reads: locate changes nothing. */
	plan_init(&plan, t.root);
	times[1] = seconds_now();
	if (kconfig_db_load(&db, &t, &plan, &err) < 0)
		warnmsg("some Kconfig files do not parse; references in them are classified by line:\n%s",
			err.buf);
	times[2] = seconds_now();
	sb_reset(&err);
	if (target_resolve(&fp, &t, &db, targets, ntargets, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	times[3] = seconds_now();
	if (locate_run(&fp, &t, &db, &opt, &res, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	times[4] = seconds_now();
	report_locate(stdout, fmt, &fp, &res);
	times[5] = seconds_now();
	if (getenv("EXCISE_TIMES"))
		fprintf(stderr, "excise: tree %.3f s, kconfig %.3f s, derive %.3f s, scan %.3f s, "
			"report %.3f s (%zu files)\n", times[1] - times[0], times[2] - times[1],
			times[3] - times[2], times[4] - times[3], times[5] - times[4], t.files.n);
	rc = res.n ? 0 : 1;
	locate_release(&res);
	footprint_release(&fp);
	kconfig_db_release(&db);
	plan_release(&plan);
	sb_release(&err);
	tree_release(&t);
	free(targets);
	return rc;
}
