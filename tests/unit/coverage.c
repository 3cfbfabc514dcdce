/*
 * Unit tests of cpp_lines (the conditional structure of a file, line by
 * line) and coverage (hunks of a kept file, and whether the lines a build
 * compiled reach them).
 */
#include "coverage.h"
#include "coverage_plan.h"
#include "cpp.h"
#include "kconfig.h"
#include "unit.h"
#include "walk.h"

static void test_lines(void)
{
	static const char text[] =
		"/* a comment\n"                  /* 1 */
		"   on two lines */\n"            /* 2 */
		"#ifndef A_H\n"                   /* 3 */
		"#define A_H \\\n"                /* 4 */
		"\t1\n"                           /* 5 */
		"#include <x.h>\n"                /* 6 */
		"#ifdef CONFIG_X\n"               /* 7 */
		"int x;\n"                        /* 8 */
		"#elif defined(CONFIG_Y)\n"       /* 9 */
		"int y;\n"                        /* 10 */
		"\n"                              /* 11 */
		"#else\n"                         /* 12 */
		"#if 0\n"                         /* 13 */
		"int zero;\n"                     /* 14 */
		"#endif\n"                        /* 15 */
		"#endif /* X */\n"                /* 16 */
		"int a = \"#if\"; // #endif\n"    /* 17 */
		"#endif\n";                       /* 18 */
	struct cpp_lines l;
	struct strbuf err = STRBUF_INIT;

	CHECK(cpp_lines("a.h", text, sizeof(text) - 1, &l, &err) == 0);
	CHECK(l.nlines == 18);
	CHECK(l.kind[1] == CPP_LINE_BLANK && l.kind[2] == CPP_LINE_BLANK);
	CHECK(l.kind[3] == CPP_LINE_COND);
	CHECK(l.kind[4] == CPP_LINE_DEFINE && l.kind[5] == CPP_LINE_DEFINE);
	CHECK(l.kind[6] == CPP_LINE_INCLUDE);
	CHECK(l.kind[8] == CPP_LINE_CODE && l.kind[11] == CPP_LINE_BLANK);
	CHECK(l.kind[17] == CPP_LINE_CODE);
	/* 0 file, 1 A_H, 2 X, 3 Y, 4 else, 5 #if 0 */
	CHECK(l.nbranches == 6);
	CHECK(l.branch[1] == 0 && l.branch[3] == 0 && l.branch[18] == 0);
	CHECK(l.branch[4] == 1 && l.branch[7] == 1 && l.branch[17] == 1);
	CHECK(l.branch[8] == 2 && l.branch[9] == 1 && l.branch[10] == 3 && l.branch[11] == 3);
	CHECK(l.branch[12] == 1 && l.branch[13] == 4 && l.branch[14] == 5 && l.branch[15] == 4);
	CHECK(l.branch[16] == 1);
	CHECK(l.branches[3].prev == 2 && l.branches[4].prev == 3 && l.branches[3].parent == 1);
	CHECK_STR(l.branches[3].keyword, "elif");
	CHECK_STR(l.branches[3].cond, " defined(CONFIG_Y)");
	CHECK(l.branches[4].cond == NULL);
	CHECK(l.branches[2].first == 8 && l.branches[2].last == 8 && l.branches[3].last == 11);
	cpp_lines_release(&l);

	CHECK(cpp_lines("b.c", "#endif\n", 7, &l, &err) < 0);
	CHECK(err.buf && strstr(err.buf, "b.c:1: #endif without #if"));
	sb_reset(&err);
	CHECK(cpp_lines("c.c", "#if A\nint a;\n", 13, &l, &err) < 0);
	CHECK(err.buf && strstr(err.buf, "unterminated"));
	sb_release(&err);
}

