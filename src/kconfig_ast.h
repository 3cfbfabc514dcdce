/*
 * kconfig_ast.h - the syntax tree of one Kconfig file, every part with its
 * byte span in the file as read (so edits can keep everything else byte for
 * byte).  Internal to the kconfig modules and their tests; other modules use
 * kconfig.h.
 *
 * Spans are half-open [start, end) offsets into the file's data.  Spans of
 * statements and attributes are whole lines: from the start of the first line
 * to just past the '\n' of the last one (backslash-continued lines included,
 * a trailing "# comment" included).
 */
#ifndef EXCISE_KCONFIG_AST_H
#define EXCISE_KCONFIG_AST_H

#include <stddef.h>

#include "util.h"

/* Expression operators; KX_PAREN keeps explicit parentheses in the tree. */
enum kx_op {
	KX_SYM,     /* a word: symbol, y/m/n, number, or $(macro) */
	KX_STR,     /* a quoted string */
	KX_NOT, KX_AND, KX_OR, KX_PAREN,
	KX_EQ, KX_NE, KX_LT, KX_LE, KX_GT, KX_GE,
};

struct kexpr {
	enum kx_op op;
	size_t start, end;       /* bytes of the whole expression */
	struct kexpr *l, *r;     /* operands: NOT and PAREN use l only */
	const char *word;        /* KX_SYM: the word; KX_STR: the contents, unescaped */
	int is_macro;            /* KX_SYM containing $(...) */
	/* scratch of the evaluator (kconfig_expr.c) */
	int val;                 /* -1 unknown, else 0 n, 1 m, 2 y */
	int touched;             /* the subtree names a removed symbol */
};

enum kattr_kind {
	KA_TYPE,        /* bool/tristate/string/int/hex ["prompt" [if E]] */
	KA_DEF_TYPE,    /* def_bool/def_tristate E [if C] */
	KA_PROMPT,      /* prompt "text" [if C] */
	KA_DEFAULT,     /* default E [if C] */
	KA_DEPENDS,     /* depends on E */
	KA_SELECT,      /* select SYM [if C] */
	KA_IMPLY,       /* imply SYM [if C] */
	KA_RANGE,       /* range A B [if C] */
	KA_VISIBLE,     /* visible [if C] */
	KA_HELP,        /* help / ---help--- and its text */
	KA_OPTIONAL,    /* optional (choices, before 6.10) */
	KA_MODULES,     /* modules */
	KA_OTHER,       /* an attribute this parser does not know: span kept */
};

enum ktype { KT_NONE, KT_BOOL, KT_TRISTATE, KT_STRING, KT_INT, KT_HEX };

struct kattr {
	enum kattr_kind kind;
	enum ktype type;         /* KA_TYPE, KA_DEF_TYPE */
	size_t start, end;       /* whole lines */
	size_t line;             /* of the keyword */
	size_t kw_start, kw_end; /* the keyword ("depends on" as a whole) */
	size_t prompt_start, prompt_end;  /* the quoted prompt with its quotes, or 0, 0 */
	const char *prompt;      /* its text, or NULL */
	struct kexpr *expr;      /* value (default, def_*), condition (depends), target (select,
				    imply: a KX_SYM), low bound (range) */
	struct kexpr *expr2;     /* range: high bound */
	struct kexpr *cond;      /* after "if" (visible: its condition) */
	size_t if_start;         /* the "if" keyword, when cond */
	struct kattr *next;
};

enum knode_kind {
	KN_ROOT,        /* the file */
	KN_CONFIG, KN_MENUCONFIG, KN_CHOICE, KN_MENU, KN_IF,
	KN_COMMENT, KN_SOURCE, KN_MAINMENU, KN_ASSIGN,
	KN_MACRO,       /* a line that is a $(macro) call alone (expands to nothing) */
};

struct kfile;

