/* builtin.h - the subcommands of excise, one cmd_<name> each (as git's builtins). */
#ifndef EXCISE_BUILTIN_H
#define EXCISE_BUILTIN_H

int cmd_locate(int argc, char **argv);
int cmd_remove(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_cpp(int argc, char **argv);
int cmd_spec(int argc, char **argv);
int cmd_boot_log(int argc, char **argv);
int cmd_kbuild(int argc, char **argv);
int cmd_kconfig(int argc, char **argv);
int cmd_kconfig_remove(int argc, char **argv);

/*
 * The value of --jobs N for a front end: 1..JOBS_MAX, or die with
 * "excise: --jobs: ..." (exit 2) for 0, negative, non-numeric or absurd values.
 */
#define JOBS_MAX 1024
int parse_jobs(const char *arg);

#endif
