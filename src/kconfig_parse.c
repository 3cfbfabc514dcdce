/*
 * kconfig_parse.c - a parser of the Kconfig language that keeps the byte span
 * of every statement, attribute and expression.
 *
 * It follows scripts/kconfig/lexer.l and parser.y: statements end at a
 * newline unless it is escaped by a backslash; '#' starts a comment outside
 * strings; words are [A-Za-z0-9_-] runs and $(...) macro calls; help text
 * ends at the first non-blank line indented less than its first line.
 * Unlike kconfig it does not follow `source`: each file is parsed on its own.
 */
#include <setjmp.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kconfig_ast.h"

/* ---- arena: the nodes of a file, freed together ---- */

struct arena_chunk {
	struct arena_chunk *prev;
	size_t used, cap;
	alignas(max_align_t) char data[];
};

static void *arena_alloc(struct arena_chunk **arena, size_t n)
{
	struct arena_chunk *c = *arena;
	const size_t align = alignof(max_align_t);
	void *p;

	n = (n + align - 1) & ~(align - 1);
	if (!c || c->cap - c->used < n) {
		size_t cap = n > 16384 ? n : 16384;

		c = xmalloc(sizeof(*c) + cap);
		c->prev = *arena;
		c->used = 0;
		c->cap = cap;
		*arena = c;
	}
	p = c->data + c->used;
	c->used += n;
	memset(p, 0, n);
	return p;
}

static char *arena_strndup(struct arena_chunk **arena, const char *s, size_t n)
{
	char *p = arena_alloc(arena, n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void kconfig_arena_free(struct arena_chunk *arena)
{
	while (arena) {
		struct arena_chunk *prev = arena->prev;

		free(arena);
		arena = prev;
	}
}

/* ---- lexer ---- */

enum tok {
	T_EOF, T_EOL, T_WORD, T_STRING,
	T_AND, T_OR, T_NOT, T_EQ, T_NE, T_LT, T_LE, T_GT, T_GE,
	T_LPAREN, T_RPAREN, T_COLON_EQ, T_PLUS_EQ, T_BAD,
};

struct token {
	enum tok t;
	size_t start, end;
	size_t line;
};

struct parser {
	const char *s;
	size_t len, pos, line;
	const char *path;
	struct strbuf *err;
	struct arena_chunk **arena;
	jmp_buf fail;
	struct token tk;         /* lookahead, when have */
	int have;
	int depth;               /* nesting of parentheses, '!' and blocks being parsed */
};

/*
 * Nesting deeper than this is refused with a file:line error: the parser and
 * every walker of the tree recurse once per level.  The kernel's deepest
 * Kconfig nesting is under 20; chains of && and || are not nesting (they are
 * built balanced, see parse_chain()).
 */
#define MAX_NEST 200

static void fail(struct parser *p, size_t line, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 3, 4)));

static void fail(struct parser *p, size_t line, const char *fmt, ...)
{
	va_list ap;

	sb_addf(p->err, "%s:%zu: ", p->path, line);
	va_start(ap, fmt);
	sb_vaddf(p->err, fmt, ap);
	va_end(ap);
	sb_addc(p->err, '\n');
	longjmp(p->fail, 1);
}

static int is_kc_word_char(unsigned char c)
{
	return is_word_char(c) || c == '-';
}

/* Skip a $(...) call starting at p->pos (on the '$'), nested parentheses included. */
static void skip_macro(struct parser *p)
{
	size_t depth = 0, start_line = p->line;

	p->pos++;   /* '$' */
	do {
		char c = p->pos < p->len ? p->s[p->pos] : '\n';

		if (c == '\n')
			fail(p, start_line, "unterminated $(...)");
		if (c == '(')
			depth++;
		else if (c == ')')
			depth--;
		p->pos++;
	} while (depth);
}

