/*
 * Integration test of the spatch runner: the three patches of cocci/ run by
 * spatch over a small fixture tree, into one plan, checked and compared with
 * the expected files; review notes, unparsed code and failures in the report.
 * Skips (77) without spatch.
 */
#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cocci.h"
#include "run_command.h"
#include "unit.h"

static const char a_c[] =
	"#include <linux/kernel.h>\n"
	"#include <linux/fsfilter.h>\n"
	"#include \"../y/fs_other.h\"\n"
	"\n"
	"static const struct ops a_ops = {\n"
	"\t.setup = fsf_setup,\n"
	"};\n"
	"\n"
	"int a_init(int a)\n"
	"{\n"
	"\tint x = 0;\n"
	"\n"
	"\tif (IS_ENABLED(CONFIG_FSF))\n"
	"\t\tx = fsf_setup(a);\n"
	"\telse\n"
	"\t\tx = a;\n"
	"\tif (!IS_ENABLED(CONFIG_FSF) && a)\n"
	"\t\tx++;\n"
	"\tfsf_teardown();\n"
	"\t/* done */\n"
	"\treturn x;\n"
	"}\n";

static const char a_c_result[] =
	"#include <linux/kernel.h>\n"
	"\n"
	"static const struct ops a_ops = {\n"
	"\t.setup = fsf_setup,\n"
	"};\n"
	"\n"
	"int a_init(int a)\n"
	"{\n"
	"\tint x = 0;\n"
	"\n"
	"\tx = a;\n"
	"\tif (a)\n"
	"\t\tx++;\n"
	"\t/* done */\n"
	"\treturn x;\n"
	"}\n";

static const char b_h[] =
	"#ifndef B_H\n"
	"#define B_H\n"
	"int b_value(void);\n"
	"void fsf_teardown(void);\n"
	"static inline int fsf_setup(int a)\n"
	"{\n"
	"\treturn a;\n"
	"}\n"
	"#endif\n";

static const char b_h_result[] =
	"#ifndef B_H\n"
	"#define B_H\n"
	"int b_value(void);\n"
	"#endif\n";

/* Code spatch cannot parse: a test inside it is not seen. */
static const char bad_c[] =
	"int ok(void)\n"
	"{\n"
	"\treturn 1;\n"
	"}\n"
	"\n"
	"int broken(void)\n"
	"{\n"
	"\tif (IS_ENABLED(CONFIG_FSF)) {\n"
	"\t\treturn 1 +;\n"
	"\t}\n"
	"\treturn 2;\n"
	"}\n";

static int has_note(const struct plan *plan, const char *path, size_t line, const char *needle)
{
	for (size_t i = 0; i < plan->nnotes; i++)
		if (!strcmp(plan->notes[i].path, path) && plan->notes[i].line == line &&
		    plan->notes[i].action == ACTION_REVIEW && strstr(plan->notes[i].reason, needle))
			return 1;
	return 0;
}

