/* run_command.c - start, wait for and capture child processes (see run_command.h). */
#include "run_command.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

static void close_fd(int *fd)
{
	if (*fd >= 0) {
		int e = errno;

		close(*fd);
		errno = e;
	}
	*fd = -1;
}

/* The name part of "NAME=value" or "NAME": its length. */
static size_t env_name_len(const char *s)
{
	return strcspn(s, "=");
}

/* Our environment with the additions applied; the strings are shared, the array is new. */
static char **child_env(char *const *add)
{
	size_t n = 0, nadd = 0, k = 0;
	char **env;

	while (environ[n])
		n++;
	while (add[nadd])
		nadd++;
	env = xcalloc(n + nadd + 1, sizeof(*env));
	for (size_t i = 0; i < n; i++) {
		size_t len = env_name_len(environ[i]);
		int replaced = 0;

		for (size_t j = 0; j < nadd && !replaced; j++)
			replaced = env_name_len(add[j]) == len && !strncmp(add[j], environ[i], len);
		if (!replaced)
			env[k++] = environ[i];
	}
	for (size_t j = 0; j < nadd; j++)
		if (add[j][env_name_len(add[j])] == '=')
			env[k++] = add[j];
	env[k] = NULL;
	return env;
}

/*
 * The descriptor the child gets for one of its standard streams: -1 for
 * "inherit"; *ours is set to the end we keep (a pipe's read end) and
 * *close_after to what we close once the child has it.
 */
static int child_end(enum child_io how, const char *path, int given, int for_write, int *ours,
		     int *close_after)
{
	int p[2];

	*ours = -1;
	*close_after = -1;
	switch (how) {
	case CHILD_INHERIT:
	case CHILD_TO_OUT:
		return -1;
	case CHILD_NULL:
		*close_after = open("/dev/null", for_write ? O_WRONLY | O_CLOEXEC : O_RDONLY | O_CLOEXEC);
		return *close_after >= 0 ? *close_after : -2;
	case CHILD_FILE:
		if (!path) {
			errno = EINVAL;
			return -2;
		}
		*close_after = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
		return *close_after >= 0 ? *close_after : -2;
	case CHILD_FD:
		if (given < 0) {
			errno = EBADF;
			return -2;
		}
		return given;
	case CHILD_PIPE:
		if (!for_write || pipe2(p, O_CLOEXEC) < 0) {
			if (!for_write)
				errno = EINVAL;
			return -2;
		}
		*ours = p[0];
		*close_after = p[1];
		return p[1];
	}
	errno = EINVAL;
	return -2;
}

/* In the child: make fd its descriptor target (dup2 clears close-on-exec). */
static int child_dup(int fd, int target)
{
	if (fd < 0)
		return 0;
	if (fd == target)
		return fcntl(fd, F_SETFD, 0);
	return dup2(fd, target) < 0 ? -1 : 0;
}

