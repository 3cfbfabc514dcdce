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

/* --fragment before|after */
static int parse_fragment(const struct option *opt, const char *arg, struct strbuf *err)
{
	if (strcmp(arg, "before") && strcmp(arg, "after")) {
		sb_addf(err, "kconfig connected: --fragment wants before or after, not '%s'", arg);
		return PARSE_OPT_ERROR;
	}
	*(const char **)opt->value = arg;
	return PARSE_OPT_DONE;
}

int cmd_kconfig_connected(int argc, char **argv)
{
	const char *root = NULL, *fragment = NULL, *bad;
	struct strvec targets = STRVEC_INIT;
	int rc = 0, parsed;
	struct remove_options opt = { 0 };
	struct strbuf err = STRBUF_INIT;
	struct connect_set set;
	struct removal r;
	const struct option options[] = {
		OPT_STRING('C', NULL, &root, "TREE", "the kernel tree (default: the one the current "
			   "directory is in)"),
		OPT_CALLBACK(0, "fragment", &fragment, "before|after", "print the config fragment check's connected "
			     "step builds the tree before or after the removal with",
			     parse_fragment),
		OPT_ARGS(&targets, "TARGET"),
		OPT_END(),
	};

	parsed = parse_options(argc, argv, options, PARSE_OPT_SEPARATE_VALUES |
			       PARSE_OPT_DASH_IS_OPTION, &bad, &err);
	if (parsed != PARSE_OPT_DONE) {
		sv_clear(&targets);
		if (parsed == PARSE_OPT_HELP) {
			show_help(stdout, "kconfig connected", options);
			return 0;
		}
		if (parsed == PARSE_OPT_ERROR)   /* a bad --fragment: no usage */
			fprintf(stderr, "%s: %s\n", progname, err.buf);
		else
			usage_option_error("kconfig connected", parsed, bad, &err, "kconfig connected", options);
		sb_release(&err);
		return 2;
	}
	if (!targets.n) {
		show_help(stderr, "kconfig connected", options);
		return 2;
	}
	root = find_tree(root);
	opt.no_cocci = 1;
	if (removal_plan(&r, root, targets.v, (int)targets.n, &opt, &err) < 0) {
		print_error_lines(&err);
		die("kconfig connected: cannot plan the removal in %s", root);
	}
	if (connect_symbols(&r, &set, &err) < 0) {
		print_error_lines(&err);
		rc = 2;
	} else if (fragment) {
		connect_write_fragment(stdout, &set, !strcmp(fragment, "before"));
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
	sv_clear(&targets);
	return rc;
}
