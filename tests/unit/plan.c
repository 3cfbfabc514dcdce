/* Unit tests of the edit plan: merging, result, unified diff (checked by git apply), apply. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plan.h"
#include "unit.h"

static char *get(const char *rel)
{
	struct strbuf sb = STRBUF_INIT;
	char *p = path_join(unit_dir, rel);

	if (read_file(p, &sb) < 0) {
		free(p);
		return NULL;
	}
	free(p);
	return sb_detach(&sb, NULL);
}

static int sh(const char *cmd)
{
	char *c = xasprintf("cd %s && %s", unit_dir, cmd);
	int rc = system(c);

	free(c);
	return rc;
}

int main(void)
{
	struct plan plan;
	struct strbuf err = STRBUF_INIT, res = STRBUF_INIT;
	const struct plan_file *f;
	char *s;

	unit_mkdir("plan");
	unit_put("a.txt", "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\nnine\nten\neleven\ntwelve\n");
	unit_put("b.txt", "alpha\nbeta");        /* no final newline */
	s = path_join(unit_dir, "d");
	mkdir(s, 0755);
	free(s);
	s = path_join(unit_dir, "d/gone");
	mkdir(s, 0755);
	free(s);
	unit_put("d/gone/x.c", "int x;\n");
	unit_put("d/gone/y.h", "");

	plan_init(&plan, unit_dir);
	f = plan_file(&plan, "a.txt");
	CHECK(f && f->len == 63);
	/* delete line "two", replace "four" by "FOUR", duplicate edit, edit inside a deleted range */
	plan_delete_lines(&plan, "a.txt", 4, 5, KIND_OTHER, &CAUSE(RULE_NONE, NULL), "line two");
	plan_edit(&plan, "a.txt", 14, 18, "FOUR", KIND_OTHER, &CAUSE(RULE_NONE, NULL), "upper");
	plan_edit(&plan, "a.txt", 14, 18, "FOUR", KIND_OTHER, &CAUSE(RULE_NONE, NULL), "upper again");
	plan_edit(&plan, "a.txt", 5, 6, "W", KIND_OTHER, &CAUSE(RULE_NONE, NULL), "inside a deletion");
	/* insertion at the start of "twelve", edit on the last line */
	plan_edit(&plan, "a.txt", 56, 56, "> ", KIND_OTHER, &CAUSE(RULE_NONE, NULL), "insert");
	/* edits that change no byte: no edit (the summary counts the plan's edits) */
	plan_edit(&plan, "a.txt", 19, 23, "five", KIND_MAINTAINERS, &CAUSE(RULE_NONE, NULL),
		  "the same bytes");
	plan_edit(&plan, "a.txt", 30, 30, "", KIND_MAINTAINERS, &CAUSE(RULE_NONE, NULL),
		  "an empty insertion");
	f = plan_file(&plan, "b.txt");
	plan_edit(&plan, "b.txt", 6, 10, "BETA\ngamma", KIND_OTHER, &CAUSE(RULE_NONE, NULL),
		  "last line without newline");
	plan_delete(&plan, "./d//gone/", 1, KIND_OWN_PATH, &CAUSE(RULE_NONE, NULL), "directory");   /* stored normalised */
	CHECK(plan_is_deleted(&plan, "d/gone/x.c"));
	CHECK(!plan_is_deleted(&plan, "d/gonex"));
	CHECK(plan_check(&plan, &err) == 0);
	CHECK(plan.nedits == 4);
	plan_result(&plan, plan_file(&plan, "a.txt"), &res);
	CHECK_STR(res.buf, "one\nthree\nFOUR\nfive\nsix\nseven\neight\nnine\nten\neleven\n> twelve\n");

	/* The diff applies with git apply to a copy and gives the same tree. */
	CHECK(sh("mkdir copy && cp -a a.txt b.txt d copy/") == 0);
	{
		char *dpath = path_join(unit_dir, "change.diff");
		FILE *out = fopen(dpath, "w");

		struct strbuf derr = STRBUF_INIT;

		CHECK(plan_diff(&plan, out, &derr) == 0);
		sb_release(&derr);
		fclose(out);
		free(dpath);
	}
	CHECK(sh("cd copy && git apply --whitespace=nowarn ../change.diff") == 0);
	CHECK(plan_apply(&plan, NULL, &err) == 0);
	s = get("b.txt");
	CHECK_STR(s, "alpha\nBETA\ngamma");
	free(s);
	s = path_join(unit_dir, "d/gone");
	CHECK(access(s, F_OK) != 0);
	free(s);
	CHECK(sh("diff a.txt copy/a.txt && diff b.txt copy/b.txt && test ! -e copy/d/gone") == 0);
	CHECK(sh("test -z \"$(find . -name '*excise-*')\"") == 0);
	plan_release(&plan);

	/* Paths are normalised; the top, a top-level entry and the way out are refused. */
	{
		static const char *const cases[][2] = {
			{ "fs/foo", "fs/foo" }, { "./fs//foo/.", "fs/foo" }, { "fs/bar/../foo", "fs/foo" },
			{ ".", "" }, { "fs/..", "" }, { "a/b/../../c", "c" },
		};
		int dir;

		for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
			s = path_normalize(cases[i][0], NULL);
			CHECK_STR(s, cases[i][1]);
			free(s);
		}
		CHECK(path_normalize("../x", NULL) == NULL);
		CHECK(path_normalize("fs/../../x", NULL) == NULL);
		CHECK(path_normalize("/etc", NULL) == NULL);
		s = path_normalize("fs/foo/", &dir);
		CHECK(dir == 1);
		free(s);
		s = path_normalize("fs/foo", &dir);
		CHECK(dir == 0);
		free(s);
		unit_put("d/keep.c", "int k;\n");
		plan_init(&plan, unit_dir);
		plan_delete(&plan, "d", 1, KIND_OWN_PATH, &CAUSE(RULE_NONE, NULL), "a top-level directory");
		plan_delete(&plan, "d/../../x", 0, KIND_OWN_PATH, &CAUSE(RULE_NONE, NULL), "outside");
		sb_reset(&err);
		CHECK(plan_check(&plan, &err) < 0);
		CHECK(strstr(err.buf, "d: the top of the tree or a top-level entry is never deleted") != NULL);
		CHECK(strstr(err.buf, "d/../../x: not a normalised path inside the tree") != NULL);
		plan_release(&plan);
		/* In the other order: the directory does not swallow the bad name. */
		plan_init(&plan, unit_dir);
		plan_delete(&plan, "d/../../x", 0, KIND_OWN_PATH, &CAUSE(RULE_NONE, NULL), "outside");
		plan_delete(&plan, "d", 1, KIND_OWN_PATH, &CAUSE(RULE_NONE, NULL), "a top-level directory");
		sb_reset(&err);
		CHECK(plan_check(&plan, &err) < 0);
		CHECK(strstr(err.buf, "d/../../x: not a normalised path inside the tree") != NULL);
		plan_release(&plan);
		/* A file inside a directory that goes is not deleted twice, in either order. */
		plan_init(&plan, unit_dir);
		plan_delete(&plan, "d/keep.c", 0, KIND_OWN_PATH, &CAUSE(RULE_NONE, NULL), "built by it");
		plan_delete(&plan, "d/", 1, KIND_OWN_PATH, &CAUSE(RULE_NONE, NULL), "its directory");
		plan_delete(&plan, "d/keep.c", 0, KIND_OWN_PATH, &CAUSE(RULE_NONE, NULL), "again");
		CHECK(plan.ndels == 1 && !strcmp(plan.dels[0].path, "d"));
		plan_release(&plan);
	}

	/* Conflicting edits and a file changed behind the plan's back are refused. */
	plan_init(&plan, unit_dir);
	plan_file(&plan, "a.txt");
	plan_edit(&plan, "a.txt", 0, 3, "ONE", KIND_OTHER, &CAUSE(RULE_NONE, NULL), "x");
	plan_edit(&plan, "a.txt", 1, 5, "Z", KIND_OTHER, &CAUSE(RULE_NONE, NULL), "y");
	sb_reset(&err);
	CHECK(plan_check(&plan, &err) < 0);
	CHECK(strstr(err.buf, "a.txt:1: conflicting edits") != NULL);
	plan_release(&plan);

	plan_init(&plan, unit_dir);
	plan_file(&plan, "a.txt");
	plan_edit(&plan, "a.txt", 0, 3, "ONE", KIND_OTHER, &CAUSE(RULE_NONE, NULL), "x");
	unit_put("a.txt", "changed\n");
	sb_reset(&err);
	CHECK(plan_check(&plan, &err) < 0);
	CHECK(strstr(err.buf, "changed on disk") != NULL);
	plan_release(&plan);

	/* A read-only file is refused before anything is written. */
	plan_init(&plan, unit_dir);
	plan_file(&plan, "a.txt");
	plan_edit(&plan, "a.txt", 0, 1, "C", KIND_OTHER, &CAUSE(RULE_NONE, NULL), "x");
	s = path_join(unit_dir, "a.txt");
	chmod(s, 0444);
	free(s);
	sb_reset(&err);
	CHECK(plan_check(&plan, &err) < 0);
	CHECK(strstr(err.buf, "read-only") != NULL);
	plan_release(&plan);

	sh("rm -rf copy");
	s = xasprintf("rm -rf %s", unit_dir);
	system(s);
	free(s);
	sb_release(&err);
	sb_release(&res);
	return unit_done("plan");
}