/* The next token; the position of a T_EOL's line is the line it ends. */
static void lex(struct parser *p, struct token *tk)
{
	const char *s = p->s;

again:
	while (p->pos < p->len && (s[p->pos] == ' ' || s[p->pos] == '\t' || s[p->pos] == '\r' ||
				   s[p->pos] == '\f' || s[p->pos] == '\v'))
		p->pos++;
	tk->start = p->pos;
	tk->line = p->line;
	if (p->pos >= p->len) {
		tk->t = T_EOF;
		tk->end = p->pos;
		return;
	}
	char c = s[p->pos];
	char d = p->pos + 1 < p->len ? s[p->pos + 1] : '\0';

	if (c == '\\' && (d == '\n' || (d == '\r' && p->pos + 2 < p->len && s[p->pos + 2] == '\n'))) {
		p->pos += d == '\n' ? 2 : 3;
		p->line++;
		goto again;
	}
	if (c == '#') {
		while (p->pos < p->len && s[p->pos] != '\n')
			p->pos++;
		goto again;
	}
	if (c == '\n') {
		tk->t = T_EOL;
		tk->end = ++p->pos;
		p->line++;
		return;
	}
	if (c == '"' || c == '\'') {
		p->pos++;
		while (p->pos < p->len && s[p->pos] != c && s[p->pos] != '\n') {
			if (s[p->pos] == '\\' && p->pos + 1 < p->len && s[p->pos + 1] != '\n')
				p->pos++;
			p->pos++;
		}
		if (p->pos < p->len && s[p->pos] == c)
			p->pos++;
		else
			fail(p, tk->line, "unterminated string");
		tk->t = T_STRING;
		tk->end = p->pos;
		return;
	}
	if (is_kc_word_char((unsigned char)c) || c == '$') {
		while (p->pos < p->len) {
			c = s[p->pos];
			if (is_kc_word_char((unsigned char)c))
				p->pos++;
			else if (c == '$' && p->pos + 1 < p->len && s[p->pos + 1] == '(')
				skip_macro(p);
			else if (c == '$')
				p->pos++;
			else
				break;
		}
		tk->t = T_WORD;
		tk->end = p->pos;
		return;
	}
	p->pos++;
	tk->t = T_BAD;
	switch (c) {
	case '&': if (d == '&') { p->pos++; tk->t = T_AND; } break;
	case '|': if (d == '|') { p->pos++; tk->t = T_OR; } break;
	case '!': if (d == '=') { p->pos++; tk->t = T_NE; } else tk->t = T_NOT; break;
	case '=': tk->t = T_EQ; break;
	case '<': if (d == '=') { p->pos++; tk->t = T_LE; } else tk->t = T_LT; break;
	case '>': if (d == '=') { p->pos++; tk->t = T_GE; } else tk->t = T_GT; break;
	case '(': tk->t = T_LPAREN; break;
	case ')': tk->t = T_RPAREN; break;
	case ':': if (d == '=') { p->pos++; tk->t = T_COLON_EQ; } break;
	case '+': if (d == '=') { p->pos++; tk->t = T_PLUS_EQ; } break;
	default: break;
	}
	tk->end = p->pos;
}

static const struct token *peek(struct parser *p)
{
	if (!p->have) {
		lex(p, &p->tk);
		p->have = 1;
	}
	return &p->tk;
}

static struct token next(struct parser *p)
{
	peek(p);
	p->have = 0;
	return p->tk;
}

/* The token after the lookahead, without consuming anything. */
static struct token peek2(struct parser *p)
{
	size_t pos, line;
	struct token t;

	peek(p);
	pos = p->pos, line = p->line;
	lex(p, &t);
	p->pos = pos, p->line = line;
	return t;
}

static int tok_is(const struct parser *p, const struct token *t, const char *word)
{
	size_t n = strlen(word);

	return t->t == T_WORD && t->end - t->start == n && !memcmp(p->s + t->start, word, n);
}

static const char *const keywords[] = {
	"bool", "choice", "comment", "config", "def_bool", "def_tristate", "default",
	"depends", "endchoice", "endif", "endmenu", "help", "hex", "if", "imply", "int",
	"mainmenu", "menu", "menuconfig", "modules", "on", "optional", "prompt", "range",
	"select", "source", "string", "tristate", "visible", "---help---",
};

static int is_keyword(const struct parser *p, const struct token *t)
{
	for (size_t i = 0; i < ARRAY_SIZE(keywords); i++)
		if (tok_is(p, t, keywords[i]))
			return 1;
	return 0;
}

