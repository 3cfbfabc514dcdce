/*
 * builtin/check.c - excise check: prove a removal (check.h runs the steps),
 * and excise boot-log: what a boot's console shows.
 *
 * Each step prints its lines and one result line as it ends; a table ends
 * the run.  With --format=json all that goes to stderr, and stdout gets one
 * JSON object at the end: the steps with their status, details, counts and
 * lines (scripts/run.sh reads it).
 * Exit status 0 only when no step failed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builtin.h"
#include "check.h"
#include "report.h"

/* What the run said, per step, for the JSON report. */
struct front {
	int json;
	FILE *human;             /* stdout, or stderr with --format=json */
	const char *after, *before, *logs;
	struct strvec lines[CHECK_NSTEPS];
};

static void on_begin(void *ctx, const char *title)
{
	struct front *f = ctx;

	fprintf(f->human, "excise check: %s in %s (before: %s)%s%s\n", title, f->after, f->before,
		f->logs ? ", logs in " : "", f->logs ? f->logs : "");
}

static void on_line(void *ctx, enum check_step step, const char *text)
{
	struct front *f = ctx;

	sv_push(&f->lines[step], text);
	fprintf(f->human, "    %s\n", text);
}

static void on_step(void *ctx, const struct check_step_result *r)
{
	struct front *f = ctx;
	struct strvec tail = STRVEC_INIT;

	fprintf(f->human, "check %-8s %s  %s (%.0fs)\n", check_step_name(r->step),
		r->status == CHECK_PASS ? "ok  " : r->status == CHECK_FAIL ? "FAIL" : check_status_name(r->status),
		r->details, r->seconds);
	if (r->status == CHECK_FAIL && r->log && check_log_tail(r->log, 25, &tail) == 0)
		for (size_t i = 0; i < tail.n; i++)
			fprintf(f->human, "    | %s\n", tail.v[i]);
	sv_clear(&tail);
	fflush(f->human);
}

static void print_table(FILE *out, const struct check_result *res)
{
	int width = 6;

	for (int s = 0; s < CHECK_NSTEPS; s++)
		if (res->steps[s].status != CHECK_NOT_RUN &&
		    (int)strlen(check_status_name(res->steps[s].status)) > width)
			width = (int)strlen(check_status_name(res->steps[s].status));
	fprintf(out, "\n%-8s  %-*s  %7s  %s\n", "step", width, "result", "seconds", "details");
	for (int s = 0; s < CHECK_NSTEPS; s++) {
		const struct check_step_result *r = &res->steps[s];

		if (r->status != CHECK_NOT_RUN)
			fprintf(out, "%-8s  %-*s  %7.0f  %s\n", check_step_name(r->step), width,
				check_status_name(r->status), r->seconds, r->details);
	}
	fprintf(out, "excise check: %s\n", res->failed ? "FAIL" : "PASS");
}

static void print_json(const struct front *f, const struct check_result *res, const struct strvec *targets)
{
	int first = 1;

	fputs("{\n  \"targets\": [", stdout);
	for (size_t i = 0; i < targets->n; i++) {
		fputs(i ? ", " : "", stdout);
		json_string(stdout, targets->v[i]);
	}
	fputs("],\n  \"title\": ", stdout);
	json_string(stdout, res->title);
	fputs(",\n  \"after\": ", stdout);
	json_string(stdout, f->after);
	fputs(",\n  \"before\": ", stdout);
	json_string(stdout, f->before);
	fputs(",\n  \"logs\": ", stdout);
	if (f->logs)
		json_string(stdout, f->logs);
	else
		fputs("null", stdout);
	fputs(",\n  \"steps\": [", stdout);
	for (int s = 0; s < CHECK_NSTEPS; s++) {
		const struct check_step_result *r = &res->steps[s];

		if (r->status == CHECK_NOT_RUN)
			continue;
		printf("%s\n    {\"step\": \"%s\", \"status\": ", first ? "" : ",", check_step_name(r->step));
		json_string(stdout, r->status == CHECK_FAIL ? "fail" : check_status_name(r->status));
		printf(", \"seconds\": %.1f,\n     \"details\": ", r->seconds);
		json_string(stdout, r->details);
		fputs(",\n     \"log\": ", stdout);
		if (r->log)
			json_string(stdout, r->log);
		else
			fputs("null", stdout);
		fputs(",\n     \"counts\": {", stdout);
		for (size_t k = 0; k < r->ncounts; k++)
			printf("%s\"%s\": %ld", k ? ", " : "", r->counts[k].name, r->counts[k].value);
		fputs("},\n     \"lines\": [", stdout);
		for (size_t k = 0; k < f->lines[s].n; k++) {
			fputs(k ? ",\n       " : "\n       ", stdout);
			json_string(stdout, f->lines[s].v[k]);
		}
		fputs("]}", stdout);
		first = 0;
	}
	printf("\n  ],\n  \"verdict\": \"%s\"\n}\n", res->failed ? "fail" : "pass");
}

