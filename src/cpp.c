/*
 * cpp.c - find the conditional directives of a file in one pass, then
 * resolve each #if ... #endif block for the symbols off and on.
 */
#include "cpp.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cpp_expr.h"

enum dkind { D_OTHER, D_IF, D_IFDEF, D_IFNDEF, D_ELIF, D_ELIFDEF, D_ELIFNDEF, D_ELSE, D_ENDIF };

static const char *const dkind_name[] = {
	"", "if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif",
};

/* One conditional directive: a logical line, continuations and comments included. */
struct directive {
	enum dkind kind;
	size_t start;        /* start of its first line */
	size_t kw, kw_end;   /* the keyword */
	size_t ee;           /* end of its condition (kw_end if none), once evaluated */
	size_t content_end;  /* end of its text, before the final "\n" or "\r\n" */
	size_t end;          /* past the final '\n', or the end of the file */
	size_t line;         /* 1-based line of start */
};

/* An edit of one conditional, before it goes to the plan. */
struct gedit {
	size_t start, end;
	char *repl;          /* NULL: delete */
};

struct fedit {
	size_t start, end;
	char *repl;
	char *reason;
};

enum action { A_KEEP, A_DROP, A_UNWRAP };

/* An #if ... #endif block being resolved. */
struct group {
	size_t open;            /* index of the opening directive */
	size_t cur;             /* index of the current branch's directive */
	enum action act;        /* what happens to the current branch */
	int dead;               /* inside a dropped branch: goes as a whole */
	int emitted;            /* a branch stays as a conditional */
	int done;               /* a true branch was found: the rest goes */
	int seen_else;
	int changed;
	struct gedit *edits;
	size_t nedits, edits_cap;
	size_t *keep;           /* directives that stay as written (comments aside) */
	size_t nkeep, keep_cap;
	struct strbuf reason;
};

struct review {
	size_t line;
	char *reason;
	char *text;
};

struct ctx {
	const char *path;
	const char *buf;
	size_t len;
	const struct strset *off, *on;
	struct strbuf *err;
	struct cpp_stats st;
	struct strvec log;
	struct directive *dirs;
	size_t ndirs, dirs_cap;
	struct group *stack;
	size_t depth, stack_cap;
	struct fedit *edits;
	size_t nedits, edits_cap;
	struct review *reviews;
	size_t nreviews, reviews_cap;
};

