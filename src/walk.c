/* walk.c - list the files of a kernel tree, without build outputs. */
#include "walk.h"
#include "run_command.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
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

/* The entries a walk left out, in the order met. */
struct skip_list {
	struct tree_skip *v;
	size_t n, cap;
};

static void skip_add(struct skip_list *l, char *path, enum tree_skip_why why)
{
	GROW(l->v, l->cap, l->n + 1);
	l->v[l->n++] = (struct tree_skip){ path, why };
}

const char *tree_skip_what(enum tree_skip_why why)
{
	switch (why) {
	case SKIP_FIFO:
		return "a FIFO";
	case SKIP_SOCKET:
		return "a socket";
	case SKIP_DEVICE:
		return "a device";
	case SKIP_TOO_DEEP:
		return "a path longer than PATH_MAX";
	}
	return "not a file";
}

char *path_abbrev(const char *path, size_t max)
{
	size_t n = strlen(path);
	const char *last = strrchr(path, '/');
	size_t tail = last ? n - (size_t)(last - path) : 0;

	if (n <= max)
		return xstrdup(path);
	if (max < 8)
		max = 8;
	if (tail > max / 2)
		tail = max / 2;
	return xasprintf("%.*s...%s", (int)(max - tail - 3), path, path + n - tail);
}

void tree_skip_notes(const struct tree *t, const struct strvec *owned, struct strvec *out)
{
	for (size_t i = 0; i < t->nskipped; i++) {
		const struct tree_skip *s = &t->skipped[i];
		const char *in = NULL;
		size_t in_len = 0;
		char *p;

		for (size_t k = 0; owned && k < owned->n && !in; k++) {
			size_t n = strlen(owned->v[k]);

			while (n && owned->v[k][n - 1] == '/')
				n--;
			if (n && !strncmp(s->path, owned->v[k], n) && (s->path[n] == '/' || !s->path[n])) {
				in = owned->v[k];
				in_len = n;
			}
		}
		if (!in && s->why != SKIP_TOO_DEEP)
			continue;
		p = path_abbrev(s->path, 100);
		if (in)
			sv_push_owned(out, xasprintf("%s: %s, not read (inside %.*s)", p, tree_skip_what(s->why),
						     (int)in_len, in));
		else
			sv_push_owned(out, xasprintf("%s: %s, not searched", p, tree_skip_what(s->why)));
		free(p);
	}
}

/*
 * What readdir's entry n of directory fd is: 'd' a directory, 'f' a file
 * of the tree (a regular file, or a symbolic link to one), 0 nothing the
 * tree holds (a link to a directory or to nothing), or 'p' 's' 'c' for a
 * FIFO, a socket, a device.
 */