/* --only STEP, into the step mask at value. */
static int parse_only(const struct option *opt, const char *arg, struct strbuf *err)
{
	int k = check_step_parse(arg);

	if (k < 0) {
		sb_addf(err, "check: unknown step '%s' (residue, links, kconfig, sparse, connected, cross, "
			"build, boot)", arg);
		return PARSE_OPT_ERROR;
	}
	*(unsigned *)opt->value |= 1u << k;
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
	struct check_options o = { 0 };
	struct strvec targets = STRVEC_INIT, configs = STRVEC_INIT, expect = STRVEC_INIT, boot = STRVEC_INIT;
	struct front f = { 0 };
	struct check_output out = { on_begin, on_line, on_step, &f };
	struct check_result res;
	struct strbuf err = STRBUF_INIT;
	char *logs = NULL, *self;   /* the logs directory made here, if it is */
	int rc;
	const struct option options[] = {
		OPT_STRING('C', NULL, &o.after, "AFTER", "the tree after the removal (default: the "
			   "one the current directory is in)"),
		OPT_STRING(0, "before", &o.before, "BEFORE", "the same tree before the removal "
			   "(required)"),
		OPT_CALLBACK(0, "only", &o.only, "STEP", "run this step only (repeatable; default: every "
			     "one)", parse_only),
		OPT_STRVEC(0, "expect", &expect, "SPEC", "a boot check, [!]fs:NAME, [!]misc:NAME, "
			   "[!]file:PATH or [!]log:TEXT (repeatable)"),
		OPT_STRVEC(0, "config", &boot, "CONFIG_X=y", "an option of the boot kernel "
			   "(repeatable)"),
		OPT_CALLBACK(0, "configs", &configs, "ARCH:TARGET,...", "the only Kconfig "
			     "configurations the kconfig step tries", parse_configs),
		OPT_STRING(0, "connected-base", &o.connected_base, "TARGET", "the connected step "
			   "starts from make TARGET (default: defconfig; tinyconfig is the cheap one)"),
		OPT_STRING(0, "sparse-config", &o.sparse_config, "TARGET", "the configuration the "
			   "sparse step builds with"),
		OPT_STRING(0, "logs", &o.log_dir, "DIR", "where the logs go (default: a new "
			   "$TMPDIR/excise-check-*)"),
		OPT_JOBS(&o.jobs),
		OPT_STRING(0, "distcc", &o.distcc, "HOSTS", "the kernel builds' compile jobs go "
			   "through distcc to HOSTS, behind ccache (default: $DISTCC_HOSTS)"),
		OPT_FLAG(0, "kvm", &o.kvm, "boot under KVM instead of TCG"),
		OPT_FLAG(0, "arch-board", &o.arch_board, "the other architectures' boot kernels are "
			 "their defconfigs for QEMU's virt board, not the smallest that boot (a much "
			 "longer build)"),
		OPT_FLAG(0, "with-users", &o.with_users, "the removal was made with remove "
			 "--with-users: the kept users it took along are checked as dependents"),
		OPT_CALLBACK_F(0, "format", &f.json, "human|json", "json: one JSON object on stdout at "
			       "the end (steps, status, counts, lines); the report for people goes to "
			       "stderr", PARSE_OPT_ATTACHED, parse_opt_json, 0),
		OPT_ARGS(&targets, "TARGET"),
		OPT_END(),
	};

	if (parse_command_options("check", argc, argv, options) == PARSE_OPT_STOP)
		return 0;   /* --help */
	if (!o.distcc && getenv("DISTCC_HOSTS") && *getenv("DISTCC_HOSTS"))
		o.distcc = getenv("DISTCC_HOSTS");
	if (!targets.n || !o.before) {
		if (targets.n)
			fprintf(stderr, "%s: check: --before BEFORE is required: the tree before the removal\n",
				progname);
		show_help(stderr, "check", options);
		sv_clear(&targets), sv_clear(&configs), sv_clear(&expect), sv_clear(&boot);
		return 2;
	}
	o.after = find_tree(o.after);
	o.before = find_tree(o.before);
	o.tmp_dir = tmp_dir();
	/* Logs, for the steps that run scripts: a new directory in $TMPDIR unless --logs. */
	for (int s = CHECK_KCONFIG; s < CHECK_NSTEPS && !o.log_dir; s++)
		if (!o.only || (o.only & (1u << s))) {
			logs = xasprintf("%s/excise-check-XXXXXX", o.tmp_dir);
			if (!mkdtemp(logs))
				die_errno("%s", logs);
			o.log_dir = logs;
		}
	if (o.log_dir && !logs && mkdir(o.log_dir, 0755) < 0 && access(o.log_dir, W_OK) < 0)
		die_errno("%s", o.log_dir);
	self = self_exe();
	o.self = self;
	o.scripts = resource_dir("scripts");
	o.configs = &configs;
	o.expect = &expect;
	o.boot_config = &boot;
	f.human = f.json ? stderr : stdout;
	f.after = o.after;
	f.before = o.before;
	f.logs = o.log_dir;
	if (check_run(&o, targets.v, (int)targets.n, &out, &res, &err) < 0) {
		print_error_lines(&err);
		die("check: cannot plan the removal in %s", o.before);
	}
	print_table(f.human, &res);
	if (f.json)
		print_json(&f, &res, &targets);
	rc = res.failed ? 1 : 0;
	check_result_release(&res);
	if (logs)
		rmdir(logs);   /* only if no step wrote a log into it */
	free(logs);
	for (int s = 0; s < CHECK_NSTEPS; s++)
		sv_clear(&f.lines[s]);
	sv_clear(&targets), sv_clear(&configs), sv_clear(&expect), sv_clear(&boot);
	sb_release(&err);
	free(self);
	return rc;
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
	struct strvec words = STRVEC_INIT, lines = STRVEC_INIT;
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
	if (check_boot_evidence(log, &words, &lines) < 0) {
		fprintf(stderr, "%s: %s: %s\n", progname, log, strerror(errno));
		rc = 2;
	}
	for (size_t i = 0; i < lines.n; i++)
		printf("| %s\n", lines.v[i]);
	sv_clear(&lines);
	sv_clear(&words);
	return rc;
}