static void error_at(struct ctx *c, size_t line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void error_at(struct ctx *c, size_t line, const char *fmt, ...)
{
	va_list ap;

	sb_addf(c->err, "%s: %s:%zu: ", progname, c->path, line);
	va_start(ap, fmt);
	sb_vaddf(c->err, fmt, ap);
	va_end(ap);
	sb_addc(c->err, '\n');
}

/* ---- lexical scan ---- */

/* Length of a backslash-newline at p ("\\\n" or "\\\r\n"), or 0. */
static size_t continuation(const char *b, size_t len, size_t p)
{
	if (p + 1 < len && b[p] == '\\') {
		if (b[p + 1] == '\n')
			return 2;
		if (p + 2 < len && b[p + 1] == '\r' && b[p + 2] == '\n')
			return 3;
	}
	return 0;
}

/* Past the end of the block comment opening at p, or 0 if it never ends. */
static size_t block_comment_end(const char *b, size_t len, size_t p)
{
	const char *e = p + 2 <= len ? memmem(b + p + 2, len - p - 2, "*/", 2) : NULL;

	return e ? (size_t)(e - b) + 2 : 0;
}

/* The '\n' ending the line comment at p (continued lines included), or len. */
static size_t line_comment_end(const char *b, size_t len, size_t p)
{
	while (p < len && b[p] != '\n') {
		size_t k = continuation(b, len, p);

		p += k ? k : 1;
	}
	return p;
}

/* Past the string or character literal opening at p; an unterminated one ends with its line. */
static size_t literal_end(const char *b, size_t len, size_t p)
{
	char q = b[p++];

	while (p < len) {
		if (b[p] == '\\') {
			size_t k = continuation(b, len, p);

			p += k ? k : 2;
		} else if (b[p] == '\n') {
			return p;
		} else if (b[p++] == q) {
			return p;
		}
	}
	return len;
}

/*
 * Past the comment, literal or byte at *p (not a newline, not a line
 * continuation): 0, or -1 on an unterminated comment (said through c).
 */
static int skip_token(struct ctx *c, const char *b, size_t len, size_t *p)
{
	if (b[*p] == '/' && *p + 1 < len && b[*p + 1] == '*') {
		size_t e = block_comment_end(b, len, *p);

		if (!e) {
			error_at(c, line_of_offset(b, *p), "unterminated comment");
			return -1;
		}
		*p = e;
	} else if (b[*p] == '/' && *p + 1 < len && b[*p + 1] == '/') {
		*p = line_comment_end(b, len, *p);
	} else if (b[*p] == '"' || b[*p] == '\'') {
		*p = literal_end(b, len, *p);
	} else {
		(*p)++;
	}
	return 0;
}

/* Skip blanks, backslash-newlines and block comments ending on the same line. */
static size_t skip_inline_blanks(const char *b, size_t len, size_t p)
{
	while (p < len) {
		size_t k = continuation(b, len, p);

		if (k) {
			p += k;
		} else if (b[p] == ' ' || b[p] == '\t' || b[p] == '\f' || b[p] == '\v' || b[p] == '\r') {
			p++;
		} else if (b[p] == '/' && p + 1 < len && b[p + 1] == '*') {
			size_t e = block_comment_end(b, len, p);

			if (!e || memchr(b + p, '\n', e - p))
				break;
			p = e;
		} else {
			break;
		}
	}
	return p;
}

static enum dkind keyword_kind(const char *s, size_t n)
{
	for (size_t k = D_IF; k <= D_ENDIF; k++)
		if (strlen(dkind_name[k]) == n && !memcmp(dkind_name[k], s, n))
			return (enum dkind)k;
	return D_OTHER;
}

/*
 * Read the directive whose line starts at start and whose '#' is at hash;
 * record it if it is a conditional.  *next is set past its last line.
 */
static int scan_directive(struct ctx *c, size_t start, size_t hash, size_t *next)
{
	const char *b = c->buf;
	size_t len = c->len, p = skip_inline_blanks(b, len, hash + 1), kw = p;
	struct directive d;

	while (p < len && is_word_char((unsigned char)b[p]))
		p++;
	d.kind = keyword_kind(b + kw, p - kw);
	d.start = start;
	d.kw = kw;
	d.kw_end = d.ee = p;
	while (p < len && b[p] != '\n') {
		size_t k = continuation(b, len, p);

		if (k) {
			p += k;
		} else if (skip_token(c, b, len, &p) < 0) {
			return -1;
		}
	}
	d.end = p < len ? p + 1 : len;
	d.content_end = p < len && p > d.kw_end && b[p - 1] == '\r' ? p - 1 : p;
	d.line = 0;
	*next = d.end;
	if (d.kind != D_OTHER) {
		GROW(c->dirs, c->dirs_cap, c->ndirs + 1);
		c->dirs[c->ndirs++] = d;
	}
	return 0;
}

/* Find every conditional directive: '#' first on a logical line, outside comments. */
static int scan(struct ctx *c)
{
	const char *b = c->buf;
	size_t len = c->len, p = utf8_bom_len(c->buf, c->len), line = 1, at = 0;
	int bol = 1;
	const char *nul = memchr(b, '\0', len);

	/*
	 * A NUL byte: not C source (locate makes such a file a `binary`
	 * review item, and remove never edits it).  Directive lines are
	 * rebuilt as C strings, which would end at the NUL.
	 */
	if (nul) {
		error_at(c, line_of_offset(b, (size_t)(nul - b)), "a NUL byte: not a C source file");
		return -1;
	}

	while (p < len) {
		size_t k;

		if (bol) {
			size_t q = skip_inline_blanks(b, len, p);

			bol = 0;
			if (q < len && b[q] == '#') {
				if (scan_directive(c, p, q, &p) < 0)
					return -1;
				bol = 1;
				continue;
			}
			p = q;
			if (p >= len)
				break;
		}
		if (b[p] == '\n') {
			bol = 1;
			p++;
		} else if ((k = continuation(b, len, p))) {
			p += k;
		} else if (skip_token(c, b, len, &p) < 0) {
			return -1;
		}
	}
	/* Line numbers, in one sweep. */
	for (size_t i = 0; i < c->ndirs; i++) {
		const char *s = b + at, *e = b + c->dirs[i].start;

		while ((s = memchr(s, '\n', (size_t)(e - s)))) {
			line++;
			s++;
		}
		at = c->dirs[i].start;
		c->dirs[i].line = line;
	}
	return 0;
}

/* ---- descriptions for reasons ---- */

/* Append text[0..n) as one line: comments and continuations out, blanks collapsed, shortened. */
static void describe(const char *s, size_t n, struct strbuf *out)
{
	size_t from = out->len, p = 0;
	int blank = 0;

	while (p < n) {
		size_t k = continuation(s, n, p);

		if (k || s[p] == ' ' || s[p] == '\t' || s[p] == '\r' || s[p] == '\n') {
			p += k ? k : 1;
			blank = 1;
			continue;
		}
		if (s[p] == '/' && p + 1 < n && (s[p + 1] == '*' || s[p + 1] == '/')) {
			size_t e = s[p + 1] == '*' ? block_comment_end(s, n, p) : n;

			p = e ? e : n;
			blank = 1;
			continue;
		}
		/* No blank right after '#': "# if" reads "#if". */
		if (blank && out->len > from && out->buf[out->len - 1] != '#')
			sb_addc(out, ' ');
		blank = 0;
		sb_addc(out, s[p++]);
	}
	if (out->len - from > 100) {
		out->len = from + 97;
		sb_adds(out, "...");
	}
}

static void describe_directive(const struct ctx *c, const struct directive *d, struct strbuf *out)
{
	describe(c->buf + d->start, d->content_end - d->start, out);
}

/* Start the next part of a block's reason. */
static struct strbuf *reason_part(struct group *g)
{
	if (g->reason.len)
		sb_adds(&g->reason, "; ");
	return &g->reason;
}

/* ---- evaluation of one directive ---- */

struct cond {
	enum cpp_value value;
	int opaque;
	size_t opaque_at;       /* if opaque: where the name it could not evaluate is */
	size_t es, ee;          /* the condition's bytes in the file */
	struct strbuf text;     /* CPP_PARTIAL: its new text */
};

static void eval_directive(struct ctx *c, const struct directive *d, struct cond *r)
{
	const char *b = c->buf;

	r->value = CPP_UNTOUCHED;
	r->opaque = 0;
	r->es = r->ee = d->kw_end;
	if (d->kind == D_ELSE) {
		r->value = CPP_TRUE;
	} else if (d->kind == D_IF || d->kind == D_ELIF) {
		struct cpp_simplified s = { .text = STRBUF_INIT };

		r->value = cpp_simplify(b + d->kw_end, d->content_end - d->kw_end, c->off, c->on, 0, &s);
		r->opaque = s.opaque;
		r->opaque_at = d->kw_end + s.opaque_at;
		r->es = d->kw_end + s.start;
		r->ee = d->kw_end + s.end;
		if (s.text.len) {
			/*
			 * The new text must not glue onto the keyword or
			 * what follows: "#if(CONFIG_X)>s" is "#if 0>s",
			 * never "#if0>s", which is no directive at all.
			 */
			if (r->es == d->kw_end && is_word_char((unsigned char)s.text.buf[0]))
				sb_addc(&r->text, ' ');
			sb_addn(&r->text, s.text.buf, s.text.len);
			if (r->ee < d->content_end && is_word_char((unsigned char)b[r->ee]) &&
			    is_word_char((unsigned char)s.text.buf[s.text.len - 1]))
				sb_addc(&r->text, ' ');
		}
		sb_release(&s.text);
	} else if (d->kind != D_ENDIF) {
		/* #ifdef, #ifndef, #elifdef, #elifndef: one macro name. */
		size_t p = skip_inline_blanks(b, d->content_end, d->kw_end), q = p;
		enum cpp_sym sym;

		while (q < d->content_end && is_word_char((unsigned char)b[q]))
			q++;
		if (q == p)
			return;
		r->es = p;
		r->ee = q;
		sym = cpp_lookup(b + p, q - p, c->off, c->on, 0);
		if (sym != CPP_SYM_NONE) {
			int defined = sym == CPP_SYM_ONE;
			int negated = d->kind == D_IFNDEF || d->kind == D_ELIFNDEF;

			r->value = defined != negated ? CPP_TRUE : CPP_FALSE;
		}
	}
}

/* True if a word in [s, e) names a symbol being resolved, bare names included. */
static int words_mention(const struct ctx *c, size_t s, size_t e)
{
	const char *b = c->buf;

	while (s < e) {
		size_t w;

		while (s < e && !is_word_char((unsigned char)b[s]))
			s++;
		for (w = s; w < e && is_word_char((unsigned char)b[w]); w++)
			;
		if (w > s && cpp_lookup(b + s, w - s, c->off, c->on, CPP_BARE_NAMES) != CPP_SYM_NONE)
			return 1;
		s = w;
	}
	return 0;
}

/*
 * Append [from, to) of a surviving directive line with the comment rule
 * applied: a comment naming a resolved symbol is simplified as a
 * condition, or dropped with the blanks before it.  Returns the number of
 * comments changed.
 */
static size_t fix_comments(struct ctx *c, size_t from, size_t to, struct strbuf *out)
{
	const char *b = c->buf;
	size_t p = from, copied = from, fixed = 0;

	while (p < to) {
		size_t cs = p, ce, is, ie;

		if (b[p] == '/' && p + 1 < to && b[p + 1] == '*') {
			ce = block_comment_end(b, to, p);
			if (!ce)
				ce = to;
			is = cs + 2;
			ie = ce >= is + 2 ? ce - 2 : is;
		} else if (b[p] == '/' && p + 1 < to && b[p + 1] == '/') {
			ce = to;
			is = cs + 2;
			ie = to;
		} else if (b[p] == '"' || b[p] == '\'') {
			p = literal_end(b, to, p);
			continue;
		} else {
			p++;
			continue;
		}
		if (words_mention(c, is, ie)) {
			struct cpp_simplified s = { .text = STRBUF_INIT };

			if (cpp_simplify(b + is, ie - is, c->off, c->on, CPP_BARE_NAMES, &s) == CPP_PARTIAL) {
				sb_addn(out, b + copied, is + s.start - copied);
				sb_addn(out, s.text.buf, s.text.len);
				copied = is + s.end;
			} else {
				size_t ws = cs;

				while (ws > copied && (b[ws - 1] == ' ' || b[ws - 1] == '\t'))
					ws--;
				sb_addn(out, b + copied, ws - copied);
				copied = ce;
				/* A comment separates tokens: "#endif x", never "#endifx". */
				if (ce < to && !strchr(" \t\r\n", b[ce]))
					sb_addc(out, ' ');
			}
			sb_release(&s.text);
			fixed++;
		}
		p = ce;
	}
	sb_addn(out, b + copied, to - copied);
	return fixed;
}

/*
 * The new text of directive d: keyword kw (NULL: as written), condition
 * expr replacing [es, ee) (NULL: as written), comments after the condition
 * fixed.  Returns the number of comments changed.
 */
static size_t build_line(struct ctx *c, const struct directive *d, const char *kw,
			 const struct strbuf *expr, size_t es, size_t ee, struct strbuf *out)
{
	const char *b = c->buf;
	size_t fixed;

	sb_addn(out, b + d->start, d->kw - d->start);
	if (kw)
		sb_adds(out, kw);
	else
		sb_addn(out, b + d->kw, d->kw_end - d->kw);
	if (expr) {
		sb_addn(out, b + d->kw_end, es - d->kw_end);
		sb_addn(out, expr->buf, expr->len);
	} else {
		ee = d->ee;
		sb_addn(out, b + d->kw_end, ee - d->kw_end);
	}
	fixed = fix_comments(c, ee, d->content_end, out);
	sb_addn(out, b + d->content_end, d->end - d->content_end);
	return fixed;
}

/* ---- resolving blocks ---- */

static void group_edit(struct group *g, size_t start, size_t end, const char *repl)
{
	GROW(g->edits, g->edits_cap, g->nedits + 1);
	g->edits[g->nedits].start = start;
	g->edits[g->nedits].end = end;
	g->edits[g->nedits].repl = repl ? xstrdup(repl) : NULL;
	g->nedits++;
}

static void group_keep(struct group *g, size_t idx)
{
	GROW(g->keep, g->keep_cap, g->nkeep + 1);
	g->keep[g->nkeep++] = idx;
}

/* Note for review a directive naming a symbol (at offset at) where it cannot be evaluated. */
static void add_review(struct ctx *c, const struct directive *d, size_t at)
{
	const char *b = c->buf;
	const char *nl = memchr(b + d->start, '\n', d->content_end - d->start);
	size_t tend = nl ? (size_t)(nl - b) : d->content_end, w = at;
	struct strbuf r = STRBUF_INIT;

	while (w < d->content_end && is_word_char((unsigned char)b[w]))
		w++;
	describe_directive(c, d, &r);
	sb_adds(&r, ": ");
	sb_addn(&r, b + at, w - at);
	sb_adds(&r, " appears where excise cannot evaluate it (unknown macro or syntax); check by hand");
	GROW(c->reviews, c->reviews_cap, c->nreviews + 1);
	c->reviews[c->nreviews].line = d->line;
	c->reviews[c->nreviews].reason = sb_detach(&r, NULL);
	c->reviews[c->nreviews].text = xstrndup(b + d->start, tend - d->start);
	c->nreviews++;
	c->st.review++;
}

/* The keyword an #elif-kind directive gets when it opens the block. */
static const char *promoted_keyword(enum dkind k)
{
	return k == D_ELIF ? "if" : k == D_ELIFDEF ? "ifdef" : k == D_ELIFNDEF ? "ifndef" : NULL;
}

/* Decide the branch opened by directive idx. */
static void start_branch(struct ctx *c, struct group *g, size_t idx)
{
	struct directive *d = &c->dirs[idx];
	struct cond r = { .text = STRBUF_INIT };
	struct strbuf line = STRBUF_INIT;
	const char *kw;

	g->cur = idx;
	if (d->kind == D_ELSE)
		g->seen_else = 1;
	if (g->dead) {
		g->act = A_DROP;
		return;
	}
	if (g->done) {
		g->act = A_DROP;
		g->changed = 1;
		describe_directive(c, d, reason_part(g));
		sb_adds(&g->reason, " dropped");
		c->st.dropped++;
		return;
	}
	eval_directive(c, d, &r);
	d->ee = r.ee;
	if (r.opaque)
		add_review(c, d, r.opaque_at);
	switch (r.value) {
	case CPP_FALSE:
		g->act = A_DROP;
		g->changed = 1;
		describe_directive(c, d, reason_part(g));
		sb_adds(&g->reason, " dropped");
		c->st.dropped++;
		break;
	case CPP_TRUE:
		g->done = 1;
		if (!g->emitted) {
			g->act = A_UNWRAP;
			g->changed = 1;
			group_edit(g, d->start, d->end, NULL);
			describe_directive(c, d, reason_part(g));
			sb_adds(&g->reason, ": body kept");
			c->st.unwrapped++;
		} else if (d->kind == D_ELSE) {
			g->act = A_KEEP;
			group_keep(g, idx);
		} else {
			/* A true #elif after a kept branch: "#else", its comment gone with its condition. */
			g->act = A_KEEP;
			g->changed = 1;
			sb_addn(&line, c->buf + d->start, d->kw - d->start);
			sb_adds(&line, "else");
			sb_addn(&line, c->buf + d->content_end, d->end - d->content_end);
			group_edit(g, d->start, d->end, line.buf);
			describe_directive(c, d, reason_part(g));
			sb_adds(&g->reason, " -> #else");
			c->st.rewritten++;
		}
		break;
	case CPP_UNTOUCHED:
	case CPP_PARTIAL:
		g->act = A_KEEP;
		kw = g->emitted ? NULL : promoted_keyword(d->kind);
		g->emitted = 1;
		if (!kw && r.value == CPP_UNTOUCHED) {
			group_keep(g, idx);
			break;
		}
		g->changed = 1;
		c->st.comments += build_line(c, d, kw, r.value == CPP_PARTIAL ? &r.text : NULL,
					     r.es, r.ee, &line);
		group_edit(g, d->start, d->end, line.buf);
		describe_directive(c, d, reason_part(g));
		sb_adds(&g->reason, " -> ");
		describe(line.buf, line.len, &g->reason);
		c->st.rewritten++;
		break;
	}
	sb_release(&r.text);
	sb_release(&line);
}

/* Close the current branch of g at offset at (the next directive of the block). */
static void end_branch(struct group *g, const struct directive *cur, size_t at)
{
	if (!g->dead && g->act == A_DROP)
		group_edit(g, cur->start, at, NULL);
}

static int cmp_gedit(const void *a, const void *b)
{
	const struct gedit *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* The block of g ends at directive idx (#endif): settle its edits. */
static void finish_group(struct ctx *c, struct group *g, size_t idx)
{
	const struct directive *endif = &c->dirs[idx];
	struct strbuf line = STRBUF_INIT;
	size_t j = 0;

	if (g->dead || !g->changed)
		return;
	if (g->emitted) {
		/* The block stays: fix the comments of its surviving lines. */
		group_keep(g, idx);
		for (size_t i = 0; i < g->nkeep; i++) {
			const struct directive *d = &c->dirs[g->keep[i]];
			size_t fixed;

			sb_reset(&line);
			fixed = build_line(c, d, NULL, NULL, 0, 0, &line);
			if (!fixed)
				continue;
			c->st.comments += fixed;
			group_edit(g, d->start, d->end, line.buf);
			describe_directive(c, d, reason_part(g));
			sb_adds(&g->reason, " comment fixed");
		}
	} else {
		group_edit(g, endif->start, endif->end, NULL);
	}
	sb_release(&line);
	/* In file order; runs of deleted lines become one edit. */
	qsort(g->edits, g->nedits, sizeof(*g->edits), cmp_gedit);
	for (size_t i = 0; i < g->nedits; i++) {
		struct gedit *e = &g->edits[i];

		if (j && !e->repl && !g->edits[j - 1].repl && g->edits[j - 1].end == e->start) {
			g->edits[j - 1].end = e->end;
			continue;
		}
		g->edits[j++] = *e;
	}
	g->nedits = j;
	for (size_t i = 0; i < g->nedits; i++) {
		struct fedit *f;

		GROW(c->edits, c->edits_cap, c->nedits + 1);
		f = &c->edits[c->nedits++];
		f->start = g->edits[i].start;
		f->end = g->edits[i].end;
		f->repl = g->edits[i].repl ? g->edits[i].repl : xstrdup("");
		f->reason = xstrdup(g->reason.buf);
		g->edits[i].repl = NULL;
	}
	g->nedits = 0;
	c->st.changed++;
	sv_push_owned(&c->log, xasprintf("%zu-%zu: %s", c->dirs[g->open].line, endif->line,
					 g->reason.buf));
}

static void group_release(struct group *g)
{
	for (size_t i = 0; i < g->nedits; i++)
		free(g->edits[i].repl);
	free(g->edits);
	free(g->keep);
	sb_release(&g->reason);
	memset(g, 0, sizeof(*g));
}

static struct group *push_group(struct ctx *c, size_t idx)
{
	struct group *parent, *g;

	GROW(c->stack, c->stack_cap, c->depth + 1);
	parent = c->depth ? &c->stack[c->depth - 1] : NULL;
	g = &c->stack[c->depth++];
	memset(g, 0, sizeof(*g));
	g->open = idx;
	g->dead = parent && (parent->dead || parent->act == A_DROP);
	c->st.conditionals++;
	return g;
}

static int resolve(struct ctx *c)
{
	for (size_t i = 0; i < c->ndirs; i++) {
		const struct directive *d = &c->dirs[i];
		struct group *g = c->depth ? &c->stack[c->depth - 1] : NULL;

		c->st.directives++;
		switch (d->kind) {
		case D_IF:
		case D_IFDEF:
		case D_IFNDEF:
			g = push_group(c, i);
			start_branch(c, g, i);
			break;
		case D_ELIF:
		case D_ELIFDEF:
		case D_ELIFNDEF:
		case D_ELSE:
			if (!g) {
				error_at(c, d->line, "#%s without #if", dkind_name[d->kind]);
				return -1;
			}
			if (g->seen_else) {
				error_at(c, d->line, "#%s after #else (line %zu)", dkind_name[d->kind],
					 c->dirs[g->cur].line);
				return -1;
			}
			end_branch(g, &c->dirs[g->cur], d->start);
			start_branch(c, g, i);
			break;
		case D_ENDIF:
			if (!g) {
				error_at(c, d->line, "#endif without #if");
				return -1;
			}
			end_branch(g, &c->dirs[g->cur], d->start);
			finish_group(c, g, i);
			group_release(g);
			c->depth--;
			break;
		case D_OTHER:
			break;
		}
	}
	if (c->depth) {
		const struct directive *d = &c->dirs[c->stack[c->depth - 1].open];

		error_at(c, d->line, "unterminated #%s", dkind_name[d->kind]);
		return -1;
	}
	return 0;
}

static int cmp_fedit(const void *a, const void *b)
{
	const struct fedit *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* True if [s, e) holds blanks only (its line end included). */
static int blank_line(const char *b, size_t s, size_t e)
{
	for (; s < e; s++)
		if (!b[s] || !strchr(" \t\r\n\f\v", b[s]))
			return 0;
	return 1;
}

/*
 * CPP_SQUEEZE_BLANKS: where a deleted run of lines follows a blank line (or
 * the start of the file) and is followed by one, the blank line after it
 * goes too, so the deletion leaves no doubled blank line (unifdef -B).
 */
static void squeeze_blanks(struct ctx *c)
{
	size_t run = 0;   /* the start of the run of adjacent deletions that ends at edit i - 1 */

	for (size_t i = 0; i < c->nedits; i++) {
		struct fedit *e = &c->edits[i];
		size_t start = e->start, after;

		/*
		 * The line before it in the result: earlier deletions ending here
		 * do not count (carried from edit to edit: 40,000 adjacent
		 * deletions are not a quadratic walk back).
		 */
		if (i > 0 && !c->edits[i - 1].repl[0] && c->edits[i - 1].end == start)
			start = run;
		run = start;
		if (e->repl[0] || e->end >= c->len)
			continue;
		if (start > 0 && !blank_line(c->buf, line_start(c->buf, start - 1), start))
			continue;
		after = line_end(c->buf, c->len, e->end);
		if (!blank_line(c->buf, e->end, after) || (i + 1 < c->nedits && c->edits[i + 1].start < after))
			continue;
		e->end = after;
		c->st.squeezed++;
	}
}

int cpp_resolve(struct plan *plan, const char *path, const struct strset *off,
		const struct strset *on, struct cpp_stats *stats, struct strbuf *err)
{
	return cpp_resolve_flags(plan, path, off, on, 0, stats, err);
}

int cpp_resolve_flags(struct plan *plan, const char *path, const struct strset *off,
		      const struct strset *on, unsigned flags, struct cpp_stats *stats,
		      struct strbuf *err)
{
	const struct plan_file *f = plan_file(plan, path);
	struct ctx c;
	int rc;

	if (!f) {
		sb_addf(err, "%s: %s: cannot read: %s\n", progname, path, strerror(errno));
		return -1;
	}
	memset(&c, 0, sizeof(c));
	c.path = path;
	c.buf = f->data;
	c.len = f->len;
	c.off = off;
	c.on = on;
	c.err = err;
	rc = scan(&c) < 0 || resolve(&c) < 0 ? -1 : (int)c.st.changed;
	if (rc >= 0) {
		if (c.nedits)
			qsort(c.edits, c.nedits, sizeof(*c.edits), cmp_fedit);
		if (flags & CPP_SQUEEZE_BLANKS)
			squeeze_blanks(&c);
		for (size_t i = 0; i < c.nedits; i++)
			plan_edit(plan, path, c.edits[i].start, c.edits[i].end, c.edits[i].repl,
				  KIND_C_IFDEF, &CAUSE(RULE_CPP, NULL), c.edits[i].reason);
		for (size_t i = 0; i < c.nreviews; i++)
			plan_note(plan, path, c.reviews[i].line, KIND_C_IFDEF, ACTION_REVIEW,
				  &CAUSE(RULE_CPP, NULL), c.reviews[i].reason, c.reviews[i].text);
		if (stats) {
			stats->directives += c.st.directives;
			stats->conditionals += c.st.conditionals;
			stats->changed += c.st.changed;
			stats->dropped += c.st.dropped;
			stats->unwrapped += c.st.unwrapped;
			stats->rewritten += c.st.rewritten;
			stats->comments += c.st.comments;
			stats->review += c.st.review;
			stats->squeezed += c.st.squeezed;
			for (size_t i = 0; stats->log && i < c.log.n; i++)
				sv_push(stats->log, c.log.v[i]);
		}
	}
	for (size_t i = 0; i < c.depth; i++)
		group_release(&c.stack[i]);
	free(c.stack);
	for (size_t i = 0; i < c.nedits; i++)
		free(c.edits[i].repl), free(c.edits[i].reason);
	free(c.edits);
	for (size_t i = 0; i < c.nreviews; i++)
		free(c.reviews[i].reason), free(c.reviews[i].text);
	free(c.reviews);
	free(c.dirs);
	sv_clear(&c.log);
	return rc;
}

/* ---- the conditional structure of a file, line by line (cpp_lines) ---- */

/* The directive keyword at hash (the '#' of a directive line): its kind for cpp_lines. */
static enum cpp_line_kind directive_line_kind(const char *b, size_t len, size_t hash)
{
	size_t p = skip_inline_blanks(b, len, hash + 1), kw = p;

	while (p < len && is_word_char((unsigned char)b[p]))
		p++;
	if (keyword_kind(b + kw, p - kw) != D_OTHER)
		return CPP_LINE_COND;
	if ((p - kw == 6 && !memcmp(b + kw, "define", 6)) || (p - kw == 5 && !memcmp(b + kw, "undef", 5)))
		return CPP_LINE_DEFINE;
	if (p - kw == 7 && !memcmp(b + kw, "include", 7))
		return CPP_LINE_INCLUDE;
	return CPP_LINE_DIRECTIVE;
}

/* Mark lines [from, to] (1-based) as kind. */
static void mark_lines(struct cpp_lines *l, size_t from, size_t to, enum cpp_line_kind kind)
{
	for (size_t i = from; i <= to && i <= l->nlines; i++)
		l->kind[i] = (unsigned char)kind;
}

/*
 * The kind of every line: blank (or comment only), code, or the kind of
 * directive it belongs to (a directive's continuation lines too).
 */
static void line_kinds(const char *b, size_t len, struct cpp_lines *l)
{
	size_t p = utf8_bom_len(b, len), line = 1;
	int bol = 1;

	while (p < len) {
		size_t k;

		if (bol) {
			size_t q = skip_inline_blanks(b, len, p);

			bol = 0;
			if (q < len && b[q] == '#') {
				enum cpp_line_kind kind = directive_line_kind(b, len, q);
				size_t first = line;

				/* To the end of the logical line, as scan_directive reads it. */
				for (p = q + 1; p < len && b[p] != '\n';) {
					if ((k = continuation(b, len, p))) {
						p += k;
						line++;
					} else if (b[p] == '/' && p + 1 < len && b[p + 1] == '*') {
						size_t e = block_comment_end(b, len, p);

						for (size_t i = p; i < (e ? e : len); i++)
							line += b[i] == '\n';
						p = e ? e : len;
					} else if (b[p] == '/' && p + 1 < len && b[p + 1] == '/') {
						p = line_comment_end(b, len, p);
					} else if (b[p] == '"' || b[p] == '\'') {
						p = literal_end(b, len, p);
					} else {
						p++;
					}
				}
				mark_lines(l, first, line, kind);
				continue;
			}
			p = q;
			if (p >= len)
				break;
		}
		if (b[p] == '\n') {
			bol = 1;
			line++;
			p++;
		} else if ((k = continuation(b, len, p))) {
			p += k;
			line++;
		} else if (b[p] == '/' && p + 1 < len && b[p + 1] == '*') {
			size_t e = block_comment_end(b, len, p);

			for (size_t i = p; i < (e ? e : len); i++)
				line += b[i] == '\n';
			p = e ? e : len;
		} else if (b[p] == '/' && p + 1 < len && b[p + 1] == '/') {
			p = line_comment_end(b, len, p);
		} else {
			if (line <= l->nlines && l->kind[line] == CPP_LINE_BLANK)
				l->kind[line] = CPP_LINE_CODE;
			if (b[p] == '"' || b[p] == '\'') {
				size_t e = literal_end(b, len, p);

				for (size_t i = p; i < e; i++)
					line += b[i] == '\n';
				p = e;
			} else {
				p++;
			}
		}
	}
}

static size_t new_branch(struct cpp_lines *l, size_t parent, size_t prev, size_t dir_line,
			 const char *kw, const char *cond, size_t cond_len)
{
	struct cpp_branch *br;

	GROW(l->branches, l->branches_cap, l->nbranches + 1);
	br = &l->branches[l->nbranches];
	memset(br, 0, sizeof(*br));
	br->parent = parent;
	br->prev = prev;
	br->dir_line = dir_line;
	br->first = dir_line + 1;
	br->last = l->nlines;
	br->keyword = kw;
	br->cond = cond ? xstrndup(cond, cond_len) : NULL;
	return l->nbranches++;
}

int cpp_lines(const char *path, const char *buf, size_t len, struct cpp_lines *l, struct strbuf *err)
{
	struct ctx c;
	size_t *stack = NULL, depth = 0, stack_cap = 0, cur = 0;
	size_t nlines = 1;
	int rc = 0;

	memset(l, 0, sizeof(*l));
	for (size_t i = 0; i < len; i++)
		nlines += buf[i] == '\n';
	if (len && buf[len - 1] == '\n')
		nlines--;
	l->nlines = nlines;
	l->kind = xcalloc(nlines + 2, 1);
	l->branch = xcalloc(nlines + 2, sizeof(size_t));
	new_branch(l, 0, 0, 0, NULL, NULL, 0);   /* 0: the file */
	l->branches[0].first = 1;
	memset(&c, 0, sizeof(c));
	c.path = path;
	c.buf = buf;
	c.len = len;
	c.err = err;
	if (scan(&c) < 0) {
		free(c.dirs);
		return -1;
	}
	line_kinds(buf, len, l);
	/* Branches: each #if opens one, each #elif/#else closes it and opens its sibling, #endif closes. */
	for (size_t i = 0, at = 1; i < c.ndirs; i++) {
		const struct directive *d = &c.dirs[i];
		size_t dline = d->line, dlast = dline;

		for (size_t k = d->start; k < d->content_end; k++)
			dlast += buf[k] == '\n';
		for (; at < dline; at++)
			l->branch[at] = cur;
		if (d->kind == D_IF || d->kind == D_IFDEF || d->kind == D_IFNDEF) {
			for (; at <= dlast; at++)
				l->branch[at] = cur;
			GROW(stack, stack_cap, depth + 1);
			stack[depth++] = cur;
			cur = new_branch(l, cur, 0, dlast, dkind_name[d->kind], buf + d->kw_end,
					 d->content_end - d->kw_end);
			l->branches[cur].dir_line = dline;
		} else if (depth == 0) {
			error_at(&c, dline, "#%s without #if", dkind_name[d->kind]);
			rc = -1;
			break;
		} else {
			size_t parent = stack[depth - 1];

			l->branches[cur].last = dline - 1;
			for (; at <= dlast; at++)
				l->branch[at] = parent;
			if (d->kind == D_ENDIF) {
				cur = parent;
				depth--;
			} else {
				size_t prev = cur;

				cur = new_branch(l, parent, prev, dlast, dkind_name[d->kind],
						 d->kind == D_ELSE ? NULL : buf + d->kw_end,
						 d->kind == D_ELSE ? 0 : d->content_end - d->kw_end);
				l->branches[cur].dir_line = dline;
			}
		}
		if (i + 1 == c.ndirs)
			for (; at <= nlines; at++)
				l->branch[at] = cur;
	}
	if (!c.ndirs)
		for (size_t at = 1; at <= nlines; at++)
			l->branch[at] = 0;
	if (rc == 0 && depth) {
		error_at(&c, nlines, "unterminated #if");
		rc = -1;
	}
	free(stack);
	free(c.dirs);
	if (rc < 0)
		cpp_lines_release(l);
	return rc;
}

void cpp_lines_release(struct cpp_lines *l)
{
	for (size_t i = 0; i < l->nbranches; i++)
		free(l->branches[i].cond);
	free(l->branches);
	free(l->kind);
	free(l->branch);
	memset(l, 0, sizeof(*l));
}
