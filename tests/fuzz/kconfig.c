/*
 * Fuzz the Kconfig parser and the expression evaluator: kconfig_parse()
 * returns a tree or a "Kconfig:LINE: ..." error; every expression of a tree
 * evaluates with some symbols removed, and where the result still depends
 * on kept symbols its rewritten text parses again as an expression.  The
 * first line is also parsed alone with kconfig_parse_expr().
 */
#include "fuzz.h"
#include "kconfig_ast.h"

static struct strset removed = STRSET_INIT;

static void check_expr(const char *src, struct kexpr *e)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	struct arena_chunk *arena = NULL;
	int v;

	if (!e)
		return;
	v = kx_eval(src, e, &removed);
	if (v < -1 || v > 2)
		fuzz_fail("kx_eval out of range", NULL);
	(void)kx_first_removed(e, &removed);
	if (v == -1 && e->touched) {
		kx_emit_top(src, e, &out);
		if (!kconfig_parse_expr(out.buf ? out.buf : "", &arena, &err)) {
			sb_addf(&out, "\n%s", err.buf ? err.buf : "");
			fuzz_fail("the rewritten expression does not parse", out.buf);
		}
		kconfig_arena_free(arena);
	}
	sb_release(&out);
	sb_release(&err);
}

static void walk(const char *src, const struct knode *n)
{
	for (; n; n = n->next) {
		check_expr(src, n->cond);
		for (struct kattr *a = n->attrs; a; a = a->next) {
			check_expr(src, a->expr);
			check_expr(src, a->expr2);
			check_expr(src, a->cond);
		}
		walk(src, n->child);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	struct strbuf err = STRBUF_INIT;
	struct arena_chunk *arena = NULL;
	struct kfile *f;
	char *nl;

	if (!removed.n) {
		strset_add(&removed, "A");
		strset_add(&removed, "FOO");
		strset_add(&removed, "X");
	}
	f = kconfig_parse("Kconfig", text, size, &err);
	if (!f) {
		if (!err.buf || !starts_with(err.buf, "Kconfig:"))
			fuzz_fail("a parse error without file:line", err.buf);
	} else {
		walk(text, f->root.child);
		kconfig_file_free(f);
	}
	sb_reset(&err);
	if ((nl = strchr(text, '\n')))
		*nl = '\0';
	check_expr(text, kconfig_parse_expr(text, &arena, &err));
	kconfig_arena_free(arena);
	sb_release(&err);
	free(text);
	return 0;
}
