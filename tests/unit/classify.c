/* Unit tests of the classifier (C contexts and kinds) and of the Kbuild and docs parsers. */
#include <stdlib.h>

#include "classify.h"
#include "docs.h"
#include "kbuild.h"
#include "unit.h"

static const char *kind_c(const char *text, const char *needle, int ident)
{
	struct c_lexer lx;

	c_lexer_init(&lx, text, strlen(text));
	return kind_name(classify_c(&lx, (size_t)(strstr(text, needle) - text), ident));
}

static void test_c(void)
{
	const char *src = "#include <linux/fsfilter.h>\n"
			  "#if defined(CONFIG_A) || \\\n    defined(CONFIG_X)\n"
			  "int x = IS_ENABLED( CONFIG_X );\n"
			  "/* CONFIG_X in a comment */\n"
			  "#endif /* CONFIG_X */\n"
			  "char *s = \"CONFIG_X\";\n"
			  "void f(void) { foo_call(); } // CONFIG_X\n";
	struct c_lexer lx;

	CHECK_STR(kind_c(src, "linux/fsfilter.h", 0), "c-include");
	CHECK_STR(kind_c(src, "CONFIG_A", 0), "c-ifdef");
	CHECK_STR(kind_c(src, "defined(CONFIG_X)", 0), "c-ifdef");   /* continued line */
	CHECK_STR(kind_c(src, "CONFIG_X );", 0), "c-is-enabled");
	CHECK_STR(kind_c(src, "CONFIG_X in a", 0), "other");
	CHECK_STR(kind_c(src, "CONFIG_X */\nchar", 0), "c-ifdef");      /* names its conditional */
	CHECK_STR(kind_c(src, "CONFIG_X\";", 0), "c-other");
	CHECK_STR(kind_c(src, "foo_call", 1), "c-call");
	CHECK_STR(kind_c(src, "CONFIG_X\n", 0), "other");                /* // comment */
	/* One lexer, increasing offsets. */
	c_lexer_init(&lx, src, strlen(src));
	CHECK(c_lexer_at(&lx, 5) == C_DIRECTIVE);
	CHECK(c_lexer_at(&lx, (size_t)(strstr(src, "in a comment") - src)) == C_COMMENT);
	CHECK(c_lexer_at(&lx, (size_t)(strstr(src, "char") - src)) == C_CODE);
	CHECK(c_lexer_at(&lx, (size_t)(strstr(src, "CONFIG_X\";") - src)) == C_STRING);
	CHECK_STR(kind_name(classify_path("CREDITS")), "credits");
	CHECK_STR(kind_name(classify_path("MAINTAINERS")), "maintainers");
	CHECK_STR(kind_name(classify_path("tools/testing/selftests/net/config")), "selftest");
	CHECK_STR(kind_name(classify_path("arch/arm/configs/pxa_defconfig")), "defconfig");
	CHECK_STR(kind_name(classify_path("scripts/checkpatch.pl")), "script");
	CHECK(classify_path("mm/slab.c") == KIND_NONE && classify_path("mm/Kconfig") == KIND_NONE);
}

static void test_kbuild(void)
{
	const char *mk = "obj-$(CONFIG_FOO) += foo.o \\\n\tbar/ # comment\n"
			 "ifdef CONFIG_X\nccflags-y := -DX\nelse\nobj-y += y.o\nendif\n"
			 "foo.o: foo.c\n\t$(CC) -o $@ $< # obj-y += not.o\n"
			 "ifeq ($(CONFIG_Y),)\nendif\n";
	struct strbuf err = STRBUF_INIT;
	struct kbuild_file kf;
	char *w, *sym;
	int neg = -1;

	CHECK(kbuild_parse(&kf, "Makefile", mk, strlen(mk), &err) == 0);
	CHECK(kf.n == 10);
	CHECK(kf.lines[0].kind == KB_ASSIGN && kf.lines[0].nwords == 2 && kf.lines[0].line == 1);
	w = kbuild_word(&kf, &kf.lines[0].words[1]);
	CHECK_STR(w, "bar/");
	free(w);
	sym = kbuild_var_symbol(kf.lines[0].var);
	CHECK_STR(sym, "FOO");
	free(sym);
	CHECK(kf.lines[1].kind == KB_IF && kf.lines[1].match == 5 && kf.lines[3].kind == KB_ELSE);
	CHECK(kf.lines[6].kind == KB_OTHER && kf.lines[7].kind == KB_OTHER);   /* rule, recipe */
	sym = kbuild_cond_symbol("ifdef CONFIG_X\n", &neg);
	CHECK_STR(sym, "X");
	CHECK(neg == 0);
	free(sym);
	sym = kbuild_cond_symbol("ifeq ($(CONFIG_Y),)\n", &neg);
	CHECK_STR(sym, "Y");
	CHECK(neg == 1);
	free(sym);
	sym = kbuild_cond_symbol("ifneq ($(CONFIG_Y),y)", &neg);
	CHECK(sym && neg == 1);
	free(sym);
	CHECK(kbuild_cond_symbol("ifeq ($(CONFIG_A)$(CONFIG_B),yy)", &neg) == NULL);
	kbuild_release(&kf);
	CHECK(kbuild_parse(&kf, "Makefile", "endif\n", 6, &err) < 0);
	CHECK(strstr(err.buf, "Makefile:1: endif without") != NULL);
	sb_reset(&err);
	CHECK(kbuild_parse(&kf, "mk", "\nifdef CONFIG_X\n", 16, &err) < 0);
	CHECK(strstr(err.buf, "mk:2: ifdef/ifeq without endif") != NULL);
	sb_release(&err);
}

