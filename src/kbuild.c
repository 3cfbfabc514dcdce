/* kbuild.c - parse Kbuild/Makefile lines and remove a subsystem's lines. */
#include "kbuild.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "target.h"

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* End of the logical line starting at off: past the newline of its last physical line. */
static size_t logical_end(const char *buf, size_t len, size_t off)
{
	for (;;) {
		size_t e = line_end(buf, len, off);
		size_t t = e;

		if (t > off && buf[t - 1] == '\n')
			t--;
		if (t > off && buf[t - 1] == '\r')
			t--;
		if (t > off && buf[t - 1] == '\\' && e < len) {
			off = e;
			continue;
		}
		return e;
	}
}

/* Length of a directive keyword at p if it is one ("ifdef", "else", ...), followed by a blank or end. */
static size_t keyword(const char *p, const char *end, const char *kw)
{
	size_t n = strlen(kw);

	if ((size_t)(end - p) < n || strncmp(p, kw, n))
		return 0;
	if (p + n < end && !is_blank(p[n]) && p[n] != '\n' && p[n] != '\r' && p[n] != '(')
		return 0;
	return n;
}

/* The words of an assignment value in [p, end), stopping at a comment; spans into buf. */
static void split_words(struct kbuild_line *l, const char *buf, size_t p, size_t end)
{
	size_t cap = 0;

	while (p < end) {
		size_t s;
		int depth = 0;

		while (p < end && (is_blank(buf[p]) || buf[p] == '\n' || buf[p] == '\r' ||
				   (buf[p] == '\\' && p + 1 < end && (buf[p + 1] == '\n' || buf[p + 1] == '\r'))))
			p++;
		if (p >= end || buf[p] == '#')
			break;
		s = p;
		while (p < end) {
			char c = buf[p];

			if (c == '$' && p + 1 < end && (buf[p + 1] == '(' || buf[p + 1] == '{')) {
				depth++;
				p += 2;
				continue;
			}
			if (depth && (c == ')' || c == '}'))
				depth--;
			else if (!depth && (is_blank(c) || c == '\n' || c == '\r' || c == '#' ||
					    (c == '\\' && p + 1 < end && (buf[p + 1] == '\n' || buf[p + 1] == '\r'))))
				break;
			p++;
		}
		GROW(l->words, cap, l->nwords + 1);
		l->words[l->nwords].start = s;
		l->words[l->nwords].end = p;
		l->nwords++;
	}
}

/* Try to read "VAR op value" at [p, end); fills l and returns 1 if it is an assignment. */
static int parse_assign(struct kbuild_line *l, const char *buf, size_t p, size_t end)
{
	size_t vs, ve, q;
	int depth = 0;

	if (!strncmp(buf + p, "export", 6) && p + 6 < end && is_blank(buf[p + 6]))
		p += 6;
	else if (!strncmp(buf + p, "override", 8) && p + 8 < end && is_blank(buf[p + 8]))
		p += 8;
	while (p < end && is_blank(buf[p]))
		p++;
	vs = p;
	while (p < end) {
		char c = buf[p];

		if (c == '$' && p + 1 < end && (buf[p + 1] == '(' || buf[p + 1] == '{')) {
			depth++;
			p += 2;
			continue;
		}
		if (depth) {
			if (c == ')' || c == '}')
				depth--;
			p++;
			continue;
		}
		if (is_blank(c) || c == '=' || c == ':' || c == '+' || c == '?' || c == '!' ||
		    c == '#' || c == '\n' || c == '\\')
			break;
		p++;
	}
	ve = p;
	if (ve == vs)
		return 0;
	while (p < end && is_blank(buf[p]))
		p++;
	q = p;
	if (q < end && buf[q] == '=')
		q += 1;
	else if (q + 1 < end && strchr("+?!", buf[q]) && buf[q + 1] == '=')
		q += 2;
	else if (q + 1 < end && buf[q] == ':' && buf[q + 1] == '=')
		q += 2;
	else if (q + 2 < end && !strncmp(buf + q, "::=", 3))
		q += 3;
	else
		return 0;
	l->kind = KB_ASSIGN;
	l->var = xstrndup(buf + vs, ve - vs);
	l->value_start = q;
	split_words(l, buf, q, end);
	return 1;
}

int kbuild_parse(struct kbuild_file *kf, const char *path, const char *buf, size_t len,
		 struct strbuf *err)
{
	size_t cap = 0, off = 0, lineno = 1;
	size_t *stack = NULL, sdepth = 0, scap = 0;
	int in_recipe = 0;

