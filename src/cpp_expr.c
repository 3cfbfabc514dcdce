/* cpp_expr.c - tokenize, parse and partially evaluate one #if expression. */
#include "cpp_expr.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

enum tok_kind { T_END, T_IDENT, T_NUM, T_CHAR, T_PUNCT, T_BAD };

/* Two-character operators; single characters stand for themselves. */
enum { OP_SHL = 256, OP_SHR, OP_LE, OP_GE, OP_EQ, OP_NE, OP_AND, OP_OR };

struct token {
	enum tok_kind kind;
	int op;
	size_t start, end;
};

enum node_kind { N_NUM, N_IDENT, N_DEFINED, N_CALL, N_UNARY, N_BINARY, N_COND, N_PAREN };

struct node {
	enum node_kind kind;
	int op;
	size_t start, end;      /* bytes of the whole node */
	int a, b, c;            /* children (node indices) */
	size_t ftok, ltok;      /* first and last token */
	size_t name, name_end;  /* N_DEFINED: the macro; N_CALL: the single identifier argument, if any */
	long long val;          /* N_NUM */
	int val_ok;
};

/* Precedence classes of a result, loosest last. */
enum { PREC_PRIMARY, PREC_UNARY, PREC_BINARY, PREC_COND };

struct parser {
	const char *s;
	size_t len;
	const struct strset *off, *on;
	int flags;
	struct token *toks;
	size_t ntoks, toks_cap, pos;
	struct node *nodes;
	size_t nnodes, nodes_cap;
	int depth;
};

/* The value of one (sub)expression after simplification. */
struct val {
	int known;          /* the value is known */
	long long v;
	int mention;        /* names a symbol being resolved */
	size_t opaque;      /* names one where it was not evaluated: 1 + offset of that name */
	int changed;        /* text (in .text) differs from the node's bytes */
	int prec;
	int paren;          /* if > 0: the text is the bytes of this N_PAREN node (index + 1) */
	struct strbuf text;
};

#define MAX_DEPTH 200      /* nesting of parentheses and unary operators */
#define MAX_NODES 20000    /* operands and operators of one expression */

/* Classify name[0..n); with_module: CONFIG_S_MODULE counts too (as undefined). */
static enum cpp_sym lookup_name(const char *name, size_t n, const struct strset *off,
				const struct strset *on, int flags, int with_module)
{
	static const char prefix[] = "CONFIG_", suffix[] = "_MODULE";
	const size_t np = sizeof(prefix) - 1, ns = sizeof(suffix) - 1;

	/* a compiler macro of a removed architecture ("__ia64__") is in off as it is spelt */
	if (n > 2 && name[0] == '_' && name[1] == '_')
		return strset_hasn(off, name, n) ? CPP_SYM_UNDEF : CPP_SYM_NONE;
	if (n > np && !memcmp(name, prefix, np)) {
		name += np;
		n -= np;
	} else if (!(flags & CPP_BARE_NAMES)) {
		return CPP_SYM_NONE;
	}
	if (strset_hasn(off, name, n))
		return CPP_SYM_UNDEF;
	if (on && strset_hasn(on, name, n))
		return CPP_SYM_ONE;
	if (with_module && n > ns && !memcmp(name + n - ns, suffix, ns) &&
	    (strset_hasn(off, name, n - ns) || (on && strset_hasn(on, name, n - ns))))
		return CPP_SYM_UNDEF;
	return CPP_SYM_NONE;
}

enum cpp_sym cpp_lookup(const char *name, size_t n, const struct strset *off,
			const struct strset *on, int flags)
{
	return lookup_name(name, n, off, on, flags, 1);
}

/* ---- tokens ---- */

