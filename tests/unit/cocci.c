/*
 * Unit tests of the spatch runner's parsers: a canned spatch diff into hunks
 * and plan edits (checked against the snapshot), report lines into findings
 * and review notes, standard error into unparsed and failed files.
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cocci.h"
#include "unit.h"

static const char a_c[] =
	"#include <linux/kernel.h>\n"     /* 1 */
	"#include <linux/fsfilter.h>\n"   /* 2 */
	"\n"                              /* 3 */
	"int g(int a)\n"                  /* 4 */
	"{\n"                             /* 5 */
	"\tif (IS_ENABLED(CONFIG_FOO))\n" /* 6 */
	"\t\ta = 1;\n"                    /* 7 */
	"\telse\n"                        /* 8 */
	"\t\ta = 2;\n"                    /* 9 */
	"\treturn a;\n"                   /* 10 */
	"}\n";                            /* 11 */

static const char b_h[] = "int x;\nint y;"; /* no final newline */

/* What spatch prints for a.c and b.h (the +++ names are its temporary files). */
static const char diff_text[] =
	"--- a.c\n"
	"+++ /tmp/cocci-output-1-aaaaaa-a.c\n"
	"@@ -1,5 +1,4 @@\n"
	" #include <linux/kernel.h>\n"
	"-#include <linux/fsfilter.h>\n"
	" \n"
	" int g(int a)\n"
	" {\n"
	"@@ -6,5 +5,2 @@ int g(int a)\n"
	"-\tif (IS_ENABLED(CONFIG_FOO))\n"
	"-\t\ta = 1;\n"
	"-\telse\n"
	"-\t\ta = 2;\n"
	"+\ta = 2;\n"
	" \treturn a;\n"
	"--- b.h\n"
	"+++ /tmp/cocci-output-1-bbbbbb-b.h\n"
	"@@ -1,2 +1,2 @@\n"
	" int x;\n"
	"-int y;\n"
	"\\ No newline at end of file\n"
	"+int z;\n"
	"\\ No newline at end of file\n"
	"@@ -0,0 +1,1 @@\n"
	"+/* first */\n";

static const char report_text[] =
	"a.c:2:9-27: INFO: #include of a header the removal deletes\n"
	"a.c:6:5-15: INFO: IS_ENABLED(CONFIG_FOO) is always false: CONFIG_FOO is removed\n"
	"HANDLING: a.c\n"
	"a.c:10:8-9: WARNING: a is used here: review by hand\n"
	"a.c:4:0-1: INFO: promised but never done\n"
	"garbage:x:1: INFO: no\n"
	"./b.h:1:0-3: ERROR: x\n";

static const char stderr_text[] =
	"init_defs_builtins: /usr/lib/coccinelle/standard.h\n"
	"HANDLING: a.c\n"
	"parse error \n"
	" = File \"a.c\", line 7, column 3, charpos = 99\n"
	"  around = 'a',\n"
	"parse error \n"
	" = File \"./a.c\", line 7, column 3, charpos = 99\n"
	"EXN: Failure(\"rule starting on line 1: already tagged token:\\nC code context\") in b.h\n"
	"timeout (we abort): c.c\n";

