/* builtin/tree.c - which kernel tree a command works on (builtin.h: find_tree). */
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "target.h"
#include "tree_top.h"

const char *find_tree(const char *given)
{
	static char *found[4];
	static size_t nfound;
	struct strbuf err = STRBUF_INIT;
	const char *start = given ? given : ".";
	char *top;

	if (tree_top_find(start, &top, &err) < 0) {
		print_error_lines(&err);
		sb_release(&err);
		exit(2);
	}
	if (strcmp(top, start))
		fprintf(stderr, "%s: using the kernel tree at %s\n", progname, top);
	/* Kept for the whole run (two at most: check's trees before and after). */
	if (nfound == sizeof(found) / sizeof(*found))
		die("internal error: find_tree called too often");
	found[nfound++] = top;
	return top;
}

void print_gone(FILE *out, const struct footprint *fp)
{
	for (size_t i = 0; i < fp->gone.n; i++) {
		const char *t = fp->gone.v[i];

		fprintf(out, "%s: %s is already removed: %s (%s)\n", progname, t,
			footprint_has_symbol(fp, t) ? "no Kconfig file defines it and nothing refers to it"
						    : "no file or directory of the tree has it and nothing names it",
			fp->gone_how.v[i]);
	}
}