/* Skip blanks, comments and backslash-newlines from p. */
static size_t skip_blanks(const char *s, size_t len, size_t p)
{
	while (p < len) {
		char c = s[p];

		if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v') {
			p++;
		} else if (c == '\\' && p + 1 < len && (s[p + 1] == '\n' || s[p + 1] == '\r')) {
			p += 2;
		} else if (c == '/' && p + 1 < len && s[p + 1] == '*') {
			const char *e = memmem(s + p + 2, len - p - 2, "*/", 2);

			p = e ? (size_t)(e - s) + 2 : len;
		} else if (c == '/' && p + 1 < len && s[p + 1] == '/') {
			while (p < len && s[p] != '\n')
				p++;
		} else {
			break;
		}
	}
	return p;
}

static int two_char_op(char a, char b)
{
	static const struct { char a, b; int op; } ops[] = {
		{ '<', '<', OP_SHL }, { '>', '>', OP_SHR }, { '<', '=', OP_LE }, { '>', '=', OP_GE },
		{ '=', '=', OP_EQ }, { '!', '=', OP_NE }, { '&', '&', OP_AND }, { '|', '|', OP_OR },
	};

	for (size_t i = 0; i < ARRAY_SIZE(ops); i++)
		if (ops[i].a == a && ops[i].b == b)
			return ops[i].op;
	return 0;
}

static void tokenize(struct parser *p)
{
	const char *s = p->s;
	size_t len = p->len, i = 0;

	for (;;) {
		struct token t = { T_END, 0, 0, 0 };

		i = skip_blanks(s, len, i);
		t.start = i;
		if (i >= len) {
			t.end = i;
		} else if (is_word_char((unsigned char)s[i]) && !(s[i] >= '0' && s[i] <= '9')) {
			while (i < len && is_word_char((unsigned char)s[i]))
				i++;
			t.kind = T_IDENT;
		} else if (s[i] >= '0' && s[i] <= '9') {
			/* A pp-number: digits, letters, '.', and signs after e/p. */
			while (i < len && (is_word_char((unsigned char)s[i]) || s[i] == '.' ||
					   ((s[i] == '+' || s[i] == '-') && strchr("eEpP", s[i - 1]))))
				i++;
			t.kind = T_NUM;
		} else if (s[i] == '\'' || s[i] == '"') {
			char q = s[i++];

			while (i < len && s[i] != q && s[i] != '\n')
				i += (s[i] == '\\' && i + 1 < len) ? 2 : 1;
			if (i < len && s[i] == q) {
				i++;
				t.kind = q == '\'' ? T_CHAR : T_BAD;
			} else {
				t.kind = T_BAD;
			}
		} else if (i + 1 < len && two_char_op(s[i], s[i + 1])) {
			t.kind = T_PUNCT;
			t.op = two_char_op(s[i], s[i + 1]);
			i += 2;
		} else if (s[i] && strchr("()!~-+*/%<>&^|?:,", s[i])) {
			t.kind = T_PUNCT;
			t.op = (unsigned char)s[i++];
		} else {
			t.kind = T_BAD;
			i++;
		}
		t.end = i;
		GROW(p->toks, p->toks_cap, p->ntoks + 1);
		p->toks[p->ntoks++] = t;
		if (t.kind == T_END)
			return;
	}
}

