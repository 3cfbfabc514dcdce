/* Unit tests of run_command.c: argv without a shell, redirections, environment, status, waits. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

#include "run_command.h"
#include "unit.h"

static int alarms;

static void on_alarm(int sig)
{
	(void)sig;
	alarms++;
}

/* Capture the stdout of argv; returns the status. */
static int capture(char **argv, struct strbuf *out)
{
	struct child_process cp = CHILD_PROCESS_INIT;

	cp.argv = argv;
	return capture_command(&cp, out, NULL);
}

static void test_status_and_output(void)
{
	char *echo[] = { "echo", "a b", "$HOME", ";", "c", NULL };
	char *t[] = { "true", NULL }, *f[] = { "false", NULL };
	char *killed[] = { "sh", "-c", "kill -TERM $$", NULL };
	struct strbuf out = STRBUF_INIT;

	/* The words reach the program as they are: no shell splits or expands them. */
	CHECK(capture(echo, &out) == 0);
	CHECK_STR(out.buf, "a b $HOME ; c\n");
	CHECK(run_capture(NULL, t, NULL, 0) == 0);
	CHECK(run_capture(NULL, f, NULL, 0) == 1);
	CHECK(run_capture(NULL, killed, NULL, 0) == 128 + SIGTERM);
	sb_release(&out);
}

static void test_not_found(void)
{
	char *argv[] = { "excise-no-such-program-here", NULL };
	char *argv2[] = { "true", NULL };
	struct child_process cp = CHILD_PROCESS_INIT;

	cp.argv = argv;
	cp.out = CHILD_PIPE;
	errno = 0;
	CHECK(start_command(&cp) == -1);
	CHECK(errno == ENOENT);
	CHECK(cp.pid == -1 && cp.out_fd == -1);
	CHECK(run_capture(NULL, argv, NULL, 1) == -1);
	/* A directory that does not exist: the child never runs. */
	CHECK(run_capture("/nonexistent-excise-dir", argv2, NULL, 1) == -1);
	/* Negative control: a program that exists starts. */
	cp.argv = argv2;
	CHECK(start_command(&cp) == 0);
	CHECK(finish_command(&cp) == 0);
}

static void test_dir_and_env(void)
{
	char *pwd[] = { "pwd", NULL }, *env[] = { "env", NULL };
	char *add[] = { "EXCISE_RC_TEST=forty two", "EXCISE_RC_GONE", NULL };
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT;

	CHECK(run_capture("/", pwd, &out, 0) == 0);
	CHECK_STR(out.buf, "/\n");
	sb_reset(&out);
	setenv("EXCISE_RC_GONE", "here", 1);
	setenv("EXCISE_RC_TEST", "old", 1);
	cp.argv = env;
	cp.env = add;
	CHECK(capture_command(&cp, &out, NULL) == 0);
	CHECK(strstr(out.buf, "\nEXCISE_RC_TEST=forty two\n") != NULL);
	CHECK(!strstr(out.buf, "EXCISE_RC_TEST=old"));
	CHECK(!strstr(out.buf, "EXCISE_RC_GONE"));
	/* Negative control: without the additions the child sees ours. */
	sb_reset(&out);
	CHECK(run_capture(NULL, env, &out, 0) == 0);
	CHECK(strstr(out.buf, "EXCISE_RC_GONE=here") != NULL);
	unsetenv("EXCISE_RC_GONE");
	unsetenv("EXCISE_RC_TEST");
	sb_release(&out);
}

static void test_redirections(void)
{
	char *both[] = { "sh", "-c", "echo out; echo err >&2", NULL };
	char *big[] = { "sh", "-c", "head -c 300000 /dev/zero; head -c 200000 /dev/zero >&2", NULL };
	char *cat[] = { "cat", NULL };
	char *file = xasprintf("%s/log", unit_mkdir("run-command"));
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;

	/* stdout into a file, stderr with it (2>&1). */
	cp.argv = both;
	cp.out = CHILD_FILE;
	cp.out_path = file;
	cp.err = CHILD_TO_OUT;
	CHECK(run_command(&cp) == 0);
	CHECK(read_file(file, &out) == 0);
	CHECK_STR(out.buf, "out\nerr\n");
	/* Apart, through two pipes. */
	sb_reset(&out);
	cp = (struct child_process)CHILD_PROCESS_INIT;
	cp.argv = both;
	CHECK(capture_command(&cp, &out, &err) == 0);
	CHECK_STR(out.buf, "out\n");
	CHECK_STR(err.buf, "err\n");
	/* More than a pipe holds on both: neither blocks the other. */
	sb_reset(&out);
	sb_reset(&err);
	cp = (struct child_process)CHILD_PROCESS_INIT;
	cp.argv = big;
	CHECK(capture_command(&cp, &out, &err) == 0);
	CHECK(out.len == 300000 && err.len == 200000);
	/* stdin from /dev/null: cat ends at once. */
	sb_reset(&out);
	cp = (struct child_process)CHILD_PROCESS_INIT;
	cp.argv = cat;
	cp.in = CHILD_NULL;
	CHECK(capture_command(&cp, &out, NULL) == 0);
	CHECK(out.len == 0);
	/* stderr to /dev/null. */
	sb_reset(&err);
	cp = (struct child_process)CHILD_PROCESS_INIT;
	cp.argv = both;
	cp.err = CHILD_NULL;
	cp.out = CHILD_NULL;
	CHECK(run_command(&cp) == 0);
	unlink(file);
	rmdir(unit_dir);
	free(file);
	sb_release(&out);
	sb_release(&err);
}

/* Several children at once, finished in another order than started. */
static void test_parallel(void)
{
	char *a[] = { "sh", "-c", "sleep 0.2; echo first", NULL };
	char *b[] = { "sh", "-c", "echo second; exit 4", NULL };
	struct child_process ca = CHILD_PROCESS_INIT, cb = CHILD_PROCESS_INIT;
	struct strbuf oa = STRBUF_INIT, ob = STRBUF_INIT;

	ca.argv = a;
	ca.out = CHILD_PIPE;
	cb.argv = b;
	cb.out = CHILD_PIPE;
	CHECK(start_command(&ca) == 0);
	CHECK(start_command(&cb) == 0);
	CHECK(read_fd(cb.out_fd, &ob) == 0);
	CHECK(finish_command(&cb) == 4);
	CHECK(read_fd(ca.out_fd, &oa) == 0);
	CHECK(finish_command(&ca) == 0);
	CHECK_STR(oa.buf, "first\n");
	CHECK_STR(ob.buf, "second\n");
	/* A child already waited for is not waited for again. */
	CHECK(finish_command(&ca) == -1);
	sb_release(&oa);
	sb_release(&ob);
}

/* A signal during the wait (no SA_RESTART) does not lose the child's status. */
static void test_eintr(void)
{
	char *argv[] = { "sh", "-c", "sleep 0.5; exit 3", NULL };
	struct sigaction sa;
	struct itimerval it = { { 0, 50000 }, { 0, 50000 } }, off = { { 0, 0 }, { 0, 0 } };

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	CHECK(run_capture(NULL, argv, NULL, 0) == 3);
	setitimer(ITIMER_REAL, &off, NULL);
	CHECK(alarms > 0);
}

int main(void)
{
	test_status_and_output();
	test_not_found();
	test_dir_and_env();
	test_redirections();
	test_parallel();
	test_eintr();
	return unit_done("run_command");
}
