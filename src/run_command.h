/*
 * run_command.h - the one way excise runs another program: an argv, never a
 * shell (after git's run-command API).
 *
 *   struct child_process cp = CHILD_PROCESS_INIT;
 *   cp.argv = argv;                  // argv[0] looked up in PATH
 *   cp.dir = root;                   // chdir in the child
 *   cp.out = CHILD_PIPE;             // read cp.out_fd, then finish_command
 *   cp.err = CHILD_NULL;
 *   if (start_command(&cp) < 0) ...  // errno: ENOENT when there is no such program
 *   ... read(cp.out_fd, ...) ...
 *   status = finish_command(&cp);    // the exit status, 128 + N for signal N
 *
 * run_command() is start and finish in one; capture_command() collects a
 * piped stdout (and stderr) into buffers.  Starting and finishing apart lets
 * a caller run several children at once (the spatch runs of cocci.c).
 * Everything the child needs (files opened, environment built) is prepared
 * before fork(), so that the child, in a program with threads, only calls
 * dup2, chdir and exec, with an empty signal mask (a signal the parent
 * holds while it writes is the child's to take).  The wait retries on
 * EINTR and on nothing else.
 */
#ifndef EXCISE_RUN_COMMAND_H
#define EXCISE_RUN_COMMAND_H

#include <sys/types.h>

#include "util.h"

/* Where a child's stdin, stdout or stderr goes. */
enum child_io {
	CHILD_INHERIT,   /* ours */
	CHILD_NULL,      /* /dev/null */
	CHILD_PIPE,      /* stdout/stderr: a pipe, read from out_fd/err_fd after start_command */
	CHILD_FILE,      /* stdout/stderr: the file out_path/err_path, created or truncated */
	CHILD_FD,        /* stdout/stderr: the descriptor out_fd/err_fd of ours (left open) */
	CHILD_TO_OUT,    /* stderr: wherever stdout goes (2>&1) */
};

struct child_process {
	char *const *argv;       /* NULL-terminated; argv[0] is looked up in PATH */
	const char *dir;         /* the child's working directory, or NULL for ours */
	char *const *env;        /* NULL-terminated additions: "NAME=value" sets, "NAME" unsets */
	enum child_io in;        /* CHILD_INHERIT or CHILD_NULL */
	enum child_io out, err;
	const char *out_path, *err_path;   /* CHILD_FILE */
	int out_fd, err_fd;      /* CHILD_FD: ours to give; CHILD_PIPE: the read end (we close it) */
	pid_t pid;               /* after start_command */
};
#define CHILD_PROCESS_INIT { NULL, NULL, NULL, CHILD_INHERIT, CHILD_INHERIT, CHILD_INHERIT, \
			     NULL, NULL, -1, -1, -1 }

/*
 * Start the child.  Returns 0, or -1 with errno set (a file that cannot be
 * opened, the directory, fork, or exec: ENOENT for a program not in PATH);
 * nothing is left running or open after a failure.
 */
int start_command(struct child_process *cp);

/*
 * Close the pipes still open, wait for the child and return its exit status
 * (128 + N when signal N killed it), or -1 with errno set if it cannot be
 * waited for.
 */
int finish_command(struct child_process *cp);

/* start_command and finish_command: the status, or -1 if it could not start. */
int run_command(struct child_process *cp);

/*
 * Run with stdout (and stderr, when err is non-NULL) through pipes, appended
 * to out and err (poll(), so neither pipe can fill while the other is
 * read).  cp->out and, if err, cp->err are set to CHILD_PIPE here.  Returns
 * as run_command.
 */
int capture_command(struct child_process *cp, struct strbuf *out, struct strbuf *err);

/*
 * The common case: argv in dir, stdout appended to out (if non-NULL),
 * stderr to /dev/null when quiet_stderr.  Returns as run_command.
 */
int run_capture(const char *dir, char *const argv[], struct strbuf *out, int quiet_stderr);
/* run_capture with env added to the child's environment (as child_process.env). */
int run_capture_env(const char *dir, char *const *env, char *const argv[], struct strbuf *out,
		    int quiet_stderr);

/* Read fd to its end into sb (retrying on EINTR); returns 0, or -1 with errno. */
int read_fd(int fd, struct strbuf *sb);

#endif