	memset(kf, 0, sizeof(*kf));
	kf->path = xstrdup(path);
	kf->buf = buf;
	kf->len = len;
	while (off < len) {
		size_t end = logical_end(buf, len, off), p = off, n;
		struct kbuild_line *l;

		GROW(kf->lines, cap, kf->n + 1);
		l = &kf->lines[kf->n];
		memset(l, 0, sizeof(*l));
		l->kind = KB_OTHER;
		l->start = off;
		l->end = end;
		l->line = lineno;
		l->depth = (int)sdepth;
		/* A recipe line (tab after a rule) is never an assignment. */
		if (buf[off] == '\t' && in_recipe) {
			goto next;
		}
		while (p < end && is_blank(buf[p]))
			p++;
		if (p >= end || buf[p] == '#' || buf[p] == '\n') {
			goto next;
		}
		in_recipe = 0;
		if ((n = keyword(buf + p, buf + end, "ifdef")) || (n = keyword(buf + p, buf + end, "ifndef")) ||
		    (n = keyword(buf + p, buf + end, "ifeq")) || (n = keyword(buf + p, buf + end, "ifneq"))) {
			l->kind = KB_IF;
			l->cond = xstrndup(buf + p, line_end(buf, end, p) - p);
			GROW(stack, scap, sdepth + 1);
			stack[sdepth++] = kf->n;
		} else if ((n = keyword(buf + p, buf + end, "else"))) {
			if (!sdepth) {
				sb_addf(err, "%s:%zu: else without ifdef/ifeq\n", path, lineno);
				goto fail;
			}
			l->kind = KB_ELSE;
			l->depth = (int)sdepth - 1;
			l->cond = xstrndup(buf + p, line_end(buf, end, p) - p);
		} else if ((n = keyword(buf + p, buf + end, "endif"))) {
			if (!sdepth) {
				sb_addf(err, "%s:%zu: endif without ifdef/ifeq\n", path, lineno);
				goto fail;
			}
			l->kind = KB_ENDIF;
			sdepth--;
			l->depth = (int)sdepth;
			kf->lines[stack[sdepth]].match = kf->n;
			/* Every else of this block points at the endif too. */
			for (size_t i = stack[sdepth] + 1; i < kf->n; i++)
				if (kf->lines[i].kind == KB_ELSE && kf->lines[i].depth == (int)sdepth &&
				    !kf->lines[i].match)
					kf->lines[i].match = kf->n;
		} else if (!parse_assign(l, buf, p, end)) {
			/* A rule "target: prerequisites" starts a recipe. */
			const char *colon = memchr(buf + p, ':', end - p);

			if (colon && (colon + 1 >= buf + end || colon[1] != '='))
				in_recipe = 1;
		}
next:
		for (size_t i = off; i < end; i++)
			lineno += buf[i] == '\n';
		kf->n++;
		off = end;
	}
	if (sdepth) {
		sb_addf(err, "%s:%zu: ifdef/ifeq without endif\n", path,
			kf->lines[stack[sdepth - 1]].line);
		goto fail;
	}
	free(stack);
	return 0;
fail:
	free(stack);
	kbuild_release(kf);
	return -1;
}

void kbuild_release(struct kbuild_file *kf)
{
	for (size_t i = 0; i < kf->n; i++) {
		free(kf->lines[i].var);
		free(kf->lines[i].cond);
		free(kf->lines[i].words);
	}
	free(kf->lines);
	free(kf->path);
	memset(kf, 0, sizeof(*kf));
}

char *kbuild_var_symbol(const char *var)
{
	const char *p = strstr(var, "$(CONFIG_");
	const char *e;

	if (!p)
		return NULL;
	p += 9;
	e = p;
	while (isalnum((unsigned char)*e) || *e == '_')
		e++;
	if (*e != ')' || e == p)
		return NULL;
	return xstrndup(p, (size_t)(e - p));
}

char *kbuild_cond_symbol(const char *text, int *negated)
{
	const char *p = text, *s, *e;
	int neg = 0, eq;

	if (starts_with(p, "else"))
		p += 4;
	p += strspn(p, " \t");
	if (starts_with(p, "ifdef") || starts_with(p, "ifndef")) {
		neg = p[2] == 'n';
		p += neg ? 6 : 5;
		p += strspn(p, " \t");
		if (!starts_with(p, "CONFIG_"))
			return NULL;
		s = p + 7;
		e = s;
		while (isalnum((unsigned char)*e) || *e == '_')
			e++;
		if (e == s || (*e && !isspace((unsigned char)*e) && *e != '#'))
			return NULL;
		*negated = neg;
		return xstrndup(s, (size_t)(e - s));
	}
	if (!starts_with(p, "ifeq") && !starts_with(p, "ifneq"))
		return NULL;
	eq = p[2] == 'e';
	p += eq ? 4 : 5;
	p += strspn(p, " \t");
	/* ($(CONFIG_X),y) ($(CONFIG_X),) (y,$(CONFIG_X)) */
	if (*p++ != '(')
		return NULL;
	p += strspn(p, " \t");
	{
		const char *a = p, *comma = strchr(p, ','), *close;
		const char *var, *val;
		size_t vlen;

		if (!comma)
			return NULL;
		close = strchr(comma, ')');
		if (!close)
			return NULL;
		if (starts_with(a, "$(CONFIG_")) {
			var = a;
			val = comma + 1;
			vlen = (size_t)(close - val);
		} else {
			var = comma + 1 + strspn(comma + 1, " \t");
			val = a;
			vlen = (size_t)(comma - a);
		}
		if (!starts_with(var, "$(CONFIG_"))
			return NULL;
		s = var + 9;
		e = s;
		while (isalnum((unsigned char)*e) || *e == '_')
			e++;
		if (*e != ')')
			return NULL;
		while (vlen && isspace((unsigned char)*val))
			val++, vlen--;
		while (vlen && isspace((unsigned char)val[vlen - 1]))
			vlen--;
		/* Positive: the test is true when the symbol is set. */
		if (vlen == 1 && (*val == 'y' || *val == 'm'))
			neg = !eq;
		else if (vlen == 0)
			neg = eq;
		else
			return NULL;
		*negated = neg;
		return xstrndup(s, (size_t)(e - s));
	}
}

char *kbuild_word(const struct kbuild_file *kf, const struct kbuild_word *w)
{
	return xstrndup(kf->buf + w->start, w->end - w->start);
}
