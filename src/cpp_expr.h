/*
 * cpp_expr.h - partial evaluation of one #if expression for a set of
 * Kconfig symbols that are off (undefined) or on (defined as 1).
 *
 * Forms evaluated for a symbol S (named without CONFIG_):
 *
 *   form                                          S off   S on
 *   CONFIG_S, defined(CONFIG_S), defined CONFIG_S   0       1
 *   IS_ENABLED/IS_BUILTIN/IS_REACHABLE(CONFIG_S)    0       1
 *   IS_MODULE(CONFIG_S)                             0       0
 *   CONFIG_S_MODULE in any of the forms above       0       0
 *
 * A name in the off set that starts with "__" is a compiler macro of a
 * removed architecture ("__ia64__"), spelt as it is: undefined, in the same
 * forms (defined(__ia64__), #ifdef __ia64__).
 *
 * with ! ~ - + * / % << >> < > <= >= == != & ^ | && || ?: and parentheses.
 * Any other identifier or macro call is unknown and keeps its bytes.  An
 * expression that names none of the symbols is left alone, even "0".
 *
 * A known operand that made && or || (or ?:) decide is dropped with its
 * operator: "defined(CONFIG_A) || defined(CONFIG_X)" -> "defined(CONFIG_A)",
 * "defined(CONFIG_A) && !defined(CONFIG_X)" -> "defined(CONFIG_A)";
 * parentheses that now wrap one operand go: "(A || X) && B" -> "A && B".
 * Where no operator can absorb it (arithmetic, comparison, && or || whose
 * value is used as a number) a known operand is replaced by its value:
 * "CONFIG_A > CONFIG_X" -> "CONFIG_A > 0".  Parentheses around the whole
 * remaining condition go as well.
 */
#ifndef EXCISE_CPP_EXPR_H
#define EXCISE_CPP_EXPR_H

#include <stddef.h>

#include "util.h"

/* How a resolved symbol's macro reads, by cpp_lookup(). */
enum cpp_sym {
	CPP_SYM_NONE,     /* not one of the symbols being resolved */
	CPP_SYM_UNDEF,    /* undefined (S off, or CONFIG_S_MODULE) */
	CPP_SYM_ONE,      /* defined as 1 (CONFIG_S with S on) */
};

/* Flags of cpp_lookup() and cpp_simplify(). */
#define CPP_BARE_NAMES 1   /* a bare S also means CONFIG_S (text of comments) */

/* Classify the identifier name[0..n). */
enum cpp_sym cpp_lookup(const char *name, size_t n, const struct strset *off,
			const struct strset *on, int flags);

/* Result of cpp_simplify(). */
enum cpp_value {
	CPP_UNTOUCHED,  /* names no symbol, or cannot be evaluated: leave it */
	CPP_FALSE,
	CPP_TRUE,
	CPP_PARTIAL,    /* still unknown, with fewer operands: the new text */
};

struct cpp_simplified {
	enum cpp_value value;
	int mentions;      /* names a symbol being resolved */
	int opaque;        /* names one where it cannot be evaluated (unknown macro call, bad syntax) */
	size_t opaque_at;  /* if opaque: offset of the first such name in the input */
	size_t start, end; /* the expression proper within the input: first to last token */
	struct strbuf text; /* CPP_PARTIAL: replacement of [start, end) */
};

/*
 * Simplify the #if expression expr[0..len) (comments and backslash-newlines
 * count as blanks).  res->text must be initialized (STRBUF_INIT); the new
 * text is appended to it.  Returns res->value.
 */
enum cpp_value cpp_simplify(const char *expr, size_t len, const struct strset *off,
			    const struct strset *on, int flags, struct cpp_simplified *res);

#endif
