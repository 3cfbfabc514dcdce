/*
 * builtin/connected.c - `excise kconfig connected`: the configuration that
 * exercises a removal (connect.h), as check's connected step builds it.
 *
 *   excise kconfig connected [-C TREE] [--fragment before|after] TARGET...
 *
 * Without --fragment: one line per symbol, "HOW SYM: why".  With it: the
 * config fragment of the tree before (every symbol =y, the removed ones
 * last so that a choice ends on them) or after (the kept ones only).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "connect.h"
#include "remove.h"

static void connected_usage(FILE *out)
{
	fputs("usage: excise kconfig connected [-C TREE] [--fragment before|after] TARGET...\n"
	      "  The symbols a removal of TARGET takes away and the kept symbols connected\n"
	      "  to them (they select, imply or depend on a removed one, share its if\n"
	      "  block, menu or choice, or build a C file the removal edits or that uses\n"
	      "  a removed definition): \"HOW SYM: why\" lines, or with --fragment the\n"
	      "  config fragment check's connected step builds the tree before or after\n"
	      "  with.\n", out);
}

/* The fragment: kept symbols first, then (before) the removed ones. */
void connect_print_fragment(FILE *out, const struct connect_set *set, int before)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < set->n; i++) {
			int removed = set->v[i].how == CONNECT_REMOVED;

			if (removed == pass && (before || !removed))
				fprintf(out, "CONFIG_%s=y\n", set->v[i].name);
		}
}

int cmd_kconfig_connected(int argc, char **argv)
{
	const char *root = ".", *fragment = NULL;
	char **targets = xcalloc((size_t)argc + 1, sizeof(char *));
	int ntargets = 0, rc = 0;
	struct remove_options opt = { 0 };
	struct strbuf err = STRBUF_INIT;
	struct connect_set set;
	struct removal r;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-C") && i + 1 < argc) {
			root = argv[++i];
		} else if (!strcmp(argv[i], "--fragment") && i + 1 < argc) {
			fragment = argv[++i];
			if (strcmp(fragment, "before") && strcmp(fragment, "after")) {
				fprintf(stderr, "%s: kconfig connected: --fragment wants before or after, not '%s'\n",
					progname, fragment);
				free(targets);
				return 2;
			}
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			connected_usage(stdout);
			free(targets);
			return 0;
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "%s: kconfig connected: unknown option '%s'\n", progname, argv[i]);
			connected_usage(stderr);
			free(targets);
			return 2;
		} else {
			targets[ntargets++] = argv[i];
		}
	}
	if (!ntargets) {
		connected_usage(stderr);
		free(targets);
		return 2;
	}
	opt.no_cocci = 1;
	if (removal_plan(&r, root, targets, ntargets, &opt, &err) < 0) {
		print_error_lines(&err);
		die("kconfig connected: cannot plan the removal in %s", root);
	}
	if (connect_symbols(&r, &set, &err) < 0) {
		print_error_lines(&err);
		rc = 2;
	} else if (fragment) {
		connect_print_fragment(stdout, &set, !strcmp(fragment, "before"));
	} else {
		for (size_t i = 0; i < set.n; i++) {
			char *d = connect_describe(&set.v[i]);

			puts(d);
			free(d);
		}
	}
	connect_release(&set);
	removal_release(&r);
	sb_release(&err);
	free(targets);
	return rc;
}
