/* kbuild.c - parse Kbuild/Makefile lines and remove a subsystem's lines. */
#include "kbuild.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "footprint.h"

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

	/* Bounds first: buf need not be NUL-terminated. */
	if (p + 6 < end && !strncmp(buf + p, "export", 6) && is_blank(buf[p + 6]))
		p += 6;
	else if (p + 8 < end && !strncmp(buf + p, "override", 8) && is_blank(buf[p + 8]))
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
			l->recipe = 1;
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

/* True if the object or directory word of a Makefile in dir is owned. */
static int word_is_owned(const struct footprint *fp, const char *dir, const char *w)
{
	size_t n = strlen(w);
	char *p;
	int owned = 0;

	if (n > 1 && w[n - 1] == '/') {
		p = dir[0] ? xasprintf("%s/%s", dir, w) : xstrdup(w);
		owned = footprint_owns(fp, p);
		free(p);
		return owned;
	}
	if (n && !strpbrk(w, "./$")) {
		/* a program (hostprogs, userprogs, always-): the build's own file DIR/NAME, not a directory */
		char *file = dir[0] ? xasprintf("%s/%s", dir, w) : xstrdup(w);
		char *sub = xasprintf("%s/", file);

		owned = footprint_owns(fp, file) && !footprint_owns(fp, sub);
		free(file), free(sub);
		return owned;
	}
	if (n < 3 || strcmp(w + n - 2, ".o"))
		return 0;
	for (int i = 0; i < 2 && !owned; i++) {
		p = dir[0] ? xasprintf("%s/%.*s%s", dir, (int)(n - 2), w, i ? ".S" : ".c")
			   : xasprintf("%.*s%s", (int)(n - 2), w, i ? ".S" : ".c");
		owned = footprint_owns(fp, p);
		free(p);
	}
	return owned;
}

/* True if every word of an assignment is owned (and there is one). */
static int all_words_owned(const struct kbuild_file *kf, const struct kbuild_line *l,
			   const struct footprint *fp, const char *dir)
{
	if (!l->nwords)
		return 0;
	for (size_t w = 0; w < l->nwords; w++) {
		char *word = kbuild_word(kf, &l->words[w]);
		int owned = word_is_owned(fp, dir, word);

		free(word);
		if (!owned)
			return 0;
	}
	return 1;
}

/*
 * True if var is a per-object variable of an owned object of this Makefile:
 * CFLAGS_x.o, KCOV_INSTRUMENT_x.o, ..., or x-objs/x-y/x-m/x-$(CONFIG_..)
 * of a composite object x whose parts are all owned.
 */
static int per_object_owned(const struct kbuild_file *kf, const struct kbuild_line *l,
			    const struct footprint *fp, const char *dir)
{
	const char *var = l->var, *us = strrchr(var, '_'), *dash;
	int owned = 0;

	if (us && ends_with(var, ".o") && !strchr(us, '/'))
		owned = word_is_owned(fp, dir, us + 1);
	if (owned)
		return 1;
	dash = strrchr(var, '-');
	if (dash && dash > var && (!strcmp(dash, "-objs") || !strcmp(dash, "-y") ||
				   !strcmp(dash, "-m") || starts_with(dash, "-$(")) &&
	    strncmp(var, "obj-", 4) && strncmp(var, "lib-", 4) && strncmp(var, "subdir-", 7)) {
		char *stem = xasprintf("%.*s.o", (int)(dash - var), var);

		owned = word_is_owned(fp, dir, stem) || all_words_owned(kf, l, fp, dir);
		free(stem);
	}
	/* "ccflags-$(CONFIG_X)" is handled by the symbol rule, not here. */
	return owned;
}

/* True for an "else" line that starts no new condition ("else ifeq ..."). */
static int plain_else(const char *cond)
{
	const char *p = cond + 4;

	p += strspn(p, " \t");
	return !*p || *p == '\n' || *p == '\r' || *p == '#';
}

/*
 * The object and directory words of b[s, e), as written (relative to the
 * Makefile's directory): every run of name bytes (letters, digits, '_',
 * '.', '-', '/') that ends in ".o" or holds a '/'.  What an edit of these
 * bytes takes away from the build (cause.paths: series.c keeps it in the
 * commit that deletes the object, or an earlier one).
 */
static void named_words(const char *b, size_t s, size_t e, struct strvec *out)
{
	while (s < e) {
		size_t w = s;
		int slash = 0;

		while (w < e && (is_word_char((unsigned char)b[w]) || b[w] == '.' || b[w] == '-' ||
				 b[w] == '/'))
			slash |= b[w++] == '/';
		if (w > s && (slash || (w - s > 2 && !strncmp(b + w - 2, ".o", 2))))
			sv_push_owned(out, xstrndup(b + s, w - s));
		s = w > s ? w : s + 1;
	}
}

