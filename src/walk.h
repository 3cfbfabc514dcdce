/*
 * walk.h - the files of a kernel tree: the git index of a git work tree,
 * or a directory walk of a plain tree, without build outputs.
 */
#ifndef EXCISE_WALK_H
#define EXCISE_WALK_H

#include "util.h"

struct tree {
	char *root;         /* as given, no trailing slash */
	int is_git;         /* files come from `git ls-files` */
	struct strvec files; /* paths relative to root, sorted */
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