static void test_docs(void)
{
	const char *idx = "Title\n=====\n\n.. toctree::\n   :maxdepth: 2\n\n   intel/ixgb\n   Nice <intel/e1000>\n\nText intel/ixgb here.\n";
	const char *dev = " 184 char\tA\n\t\t  0 = /dev/a0\n\n 185 char\tInterMezzo\n\t\t  0 = /dev/intermezzo0\n\n\t\tSee x\n\n 186 char\tB\n"
			  "  10 char\tmisc\n\t\t248 = /dev/foo\tFoo\n\t\t249 = /dev/bar\n";
	struct strvec chr = STRVEC_INIT, blk = STRVEC_INIT, misc = STRVEC_INIT;
	struct doc_block *b;
	char *t;
	size_t n;

	t = doc_toctree_target("Documentation/net/index.rst", idx, strlen(idx), (size_t)(strstr(idx, "intel/ixgb") - idx));
	CHECK_STR(t, "Documentation/net/intel/ixgb");
	free(t);
	t = doc_toctree_target("Documentation/net/index.rst", idx, strlen(idx), (size_t)(strstr(idx, "Nice") - idx));
	CHECK_STR(t, "Documentation/net/intel/e1000");
	free(t);
	CHECK(doc_toctree_target("Documentation/net/index.rst", idx, strlen(idx), (size_t)(strstr(idx, "Text") - idx)) == NULL);
	CHECK(doc_is_bare_list_item("   - drivers/net/ixgb\n", 21, 0, 5, 21));
	CHECK(!doc_is_bare_list_item("   - see drivers/net/ixgb\n", 25, 0, 9, 25));
	sv_push(&chr, "185");
	sv_push(&misc, "248");
	n = doc_device_blocks(dev, strlen(dev), &chr, &blk, &misc, &b);
	CHECK(n == 2);
	CHECK(n >= 1 && b[0].first_line == 4 && b[0].last_line == 8);
	CHECK(n >= 2 && b[1].first_line == 11 && b[1].last_line == 11);
	CHECK_STR(n >= 1 ? b[0].what : NULL, "char major 185");
	doc_blocks_free(b, n);
	sv_clear(&chr);
	sv_clear(&misc);
}

/*
 * c_lexer_line_start() remembers the last offset it was asked about and
 * scans back no further: for increasing offsets, every second one, every
 * third, it answers what logical_line_start() does.
 */
static void test_line_start(void)
{
	static const char *const bufs[] = {
		"", "a", "\n\n", "#if A || \\\n  B || \\\n C\nx\n", "a \\\r\nb\r\nc\\",
		"x = IS_ENABLED(CONFIG_X), IS_ENABLED(CONFIG_X);\n#define M \\\n\\\n\\\n y\n",
		"\\\n\\\n\n\\", "a\\\n", "\\", "\n\\\nb",
	};

	for (size_t i = 0; i < ARRAY_SIZE(bufs); i++) {
		size_t len = strlen(bufs[i]), bad = 0;

		for (size_t step = 1; step <= 3; step++) {
			for (size_t from = 0; from < step; from++) {
				struct c_lexer lx;

				c_lexer_init(&lx, bufs[i], len);
				for (size_t off = from; off <= len; off += step)
					bad += c_lexer_line_start(&lx, off) != logical_line_start(bufs[i], off);
			}
		}
		CHECK(bad == 0);
		if (bad)
			fprintf(stderr, "  in buffer %zu\n", i);
	}
}

int main(void)
{
	test_c();
	test_line_start();
	test_kbuild();
	test_docs();
	return unit_done("classify");
}
