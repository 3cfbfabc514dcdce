/*
 * docs.h - Documentation structures that name a subsystem: reST toctree
 * entries, the device number tables of devices.txt, ioctl-number.rst rows,
 * and list items that are nothing but a mention.
 */
#ifndef EXCISE_DOCS_H
#define EXCISE_DOCS_H

#include <stddef.h>

#include "util.h"

/*
 * If the line starting at off is an entry of a `.. toctree::` directive,
 * the Documentation path it resolves to (relative to the tree, without
 * extension) as a new string; else NULL.  path is the file's path.
 */
char *doc_toctree_target(const char *path, const char *buf, size_t len, size_t off);

/*
 * If the line at off is a `.. kernel-doc::`, `.. include::` or
 * `.. literalinclude::` directive, the file it names, relative to the tree
 * (kernel-doc takes tree paths, the others paths relative to the page
 * path), normalised, as a new string; *first_line and *last_line get the
 * lines to delete with it: itself, its option lines (`:export:`, ...) and
 * one blank line, so that no two blank lines meet.  Else NULL.
 */
char *doc_directive_target(const char *path, const char *buf, size_t len, size_t off,
			   size_t *first_line, size_t *last_line);

/* True if the line at off is a list item ("- x", "* x") holding only the text [ms, me). */
int doc_is_bare_list_item(const char *buf, size_t len, size_t off, size_t ms, size_t me);

/*
 * True if the text [ms, me) (a path, possibly in ``literal`` quotes) is a
 * whole cell of a one-line row of a reST simple table: the row starts at
 * the margin, its cells are separated by two or more spaces, the lines
 * above and below it up to the table's `====` borders are rows too (no
 * blank line, no continuation line), so the line is the row entire.
 */
int doc_is_table_row_cell(const char *buf, size_t len, size_t ms, size_t me);

/*
 * If the text [ms, me) (a removed CONFIG_ symbol) lies in a whole sentence
 * of running prose, the bytes [*ds, *de) to delete so that the sentence
 * goes and its paragraph still reads: the lines it fills go whole, a line
 * it shares keeps the other sentences.  A whole sentence starts at the
 * start of a paragraph (a blank line, or the file's start, above it) or
 * after a ". " whose next word is capitalised, and ends with '.', '!' or
 * '?' before such a word or at the end of its paragraph.  The paragraph
 * is the run of non-blank lines indented like the match's; one with reST
 * markup (a `..` line, a table border, a line ending "::") has no whole
 * sentences, nor does a list item's first line, and a sentence that is its
 * paragraph entire does not go (what the paragraph says needs a human).
 * Returns 0 when there is no such sentence: the mention is left for review.
 * *sentence_start and *sentence_end (unless NULL) get the sentence itself.
 */
int doc_sentence(const char *buf, size_t len, size_t ms, size_t me, size_t *ds, size_t *de,
		 size_t *sentence_start, size_t *sentence_end);

/* One edit of a Documentation line: [start, end) becomes text. */
struct doc_edit {
	size_t start, end;
	const char *text;
};

/*
 * If the removed option at [ms, me) is one side of an "or" of two options
 * in prose ("when either CONFIG_A or CONFIG_B are set", "CONFIG_B or
 * CONFIG_A"), the edits (at most 3, in order, returned as the count) that
 * leave the other side alone: the removed option with its "or" goes, an
 * "either" before the pair goes (with the blanks before it when it ends
 * its line), and an "are" right after the pair becomes "is".  [*os, *oe)
 * is the other option, for the caller to tell that it stays.  Returns 0
 * when the option is not such a side.
 */
int doc_alternative(const char *buf, size_t len, size_t ms, size_t me, size_t *os, size_t *oe,
		    struct doc_edit ed[3]);

/*
 * If the path at [ms, me) (a trailing '/' after it included) is a middle
 * item of a comma list in prose ("drivers from drivers/staging/rtl8723au,
 * drivers/staging/rtl8192u, and drivers/net/wireless/rtlwifi"): a ',' and
 * blanks before it, a ',' right after it, then blanks and the next item.
 * [*ds, *de) is what goes: the item with its comma and the blanks up to the
 * next item; when a line break follows the comma, the blanks before the
 * item instead.  Returns 0 when the path is not such an item.
 */
int doc_list_item(const char *buf, size_t len, size_t ms, size_t me, size_t *ds, size_t *de);

/* A block of a device table: [start, end) whole lines, numbered first..last. */
struct doc_block {
	size_t start, end;
	size_t first_line, last_line;
	char *what;             /* "char major 185", "misc minor 248" */
};

/*
 * The blocks of devices.txt (buf) that describe the given char/block majors
 * and misc minors (decimal strings).  A major's block runs from its
 * "NNN char" line to the next major's line; a misc minor is its one line in
 * the major 10 block.  Returns the number found; *out is a new array.
 */
size_t doc_device_blocks(const char *buf, size_t len, const struct strvec *chr,
			 const struct strvec *blk, const struct strvec *misc,
			 struct doc_block **out);

/*
 * The rows of ioctl-number.rst (buf) whose code column is one of codes and
 * whose text mentions one of words.  Returns the number found.
 */
size_t doc_ioctl_rows(const char *buf, size_t len, const struct strvec *codes,
		      const struct strvec *words, struct doc_block **out);

/*
 * The entries of kernel-parameters.txt (buf) for the parameters of the
 * given modules: an entry starts with one tab and its name at the margin
 * ("\tmeye.*=", "\tpcd."), the module name before the dot; it runs to the
 * next entry (the blank lines before it go with it).
 */
size_t doc_param_blocks(const char *buf, size_t len, const struct strset *modules,
			struct doc_block **out);

void doc_blocks_free(struct doc_block *b, size_t n);

#endif