int main(void)
{
	struct plan plan;
	struct cocci_report rep;
	struct strbuf err = STRBUF_INIT, res = STRBUF_INIT;
	struct strvec files = STRVEC_INIT, defs = STRVEC_INIT;
	const char *top = getenv("EXCISE_TOP");
	char *cocci_dir, *cmd;
	char *version[] = { "spatch", "--version", NULL };
	int rc;

	if (run_capture(NULL, version, &res, 1) != 0) {
		printf("spatch is not installed\n");
		return 77;
	}
	sb_reset(&res);
	unit_mkdir("cocci-run");
	cocci_dir = path_join(top ? top : ".", "cocci");
	unit_put("drivers/x/a.c", a_c);
	unit_put("drivers/x/b.h", b_h);
	unit_put("drivers/x/bad.c", bad_c);
	unit_put("include/linux/fsfilter.h", "/* removed */\n");
	sv_push(&files, "drivers/x/a.c");
	sv_push(&files, "drivers/x/b.h");
	sv_push(&files, "drivers/x/bad.c");

	plan_init(&plan, unit_dir);
	cocci_report_init(&rep);

	sv_push(&defs, "config=FSF");
	rc = cocci_apply(&plan, cocci_dir, "is_enabled.cocci", &defs, &files, 2, NULL, &rep, &err);
	CHECK(rc == 0);
	CHECK_STR(err.buf ? err.buf : "", "");
	CHECK(rep.edits == 1);
	/* bad.c: the parse error is reported, its test is not folded (nor promised). */
	CHECK(sv_contains(&rep.unparsed, "drivers/x/bad.c:9"));
	CHECK(rep.failed.n == 0);

	sv_clear(&defs);
	sv_push(&defs, "headers=include/linux/fsfilter.h,drivers/y/fs_other.h");
	rc = cocci_apply(&plan, cocci_dir, "include.cocci", &defs, &files, 1, NULL, &rep, &err);
	CHECK(rc == 0);
	CHECK_STR(err.buf ? err.buf : "", "");
	CHECK(rep.edits == 2);

	sv_clear(&defs);
	sv_push(&defs, "functions=fsf_setup,fsf_teardown");
	rc = cocci_apply(&plan, cocci_dir, "calls.cocci", &defs, &files, 2, NULL, &rep, &err);
	CHECK(rc == 0);
	CHECK_STR(err.buf ? err.buf : "", "");

	/* The initializer's use of fsf_setup is left for review, with its line. */
	CHECK(has_note(&plan, "drivers/x/a.c", 6, "fsf_setup is defined only by the removed code"));
	/* x = fsf_setup(a) sits in the branch is_enabled.cocci deletes: its note is harmless. */
	CHECK(rep.reviews >= 1);
	CHECK(rep.files == 9);
	CHECK(rep.seconds > 0);

	/* spatch wrote nothing into the tree (spatch --jobs would: not used). */
	{
		DIR *d = opendir(unit_dir);
		struct dirent *de;
		int entries = 0;

		while (d && (de = readdir(d)))
			if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
				entries++;
		if (d)
			closedir(d);
		CHECK(entries == 2);	/* drivers/ include/ */
	}

	CHECK(plan_check(&plan, &err) == 0);
	CHECK_STR(err.buf ? err.buf : "", "");
	plan_result(&plan, plan_file(&plan, "drivers/x/a.c"), &res);
	CHECK_STR(res.buf, a_c_result);
	sb_reset(&res);
	plan_result(&plan, plan_file(&plan, "drivers/x/b.h"), &res);
	CHECK_STR(res.buf, b_h_result);
	for (size_t i = 0; i < plan.nedits; i++) {
		const struct edit *e = &plan.edits[i];

		CHECK(e->kind == KIND_C_IS_ENABLED || e->kind == KIND_C_INCLUDE ||
		      e->kind == KIND_C_CALL);
		CHECK(e->reason && *e->reason);
	}

	/* Errors: a patch that is not there; spatch failing as a whole. */
	sb_reset(&err);
	CHECK(cocci_apply(&plan, cocci_dir, "nothere.cocci", &defs, &files, 1, NULL, &rep, &err) == -1);
	CHECK(strstr(err.buf, "nothere.cocci: cannot read the semantic patch") != NULL);
	sb_reset(&err);
	sv_clear(&defs);
	CHECK(cocci_apply(&plan, cocci_dir, "calls.cocci", &defs, &files, 1, NULL, &rep, &err) == -1);
	CHECK(strstr(err.buf, "excise: spatch -D patch with calls.cocci failed") != NULL);
	CHECK(strstr(err.buf, "no functions given") != NULL);

	plan_release(&plan);
	cocci_report_release(&rep);
	sv_clear(&files);
	sv_clear(&defs);
	sb_release(&err);
	sb_release(&res);
	free(cocci_dir);
	cmd = xasprintf("rm -rf %s", unit_dir);
	if (system(cmd))
		unit_failures++;
	free(cmd);
	return unit_done("cocci_run");
}
