/* Unit tests of parse_options.c: values, order, --, -h, errors and the flags of a parse. */
#include <stdarg.h>

#include "parse_options.h"
#include "unit.h"

static const char *root, *fmt;
static int dry_run, count, stop_seen;
static struct strvec args = STRVEC_INIT, words = STRVEC_INIT, calls = STRVEC_INIT;

static int record(const struct option *opt, const char *arg, struct strbuf *err)
{
	if (arg && !strcmp(arg, "bad")) {
		sb_addf(err, "%s: 'bad' is refused", opt->long_name);
		return PARSE_OPT_ERROR;
	}
	sv_push_owned(&calls, xasprintf("%s%ld=%s", opt->long_name ? opt->long_name : "U",
					(long)opt->defval, arg ? arg : "(null)"));
	return PARSE_OPT_DONE;
}

static int stop(const struct option *opt, const char *arg, struct strbuf *err)
{
	(void)opt, (void)arg, (void)err;
	stop_seen = 1;
	return PARSE_OPT_STOP;
}

/* A non-option argument: "-" and "two" are refused, the rest pushed. */
static int one_arg(const struct option *opt, const char *arg, struct strbuf *err)
{
	if (!strcmp(arg, "-"))
		return PARSE_OPT_UNKNOWN;
	if (!strcmp(arg, "two")) {
		sb_adds(err, "no two");
		return PARSE_OPT_ERROR;
	}
	sv_push(opt->value, arg);
	return PARSE_OPT_DONE;
}

static const struct option options[] = {
	OPT_STRING('C', NULL, &root, "TREE", "the tree"),
	OPT_FLAG('n', "dry-run", &dry_run, "touch nothing"),
	OPT_STRING(0, "format", &fmt, "FMT", "the output format"),
	OPT_INT(0, "count", &count, "N", "how many"),
	OPT_STRVEC(0, "word", &words, "WORD", "a word (repeatable)"),
	OPT_CALLBACK(0, "call", NULL, "X", "a callback", record),
	OPT_CALLBACK_F('U', NULL, NULL, "SYM", "off", PARSE_OPT_ATTACHED, record, 7),
	OPT_CALLBACK_F(0, "list", NULL, NULL, "stops", PARSE_OPT_NOARG, stop, 0),
	OPT_ARGS(&args, "ARG"),
	OPT_END(),
};

static void reset(void)
{
	root = fmt = NULL;
	dry_run = count = stop_seen = 0;
	sv_clear(&args);
	sv_clear(&words);
	sv_clear(&calls);
}

/* Parse the NULL-terminated arguments after the command name with flags. */
static int parse(const struct option *opts, unsigned flags, const char **bad, struct strbuf *err,
		 ...)
{
	char *argv[32] = { "cmd" };
	int argc = 1;
	va_list ap;

	va_start(ap, err);
	while (argc < 31 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	sb_reset(err);
	return parse_options(argc, argv, opts, flags, bad, err);
}

static char *joined(const struct strvec *sv)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < sv->n; i++)
		sb_addf(&sb, "%s%s", i ? "|" : "", sv->v[i]);
	return sb.len ? sb_detach(&sb, NULL) : xstrdup("");
}

#define CHECK_SV(sv, want)                     \
	do {                                   \
		char *j_ = joined(sv);         \
		CHECK_STR(j_, want);           \
		free(j_);                      \
	} while (0)

static void test_values(void)
{
	struct strbuf err = STRBUF_INIT;
	const char *bad = NULL;

	reset();
	CHECK(parse(options, 0, &bad, &err, "a", "-C", "dir", "--dry-run", "--format=json", "b",
		    "--count", "-12", "--word", "x", "--word=y", "--call", "--help", "-USLOB", "-U",
		    "-D", "c", NULL) == PARSE_OPT_DONE);
	CHECK_STR(root, "dir");
	CHECK(dry_run == 1);
	CHECK_STR(fmt, "json");
	CHECK(count == -12);
	CHECK_SV(&words, "x|y");
	/* A value is the next argument whatever it looks like; the callback sees defval. */
	CHECK_SV(&calls, "call0=--help|U7=SLOB|U7=-D");
	/* Options after the arguments are options; the arguments keep their order. */
	CHECK_SV(&args, "a|b|c");
	CHECK(err.len == 0);

	/* -Cdir, --format json, -n; the last value of a string wins. */
	reset();
	CHECK(parse(options, 0, &bad, &err, "-Cone", "-C", "two", "--format", "tsv", "-n", "-", NULL) ==
	      PARSE_OPT_DONE);
	CHECK_STR(root, "two");
	CHECK_STR(fmt, "tsv");
	CHECK(dry_run == 1);
	CHECK_SV(&args, "-");

	/* Empty values are values. */
	reset();
	CHECK(parse(options, 0, &bad, &err, "--format=", "-C", "", NULL) == PARSE_OPT_DONE);
	CHECK_STR(fmt, "");
	CHECK_STR(root, "");
	sb_release(&err);
}