/* Replace b[s, e) of the Makefile kf by repl for symbol (may be NULL: a kept one's line). */
static void kbuild_edit(struct plan *plan, const struct kbuild_file *kf, size_t s, size_t e,
			const char *repl, const char *symbol, const char *reason)
{
	struct cause c = CAUSE(RULE_KBUILD, symbol);

	named_words(kf->buf, s, e, &c.paths);
	plan_edit(plan, kf->path, s, e, repl, KIND_MAKEFILE, &c, reason);
	sv_clear(&c.paths);
}

/*
 * The edits kbuild_remove() plans for one Makefile, held back until the
 * file as they leave it has been read again (kbuild_edits_keep_reading).
 */
struct kb_edit {
	size_t start, end;
	const char *repl;   /* "" or " ", static */
	char *why;
	char *sym;
};

struct kb_edits {
	struct kb_edit *v;
	size_t n, cap;
};

static void kb_edit(struct kb_edits *ke, size_t start, size_t end, const char *repl, const char *why,
		    const char *sym)
{
	struct kb_edit *e;

	GROW(ke->v, ke->cap, ke->n + 1);
	e = &ke->v[ke->n++];
	e->start = start;
	e->end = end;
	e->repl = repl;
	e->why = xstrdup(why);
	e->sym = sym ? xstrdup(sym) : NULL;
}

static void kb_edits_release(struct kb_edits *ke)
{
	for (size_t i = 0; i < ke->n; i++) {
		free(ke->v[i].why);
		free(ke->v[i].sym);
	}
	free(ke->v);
	memset(ke, 0, sizeof(*ke));
}

/*
 * True if removing the owned word w of l (the owned[] words of l go too)
 * would leave a backslash at the end of its physical line: the word is the
 * last of that line, and before it, past blanks and other words that go,
 * stands a backslash, or a backslash and a lone CR ("bar.o \ foo/",
 * "bar.o \<CR>foo/").  The line would then go on into the next one (an
 * endif) where it ended before.
 */
static int leaves_backslash(const struct kbuild_file *kf, const struct kbuild_line *l,
			    const unsigned char *owned, size_t w)
{
	const char *b = kf->buf;
	size_t p = l->words[w].end, q = l->words[w].start, k = w;

	while (p < kf->len && is_blank(b[p]))
		p++;
	if (p < kf->len && b[p] == '\r')
		p++;
	if (p >= kf->len || b[p] != '\n')
		return 0;
	for (;;) {
		while (q > l->start && is_blank(b[q - 1]))
			q--;
		if (k == 0 || !owned[k - 1] || l->words[k - 1].end != q)
			break;
		q = l->words[--k].start;
	}
	return q > l->start && (b[q - 1] == '\\' ||
				(b[q - 1] == '\r' && q - 1 > l->start && b[q - 2] == '\\'));
}

/*
 * The physical line of the words of one assignment, which come in order:
 * its start from a line cursor, its end found once per line (line_start()
 * and line_end() per word made a line of 50,000 words quadratic).
 */
struct word_line {
	struct line_cursor lc;
	size_t start, end;
};

static void word_line_at(struct word_line *wl, const char *buf, size_t len, size_t off)
{
	size_t s = line_cursor_start(&wl->lc, buf, off);

	if (s != wl->start || !wl->end) {
		wl->start = s;
		wl->end = line_end(buf, len, off);
	}
}

/*
 * Delete one word of a multi-word value: its own continuation line, or the
 * word and a blank; keep_blank (leaves_backslash): the word and the blanks
 * after it, a blank staying before the line's end.
 */
static void remove_word(struct kb_edits *ke, const struct kbuild_file *kf, const struct kbuild_word *w,
			struct word_line *wl, int keep_blank, const char *symbol, const char *reason)
{
	const char *b = kf->buf;
	size_t ls, le;

	word_line_at(wl, b, kf->len, w->start);
	ls = wl->start;
	le = wl->end;
	size_t s = w->start, e = w->end;
	size_t before = ls, after = e;

