/*
 * Unit tests of the tree walk (in parallel below the top two levels, in
 * strcmp order without a sort: "a-b" before "a/..." before "a0", at every
 * depth; a symbolic link to a file read through, other links, FIFOs and
 * sockets left out, the latter two and too deep directories said), of
 * subtree_walk (git's order, nothing followed, below PATH_MAX and far past
 * it with few descriptors), path_abbrev, and parallel_for: every item once.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
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

/* The events of a subtree_walk, one "E path" line each (E: f d D m u). */
static int record(const struct subtree_entry *e, void *ctx)
{
	static const char code[] = "fdDmu";

	sb_addf(ctx, "%c %s\n", code[e->event], e->path);
	return 0;
}

/* subtree_walk below a/ of the tree made by main: git's order, links not followed. */
static void check_subtree_walk(void)
{
	struct strbuf sb = STRBUF_INIT;
	int rootfd = open(unit_dir, O_RDONLY | O_DIRECTORY);

	CHECK(subtree_walk(rootfd, "a", record, &sb) == 0);
	CHECK_STR(sb.buf, "d a\nd a/b\nd a/b/c\nd a/b/c/d\nf a/b/c/d/deep.c\nf a/b/c/d/deep.o\n"
		  "D a/b/c/d\nf a/b/c/mid.h\nD a/b/c\nf a/b/fifo\nf a/b/two.c\nD a/b\nf a/one.c\nD a\n");
	sb_reset(&sb);
	/* a file at the top, and a link to a directory: one entry, not entered */
	CHECK(subtree_walk(rootfd, "drivers/dir-link", record, &sb) == 0);
	CHECK_STR(sb.buf, "f drivers/dir-link\n");
	sb_reset(&sb);
	CHECK(subtree_walk(rootfd, "no-such-dir", record, &sb) == -1 && errno == ENOENT);
	close(rootfd);
	sb_release(&sb);
}

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *de;
	int n = 0;

	while (d && (de = readdir(d)))
		n += de->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

struct deep_walk {
	size_t files, dirs, done, longest;
	int max_fds;
};

static int count_deep(const struct subtree_entry *e, void *ctx)
{
	struct deep_walk *dw = ctx;
	int fds = count_fds();

	dw->files += e->event == SUBTREE_FILE;
	dw->dirs += e->event == SUBTREE_DIR;
	dw->done += e->event == SUBTREE_DIR_DONE;
	if (strlen(e->path) > dw->longest)
		dw->longest = strlen(e->path);
	if (fds > dw->max_fds)
		dw->max_fds = fds;
	return 0;
}

/*
 * A directory 1500 levels deep (4500 bytes of path, past PATH_MAX): the tree
 * walk leaves it out and says so; subtree_walk goes to its bottom with two
 * more descriptors than before, every directory entered and left.
 */
static void check_deep(void)
{
	struct deep_walk dw = { 0, 0, 0, 0, 0 };
	struct strbuf err = STRBUF_INIT;
	struct tree t;
	int rootfd = open(unit_dir, O_RDONLY | O_DIRECTORY), fd = dup(rootfd), before;

	CHECK(mkdirat(fd, "deep", 0755) == 0);
	for (int i = 0; i < 1500; i++) {
		int next;

		CHECK(mkdirat(fd, i ? "dd" : "deep", 0755) == 0 || i == 0);
		next = openat(fd, i ? "dd" : "deep", O_RDONLY | O_DIRECTORY);
		CHECK(next >= 0);
		close(fd);
		fd = next;
	}
	close(openat(fd, "bottom.c", O_WRONLY | O_CREAT, 0644));
	close(fd);

	CHECK(tree_load(&t, unit_dir, &err) == 0);
	CHECK(t.nskipped == 3);
	for (size_t i = 0; i < t.nskipped; i++)
		if (t.skipped[i].why == SKIP_TOO_DEEP)
			CHECK(starts_with(t.skipped[i].path, "deep/dd/dd/") &&
			      strlen(unit_dir) + 1 + strlen(t.skipped[i].path) + 1 > PATH_MAX);
	tree_release(&t);
	sb_release(&err);

	before = count_fds();
	CHECK(subtree_walk(rootfd, "deep", count_deep, &dw) == 0);
	CHECK(dw.files == 1 && dw.dirs == 1500 && dw.done == 1500);
	CHECK(dw.longest == strlen("deep") + 1499 * 3 + strlen("/bottom.c"));
	CHECK(dw.max_fds <= before + 2);
	close(rootfd);
}

