/* builtin.h - the subcommands of excise (src/builtin/), one cmd_<name> each, as git's. */
#ifndef EXCISE_BUILTIN_H
#define EXCISE_BUILTIN_H

#include <stdio.h>

#include "parse_options.h"
#include "progress.h"

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
	OPT_FLAG(0, "progress", (force), "how far it is, on stderr (default: on a terminal)"),  \
	OPT_FLAG(0, "no-progress", (never), "no progress on stderr")

/*
 * --jobs N, the option of every command that runs threads (options.c):
 * N is 1..JOBS_MAX into the int at value; 0, negative, non-numeric or
 * absurd values are refused ("--jobs: ..." in err).
 */
#define JOBS_MAX 1024
int parse_opt_jobs(const struct option *opt, const char *arg, struct strbuf *err);
#define OPT_JOBS(v) OPT_CALLBACK(0, "jobs", (v), "N", "how many at once, 1 to 1024", parse_opt_jobs)

/*
 * What locate, remove and check do with an error rc of parse_options():
 * "excise: CMD: unknown option 'ARG'" for an unknown option or one that
 * lacks its value (ARG is bad), err for a refused value; exit 2.
 */
void __attribute__((noreturn)) die_option_error(const char *cmd, int rc, const char *bad,
						const struct strbuf *err);

/*
 * parse_options() as locate, remove and check take it (values apart or
 * attached, no "--"): --help prints usage on stdout and exits 0, an error
 * exits 2 through die_option_error.  Returns PARSE_OPT_DONE, or
 * PARSE_OPT_STOP when an option did the command's whole job.
 */
int parse_command_options(const char *cmd, int argc, char **argv, const struct option *options,
			  void (*usage)(FILE *out));

/*
 * What boot-log, spec, kbuild, kconfig and kconfig connected do with an
 * error rc of parse_options(): "excise: CMD: unknown option 'ARG'" (or
 * err, for a refused value) and their usage on stderr.  Returns 2, their
 * exit status.
 */
int usage_option_error(const char *cmd, int rc, const char *bad, const struct strbuf *err,
		       void (*usage)(FILE *out));

#endif
