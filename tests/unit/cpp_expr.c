/* Unit tests of the #if expression simplifier (cpp_simplify, cpp_lookup). */
#include <stdlib.h>

#include "cpp_expr.h"
#include "unit.h"

static struct strset off = STRSET_INIT, on = STRSET_INIT;

/* "false", "true", "untouched", or the new text of a partial result. */
static const char *simplify_flags(const char *expr, int flags)
{
	static char buf[512];
	struct cpp_simplified r = { .text = STRBUF_INIT };

	switch (cpp_simplify(expr, strlen(expr), &off, &on, flags, &r)) {
	case CPP_FALSE: snprintf(buf, sizeof(buf), "false"); break;
	case CPP_TRUE: snprintf(buf, sizeof(buf), "true"); break;
	case CPP_UNTOUCHED: snprintf(buf, sizeof(buf), "untouched%s", r.opaque ? " opaque" : ""); break;
	case CPP_PARTIAL:
		/* The text replaces [start, end) of the input: show the whole result. */
		snprintf(buf, sizeof(buf), "%.*s%s%s", (int)r.start, expr, r.text.buf, expr + r.end);
		break;
	}
	sb_release(&r.text);
	return buf;
}

static const char *simplify(const char *expr)
{
	return simplify_flags(expr, 0);
}

