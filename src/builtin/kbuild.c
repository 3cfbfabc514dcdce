/*
 * builtin/kbuild.c - excise kbuild: what the Makefiles of a tree say, for
 * scripts (sparse-diff.sh asks which options an object needs), read with
 * kbuild.c's parser instead of a second one in awk.
 *
 *   excise kbuild needs [-C TREE] [--config DOTCONFIG] OBJ...
 *
 * For each OBJ (path/to/file.o), the CONFIG_ options its build needs, one
 * level a directory: the Makefile (or Kbuild file) of its directory and of
 * each directory above it, up to the top-level one (not included).  At each
 * level the alternatives are the assignments that name it (obj-$(CONFIG_X)
 * += file.o, or a composite object that does: x-objs, x-y, x-$(CONFIG_Y),
 * followed up to 5 deep), each a conjunction of options, or "-" for none;
 * ifdef blocks are not read.  Output: "OBJ<TAB>LEVEL; LEVEL..." with the
 * alternatives of a level joined by " or ".  With --config, only the levels
 * that the .config file does not satisfy (no alternative whose options are
 * all y or m), and only the objects that have such a level: what the
 * configuration misses to build the object.
 */
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "kbuild.h"

/* The CONFIG_ options set to y or m in a .config file. */
static int load_config(const char *path, struct strset *enabled)
{
	struct strbuf sb = STRBUF_INIT;

	if (read_file(path, &sb) < 0)
		return -1;
	for (char *line = sb.buf; line && *line;) {
		char *nl = strchr(line, '\n'), *eq;

		if (nl)
			*nl = '\0';
		eq = strchr(line, '=');
		if (starts_with(line, "CONFIG_") && eq && (!strcmp(eq, "=y") || !strcmp(eq, "=m")))
			strset_addn(enabled, line, (size_t)(eq - line));
		line = nl ? nl + 1 : NULL;
	}
	sb_release(&sb);
	return 0;
}

/* OBJ: an object path/to/file.o relative to the tree ("./" dropped), onto the strvec at value. */
static int parse_obj(const struct option *opt, const char *arg, struct strbuf *err)
{
	if (!ends_with(arg, ".o") || arg[0] == '/' || strstr(arg, "..")) {
		sb_addf(err, "kbuild: '%s': want an object path/to/file.o, relative to the tree", arg);
		return PARSE_OPT_ERROR;
	}
	sv_push(opt->value, starts_with(arg, "./") ? arg + 2 : arg);
	return PARSE_OPT_DONE;
}

int cmd_kbuild(int argc, char **argv)
{
	const char *root = NULL, *config = NULL, *bad;
	struct strset enabled = STRSET_INIT;
	struct strvec objs = STRVEC_INIT;
	struct strbuf err = STRBUF_INIT;
	int parsed;
	const struct option options[] = {
		OPT_STRING('C', NULL, &root, "TREE", "the kernel tree (default: the one the current "
			   "directory is in)"),
		OPT_STRING(0, "config", &config, "DOTCONFIG", "only what this .config misses"),
		OPT_ARGS_CALLBACK(&objs, "OBJ", parse_obj),
		OPT_END(),
	};

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		show_help(stdout, "kbuild", options);
		return 0;
	}
	if (argc < 2 || strcmp(argv[1], "needs")) {
		if (argc >= 2)
			fprintf(stderr, "%s: kbuild: unknown query '%s'\n", progname, argv[1]);
		show_help(stderr, "kbuild", options);
		return 2;
	}
	/* The options of the query "needs", after it. */
	parsed = parse_options(argc - 1, argv + 1, options,
			       PARSE_OPT_SEPARATE_VALUES, &bad, &err);
	if (parsed != PARSE_OPT_DONE) {
		sv_clear(&objs);
		if (parsed == PARSE_OPT_HELP) {
			show_help(stdout, "kbuild", options);
			return 0;
		}
		if (parsed == PARSE_OPT_ERROR)   /* a bad OBJ: no usage */
			fprintf(stderr, "%s: %s\n", progname, err.buf);
		else
			usage_option_error("kbuild", parsed, bad, &err, "kbuild", options);
		sb_release(&err);
		return 2;
	}
	if (!objs.n) {
		show_help(stderr, "kbuild", options);
		return 2;
	}
	root = find_tree(root);
	if (config && load_config(config, &enabled) < 0) {
		fprintf(stderr, "%s: %s: cannot read the .config\n", progname, config);
		sv_clear(&objs);
		return 2;
	}
	for (size_t k = 0; k < objs.n; k++) {
		struct kbuild_needs kn;
		char *n;

		kbuild_needs(root, objs.v[k], &kn);
		n = kbuild_needs_describe(&kn, config ? &enabled : NULL);

		if (n)
			printf("%s\t%s\n", objs.v[k], n);
		free(n);
		kbuild_needs_release(&kn);
	}
	strset_clear(&enabled);
	sv_clear(&objs);
	return 0;
}