int main(void)
{
	static const char *const want[] = {
		"Kconfig", "Makefile", "a-b", "a.c", "a/b/c/d/deep.c", "a/b/c/mid.h", "a/b/two.c",
		"a/one.c", "a0", "arch/x86/Kconfig", "arch/x86/kernel/setup.c", "drivers/link.c",
		"drivers/net.c", "drivers/net/e1000-x.c", "drivers/net/e1000.c",
		"drivers/net/e1000/main.c", "drivers/net/e1000/x.mod.c.keep", "drivers/x.c",
		"include/linux/x.h",
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
	CHECK(symlink("x.c", link) == 0);   /* a link to a file: read through, as git reads it */
	free(link);
	link = path_join(unit_dir, "drivers/dir-link");
	CHECK(symlink("net", link) == 0);   /* to a directory, to nothing, to a device: left out */
	free(link);
	link = path_join(unit_dir, "drivers/dangling.c");
	CHECK(symlink("no-such.c", link) == 0);
	free(link);
	link = path_join(unit_dir, "drivers/zero.c");
	CHECK(symlink("/dev/zero", link) == 0);
	free(link);
	link = path_join(unit_dir, "a/b/fifo");
	CHECK(mkfifo(link, 0644) == 0);   /* a FIFO and a socket: left out, and said */
	free(link);
	{
		struct sockaddr_un sa = { .sun_family = AF_UNIX };
		int fd = socket(AF_UNIX, SOCK_STREAM, 0);

		snprintf(sa.sun_path, sizeof(sa.sun_path), "%s/sock", unit_dir);
		CHECK(fd >= 0 && bind(fd, (struct sockaddr *)&sa, sizeof(sa)) == 0);
		close(fd);
	}

	CHECK(tree_load(&t, unit_dir, &err) == 0);
	CHECK(t.files.n == ARRAY_SIZE(want));
	for (size_t i = 0; i < ARRAY_SIZE(want) && i < t.files.n; i++)
		CHECK_STR(t.files.v[i], want[i]);
	CHECK(t.nskipped == 2);
	if (t.nskipped == 2) {
		CHECK_STR(t.skipped[0].path, "a/b/fifo");
		CHECK(t.skipped[0].why == SKIP_FIFO);
		CHECK_STR(t.skipped[1].path, "sock");
		CHECK(t.skipped[1].why == SKIP_SOCKET);
	}
	{
		struct strvec owned = STRVEC_INIT, notes = STRVEC_INIT;

		sv_push(&owned, "a/b/");   /* inside what is owned: said; elsewhere: unsaid */
		tree_skip_notes(&t, &owned, &notes);
		CHECK(notes.n == 1);
		if (notes.n == 1)
			CHECK_STR(notes.v[0], "a/b/fifo: a FIFO, not read (inside a/b)");
		sv_clear(&owned);
		sv_clear(&notes);
	}
	tree_release(&t);
	sb_release(&err);
	check_subtree_walk();
	check_deep();
	{
		char *abbrev = path_abbrev("fs/bar/dd/dd/dd/dd/dd/dd/dd/dd/last", 20);

		CHECK_STR(abbrev, "fs/bar/dd/dd.../last");
		free(abbrev);
		abbrev = path_abbrev("fs/short", 20);
		CHECK_STR(abbrev, "fs/short");
		free(abbrev);
	}
	{
		char *argv[] = { "rm", "-rf", unit_dir, NULL };

		run_capture("/", argv, NULL, 1);
	}
	return unit_done("walk");
}
