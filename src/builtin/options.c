/* builtin/options.c - what the front ends share about their options (builtin.h). */
#include <errno.h>
#include <stdlib.h>

#include "builtin.h"
#include "report.h"

/* What a command leaves behind, for main's write error (builtin.h). */
const char *write_error_note;

const char *tmp_dir(void)
{
	const char *d = getenv("TMPDIR");

	return d && *d ? d : "/tmp";
}

int parse_opt_jobs(const struct option *opt, const char *arg, struct strbuf *err)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(arg, &end, 10);
	if (!*arg || *end || errno) {
		sb_addf(err, "--jobs: '%s' is not a number", arg);
		return PARSE_OPT_ERROR;
	}
	if (v < 1 || v > JOBS_MAX) {
		sb_addf(err, "--jobs: %ld is out of range (1 to %d)", v, JOBS_MAX);
		return PARSE_OPT_ERROR;
	}
	*(int *)opt->value = (int)v;
	return PARSE_OPT_DONE;
}

int parse_command_options(const char *cmd, int argc, char **argv, const struct option *options)
{
	struct strbuf err = STRBUF_INIT;
	const char *bad = NULL;
	int rc = parse_options(argc, argv, options, PARSE_OPT_SEPARATE_VALUES,
			       &bad, &err);

	switch (rc) {
	case PARSE_OPT_DONE:
	case PARSE_OPT_STOP:
		sb_release(&err);
		return rc;
	case PARSE_OPT_HELP:
		show_help(stdout, cmd, options);
		sb_release(&err);
		return PARSE_OPT_STOP;   /* the command returns 0, and main checks the output */
	default:
		die_option_error(cmd, rc, bad, &err);
	}
}

void die_option_error(const char *cmd, int rc, const char *bad, const struct strbuf *err)
{
	if (rc == PARSE_OPT_ERROR)
		die("%s", err->buf);
	if (rc == PARSE_OPT_MISSING)
		die("%s: %s", cmd, err->buf);
	die("%s: unknown option '%s'", cmd, bad);
}

int usage_option_error(const char *cmd, int rc, const char *bad, const struct strbuf *err,
		       const char *doc, const struct option *options)
{
	if (rc == PARSE_OPT_ERROR)
		fprintf(stderr, "%s: %s\n", progname, err->buf);
	else if (rc == PARSE_OPT_MISSING)
		fprintf(stderr, "%s: %s: %s\n", progname, cmd, err->buf);
	else
		fprintf(stderr, "%s: %s: unknown option '%s'\n", progname, cmd, bad);
	show_help(stderr, doc, options);
	return 2;
}

int parse_opt_json(const struct option *opt, const char *arg, struct strbuf *err)
{
	enum report_format fmt;

	if (report_format_parse(arg, &fmt) < 0 || fmt == FORMAT_TSV) {
		sb_addf(err, "unknown format '%s' (human or json)", arg);
		return PARSE_OPT_ERROR;
	}
	*(int *)opt->value = fmt == FORMAT_JSON;
	return PARSE_OPT_DONE;
}