/* The value of a number token, if it is a plain integer constant. */
static int number_value(const char *s, size_t n, long long *out)
{
	unsigned long long v = 0;
	size_t i = 0;
	int base = 10;

	while (n && s[n - 1] && strchr("uUlL", s[n - 1]))
		n--;
	if (!n)
		return 0;
	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		base = 16, i = 2;
	else if (n > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
		base = 2, i = 2;
	else if (s[0] == '0')
		base = 8;
	for (; i < n; i++) {
		int d;

		if (s[i] >= '0' && s[i] <= '9')
			d = s[i] - '0';
		else if (s[i] >= 'a' && s[i] <= 'f')
			d = s[i] - 'a' + 10;
		else if (s[i] >= 'A' && s[i] <= 'F')
			d = s[i] - 'A' + 10;
		else
			return 0;
		if (d >= base || v > (ULLONG_MAX - (unsigned)d) / (unsigned)base)
			return 0;
		v = v * (unsigned)base + (unsigned)d;
	}
	*out = (long long)v;
	return 1;
}

/* ---- parser: precedence climbing, nodes in an array ---- */

static const struct token *peek(const struct parser *p)
{
	return &p->toks[p->pos];
}

static int is_op(const struct parser *p, int op)
{
	return peek(p)->kind == T_PUNCT && peek(p)->op == op;
}

static int new_node(struct parser *p, enum node_kind kind, size_t ftok, size_t ltok)
{
	struct node *n;

	GROW(p->nodes, p->nodes_cap, p->nnodes + 1);
	n = &p->nodes[p->nnodes];
	memset(n, 0, sizeof(*n));
	n->kind = kind;
	n->a = n->b = n->c = -1;
	n->ftok = ftok;
	n->ltok = ltok;
	n->start = p->toks[ftok].start;
	n->end = p->toks[ltok].end;
	return (int)p->nnodes++;
}

static int parse_cond(struct parser *p);

static int binary_prec(int op)
{
	switch (op) {
	case '*': case '/': case '%': return 10;
	case '+': case '-': return 9;
	case OP_SHL: case OP_SHR: return 8;
	case '<': case '>': case OP_LE: case OP_GE: return 7;
	case OP_EQ: case OP_NE: return 6;
	case '&': return 5;
	case '^': return 4;
	case '|': return 3;
	case OP_AND: return 2;
	case OP_OR: return 1;
	default: return 0;
	}
}

static int is_name(const struct parser *p, const struct token *t, const char *name)
{
	size_t n = strlen(name);

	return t->kind == T_IDENT && t->end - t->start == n && !memcmp(p->s + t->start, name, n);
}

static int parse_primary(struct parser *p)
{
	size_t first = p->pos;
	const struct token *t = peek(p);
	int n;

	if (t->kind == T_NUM || t->kind == T_CHAR) {
		n = new_node(p, N_NUM, first, first);
		if (t->kind == T_NUM)
			p->nodes[n].val_ok = number_value(p->s + t->start, t->end - t->start,
							  &p->nodes[n].val);
		p->pos++;
		return n;
	}
	if (is_op(p, '(')) {
		int inner;

		p->pos++;
		inner = parse_cond(p);
		if (inner < 0 || !is_op(p, ')'))
			return -1;
		n = new_node(p, N_PAREN, first, p->pos++);
		p->nodes[n].a = inner;
		return n;
	}
	if (t->kind != T_IDENT)
		return -1;
	if (is_name(p, t, "defined")) {
		int paren;
		const struct token *name;

		p->pos++;
		paren = is_op(p, '(');
		p->pos += (size_t)paren;
		name = peek(p);
		if (name->kind != T_IDENT)
			return -1;
		p->pos++;
		if (paren && !is_op(p, ')'))
			return -1;
		n = new_node(p, N_DEFINED, first, paren ? p->pos : p->pos - 1);
		p->pos += (size_t)paren;
		p->nodes[n].name = name->start;
		p->nodes[n].name_end = name->end;
		return n;
	}
	p->pos++;
	if (is_op(p, '(')) {
		/* A macro call: its arguments are balanced tokens, kept as written. */
		size_t open = p->pos, level = 0;

		do {
			const struct token *u = peek(p);

			if (u->kind == T_END || u->kind == T_BAD)
				return -1;
			if (u->kind == T_PUNCT && u->op == '(')
				level++;
			else if (u->kind == T_PUNCT && u->op == ')')
				level--;
			p->pos++;
		} while (level);
		n = new_node(p, N_CALL, first, p->pos - 1);
		if (p->pos - open == 3 && p->toks[open + 1].kind == T_IDENT) {
			p->nodes[n].name = p->toks[open + 1].start;
			p->nodes[n].name_end = p->toks[open + 1].end;
		}
		return n;
	}
	return new_node(p, N_IDENT, first, first);
}

static int parse_unary(struct parser *p)
{
	size_t first = p->pos;
	int op, child, n;

	/* The text of a comment is a condition only if it is plainly logical. */
	if ((p->flags & CPP_BARE_NAMES) && !is_op(p, '!'))
		return parse_primary(p);
	if (!(is_op(p, '!') || is_op(p, '~') || is_op(p, '-') || is_op(p, '+')))
		return parse_primary(p);
	op = peek(p)->op;
	p->pos++;
	if (++p->depth > MAX_DEPTH)
		return -1;
	child = parse_unary(p);
	p->depth--;
	if (child < 0)
		return -1;
	n = new_node(p, N_UNARY, first, p->nodes[child].ltok);
	p->nodes[n].op = op;
	p->nodes[n].a = child;
	return n;
}

static int parse_binary(struct parser *p, int minprec)
{
	int left = parse_unary(p);

	while (left >= 0 && peek(p)->kind == T_PUNCT && binary_prec(peek(p)->op) >= minprec &&
	       (!(p->flags & CPP_BARE_NAMES) || peek(p)->op == OP_AND || peek(p)->op == OP_OR)) {
		int op = peek(p)->op, right, n;

		p->pos++;
		right = parse_binary(p, binary_prec(op) + 1);
		if (right < 0)
			return -1;
		n = new_node(p, N_BINARY, p->nodes[left].ftok, p->nodes[right].ltok);
		p->nodes[n].op = op;
		p->nodes[n].a = left;
		p->nodes[n].b = right;
		left = n;
	}
	return left;
}

static int parse_cond(struct parser *p)
{
	int c, a, b, n;

	if (++p->depth > MAX_DEPTH)
		return -1;
	c = parse_binary(p, 1);
	if (c >= 0 && is_op(p, '?')) {
		p->pos++;
		a = parse_cond(p);
		if (a < 0 || !is_op(p, ':'))
			return -1;
		p->pos++;
		b = parse_cond(p);
		if (b < 0)
			return -1;
		n = new_node(p, N_COND, p->nodes[c].ftok, p->nodes[b].ltok);
		p->nodes[n].a = c;
		p->nodes[n].b = a;
		p->nodes[n].c = b;
		c = n;
	}
	p->depth--;
	return c;
}

/* ---- evaluation ---- */

static void val_release(struct val *v)
{
	sb_release(&v->text);
}

static enum cpp_sym lookup_span(const struct parser *p, size_t start, size_t end)
{
	return cpp_lookup(p->s + start, end - start, p->off, p->on, p->flags);
}

/* 1 + the offset of the first token in [ftok, ltok] naming a symbol being resolved, or 0. */
static size_t first_mention(const struct parser *p, size_t ftok, size_t ltok)
{
	for (size_t i = ftok; i <= ltok && i < p->ntoks; i++)
		if (p->toks[i].kind == T_IDENT &&
		    lookup_span(p, p->toks[i].start, p->toks[i].end) != CPP_SYM_NONE)
			return p->toks[i].start + 1;
	return 0;
}

/*
 * Append s[0..n) to out; a blank goes between them if the two would
 * otherwise fuse into one token ("-" "-1", "a" "b").
 */
static void append_joined(struct strbuf *out, const char *s, size_t n)
{
	if (out->len && n) {
		char a = out->buf[out->len - 1], b = s[0];

		if ((is_word_char((unsigned char)a) && is_word_char((unsigned char)b)) ||
		    (a == b && a && strchr("-+&|<>=", a)) || (a == '/' && (b == '*' || b == '/')))
			sb_addc(out, ' ');
	}
	sb_addn(out, s, n);
}

/* Append the text standing for v (of node n) in a rebuilt parent. */
static void append_val(const struct parser *p, int n, const struct val *v, struct strbuf *out)
{
	if (v->known && v->mention) {
		char num[32];

		snprintf(num, sizeof(num), "%lld", v->v);
		append_joined(out, num, strlen(num));
	} else if (v->changed) {
		append_joined(out, v->text.buf, v->text.len);
	} else {
		append_joined(out, p->s + p->nodes[n].start, p->nodes[n].end - p->nodes[n].start);
	}
}

/* Does v need its parent rebuilt (it changed, or a known value replaces it)? */
static int val_differs(const struct val *v)
{
	return v->changed || (v->known && v->mention);
}

/* Make r stand for child v of node n: the parent collapses into that operand. */
static void take_child(const struct parser *p, int n, struct val *v, struct val *r)
{
	int mention = r->mention || v->mention;
	int paren = v->changed ? v->paren : p->nodes[n].kind == N_PAREN ? n + 1 : 0;

	if (!v->changed) {
		sb_reset(&v->text);
		sb_addn(&v->text, p->s + p->nodes[n].start, p->nodes[n].end - p->nodes[n].start);
	}
	sb_release(&r->text);
	*r = *v;
	r->changed = 1;
	r->mention = mention;
	r->paren = paren;
	memset(&v->text, 0, sizeof(v->text));
}

static int arith(int op, long long a, long long b, long long *out)
{
	unsigned long long ua = (unsigned long long)a, ub = (unsigned long long)b;

	switch (op) {
	case '*': *out = (long long)(ua * ub); return 1;
	case '+': *out = (long long)(ua + ub); return 1;
	case '-': *out = (long long)(ua - ub); return 1;
	case '/':
	case '%':
		if (b == 0 || (a == LLONG_MIN && b == -1))
			return 0;
		*out = op == '/' ? a / b : a % b;
		return 1;
	case OP_SHL:
	case OP_SHR:
		if (b < 0 || b > 63)
			return 0;
		if (op == OP_SHL)
			*out = (long long)(ua << b);
		else
			*out = a < 0 ? ~(~a >> b) : a >> b;
		return 1;
	case '<': *out = a < b; return 1;
	case '>': *out = a > b; return 1;
	case OP_LE: *out = a <= b; return 1;
	case OP_GE: *out = a >= b; return 1;
	case OP_EQ: *out = a == b; return 1;
	case OP_NE: *out = a != b; return 1;
	case '&': *out = a & b; return 1;
	case '^': *out = a ^ b; return 1;
	case '|': *out = a | b; return 1;
	default: return 0;
	}
}

static struct val eval(struct parser *p, int n, int boolctx);

/* Rebuild node n from its children's texts and the bytes between them. */
static void rebuild(struct parser *p, int n, struct val *kids, const int *idx, int nkids,
		    struct val *r)
{
	const struct node *nd = &p->nodes[n];
	size_t pos = nd->start;

	sb_reset(&r->text);
	for (int i = 0; i < nkids; i++) {
		const struct node *k = &p->nodes[idx[i]];

		append_joined(&r->text, p->s + pos, k->start - pos);
		append_val(p, idx[i], &kids[i], &r->text);
		pos = k->end;
	}
	append_joined(&r->text, p->s + pos, nd->end - pos);
	r->changed = 1;
}

static struct val eval_logical(struct parser *p, int n, int boolctx)
{
	const struct node *nd = &p->nodes[n];
	int is_and = nd->op == OP_AND, idx[2] = { nd->a, nd->b };
	struct val k[2], r = { 0 };

	k[0] = eval(p, nd->a, 1);
	k[1] = eval(p, nd->b, 1);
	r.prec = PREC_BINARY;
	r.mention = k[0].mention || k[1].mention;
	r.opaque = k[0].opaque ? k[0].opaque : k[1].opaque;
	/* An operand that decides: false for &&, true for ||. */
	if ((k[0].known && (k[0].v != 0) != is_and) || (k[1].known && (k[1].v != 0) != is_and)) {
		r.known = 1;
		r.v = !is_and;
	} else if (k[0].known && k[1].known) {
		r.known = 1;
		r.v = is_and;
	} else if (boolctx && k[0].known && k[0].mention) {
		take_child(p, nd->b, &k[1], &r);
		r.mention = 1;
	} else if (boolctx && k[1].known && k[1].mention) {
		take_child(p, nd->a, &k[0], &r);
		r.mention = 1;
	} else if (val_differs(&k[0]) || val_differs(&k[1])) {
		rebuild(p, n, k, idx, 2, &r);
	}
	if (r.known)
		r.opaque = 0;
	val_release(&k[0]);
	val_release(&k[1]);
	return r;
}

static struct val eval_cond(struct parser *p, int n, int boolctx)
{
	const struct node *nd = &p->nodes[n];
	int idx[3] = { nd->a, nd->b, nd->c };
	struct val k[3], r = { 0 };

	k[0] = eval(p, nd->a, 1);
	k[1] = eval(p, nd->b, boolctx);
	k[2] = eval(p, nd->c, boolctx);
	r.prec = PREC_COND;
	r.mention = k[0].mention || k[1].mention || k[2].mention;
	if (k[0].known) {
		int pick = k[0].v ? 1 : 2;

		if (k[0].mention) {
			take_child(p, idx[pick], &k[pick], &r);
			r.mention = 1;
		} else if (k[pick].known) {
			r.known = 1;
			r.v = k[pick].v;
		} else {
			r.opaque = k[pick].opaque;
			if (val_differs(&k[pick]))
				rebuild(p, n, k, idx, 3, &r);
		}
	} else if (k[1].known && k[2].known && k[1].v == k[2].v) {
		r.known = 1;
		r.v = k[1].v;
	} else {
		r.opaque = k[0].opaque ? k[0].opaque : k[1].opaque ? k[1].opaque : k[2].opaque;
		if (val_differs(&k[0]) || val_differs(&k[1]) || val_differs(&k[2]))
			rebuild(p, n, k, idx, 3, &r);
	}
	for (int i = 0; i < 3; i++)
		val_release(&k[i]);
	return r;
}

/* Evaluate a call: IS_ENABLED(CONFIG_S) and kin; any other call is unknown. */
static struct val eval_call(struct parser *p, int n)
{
	const struct node *nd = &p->nodes[n];
	const struct token *name = &p->toks[nd->ftok];
	struct val r = { 0 };
	enum cpp_sym sym = CPP_SYM_NONE;

	r.prec = PREC_PRIMARY;
	/* The argument must be CONFIG_S itself: IS_MODULE(CONFIG_S_MODULE) is not IS_MODULE(CONFIG_S). */
	if (nd->name_end && (is_name(p, name, "IS_ENABLED") || is_name(p, name, "IS_BUILTIN") ||
			     is_name(p, name, "IS_MODULE") || is_name(p, name, "IS_REACHABLE")))
		sym = lookup_name(p->s + nd->name, nd->name_end - nd->name, p->off, p->on,
				  p->flags, 0);
	if (sym != CPP_SYM_NONE) {
		r.known = 1;
		r.mention = 1;
		r.v = sym == CPP_SYM_ONE && !is_name(p, name, "IS_MODULE");
	} else {
		r.opaque = first_mention(p, nd->ftok, nd->ltok);
		r.mention = r.opaque != 0;
	}
	return r;
}

static struct val eval(struct parser *p, int n, int boolctx)
{
	const struct node *nd = &p->nodes[n];
	struct val r = { 0 }, k;
	enum cpp_sym sym;

	r.prec = PREC_PRIMARY;
	switch (nd->kind) {
	case N_NUM:
		r.known = nd->val_ok;
		r.v = nd->val;
		break;
	case N_IDENT:
	case N_DEFINED:
		sym = nd->kind == N_IDENT ? lookup_span(p, nd->start, nd->end)
					  : lookup_span(p, nd->name, nd->name_end);
		if (sym != CPP_SYM_NONE) {
			r.known = r.mention = 1;
			r.v = sym == CPP_SYM_ONE;
		}
		break;
	case N_CALL:
		r = eval_call(p, n);
		break;
	case N_UNARY:
		k = eval(p, nd->a, nd->op == '!');
		r.prec = PREC_UNARY;
		r.mention = k.mention;
		r.opaque = k.opaque;
		if (k.known) {
			r.known = 1;
			r.v = nd->op == '!' ? !k.v : nd->op == '~' ? ~k.v
			    : nd->op == '-' ? (long long)(0ULL - (unsigned long long)k.v) : k.v;
			r.opaque = 0;
		} else if (k.changed) {
			int idx = nd->a;

			rebuild(p, n, &k, &idx, 1, &r);
		}
		val_release(&k);
		break;
	case N_BINARY:
		if (nd->op == OP_AND || nd->op == OP_OR)
			return eval_logical(p, n, boolctx);
		{
			int idx[2] = { nd->a, nd->b };
			struct val kids[2];

			kids[0] = eval(p, nd->a, 0);
			kids[1] = eval(p, nd->b, 0);
			r.prec = PREC_BINARY;
			r.mention = kids[0].mention || kids[1].mention;
			if (kids[0].known && kids[1].known && arith(nd->op, kids[0].v, kids[1].v, &r.v))
				r.known = 1;
			else if (val_differs(&kids[0]) || val_differs(&kids[1]))
				rebuild(p, n, kids, idx, 2, &r);
			if (!r.known)
				r.opaque = kids[0].opaque ? kids[0].opaque : kids[1].opaque;
			val_release(&kids[0]);
			val_release(&kids[1]);
		}
		break;
	case N_COND:
		return eval_cond(p, n, boolctx);
	case N_PAREN:
		k = eval(p, nd->a, boolctx);
		if (k.known || !k.changed) {
			r.known = k.known;
			r.v = k.v;
			r.mention = k.mention;
			r.opaque = k.known ? 0 : k.opaque;
		} else if (k.prec <= PREC_UNARY) {
			take_child(p, nd->a, &k, &r);   /* (A) -> A */
		} else {
			int idx = nd->a;

			r.mention = k.mention;
			r.opaque = k.opaque;
			rebuild(p, n, &k, &idx, 1, &r);
		}
		val_release(&k);
		break;
	}
	return r;
}

enum cpp_value cpp_simplify(const char *expr, size_t len, const struct strset *off,
			    const struct strset *on, int flags, struct cpp_simplified *res)
{
	struct parser p = { .s = expr };
	int root;

	p.len = len;
	p.off = off;
	p.on = on;
	p.flags = flags;
	res->value = CPP_UNTOUCHED;
	res->mentions = 0;
	res->opaque = 0;
	tokenize(&p);
	res->start = p.toks[0].start;
	res->end = p.ntoks > 1 ? p.toks[p.ntoks - 2].end : res->start;
	res->opaque_at = first_mention(&p, 0, p.ntoks - 1);
	res->mentions = res->opaque_at != 0;
	if (!res->mentions)
		goto out;
	root = parse_cond(&p);
	/* Unparsable, or too big to evaluate by recursion: leave it to a human. */
	if (root < 0 || peek(&p)->kind != T_END || p.nnodes > MAX_NODES) {
		res->opaque = 1;
		res->opaque_at--;
		goto out;
	}
	{
		struct val v = eval(&p, root, 1);

		res->opaque = v.opaque != 0;
		res->opaque_at = v.opaque ? v.opaque - 1 : 0;
		if (v.known) {
			res->value = v.v ? CPP_TRUE : CPP_FALSE;
		} else if (v.changed && v.paren) {
			/* What is left is one parenthesized operand: the parentheses go too. */
			const struct node *inner = &p.nodes[p.nodes[v.paren - 1].a];

			res->value = CPP_PARTIAL;
			sb_addn(&res->text, expr + inner->start, inner->end - inner->start);
		} else if (v.changed) {
			res->value = CPP_PARTIAL;
			sb_addn(&res->text, v.text.buf, v.text.len);
		}
		val_release(&v);
	}
out:
	free(p.toks);
	free(p.nodes);
	return res->value;
}
