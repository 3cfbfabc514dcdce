/* git.h - the git work tree a removal runs in: dirty files, commits. */
#ifndef EXCISE_GIT_H
#define EXCISE_GIT_H

#include "util.h"

/* True if root is the top of a git work tree. */
int git_is_repo(const char *root);

/*
 * Files of the work tree at root with uncommitted changes (tracked files),
 * and untracked files under any of the paths in keep_safe, appended to out
 * as "XY path" lines from git status.  Returns 0, or -1 if git failed.
 */
int git_dirty_files(const char *root, const struct strvec *paths, struct strvec *out);

#endif
