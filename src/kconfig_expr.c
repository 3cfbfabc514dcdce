/*
 * kconfig_expr.c - evaluate Kconfig expressions with some symbols set to n,
 * and rewrite them minimally.
 *
 * Tristate logic as kconfig's: n=0, m=1, y=2; A && B is min, A || B is max,
 * !A is 2-A.  A removed symbol is n (its string value "n"); every other
 * symbol is unknown.  The rewrite keeps the surviving operands byte for byte:
 * an operand that became the identity of its operator (n under ||, y under
 * &&) goes with the operator between it and its sibling; parentheses go only
 * when the simplification left a single operand inside them.
 */
#include <stdlib.h>
#include <string.h>

#include "kconfig_ast.h"

static int tristate_word(const char *w)
{
	if (!strcmp(w, "y"))
		return 2;
	if (!strcmp(w, "m"))
		return 1;
	if (!strcmp(w, "n"))
		return 0;
	return -1;
}

/* A number as kconfig reads int and hex values: decimal (signed) or 0x hex. */
static int parse_number(const char *s, long long *v)
{
	char *end;

	if (!*s)
		return 0;
	*v = (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? strtoll(s + 2, &end, 16)
							    : strtoll(s, &end, 10);
	return *end == '\0';
}

/* The string value of a comparison operand, or NULL when it depends on a kept symbol. */
static const char *operand_value(const struct kexpr *e, const struct strset *removed)
{
	long long v;

	if (e->op == KX_STR)
		return e->word;
	if (e->is_macro)
		return NULL;
	if (strset_has(removed, e->word))
		return "n";
	if (tristate_word(e->word) >= 0 || parse_number(e->word, &v))
		return e->word;
	return NULL;
}

/* Compare two constant operand values as kconfig does: tristate, numeric, or as strings. */
static int compare_values(const char *a, const char *b)
{
	long long x, y;
	int ta = tristate_word(a), tb = tristate_word(b);

	if (ta >= 0 && tb >= 0)
		return (ta > tb) - (ta < tb);
	if (parse_number(a, &x) && parse_number(b, &y))
		return (x > y) - (x < y);
	return strcmp(a, b);
}

static int min3(int a, int b)
{
	return a < b ? a : b;
}

static int max3(int a, int b)
{
	return a > b ? a : b;
}

int kx_eval(const char *src, struct kexpr *e, const struct strset *removed)
{
	(void)src;
	e->touched = 0;
	switch (e->op) {
	case KX_SYM:
		if (!e->is_macro && strset_has(removed, e->word)) {
			e->touched = 1;
			e->val = 0;
		} else {
			e->val = e->is_macro ? -1 : tristate_word(e->word);
		}
		break;
	case KX_STR:
		e->val = tristate_word(e->word);
		break;
	case KX_NOT:
		kx_eval(src, e->l, removed);
		e->touched = e->l->touched;
		e->val = e->l->val < 0 ? -1 : 2 - e->l->val;
		break;
	case KX_PAREN:
		kx_eval(src, e->l, removed);
		e->touched = e->l->touched;
		e->val = e->l->val;
		break;
	case KX_AND:
	case KX_OR: {
		int a = kx_eval(src, e->l, removed), b = kx_eval(src, e->r, removed);
		int absorb = e->op == KX_AND ? 0 : 2;

		e->touched = e->l->touched || e->r->touched;
		if (a == absorb || b == absorb)
			e->val = absorb;
		else if (a >= 0 && b >= 0)
			e->val = e->op == KX_AND ? min3(a, b) : max3(a, b);
		else
			e->val = -1;
		break;
	}
	default: {
		const char *a, *b;
		int c, r;

		kx_eval(src, e->l, removed);
		kx_eval(src, e->r, removed);
		e->touched = e->l->touched || e->r->touched;
		e->val = -1;
		a = operand_value(e->l, removed);
		b = operand_value(e->r, removed);
		if (!e->touched || !a || !b)
			break;
		c = compare_values(a, b);
		switch (e->op) {
		case KX_EQ: r = c == 0; break;
		case KX_NE: r = c != 0; break;
		case KX_LT: r = c < 0; break;
		case KX_LE: r = c <= 0; break;
		case KX_GT: r = c > 0; break;
		default: r = c >= 0; break;
		}
		e->val = r ? 2 : 0;
		break;
	}
	}
	return e->val;
}

/* The node that stands for e once simplified (an operand that absorbed its operator). */
static const struct kexpr *effective(const struct kexpr *e)
{
	if (e->val >= 0 || !e->touched)
		return e;
	if (e->op == KX_AND || e->op == KX_OR) {
		int identity = e->op == KX_AND ? 2 : 0;

		if (e->l->val == identity)
			return effective(e->r);
		if (e->r->val == identity)
			return effective(e->l);
	}
	if (e->op == KX_PAREN) {
		/* once: two calls per level would be exponential in the nesting */
		const struct kexpr *in = effective(e->l);

		if (in->op != KX_AND && in->op != KX_OR)
			return in;
	}
	return e;
}

static void emit_const(int val, struct strbuf *out)
{
	sb_addc(out, "nmy"[val]);
}

static void emit_part(const char *src, const struct kexpr *e, struct strbuf *out)
{
	if (e->val >= 0 && e->touched)
		emit_const(e->val, out);
	else
		kx_emit(src, e, out);
}

void kx_emit(const char *src, const struct kexpr *e, struct strbuf *out)
{
	if (!e->touched) {
		sb_addn(out, src + e->start, e->end - e->start);
		return;
	}
	if (e->val >= 0) {
		emit_const(e->val, out);
		return;
	}
	switch (e->op) {
	case KX_NOT:
		sb_addn(out, src + e->start, e->l->start - e->start);
		emit_part(src, e->l, out);
		sb_addn(out, src + e->l->end, e->end - e->l->end);
		break;
	case KX_PAREN:
		if (effective(e) != e) {
			kx_emit(src, e->l, out);
		} else {
			sb_addn(out, src + e->start, e->l->start - e->start);
			emit_part(src, e->l, out);
			sb_addn(out, src + e->l->end, e->end - e->l->end);
		}
		break;
	case KX_AND:
	case KX_OR: {
		int identity = e->op == KX_AND ? 2 : 0;

		if (e->l->val == identity) {
			kx_emit(src, e->r, out);
		} else if (e->r->val == identity) {
			kx_emit(src, e->l, out);
		} else {
			emit_part(src, e->l, out);
			sb_addn(out, src + e->l->end, e->r->start - e->l->end);
			emit_part(src, e->r, out);
		}
		break;
	}
	default:
		/* A comparison of a removed symbol with a kept one: the removed one reads n. */
		if (e->l->touched)
			sb_addc(out, 'n');
		else
			sb_addn(out, src + e->l->start, e->l->end - e->l->start);
		sb_addn(out, src + e->l->end, e->r->start - e->l->end);
		if (e->r->touched)
			sb_addc(out, 'n');
		else
			sb_addn(out, src + e->r->start, e->r->end - e->r->start);
		break;
	}
}

void kx_emit_top(const char *src, const struct kexpr *e, struct strbuf *out)
{
	const struct kexpr *eff = effective(e);

	/*
	 * Parentheses that grouped an && or || whose context the simplification
	 * removed now surround the whole expression: they go too.
	 */
	if (eff != e && eff->op == KX_PAREN && (eff->l->op == KX_AND || eff->l->op == KX_OR))
		kx_emit(src, eff->l, out);
	else
		kx_emit(src, e, out);
}

const char *kx_first_removed(const struct kexpr *e, const struct strset *removed)
{
	const char *s;

	if (!e)
		return NULL;
	if (e->op == KX_SYM)
		return !e->is_macro && strset_has(removed, e->word) ? e->word : NULL;
	if (e->op == KX_STR)
		return NULL;
	if ((s = kx_first_removed(e->l, removed)))
		return s;
	return e->r ? kx_first_removed(e->r, removed) : NULL;
}
