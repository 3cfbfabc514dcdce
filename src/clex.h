/*
 * clex.h - a C reader for names: one pass over a buffer reports each
 * definition (non-static, static, a macro) and each use of the names a
 * caller wants, without a preprocessor (every #if branch is read, #if 0
 * is not).  The link residue (links.c), the footprint's exported names
 * (derive.c) and the helpers' code (helpers.c) read C with it.
 */
#ifndef EXCISE_CLEX_H
#define EXCISE_CLEX_H

#include <stddef.h>

#include "util.h"

/*
 * EV_DEF: a non-static function or variable; EV_DEF_STATIC: a static one
 * (or a weak declaration); EV_MACRO: #define; EV_ENUM: an enumerator;
 * EV_TYPEDEF: a typedef name; EV_TAG: a struct, union or enum tag with its
 * body; EV_MEMBER: a struct or union member.  EV_USE: a use, whose `use`
 * says how: "call", "address", "reference", "initializer", "export",
 * "macro argument", "type" (a type name in a declaration), "tag" (struct
 * X by value: sizeof, an object; not a pointer) and "member" (after . or
 * ->, a designated initializer).
 */
enum ev_kind { EV_DEF, EV_DEF_STATIC, EV_MACRO, EV_USE, EV_ENUM, EV_TYPEDEF, EV_TAG, EV_MEMBER };

struct ev {
	const char *name;
	size_t len, off;
	enum ev_kind kind;
	const char *use;
};

/* want(ctx, name, len): is the name one of interest (NULL: every name)? */
typedef int (*want_fn)(void *ctx, const char *name, size_t len);
typedef void (*emit_fn)(void *ctx, const struct ev *e);

/* Read buf once, reporting definitions and uses of the names want() takes (NULL: every one). */
void lex_c(const char *buf, size_t len, want_fn want, emit_fn fn, void *ctx);

/* The non-static definitions of a buffer: each name's first (or every one), with its offset. */
struct name_defs {
	int every;               /* every definition, not only each name's first */
	struct strset names;
	struct strvec order;     /* "name" in file order */
	size_t *offs;            /* first offset of each, parallel to order */
	size_t cap;
};

/* The emit_fn of lex_c that fills a struct name_defs (ctx). */
void collect_def(void *vctx, const struct ev *e);
void name_defs_release(struct name_defs *d);

/*
 * The names a C buffer defines non-static (outside #if 0), in file order,
 * as "name:line" into out.
 */
void c_definitions(const char *buf, size_t len, struct strvec *out);
/* The same, with every definition of a name (#if branches), not its first only. */
void c_definitions_each(const char *buf, size_t len, struct strvec *out);

#endif
