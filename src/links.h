/*
 * links.h - link residue: functions and variables a removal takes away
 * (non-static definitions in deleted files, or in blocks the removal drops)
 * that kept, compiled code still uses.
 *
 * A file's definitions are read before and after the change; a name defined
 * (non-static, outside #if 0) before and no longer after is "lost" unless
 * kept code still defines it: a non-static definition anywhere, a static
 * definition or a #define in a header (a stub that survives), or one in the
 * using file itself.  The kept C files of the tree are then scanned for the
 * lost names (scan.h, the names as patterns; a name is retired from the
 * scan as soon as a surviving definition turns up), and each use in
 * compiled code is a residue: a call, an address taken or other reference
 * in a function, an initializer, an EXPORT_SYMBOL or another file-scope
 * macro argument.  Not uses: declarations (prototypes, extern), member names
 * (after . or ->, in a struct), parameters, #define bodies, comments,
 * strings, the insides of #if 0, and assembly other than its definitions.
 * Files under tools/, scripts/ and Documentation/ are not kernel code and
 * are not scanned.
 *
 * The module prints nothing and never exits: it returns its findings.
 */
#ifndef EXCISE_LINKS_H
#define EXCISE_LINKS_H

#include <stddef.h>

#include "plan.h"
#include "util.h"
#include "walk.h"

struct link_residue {
	char *name;        /* the function or variable that lost its definition */
	char *def_path;    /* where it was defined (before the change) */
	size_t def_line;
	char *def_why;     /* "the file is deleted", the dropped block's reason, ... */
	char *path;        /* the kept user */
	size_t line;       /* in the file as the tree has it (before a planned removal) */
	size_t off, len;   /* the name's bytes in that file */
	const char *use;   /* "call", "reference", "initializer", "export", "macro argument" */
	char *text;        /* the user's line */
	char *replacement; /* set by links_apply_replacements */
	const char *def_kind; /* "function or variable" (the linker's), "macro", "enumerator",
				 "typedef", "tag", "member", "static function or variable" */
};

/* A kept option whose select (or imply) of a removed symbol the plan drops. */
struct link_selector {
	char *option;      /* "BAR" */
	char *path;        /* its Kconfig file */
	size_t line;       /* of the select line */
	int implied;       /* imply, not select */
	char *symbol;      /* the removed symbol it selected */
};

struct links_result {
	struct link_residue *v;
	size_t n, cap;
	size_t ngone;            /* names whose non-static definition a changed file lost */
	size_t nlost;            /* of those, names no kept code defines */
	size_t nchanged;         /* C files whose definitions were compared */
	size_t files_scanned;
	struct strvec unreadable; /* "PATH: cannot read: WHY": what the scan could not read */
	struct strvec lost;      /* "name (path:line)" of each lost definition */
	struct link_selector *selectors; /* kept users by Kconfig */
	size_t nselectors, selectors_cap;
	struct link_residue *asm_uses;  /* mentions of lost names in kept assembly files
					   (use "assembly"): not residue, as this reader
					   does not evaluate their #if blocks and comments */
	size_t nasm, asm_cap;
};

void links_release(struct links_result *res);

/*
 * Link residue of a planned (checked) removal: the plan's deleted and
 * edited C files are compared with their planned result, and the tree (as
 * on disk, before the removal) is scanned, with each edited file read as
 * the plan leaves it.  nthreads 0: one per CPU.  Returns 0, or -1 with
 * messages in err.
 */
int links_plan(const struct plan *plan, const struct tree *t, int nthreads,
	       struct links_result *res, struct strbuf *err);

/*
 * Link residue of a removal already made: the files of the plan made in
 * the tree before (deleted, edited) and the C files in paths (other
 * changed files, may be NULL) are compared between before and after, and
 * the tree after is scanned.  Returns 0, or -1 with messages in err.
 */
int links_trees(const struct plan *before_plan, const struct tree *before,
		const struct tree *after, const struct strvec *paths, int nthreads,
		struct links_result *res, struct strbuf *err);


/* "OPTION (path:line) selected SYM", without newline (a new string). */
char *links_selector_describe(const struct link_selector *sel);

/*
 * One line on a residue, without newline: "PATH:LINE: calls NAME(), whose
 * definition goes (DEF_PATH:DEF_LINE: why)".
 */
char *links_describe(const struct link_residue *r);

/* Is the residue a compile error (a name the compiler no longer sees), not the linker's? */
int links_compile(const struct link_residue *r);

/*
 * For each residue whose name has a replacement in pairs ("OLD=NEW"), add
 * an edit renaming the use to the plan (which must be the plan links_plan
 * read) and drop it from the residue.  Returns the number of uses renamed.
 */
size_t links_apply_replacements(struct plan *plan, struct links_result *res,
				const struct strvec *pairs);

#endif
