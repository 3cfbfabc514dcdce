/*
 * gone.h - a target the tree does not have: still named (leftovers to
 * remove), removed already (git says it was here), or a mistake.
 *
 * The rule (what `remove` and `locate` do with a target that matches
 * nothing in the tree):
 *   - a path no file or directory of the tree has is still a target when
 *     the tree names it (tree_names_path): its leftovers are what goes;
 *   - a symbol no Kconfig file defines is a target when something names it
 *     (locate finds the references);
 *   - otherwise it is removed already when git says so (git_removed_*: the
 *     work tree's HEAD still has it, the removal not committed yet, or one
 *     of HEAD's last GONE_HISTORY commits removed it): nothing to do, exit 0;
 *   - otherwise it is a mistake: an error with the nearest names (a typo),
 *     exit 2.  Without git history a removed target and a typo look the
 *     same, and excise says so rather than guess.
 */
#ifndef EXCISE_GONE_H
#define EXCISE_GONE_H

#include "util.h"
#include "walk.h"

/* How many of HEAD's commits git_removed_* look through. */
#define GONE_HISTORY 1000

/*
 * True if a file of t names norm (a path relative to the top, without a
 * trailing '/'), a file or directory the tree does not have: norm itself
 * as a path (not inside a longer name), or, in a Makefile or Kbuild file
 * of its directory, its last component as a directory ("NAME/") or object
 * ("NAME.o" for NAME.c or NAME.S).  A file that cannot be read counts as
 * naming it (it might).
 */
int tree_names_path(const struct tree *t, const char *norm);

/*
 * Did git see the symbol sym defined in the tree at root (a git work tree)?
 * Returns 1 with the evidence in how ("HEAD defines it in fs/Kconfig: the
 * removal is not committed", "commit 1234abc "fs: remove foo" removed its
 * definition"), 0 when it did not, -1 when root has no git history.
 */
int git_removed_symbol(const char *root, const char *sym, struct strbuf *how);

/* The same for a path (a file or directory, no trailing '/'). */
int git_removed_path(const char *root, const char *path, struct strbuf *how);

/* The line that follows the error on a target that matches nothing, in a tree without git history. */
#define GONE_NO_HISTORY "(no git history here: excise cannot tell whether it was removed already)"

/*
 * The end of the error on a target that matches nothing: "; did you mean
 * A, B" of the names in near (none: nothing), a newline, and
 * GONE_NO_HISTORY when removed says git has no history (-1).  near is
 * cleared.
 */
void gone_suggest_tail(struct strbuf *err, struct strvec *near, int removed);

/*
 * A path target (arg as given, norm normalised, no trailing '/') that no
 * file or directory of t has: 0 when it is a target all the same (the tree
 * names it, or git shows it removed: then its name and the evidence are
 * added to fp->gone and fp->gone_how), else -1 with "unknown path ...",
 * the nearest paths (suggest.h) and, without git history, GONE_NO_HISTORY
 * in err.
 */
struct footprint;
int path_target_check(struct footprint *fp, const struct tree *t, const char *arg,
		      const char *norm, struct strbuf *err);

/*
 * The error for a target that is no spec, path or symbol: "unknown target
 * ..." with the nearest bundled spec names and the paths of t named arg.
 */
void unknown_target(const struct tree *t, const char *arg, struct strbuf *err);

#endif
