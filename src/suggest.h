/*
 * suggest.h - "did you mean": the names nearest to a mistyped one, by edit
 * distance (util.h: edit_distance), for commands, spec names, symbols and
 * paths of the tree.
 */
#ifndef EXCISE_SUGGEST_H
#define EXCISE_SUGGEST_H

#include "util.h"
#include "walk.h"

/* How far a name may be from what was typed and still be suggested: a third of it, plus one. */
size_t suggest_limit(const char *typed);

/*
 * Up to max of the n names cands nearest to typed, within suggest_limit,
 * nearest first (ties in the order of cands), appended to out.
 */
void suggest_nearest(const char *typed, const char *const *cands, size_t n, size_t max,
		     struct strvec *out);

/*
 * Up to max paths of t nearest to path (relative to the top, normalised,
 * without a trailing '/'), a component at a time: each component that no
 * file or directory of the tree has at that place is replaced by the
 * nearest names there ("fss/foo/psdev.c" -> "fs/foo/psdev.c", "fs/fo" ->
 * "fs/foo/"); a directory gets a trailing '/'.  Cheapest first.
 */
void suggest_paths(const struct tree *t, const char *path, size_t max, struct strvec *out);

/* Up to max paths of t whose last component is name ("ixgb" -> "drivers/net/.../ixgb/"). */
void suggest_named(const struct tree *t, const char *name, size_t max, struct strvec *out);

#endif
