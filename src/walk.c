/* walk.c - list the files of a kernel tree, without build outputs. */
#include "walk.h"
#include "run_command.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *path_basename(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static const char *const output_suffixes[] = {
	".o", ".ko", ".a", ".so", ".mod", ".mod.c", ".cmd", ".d", ".order", ".symvers",
	".dtb", ".dtbo", ".lst", ".tmp", ".orig", ".rej", ".swp", "~",
};

static const char *const output_names[] = {
	"vmlinux", "vmlinux.a", "vmlinux.o", "vmlinux.bin", "vmlinux.lds", "vmlinux.symvers",
	"System.map", "bzImage", "zImage", "Image", "modules.builtin", "modules.builtin.modinfo",
	".config", ".config.old", ".version", "Module.symvers", "modules.order",
};

/* Generated directories, as path prefixes or as components anywhere. */
static const char *const output_dirs[] = {
	"include/generated/", "include/config/", ".tmp_versions/",
};

int is_build_output(const char *path)
{
	const char *base = path_basename(path);

	if (strstr(base, ".excise-"))
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(output_names); i++)
		if (!strcmp(base, output_names[i]))
			return 1;
	for (size_t i = 0; i < ARRAY_SIZE(output_suffixes); i++)
		if (ends_with(base, output_suffixes[i]))
			return 1;
	for (size_t i = 0; i < ARRAY_SIZE(output_dirs); i++) {
		const char *p = strstr(path, output_dirs[i]);

		if (p && (p == path || p[-1] == '/'))
			return 1;
	}
	return 0;
}

int is_kconfig_file(const char *path)
{
	const char *b = path_basename(path);

	/* Kconfig, Kconfig.debug, Kconfig-nommu */
	return !strncmp(b, "Kconfig", 7) && (b[7] == '\0' || b[7] == '.' || b[7] == '-');
}

int is_makefile(const char *path)
{
	const char *b = path_basename(path);

	return starts_with(b, "Makefile") || starts_with(b, "Kbuild") || ends_with(b, ".mk") ||
	       !strcmp(b, "Platform");
}

int is_defconfig(const char *path)
{
	const char *b = path_basename(path);

	if (starts_with(path, "arch/") && strstr(path, "/configs/"))
		return 1;
	if (starts_with(path, "kernel/configs/"))
		return 1;
	return ends_with(b, "_defconfig") || !strcmp(b, "defconfig") ||
	       (ends_with(b, ".config") && strcmp(b, ".config"));
}

int is_c_file(const char *path)
{
	return ends_with(path, ".c") || ends_with(path, ".h");
}

int is_doc_file(const char *path)
{
	return starts_with(path, "Documentation/");
}

int is_selftest(const char *path)
{
	return starts_with(path, "tools/testing/");
}

int is_selftest_config(const char *path)
{
	const char *b = path_basename(path);

	/* tools/testing/selftests/bpf/config, and config.x86_64, config.s390x, ... beside it */
	return is_selftest(path) && (!strcmp(b, "config") || starts_with(b, "config."));
}

int is_script(const char *path)
{
	return starts_with(path, "scripts/") || starts_with(path, "tools/") ||
	       ends_with(path, ".sh") || ends_with(path, ".pl") || ends_with(path, ".py") ||
	       ends_with(path, ".awk");
}

/*
 * A build output by its name alone: walk_dir never enters the generated
 * directories, so only the names and suffixes of is_build_output count.
 * The common source suffixes are answered first.
 */
static int is_output_name(const char *base)
{
	const char *dot = strrchr(base, '.');
	size_t n = strlen(base);

	if (n && base[n - 1] == '~')
		return 1;
	if (dot && (!strcmp(dot, ".h") || !strcmp(dot, ".rst") || !strcmp(dot, ".yaml") ||
		    !strcmp(dot, ".S") || !strcmp(dot, ".txt")))
		return strstr(base, ".excise-") != NULL;
	if (dot && !strcmp(dot, ".c") && !ends_with(base, ".mod.c"))
		return strstr(base, ".excise-") != NULL;
	return is_build_output(base);
}

static int cmp_key(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The entries of directory rel of the tree (open as rootfd) that are not
 * build outputs or symbolic links, in the order of their full paths: each
 * is its name, with a '/' after a directory's, sorted by strcmp ("a-b"
 * before "a/" before "a0").  Errors go to err.
 */
