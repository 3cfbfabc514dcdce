/*
 * connect.h - the configuration that exercises a removal: the symbols the
 * removal takes away and every kept symbol connected to them, so that one
 * build of the tree before (all of them on) and one of the tree after (the
 * kept ones on) compile and link the code the removal could have broken.
 *
 * A kept symbol is connected when
 *   - it selects or implies a removed symbol (its code used the removed one);
 *   - its `depends on` names a removed symbol (an `||` or `!` the removal
 *     kept: the code on the other side of the `||` is still built);
 *   - it sits in the same `if` block, menu or choice as a removed symbol
 *     (the nearest one, when that holds at most CONNECT_MAX_BLOCK symbols);
 *   - it builds a C file the removal edits (an #ifdef dropped, a call
 *     rewritten), or a kept file that uses a definition the removal takes
 *     away (links.h): found through the Makefile lines that build the file.
 *
 * Only symbols with a prompt are in the set (a fragment cannot set the
 * others).  The module prints nothing and never exits.
 */
#ifndef EXCISE_CONNECT_H
#define EXCISE_CONNECT_H

#include <stddef.h>
#include <stdio.h>

#include "remove.h"

#define CONNECT_MAX_BLOCK 64

enum connect_how {
	CONNECT_REMOVED,     /* removed by the plan: on only in the tree before */
	CONNECT_SELECTS,     /* selects (or implies) a removed symbol */
	CONNECT_DEPENDS,     /* its depends on names a removed symbol */
	CONNECT_BLOCK,       /* in the same if block, menu or choice */
	CONNECT_BUILDS,      /* builds a C file the removal edits or that lost a definition */
};

struct connected {
	char *name;
	enum connect_how how;
	char *via;           /* the removed symbol, block or file it is connected through */
};

struct connect_set {
	struct connected *v;
	size_t n, cap;
	const struct kconfig_db *db;   /* of the tree before */
};

/*
 * The connected symbols of a planned removal r (its plan, its Kconfig
 * result and its link analysis), removed ones first, each once (the first
 * reason found).  Returns 0, or -1 with a message in err.
 */
int connect_symbols(struct removal *r, struct connect_set *out, struct strbuf *err);
void connect_release(struct connect_set *set);

/*
 * Write the config fragment of set for the tree before (every symbol =y,
 * the removed ones last, so that a choice ends on them) or after (the kept
 * ones only).
 */
void connect_write_fragment(FILE *out, const struct connect_set *set, int before);

/* "selects SLOB", "in the same if block as X (path:line)", ... as a new string. */
char *connect_describe(const struct connected *c);

/*
 * The Kbuild symbol that builds path (a .c file relative to the tree
 * root), following `obj-y += dir/` upwards and composite objects
 * (foo-y += path.o, obj-$(CONFIG_X) += foo.o); NULL when it is built
 * unconditionally or no Makefile names it.  Makefiles are read through
 * plan (plan_file).
 */
char *connect_built_by(struct plan *plan, const char *path);

#endif
