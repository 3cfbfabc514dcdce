/*
 * builtin/cpp.c - `excise cpp`: resolve the preprocessor conditionals of files
 * for Kconfig symbols off (-U) or on (-D), printing the result like unifdef.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "cpp.h"
#include "plan.h"
#include "util.h"

struct symbol_arg {
	char *name;
	int on;
};

/* The -U and -D options, in order. */
struct symbol_args {
	struct symbol_arg *v;
	size_t n, cap;
};

/*
 * -U SYM (off), -D SYM (on: defval): SYM without its CONFIG_ prefix, onto
 * the struct symbol_args at value; refused unless a plain identifier.
 */
static int parse_symbol(const struct option *opt, const char *arg, struct strbuf *err)
{
	struct symbol_args *syms = opt->value;
	const char *s = starts_with(arg, "CONFIG_") && arg[7] ? arg + 7 : arg;

	if (!*s) {
		sb_adds(err, "cpp: empty symbol name");
		return PARSE_OPT_ERROR;
	}
	for (const char *p = s; *p; p++)
		if (!is_word_char((unsigned char)*p)) {
			sb_addf(err, "cpp: '%s' is not a Kconfig symbol name", arg);
			return PARSE_OPT_ERROR;
		}
	GROW(syms->v, syms->cap, syms->n + 1);
	syms->v[syms->n].name = xstrdup(s);
	syms->v[syms->n++].on = (int)opt->defval;
	return PARSE_OPT_DONE;
}

/* FILE, onto the strvec at value unless given before. */
static int parse_file(const struct option *opt, const char *arg, struct strbuf *err)
{
	(void)err;
	if (!sv_contains(opt->value, arg))
		sv_push(opt->value, arg);
	return PARSE_OPT_DONE;
}

static int write_output(const char *out, const struct strbuf *text)
{
	char *tmp = xasprintf("%s.excise-tmp", out);
	FILE *f = fopen(tmp, "w");
	int ok = f && fwrite(text->buf, 1, text->len, f) == text->len;

	/* fclose even after a short write: the stream is released either way */
	if (f && fclose(f) != 0)
		ok = 0;
	if (!ok || rename(tmp, out) < 0) {
		warnmsg("cpp: cannot write %s: %s", out, strerror(errno));
		unlink(tmp);
		free(tmp);
		return -1;
	}
	free(tmp);
	return 0;
}

int cmd_cpp(int argc, char **argv)
{
	struct symbol_args syms = { NULL, 0, 0 };
	struct strset off = STRSET_INIT, on = STRSET_INIT, seen = STRSET_INIT;
	struct strvec files = STRVEC_INIT, log = STRVEC_INIT;
	struct cpp_stats stats = { 0 };
	struct strbuf err = STRBUF_INIT, text = STRBUF_INIT;
	const char *out = NULL, *bad;
	int diff = 0, list = 0, show_stats = 0, squeeze = 0, status = 0;
	unsigned flags = 0;
	struct plan plan;
	const struct option options[] = {
		OPT_CALLBACK_F('U', NULL, &syms, "SYM", "SYM off: CONFIG_SYM and CONFIG_SYM_MODULE "
			       "undefined (repeatable)", PARSE_OPT_ATTACHED, parse_symbol, 0),
		OPT_CALLBACK_F('D', NULL, &syms, "SYM", "SYM on: CONFIG_SYM defined as 1, "
			       "CONFIG_SYM_MODULE undefined (repeatable)", PARSE_OPT_ATTACHED,
			       parse_symbol, 1),
		OPT_FLAG('B', NULL, &squeeze, "squeeze blank lines: a removed run of lines between two "
			 "blank lines takes the blank line after it along (as unifdef -B)"),
		OPT_STRING('o', NULL, &out, "OUT", "write the result to OUT (one FILE only)"),
		OPT_FLAG(0, "diff", &diff, "print the change as a unified diff instead"),
		OPT_FLAG(0, "list", &list, "print one line per changed conditional: "
			 "FILE:LINE-ENDLINE: what happened"),
		OPT_FLAG(0, "stats", &show_stats, "print counts to stderr"),
		OPT_ARGS_CALLBACK(&files, "FILE", parse_file),
		OPT_END(),
	};

	/* -USYM as well as -U SYM, but -o OUT only; "--" ends the options. */
	switch (parse_options(argc, argv, options, PARSE_OPT_SEPARATE_VALUES, &bad, &err)) {
	case PARSE_OPT_DONE:
		break;
	case PARSE_OPT_HELP:
		show_help(stdout, "cpp", options);
		return 0;
	case PARSE_OPT_MISSING:
		if (!strcmp(bad, "-o"))
			die("cpp: -o needs a file name");
		die("cpp: %s needs a symbol (see 'excise cpp --help')", bad);
	case PARSE_OPT_ERROR:
		die("%s", err.buf);
	default:
		die("cpp: unknown option %s (see 'excise cpp --help')", bad);
	}
	if (squeeze)
		flags |= CPP_SQUEEZE_BLANKS;
	if (!files.n)
		die("cpp: no FILE given (see 'excise cpp --help')");
	if (out && files.n > 1)
		die("cpp: -o takes one FILE");
	if (diff + list > 1)
		die("cpp: --diff and --list exclude each other");
	/* The last -U or -D of a symbol wins. */
	for (size_t i = syms.n; i-- > 0;) {
		if (strset_add(&seen, syms.v[i].name))
			strset_add(syms.v[i].on ? &on : &off, syms.v[i].name);
		free(syms.v[i].name);
	}
	free(syms.v);
	strset_clear(&seen);

	plan_init(&plan, ".");
	stats.log = &log;
	for (size_t i = 0; i < files.n; i++) {
		const struct plan_file *f;
		size_t before = log.n, notes = plan.nnotes;
		int n;

		sb_reset(&err);
		n = cpp_resolve_flags(&plan, files.v[i], &off, &on, flags, &stats, &err);
		if (n < 0) {
			fputs(err.buf, stderr);
			status = 2;
			continue;
		}
		if (n > 0 && status == 0)
			status = 1;
		for (size_t k = notes; k < plan.nnotes; k++)
			fprintf(stderr, "%s: %s:%zu: warning: %s\n", progname, plan.notes[k].path,
				plan.notes[k].line, plan.notes[k].reason);
		if (list) {
			for (size_t k = before; k < log.n; k++)
				printf("%s:%s\n", files.v[i], log.v[k]);
		} else if (!diff) {
			f = plan_file(&plan, files.v[i]);
			sb_reset(&text);
			plan_result(&plan, f, &text);
			if (out) {
				if (write_output(out, &text) < 0)
					status = 2;
			} else {
				fwrite(text.buf, 1, text.len, stdout);
			}
		}
	}
	if (diff) {
		struct strbuf why = STRBUF_INIT;

		if (plan_diff(&plan, stdout, &why) < 0) {
			print_error_lines(&why);
			status = 2;
		}
		sb_release(&why);
	}
	if (show_stats)
		fprintf(stderr,
			"excise cpp: %zu files, %zu directives, %zu conditionals, %zu changed: "
			"%zu branches dropped, %zu bodies kept, %zu directives rewritten, "
			"%zu comments fixed, %zu for review, %zu blank lines squeezed\n",
			files.n, stats.directives, stats.conditionals, stats.changed, stats.dropped,
			stats.unwrapped, stats.rewritten, stats.comments, stats.review, stats.squeezed);
	plan_release(&plan);
	strset_clear(&off);
	strset_clear(&on);
	sv_clear(&files);
	sv_clear(&log);
	sb_release(&err);
	sb_release(&text);
	return status;
}