static int list_dir(int rootfd, const char *rel, struct strvec *keys, struct strbuf *err)
{
	int fd = openat(rootfd, rel[0] ? rel : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *de;

	if (!d) {
		sb_addf(err, "cannot read directory %s: %s\n", rel[0] ? rel : ".", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while ((de = readdir(d))) {
		const char *n = de->d_name;
		int is_dir;

		if (n[0] == '.' && (!n[1] || (n[1] == '.' && !n[2]) || !strcmp(n, ".git")))
			continue;
		if (de->d_type == DT_UNKNOWN) {
			struct stat st;

			is_dir = fstatat(fd, n, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
		} else {
			is_dir = de->d_type == DT_DIR;
		}
		if (is_dir) {
			char *path = rel[0] ? xasprintf("%s/%s/", rel, n) : xasprintf("%s/", n);

			if (!is_build_output(path))
				sv_push_owned(keys, xasprintf("%s/", n));
			free(path);
		} else if (de->d_type != DT_LNK && !is_output_name(n)) {
			sv_push(keys, n);
		}
	}
	closedir(d);
	if (keys->n > 1)   /* an empty directory has no array at all */
		qsort(keys->v, keys->n, sizeof(*keys->v), cmp_key);
	return 0;
}

/*
 * The walk of a plain tree, in parallel, and in the order of strcmp (so
 * the list needs no sorting after): the top two levels are listed first,
 * then each directory below them is one item, walked whole by whichever
 * thread takes it next into its own list.  A slot of the top levels is a
 * file or an item; the lists are joined in slot order.
 */
struct walk_slot {
	char *file;             /* or NULL: */
	size_t item;
};

struct walk_job {
	int rootfd;
	struct walk_slot *slots;
	size_t nslots, slot_cap;
	struct strvec items;     /* directories to walk whole */
	struct strvec *lists;    /* the files of each */
	struct strbuf *errs;     /* one per thread */
	atomic_int failed;
};

/* Walk directory rel whole into out, in order. */
static int walk_dir(int rootfd, const char *rel, struct strvec *out, struct strbuf *err)
{
	struct strvec keys = STRVEC_INIT;
	int rc = list_dir(rootfd, rel, &keys, err);

	for (size_t i = 0; i < keys.n && rc == 0; i++) {
		size_t kn = strlen(keys.v[i]);
		char *path = rel[0] ? xasprintf("%s/%s", rel, keys.v[i]) : xstrdup(keys.v[i]);

		if (keys.v[i][kn - 1] == '/') {
			path[strlen(path) - 1] = '\0';
			rc = walk_dir(rootfd, path, out, err);
			free(path);
		} else {
			sv_push_owned(out, path);
		}
	}
	sv_clear(&keys);
	return rc;
}

/*
 * List directory rel into the job's slots, in order: at depth 0 (the top)
 * each subdirectory is listed the same way at depth 1; at depth 1 each
 * becomes an item.
 */
static int walk_top(struct walk_job *job, const char *rel, int depth, struct strbuf *err)
{
	struct strvec keys = STRVEC_INIT;
	int rc = list_dir(job->rootfd, rel, &keys, err);

	for (size_t i = 0; i < keys.n && rc == 0; i++) {
		size_t kn = strlen(keys.v[i]);
		char *path = rel[0] ? xasprintf("%s/%s", rel, keys.v[i]) : xstrdup(keys.v[i]);

		GROW(job->slots, job->slot_cap, job->nslots + 1);
		if (keys.v[i][kn - 1] != '/') {
			job->slots[job->nslots++] = (struct walk_slot){ path, 0 };
			continue;
		}
		path[strlen(path) - 1] = '\0';
		if (depth == 0) {
			rc = walk_top(job, path, 1, err);
			free(path);
		} else {
			job->slots[job->nslots++] = (struct walk_slot){ NULL, job->items.n };
			sv_push_owned(&job->items, path);
		}
	}
	sv_clear(&keys);
	return rc;
}

static void walk_item(void *ctx, int worker, size_t i)
{
	struct walk_job *job = ctx;

	if (!atomic_load(&job->failed) &&
	    walk_dir(job->rootfd, job->items.v[i], &job->lists[i], &job->errs[worker]) < 0)
		atomic_store(&job->failed, 1);
}

static int walk_tree(const char *root, struct strvec *out, struct strbuf *err)
{
	struct walk_job job = { -1, NULL, 0, 0, STRVEC_INIT, NULL, NULL, 0 };
	int nthreads = parallel_threads(0), rc;

	job.rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (job.rootfd < 0) {
		sb_addf(err, "cannot read directory %s: %s\n", root, strerror(errno));
		return -1;
	}
	rc = walk_top(&job, "", 0, err);
	job.lists = xcalloc(job.items.n ? job.items.n : 1, sizeof(*job.lists));
	job.errs = xcalloc((size_t)nthreads, sizeof(*job.errs));
	if (rc == 0)
		parallel_for(job.items.n, nthreads, walk_item, &job);
	for (int i = 0; i < nthreads; i++) {
		if (job.errs[i].len) {
			rc = -1;
			sb_addn(err, job.errs[i].buf, job.errs[i].len);
		}
		sb_release(&job.errs[i]);
	}
	for (size_t i = 0; i < job.nslots; i++) {
		struct strvec *l = &job.lists[job.slots[i].item];

		if (job.slots[i].file) {
			sv_push_owned(out, job.slots[i].file);
			continue;
		}
		for (size_t k = 0; k < l->n; k++)
			sv_push_owned(out, l->v[k]);
		free(l->v);
	}
	free(job.slots);
	free(job.lists);
	free(job.errs);
	sv_clear(&job.items);
	close(job.rootfd);
	return rc;
}

/* Fill t->files from `git ls-files -z`; returns -1 if root is not a git work tree top. */
static int git_files(struct tree *t)
{
	char *gitdir = path_join(t->root, ".git");
	char *argv[] = { "git", "ls-files", "-z", "--cached", NULL };
	struct strbuf out = STRBUF_INIT;
	struct stat st;
	int rc;

	if (stat(gitdir, &st) < 0) {
		free(gitdir);
		return -1;
	}
	free(gitdir);
	rc = run_capture(t->root, argv, &out, 1);
	if (rc != 0) {
		sb_release(&out);
		return -1;
	}
	for (size_t i = 0; i < out.len;) {
		const char *p = out.buf + i;
		size_t n = strlen(p);
		char *abs;

		if (!is_build_output(p)) {
			/* A file deleted from the work tree but still in the index is gone. */
			abs = path_join(t->root, p);
			if (lstat(abs, &st) == 0 && S_ISREG(st.st_mode))
				sv_push(&t->files, p);
			free(abs);
		}
		i += n + 1;
	}
	sb_release(&out);
	return 0;
}

int tree_load(struct tree *t, const char *root, struct strbuf *err)
{
	struct stat st;
	size_t n = strlen(root);
	char *kconfig, *makefile;
	int ok;

	memset(t, 0, sizeof(*t));
	while (n > 1 && root[n - 1] == '/')
		n--;
	t->root = xstrndup(root, n);
	if (stat(t->root, &st) < 0) {
		sb_addf(err, "%s: %s\n", t->root, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		sb_addf(err, "%s: not a directory\n", t->root);
		return -1;
	}
	kconfig = path_join(t->root, "Kconfig");
	makefile = path_join(t->root, "Makefile");
	ok = access(kconfig, R_OK) == 0 && access(makefile, R_OK) == 0;
	free(kconfig);
	free(makefile);
	if (!ok) {
		sb_addf(err, "%s: not a kernel tree (no top-level Kconfig and Makefile)\n", t->root);
		return -1;
	}
	if (git_files(t) == 0 && t->files.n) {
		t->is_git = 1;
	} else {
		sv_clear(&t->files);
		if (walk_tree(t->root, &t->files, err) < 0)
			return -1;
		return 0;   /* in order already, and without duplicates */
	}
	sv_sort_uniq(&t->files);
	return 0;
}

void tree_release(struct tree *t)
{
	free(t->root);
	sv_clear(&t->files);
	memset(t, 0, sizeof(*t));
}

size_t tree_lower_bound(const struct tree *t, const char *key)
{
	size_t lo = 0, hi = t->files.n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(t->files.v[mid], key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int tree_contains(const struct tree *t, const char *rel)
{
	size_t i = tree_lower_bound(t, rel);

	return i < t->files.n && !strcmp(t->files.v[i], rel);
}

int tree_read(const struct tree *t, const char *rel, struct strbuf *sb)
{
	char *full = path_join(t->root, rel);
	int rc;

	sb_reset(sb);
	rc = read_file(full, sb);
	free(full);
	return rc;
}