/* A printable description of a token for messages. */
static const char *tok_desc(const struct parser *p, const struct token *t, char *buf, size_t n)
{
	if (t->t == T_EOF)
		return "end of file";
	if (t->t == T_EOL)
		return "end of line";
	snprintf(buf, n, "'%.*s'", (int)(t->end - t->start > 40 ? 40 : t->end - t->start),
		 p->s + t->start);
	return buf;
}

static void fail_unexpected(struct parser *p, const struct token *t, const char *where)
	__attribute__((noreturn));

static void fail_unexpected(struct parser *p, const struct token *t, const char *where)
{
	char buf[64];

	fail(p, t->line, "unexpected %s %s", tok_desc(p, t, buf, sizeof(buf)), where);
}

/* The unescaped contents of a string token (without its quotes). */
static char *string_value(struct parser *p, const struct token *t)
{
	size_t a = t->start + 1, b = t->end - 1;
	char *out = arena_alloc(p->arena, b - a + 1), *o = out;

	for (size_t i = a; i < b; i++) {
		if (p->s[i] == '\\' && i + 1 < b)
			i++;
		*o++ = p->s[i];
	}
	*o = '\0';
	return out;
}

/* One more level of nesting at line; refused past MAX_NEST. */
static void enter(struct parser *p, size_t line, const char *what)
{
	if (++p->depth > MAX_NEST)
		fail(p, line, "%s nested more than %d deep", what, MAX_NEST);
}

/* ---- expressions ---- */

static struct kexpr *new_expr(struct parser *p, enum kx_op op, size_t start, size_t end)
{
	struct kexpr *e = arena_alloc(p->arena, sizeof(*e));

	e->op = op;
	e->start = start;
	e->end = end;
	e->val = -1;
	return e;
}

/* A symbol operand: a word that is not a keyword, or a quoted string. */
static struct kexpr *parse_symbol(struct parser *p, const char *where)
{
	struct token t = next(p);
	struct kexpr *e;

	if (t.t == T_STRING) {
		e = new_expr(p, KX_STR, t.start, t.end);
		e->word = string_value(p, &t);
		return e;
	}
	if (t.t != T_WORD || is_keyword(p, &t))
		fail_unexpected(p, &t, where);
	e = new_expr(p, KX_SYM, t.start, t.end);
	e->word = arena_strndup(p->arena, p->s + t.start, t.end - t.start);
	e->is_macro = memchr(p->s + t.start, '$', t.end - t.start) != NULL;
	return e;
}

static struct kexpr *parse_or(struct parser *p, const char *where);

static struct kexpr *parse_unary(struct parser *p, const char *where)
{
	const struct token *t = peek(p);
	struct kexpr *e;

	if (t->t == T_NOT || t->t == T_LPAREN)
		enter(p, t->line, "expression");
	if (t->t == T_NOT) {
		size_t start = next(p).start;
		struct kexpr *c = parse_unary(p, where);

		e = new_expr(p, KX_NOT, start, c->end);
		e->l = c;
		p->depth--;
		return e;
	}
	if (t->t == T_LPAREN) {
		size_t start = next(p).start;
		struct kexpr *c = parse_or(p, where);
		struct token close = next(p);

		if (close.t != T_RPAREN)
			fail_unexpected(p, &close, "where ')' was expected");
		e = new_expr(p, KX_PAREN, start, close.end);
		e->l = c;
		p->depth--;
		return e;
	}
	e = parse_symbol(p, where);
	switch (peek(p)->t) {
	case T_EQ: case T_NE: case T_LT: case T_LE: case T_GT: case T_GE: {
		enum tok op = next(p).t;
		struct kexpr *r = parse_symbol(p, "after a comparison operator");
		struct kexpr *cmp = new_expr(p, op == T_EQ ? KX_EQ : op == T_NE ? KX_NE :
					     op == T_LT ? KX_LT : op == T_LE ? KX_LE :
					     op == T_GT ? KX_GT : KX_GE, e->start, r->end);

		cmp->l = e;
		cmp->r = r;
		return cmp;
	}
	default:
		return e;
	}
}

