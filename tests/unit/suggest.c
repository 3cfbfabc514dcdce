/*
 * Unit tests of "did you mean" (suggest.c) and of the tree's top found
 * upwards (tree_top.c): the nearest names by edit distance, a component of
 * a path at a time; a subdirectory with a Makefile and a Kconfig is not a
 * top, the directory above with scripts/kconfig/ (or a mainmenu) is.
 */
#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "run_command.h"
#include "suggest.h"
#include "tree_top.h"
#include "util.h"
#include "walk.h"
#include "unit.h"

static const char *const files[] = {
	"Kconfig", "Makefile", "drivers/net/wireless/intel/iwlwifi/main.c",
	"drivers/net/wireless/intel/ipw2x00/ipw.c", "fs/Kconfig", "fs/foo/psdev.c", "fs/foo/super.c",
	"fs/foo_compat.c", "fs/namei.c", "mm/slab.c", "mm/slob.c",
};

/* The suggestions for typed, joined by spaces. */
static char *paths_for(const struct tree *t, const char *typed)
{
	struct strvec out = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;

	suggest_paths(t, typed, 4, &out);
	sb_adds(&sb, "");
	for (size_t i = 0; i < out.n; i++)
		sb_addf(&sb, "%s%s", i ? " " : "", out.v[i]);
	sv_clear(&out);
	return sb_detach(&sb, NULL);
}

static void check_paths(const struct tree *t, const char *typed, const char *want)
{
	char *got = paths_for(t, typed);

	CHECK_STR(got, want);
	free(got);
}

int main(void)
{
	static const char *const commands[] = { "locate", "remove", "check", "cpp", "spec" };
	struct tree t = { 0 };
	struct strvec near = STRVEC_INIT;
	struct strbuf err = STRBUF_INIT;
	char *top, cwd[PATH_MAX];

	t.root = xstrdup(".");
	for (size_t i = 0; i < ARRAY_SIZE(files); i++)
		sv_push(&t.files, files[i]);

	suggest_nearest("remvoe", commands, ARRAY_SIZE(commands), 3, &near);
	CHECK(near.n == 1 && !strcmp(near.v[0], "remove"));
	sv_clear(&near);
	suggest_nearest("frobnicate", commands, ARRAY_SIZE(commands), 3, &near);
	CHECK(near.n == 0);
	sv_clear(&near);

	check_paths(&t, "fs/fo", "fs/foo/");
	check_paths(&t, "fs/foo/supr.c", "fs/foo/super.c");
	check_paths(&t, "fss/foo/psdev.c", "fs/foo/psdev.c");
	check_paths(&t, "drivers/net/wirelss/intel", "drivers/net/wireless/intel/");
	check_paths(&t, "drivers/net/wirelss/intel/iwlwif", "drivers/net/wireless/intel/iwlwifi/");
	check_paths(&t, "mm/slub.c", "mm/slab.c mm/slob.c");
	check_paths(&t, "nonexistent/dir", "");
	/* What exists is no suggestion of itself. */
	check_paths(&t, "fs/foo", "");

	suggest_named(&t, "foo", 4, &near);
	CHECK(near.n == 1 && !strcmp(near.v[0], "fs/foo/"));
	sv_clear(&near);
	suggest_named(&t, "intel", 4, &near);
	CHECK(near.n == 1 && !strcmp(near.v[0], "drivers/net/wireless/intel/"));
	sv_clear(&near);
	tree_release(&t);

	/* The top: a tree with scripts/kconfig/, and mm/ below it with its own Kconfig and Makefile. */
	unit_mkdir("suggest");
	unit_write("linux/Kconfig", "source \"mm/Kconfig\"\n", 20);
	unit_put("linux/Makefile", "obj-y += mm/\n");
	unit_put("linux/scripts/kconfig/Makefile", "\n");
	unit_put("linux/mm/Kconfig", "config SLOB\n\tbool\n");
	unit_put("linux/mm/Makefile", "obj-y += slob.o\n");
	unit_put("small/Kconfig", "config X\n\tbool\n");
	unit_put("small/Makefile", "\n");
	unit_put("small/sub/Kconfig", "config Y\n\tbool\n");
	unit_put("small/sub/Makefile", "\n");
	unit_write("menu/Kconfig", "mainmenu \"m\"\n", 13);
	unit_put("menu/Makefile", "\n");
	unit_put("menu/fs/Kconfig", "config Z\n\tbool\n");
	unit_put("menu/fs/Makefile", "\n");
	CHECK(getcwd(cwd, sizeof(cwd)) != NULL);
	CHECK(chdir(unit_dir) == 0);

	CHECK(tree_top_find("linux/mm", &top, &err) == 0);
	CHECK_STR(top, "linux");   /* below the current directory: relative */
	free(top);
	CHECK(tree_top_find("linux", &top, &err) == 0);
	CHECK_STR(top, "linux");
	free(top);
	CHECK(tree_top_find("menu/fs", &top, &err) == 0);
	CHECK_STR(top, "menu");
	free(top);
	/* No top above: a small tree of its own, each directory with Kconfig and Makefile. */
	CHECK(tree_top_find("small/sub", &top, &err) == 0);
	CHECK_STR(top, "small/sub");
	free(top);
	CHECK(chdir("linux/mm") == 0);
	CHECK(tree_top_find(".", &top, &err) == 0);
	CHECK_STR(top, "..");
	free(top);
	CHECK(chdir("../..") == 0);
	CHECK(tree_top_find(".", &top, &err) == -1 && top == NULL);
	CHECK(strstr(err.buf, "not in a kernel tree") != NULL);
	sb_release(&err);
	CHECK(tree_top_find("nowhere", &top, &err) == -1);
	sb_release(&err);

	CHECK(chdir(cwd) == 0);
	{
		char *const rm[] = { "rm", "-rf", unit_dir, NULL };

		CHECK(run_capture(NULL, rm, NULL, 0) == 0);
	}
	return unit_done("suggest");
}