static void test_dashdash_and_help(void)
{
	struct strbuf err = STRBUF_INIT;
	const char *bad = NULL;

	reset();
	CHECK(parse(options, 0, &bad, &err, "a", "--", "-n", "--help", "--", NULL) == PARSE_OPT_DONE);
	CHECK(dry_run == 0);
	CHECK_SV(&args, "a|-n|--help|--");

	/* -h and --help end the parse where they stand: what comes before is parsed. */
	reset();
	CHECK(parse(options, 0, &bad, &err, "-n", "-h", "--bogus", NULL) == PARSE_OPT_HELP);
	CHECK(dry_run == 1);
	CHECK(parse(options, 0, &bad, &err, "--help", NULL) == PARSE_OPT_HELP);
	/* ... and an error before them is the answer. */
	CHECK(parse(options, 0, &bad, &err, "--bogus", "-h", NULL) == PARSE_OPT_UNKNOWN);
	/* --help=x is no help. */
	CHECK(parse(options, 0, &bad, &err, "--help=x", NULL) == PARSE_OPT_UNKNOWN);

	/* A callback may end the parse: nothing after it is looked at. */
	reset();
	CHECK(parse(options, 0, &bad, &err, "x", "--list", "--bogus", "y", NULL) == PARSE_OPT_STOP);
	CHECK(stop_seen == 1);
	CHECK_SV(&args, "x");
	sb_release(&err);
}

static void test_errors(void)
{
	struct strbuf err = STRBUF_INIT;
	const char *bad = NULL;

	reset();
	CHECK(parse(options, 0, &bad, &err, "a", "--frobnicate", "-n", NULL) == PARSE_OPT_UNKNOWN);
	CHECK_STR(bad, "--frobnicate");
	CHECK_STR(err.buf, "unknown option '--frobnicate'");
	CHECK(dry_run == 0);
	CHECK(parse(options, 0, &bad, &err, "-x", NULL) == PARSE_OPT_UNKNOWN);
	CHECK_STR(bad, "-x");
	/* No bundling, no abbreviations, no value for a flag. */
	CHECK(parse(options, 0, &bad, &err, "-nC", NULL) == PARSE_OPT_UNKNOWN);
	CHECK_STR(bad, "-nC");
	CHECK(parse(options, 0, &bad, &err, "--dry", NULL) == PARSE_OPT_UNKNOWN);
	CHECK(parse(options, 0, &bad, &err, "--dry-run=1", NULL) == PARSE_OPT_UNKNOWN);
	CHECK_STR(bad, "--dry-run=1");
	CHECK(parse(options, 0, &bad, &err, "--list=1", NULL) == PARSE_OPT_UNKNOWN);

	/* A value missing at the end. */
	CHECK(parse(options, 0, &bad, &err, "a", "--format", NULL) == PARSE_OPT_MISSING);
	CHECK_STR(bad, "--format");
	CHECK_STR(err.buf, "--format needs a value (FMT)");
	CHECK(parse(options, 0, &bad, &err, "-C", NULL) == PARSE_OPT_MISSING);
	CHECK_STR(bad, "-C");

	/* Values refused: by OPTION_INT, by a callback (attached or not). */
	CHECK(parse(options, 0, &bad, &err, "--count", "12x", NULL) == PARSE_OPT_ERROR);
	CHECK_STR(bad, "12x");
	CHECK_STR(err.buf, "--count wants a number, not '12x'");
	CHECK(parse(options, 0, &bad, &err, "--count=", NULL) == PARSE_OPT_ERROR);
	CHECK_STR(err.buf, "--count wants a number, not ''");
	CHECK(parse(options, 0, &bad, &err, "--count", "99999999999", NULL) == PARSE_OPT_ERROR);
	CHECK(parse(options, 0, &bad, &err, "--call=bad", "--bogus", NULL) == PARSE_OPT_ERROR);
	CHECK_STR(bad, "bad");
	CHECK_STR(err.buf, "call: 'bad' is refused");

	/* A table without OPT_ARGS takes no arguments. */
	{
		static const struct option none[] = { OPT_FLAG('n', NULL, &dry_run, NULL), OPT_END() };

		CHECK(parse(none, 0, &bad, &err, "-n", "x", NULL) == PARSE_OPT_ERROR);
		CHECK_STR(bad, "x");
		CHECK_STR(err.buf, "unexpected argument 'x'");
	}
	sb_release(&err);
}

