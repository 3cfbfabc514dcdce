/* builtin/main.c - excise: remove a dead subsystem from a Linux tree, and prove it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "util.h"

/*
 * write_error: the exit status when stdout could not be written (and the
 * command would have exited 0): 1 as coreutils, but 2 ("error") where 1
 * has a meaning of its own: locate (none found, as grep), cpp (something
 * changed, as unifdef), spec (none), kconfig (not defined).
 */
static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
	int write_error;
} commands[] = {
	{ "locate", cmd_locate, "find every reference to a subsystem (or --dangling symbols)", 2 },
	{ "remove", cmd_remove, "remove a subsystem: plan, check, then apply atomically", 1 },
	{ "check", cmd_check, "prove a removal: residue, Kconfig, sparse, build, boot", 1 },
	{ "cpp", cmd_cpp, "resolve preprocessor conditionals with symbols off (like unifdef)", 2 },
	{ "spec", cmd_spec, "what a spec says (--get KEY), for scripts", 2 },
	{ "kbuild", cmd_kbuild, "what the Makefiles say: the options an object needs", 1 },
	{ "kconfig", cmd_kconfig, "what Kconfig says: where a symbol is defined, its dependencies", 2 },
	{ "boot-log", cmd_boot_log, "the lines of a boot's console log that show what it did", 1 },
	{ "kconfig-remove", cmd_kconfig_remove, NULL, 1 },   /* hidden: debugging */
};

/*
 * The end of every run that returns (as coreutils' close_stdout, without
 * atexit): stdout is flushed and closed, and output that did not all get
 * written (a full disk, /dev/full, an I/O error) is an error:
 * "excise: write error: No space left on device", and then what the
 * command has left behind (write_error_note).  Returns rc, or after
 * a write error the larger of rc and write_error (a status that says more,
 * remove's 3, stays).  A run that exits through die() has failed already;
 * a closed pipe ends it with SIGPIPE, as it does cat.
 */
const char *write_error_note;

static int close_stdout(int rc, int write_error)
{
	int failed = ferror(stdout), e = 0;

	if (fclose(stdout) != 0) {
		failed = 1;
		e = errno;
	}
	if (!failed)
		return rc;
	fprintf(stderr, "%s: write error%s%s%s%s\n", progname, e ? ": " : "", e ? strerror(e) : "",
		write_error_note ? "; " : "", write_error_note ? write_error_note : "");
	return rc > write_error ? rc : write_error;
}

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
		return close_stdout(0, 1);
	}
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(argv[1], commands[i].name))
			return close_stdout(commands[i].fn(argc - 1, argv + 1), commands[i].write_error);
	die("'%s' is not a command; see 'excise --help'", argv[1]);
}
