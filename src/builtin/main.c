/* builtin/main.c - excise: remove a dead subsystem from a Linux tree, and prove it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "util.h"

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
} commands[] = {
	{ "locate", cmd_locate, "find every reference to a subsystem (or --dangling symbols)" },
	{ "remove", cmd_remove, "remove a subsystem: plan, check, then apply atomically" },
	{ "check", cmd_check, "prove a removal: residue, Kconfig, sparse, build, boot" },
	{ "cpp", cmd_cpp, "resolve preprocessor conditionals with symbols off (like unifdef)" },
	{ "spec", cmd_spec, "what a spec says (--get KEY), for scripts" },
	{ "kbuild", cmd_kbuild, "what the Makefiles say: the options an object needs" },
	{ "kconfig", cmd_kconfig, "what Kconfig says: where a symbol is defined, its dependencies" },
	{ "boot-log", cmd_boot_log, "the lines of a boot's console log that show what it did" },
	{ "kconfig-remove", cmd_kconfig_remove, NULL },   /* hidden: debugging */
};

static void usage(FILE *out)
{
	fprintf(out, "usage: excise <command> [-C TREE] TARGET... [options]\n\ncommands:\n");
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (commands[i].help)
			fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].help);
	fprintf(out, "\nTARGET is a spec name (intermezzo), a spec file, a Kconfig symbol (SLOB,\n"
		     "CONFIG_SLOB) or a path in the tree (drivers/net/ethernet/intel/ixgb).\n"
		     "See `excise <command> --help` and the README.\n");
}

int main(int argc, char **argv)
{
	/* Where the bundled files are, when not next to the binary. */
	static const char *const dirs[][2] = {
		{ "specs", "EXCISE_SPECS" }, { "cocci", "EXCISE_COCCI" }, { "scripts", "EXCISE_SCRIPTS" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
		if (getenv(dirs[i][1]))
			resource_dir_set(dirs[i][0], getenv(dirs[i][1]));
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	die("'%s' is not a command; see 'excise --help'", argv[1]);
}