/*
 * A chain of operands joined by op (&& or ||), as a balanced tree: the
 * operators are associative, and a balanced tree keeps the depth of every
 * walker logarithmic in the length of the chain (a 150,000-term || is
 * legal).  The pending subtrees sit on a stack of perfect trees of strictly
 * decreasing size, as the digits of a binary counter; in-order the leaves are
 * the operands as written, so every span stays contiguous.
 */
static struct kexpr *join(struct parser *p, enum kx_op op, struct kexpr *l, struct kexpr *r)
{
	struct kexpr *e = new_expr(p, op, l->start, r->end);

	e->l = l, e->r = r;
	return e;
}

static struct kexpr *parse_chain(struct parser *p, const char *where, enum tok tok)
{
	struct kexpr *stack[8 * sizeof(size_t)];
	size_t rank[8 * sizeof(size_t)], n = 0;
	enum kx_op op = tok == T_OR ? KX_OR : KX_AND;
	const char *after = tok == T_OR ? "after '||'" : "after '&&'";

	for (;;) {
		struct kexpr *e = tok == T_OR ? parse_chain(p, n ? after : where, T_AND)
					      : parse_unary(p, n ? after : where);
		size_t r = 0;

		while (n && rank[n - 1] == r) {
			e = join(p, op, stack[--n], e);
			r++;
		}
		stack[n] = e, rank[n++] = r;
		if (peek(p)->t != tok)
			break;
		next(p);
	}
	while (n > 1) {
		struct kexpr *r = stack[--n];

		stack[n - 1] = join(p, op, stack[n - 1], r);
	}
	return stack[0];
}

static struct kexpr *parse_or(struct parser *p, const char *where)
{
	return parse_chain(p, where, T_OR);
}

/* ---- statements ---- */

/* Consume the end of a statement; returns the offset just past its newline. */
static size_t expect_eol(struct parser *p, const char *where)
{
	struct token t = next(p);

	if (t.t == T_EOL || t.t == T_EOF)
		return t.end;
	fail_unexpected(p, &t, where);
}

/* An optional "if EXPR" before the end of the line. */
static void parse_if_cond(struct parser *p, struct kattr *a)
{
	if (tok_is(p, peek(p), "if")) {
		a->if_start = next(p).start;
		a->cond = parse_or(p, "in the 'if' condition");
	}
}

/*
 * Help text: the lines after "help" while blank or indented at least as
 * much as the first non-blank one (tabs count to the next multiple of 8).
 * Returns the end of the last non-blank line; the lexer resumes there.
 */