/* A kept file the removal changed: an #ifdef of the removed X dropped, a line rewritten. */
static void test_coverage(void)
{
	struct coverage cov;
	struct strvec paths = STRVEC_INIT, changed = STRVEC_INIT;
	const char *dir = unit_mkdir("coverage");
	char *before = xasprintf("%s/before", dir), *after = xasprintf("%s/after", dir);

	unit_put("before/k.c",
		 "int a;\n"                     /* 1 */
		 "#ifdef CONFIG_X\n"            /* 2 */
		 "int x;\n"                     /* 3 */
		 "#endif\n"                     /* 4 */
		 "#ifdef CONFIG_B\n"            /* 5 */
		 "int b = 1;\n"                 /* 6 */
		 "#endif\n"                     /* 7 */
		 "int c;\n");                   /* 8 */
	unit_put("after/k.c",
		 "int a;\n"                     /* 1 */
		 "#ifdef CONFIG_B\n"            /* 2 */
		 "int b = 2;\n"                 /* 3 */
		 "#endif\n"                     /* 4 */
		 "int c;\n");                   /* 5 */
	unit_put("before/same.c", "int s;\n");
	unit_put("after/same.c", "int s;\n");
	unit_put("before/doc.txt", "a\n");
	unit_put("after/doc.txt", "b\n");
	sv_push(&paths, "doc.txt");
	sv_push(&paths, "k.c");
	sv_push(&paths, "same.c");
	coverage_changed_files(before, after, &paths, &changed);
	CHECK(changed.n == 1 && !strcmp(changed.v[0], "k.c"));

	coverage_init(&cov);
	CHECK(coverage_add_file(&cov, before, after, "k.c") == 2);
	CHECK(cov.n == 2 && cov.nfiles == 1);
	/* Hunk 0: lines 2-4 before (the #ifdef CONFIG_X block), a position after line 1 after. */
	CHECK(cov.hunks[0].start[COV_BEFORE] == 2 && cov.hunks[0].count[COV_BEFORE] == 3);
	CHECK(cov.hunks[0].start[COV_AFTER] == 1 && cov.hunks[0].count[COV_AFTER] == 0);
	/* Hunk 1: line 6 before, line 3 after. */
	CHECK(cov.hunks[1].start[COV_BEFORE] == 6 && cov.hunks[1].start[COV_AFTER] == 3);

	/* Nothing compiled: nothing covered. */
	coverage_evaluate(&cov);
	CHECK(!cov.hunks[0].compiled[COV_BEFORE] && !cov.hunks[0].compiled[COV_AFTER]);

	/* A build without X nor B: the file's own lines only. */
	CHECK(coverage_mark(&cov, COV_BEFORE, "k.c", "1,8", "tiny") == 0);
	CHECK(coverage_mark(&cov, COV_AFTER, "k.c", "1,5", "tiny") == 0);
	coverage_evaluate(&cov);
	CHECK(!cov.hunks[0].compiled[COV_BEFORE]);       /* int x; was not compiled */
	CHECK(cov.hunks[0].compiled[COV_AFTER]);         /* the position sits in the file */
	CHECK(!cov.hunks[1].compiled[COV_BEFORE] && !cov.hunks[1].compiled[COV_AFTER]);

	/* Another build with X and B. */
	CHECK(coverage_mark(&cov, COV_BEFORE, "k.c", "1,3,6,8", "xb") == 0);
	CHECK(coverage_mark(&cov, COV_AFTER, "k.c", "1-3,5", "xb") == 0);
	coverage_evaluate(&cov);
	CHECK(cov.hunks[0].compiled[COV_BEFORE] && !strcmp(cov.hunks[0].by[COV_BEFORE], "xb"));
	CHECK(!strcmp(cov.hunks[0].by[COV_AFTER], "tiny"));
	CHECK(cov.hunks[1].compiled[COV_BEFORE] && cov.hunks[1].compiled[COV_AFTER]);
	CHECK(coverage_mark(&cov, COV_AFTER, "k.c", "1-x", "bad") < 0);

	/* A kept use of a removed definition: its after side only. */
	coverage_add_use(&cov, before, after, "k.c", 5, "gone_fn", NULL, 0);
	coverage_evaluate(&cov);
	CHECK(cov.n == 3 && !cov.hunks[2].has_side[COV_BEFORE] && cov.hunks[2].compiled[COV_AFTER]);
	CHECK(!cov.hunks[2].compiled[COV_BEFORE]);
	{
		char *w = coverage_where(&cov, &cov.hunks[1], COV_AFTER);

		CHECK_STR(w, "k.c:3");
		free(w);
	}
	coverage_release(&cov);
	sv_clear(&paths);
	sv_clear(&changed);
	free(before);
	free(after);
}

/*
 * A stand-in for olddefconfig: a wished option is set when its one
 * dependency is (B needs A); NEVER never sticks.
 */
static int configure_calls;

static int fake_configure(void *ctx, enum cov_side side, const struct cov_config *cfg,
			  struct kconfig_values *out, struct strbuf *err)
{
	struct strbuf text = STRBUF_INIT;
	int a = 0;

	(void)ctx, (void)side, (void)err;
	configure_calls++;
	for (size_t i = 0; i < cfg->nwishes; i++)
		a |= cfg->wishes[i].on && !strcmp(cfg->wishes[i].sym, "A");
	for (size_t i = 0; i < cfg->nwishes; i++) {
		const char *s = cfg->wishes[i].sym;

		if (cfg->wishes[i].on && strcmp(s, "NEVER") && (strcmp(s, "B") || a))
			sb_addf(&text, "CONFIG_%s=y\n", s);
	}
	kconfig_values_parse(out, text.buf ? text.buf : "");
	sb_release(&text);
	return 0;
}