	while (before < s && (b[before] == ' ' || b[before] == '\t'))
		before++;
	while (after < le && (b[after] == ' ' || b[after] == '\t'))
		after++;
	/* "\tfoo.o \\\n" alone on a continuation line: the line goes. */
	if (before == s && after + 1 < le && b[after] == '\\' &&
	    (b[after + 1] == '\n' || (b[after + 1] == '\r' && after + 2 < le && b[after + 2] == '\n')) &&
	    ls > kf->lines[0].start && b[ls - 2] == '\\') {
		kb_edit(ke, ls, le, "", reason, symbol);
		return;
	}
	if (keep_blank) {
		kb_edit(ke, s, after, s > ls && is_blank(b[s - 1]) ? "" : " ", reason, symbol);
		return;
	}
	while (s > ls && (b[s - 1] == ' ' || b[s - 1] == '\t'))
		s--;
	if (s == ls) {
		/* First on its (continuation) line: the indentation stays, the blanks after go. */
		s = w->start;
		e = after;
	} else if (s == w->start && b[s - 1] == '=') {
		/*
		 * "x=foo bar": no blank before the first word, so it takes
		 * the blanks after it.  Every other word takes the blanks
		 * before it, so that two neighbours never overlap.
		 */
		e = after;
	}
	kb_edit(ke, s, e, "", reason, symbol);
}

/* A span of the file that an edit replaces, for edits_keep_reading(). */
struct kb_span {
	size_t start, end, seq;
	const char *repl;
};