static void test_parse_flags(void)
{
	struct strbuf err = STRBUF_INIT;
	const char *bad = NULL;
	const unsigned sep = PARSE_OPT_SEPARATE_VALUES;

	/* Only separate values, but for options flagged PARSE_OPT_ATTACHED. */
	reset();
	CHECK(parse(options, sep, &bad, &err, "-C", "d", "--format", "f", "-USYM", NULL) == PARSE_OPT_DONE);
	CHECK_SV(&calls, "U7=SYM");
	CHECK(parse(options, sep, &bad, &err, "--format=json", NULL) == PARSE_OPT_UNKNOWN);
	CHECK_STR(bad, "--format=json");
	CHECK(parse(options, sep, &bad, &err, "-Cdir", NULL) == PARSE_OPT_UNKNOWN);
	CHECK_STR(bad, "-Cdir");

	/* - as an option. */
	reset();
	CHECK(parse(options, 0, &bad, &err, "-", NULL) == PARSE_OPT_DONE);
	CHECK_SV(&args, "-");
	CHECK(parse(options, PARSE_OPT_DASH_IS_OPTION, &bad, &err, "-", NULL) == PARSE_OPT_UNKNOWN);
	CHECK_STR(err.buf, "unknown option '-'");
	sb_release(&err);
}

static void test_args_callback(void)
{
	static struct strvec got = STRVEC_INIT;
	static const struct option opts[] = {
		OPT_FLAG('n', NULL, &dry_run, NULL),
		OPT_ARGS_CALLBACK(&got, "ARG", one_arg),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	const char *bad = NULL;

	/* Each argument is judged where it stands, before later options. */
	CHECK(parse(opts, 0, &bad, &err, "one", "two", "--bogus", NULL) == PARSE_OPT_ERROR);
	CHECK_STR(bad, "two");
	CHECK_STR(err.buf, "no two");
	CHECK(parse(opts, 0, &bad, &err, "-", "--bogus", NULL) == PARSE_OPT_UNKNOWN);
	CHECK_STR(bad, "-");
	CHECK_STR(err.buf, "unknown option '-'");
	CHECK(parse(opts, 0, &bad, &err, "--", "-n", "two", NULL) == PARSE_OPT_ERROR);
	CHECK_STR(bad, "two");
	CHECK_SV(&got, "one|-n");
	sv_clear(&got);
	sb_release(&err);
}

/* usage_options: the table's help lines, the spelling of each option, wrapped at 80 columns. */
static void test_usage(void)
{
	static const struct option opts[] = {
		OPT_STRING('C', NULL, &root, "TREE", "the tree"),
		OPT_FLAG('n', "dry-run", &dry_run, "print the change as a unified diff (for git apply) "
			 "and touch nothing at all, not even a single file of the tree"),
		OPT_CALLBACK(0, "a-rather-long-option-name", &args, "VALUE", "short", record),
		OPT_FLAG(0, "hidden", &count, NULL),
		OPT_ARGS(&args, "ARG"),
		OPT_END(),
	};
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct strbuf sb = STRBUF_INIT;

	option_spelling(&opts[1], &sb);
	CHECK_STR(sb.buf, "-n, --dry-run");
	sb_reset(&sb);
	option_spelling(&opts[0], &sb);
	CHECK_STR(sb.buf, "-C TREE");
	CHECK(!option_shown(&opts[3]) && !option_shown(&opts[4]));
	usage_options(f, opts);
	fclose(f);
	CHECK_STR(buf,
		  "    -C TREE               the tree\n"
		  "    -n, --dry-run         print the change as a unified diff (for git apply) and\n"
		  "                          touch nothing at all, not even a single file of the\n"
		  "                          tree\n"
		  "    --a-rather-long-option-name VALUE\n"
		  "                          short\n");
	free(buf);
	sb_release(&sb);
}

int main(void)
{
	test_usage();
	test_values();
	test_dashdash_and_help();
	test_errors();
	test_parse_flags();
	test_args_callback();
	reset();
	return unit_done("parse_options");
}
