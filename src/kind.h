/*
 * kind.h - the kinds of reference (and of edit): one table, in the order a
 * reader expects them, that locate's report, remove's summary, the series
 * and the README's list all follow.  A new kind of reference is a row here.
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
