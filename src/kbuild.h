/*
 * kbuild.h - the Kbuild/Makefile lines excise understands: variable
 * assignments (obj-$(CONFIG_X) += a.o dir/, foo-objs := ..., CFLAGS_x.o,
 * KCOV_INSTRUMENT_x.o := n) and conditionals (ifdef/ifndef/ifeq/ifneq,
 * else, endif), with continuation lines and byte spans; and the removal of
 * a subsystem's lines.
 */
#ifndef EXCISE_KBUILD_H
#define EXCISE_KBUILD_H

#include <stddef.h>

#include "plan.h"
#include "util.h"

enum kbuild_kind {
	KB_ASSIGN,      /* VAR op VALUE */
	KB_IF,          /* ifdef/ifndef/ifeq/ifneq */
	KB_ELSE,        /* else, or else ifeq ... */
	KB_ENDIF,
	KB_OTHER,       /* rules, recipes, includes, comments, blank */
};

/* One word of an assignment's value, with its byte span in the file. */
struct kbuild_word {
	size_t start, end;
};

struct kbuild_line {
	enum kbuild_kind kind;
	size_t start, end;          /* whole logical line, continuations and newline included */
	size_t line;                /* 1-based number of its first physical line */
	char *var;                  /* KB_ASSIGN: the variable, "obj-$(CONFIG_X)" */
	char *cond;                 /* KB_IF/KB_ELSE: the text after the keyword */
	size_t value_start;         /* KB_ASSIGN: offset of the value */
	struct kbuild_word *words;  /* KB_ASSIGN: the value's words */
	size_t nwords;
	int depth;                  /* nesting of ifdef blocks around the line */
	int recipe;                 /* a recipe line: starts with a tab after a rule, never read further */
	size_t match;               /* KB_IF: index of its endif; KB_ELSE: of its endif */
};

struct kbuild_file {
	char *path;
	const char *buf;
	size_t len;
	struct kbuild_line *lines;
	size_t n;
};

/* Parse a Makefile (buf stays owned by the caller).  Returns 0, or -1 with "file:line: ..." in err. */
int kbuild_parse(struct kbuild_file *kf, const char *path, const char *buf, size_t len,
		 struct strbuf *err);
void kbuild_release(struct kbuild_file *kf);

/*
 * The Kconfig symbol a variable name is conditional on: "obj-$(CONFIG_X)"
 * gives X, "foo-$(CONFIG_X)" gives X, "obj-y" gives NULL.  Returned as a new
 * string.
 */
char *kbuild_var_symbol(const char *var);

/* The symbol an ifdef/ifeq condition tests, if it tests exactly one CONFIG_ symbol; else NULL. */
char *kbuild_cond_symbol(const char *keyword_and_cond, int *negated);

/* A word's text as a new string. */
char *kbuild_word(const struct kbuild_file *kf, const struct kbuild_word *w);

/*
 * What the Makefiles say an object's build needs (kbuild_needs.c): the
 * Makefile (or Kbuild file) of its directory and of each directory above
 * it, up to the top-level one (not included), a level each.  At each level
 * the alternatives are the assignments that name it (obj-$(CONFIG_X) +=
 * file.o, or a composite object that does: x-objs, x-y, x-$(CONFIG_Y),
 * followed up to 5 deep; in a Makefile the directory's Makefile includes
 * from its own directory, under the ifdef CONFIG_X blocks around the
 * include line; in an architecture's Makefile machine-$(CONFIG_X) += NAME
 * for mach-NAME/), each a space-separated conjunction of CONFIG_ options,
 * "" for none.  Other ifdef blocks are not read.
 * A level with no assignment naming it is left out.
 */
struct kbuild_level {
	char *dir;               /* the directory whose Makefile it is */
	struct strvec alts;      /* sorted */
};

struct kbuild_needs {
	struct kbuild_level *levels;   /* the object's directory first */
	size_t n;
};

/* The needs of obj (path/to/file.o) in the tree at root; 0. */
int kbuild_needs(const char *root, const char *obj, struct kbuild_needs *out);
void kbuild_needs_release(struct kbuild_needs *n);
/* True if every option of the conjunction alt is in enabled ("" always is). */
int kbuild_alt_satisfied(const char *alt, const struct strset *enabled);
/*
 * "A; B or C" ("-" for an empty alternative): every level, or with enabled
 * (the options set y or m) only those no alternative of which it
 * satisfies; NULL when there is none (a new string).
 */
char *kbuild_needs_describe(const struct kbuild_needs *n, const struct strset *enabled);

struct footprint;

/*
 * Plan the removal from one Makefile: assignments conditional on a removed
 * symbol; objects and directories that are owned (deleted) wherever they
 * appear (only that word goes when others remain); per-object variables of
 * owned objects (CFLAGS_x.o, KCOV_INSTRUMENT_x.o, x-objs, x-y); ifdef/ifeq
 * blocks on a removed symbol (the else branch is kept).  Returns the number
 * of edits, or -1 with an error.
 */
int kbuild_remove(struct plan *plan, const char *path, const struct strset *symbols,
		  const struct footprint *fp, struct strbuf *err);

#endif
