/* parse_options.c - one option parser for every command (parse_options.h). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "parse_options.h"

static int takes_value(const struct option *o)
{
	return o->type != OPTION_FLAG && !(o->type == OPTION_CALLBACK && (o->flags & PARSE_OPT_NOARG));
}

/* Give o its value (NULL for one that takes none); is_long: it was given as --name. */
static int apply(const struct option *o, int is_long, const char *arg, struct strbuf *err)
{
	switch (o->type) {
	case OPTION_FLAG:
		*(int *)o->value = 1;
		return PARSE_OPT_DONE;
	case OPTION_STRING:
		*(const char **)o->value = arg;
		return PARSE_OPT_DONE;
	case OPTION_INT: {
		char *end;
		long v;

		errno = 0;
		v = strtol(arg, &end, 10);
		if (!*arg || *end || errno || v < INT_MIN || v > INT_MAX) {
			if (is_long)
				sb_addf(err, "--%s wants a number, not '%s'", o->long_name, arg);
			else
				sb_addf(err, "-%c wants a number, not '%s'", o->short_name, arg);
			return PARSE_OPT_ERROR;
		}
		*(int *)o->value = (int)v;
		return PARSE_OPT_DONE;
	}
	case OPTION_STRVEC:
		sv_push(o->value, arg);
		return PARSE_OPT_DONE;
	case OPTION_CALLBACK:
		return o->callback(o, arg, err);
	case OPTION_END:
		break;
	}
	die("internal error: option type %d", (int)o->type);
}

/* The option of the table named --name (its first len bytes); NULL if none. */
static const struct option *find_long(const struct option *options, const char *name, size_t len)
{
	for (const struct option *o = options; o->type != OPTION_END; o++)
		if (o->long_name && strlen(o->long_name) == len && !strncmp(o->long_name, name, len))
			return o;
	return NULL;
}

static const struct option *find_short(const struct option *options, int c)
{
	for (const struct option *o = options; o->type != OPTION_END; o++)
		if (o->short_name && o->short_name == c)
			return o;
	return NULL;
}

/* The entry that takes the non-option arguments, or NULL. */
static const struct option *find_args(const struct option *options)
{
	for (const struct option *o = options; o->type != OPTION_END; o++)
		if (!o->short_name && !o->long_name)
			return o;
	return NULL;
}

/* A non-option argument, to the OPT_ARGS entry. */
static int argument(const struct option *options, const char *arg, struct strbuf *err)
{
	const struct option *o = find_args(options);

	if (!o) {
		sb_addf(err, "unexpected argument '%s'", arg);
		return PARSE_OPT_ERROR;
	}
	return apply(o, 0, arg, err);
}

int parse_options(int argc, char **argv, const struct option *options, unsigned flags,
		  const char **bad, struct strbuf *err)
{
	const char *unused;
	int rc = PARSE_OPT_DONE;

	if (!bad)
		bad = &unused;
	for (int i = 1; i < argc && rc == PARSE_OPT_DONE; i++) {
		const char *a = argv[i], *value = NULL;
		const struct option *o;
		int attached;

		*bad = a;
		if (!strcmp(a, "-h") || !strcmp(a, "--help"))
			return PARSE_OPT_HELP;
		if (!strcmp(a, "--")) {
			for (i++; i < argc && rc == PARSE_OPT_DONE; i++) {
				*bad = argv[i];
				rc = argument(options, argv[i], err);
			}
			break;
		}
		if (a[0] != '-' || (!a[1] && !(flags & PARSE_OPT_DASH_IS_OPTION))) {
			rc = argument(options, a, err);
			continue;
		}
		if (a[1] == '-') {
			const char *eq = strchr(a + 2, '=');

			o = find_long(options, a + 2, eq ? (size_t)(eq - a - 2) : strlen(a + 2));
			attached = eq != NULL;
			value = eq ? eq + 1 : NULL;
		} else {
			o = a[1] ? find_short(options, (unsigned char)a[1]) : NULL;
			attached = a[1] && a[2];
			value = attached ? a + 2 : NULL;
		}
		if (!o || (attached && (!takes_value(o) || ((flags & PARSE_OPT_SEPARATE_VALUES) &&
							     !(o->flags & PARSE_OPT_ATTACHED))))) {
			sb_addf(err, "unknown option '%s'", a);
			return PARSE_OPT_UNKNOWN;
		}
		if (takes_value(o) && !attached) {
			if (i + 1 >= argc) {
				sb_addf(err, "%s needs a value (%s)", a, o->argh ? o->argh : "an argument");
				return PARSE_OPT_MISSING;
			}
			value = argv[++i];
		}
		rc = apply(o, a[1] == '-', value, err);
		if (rc == PARSE_OPT_ERROR && value)
			*bad = value;
	}
	if (rc == PARSE_OPT_UNKNOWN && !err->len)
		sb_addf(err, "unknown option '%s'", *bad);
	return rc;
}

int option_shown(const struct option *o)
{
	return o->help && (o->short_name || o->long_name);
}

void option_spelling(const struct option *o, struct strbuf *sb)
{
	if (o->short_name)
		sb_addf(sb, "-%c", o->short_name);
	if (o->short_name && o->long_name)
		sb_adds(sb, ", ");
	if (o->long_name)
		sb_addf(sb, "--%s", o->long_name);
	if (takes_value(o))
		sb_addf(sb, " %s", o->argh ? o->argh : "VALUE");
}

#define USAGE_INDENT 4
#define USAGE_HELP_COLUMN 26
#define USAGE_WIDTH 80

/* text from column col (where the line is already), wrapped at USAGE_WIDTH, each next line from indent. */
static void print_wrapped(FILE *out, const char *text, size_t col, size_t indent)
{
	const char *p = text;

	while (*p) {
		size_t room = col < USAGE_WIDTH ? USAGE_WIDTH - col : 1, n = strlen(p), cut = n;

		if (n > room) {
			for (cut = room; cut > 0 && p[cut] != ' '; cut--)
				;
			if (!cut)   /* one word longer than the line */
				cut = strcspn(p, " ");
		}
		fprintf(out, "%.*s\n", (int)cut, p);
		p += cut;
		while (*p == ' ')
			p++;
		if (*p)
			fprintf(out, "%*s", (int)indent, "");
		col = indent;
	}
}

void usage_options(FILE *out, const struct option *options)
{
	struct strbuf sb = STRBUF_INIT;

	for (const struct option *o = options; o->type != OPTION_END; o++) {
		if (!option_shown(o))
			continue;
		sb_reset(&sb);
		sb_addf(&sb, "%*s", USAGE_INDENT, "");
		option_spelling(o, &sb);
		if (sb.len + 2 > USAGE_HELP_COLUMN) {
			fprintf(out, "%s\n%*s", sb.buf, USAGE_HELP_COLUMN, "");
		} else {
			fprintf(out, "%-*s", USAGE_HELP_COLUMN, sb.buf);
		}
		print_wrapped(out, o->help, USAGE_HELP_COLUMN, USAGE_HELP_COLUMN);
	}
	sb_release(&sb);
}