static int cmp_kb_span(const void *a, const void *b)
{
	const struct kb_span *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end > y->end ? -1 : 1;   /* the containing edit first */
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * Does kf, with the edits of ke made, read as before?  Every line no
 * deletion takes whole is read again as the same kind of line (a recipe
 * line, an assignment, a directive), and the file parses.  A word that
 * leaves a backslash at a line's end (leaves_backslash) or a deleted
 * assignment between a rule and a line starting with a tab (which becomes a
 * recipe line of that rule) would change that.  Returns 1 if it does; 0
 * with the 1-based line where the reading changes (or of the first edit) in
 * *line; and 1 if two edits conflict (plan_check says so, with both).
 */
static int edits_keep_reading(const struct kbuild_file *kf, const struct kb_edits *ke, size_t *line)
{
	struct kb_span *v = xmalloc((ke->n + 1) * sizeof(*v));
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	struct kbuild_file again;
	size_t n = 0, cur = 0, r = 0, k = 0;
	int same = 1;

	for (size_t i = 0; i < ke->n; i++)
		v[i] = (struct kb_span){ ke->v[i].start, ke->v[i].end, i, ke->v[i].repl };
	if (ke->n)
		qsort(v, ke->n, sizeof(*v), cmp_kb_span);
	/* Merged as plan_check merges them; deletions that touch are one here. */
	for (size_t i = 0; i < ke->n; i++) {
		struct kb_span *prev = n ? &v[n - 1] : NULL;

		if (prev && !prev->repl[0] && v[i].start <= prev->end &&
		    (v[i].end <= prev->end || !v[i].repl[0])) {
			if (v[i].end > prev->end)
				prev->end = v[i].end;
			continue;
		}
		if (prev && v[i].start < prev->end)
			goto out;   /* a conflict: plan_check reports it */
		v[n++] = v[i];
	}
	for (size_t i = 0; i < n; i++) {
		sb_addn(&out, kf->buf + cur, v[i].start - cur);
		sb_adds(&out, v[i].repl);
		cur = v[i].end;
	}
	sb_addn(&out, kf->buf + cur, kf->len - cur);
	if (kbuild_parse(&again, kf->path, out.buf ? out.buf : "", out.len, &err) < 0) {
		same = 0;
		*line = line_of_offset(kf->buf, v[0].start);   /* the first edit's */
		goto out;
	}
	for (size_t i = 0; i < kf->n && same; i++) {
		const struct kbuild_line *l = &kf->lines[i], *a;

		while (k < n && v[k].end <= l->start)
			k++;
		if (k < n && !v[k].repl[0] && v[k].start <= l->start && v[k].end >= l->end)
			continue;   /* deleted whole */
		a = r < again.n ? &again.lines[r++] : NULL;
		if (!a || a->kind != l->kind || a->recipe != l->recipe) {
			same = 0;
			*line = l->line;
		}
	}
	if (same && r != again.n) {
		same = 0;
		*line = line_of_offset(kf->buf, v[0].start);
	}
	kbuild_release(&again);
out:
	free(v);
	sb_release(&out);
	sb_release(&err);
	return same;
}

int kbuild_remove(struct plan *plan, const char *path, const struct strset *symbols,
		  const struct footprint *fp, struct strbuf *err)
{
	const struct plan_file *f = plan_file(plan, path);
	struct kbuild_file kf;
	struct kb_edits ke = { NULL, 0, 0 };
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
	int edits = 0;
	size_t bad_line;

	if (!f) {
		sb_addf(err, "%s: cannot read\n", path);
		free(dir);
		return -1;
	}
	if (kbuild_parse(&kf, path, f->data, f->len, err) < 0) {
		free(dir);
		return -1;
	}
	for (size_t i = 0; i < kf.n; i++) {
		struct kbuild_line *l = &kf.lines[i];

		if (l->kind == KB_ASSIGN) {
			char *sym = kbuild_var_symbol(l->var);

			if (sym && strset_has(symbols, sym)) {
				char *why = xasprintf("%s: CONFIG_%s is removed", l->var, sym);

				kb_edit(&ke, l->start, l->end, "", why, sym);
				free(why);
				edits++;
			} else if (per_object_owned(&kf, l, fp, dir) ||
				   (all_words_owned(&kf, l, fp, dir))) {
				char *why = xasprintf("%s: names only removed objects", l->var);

				kb_edit(&ke, l->start, l->end, "", why, sym);
				free(why);
				edits++;
			} else if (l->nwords) {
				unsigned char *owned = xcalloc(l->nwords, 1);
				struct word_line wl = { LINE_CURSOR_INIT, 0, 0 };

				for (size_t w = 0; w < l->nwords; w++) {
					char *word = kbuild_word(&kf, &l->words[w]);

					owned[w] = (unsigned char)word_is_owned(fp, dir, word);
					free(word);
				}
				for (size_t w = 0; w < l->nwords; w++) {
					char *word, *why;

					if (!owned[w])
						continue;
					word = kbuild_word(&kf, &l->words[w]);
					why = xasprintf("%s: %s is removed", l->var, word);
					remove_word(&ke, &kf, &l->words[w], &wl,
						    leaves_backslash(&kf, l, owned, w), sym, why);
					free(why);
					free(word);
					edits++;
				}
				free(owned);
			}
			free(sym);
		} else if (l->kind == KB_IF && l->match) {
			int neg = 0;
			char *sym = kbuild_cond_symbol(l->cond, &neg);
			size_t els = 0, endif = l->match;

			if (!sym || !strset_has(symbols, sym)) {
				free(sym);
				continue;
			}
			for (size_t k = i + 1; k < endif; k++)
				if (kf.lines[k].kind == KB_ELSE && kf.lines[k].depth == l->depth) {
					if (els) {
						els = (size_t)-1;   /* else-if chains are not resolved */
						break;
					}
					els = k;
				}
			if (els == (size_t)-1 || (els && !plain_else(kf.lines[els].cond))) {
				plan_note(plan, path, l->line, KIND_MAKEFILE, ACTION_REVIEW,
					  &CAUSE(RULE_KBUILD, sym), "an else-if chain on a removed symbol: resolve by hand", l->cond);
			} else {
				char *why = xasprintf("%.*s: CONFIG_%s is removed",
						      (int)strcspn(l->cond, "\n"), l->cond, sym);
				size_t stop = els ? kf.lines[els].start : kf.lines[endif].start;

				if (!neg) {
					/* Never true any more: the branch goes, the else branch stays. */
					kb_edit(&ke, l->start, els ? kf.lines[els].end : kf.lines[endif].end,
						"", why, sym);
					if (els)
						kb_edit(&ke, kf.lines[endif].start, kf.lines[endif].end, "", why, sym);
				} else {
					/* Always true: the body stays, its directives and the else branch go. */
					kb_edit(&ke, l->start, l->end, "", why, sym);
					kb_edit(&ke, stop, kf.lines[endif].end, "", why, sym);
				}
				free(why);
				edits++;
			}
			free(sym);
		}
	}
	if (ke.n && !edits_keep_reading(&kf, &ke, &bad_line)) {
		size_t s = 0;
		char *text;

		/* Nothing of this Makefile is edited: a person decides. */
		for (size_t i = 0; i < kf.n; i++)
			if (kf.lines[i].line <= bad_line)
				s = kf.lines[i].start;
		text = xstrndup(f->data + s, strcspn(f->data + s, "\r\n"));
		plan_note(plan, path, bad_line, KIND_MAKEFILE, ACTION_REVIEW, &CAUSE(RULE_KBUILD, NULL),
			  "deleting these lines would change how make reads the lines after them "
			  "(a backslash or a rule would take in the next one): edit it by hand",
			  text);
		free(text);
		edits = 0;
	} else {
		for (size_t i = 0; i < ke.n; i++) {
			kbuild_edit(plan, &kf, ke.v[i].start, ke.v[i].end, ke.v[i].repl, ke.v[i].sym,
				    ke.v[i].why);
		}
	}
	kb_edits_release(&ke);
	kbuild_release(&kf);
	free(dir);
	return edits;
}
