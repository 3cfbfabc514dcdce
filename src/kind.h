/*
 * kind.h - the kinds of reference (and of edit): one table, in the order a
 * reader expects them, that locate's human report, remove's summary,
 * `excise locate --list-kinds` and the README's list all follow (the golden
 * case locate-list-kinds compares the README with it).  A new kind of
 * reference is a row here.  References, edits and notes still carry the
 * kind as its name (a string), not as an index into this table.
 */
#ifndef EXCISE_KIND_H
#define EXCISE_KIND_H

#include <stddef.h>

struct kind_info {
	const char *name;          /* "kconfig-depends": what reports, plans and TSV say */
	const char *description;   /* one line, for --list-kinds and the README */
	int planned;               /* remove edits references of this kind (its summary counts them) */
};

extern const struct kind_info kind_table[];
extern const size_t kind_count;

#endif
