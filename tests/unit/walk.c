/*
 * Unit tests of the tree walk (in parallel below the top two levels, in
 * strcmp order without a sort: "a-b" before "a/..." before "a0", at every
 * depth) and parallel_for: every item once.
 */
#include <stdatomic.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run_command.h"
#include "util.h"
#include "walk.h"
#include "unit.h"

static atomic_int seen[1000], bad_worker;

/* (CHECK's counters are not atomic: the threads count, the main thread checks.) */
static void count(void *ctx, int worker, size_t i)
{
	if (worker < 0 || worker >= parallel_threads(*(int *)ctx))
		atomic_fetch_add(&bad_worker, 1);
	atomic_fetch_add(&seen[i], 1);
}

int main(void)
{
	static const char *const want[] = {
		"Kconfig", "Makefile", "a-b", "a.c", "a/b/c/d/deep.c", "a/b/c/mid.h", "a/b/two.c",
		"a/one.c", "a0", "arch/x86/Kconfig", "arch/x86/kernel/setup.c", "drivers/net.c",
		"drivers/net/e1000-x.c", "drivers/net/e1000.c", "drivers/net/e1000/main.c",
		"drivers/net/e1000/x.mod.c.keep", "drivers/x.c", "include/linux/x.h",
	};
	struct tree t;
	struct strbuf err = STRBUF_INIT;
	char *link;
	int threads[] = { 1, 2, 7, 0 };

	for (size_t k = 0; k < ARRAY_SIZE(threads); k++) {
		size_t bad = 0;

		for (int i = 0; i < 1000; i++)
			atomic_store(&seen[i], 0);
		parallel_for(1000, threads[k], count, &threads[k]);
		for (int i = 0; i < 1000; i++)
			bad += atomic_load(&seen[i]) != 1;
		CHECK(bad == 0);
		parallel_for(0, threads[k], count, &threads[k]);
	}
	CHECK(atomic_load(&bad_worker) == 0);

	unit_mkdir("walk-unit");
	unit_put("Kconfig", "");
	unit_put("Makefile", "");
	unit_put("a/one.c", "");
	unit_put("a-b", "");
	unit_put("a.c", "");
	unit_put("a0", "");
	unit_put("drivers/net.c", "");
	unit_put("drivers/net/e1000-x.c", "");
	unit_put("drivers/net/e1000.c", "");
	unit_put("a/b/two.c", "");
	unit_put("a/b/c/mid.h", "");
	unit_put("a/b/c/d/deep.c", "");
	unit_put("a/b/c/d/deep.o", "");          /* build outputs at any depth */
	unit_put("arch/x86/Kconfig", "");
	unit_put("arch/x86/kernel/setup.c", "");
	unit_put("arch/x86/kernel/setup.c~", "");
	unit_put("drivers/x.c", "");
	unit_put("drivers/net/e1000/main.c", "");
	unit_put("drivers/net/e1000/e1000.mod.c", "");
	unit_put("drivers/net/e1000/x.mod.c.keep", "");
	unit_put("drivers/net/e1000/.excise-tmp.c", "");
	unit_put("include/linux/x.h", "");
	unit_put("include/generated/autoconf.h", "");   /* a generated directory */
	unit_put(".git/HEAD", "");
	/* Empty directories, at the top levels and below (UBSan: no qsort of nothing). */
	{
		char *empty[] = { path_join(unit_dir, "empty"), path_join(unit_dir, "drivers/empty"),
				  path_join(unit_dir, "drivers/net/empty") };

		for (size_t i = 0; i < ARRAY_SIZE(empty); i++) {
			CHECK(mkdir(empty[i], 0755) == 0);
			free(empty[i]);
		}
	}
	link = path_join(unit_dir, "drivers/link.c");
	CHECK(symlink("x.c", link) == 0);   /* symbolic links are not the tree's files */
	free(link);

	CHECK(tree_load(&t, unit_dir, &err) == 0);
	CHECK(t.files.n == ARRAY_SIZE(want));
	for (size_t i = 0; i < ARRAY_SIZE(want) && i < t.files.n; i++)
		CHECK_STR(t.files.v[i], want[i]);
	tree_release(&t);
	sb_release(&err);
	{
		char *argv[] = { "rm", "-rf", unit_dir, NULL };

		run_capture("/", argv, NULL, 1);
	}
	return unit_done("walk");
}