static void test_parse_diff(void)
{
	struct cocci_diff d = { 0 };
	struct strbuf err = STRBUF_INIT;

	CHECK(cocci_parse_diff(diff_text, strlen(diff_text), &d, &err) == 0);
	CHECK_STR(err.buf ? err.buf : "", "");
	CHECK(d.n == 4);
	if (d.n == 4) {
		CHECK_STR(d.hunks[0].path, "a.c");
		CHECK(d.hunks[0].old_start == 1 && d.hunks[0].old_count == 5);
		CHECK(d.hunks[0].nlines == 5 && d.hunks[0].lines[1].op == '-');
		CHECK_STR(d.hunks[0].lines[1].text, "#include <linux/fsfilter.h>");
		CHECK(d.hunks[1].old_start == 6 && d.hunks[1].new_count == 2);
		CHECK(d.hunks[1].nlines == 6);
		CHECK_STR(d.hunks[2].path, "b.h");
		CHECK(d.hunks[2].nlines == 3);
		CHECK(d.hunks[2].lines[1].newline == 0 && d.hunks[2].lines[2].newline == 0);
		CHECK(d.hunks[2].lines[0].newline == 1);
		CHECK(d.hunks[3].old_start == 0 && d.hunks[3].old_count == 0);
	}
	cocci_diff_release(&d);

	/* With --dir spatch prints "diff -u -p a/x b/x", "--- a/x", "+++ b/x". */
	{
		static const char ab[] = "diff -u -p a/mm/x.c b/mm/x.c\n--- a/mm/x.c\n+++ b/mm/x.c\n"
					 "@@ -1 +1 @@\n-a\n+b\n";

		CHECK(cocci_parse_diff(ab, strlen(ab), &d, &err) == 0);
		CHECK(d.n == 1 && !strcmp(d.hunks[0].path, "mm/x.c"));
		CHECK(d.n == 1 && d.hunks[0].old_count == 1 && d.hunks[0].nlines == 2);
		cocci_diff_release(&d);
	}

	/*
	 * A hunk cut short by a line no hunk holds, and a bad header.  (A line
	 * "--- x" inside a hunk whose counts are not used up is a removed line.)
	 */
	{
		static const char cut[] = "--- a.c\n+++ x\n@@ -1,3 +1,3 @@\n a\n-b\nHANDLING: c.c\n"
					  "--- c.c\n+++ y\n@@ -x +1 @@\n";

		sb_reset(&err);
		CHECK(cocci_parse_diff(cut, strlen(cut), &d, &err) == -1);
		CHECK(strstr(err.buf, "excise: spatch diff:6: hunk of a.c cut short") != NULL);
		CHECK(strstr(err.buf, "excise: spatch diff:9: bad hunk header: @@ -x +1 @@") != NULL);
		cocci_diff_release(&d);
	}
	sb_release(&err);
}

static void test_report(void)
{
	struct cocci_findings f = { 0 };

	cocci_parse_report(report_text, strlen(report_text), &f);
	CHECK(f.n == 5);
	if (f.n == 5) {
		CHECK_STR(f.v[0].path, "a.c");
		CHECK(f.v[0].line == 2);
		CHECK_STR(f.v[0].severity, "INFO");
		CHECK_STR(f.v[0].message, "#include of a header the removal deletes");
		CHECK_STR(f.v[2].severity, "WARNING");
		CHECK_STR(f.v[4].path, "b.h");
		CHECK_STR(f.v[4].severity, "ERROR");
	}
	cocci_findings_release(&f);
}

static void test_stderr(void)
{
	struct strvec unparsed = STRVEC_INIT, failed = STRVEC_INIT;

	cocci_parse_stderr(stderr_text, strlen(stderr_text), &unparsed, &failed);
	CHECK(unparsed.n == 1);
	if (unparsed.n == 1)
		CHECK_STR(unparsed.v[0], "a.c:7");
	CHECK(failed.n == 2);
	if (failed.n == 2) {
		CHECK(starts_with(failed.v[0], "b.h: spatch failed: Failure(\"rule starting on line 1: already tagged token:"));
		CHECK(strstr(failed.v[0], "\\n") == NULL);
		CHECK_STR(failed.v[1], "timeout (we abort): c.c");
	}
	sv_clear(&unparsed);
	sv_clear(&failed);
}

static void test_kind(void)
{
	CHECK(cocci_kind("is_enabled.cocci") == KIND_C_IS_ENABLED);
	CHECK(cocci_kind("include.cocci") == KIND_C_INCLUDE);
	CHECK(cocci_kind("cocci/calls.cocci") == KIND_C_CALL);
	CHECK(cocci_kind("new_thing.cocci") == KIND_C_OTHER);
}