int start_command(struct child_process *cp)
{
	int fd_in, fd_out, fd_err, close_in, close_out, close_err, ours_in, ours_out, ours_err;
	int report[2], e = 0;
	char **env = NULL;
	ssize_t got;

	cp->pid = -1;
	if (cp->in != CHILD_INHERIT && cp->in != CHILD_NULL) {
		errno = EINVAL;
		return -1;
	}
	fd_in = child_end(cp->in, NULL, -1, 0, &ours_in, &close_in);
	fd_out = fd_in == -2 ? -2
			     : child_end(cp->out, cp->out_path, cp->out_fd, 1, &ours_out, &close_out);
	if (fd_out == -2) {
		e = errno;
		close_fd(&close_in);
		errno = e;
		return -1;
	}
	fd_err = child_end(cp->err, cp->err_path, cp->err_fd, 1, &ours_err, &close_err);
	if (fd_err == -2) {
		e = errno;
		close_fd(&close_in);
		close_fd(&close_out);
		close_fd(&ours_out);
		errno = e;
		return -1;
	}
	/* The child reports a failed chdir or exec through this pipe; a successful exec closes it. */
	if (pipe2(report, O_CLOEXEC) < 0)
		goto fail;
	if (cp->env)
		env = child_env(cp->env);
	fflush(stdout);
	fflush(stderr);
	cp->pid = fork();
	if (cp->pid < 0) {
		close_fd(&report[0]);
		close_fd(&report[1]);
		goto fail;
	}
	if (cp->pid == 0) {
		sigset_t none;
		int err;

		/* A signal the parent holds while it writes (apply, commit) is the child's to take. */
		sigemptyset(&none);
		pthread_sigmask(SIG_SETMASK, &none, NULL);

		/* 2>&1 onto a stdout that is ours: dup stdout first. */
		if (child_dup(fd_in, 0) < 0 || child_dup(fd_out, 1) < 0 ||
		    child_dup(cp->err == CHILD_TO_OUT ? 1 : fd_err, 2) < 0 ||
		    (cp->dir && chdir(cp->dir) < 0)) {
			err = errno;
		} else {
			if (env)
				execvpe(cp->argv[0], cp->argv, env);
			else
				execvp(cp->argv[0], cp->argv);
			err = errno;
		}
		if (write(report[1], &err, sizeof(err)) < 0)
			_exit(126);
		_exit(127);
	}
	free(env);
	close_fd(&report[1]);
	close_fd(&close_in);
	close_fd(&close_out);
	close_fd(&close_err);
	while ((got = read(report[0], &e, sizeof(e))) < 0 && errno == EINTR)
		;
	close_fd(&report[0]);
	if (got == (ssize_t)sizeof(e)) {
		/* It never ran: reap it, and say why. */
		while (waitpid(cp->pid, NULL, 0) < 0 && errno == EINTR)
			;
		cp->pid = -1;
		close_fd(&ours_out);
		close_fd(&ours_err);
		errno = e;
		return -1;
	}
	if (cp->out == CHILD_PIPE)
		cp->out_fd = ours_out;
	if (cp->err == CHILD_PIPE)
		cp->err_fd = ours_err;
	return 0;
fail:
	e = errno;
	free(env);
	close_fd(&close_in);
	close_fd(&close_out);
	close_fd(&close_err);
	close_fd(&ours_out);
	close_fd(&ours_err);
	cp->pid = -1;
	errno = e;
	return -1;
}

int finish_command(struct child_process *cp)
{
	int status;

	if (cp->out == CHILD_PIPE)
		close_fd(&cp->out_fd);
	if (cp->err == CHILD_PIPE)
		close_fd(&cp->err_fd);
	if (cp->pid <= 0) {
		errno = ECHILD;
		return -1;
	}
	while (waitpid(cp->pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	cp->pid = -1;
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return -1;
}

int run_command(struct child_process *cp)
{
	if (start_command(cp) < 0)
		return -1;
	return finish_command(cp);
}

int read_fd(int fd, struct strbuf *sb)
{
	char buf[65536];
	ssize_t n;

	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		sb_addn(sb, buf, (size_t)n);
	}
	return 0;
}

int capture_command(struct child_process *cp, struct strbuf *out, struct strbuf *err)
{
	struct pollfd pfd[2];
	struct strbuf *dest[2] = { out, err };

	cp->out = CHILD_PIPE;
	if (err)
		cp->err = CHILD_PIPE;
	if (start_command(cp) < 0)
		return -1;
	pfd[0].fd = cp->out_fd;
	pfd[1].fd = err ? cp->err_fd : -1;
	while (pfd[0].fd >= 0 || pfd[1].fd >= 0) {
		pfd[0].events = pfd[1].events = POLLIN;
		pfd[0].revents = pfd[1].revents = 0;
		if (poll(pfd, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2; i++) {
			char buf[65536];
			ssize_t n;

			if (pfd[i].fd < 0 || !pfd[i].revents)
				continue;
			n = read(pfd[i].fd, buf, sizeof(buf));
			if (n > 0) {
				if (dest[i])
					sb_addn(dest[i], buf, (size_t)n);
			} else if (n == 0 || errno != EINTR) {
				pfd[i].fd = -1;   /* finish_command closes it */
			}
		}
	}
	return finish_command(cp);
}

int run_capture(const char *dir, char *const argv[], struct strbuf *out, int quiet_stderr)
{
	return run_capture_env(dir, NULL, argv, out, quiet_stderr);
}

int run_capture_env(const char *dir, char *const *env, char *const argv[], struct strbuf *out,
		    int quiet_stderr)
{
	struct child_process cp = CHILD_PROCESS_INIT;

	cp.argv = argv;
	cp.dir = dir;
	cp.env = env;
	if (quiet_stderr)
		cp.err = CHILD_NULL;
	if (out)
		return capture_command(&cp, out, NULL);
	return run_command(&cp);
}
