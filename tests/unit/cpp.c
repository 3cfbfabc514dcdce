/* Unit tests of cpp_resolve(): edits, reasons, notes, statistics and errors. */
#include <stdlib.h>
#include <unistd.h>

#include "cpp.h"
#include "unit.h"

/* Resolve rel with X off (and Y on); the result text, or "ERROR: msg". */
static char *resolve(const char *rel, struct plan *plan, struct cpp_stats *st, int *rc)
{
	struct strset off = STRSET_INIT, on = STRSET_INIT;
	struct strbuf err = STRBUF_INIT, out = STRBUF_INIT;

	strset_add(&off, "X");
	strset_add(&on, "Y");
	*rc = cpp_resolve(plan, rel, &off, &on, st, &err);
	if (*rc < 0)
		sb_addf(&out, "ERROR: %s", err.buf);
	else
		plan_result(plan, plan_file(plan, rel), &out);
	strset_clear(&off);
	strset_clear(&on);
	sb_release(&err);
	return sb_detach(&out, NULL);
}

int main(void)
{
	struct plan plan;
	struct strvec log = STRVEC_INIT;
	struct cpp_stats st = { .log = &log };
	char *s;
	int rc;

	unit_mkdir("cpp");

	/* The SLOB shapes: #ifndef body kept, #ifdef dropped, middle #elif arm dropped. */
	unit_put("a.h",
	    "#ifndef A_H\n#define A_H\n"
	    "#ifndef CONFIG_X\nint kept;\n#endif /* !CONFIG_X */\n"
	    "#ifdef CONFIG_X\nint gone;\n#else\nint else_kept;\n#endif\n"
	    "#if defined(CONFIG_A)\nint a;\n#elif defined(CONFIG_X)\nint x;\n#else\nint other;\n#endif\n"
	    "#endif\n");
	plan_init(&plan, unit_dir);
	s = resolve("a.h", &plan, &st, &rc);
	CHECK(rc == 3);
	CHECK_STR(s, "#ifndef A_H\n#define A_H\n"
		     "int kept;\n"
		     "int else_kept;\n"
		     "#if defined(CONFIG_A)\nint a;\n#else\nint other;\n#endif\n"
		     "#endif\n");
	free(s);
	/* One edit per directive line or dropped run, in file order, all c-ifdef. */
	CHECK(plan.nedits == 5);
	for (size_t i = 0; i < plan.nedits; i++) {
		CHECK(plan.edits[i].kind == KIND_C_IFDEF);
		CHECK(!i || plan.edits[i - 1].end <= plan.edits[i].start);
	}
	CHECK_STR(plan.edits[0].reason, "#ifndef CONFIG_X: body kept");
	CHECK_STR(plan.edits[1].reason, "#ifndef CONFIG_X: body kept");
	/* #ifdef X ... #else: the dropped branch and the #else line are one edit. */
	CHECK_STR(plan.edits[2].reason, "#ifdef CONFIG_X dropped; #else: body kept");
	CHECK(plan.edits[2].end - plan.edits[2].start == strlen("#ifdef CONFIG_X\nint gone;\n#else\n"));
	CHECK_STR(plan.edits[4].reason, "#elif defined(CONFIG_X) dropped");
	CHECK(st.conditionals == 4 && st.changed == 3 && st.dropped == 2 && st.unwrapped == 2);
	CHECK(st.directives == 11);
	CHECK(log.n == 3);
	CHECK_STR(log.v[0], "3-5: #ifndef CONFIG_X: body kept");
	CHECK_STR(log.v[2], "11-17: #elif defined(CONFIG_X) dropped");
	/* The plan's diff is valid: plan_check accepts the edits. */
	{
		struct strbuf err = STRBUF_INIT;

		CHECK(plan_check(&plan, &err) == 0);
		sb_release(&err);
	}
	plan_release(&plan);

	/* Rewritten conditions and comment fixes carry a reason naming the change. */
	unit_put("b.c", "#if defined(CONFIG_A) || defined(CONFIG_X)\nint a;\n#endif /* CONFIG_A || CONFIG_X */\n"
		   "#if defined(CONFIG_Y) && FOO\nint y;\n#endif\n");
	plan_init(&plan, unit_dir);
	memset(&st, 0, sizeof(st));
	s = resolve("b.c", &plan, &st, &rc);
	CHECK(rc == 2);
	CHECK_STR(s, "#if defined(CONFIG_A)\nint a;\n#endif /* CONFIG_A */\n#if FOO\nint y;\n#endif\n");
	free(s);
	CHECK(plan.nedits == 3);
	CHECK_STR(plan.edits[0].reason, "#if defined(CONFIG_A) || defined(CONFIG_X) -> #if defined(CONFIG_A); "
					"#endif comment fixed");
	CHECK(st.rewritten == 2 && st.comments == 1);
	plan_release(&plan);

	/* Nothing to do: no edits, 0. */
	unit_put("c.c", "#ifdef CONFIG_A\n#endif\n#if 0\n#endif\n");
	plan_init(&plan, unit_dir);
	s = resolve("c.c", &plan, NULL, &rc);
	CHECK(rc == 0 && plan.nedits == 0);
	free(s);
	plan_release(&plan);

	/* A form it cannot evaluate: left as written, with a review note. */
	unit_put("d.c", "#if FOO(CONFIG_X)\n#endif\n");
	plan_init(&plan, unit_dir);
	s = resolve("d.c", &plan, NULL, &rc);
	CHECK(rc == 0 && plan.nedits == 0 && plan.nnotes == 1);
	if (plan.nnotes) {
		CHECK(plan.notes[0].line == 1);
		CHECK(plan.notes[0].action == ACTION_REVIEW);
		CHECK_STR(plan.notes[0].text, "#if FOO(CONFIG_X)");
	}
	free(s);
	plan_release(&plan);

	/* Malformed input: -1, an error with file and line, nothing in the plan. */
	unit_put("e.c", "#ifdef CONFIG_X\n#endif\n#ifdef CONFIG_A\n#if 1\n#endif\n");
	plan_init(&plan, unit_dir);
	s = resolve("e.c", &plan, NULL, &rc);
	CHECK(rc == -1 && plan.nedits == 0);
	CHECK_STR(s, "ERROR: excise: e.c:3: unterminated #ifdef\n");
	free(s);
	s = resolve("missing.c", &plan, NULL, &rc);
	CHECK(rc == -1);
	CHECK_STR(s, "ERROR: excise: missing.c: cannot read: No such file or directory\n");
	free(s);
	plan_release(&plan);

	/* No final newline, CRLF, NUL bytes: bytes outside the edits stay. */
	unit_put("f.c", "int a;\r\n#ifndef CONFIG_X\r\nint b;\r\n#endif");
	plan_init(&plan, unit_dir);
	s = resolve("f.c", &plan, NULL, &rc);
	CHECK(rc == 1);
	CHECK_STR(s, "int a;\r\nint b;\r\n");
	free(s);
	plan_release(&plan);

	/* An empty file and a file of one '#'. */
	unit_put("g.c", "");
	unit_put("h.c", "#");
	plan_init(&plan, unit_dir);
	s = resolve("g.c", &plan, NULL, &rc);
	CHECK(rc == 0);
	free(s);
	s = resolve("h.c", &plan, NULL, &rc);
	CHECK(rc == 0);
	CHECK_STR(s, "#");
	free(s);
	plan_release(&plan);

	sv_clear(&log);
	{
		char *cmd = xasprintf("rm -rf %s", unit_dir);

		CHECK(system(cmd) == 0);
		free(cmd);
	}
	return unit_done("cpp");
}