/* The canned diff into the plan: edits, their reasons, the result, notes. */
static void test_to_plan(void)
{
	struct plan plan;
	struct cocci_diff d = { 0 };
	struct cocci_findings f = { 0 };
	struct strbuf err = STRBUF_INIT, res = STRBUF_INIT;
	const struct plan_file *pf;
	long n;

	unit_put("a.c", a_c);
	unit_put("b.h", b_h);
	plan_init(&plan, unit_dir);
	CHECK(cocci_parse_diff(diff_text, strlen(diff_text), &d, &err) == 0);
	cocci_parse_report(report_text, strlen(report_text), &f);
	n = cocci_diff_to_plan(&plan, &d, &f, KIND_C_OTHER, "fallback", &err);
	CHECK(n == 4);
	CHECK_STR(err.buf ? err.buf : "", "");
	CHECK(plan.nedits == 4);
	if (plan.nedits == 4) {
		/* a.c line 2, deleted whole. */
		CHECK(plan.edits[0].start == 26 && plan.edits[0].end == 54);
		CHECK_STR(plan.edits[0].repl, "");
		CHECK(plan.edits[0].kind == KIND_C_OTHER);
		CHECK_STR(plan.edits[0].reason, "#include of a header the removal deletes");
		/* a.c lines 6-9 replaced by one line. */
		CHECK_STR(plan.edits[1].repl, "\ta = 2;\n");
		CHECK_STR(plan.edits[1].reason,
			  "IS_ENABLED(CONFIG_FOO) is always false: CONFIG_FOO is removed");
		/* b.h: the last line, without newline, replaced; an insertion at the top. */
		CHECK_STR(plan.edits[2].repl, "int z;");
		CHECK(plan.edits[2].start == 7 && plan.edits[2].end == 13);
		CHECK_STR(plan.edits[2].reason, "fallback");
		CHECK(plan.edits[3].start == 0 && plan.edits[3].end == 0);
		CHECK_STR(plan.edits[3].repl, "/* first */\n");
	}
	CHECK(plan_check(&plan, &err) == 0);
	pf = plan_file(&plan, "a.c");
	plan_result(&plan, pf, &res);
	CHECK_STR(res.buf, "#include <linux/kernel.h>\n\nint g(int a)\n{\n\ta = 2;\n\treturn a;\n}\n");
	sb_reset(&res);
	pf = plan_file(&plan, "b.h");
	plan_result(&plan, pf, &res);
	CHECK_STR(res.buf, "/* first */\nint x;\nint z;");

	/* Notes: the WARNING and ERROR, and the INFO of line 4 no edit covers. */
	CHECK(cocci_findings_to_notes(&plan, &f, KIND_C_OTHER, "test.cocci") == 3);
	CHECK(plan.nnotes == 3);
	if (plan.nnotes == 3) {
		CHECK_STR(plan.notes[0].path, "a.c");
		CHECK(plan.notes[0].line == 10);
		CHECK(plan.notes[0].action == ACTION_REVIEW);
		CHECK_STR(plan.notes[0].reason, "a is used here: review by hand (test.cocci)");
		CHECK_STR(plan.notes[0].text, "\treturn a;");
		CHECK(plan.notes[1].line == 4);
		CHECK_STR(plan.notes[1].reason, "promised but never done (test.cocci in report mode) "
						"but patch mode left it unchanged");
		CHECK_STR(plan.notes[2].path, "b.h");
	}
	plan_release(&plan);
	cocci_diff_release(&d);
	cocci_findings_release(&f);

	/* A hunk whose context is not the file as read: an error, no edit. */
	{
		static const char wrong[] = "--- a.c\n+++ t\n@@ -4,2 +4,1 @@\n int g(int b)\n-{\n";

		plan_init(&plan, unit_dir);
		sb_reset(&err);
		CHECK(cocci_parse_diff(wrong, strlen(wrong), &d, &err) == 0);
		CHECK(cocci_diff_to_plan(&plan, &d, NULL, KIND_C_OTHER, "r", &err) == -1);
		CHECK_STR(err.buf, "excise: a.c:4: spatch's diff does not match the file as read\n");
		CHECK(plan.nedits == 0);
		plan_release(&plan);
		cocci_diff_release(&d);
	}

	/* A hunk adding a marker of an unfinished fold: a review note, no edit. */
	{
		static const char unfinished[] =
			"--- a.c\n+++ t\n@@ -6,2 +6,2 @@\n-\tif (IS_ENABLED(CONFIG_FOO))\n"
			"+\tif (excise_false__)\n \t\ta = 1;\n";

		plan_init(&plan, unit_dir);
		sb_reset(&err);
		CHECK(cocci_parse_diff(unfinished, strlen(unfinished), &d, &err) == 0);
		CHECK(cocci_diff_to_plan(&plan, &d, NULL, KIND_C_OTHER, "r", &err) == 0);
		CHECK(plan.nedits == 0 && plan.nnotes == 1);
		if (plan.nnotes == 1) {
			CHECK(plan.notes[0].line == 6);
			CHECK(plan.notes[0].action == ACTION_REVIEW);
		}
		plan_release(&plan);
		cocci_diff_release(&d);
	}
	/* A change overlapping an edit already planned: a review note, no edit. */
	{
		plan_init(&plan, unit_dir);
		sb_reset(&err);
		CHECK(cocci_parse_diff(diff_text, strlen(diff_text), &d, &err) == 0);
		pf = plan_file(&plan, "a.c");
		/* Line 7 rewritten by another module; line 2 inside a planned deletion of 1-3. */
		plan_edit(&plan, "a.c", 99, 108, "\t\ta = 3;\n", KIND_C_OTHER, &CAUSE(RULE_NONE, NULL), "other");
		plan_delete_lines(&plan, "a.c", 0, 55, KIND_C_OTHER, &CAUSE(RULE_NONE, NULL), "other");
		n = cocci_diff_to_plan(&plan, &d, NULL, KIND_C_OTHER, "r", &err);
		CHECK(n == 3);	/* the include line, and b.h's two */
		CHECK(plan.nnotes == 1);
		if (plan.nnotes == 1) {
			CHECK(plan.notes[0].line == 6);
			CHECK(strstr(plan.notes[0].reason, "overlaps a change already planned (c-other)") != NULL);
			CHECK_STR(plan.notes[0].text, "\tif (IS_ENABLED(CONFIG_FOO))");
		}
		CHECK(plan_check(&plan, &err) == 0);
		plan_release(&plan);
		cocci_diff_release(&d);
	}
	/* A file that is not there. */
	{
		static const char gone[] = "--- nothere.c\n+++ t\n@@ -1,1 +1,0 @@\n-x\n";

		plan_init(&plan, unit_dir);
		sb_reset(&err);
		CHECK(cocci_parse_diff(gone, strlen(gone), &d, &err) == 0);
		CHECK(cocci_diff_to_plan(&plan, &d, NULL, KIND_C_OTHER, "r", &err) == -1);
		CHECK(starts_with(err.buf, "excise: nothere.c: cannot read the file spatch changed"));
		plan_release(&plan);
		cocci_diff_release(&d);
	}
	sb_release(&err);
	sb_release(&res);
}

