/*
 * kconfig.h - the Kconfig files of a kernel tree: where symbols are defined,
 * what kind of reference a Kconfig line makes, and the removal of symbols
 * from every Kconfig file (with everything that depended on them).
 *
 *   struct kconfig_db db;
 *   if (kconfig_db_load(&db, &tree, &plan, &err) < 0) ...   // every Kconfig* file
 *   kconfig_defs(&db, "SLOB", &n);                         // definitions
 *   kconfig_remove(&db, &plan, &symbols, repl, &res, &err); // edits into the plan
 *
 * Symbol names never carry the CONFIG_ prefix.  The queries only read the
 * db (threads may share it); kconfig_remove() uses scratch fields of the
 * syntax trees, so it runs alone.
 */
#ifndef EXCISE_KCONFIG_H
#define EXCISE_KCONFIG_H

#include <stddef.h>

#include "kind.h"
#include "plan.h"
#include "util.h"
#include "walk.h"

struct kfile;
struct knode;

/* One `config`/`menuconfig` definition of a symbol. */
struct kconfig_def {
	const char *name;
	const char *path;        /* the Kconfig file, relative to the tree root */
	size_t line;             /* of the config line */
	const char *type;        /* "bool", "tristate", "string", "int", "hex", or "" */
	const char *prompt;      /* the first prompt's text, or NULL */
	const char *choice;      /* member of a choice: its prompt (or name), else NULL */
	size_t choice_line;      /* the `choice` line, or 0 */
	size_t start, end;       /* bytes of the entry: config line to its last attribute line */
	int is_menuconfig;
	struct knode *node;      /* its syntax tree (kconfig_ast.h) */
};

struct kconfig_symbol {
	const char *name;
	size_t first, n;         /* definitions db->defs[first .. first + n) */
};

struct kconfig_db {
	char *root;
	struct kfile **files;    /* every Kconfig file, in tree order */
	size_t nfiles;
	struct kconfig_def *defs;   /* sorted by name, then file order */
	size_t ndefs;
	struct kconfig_symbol *syms;   /* sorted by name */
	size_t nsyms;
	size_t *sym_index;       /* hash of names -> syms index + 1 (0 empty) */
	size_t sym_index_cap;
	size_t *file_index;      /* hash of paths -> files index + 1 */
	size_t file_index_cap;
	size_t nerrors;          /* files that did not parse */
};

/*
 * Parse every Kconfig file of the tree (is_kconfig_file()), each on its own,
 * reading it through plan_file() so edits refer to the same snapshot; then
 * index the definitions and link each `source` statement to the files it
 * names (literal paths, and $(SRCARCH)/$(HEADER_ARCH) as any arch).  Returns
 * 0, or -1 with "path:line: problem\n" lines in err (files that parsed are
 * still in the db).
 */
int kconfig_db_load(struct kconfig_db *db, const struct tree *t, struct plan *plan,
		    struct strbuf *err);
/*
 * The same for the Kconfig files among paths only (their sources are not
 * followed): enough to classify references in them (kconfig_ref_kind),
 * not to answer for the tree's symbols.
 */
int kconfig_db_load_some(struct kconfig_db *db, const struct tree *t, struct plan *plan,
			 const struct strvec *paths, struct strbuf *err);
void kconfig_db_release(struct kconfig_db *db);

/* All definitions of name: *n of them (NULL, 0 if none). */
const struct kconfig_def *kconfig_defs(const struct kconfig_db *db, const char *name, size_t *n);
/*
 * The value an int, hex or string symbol has when nothing sets it: its one
 * definition's one default, unconditional and constant ("default 256",
 * "default 0x10", default "text"), appended to out as C text (a string
 * quoted and escaped).  0, or -1 (out untouched) if there is no such value.
 */
int kconfig_constant_default(const struct kconfig_db *db, const char *name, struct strbuf *out);
int kconfig_is_defined(const struct kconfig_db *db, const char *name);
/* The index of name in db->syms, or -1. */
long kconfig_symbol_index(const struct kconfig_db *db, const char *name);
/* Every defined symbol, sorted (appended to out). */
void kconfig_symbols(const struct kconfig_db *db, struct strvec *out);
/* The parsed file at path, or NULL. */
struct kfile *kconfig_file(const struct kconfig_db *db, const char *path);

/* The config/menuconfig entry whose span holds byte off of path, or NULL (O(depth log n)). */
const struct kconfig_def *kconfig_def_at(const struct kconfig_db *db, const char *path, size_t off);

