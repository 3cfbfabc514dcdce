/*
 * tree_top.h - the top of the kernel tree a directory is in, found upwards
 * as git finds the top of its work tree.
 *
 * A directory is a kernel tree's top when it has a Makefile and a Kconfig
 * that is the top-level one: scripts/kconfig/ beside it (the kernel's own
 * Kconfig tools), or a `mainmenu` line in it (only the top-level Kconfig
 * file starts the menu; a small tree without scripts/, as the tests'
 * fixtures, has it).  mm/ or fs/foo/ has a Makefile, and often a Kconfig,
 * but is never a top: the search goes on above it.  A directory with a
 * Kconfig and a Makefile and no top above it is a tree of its own (a
 * fragment, a test's tree).
 */
#ifndef EXCISE_TREE_TOP_H
#define EXCISE_TREE_TOP_H

#include "util.h"

/* True if dir is the top of a kernel tree (as above). */
int is_tree_top(const char *dir);

/*
 * The top of the kernel tree that start (a directory) is in: start itself
 * or the nearest directory above it that is a top.  Returns 0 with *top a
 * path to it (malloc'd): start itself as given when it is the top, else
 * relative to the current directory when that is inside the tree ("..",
 * "../.."), else absolute; start itself when no directory above it is a
 * top and start has a Kconfig and a Makefile.  Returns -1 with the reason
 * in err when start is not a directory or it is in no tree.
 */
int tree_top_find(const char *start, char **top, struct strbuf *err);

#endif
