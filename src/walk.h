/*
 * walk.h - the files of a kernel tree: the git index of a git work tree,
 * or a directory walk of a plain tree, without build outputs.
 */
#ifndef EXCISE_WALK_H
#define EXCISE_WALK_H

#include "util.h"

/* Why the walk of a plain tree left an entry out. */
enum tree_skip_why {
	SKIP_FIFO,          /* a named pipe: reading it could wait for ever */
	SKIP_SOCKET,
	SKIP_DEVICE,        /* a character or block device */
	SKIP_TOO_DEEP,      /* the directory's path (from the root as given) is too long to
			       open: longer than PATH_MAX, entries not searched */
};

/* An entry the walk left out: what grep -r, rg and git leave out too. */
struct tree_skip {
	char *path;         /* relative to root */
	enum tree_skip_why why;
};

struct tree {
	char *root;         /* as given, no trailing slash */
	int is_git;         /* files come from `git ls-files` */
	struct strvec files; /* paths relative to root, sorted: regular files, and
				symbolic links to regular files (read through) */
	struct tree_skip *skipped;   /* sorted by path */
	size_t nskipped;
};

/*
 * List the files of the kernel tree at root.  Returns 0, or -1 with a
 * message in err if root is not a directory, does not look like a kernel
 * tree (no top-level Kconfig and Makefile) or cannot be read.  Either way
 * tree_release() t.
 */
int tree_load(struct tree *t, const char *root, struct strbuf *err);
void tree_release(struct tree *t);

/* The index of the first file of t not sorting before key (t->files.n if none). */
size_t tree_lower_bound(const struct tree *t, const char *key);
/* True if rel is a file of t (a binary search of t->files). */
int tree_contains(const struct tree *t, const char *rel);

/* Read the tree's file rel into sb (emptied first); 0, or -1 when it cannot be read. */
int tree_read(const struct tree *t, const char *rel, struct strbuf *sb);

/* What a skipped entry is, for a note: "a FIFO", "a path longer than PATH_MAX". */
const char *tree_skip_what(enum tree_skip_why why);

/*
 * What the walk of t left out that a reader should know of, one line each
 * appended to out: an entry inside one of owned (paths relative to the
 * root: a file, or a directory and all below it) "PATH: a FIFO, not read
 * (inside OWNED)"; one elsewhere only when it is a directory too deep to
 * search, "PATH: a path longer than PATH_MAX, not searched" (long paths
 * abbreviated).  FIFOs, sockets and devices elsewhere are left out unsaid,
 * as grep -r leaves them.
 */
void tree_skip_notes(const struct tree *t, const struct strvec *owned, struct strvec *out);

/*
 * A path for a message, at most max bytes: one longer keeps its start and
 * its last component around "..." (a directory 2000 levels deep).  New.
 */
char *path_abbrev(const char *path, size_t max);

/*
 * One entry met by subtree_walk().  Nothing is followed: a symbolic link is
 * a SUBTREE_FILE (st says so), and a mount point is reported, not entered.
 */
enum subtree_event {
	SUBTREE_FILE,        /* anything but a directory */
	SUBTREE_DIR,         /* a directory, before its entries */
	SUBTREE_DIR_DONE,    /* the same directory, after its entries */
	SUBTREE_MOUNT,       /* a mount point (directory or file): another file system */
	SUBTREE_UNREADABLE,  /* an entry that cannot be examined, or a directory that cannot
				be opened or listed (after its SUBTREE_DIR, before its
				SUBTREE_DIR_DONE); errnum says why */
};

struct subtree_entry {
	enum subtree_event event;
	int dirfd;               /* the directory that holds it, for the *at() calls */
	const char *name;        /* its name in dirfd */
	const char *path;        /* the top as given, then top/a/b: any length */
	const struct stat *st;   /* its lstat (NULL for SUBTREE_UNREADABLE) */
	int errnum;
};

/*
 * Walk path (relative to atfd, or absolute) and all below it by file
 * descriptors: any depth and path length, with two descriptors open at most,
 * a directory's entries in the order of git's paths (by strcmp, a
 * directory's name as if '/' followed it).  fn returns 0 to go on; any
 * other value stops the walk and is returned.  Returns 0, or -1 with errno
 * when a directory was moved during the walk (its ".." is not the one it was
 * entered from) or path itself cannot be examined.
 */
int subtree_walk(int atfd, const char *path, int (*fn)(const struct subtree_entry *e, void *ctx),
		 void *ctx);

/*
 * The first mount point on the way from the tree at root down to rel (a
 * directory of it, or rel itself), relative to root and newly allocated, or
 * NULL when rel is on the root's own mount (or does not exist).
 */
char *tree_mount_point(const char *root, const char *rel);

/* True if path (relative) names a build output or editor/excise temporary. */
int is_build_output(const char *path);

/* Classification of a path by name alone. */
int is_kconfig_file(const char *path);   /* Kconfig, Kconfig.*, */
int is_makefile(const char *path);       /* Makefile*, Kbuild*, *.mk, Platform */
int is_defconfig(const char *path);      /* arch configs, kernel/configs, defconfigs, .config fragments */
int is_c_file(const char *path);         /* .c .h */
int is_doc_file(const char *path);       /* under Documentation/ */
int is_selftest(const char *path);       /* under tools/testing/ */
int is_selftest_config(const char *path);  /* a selftest's config fragment: config, config.ARCH */
int is_script(const char *path);         /* scripts/, tools/, or .sh .pl .py .awk */

/* The file name part of a path. */
const char *path_basename(const char *path);

#endif