/*
 * What a reference at byte off of the Kconfig file path is:
 *   KIND_KCONFIG_ENTRY    the config/menuconfig line, or any line of the entry
 *                         of a symbol in own (may be NULL)
 *   KIND_KCONFIG_DEPENDS  depends on, visible if, the `if` of a prompt
 *   KIND_KCONFIG_SELECT, KIND_KCONFIG_IMPLY
 *   KIND_KCONFIG_DEFAULT  default, def_bool/def_tristate, range (conditions included)
 *   KIND_KCONFIG_IF       the line of an `if` block
 *   KIND_KCONFIG_SOURCE   a source line
 *   KIND_OTHER            help text, comments, prompt strings, anything else
 */
enum ref_kind kconfig_ref_kind(const struct kconfig_db *db, const char *path, size_t off,
			     const struct strset *own);

/*
 * Is the name [name, name + n) defined?  1 yes, 2 as X_MODULE of a defined
 * tristate X, 0 no, and -1 for X_MODULE of a defined X that is never a
 * tristate (Kconfig never writes that macro).
 */
int kconfig_name_defined(const struct kconfig_db *db, const char *name, size_t n);

/* A whole-word occurrence of a symbol in a Kconfig file. */
struct kconfig_ref {
	const char *path;
	size_t line;
	size_t off;
	const char *sym;         /* as found (points into the file's text, not NUL-terminated) */
	size_t sym_len;
	enum ref_kind kind;      /* kconfig_ref_kind() */
};

/* Call fn for every occurrence of a symbol of syms (CONFIG_ prefixed ones too) in every file. */
void kconfig_refs(const struct kconfig_db *db, const struct strset *syms, const struct strset *own,
		  void (*fn)(const struct kconfig_ref *ref, void *ctx), void *ctx);

/* ---- removal ---- */

/* --replace OLD=NEW pairs: `select OLD` and a choice's `default OLD` name NEW instead. */
struct kconfig_replace {
	const char **old, **new;
	size_t n;
};

struct kconfig_removed {
	char *name;
	char *path;              /* first definition, or NULL if the symbol was not defined */
	size_t line;
	int requested;           /* named by the caller (or defined only in deleted files) */
	int user;                /* removed because it depends on a removed symbol (alone or
				    with COMPILE_TEST; or sits in an `if`, menu, choice or file
				    under one): a user of it, not a helper it selects or
				    defaults; the series splits on this */
	char *reason;            /* "requested", or the chain: "depends on BAR, which depends on X" */
};

/* One edit kconfig_remove() added to the plan. */
struct kconfig_change {
	char *path;
	size_t line;
	enum ref_kind kind;
	char *reason;
};

/*
 * A helper both a removed symbol and a kept one select: bool or tristate,
 * no prompt, not shared infrastructure.  It stays; whether its code still
 * serves anything kept is for the caller to find out (remove.c).
 */
struct kconfig_helper {
	char *name;
	char *kept_selector;     /* the first kept option that selects it */
	char *removed_selector;  /* the first removed one */
};

struct kconfig_result {
	struct kconfig_removed *removed;   /* requested first, then dependents, in discovery order */
	size_t nremoved, removed_cap;
	struct kconfig_change *changes;
	size_t nchanges, changes_cap;
	struct strvec orphans;   /* Kconfig files no longer sourced from anywhere (left in place) */
	struct kconfig_helper *helpers;    /* in symbol order */
	size_t nhelpers, helpers_cap;
};

void kconfig_result_release(struct kconfig_result *res);

/*
 * Plan the removal of symbols (and of everything that only existed for
 * them) from every Kconfig file; see kconfig_remove.c for the rules.  The
 * db must have been loaded with this plan, and deletions the caller plans
 * (plan_delete) must be in the plan first: `source` lines of deleted files
 * go, and symbols defined only in deleted files are removed (requested = 1,
 * reason "defined only in deleted PATH").  res gets every removed symbol
 * (requested first, then dependents with the chain of reasons), every edit
 * (kind, reason) and the Kconfig files no longer sourced (orphans: they
 * stay, with a "review" note; their symbols are in removed).
 * Returns 0, or -1 with "problem\n" lines in err and nothing added to the
 * plan (e.g. a file that did not parse, an unusable --replace).
 */
int kconfig_remove(struct kconfig_db *db, struct plan *plan, const struct strset *symbols,
		   const struct kconfig_replace *repl, struct kconfig_result *res,
		   struct strbuf *err);

#endif