static int entry_type(int fd, const struct dirent *de)
{
	struct stat st;
	unsigned char t = de->d_type;

	if (t == DT_UNKNOWN) {
		if (fstatat(fd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0)
			return 0;
		t = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG :
		    S_ISLNK(st.st_mode) ? DT_LNK : S_ISFIFO(st.st_mode) ? DT_FIFO :
		    S_ISSOCK(st.st_mode) ? DT_SOCK : DT_CHR;
	}
	switch (t) {
	case DT_DIR:
		return 'd';
	case DT_REG:
		return 'f';
	case DT_LNK:
		/* Read through, as git and grep read a link's file: only a link to a file. */
		return fstatat(fd, de->d_name, &st, 0) == 0 && S_ISREG(st.st_mode) ? 'f' : 0;
	case DT_FIFO:
		return 'p';
	case DT_SOCK:
		return 's';
	default:
		return 'c';
	}
}

/*
 * The entries of directory rel of the tree (open as rootfd, given as a
 * root of rootlen bytes) that are not build outputs, in the order of their
 * full paths: each is its name, with a '/' after a directory's, sorted by
 * strcmp ("a-b" before "a/" before "a0").  Left out, and added to skips:
 * FIFOs, sockets and devices (as grep -r, rg and git leave them), and the
 * entries whose paths would not fit in PATH_MAX (once, as rel's).  Symbolic
 * links to anything but a regular file are left out unsaid.  Errors go to
 * err.
 */
static int list_dir(int rootfd, size_t rootlen, const char *rel, struct strvec *keys,
		    struct skip_list *skips, struct strbuf *err)
{
	int fd = openat(rootfd, rel[0] ? rel : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *de;
	size_t rellen = strlen(rel);
	int too_deep = 0;

	if (!d) {
		sb_addf(err, "cannot read directory %s: %s\n", rel[0] ? rel : ".", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while ((de = readdir(d))) {
		const char *n = de->d_name;
		int type;

		if (n[0] == '.' && (!n[1] || (n[1] == '.' && !n[2]) || !strcmp(n, ".git")))
			continue;
		/* ROOT/REL/NAME and its NUL: what every reader of the file opens */
		if (rootlen + 1 + rellen + 1 + strlen(n) + 1 > PATH_MAX) {
			if (!too_deep++)
				skip_add(skips, rel[0] ? xasprintf("%s/%s", rel, n) : xstrdup(n),
					 SKIP_TOO_DEEP);
			continue;
		}
		type = entry_type(fd, de);
		if (type == 'd') {
			char *path = rel[0] ? xasprintf("%s/%s/", rel, n) : xasprintf("%s/", n);

			if (!is_build_output(path))
				sv_push_owned(keys, xasprintf("%s/", n));
			free(path);
		} else if (type && !is_output_name(n)) {
			if (type == 'f')
				sv_push(keys, n);
			else
				skip_add(skips, rel[0] ? xasprintf("%s/%s", rel, n) : xstrdup(n),
					 type == 'p' ? SKIP_FIFO : type == 's' ? SKIP_SOCKET : SKIP_DEVICE);
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
	size_t rootlen;
	struct walk_slot *slots;
	size_t nslots, slot_cap;
	struct strvec items;     /* directories to walk whole */
	struct strvec *lists;    /* the files of each */
	struct skip_list skips;  /* of the top levels */
	struct skip_list *item_skips;   /* of each item */
	struct strbuf *errs;     /* one per thread */
	atomic_int failed;
};

/* Walk directory rel whole into out, in order. */
static int walk_dir(int rootfd, size_t rootlen, const char *rel, struct strvec *out,
		    struct skip_list *skips, struct strbuf *err)
{
	struct strvec keys = STRVEC_INIT;
	int rc = list_dir(rootfd, rootlen, rel, &keys, skips, err);

	for (size_t i = 0; i < keys.n && rc == 0; i++) {
		size_t kn = strlen(keys.v[i]);
		char *path = rel[0] ? xasprintf("%s/%s", rel, keys.v[i]) : xstrdup(keys.v[i]);

		if (keys.v[i][kn - 1] == '/') {
			path[strlen(path) - 1] = '\0';
			rc = walk_dir(rootfd, rootlen, path, out, skips, err);
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
	int rc = list_dir(job->rootfd, job->rootlen, rel, &keys, &job->skips, err);

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
	    walk_dir(job->rootfd, job->rootlen, job->items.v[i], &job->lists[i], &job->item_skips[i],
		     &job->errs[worker]) < 0)
		atomic_store(&job->failed, 1);
}

static int cmp_skip(const void *a, const void *b)
{
	return strcmp(((const struct tree_skip *)a)->path, ((const struct tree_skip *)b)->path);
}

static int walk_tree(struct tree *t, struct strbuf *err)
{
	struct walk_job job;
	struct skip_list all = { NULL, 0, 0 };
	struct strvec *out = &t->files;
	int nthreads = parallel_threads(0), rc;

	memset(&job, 0, sizeof(job));
	job.rootlen = strlen(t->root);
	job.rootfd = open(t->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (job.rootfd < 0) {
		sb_addf(err, "cannot read directory %s: %s\n", t->root, strerror(errno));
		return -1;
	}
	rc = walk_top(&job, "", 0, err);
	job.lists = xcalloc(job.items.n ? job.items.n : 1, sizeof(*job.lists));
	job.item_skips = xcalloc(job.items.n ? job.items.n : 1, sizeof(*job.item_skips));
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
	/* What was left out, from the top levels and every item, in path order. */
	for (size_t i = 0; i <= job.items.n; i++) {
		struct skip_list *l = i < job.items.n ? &job.item_skips[i] : &job.skips;

		for (size_t k = 0; k < l->n; k++)
			skip_add(&all, l->v[k].path, l->v[k].why);
		free(l->v);
	}
	if (all.n > 1)
		qsort(all.v, all.n, sizeof(*all.v), cmp_skip);
	t->skipped = all.v;
	t->nskipped = all.n;
	free(job.slots);
	free(job.lists);
	free(job.item_skips);
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
			/*
			 * A file deleted from the work tree but still in the index is
			 * gone; a symbolic link is read through when it leads to a file.
			 */
			abs = path_join(t->root, p);
			if (lstat(abs, &st) == 0 &&
			    (S_ISREG(st.st_mode) || (S_ISLNK(st.st_mode) && stat(abs, &st) == 0 &&
						     S_ISREG(st.st_mode))))
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
		if (walk_tree(t, err) < 0)
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
	for (size_t i = 0; i < t->nskipped; i++)
		free(t->skipped[i].path);
	free(t->skipped);
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

/* ---- a walk below one directory, by file descriptors ---- */

/* An entry as statx sees it, without following a link. */
struct node {
	struct stat st;
	int mount_root;   /* 1 or 0 when the kernel says (Linux 5.8 on), else -1 */
};

static int node_at(int dirfd, const char *name, struct node *n)
{
	struct statx sx;
	int flags = AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT | (name[0] ? 0 : AT_EMPTY_PATH);

	memset(n, 0, sizeof(*n));
	n->mount_root = -1;
	if (statx(dirfd, name, flags, STATX_BASIC_STATS, &sx) < 0) {
		if (errno != ENOSYS)
			return -1;
		return fstatat(dirfd, name, &n->st, flags & ~AT_NO_AUTOMOUNT);
	}
	n->st.st_mode = sx.stx_mode;
	n->st.st_dev = makedev(sx.stx_dev_major, sx.stx_dev_minor);
	n->st.st_rdev = makedev(sx.stx_rdev_major, sx.stx_rdev_minor);
	n->st.st_ino = sx.stx_ino;
	n->st.st_nlink = sx.stx_nlink;
	n->st.st_uid = sx.stx_uid;
	n->st.st_gid = sx.stx_gid;
	n->st.st_size = (off_t)sx.stx_size;
	n->st.st_mtim.tv_sec = sx.stx_mtime.tv_sec;
	n->st.st_mtim.tv_nsec = sx.stx_mtime.tv_nsec;
	if (sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT)
		n->mount_root = !!(sx.stx_attributes & STATX_ATTR_MOUNT_ROOT);
	return 0;
}

/*
 * True if child, an entry of directory parent, is on another mount: the root
 * of a mount.  A bind mount of the same file system keeps st_dev, so the
 * kernel's word comes first; st_dev is all an older kernel tells.
 */
static int node_crosses(const struct node *child, const struct node *parent)
{
	if (child->mount_root >= 0)
		return child->mount_root;
	return child->st.st_dev != parent->st.st_dev;
}

char *tree_mount_point(const char *root, const char *rel)
{
	struct node parent, child;
	char *path = NULL;
	size_t n = strlen(root);

	if (node_at(AT_FDCWD, root, &parent) < 0)
		return NULL;
	/* Each ROOT/a, ROOT/a/b, ... down to ROOT/rel. */
	for (const char *p = rel; *p;) {
		const char *slash = strchr(p, '/');
		size_t k = slash ? (size_t)(slash - rel) : strlen(rel);

		free(path);
		path = xasprintf("%.*s/%.*s", (int)n, root, (int)k, rel);
		if (node_at(AT_FDCWD, path, &child) < 0)
			break;
		if (node_crosses(&child, &parent)) {
			free(path);
			return xstrndup(rel, k);
		}
		if (!slash || !S_ISDIR(child.st.st_mode))
			break;
		parent = child;
		p = slash + 1;
	}
	free(path);
	return NULL;
}

/* One directory being walked: its sorted keys (a directory's with '/'), and who it is. */
struct level {
	struct strvec keys;
	size_t next;
	size_t pathlen;     /* its path's length in the walk's path */
	struct node node;
	char *name;         /* its name in its parent */
};

/* The keys of the directory open as fd, in the order of git's paths. */
static int list_keys(int fd, struct strvec *keys)
{
	int dup_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	DIR *d = dup_fd < 0 ? NULL : fdopendir(dup_fd);
	struct dirent *de;

	if (!d) {
		int e = errno;

		if (dup_fd >= 0)
			close(dup_fd);
		errno = e;
		return -1;
	}
	errno = 0;
	while ((de = readdir(d))) {
		const char *n = de->d_name;
		struct stat st;
		int is_dir;

		if (n[0] == '.' && (!n[1] || (n[1] == '.' && !n[2])))
			continue;
		if (de->d_type == DT_UNKNOWN)
			is_dir = fstatat(fd, n, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode);
		else
			is_dir = de->d_type == DT_DIR;
		sv_push_owned(keys, is_dir ? xasprintf("%s/", n) : xstrdup(n));
		errno = 0;
	}
	if (errno) {
		int e = errno;

		closedir(d);
		errno = e;
		return -1;
	}
	closedir(d);
	if (keys->n > 1)
		qsort(keys->v, keys->n, sizeof(*keys->v), cmp_key);
	return 0;
}

/*
 * Open directory name of dirfd (expected to be node), list it, and check
 * that the way back up ("..") leads to dirfd's directory (parent): 0 with
 * *fd, or -1 with errno.
 */
static int enter_dir(int dirfd, const char *name, const struct node *node,
		     const struct node *parent, int *fd, struct strvec *keys)
{
	int cfd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC), up = -1, e;
	struct stat st, ust;

	if (cfd < 0)
		return -1;
	if (fstat(cfd, &st) < 0)
		goto fail;
	if (st.st_dev != node->st.st_dev || st.st_ino != node->st.st_ino) {
		errno = ESTALE;
		goto fail;
	}
	if (parent) {
		up = openat(cfd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (up < 0 || fstat(up, &ust) < 0)
			goto fail;
		close(up);
		up = -1;
		if (ust.st_dev != parent->st.st_dev || ust.st_ino != parent->st.st_ino) {
			errno = ESTALE;
			goto fail;
		}
	}
	if (list_keys(cfd, keys) < 0)
		goto fail;
	*fd = cfd;
	return 0;
fail:
	e = errno;
	if (up >= 0)
		close(up);
	close(cfd);
	sv_clear(keys);
	errno = e;
	return -1;
}

static void level_release(struct level *l)
{
	sv_clear(&l->keys);
	free(l->name);
}

int subtree_walk(int atfd, const char *path, int (*fn)(const struct subtree_entry *e, void *ctx),
		 void *ctx)
{
	struct level *stack = NULL;
	size_t depth = 0, cap = 0;
	struct strbuf p = STRBUF_INIT;
	struct node top, parent, child;
	struct subtree_entry e;
	const char *slash = strrchr(path, '/');
	char *up;
	int fd = -1, rc = 0, have_parent;

	if (node_at(atfd, path, &top) < 0)
		return -1;
	/* The top's own directory, to tell whether the top is a mount point. */
	up = !slash ? xstrdup("") : slash == path ? xstrdup("/") : xstrndup(path, (size_t)(slash - path));
	have_parent = node_at(atfd, up, &parent) == 0;
	free(up);
	e = (struct subtree_entry){ SUBTREE_FILE, atfd, path, path, &top.st, 0 };
	if (have_parent && node_crosses(&top, &parent))
		e.event = SUBTREE_MOUNT;
	else if (S_ISDIR(top.st.st_mode))
		e.event = SUBTREE_DIR;
	if ((rc = fn(&e, ctx)) || e.event != SUBTREE_DIR)
		return rc;

	GROW(stack, cap, 1);
	memset(&stack[0], 0, sizeof(stack[0]));
	stack[0].node = top;
	stack[0].name = xstrdup(path);
	sb_adds(&p, path);
	stack[0].pathlen = p.len;
	if (enter_dir(atfd, path, &top, NULL, &fd, &stack[0].keys) < 0) {
		e = (struct subtree_entry){ SUBTREE_UNREADABLE, atfd, path, path, NULL, errno };
		if (!(rc = fn(&e, ctx))) {
			e = (struct subtree_entry){ SUBTREE_DIR_DONE, atfd, path, path, &top.st, 0 };
			rc = fn(&e, ctx);
		}
		goto out;
	}
	depth = 1;
	while (depth && !rc) {
		struct level *l = &stack[depth - 1];
		const char *key;
		size_t kn;
		char *name;

		if (l->next == l->keys.n) {
			/* Done with l: back up to its parent (two descriptors at most). */
			struct node done = l->node;
			char *dname = l->name;

			l->name = NULL;
			p.len = l->pathlen;   /* the path of the directory done */
			p.buf[p.len] = '\0';
			if (depth == 1) {
				close(fd);
				fd = -1;
				e = (struct subtree_entry){ SUBTREE_DIR_DONE, atfd, dname, p.buf, &done.st, 0 };
			} else {
				int ufd = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
				struct stat ust;
				struct level *pl = &stack[depth - 2];

				if (ufd < 0 || fstat(ufd, &ust) < 0 || ust.st_dev != pl->node.st.st_dev ||
				    ust.st_ino != pl->node.st.st_ino) {
					if (ufd >= 0)
						close(ufd);
					free(dname);
					errno = ESTALE;
					rc = -1;
					break;
				}
				close(fd);
				fd = ufd;
				e = (struct subtree_entry){ SUBTREE_DIR_DONE, fd, dname, p.buf, &done.st, 0 };
			}
			rc = fn(&e, ctx);
			free(dname);
			level_release(l);
			depth--;
			continue;
		}
		key = l->keys.v[l->next++];
		kn = strlen(key);
		name = xstrndup(key, key[kn - 1] == '/' ? kn - 1 : kn);
		p.len = l->pathlen;
		sb_addf(&p, "/%s", name);
		if (node_at(fd, name, &child) < 0) {
			e = (struct subtree_entry){ SUBTREE_UNREADABLE, fd, name, p.buf, NULL, errno };
			rc = fn(&e, ctx);
			free(name);
			continue;
		}
		e = (struct subtree_entry){ SUBTREE_FILE, fd, name, p.buf, &child.st, 0 };
		if (node_crosses(&child, &l->node))
			e.event = SUBTREE_MOUNT;
		else if (S_ISDIR(child.st.st_mode))
			e.event = SUBTREE_DIR;
		if ((rc = fn(&e, ctx)) || e.event != SUBTREE_DIR) {
			free(name);
			continue;
		}
		GROW(stack, cap, depth + 1);
		l = &stack[depth - 1];
		memset(&stack[depth], 0, sizeof(stack[depth]));
		{
			struct level *cl = &stack[depth];
			int cfd;

			if (enter_dir(fd, name, &child, &l->node, &cfd, &cl->keys) < 0) {
				e = (struct subtree_entry){ SUBTREE_UNREADABLE, fd, name, p.buf, NULL, errno };
				if (!(rc = fn(&e, ctx))) {
					e = (struct subtree_entry){ SUBTREE_DIR_DONE, fd, name, p.buf,
								    &child.st, 0 };
					rc = fn(&e, ctx);
				}
				free(name);
				continue;
			}
			close(fd);
			fd = cfd;
			cl->node = child;
			cl->name = name;
			cl->pathlen = p.len;
			depth++;
		}
	}
out:
	while (depth)
		level_release(&stack[--depth]);
	if (fd >= 0)
		close(fd);
	free(stack);
	sb_release(&p);
	return rc;
}