static size_t scan_help(struct parser *p)
{
	const char *s = p->s;
	size_t cur = p->pos, end = p->pos, first_ts = 0;

	while (cur < p->len) {
		const char *nl = memchr(s + cur, '\n', p->len - cur);
		size_t le = nl ? (size_t)(nl - s) : p->len, i = cur, ts = 0;

		for (; i < le && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'); i++)
			ts = s[i] == '\t' ? (ts & ~(size_t)7) + 8 : ts + 1;
		if (i < le) {
			if (!first_ts && !ts)
				break;
			if (!first_ts)
				first_ts = ts;
			else if (ts < first_ts)
				break;
			end = nl ? le + 1 : le;
		}
		cur = nl ? le + 1 : le;
	}
	for (size_t i = p->pos; i < end; i++)
		p->line += s[i] == '\n';
	p->pos = end;
	return end;
}

static enum ktype type_of(const struct parser *p, const struct token *t)
{
	static const struct { const char *w; enum ktype t; } types[] = {
		{ "bool", KT_BOOL }, { "tristate", KT_TRISTATE }, { "string", KT_STRING },
		{ "int", KT_INT }, { "hex", KT_HEX }, { "def_bool", KT_BOOL },
		{ "def_tristate", KT_TRISTATE },
	};

	for (size_t i = 0; i < ARRAY_SIZE(types); i++)
		if (tok_is(p, t, types[i].w))
			return types[i].t;
	return KT_NONE;
}

static int is_attr_keyword(const struct parser *p, const struct token *t)
{
	static const char *const attrs[] = {
		"bool", "tristate", "string", "int", "hex", "def_bool", "def_tristate",
		"prompt", "default", "depends", "select", "imply", "range", "visible", "help",
		"---help---", "optional", "modules", "option",
	};

	for (size_t i = 0; i < ARRAY_SIZE(attrs); i++)
		if (tok_is(p, t, attrs[i]))
			return 1;
	return 0;
}

static size_t line_start_of(const struct parser *p, size_t off)
{
	while (off > 0 && p->s[off - 1] != '\n')
		off--;
	return off;
}

/* One attribute line (the lookahead is its keyword). */
static struct kattr *parse_attr(struct parser *p)
{
	struct kattr *a = arena_alloc(p->arena, sizeof(*a));
	struct token kw = next(p);

	a->start = line_start_of(p, kw.start);
	a->line = kw.line;
	a->kw_start = kw.start;
	a->kw_end = kw.end;
	if ((a->type = type_of(p, &kw)) != KT_NONE) {
		if (tok_is(p, &kw, "def_bool") || tok_is(p, &kw, "def_tristate")) {
			a->kind = KA_DEF_TYPE;
			a->expr = parse_or(p, "in the default value");
			parse_if_cond(p, a);
		} else {
			a->kind = KA_TYPE;
			if (peek(p)->t == T_STRING) {
				struct token s = next(p);

				a->prompt_start = s.start, a->prompt_end = s.end;
				a->prompt = string_value(p, &s);
				parse_if_cond(p, a);
			}
		}
	} else if (tok_is(p, &kw, "prompt")) {
		struct token s = next(p);

		if (s.t != T_STRING)
			fail_unexpected(p, &s, "where a quoted prompt was expected");
		a->kind = KA_PROMPT;
		a->prompt_start = s.start, a->prompt_end = s.end;
		a->prompt = string_value(p, &s);
		parse_if_cond(p, a);
	} else if (tok_is(p, &kw, "default")) {
		a->kind = KA_DEFAULT;
		a->expr = parse_or(p, "in the default value");
		parse_if_cond(p, a);
	} else if (tok_is(p, &kw, "depends")) {
		struct token on = next(p);

		if (!tok_is(p, &on, "on"))
			fail_unexpected(p, &on, "where 'on' was expected after 'depends'");
		a->kind = KA_DEPENDS;
		a->kw_end = on.end;
		a->expr = parse_or(p, "in 'depends on'");
	} else if (tok_is(p, &kw, "select") || tok_is(p, &kw, "imply")) {
		a->kind = tok_is(p, &kw, "select") ? KA_SELECT : KA_IMPLY;
		a->expr = parse_symbol(p, "where a symbol was expected");
		if (a->expr->op != KX_SYM)
			fail(p, kw.line, "%s of a quoted string", kattr_name(a->kind));
		parse_if_cond(p, a);
	} else if (tok_is(p, &kw, "range")) {
		a->kind = KA_RANGE;
		a->expr = parse_symbol(p, "in 'range'");
		a->expr2 = parse_symbol(p, "in 'range'");
		parse_if_cond(p, a);
	} else if (tok_is(p, &kw, "visible")) {
		a->kind = KA_VISIBLE;
		parse_if_cond(p, a);
	} else if (tok_is(p, &kw, "help") || tok_is(p, &kw, "---help---")) {
		a->kind = KA_HELP;
		expect_eol(p, "after 'help'");
		a->end = scan_help(p);
		return a;
	} else if (tok_is(p, &kw, "optional") || tok_is(p, &kw, "modules")) {
		a->kind = tok_is(p, &kw, "optional") ? KA_OPTIONAL : KA_MODULES;
	} else {
		/* Unknown (or retired, like "option env=..."): keep the line as it is. */
		a->kind = KA_OTHER;
		while (peek(p)->t != T_EOL && peek(p)->t != T_EOF)
			next(p);
	}
	a->end = expect_eol(p, "at the end of the attribute");
	return a;
}

/* The attributes of an entry, up to the next statement; returns the end of the last. */
static size_t parse_attrs(struct parser *p, struct knode *n, size_t end)
{
	struct kattr **tail = &n->attrs;

	for (;;) {
		const struct token *t = peek(p);

		if (t->t == T_EOL) {
			next(p);
			continue;
		}
		if (t->t != T_WORD)
			break;
		if (!is_attr_keyword(p, t)) {
			/* An indented unknown word is an attribute this parser does not know. */
			struct token t2 = peek2(p);

			if (is_keyword(p, t) || t->start == line_start_of(p, t->start) ||
			    t2.t == T_EQ || t2.t == T_COLON_EQ || t2.t == T_PLUS_EQ)
				break;
		}
		*tail = parse_attr(p);
		end = (*tail)->end;
		tail = &(*tail)->next;
	}
	return end;
}

static struct knode *new_node(struct parser *p, struct knode *parent, enum knode_kind kind,
			      const struct token *kw)
{
	struct knode *n = arena_alloc(p->arena, sizeof(*n));

	n->kind = kind;
	n->parent = parent;
	n->file = parent->file;
	n->start = line_start_of(p, kw->start);
	n->line = kw->line;
	return n;
}

/* "KEYWORD "string"" statements: menu, comment, source, mainmenu. */
static void parse_string_arg(struct parser *p, struct knode *n, const char *kw)
{
	struct token s = next(p);
	char what[64];

	if (s.t != T_STRING) {
		snprintf(what, sizeof(what), "where a quoted string was expected after '%s'", kw);
		fail_unexpected(p, &s, what);
	}
	n->name = string_value(p, &s);
	n->name_start = s.start;
	n->name_end = s.end;
}

static void parse_block(struct parser *p, struct knode *parent);

/* The end keyword of a block: endmenu, endif, endchoice. */
static const char *end_keyword(enum knode_kind k)
{
	return k == KN_MENU ? "endmenu" : k == KN_IF ? "endif" : k == KN_CHOICE ? "endchoice" : NULL;
}

static struct knode *parse_statement(struct parser *p, struct knode *parent)
{
	struct token kw = next(p);
	struct knode *n;

	if (kw.t != T_WORD)
		fail_unexpected(p, &kw, "at the start of a statement");
	if (tok_is(p, &kw, "config") || tok_is(p, &kw, "menuconfig")) {
		struct token sym = next(p);

		n = new_node(p, parent, tok_is(p, &kw, "config") ? KN_CONFIG : KN_MENUCONFIG, &kw);
		if (sym.t != T_WORD || is_keyword(p, &sym))
			fail_unexpected(p, &sym, "where a symbol name was expected");
		n->name = arena_strndup(p->arena, p->s + sym.start, sym.end - sym.start);
		n->name_start = sym.start, n->name_end = sym.end;
		n->head_end = expect_eol(p, "after the symbol name");
		n->end = n->head_end = parse_attrs(p, n, n->head_end);
	} else if (tok_is(p, &kw, "menu") || tok_is(p, &kw, "choice") || tok_is(p, &kw, "if")) {
		n = new_node(p, parent, tok_is(p, &kw, "menu") ? KN_MENU :
			     tok_is(p, &kw, "choice") ? KN_CHOICE : KN_IF, &kw);
		if (n->kind == KN_MENU) {
			parse_string_arg(p, n, "menu");
		} else if (n->kind == KN_CHOICE && peek(p)->t == T_WORD) {
			struct token name = next(p);

			n->name = arena_strndup(p->arena, p->s + name.start, name.end - name.start);
			n->name_start = name.start, n->name_end = name.end;
		} else if (n->kind == KN_IF) {
			n->cond = parse_or(p, "in the 'if' condition");
		}
		n->head_end = expect_eol(p, "at the end of the statement");
		if (n->kind != KN_IF)
			n->head_end = parse_attrs(p, n, n->head_end);
		enter(p, kw.line, "block");
		parse_block(p, n);
		p->depth--;
	} else if (tok_is(p, &kw, "comment") || tok_is(p, &kw, "source") ||
		   tok_is(p, &kw, "mainmenu")) {
		n = new_node(p, parent, tok_is(p, &kw, "comment") ? KN_COMMENT :
			     tok_is(p, &kw, "source") ? KN_SOURCE : KN_MAINMENU, &kw);
		parse_string_arg(p, n, knode_name(n->kind));
		n->end = n->head_end = expect_eol(p, "at the end of the statement");
		if (n->kind == KN_COMMENT)
			n->end = n->head_end = parse_attrs(p, n, n->end);
	} else if (!is_keyword(p, &kw) &&
		   (peek(p)->t == T_EQ || peek(p)->t == T_COLON_EQ || peek(p)->t == T_PLUS_EQ)) {
		/* A macro assignment: the value is the rest of the line, as kconfig reads it. */
		n = new_node(p, parent, KN_ASSIGN, &kw);
		n->name = arena_strndup(p->arena, p->s + kw.start, kw.end - kw.start);
		n->name_start = kw.start, n->name_end = kw.end;
		next(p);
		while (p->pos < p->len && p->s[p->pos] != '\n')
			p->pos++;
		n->end = n->head_end = expect_eol(p, "after the assignment");
	} else if (memchr(p->s + kw.start, '$', kw.end - kw.start)) {
		/* $(info,...) and the like: kconfig expands it to nothing. */
		n = new_node(p, parent, KN_MACRO, &kw);
		n->name = arena_strndup(p->arena, p->s + kw.start, kw.end - kw.start);
		n->name_start = kw.start, n->name_end = kw.end;
		while (peek(p)->t != T_EOL && peek(p)->t != T_EOF)
			next(p);
		n->end = n->head_end = expect_eol(p, "after the macro");
	} else if (is_attr_keyword(p, &kw)) {
		fail(p, kw.line, "'%.*s' outside of a config, menu or choice entry",
		     (int)(kw.end - kw.start), p->s + kw.start);
	} else if (is_keyword(p, &kw)) {
		fail(p, kw.line, "unexpected '%.*s'", (int)(kw.end - kw.start), p->s + kw.start);
	} else {
		fail(p, kw.line, "unknown statement \"%.*s\"", (int)(kw.end - kw.start),
		     p->s + kw.start);
	}
	return n;
}

/* parent->kids: its children as an array, for binary search by offset. */
static void index_children(struct parser *p, struct knode *parent)
{
	size_t n = 0;

	for (struct knode *c = parent->child; c; c = c->next)
		n++;
	parent->kids = arena_alloc(p->arena, (n ? n : 1) * sizeof(*parent->kids));
	parent->nkids = 0;
	for (struct knode *c = parent->child; c; c = c->next)
		parent->kids[parent->nkids++] = c;
}

/* The statements of parent up to its end keyword (or the end of the file for the root). */
static void parse_block(struct parser *p, struct knode *parent)
{
	struct knode **tail = &parent->child;
	const char *want = end_keyword(parent->kind);

	for (;;) {
		const struct token *t = peek(p);

		if (t->t == T_EOL) {
			next(p);
			continue;
		}
		if (t->t == T_EOF) {
			if (want)
				fail(p, parent->line, "'%s' without a matching '%s'",
				     knode_name(parent->kind), want);
			parent->end = p->len;
			index_children(p, parent);
			return;
		}
		if (tok_is(p, t, "endmenu") || tok_is(p, t, "endif") || tok_is(p, t, "endchoice")) {
			struct token kw = next(p);

			if (!want || !tok_is(p, &kw, want)) {
				if (want)
					fail(p, kw.line, "unexpected '%.*s' within the %s block at line %zu",
					     (int)(kw.end - kw.start), p->s + kw.start,
					     knode_name(parent->kind), parent->line);
				fail(p, kw.line, "'%.*s' without a matching block",
				     (int)(kw.end - kw.start), p->s + kw.start);
			}
			parent->end_start = line_start_of(p, kw.start);
			parent->end_line = kw.line;
			parent->end = expect_eol(p, "after the end keyword");
			index_children(p, parent);
			return;
		}
		*tail = parse_statement(p, parent);
		tail = &(*tail)->next;
	}
}

/*
 * The bits of kfile.quoted: byte i is quoted when, reading its line from the
 * start up to (not including) i, a '#' was seen outside quotes or a quote
 * (" or ', with backslash escapes) is still open.
 */
static unsigned char *quoted_bits(struct arena_chunk **arena, const char *data, size_t len)
{
	unsigned char *bits = arena_alloc(arena, len / 8 + 1);
	char quote = 0;
	int comment = 0, escaped = 0;

	for (size_t i = 0; i < len; i++) {
		char c = data[i];

		if (comment || quote)
			bits[i / 8] |= (unsigned char)(1u << (i % 8));
		if (c == '\n') {
			quote = 0, comment = 0, escaped = 0;
		} else if (comment) {
			continue;
		} else if (quote) {
			if (escaped)
				escaped = 0;
			else if (c == '\\')
				escaped = 1;
			else if (c == quote)
				quote = 0;
		} else if (c == '"' || c == '\'') {
			quote = c;
		} else if (c == '#') {
			comment = 1;
		}
	}
	return bits;
}

struct kfile *kconfig_parse(const char *path, const char *data, size_t len, struct strbuf *err)
{
	struct arena_chunk *arena = NULL;
	struct kfile *f = arena_alloc(&arena, sizeof(*f));
	struct parser p;

	memset(&p, 0, sizeof(p));
	p.s = data;
	p.len = len;
	p.line = 1;
	p.path = path;
	p.err = err;
	p.arena = &arena;
	f->path = path;
	f->data = data;
	f->len = len;
	f->root.kind = KN_ROOT;
	f->root.file = f;
	f->root.line = 1;
	f->dead = -1;
	if (memchr(data, '\0', len)) {
		sb_addf(err, "%s:%zu: NUL byte in a Kconfig file\n", path,
			line_of_offset(data, (size_t)((const char *)memchr(data, '\0', len) - data)));
		kconfig_arena_free(arena);
		return NULL;
	}
	if (setjmp(p.fail)) {
		kconfig_arena_free(arena);
		return NULL;
	}
	parse_block(&p, &f->root);
	f->quoted = quoted_bits(&arena, data, len);
	f->arena = arena;
	return f;
}

void kconfig_file_free(struct kfile *f)
{
	if (f) {
		free(f->sites);
		kconfig_arena_free(f->arena);
	}
}

struct kexpr *kconfig_parse_expr(const char *text, struct arena_chunk **arena, struct strbuf *err)
{
	struct parser p;
	struct kexpr *e;

	memset(&p, 0, sizeof(p));
	p.s = text;
	p.len = strlen(text);
	p.line = 1;
	p.path = "<expr>";
	p.err = err;
	p.arena = arena;
	if (setjmp(p.fail))
		return NULL;
	e = parse_or(&p, "in the expression");
	if (peek(&p)->t != T_EOF && peek(&p)->t != T_EOL)
		fail_unexpected(&p, peek(&p), "after the expression");
	return e;
}

const char *kattr_name(enum kattr_kind k)
{
	static const char *const names[] = {
		[KA_TYPE] = "type", [KA_DEF_TYPE] = "def_bool", [KA_PROMPT] = "prompt",
		[KA_DEFAULT] = "default", [KA_DEPENDS] = "depends on", [KA_SELECT] = "select",
		[KA_IMPLY] = "imply", [KA_RANGE] = "range", [KA_VISIBLE] = "visible if",
		[KA_HELP] = "help", [KA_OPTIONAL] = "optional", [KA_MODULES] = "modules",
		[KA_OTHER] = "attribute",
	};

	return names[k];
}

const char *knode_name(enum knode_kind k)
{
	static const char *const names[] = {
		[KN_ROOT] = "file", [KN_CONFIG] = "config", [KN_MENUCONFIG] = "menuconfig",
		[KN_CHOICE] = "choice", [KN_MENU] = "menu", [KN_IF] = "if",
		[KN_COMMENT] = "comment", [KN_SOURCE] = "source", [KN_MAINMENU] = "mainmenu",
		[KN_ASSIGN] = "assignment", [KN_MACRO] = "macro",
	};

	return names[k];
}

const char *ktype_name(enum ktype t)
{
	static const char *const names[] = {
		[KT_NONE] = "", [KT_BOOL] = "bool", [KT_TRISTATE] = "tristate",
		[KT_STRING] = "string", [KT_INT] = "int", [KT_HEX] = "hex",
	};

	return names[t];
}
