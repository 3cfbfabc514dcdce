/*
 * cpp.h - resolve the C preprocessor conditionals of one file for a set of
 * Kconfig symbols that are off (and optionally some that are on), keeping
 * every other condition as written: a partial evaluator like unifdef(1) that
 * knows the kernel's forms.
 *
 * A symbol S (named without CONFIG_) that is OFF makes CONFIG_S and
 * CONFIG_S_MODULE undefined; one that is ON makes CONFIG_S defined as 1 and
 * CONFIG_S_MODULE undefined (built in).  The forms evaluated in #if and
 * #elif (defined, IS_ENABLED, ...) are listed in cpp_expr.h.  A condition is
 * only touched when it names one of the symbols; anything else in it is
 * kept byte for byte.  #ifdef/#ifndef/#elifdef/#elifndef CONFIG_S and
 * CONFIG_S_MODULE are resolved too.
 *
 * What happens to a conditional (#if/#ifdef/#ifndef ... #elif/#elifdef/
 * #elifndef ... #else ... #endif):
 *   - a branch whose condition is false goes, directive and body;
 *   - a branch whose condition is true, with no branch kept before it,
 *     loses its directive and keeps its body; every later branch goes, and
 *     so does the #endif;
 *   - a true #elif after a kept branch becomes #else (its comment goes: it
 *     described the old condition); later branches go;
 *   - the first kept branch of a chain whose earlier branches went is
 *     promoted: #elif -> #if (#elifdef -> #ifdef, #elifndef -> #ifndef);
 *   - a condition that stays unknown but lost operands is rewritten:
 *     "defined(CONFIG_A) || defined(CONFIG_X)" -> "defined(CONFIG_A)";
 *     parentheses that now wrap a single operand are dropped; the operands
 *     and operators that stay keep their bytes (continuation lines and
 *     comments between them included);
 *   - nested conditionals in a dropped branch go with it; those in a kept
 *     branch are resolved too.
 *
 * Comment rule: in a conditional that changed and stays, each comment on a
 * directive line that survives (#if, #elif, #else, #endif) and names a
 * symbol being resolved (CONFIG_S, CONFIG_S_MODULE or the bare word S) is
 * read as a condition of ! && || and parentheses in which bare S means
 * CONFIG_S, and simplified the same way: an #endif comment
 * "CONFIG_A || CONFIG_X" becomes "CONFIG_A", "!(A || X)" becomes "!A".  If
 * it becomes constant ("!CONFIG_X"), or is prose that does not parse as such
 * a condition ("X support", "A / X"), the comment is dropped with the blanks
 * before it.  Comments of conditionals that did not change stay, and so do
 * comments that name no resolved symbol.
 *
 * Directives are found as the C preprocessor does: '#' first on a logical
 * line, outside comments; backslash-newline continues a line, comments may
 * span lines.  Everything outside the changed directives and dropped
 * branches stays byte for byte (CRLF line ends included).
 */
#ifndef EXCISE_CPP_H
#define EXCISE_CPP_H

#include <stddef.h>

#include "plan.h"
#include "util.h"

struct cpp_stats {
	size_t directives;     /* conditional directives read (#if ... #endif) */
	size_t conditionals;   /* #if ... #endif blocks read */
	size_t changed;        /* blocks changed */
	size_t dropped;        /* branches removed with their body */
	size_t unwrapped;      /* branches that lost their directive, body kept */
	size_t rewritten;      /* directives rewritten (simplified, #elif -> #if or #else) */
	size_t comments;       /* comments rewritten or dropped by the comment rule */
	size_t review;         /* directives naming a symbol in a form not evaluated (plan notes) */
	size_t squeezed;       /* blank lines removed by CPP_SQUEEZE_BLANKS */
	struct strvec *log;    /* if set: one "LINE-ENDLINE: reason" per changed block */
};

/*
 * Resolve the conditionals of path (relative to the plan's root) with the
 * symbols in off undefined and those in on defined to 1 (names without
 * CONFIG_; on may be NULL).  Adds one "c-ifdef" edit per changed directive
 * or dropped run of lines, in file order, each with a reason naming what
 * happened ("#ifndef CONFIG_SLOB: body kept"), and a "review" note for each
 * directive that names a symbol in a form it cannot evaluate.  Returns the
 * number of conditionals changed, or -1 with "excise: path:line: what"
 * lines in err (nothing added to the plan) when the file cannot be read or
 * its conditionals are malformed (#else/#elif/#endif without #if, #elif or
 * #else after #else, unterminated #if or comment).  stats may be NULL; it
 * is added to.
 */
int cpp_resolve(struct plan *plan, const char *path, const struct strset *off,
		const struct strset *on, struct cpp_stats *stats, struct strbuf *err);

/*
 * Flags of cpp_resolve_flags().  CPP_SQUEEZE_BLANKS: where a deleted run of
 * lines sits between two blank lines (or follows the start of the file and
 * precedes a blank line), the blank line after it goes too, so that no
 * doubled blank line is left (as unifdef -B; checkpatch wants no doubled
 * blank lines).  That blank line is the only byte outside the conditionals
 * it changes.
 */
#define CPP_SQUEEZE_BLANKS 1u

/* cpp_resolve() with flags. */
int cpp_resolve_flags(struct plan *plan, const char *path, const struct strset *off,
		      const struct strset *on, unsigned flags, struct cpp_stats *stats,
		      struct strbuf *err);

/*
 * The conditional structure of a file, line by line: what each line is and
 * the branch of an #if ... #endif it belongs to.  Branch 0 is the file
 * itself; every #if, #ifdef, #ifndef, #elif, #else opens a branch (its
 * lines: after its directive up to the next directive of the same
 * conditional).  A conditional directive belongs to the branch around its
 * conditional, as do its continuation lines.  Line numbers are 1-based.
 * The preprocessor passes a line to the compiler exactly when its branch
 * and every branch around it are taken.
 */
enum cpp_line_kind {
	CPP_LINE_BLANK,       /* blank, or comments only */
	CPP_LINE_CODE,        /* C (or assembly) text */
	CPP_LINE_DEFINE,      /* #define, #undef */
	CPP_LINE_INCLUDE,     /* #include */
	CPP_LINE_COND,        /* #if ... #endif */
	CPP_LINE_DIRECTIVE,   /* any other directive */
};

struct cpp_branch {
	size_t parent;        /* the enclosing branch (the file's parent is itself, 0) */
	size_t prev;          /* the branch before it in the same conditional (#elif, #else), or 0 */
	size_t dir_line;      /* the line of its directive (0: the file) */
	size_t first, last;   /* its lines, its directive excluded */
	const char *keyword;  /* "if", "ifdef", "ifndef", "elif", "else", ... (NULL: the file) */
	char *cond;           /* the text after the keyword (NULL for #else and the file) */
};

struct cpp_lines {
	size_t nlines;
	unsigned char *kind;  /* [1..nlines]: enum cpp_line_kind */
	size_t *branch;       /* [1..nlines]: the branch of each line */
	struct cpp_branch *branches;
	size_t nbranches, branches_cap;
};

/*
 * The structure of buf (path names it in errors).  Returns 0, or -1 with
 * "excise: path:line: what" in err when its conditionals are malformed or a
 * comment never ends (l is then empty).
 */
int cpp_lines(const char *path, const char *buf, size_t len, struct cpp_lines *l, struct strbuf *err);
void cpp_lines_release(struct cpp_lines *l);

#endif