struct knode {
	enum knode_kind kind;
	size_t start, end;       /* whole lines: entry with its attributes, block with its end line */
	size_t head_end;         /* end of the header line(s) and attributes (blocks: first child) */
	size_t line;             /* of the keyword */
	size_t end_start;        /* blocks: start of the endmenu/endif/endchoice line */
	size_t end_line;         /* blocks: its line number */
	const char *name;        /* symbol (config), choice name or NULL, source path as written,
				    prompt of menu/comment/mainmenu, variable of an assignment */
	size_t name_start, name_end;
	struct kexpr *cond;      /* KN_IF */
	struct kattr *attrs;
	struct knode *parent, *child, *next;
	struct knode **kids;     /* the children again, as an array (by offset) */
	size_t nkids;
	struct kfile *file;
	/* scratch of the removal (kconfig_remove.c) */
	int dead;                /* 0 alive, 1 dead */
	int visited;
	int inherited;           /* dead because its parent (or file) is */
	const char *how;         /* why it is dead: "depends on", ... */
	const char *cause;       /* the removed symbol that made it dead, or NULL */
};

struct arena_chunk;

struct kfile {
	const char *path;        /* relative to the tree root */
	const char *data;        /* the plan's snapshot (not owned) */
	size_t len;
	struct knode root;       /* KN_ROOT: children are the top-level statements */
	struct arena_chunk *arena;
	/*
	 * Bit i (quoted[i / 8] & 1 << i % 8) is set when byte i follows a '#'
	 * comment start or an open quote on its line: one pass at parse time,
	 * so classifying a reference costs O(1) however long its line is.
	 */
	unsigned char *quoted;
	/* database (kconfig.c) */
	struct knode **sites;    /* the `source` statements that name this file */
	size_t nsites, sites_cap;
	/* scratch of the removal */
	int dead;                /* -1 not computed, 0 alive, 1 dead */
	int deleted;             /* deleted by the plan */
	const char *how, *cause;
};

/*
 * Parse the len bytes of data as the Kconfig file path.  Returns the file,
 * or NULL after appending "path:line: message\n" to err (the first problem
 * only).  The file refers to data and path, which must outlive it.
 */
struct kfile *kconfig_parse(const char *path, const char *data, size_t len, struct strbuf *err);
void kconfig_file_free(struct kfile *f);

/*
 * Parse a standalone expression (for tests and tools).  The tree refers to
 * text and lives in the file-less arena returned through *arena.
 */
struct kexpr *kconfig_parse_expr(const char *text, struct arena_chunk **arena, struct strbuf *err);
void kconfig_arena_free(struct arena_chunk *arena);

/* The keyword of an attribute kind or node kind ("depends on", "config"). */
const char *kattr_name(enum kattr_kind k);
const char *knode_name(enum knode_kind k);
const char *ktype_name(enum ktype t);

/* ---- evaluation with some symbols removed (kconfig_expr.c) ---- */

/*
 * Evaluate e in tristate logic (n=0, m=1, y=2; && min, || max, ! 2-x) with
 * every symbol in removed set to n; symbols not in it are unknown.  Fills the
 * val and touched scratch fields of every node.  Returns e->val: 0, 1, 2, or
 * -1 when the result depends on symbols that stay.  src is the text e's
 * spans refer to.
 */
int kx_eval(const char *src, struct kexpr *e, const struct strset *removed);

/*
 * After kx_eval() returned -1 for a touched e: append the simplified text
 * to out: the other operands byte for byte, each removed operand gone with
 * its operator, parentheses around a single remaining operand dropped.
 */
void kx_emit(const char *src, const struct kexpr *e, struct strbuf *out);
/* kx_emit() of a whole expression: also drops parentheses left around all of it. */
void kx_emit_top(const char *src, const struct kexpr *e, struct strbuf *out);

/* The first (leftmost) removed symbol named in e, or NULL. */
const char *kx_first_removed(const struct kexpr *e, const struct strset *removed);

#endif
