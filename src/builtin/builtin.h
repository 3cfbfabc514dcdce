/* builtin.h - the subcommands of excise (src/builtin/), one cmd_<name> each, as git's. */
#ifndef EXCISE_BUILTIN_H
#define EXCISE_BUILTIN_H

#include <stdio.h>

#include "parse_options.h"
#include "progress.h"

/*
 * The state a command leaves the tree in, for the message of a write error
 * on stdout that main reports after the command returns ("the removal is
 * complete"), or NULL.
 */
extern const char *write_error_note;

int cmd_locate(int argc, char **argv);
int cmd_remove(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_cpp(int argc, char **argv);
int cmd_spec(int argc, char **argv);
int cmd_boot_log(int argc, char **argv);
int cmd_kbuild(int argc, char **argv);
int cmd_kconfig(int argc, char **argv);
int cmd_kconfig_remove(int argc, char **argv);
int cmd_kconfig_connected(int argc, char **argv);

/*
 * Progress on stderr (progress.c): returns tp's progress if stderr is a
 * terminal or force (--progress) is set, and never (--no-progress) is not;
 * else NULL, which the library takes as "do not tell".
 */
struct term_progress {
	struct progress base;
	int tty;
};
const struct progress *term_progress(struct term_progress *tp, int force, int never);
#define OPT_PROGRESS(force, never)                                                             \
	OPT_FLAG(0, "progress", (force), "say how far it is on stderr (the default on a "          \
		 "terminal)"),                                                                  \
	OPT_FLAG(0, "no-progress", (never), "never say how far it is")

/*
 * The kernel tree a command works on (builtin/tree.c): the top of the tree
 * that given (-C TREE; NULL: the current directory) is in, found upwards as
 * git finds its top (tree_top.h), and said on stderr when it is not given
 * itself.  Outside any tree: the reason and a hint at -C on stderr, exit 2.
 */
const char *find_tree(const char *given);

/*
 * "TARGET is already removed: ... (evidence)", a line for each target of
 * fp that nothing in the tree names and that git shows removed (gone.h).
 */
struct footprint;
void print_gone(FILE *out, const struct footprint *fp);

/* The directory for temporary files: $TMPDIR, or /tmp (the library never reads the environment). */
const char *tmp_dir(void);

/*
 * --jobs N, the option of every command that runs threads (options.c):
 * N is 1..JOBS_MAX into the int at value; 0, negative, non-numeric or
 * absurd values are refused ("--jobs: ..." in err).
 */
#define JOBS_MAX 1024
int parse_opt_jobs(const struct option *opt, const char *arg, struct strbuf *err);
#define OPT_JOBS(v) OPT_CALLBACK(0, "jobs", (v), "N", "how many threads or processes at once, 1 " \
				  "to 1024", parse_opt_jobs)

/*
 * --format=human|json of remove and check (options.c): 1 for json into the
 * int at value; tsv, which only locate writes, and any other is refused.
 */
int parse_opt_json(const struct option *opt, const char *arg, struct strbuf *err);

/*
 * Help (help.c): a command's usage, options and exit status from its doc
 * (doc.c) and its option table.  help_format says how: text for --help,
 * a manual page for `excise help --man`, the option list for the bash
 * completion (`excise help --completion` asks each command for it).
 */
enum help_format {
	HELP_TEXT,      /* --help */
	HELP_MAN,       /* roff, man(7) */
	HELP_OPTIONS,   /* "--name<TAB>ARG" lines */
};
extern enum help_format help_format;
/* The help of the command name (its doc, doc.h) with its options, as help_format says. */
void show_help(FILE *out, const char *name, const struct option *options);
struct doc;
void show_doc(FILE *out, const struct doc *d, const struct option *options);

int cmd_help(int argc, char **argv);

/*
 * What locate, remove and check do with an error rc of parse_options():
 * "excise: CMD: unknown option 'ARG'" for an unknown option or one that
 * lacks its value (ARG is bad), err for a refused value; exit 2.
 */
void __attribute__((noreturn)) die_option_error(const char *cmd, int rc, const char *bad,
						const struct strbuf *err);

/*
 * parse_options() as locate, remove and check take it (values apart or
 * attached, "--" ends them): --help prints the command's help (show_help)
 * on stdout, an error exits 2 through die_option_error.  Returns
 * PARSE_OPT_DONE, or PARSE_OPT_STOP when an option did the command's
 * whole job (--help); the command then returns 0, and main checks the
 * output was written.
 */
int parse_command_options(const char *cmd, int argc, char **argv, const struct option *options);

/*
 * What boot-log, spec, kbuild, kconfig and kconfig connected do with an
 * error rc of parse_options(): "excise: CMD: unknown option 'ARG'" (or
 * err, for a refused value) and their help (show_help of doc) on stderr.
 * Returns 2, their exit status.
 */
int usage_option_error(const char *cmd, int rc, const char *bad, const struct strbuf *err,
		       const char *doc, const struct option *options);

#endif
