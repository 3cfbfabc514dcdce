/*
 * doc.h - what each command is for, its usage lines and its exit status,
 * in one place (doc.c): `excise help`, every --help and the manual pages
 * (help.c) print them, with the options from each command's own table.
 *
 * Text of a doc: paragraphs apart by a blank line; a paragraph whose lines
 * all start with two blanks is shown as it is written (a table, an
 * example); anything else is filled.  No other markup.
 */
#ifndef EXCISE_DOC_H
#define EXCISE_DOC_H

#include <stddef.h>

struct doc_exit {
	int code;            /* -1 ends the list */
	const char *what;
};

struct doc {
	const char *name;          /* "remove", "kbuild", or a page's ("excise", "spec-format") */
	const char *page;          /* its manual page, "excise-remove", or NULL: none */
	int section;               /* of the page: 1, or 5 for a file format */
	const char *summary;       /* one line, lower case: the command list, NAME */
	const char *const *usage;  /* "remove [-C TREE] [options] TARGET...": after "excise ", NULL-ended */
	const char *note;          /* after the options, in --help too (NULL: none) */
	const char *description;   /* the manual's DESCRIPTION (NULL: the summary) */
	const struct doc_exit *exits;  /* EXIT STATUS (NULL: none) */
	const char *see_also;      /* "excise(1), excise-spec(5)" */
};

/* Every doc: the commands in the order `excise help` lists them, then the pages of no command. */
extern const struct doc docs[];
extern const size_t ndocs;

/* The doc named name, or NULL. */
const struct doc *doc_find(const char *name);

#endif