int main(void)
{
	strset_add(&off, "X");
	strset_add(&off, "SLOB");
	strset_add(&on, "Y");

	/* lookup */
	CHECK(cpp_lookup("CONFIG_X", 8, &off, &on, 0) == CPP_SYM_UNDEF);
	CHECK(cpp_lookup("CONFIG_X_MODULE", 15, &off, &on, 0) == CPP_SYM_UNDEF);
	CHECK(cpp_lookup("CONFIG_Y", 8, &off, &on, 0) == CPP_SYM_ONE);
	CHECK(cpp_lookup("CONFIG_Y_MODULE", 15, &off, &on, 0) == CPP_SYM_UNDEF);
	CHECK(cpp_lookup("CONFIG_XY", 9, &off, &on, 0) == CPP_SYM_NONE);
	CHECK(cpp_lookup("X", 1, &off, &on, 0) == CPP_SYM_NONE);
	CHECK(cpp_lookup("X", 1, &off, &on, CPP_BARE_NAMES) == CPP_SYM_UNDEF);
	CHECK(cpp_lookup("CONFIG_", 7, &off, &on, 0) == CPP_SYM_NONE);
	CHECK(cpp_lookup("CONFIG_X", 8, &off, NULL, 0) == CPP_SYM_UNDEF);

	/* forms of an off symbol */
	CHECK_STR(simplify("defined(CONFIG_X)"), "false");
	CHECK_STR(simplify("defined CONFIG_X"), "false");
	CHECK_STR(simplify("!defined CONFIG_X"), "true");
	CHECK_STR(simplify("CONFIG_X"), "false");
	CHECK_STR(simplify("CONFIG_X_MODULE"), "false");
	CHECK_STR(simplify("defined(CONFIG_X_MODULE)"), "false");
	CHECK_STR(simplify("IS_ENABLED(CONFIG_X)"), "false");
	CHECK_STR(simplify("IS_BUILTIN(CONFIG_X)"), "false");
	CHECK_STR(simplify("IS_MODULE(CONFIG_X)"), "false");
	CHECK_STR(simplify("IS_REACHABLE(CONFIG_X)"), "false");
	CHECK_STR(simplify("!IS_ENABLED(CONFIG_X)"), "true");
	CHECK_STR(simplify("IS_ENABLED( CONFIG_X )"), "false");
	/* forms of an on symbol */
	CHECK_STR(simplify("defined(CONFIG_Y)"), "true");
	CHECK_STR(simplify("CONFIG_Y"), "true");
	CHECK_STR(simplify("CONFIG_Y_MODULE"), "false");
	CHECK_STR(simplify("IS_ENABLED(CONFIG_Y)"), "true");
	CHECK_STR(simplify("IS_BUILTIN(CONFIG_Y)"), "true");
	CHECK_STR(simplify("IS_REACHABLE(CONFIG_Y)"), "true");
	CHECK_STR(simplify("IS_MODULE(CONFIG_Y)"), "false");
	CHECK_STR(simplify("CONFIG_Y == 1"), "true");

	/* conditions that name no symbol stay, constants included */
	CHECK_STR(simplify("defined(CONFIG_A)"), "untouched");
	CHECK_STR(simplify("0"), "untouched");
	CHECK_STR(simplify("1 || defined(CONFIG_A)"), "untouched");
	CHECK_STR(simplify("defined(X)"), "untouched");
	CHECK_STR(simplify("__has_include(<linux/x.h>)"), "untouched");
	CHECK_STR(simplify(""), "untouched");

	/* || and && with one operand decided */
	CHECK_STR(simplify("defined(CONFIG_A) || defined(CONFIG_X)"), "defined(CONFIG_A)");
	CHECK_STR(simplify("defined(CONFIG_X) || defined(CONFIG_A)"), "defined(CONFIG_A)");
	CHECK_STR(simplify("defined(CONFIG_A) && !defined(CONFIG_X)"), "defined(CONFIG_A)");
	CHECK_STR(simplify("defined(CONFIG_A) && defined(CONFIG_X)"), "false");
	CHECK_STR(simplify("defined(CONFIG_A) || !defined(CONFIG_X)"), "true");
	CHECK_STR(simplify("A || X || CONFIG_X || B"), "A || X || B");
	CHECK_STR(simplify("CONFIG_X || A || B"), "A || B");
	CHECK_STR(simplify("A && B || CONFIG_X"), "A && B");
	CHECK_STR(simplify("A || CONFIG_X && B"), "A");
	CHECK_STR(simplify("A && (B || CONFIG_X)"), "A && B");
	CHECK_STR(simplify("A && (B || C || CONFIG_X)"), "A && (B || C)");
	CHECK_STR(simplify("!(A || CONFIG_X)"), "!A");
	CHECK_STR(simplify("!( A || CONFIG_X )"), "!A");
	CHECK_STR(simplify("(A || CONFIG_X) && B"), "A && B");
	CHECK_STR(simplify("!CONFIG_X && (A || B)"), "A || B");
	CHECK_STR(simplify("((A || B) && !CONFIG_X)"), "A || B");
	CHECK_STR(simplify("A&&!CONFIG_X"), "A");
	CHECK_STR(simplify("defined(CONFIG_Y) && defined(CONFIG_A)"), "defined(CONFIG_A)");
	CHECK_STR(simplify("defined(CONFIG_Y) || defined(CONFIG_A)"), "true");
	/* continuation lines and comments between operands keep their bytes */
	CHECK_STR(simplify("defined(CONFIG_A) || \\\n\tdefined(CONFIG_X)"), "defined(CONFIG_A)");
	CHECK_STR(simplify("CONFIG_X || \\\n A || \\\n B"), "A || \\\n B");
	CHECK_STR(simplify("A /* a */ || /* b */ B || CONFIG_X /* x */"), "A /* a */ || /* b */ B /* x */");

	/* values used as numbers: a known operand becomes its value */
	CHECK_STR(simplify("CONFIG_A > CONFIG_X"), "CONFIG_A > 0");
	CHECK_STR(simplify("CONFIG_X == 0"), "true");
	CHECK_STR(simplify("CONFIG_X + 1 > 0"), "true");
	CHECK_STR(simplify("0x10 > CONFIG_X * 3"), "true");
	CHECK_STR(simplify("(A && !CONFIG_X) + 1"), "(A && 1) + 1");
	CHECK_STR(simplify("1 / CONFIG_X"), "1 / 0");
	CHECK_STR(simplify("A - -CONFIG_Y"), "A - -1");
	CHECK_STR(simplify("A-(CONFIG_X ? B : -C)"), "A- -C");
	CHECK_STR(simplify("CONFIG_Y << 3 == 8"), "true");
	CHECK_STR(simplify("-CONFIG_Y < 0"), "true");
	CHECK_STR(simplify("~CONFIG_X == -1"), "true");

	/* ?: */
	CHECK_STR(simplify("CONFIG_X ? A : B"), "B");
	CHECK_STR(simplify("CONFIG_Y ? A : B"), "A");
	CHECK_STR(simplify("A ? CONFIG_X : B"), "A ? 0 : B");
	CHECK_STR(simplify("A ? 0 : CONFIG_X"), "false");
	CHECK_STR(simplify("(CONFIG_X ? 1 : 0)"), "false");
	CHECK_STR(simplify("CONFIG_X ? A : (B || C)"), "B || C");

	/* what cannot be evaluated is kept, and flagged */
	CHECK_STR(simplify("FOO(CONFIG_X)"), "untouched opaque");
	CHECK_STR(simplify("defined(CONFIG_X) ||"), "untouched opaque");
	CHECK_STR(simplify("CONFIG_X +"), "untouched opaque");
	CHECK_STR(simplify("defined(CONFIG_X) || FOO(CONFIG_X)"), "FOO(CONFIG_X)");
	CHECK_STR(simplify("defined(CONFIG_X) && FOO(CONFIG_X)"), "false");
	CHECK_STR(simplify("IS_MODULE(CONFIG_X_MODULE)"), "untouched opaque");
	CHECK_STR(simplify("defined(CONFIG_X) || \"str\""), "untouched opaque");
	CHECK_STR(simplify("1 / (CONFIG_X)"), "1 / 0");

	/* comment text: bare names, logical operators only */
	CHECK_STR(simplify_flags("CONFIG_A || CONFIG_X", CPP_BARE_NAMES), "CONFIG_A");
	CHECK_STR(simplify_flags(" A || X ", CPP_BARE_NAMES), " A ");
	CHECK_STR(simplify_flags("!(A || SLOB)", CPP_BARE_NAMES), "!A");
	CHECK_STR(simplify_flags("!CONFIG_SLOB", CPP_BARE_NAMES), "true");
	CHECK_STR(simplify_flags("CONFIG_A / CONFIG_X", CPP_BARE_NAMES), "untouched opaque");
	CHECK_STR(simplify_flags("X support", CPP_BARE_NAMES), "untouched opaque");
	CHECK_STR(simplify_flags("CONFIG_A", CPP_BARE_NAMES), "untouched");

	/* deep nesting does not overflow the stack */
	{
		struct strbuf deep = STRBUF_INIT;

		for (int i = 0; i < 5000; i++)
			sb_addc(&deep, '(');
		sb_adds(&deep, "CONFIG_X");
		for (int i = 0; i < 5000; i++)
			sb_addc(&deep, ')');
		CHECK_STR(simplify(deep.buf), "untouched opaque");
		sb_reset(&deep);
		sb_adds(&deep, "A");
		for (int i = 0; i < 30000; i++)
			sb_adds(&deep, " || B");
		sb_adds(&deep, " || CONFIG_X");
		CHECK_STR(simplify(deep.buf), "untouched opaque");
		sb_release(&deep);
	}

	strset_clear(&off);
	strset_clear(&on);
	return unit_done("cpp_expr");
}
