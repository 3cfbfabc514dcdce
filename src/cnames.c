/*
 * cnames.c - the names a C header declares (cnames.h).
 *
 * One pass of a small tokenizer (words and punctuation; comments, strings,
 * numbers and preprocessor lines consumed on the way) that keeps the brace
 * and parenthesis depth and the last two tokens, which is all a header's
 * file-scope declarations need.
 */
#include "cnames.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

struct ctok {
	char kind;        /* 'w' a word, 0 the end, else the punctuation byte */
	size_t off, len;
};

struct ctokenizer {
	const char *buf;
	size_t len, i;
	int bol;          /* only blanks since the last newline */
	int has_include;
	struct strvec *out;
};

static int is_word_byte(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static void add_name(struct strvec *out, const char *s, size_t n)
{
	char *name = xstrndup(s, n);

	if (!sv_contains(out, name))
		sv_push(out, name);
	free(name);
}

/* Skip to the end of the logical line (backslash continuations, comments). */
static void skip_directive(struct ctokenizer *tz)
{
	while (tz->i < tz->len && tz->buf[tz->i] != '\n') {
		if (tz->buf[tz->i] == '\\' && tz->i + 1 < tz->len && tz->buf[tz->i + 1] == '\n')
			tz->i++;
		else if (tz->buf[tz->i] == '/' && tz->i + 1 < tz->len && tz->buf[tz->i + 1] == '*') {
			const char *e = memmem(tz->buf + tz->i + 2, tz->len - tz->i - 2, "*/", 2);

			tz->i = e ? (size_t)(e - tz->buf) + 1 : tz->len;
		}
		tz->i++;
	}
}

/* A preprocessor line at tz->i ('#'): note #include, record a #define's name. */
static void directive(struct ctokenizer *tz)
{
	size_t s;

	tz->i++;
	while (tz->i < tz->len && (tz->buf[tz->i] == ' ' || tz->buf[tz->i] == '\t'))
		tz->i++;
	for (s = tz->i; tz->i < tz->len && is_word_byte(tz->buf[tz->i]); tz->i++)
		;
	if (tz->i - s == 7 && !strncmp(tz->buf + s, "include", 7))
		tz->has_include = 1;
	if (tz->i - s == 6 && !strncmp(tz->buf + s, "define", 6)) {
		while (tz->i < tz->len && (tz->buf[tz->i] == ' ' || tz->buf[tz->i] == '\t'))
			tz->i++;
		for (s = tz->i; tz->i < tz->len && is_word_byte(tz->buf[tz->i]); tz->i++)
			;
		if (tz->i > s)
			add_name(tz->out, tz->buf + s, tz->i - s);
	}
	skip_directive(tz);
}

static struct ctok next_tok(struct ctokenizer *tz)
{
	const char *b = tz->buf;

	while (tz->i < tz->len) {
		char c = b[tz->i];

		if (c == '\n') {
			tz->bol = 1;
			tz->i++;
		} else if (isspace((unsigned char)c)) {
			tz->i++;
		} else if (c == '/' && tz->i + 1 < tz->len && b[tz->i + 1] == '*') {
			const char *e = memmem(b + tz->i + 2, tz->len - tz->i - 2, "*/", 2);

			tz->i = e ? (size_t)(e - b) + 2 : tz->len;
		} else if (c == '/' && tz->i + 1 < tz->len && b[tz->i + 1] == '/') {
			while (tz->i < tz->len && b[tz->i] != '\n')
				tz->i++;
		} else if (c == '#' && tz->bol) {
			directive(tz);
		} else if (c == '"' || c == '\'') {
			for (tz->i++; tz->i < tz->len && b[tz->i] != c && b[tz->i] != '\n'; tz->i++)
				if (b[tz->i] == '\\')
					tz->i++;
			tz->i++;
			tz->bol = 0;
			return (struct ctok){ 'S', tz->i, 0 };
		} else if (is_word_byte(c)) {
			size_t s = tz->i;

			while (tz->i < tz->len && is_word_byte(b[tz->i]))
				tz->i++;
			tz->bol = 0;
			if (isdigit((unsigned char)c))
				return (struct ctok){ 'N', s, tz->i - s };
			return (struct ctok){ 'w', s, tz->i - s };
		} else {
			tz->bol = 0;
			tz->i++;
			return (struct ctok){ c, tz->i - 1, 1 };
		}
	}
	return (struct ctok){ 0, tz->len, 0 };
}

static int tok_is(const struct ctokenizer *tz, struct ctok t, const char *word)
{
	return t.kind == 'w' && t.len == strlen(word) && !strncmp(tz->buf + t.off, word, t.len);
}

static int is_tag_keyword(const struct ctokenizer *tz, struct ctok t)
{
	return tok_is(tz, t, "struct") || tok_is(tz, t, "union") || tok_is(tz, t, "enum");
}

/* C's own words, which a header uses and never declares: int (*fn)(void). */
static int is_keyword(const struct ctokenizer *tz, struct ctok t)
{
	static const char *const kw[] = {
		"auto", "bool", "_Bool", "char", "const", "double", "extern", "float", "inline",
		"int", "long", "register", "restrict", "short", "signed", "sizeof", "static",
		"typedef", "typeof", "unsigned", "void", "volatile", "__inline__", "__typeof__",
	};

	if (is_tag_keyword(tz, t))
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (tok_is(tz, t, kw[i]))
			return 1;
	return 0;
}

int cnames_declared(const char *buf, size_t len, struct strvec *out)
{
	struct ctokenizer tz = { buf, len, 0, 1, 0, out };
	struct ctok prev2 = { 0, 0, 0 }, prev = { 0, 0, 0 }, cur = next_tok(&tz), nx;
	int braces = 0, parens = 0, enum_depth = -1, enum_pending = 0;

	while (cur.kind) {
		nx = next_tok(&tz);
		if (cur.kind == 'w' && braces == 0 && parens == 0 && is_tag_keyword(&tz, prev)) {
			/*
			 * struct NAME { declares the tag; struct NAME *p uses it, and
			 * so does struct NAME; (a forward declaration of another
			 * header's type gives its includers nothing)
			 */
			if (nx.kind == '{')
				add_name(out, buf + cur.off, cur.len);
		} else if (cur.kind == 'w' && braces == 0 && parens == 0 && !is_keyword(&tz, cur) &&
			   nx.kind && strchr("(;=,[", nx.kind)) {
			add_name(out, buf + cur.off, cur.len);
		} else if (cur.kind == 'w' && braces == 0 && parens == 1 && prev.kind == '*' &&
			   prev2.kind == '(' && nx.kind == ')') {
			/* a pointer to function: typedef int (*NAME)(...); or a variable */
			add_name(out, buf + cur.off, cur.len);
		} else if (cur.kind == 'w' && braces == enum_depth && parens == 0 &&
			   (prev.kind == '{' || prev.kind == ',')) {
			add_name(out, buf + cur.off, cur.len);
		}
		if (tok_is(&tz, cur, "enum"))
			enum_pending = 1;
		else if (cur.kind == '{') {
			braces++;
			if (enum_pending && enum_depth < 0)
				enum_depth = braces;
			enum_pending = 0;
		} else if (cur.kind == '}') {
			if (braces == enum_depth)
				enum_depth = -1;
			if (braces > 0)
				braces--;
		} else if (cur.kind == '(') {
			parens++;
		} else if (cur.kind == ')') {
			if (parens > 0)
				parens--;
		} else if (cur.kind == ';') {
			enum_pending = 0;
		}
		prev2 = prev;
		prev = cur;
		cur = nx;
	}
	return tz.has_include;
}

int cnames_mentions(const char *buf, size_t len, const char *name)
{
	size_t n = strlen(name);
	const char *p = buf, *end = buf + len;

	while (n && (p = memmem(p, (size_t)(end - p), name, n))) {
		if ((p == buf || !is_word_byte(p[-1])) && (p + n == end || !is_word_byte(p[n])))
			return 1;
		p++;
	}
	return 0;
}
