/*
 * ref.h - one reference to a subsystem in a tree: what locate finds and
 * classifies (a kind, an action, a reason), and what the rules of
 * rules.h plan from.
 */
#ifndef EXCISE_REF_H
#define EXCISE_REF_H

#include <stddef.h>

#include "kind.h"

struct ref {
	char *path;
	size_t line;
	enum ref_kind kind;     /* KIND_NONE: not a reference */
	enum ref_action action;
	char *match;            /* the matched text */
	char *text;             /* the line, without its newline */
	char *reason;
	size_t off;             /* byte offset of the match */
	size_t last_line;       /* > line when the reference covers a block */
	int tag;                /* enum pattern_tag of the (first) match */
	char *symbol;           /* the symbol or name it refers to */
};

#endif
