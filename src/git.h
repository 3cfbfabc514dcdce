/* git.h - the git work tree a removal runs in: dirty files, commits. */
#ifndef EXCISE_GIT_H
#define EXCISE_GIT_H

#include "util.h"

/* True if root is the top of a git work tree (root/.git). */
int git_is_repo(const char *root);

/*
 * The uncommitted changes of the tree at root, as git sees them (what `git
 * rm` would refuse as "local modifications"): the tree may be the top of a
 * work tree or a directory of a larger one (repo/linux); git status is
 * limited to the tree.  Its tracked files with changes (staged or not), and
 * its untracked files under any of paths (relative to root: what a removal
 * deletes), are appended to out as "XY path" lines, path relative to root.
 * Nothing when git tracks nothing of the tree (a plain tree).  Returns 0, or
 * -1 with a line in err when git cannot tell.
 */
int git_dirty_files(const char *root, const struct strvec *paths, struct strvec *out,
		    struct strbuf *err);

#endif