/* The configurations that reach the hunks of a small tree. */
static void test_plan(void)
{
	const char *kconfig =
		"config A\n\tbool \"a\"\n"
		"config B\n\tbool \"b\"\n\tdepends on A\n"
		"config C\n\tbool \"c\"\n"
		"config NEVER\n\tbool \"never\"\n\tdepends on BROKEN\n"
		"config BROKEN\n\tbool\n";
	const char *dir = unit_mkdir("coverage-plan");
	char *roots[2] = { xasprintf("%s/before", dir), xasprintf("%s/after", dir) };
	struct coverage cov;
	struct coverage_plan plan;
	struct strvec arches = STRVEC_INIT;
	struct strset removed = STRSET_INIT;
	struct cov_configurator conf = { fake_configure, NULL };
	struct coverage_plan_input in;
	struct tree t;
	struct plan readonly;
	struct kconfig_db db;
	struct strbuf err = STRBUF_INIT, frag = STRBUF_INIT;

	for (int s = 0; s < 2; s++) {
		const char *side = s ? "after" : "before";
		char *p;

		p = xasprintf("%s/Kconfig", side), unit_put(p, kconfig), free(p);
		p = xasprintf("%s/Makefile", side), unit_put(p, "obj-y += drivers/\n"), free(p);
		p = xasprintf("%s/drivers/Makefile", side), unit_put(p, "obj-$(CONFIG_B) += b.o\n"), free(p);
		p = xasprintf("%s/drivers/b.c", side);
		unit_put(p, s ? "int x;\n#ifdef CONFIG_C\nint c2;\n#endif\n#if 0\nint zero2;\n#endif\n"
				"#ifdef CONFIG_NEVER\nint never2;\n#endif\n"
			      : "int x;\n#ifdef CONFIG_C\nint c;\n#endif\n#if 0\nint zero;\n#endif\n"
				"#ifdef CONFIG_NEVER\nint never;\n#endif\n");
		free(p);
	}
	CHECK(tree_load(&t, roots[0], &err) == 0);
	plan_init(&readonly, t.root);
	CHECK(kconfig_db_load(&db, &t, &readonly, &err) == 0);
	coverage_init(&cov);
	CHECK(coverage_add_file(&cov, roots[0], roots[1], "drivers/b.c") == 3);
	sv_push(&arches, "x86_64");
	memset(&in, 0, sizeof(in));
	in.cov = &cov;
	in.db = &db;
	in.roots[0] = roots[0];
	in.roots[1] = roots[1];
	in.arches = &arches;
	in.removed = &removed;
	in.conf = &conf;
	CHECK(coverage_plan_make(&plan, &in, &err) == 0);
	/* int c: b.o (B, and A for B) with C, in one configuration for both sides. */
	CHECK(plan.sides[0][COV_BEFORE].config == 0 && plan.sides[0][COV_AFTER].config == 0);
	CHECK(plan.n >= 1 && !strcmp(plan.configs[0].name, "x86_64-1"));
	coverage_plan_fragment(&plan.configs[0], COV_BEFORE, &removed, &frag);
	CHECK(frag.buf && strstr(frag.buf, "CONFIG_A=y\n") && strstr(frag.buf, "CONFIG_B=y\n") &&
	      strstr(frag.buf, "CONFIG_C=y\n"));
	CHECK(plan.configs[0].objects[COV_BEFORE].n == 1 &&
	      !strcmp(plan.configs[0].objects[COV_BEFORE].v[0], "drivers/b.o"));
	/* #if 0: no configuration. */
	CHECK(plan.sides[1][COV_BEFORE].config == -1);
	CHECK_STR(plan.sides[1][COV_BEFORE].why, "inside #if 0");
	/* NEVER: planned, but olddefconfig does not keep it, in two rounds and more. */
	CHECK(plan.sides[2][COV_BEFORE].config == -1);
	CHECK(plan.sides[2][COV_BEFORE].why && strstr(plan.sides[2][COV_BEFORE].why, "did not keep CONFIG_NEVER=y"));
	CHECK(configure_calls >= 3);
	coverage_plan_release(&plan);
	coverage_release(&cov);
	kconfig_db_release(&db);
	plan_release(&readonly);
	tree_release(&t);
	sv_clear(&arches);
	strset_clear(&removed);
	sb_release(&err);
	sb_release(&frag);
	free(roots[0]);
	free(roots[1]);
}

int main(void)
{
	test_lines();
	test_coverage();
	test_plan();
	return unit_done("coverage");
}