/* The trailing comment of a removed line, kept alone by spatch, goes too. */
static void test_orphan_comment(void)
{
	static const char e_c[] = "\tsize = 4;\n\n\tif (IS_ENABLED(CONFIG_FOO))\n"
				  "\t\tsize += 8; /* for redzone */\n\n\tuse(size);\n";
	static const char diff[] = "--- e.c\n+++ t\n@@ -1,6 +1,4 @@\n \tsize = 4;\n-\n"
				   "-\tif (IS_ENABLED(CONFIG_FOO))\n-\t\tsize += 8; /* for redzone */\n"
				   "+ /* for redzone */\n \n \tuse(size);\n";
	struct plan plan;
	struct cocci_diff d = { 0 };
	struct strbuf err = STRBUF_INIT, res = STRBUF_INIT;

	unit_put("e.c", e_c);
	plan_init(&plan, unit_dir);
	CHECK(cocci_parse_diff(diff, strlen(diff), &d, &err) == 0);
	CHECK(cocci_diff_to_plan(&plan, &d, NULL, KIND_C_OTHER, "r", &err) == 1);
	CHECK(plan_check(&plan, &err) == 0);
	plan_result(&plan, plan_file(&plan, "e.c"), &res);
	CHECK_STR(res.buf, "\tsize = 4;\n\n\tuse(size);\n");
	plan_release(&plan);
	cocci_diff_release(&d);
	sb_release(&err);
	sb_release(&res);
}

