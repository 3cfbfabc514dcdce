/*
 * builtin/help.c - a command's help from its doc (doc.c) and its option
 * table, as text (--help), a manual page (roff) or the option list the
 * bash completion is made from.  One source, three renderings.
 */
#include <ctype.h>
#include <string.h>

#include "builtin.h"
#include "doc.h"
#include "kind.h"
#include "version.h"

enum help_format help_format = HELP_TEXT;

#define WIDTH 80

/* text filled from column indent to WIDTH (the line is at column at), each next line indented too. */
static void fill_at(FILE *out, const char *text, size_t len, size_t indent, size_t at)
{
	size_t col = indent;
	const char *p = text, *end = text + len;

	if (indent > at)
		fprintf(out, "%*s", (int)(indent - at), "");
	while (p < end) {
		const char *w = p;
		size_t n;

		while (w < end && !isspace((unsigned char)*w))
			w++;
		n = (size_t)(w - p);
		if (col > indent && col + 1 + n > WIDTH) {
			fprintf(out, "\n%*s", (int)indent, "");
			col = indent;
		} else if (col > indent) {
			fputc(' ', out);
			col++;
		}
		fwrite(p, 1, n, out);
		col += n;
		for (p = w; p < end && isspace((unsigned char)*p); p++)
			;
	}
	fputc('\n', out);
}

static void fill(FILE *out, const char *text, size_t len, size_t indent)
{
	fill_at(out, text, len, indent, 0);
}

/* A paragraph to show as written: every line starts with two blanks. */
static int is_literal(const char *p, size_t len)
{
	for (const char *l = p; l < p + len; l = memchr(l, '\n', (size_t)(p + len - l)) + 1) {
		if (strncmp(l, "  ", 2))
			return 0;
		if (!memchr(l, '\n', (size_t)(p + len - l)))
			break;
	}
	return 1;
}

/* Each paragraph of text (doc.h): fn(out, paragraph, length, literal). */
static void paragraphs(FILE *out, const char *text,
		       void (*fn)(FILE *out, const char *p, size_t len, int literal, int first))
{
	int first = 1;

	while (text && *text) {
		const char *end = strstr(text, "\n\n");
		size_t len = end ? (size_t)(end - text) : strlen(text);

		fn(out, text, len, is_literal(text, len), first);
		first = 0;
		text = end ? end + 2 : text + len;
	}
}

static void text_paragraph(FILE *out, const char *p, size_t len, int literal, int first)
{
	if (!first)
		fputc('\n', out);
	if (literal)
		fprintf(out, "%.*s\n", (int)len, p);
	else
		fill(out, p, len, 0);
}

static void text_exits(FILE *out, const struct doc *d)
{
	if (!d->exits)
		return;
	fputs("\nexit status:\n", out);
	for (const struct doc_exit *e = d->exits; e->code >= 0; e++) {
		/* the first line beside the code, the rest under it */
		fill_at(out, e->what, strlen(e->what), 5, (size_t)fprintf(out, "  %d  ", e->code));
	}
}

/* --help: the usage lines, the options of the table, the note, the exit status. */
static void show_text(FILE *out, const struct doc *d, const struct option *options)
{
	for (size_t i = 0; d->usage[i]; i++)
		fprintf(out, "%s excise %s\n", i ? "   or:" : "usage:", d->usage[i]);
	if (options && options->type != OPTION_END) {
		fputc('\n', out);
		usage_options(out, options);
	} else if (!options && d->description) {   /* a page of no command: its text */
		if (d->usage[0])
			fputc('\n', out);
		paragraphs(out, d->description, text_paragraph);
	}
	if (d->note) {
		fputc('\n', out);
		paragraphs(out, d->note, text_paragraph);
	}
	text_exits(out, d);
	if (d->page)
		fprintf(out, "\nMore in man %s.\n", d->page);
}

/* Escaped for roff: a backslash, a '-' (an option's, a minus), a '.' or '\'' starting a line. */
static void roff(FILE *out, const char *s, size_t n)
{
	int bol = 1;

	for (size_t i = 0; i < n; i++) {
		char c = s[i];

		if (bol && (c == '.' || c == '\''))
			fputs("\\&", out);
		if (c == '\\')
			fputs("\\e", out);
		else if (c == '-')
			fputs("\\-", out);
		else
			fputc(c, out);
		bol = c == '\n';
	}
}

static void roffs(FILE *out, const char *s)
{
	roff(out, s, strlen(s));
}

static void man_paragraph(FILE *out, const char *p, size_t len, int literal, int first)
{
	if (!first)
		fputs(".PP\n", out);
	if (literal) {
		/* the two blanks every line starts with are the indentation .RS gives */
		fputs(".RS 2\n.nf\n", out);
		for (const char *l = p; l < p + len;) {
			const char *nl = memchr(l, '\n', (size_t)(p + len - l));
			size_t n = nl ? (size_t)(nl - l) : (size_t)(p + len - l);

			roff(out, l + 2, n - 2);
			fputc('\n', out);
			l += n + 1;
		}
		fputs(".fi\n.RE\n", out);
		return;
	}
	/* A sentence a line (man-pages(7)): the text breaks after each ".  ". */
	for (size_t i = 0; i < len;) {
		size_t e;

		while (i < len && (p[i] == ' ' || p[i] == '\n'))
			i++;
		if (i == len)
			break;
		for (e = i; e < len && !(e + 2 < len && p[e] == '.' && p[e + 1] == ' ' && p[e + 2] == ' ');
		     e++)
			;
		if (e < len)
			e++;   /* the period */
		roff(out, p + i, e - i);
		fputc('\n', out);
		i = e;
	}
}

