/*
 * kconfig_defs.h - where each Kconfig symbol is defined: a quick index of
 * the config/menuconfig lines of every Kconfig file, with the byte span of
 * each entry (its line up to the next statement at the left margin).
 */
#ifndef EXCISE_KCONFIG_DEFS_H
#define EXCISE_KCONFIG_DEFS_H

#include <stddef.h>

#include "walk.h"

struct kconfig_def {
	char *name;
	char *file;
	size_t line;
	size_t start, end;   /* the entry: its config line through its help text */
};

struct kconfig_defs {
	struct kconfig_def *v;
	size_t n, cap;
	struct strset names;
};

void kconfig_defs_load(struct kconfig_defs *defs, const struct tree *t);
void kconfig_defs_release(struct kconfig_defs *defs);
int kconfig_defs_has(const struct kconfig_defs *defs, const char *name);
/* Up to max defined names nearest to name (edit distance), for "did you mean". */
void kconfig_defs_suggest(const struct kconfig_defs *defs, const char *name, size_t max,
			  struct strvec *out);

#endif