/* Findings on #if lines are excise cpp's; on #include lines they are ours. */
static void test_directive_notes(void)
{
	static const char report[] =
		"d.c:1:15-25: INFO: IS_ENABLED(CONFIG_FOO) is always false: CONFIG_FOO is removed\n"
		"d.c:4:9-20: INFO: #include of a header the removal deletes\n";
	struct plan plan;
	struct cocci_findings f = { 0 };

	unit_put("d.c", "#if IS_ENABLED(CONFIG_FOO)\nint x;\n#endif\n#include <linux/gone.h>\n");
	plan_init(&plan, unit_dir);
	cocci_parse_report(report, strlen(report), &f);
	CHECK(cocci_findings_to_notes(&plan, &f, KIND_C_OTHER, "t.cocci") == 1);
	CHECK(plan.nnotes == 1 && plan.notes[0].line == 4);
	plan_release(&plan);
	cocci_findings_release(&f);
}

/* spatch's deletion of a blank line between two paragraphs is undone. */
static void test_blank_line(void)
{
	static const char c_c[] =
		"void f(void)\n{\n\tprepare();\n\n\tif (x)\n\t\tfoo();\n\t/* next */\n\tbar();\n"
		"\n\tif (y)\n\t\tfoo();\n}\n";
	static const char diff[] =
		"--- c.c\n+++ t\n@@ -2,11 +2,5 @@\n {\n \tprepare();\n-\n-\tif (x)\n-\t\tfoo();\n"
		" \t/* next */\n \tbar();\n-\n-\tif (y)\n-\t\tfoo();\n }\n";
	struct plan plan;
	struct cocci_diff d = { 0 };
	struct strbuf err = STRBUF_INIT, res = STRBUF_INIT;

	unit_put("c.c", c_c);
	plan_init(&plan, unit_dir);
	CHECK(cocci_parse_diff(diff, strlen(diff), &d, &err) == 0);
	CHECK(cocci_diff_to_plan(&plan, &d, NULL, KIND_C_OTHER, "r", &err) == 2);
	CHECK(plan_check(&plan, &err) == 0);
	plan_result(&plan, plan_file(&plan, "c.c"), &res);
	/* The first blank line stays (a comment follows); the second goes (a brace follows). */
	CHECK_STR(res.buf, "void f(void)\n{\n\tprepare();\n\n\t/* next */\n\tbar();\n}\n");
	plan_release(&plan);
	cocci_diff_release(&d);
	sb_release(&err);
	sb_release(&res);
}

int main(void)
{
	char *cmd;

	unit_mkdir("cocci");
	test_parse_diff();
	test_report();
	test_stderr();
	test_kind();
	test_to_plan();
	test_blank_line();
	test_directive_notes();
	test_orphan_comment();
	cmd = xasprintf("rm -rf %s", unit_dir);
	if (system(cmd))
		unit_failures++;
	free(cmd);
	return unit_done("cocci");
}
