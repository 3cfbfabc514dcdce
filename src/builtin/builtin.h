/* builtin.h - the subcommands of excise (src/builtin/), one cmd_<name> each, as git's. */
#ifndef EXCISE_BUILTIN_H
#define EXCISE_BUILTIN_H

#include <stdio.h>

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

struct connect_set;
/* The config fragment of a connected set (builtin/connected.c): the tree before or after. */
void connect_print_fragment(FILE *out, const struct connect_set *set, int before);

/*
 * The value of --jobs N for a front end: 1..JOBS_MAX, or die with
 * "excise: --jobs: ..." (exit 2) for 0, negative, non-numeric or absurd values.
 */
#define JOBS_MAX 1024
int parse_jobs(const char *arg);

#endif