/* The name of an option in bold, its value in italics: \fB\-C\fR \fITREE\fR. */
static void man_option(FILE *out, const struct option *o)
{
	struct strbuf sb = STRBUF_INIT;
	char *sp;

	option_spelling(o, &sb);
	sp = strchr(sb.buf, ' ');
	if (sp && sp[-1] == ',')   /* "-n, --dry-run": the blank after the comma */
		sp = strchr(sp + 1, ' ');
	fputs("\\fB", out);
	roff(out, sb.buf, sp ? (size_t)(sp - sb.buf) : sb.len);
	fputs("\\fR", out);
	if (sp) {
		fputs(" \\fI", out);
		roffs(out, sp + 1);
		fputs("\\fR", out);
	}
	fputc('\n', out);
	sb_release(&sb);
}

static void man_upper(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '-')
			fputs("\\-", out);
		else
			fputc(toupper((unsigned char)*s), out);
	}
}

/* The manual page of d (roff, man(7) macros), with the options of the table. */
static void show_man(FILE *out, const struct doc *d, const struct option *options)
{
	fputs(".TH ", out);
	man_upper(out, d->page);
	fprintf(out, " %d \"\" \"excise %s\" \"excise manual\"\n", d->section, EXCISE_VERSION);
	fputs(".SH NAME\n", out);
	roffs(out, d->page);
	fputs(" \\- ", out);
	roffs(out, d->summary);
	fputc('\n', out);
	if (d->usage[0]) {
		fputs(".SH SYNOPSIS\n.nf\n", out);
		for (size_t i = 0; d->usage[i]; i++) {
			const char *sp = strchr(d->usage[i], ' ');
			size_t n = sp ? (size_t)(sp - d->usage[i]) : strlen(d->usage[i]);

			fputs("\\fBexcise ", out);
			roff(out, d->usage[i], n);
			fputs("\\fR", out);
			if (sp)
				roffs(out, sp);
			fputc('\n', out);
		}
		fputs(".fi\n", out);
	}
	fputs(".SH DESCRIPTION\n", out);
	paragraphs(out, d->description ? d->description : d->summary, man_paragraph);
	if (d->note) {
		fputs(".PP\n", out);
		paragraphs(out, d->note, man_paragraph);
	}
	if (options && options->type != OPTION_END) {
		fputs(".SH OPTIONS\n", out);
		for (const struct option *o = options; o->type != OPTION_END; o++) {
			if (!option_shown(o))
				continue;
			fputs(".TP\n", out);
			man_option(out, o);
			roffs(out, o->help);
			fputc('\n', out);
		}
	}
	if (!strcmp(d->name, "excise")) {
		fputs(".SH COMMANDS\n", out);
		for (size_t i = 0; i < ndocs; i++) {
			if (docs[i].section != 1 || !strcmp(docs[i].name, "excise"))
				continue;
			fputs(".TP\n\\fB", out);
			roffs(out, docs[i].name);
			fputs("\\fR\n", out);
			roffs(out, docs[i].summary);
			if (docs[i].page) {
				fputs(" (", out);
				roffs(out, docs[i].page);
				fputs("(1))", out);
			}
			fputc('\n', out);
		}
	}
	if (!strcmp(d->name, "locate")) {   /* the kinds, from the table locate prints them from */
		fputs(".SH KINDS\n", out);
		for (size_t k = 0; k < KIND_COUNT; k++) {
			if (!kind_table[k].listed)
				continue;
			fputs(".TP\n.B ", out);
			roffs(out, kind_table[k].name);
			fputc('\n', out);
			roffs(out, kind_table[k].description);
			fputc('\n', out);
		}
	}
	if (d->exits) {
		fputs(".SH EXIT STATUS\n", out);
		for (const struct doc_exit *e = d->exits; e->code >= 0; e++) {
			fprintf(out, ".TP\n.B %d\n", e->code);
			roffs(out, e->what);
			fputc('\n', out);
		}
	}
	if (d->see_also) {
		fputs(".SH SEE ALSO\n", out);
		roffs(out, d->see_also);
		fputc('\n', out);
	}
}

/* The options, a line each: "--name<TAB>ARG" (ARG empty for a flag), for the completion. */
static void show_options(FILE *out, const struct option *options)
{
	for (const struct option *o = options; options && o->type != OPTION_END; o++) {
		const char *arg = "";
		struct strbuf sb = STRBUF_INIT;

		if (!option_shown(o))
			continue;
		option_spelling(o, &sb);
		if (strchr(sb.buf, ' ') && strrchr(sb.buf, ' ')[-1] != ',')
			arg = strrchr(sb.buf, ' ') + 1;
		if (o->short_name)
			fprintf(out, "-%c\t%s\n", o->short_name, arg);
		if (o->long_name)
			fprintf(out, "--%s\t%s\n", o->long_name, arg);
		sb_release(&sb);
	}
}

void show_doc(FILE *out, const struct doc *d, const struct option *options)
{
	switch (help_format) {
	case HELP_TEXT:
		show_text(out, d, options);
		break;
	case HELP_MAN:
		if (d->page)
			show_man(out, d, options);
		break;
	case HELP_OPTIONS:
		show_options(out, options);
		break;
	}
}

void show_help(FILE *out, const char *name, const struct option *options)
{
	const struct doc *d = doc_find(name);

	if (!d)
		die("internal error: no doc for '%s'", name);
	show_doc(out, d, options);
}
