/*
 * cocci.c - run a semantic patch with spatch over files of the tree (patch
 * and report mode side by side, the files split over jobs), then hand its
 * output to cocci_parse.c, which turns it into the plan.
 */
#include "cocci.h"
#include "run_command.h"
#include "walk.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* ------------------------------------------------------------------------ */
/* Running spatch. */

enum ref_kind cocci_kind(const char *patch)
{
	static const struct {
		const char *patch;
		enum ref_kind kind;
	} kinds[] = {
		{ "is_enabled", KIND_C_IS_ENABLED },
		{ "include", KIND_C_INCLUDE },
		{ "calls", KIND_C_CALL },
	};
	const char *base = path_basename(patch);
	size_t n = strlen(base);

	if (ends_with(base, ".cocci"))
		n -= 6;
	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++)
		if (strlen(kinds[i].patch) == n && !strncmp(base, kinds[i].patch, n))
			return kinds[i].kind;
	return KIND_C_OTHER;
}

/* The words of the patch's "// Options:" line (as scripts/coccicheck reads it). */
static void patch_options(const char *text, struct strvec *out)
{
	const char *p = strstr(text, "// Options:");
	const char *eol;

	if (!p)
		return;
	p += strlen("// Options:");
	eol = strchr(p, '\n');
	if (!eol)
		eol = p + strlen(p);
	while (p < eol) {
		const char *w;

		while (p < eol && (*p == ' ' || *p == '\t'))
			p++;
		w = p;
		while (p < eol && *p != ' ' && *p != '\t')
			p++;
		if (p > w)
			sv_push_owned(out, xstrndup(w, (size_t)(p - w)));
	}
}

/*
 * A semantic patch with python rules makes spatch start python3 first, to
 * find the libpython it loads, looking python3 up in PATH.  Debian's
 * coccinelle is built against Debian's python3; a PATH that puts a shim
 * first (pyenv's is a chain of bash scripts) costs more than the rest of a
 * small spatch run, 0.6 s a process here, and could load another libpython.
 * So the interpreter is named when the distribution's is there.
 */
static void python_option(const char *text, struct strvec *out)
{
	static const char debian_python[] = "/usr/bin/python3";

	if (!strstr(text, ":python"))
		return;
	if (access(debian_python, X_OK) != 0)
		return;
	sv_push(out, "--python");
	sv_push(out, debian_python);
}

/* One spatch process: its stdout through a pipe, its stderr into a temporary file. */
struct spatch_run {
	struct child_process cp;
	FILE *err_file;
	struct strbuf out, errtext;
	int status;
};

/*
 * Start argv in dir, its stderr into a file without a name in tmp_dir;
 * returns 0, or -1 with errno set (ENOENT: no spatch).
 */
static int spawn(struct spatch_run *r, const char *dir, char *const argv[], const char *tmp_dir)
{
	struct child_process init = CHILD_PROCESS_INIT;
	int fd;

	memset(r, 0, sizeof(*r));
	r->cp = init;
	fd = tmp_unnamed(tmp_dir, 1);
	r->err_file = fd < 0 ? NULL : fdopen(fd, "w+");
	if (!r->err_file) {
		int e = errno;

		if (fd >= 0)
			close(fd);
		errno = e;
		return -1;
	}
	r->cp.argv = argv;
	r->cp.dir = dir;
	r->cp.in = CHILD_NULL;
	r->cp.out = CHILD_PIPE;
	r->cp.err = CHILD_FD;
	r->cp.err_fd = fileno(r->err_file);
	if (start_command(&r->cp) < 0) {
		int e = errno;

		fclose(r->err_file);
		r->err_file = NULL;
		errno = e;
		return -1;
	}
	return 0;
}

/* Read the stdout of every run until all close, then reap them. */
static void collect(struct spatch_run *runs, size_t n)
{
	struct pollfd *pfd = xcalloc(n ? n : 1, sizeof(*pfd));
	size_t *map = xcalloc(n ? n : 1, sizeof(*map));
	size_t open_fds = 0;

	for (size_t i = 0; i < n; i++)
		open_fds += runs[i].cp.out_fd >= 0;
	while (open_fds) {
		size_t k = 0;

		for (size_t i = 0; i < n; i++)
			if (runs[i].cp.out_fd >= 0) {
				pfd[k].fd = runs[i].cp.out_fd;
				pfd[k].events = POLLIN;
				pfd[k].revents = 0;
				map[k++] = i;
			}
		if (poll(pfd, k, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (size_t j = 0; j < k; j++) {
			struct spatch_run *r = &runs[map[j]];
			char buf[65536];
			ssize_t got;

			if (!pfd[j].revents)
				continue;
			got = read(r->cp.out_fd, buf, sizeof(buf));
			if (got > 0) {
				sb_addn(&r->out, buf, (size_t)got);
			} else if (got == 0 || errno != EINTR) {
				close(r->cp.out_fd);
				r->cp.out_fd = -1;
				open_fds--;
			}
		}
	}
	free(pfd);
	free(map);
	for (size_t i = 0; i < n; i++) {
		struct spatch_run *r = &runs[i];
		char buf[65536];
		size_t got;

		/* -1 (cannot wait) counts as a failure, as a signal does (128 + N). */
		r->status = finish_command(&r->cp);
		if (r->status < 0)
			r->status = 126;
		rewind(r->err_file);
		while ((got = fread(buf, 1, sizeof(buf), r->err_file)) > 0)
			sb_addn(&r->errtext, buf, got);
		fclose(r->err_file);
		r->err_file = NULL;
	}
}

static void run_release(struct spatch_run *r)
{
	sb_release(&r->out);
	sb_release(&r->errtext);
}

/* The last non-empty lines of text (at most 5), indented, for an error message. */
static void add_tail(struct strbuf *err, const char *text)
{
	size_t len = strlen(text), start = len;
	int lines = 0;

	while (start > 0 && lines < 6) {
		start--;
		if (text[start] == '\n')
			lines++;
	}
	if (start > 0)
		start++;
	for (const char *p = text + start; *p;) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);

		if (n)
			sb_addf(err, "    %.*s\n", (int)n, p);
		p = eol ? eol + 1 : p + n;
	}
}

/*
 * Split files into n lists of about equal size, largest first, each file to
 * the lightest list (spatch's time grows with the size of what it parses).
 */
static void split_files(const char *root, const struct strvec *files, size_t n,
			struct strvec *lists)
{
	struct sized {
		size_t size;
		const char *path;
	} *v = xcalloc(files->n, sizeof(*v));
	size_t *load = xcalloc(n, sizeof(*load));

	for (size_t i = 0; i < files->n; i++) {
		char *full = path_join(root, files->v[i]);
		struct stat st;

		v[i].path = files->v[i];
		v[i].size = stat(full, &st) == 0 ? (size_t)st.st_size : 0;
		free(full);
	}
	/* Insertion sort, largest first: the lists are short. */
	for (size_t i = 1; i < files->n; i++)
		for (size_t j = i; j > 0 && v[j].size > v[j - 1].size; j--) {
			struct sized t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	for (size_t i = 0; i < files->n; i++) {
		size_t best = 0;

		for (size_t k = 1; k < n; k++)
			if (load[k] < load[best])
				best = k;
		sv_push(&lists[best], v[i].path);
		load[best] += v[i].size + 1;
	}
	free(v);
	free(load);
}

/*
 * A --file-groups file, one file per group (blank-line separated), without
 * a name in tmp_dir: spatch reads it as /dev/fd/N (the descriptor, not
 * close-on-exec, is inherited), and nothing of it is left after a kill.
 * Returns the descriptor (its name into name), or -1 with a message in err.
 */
static int write_groups(const char *tmp_dir, char name[40], const struct strvec *files,
			struct strbuf *err)
{
	struct strbuf g = STRBUF_INIT;
	int fd = tmp_unnamed(tmp_dir, 0);

	if (fd < 0) {
		sb_addf(err, "excise: cannot create a temporary file in %s: %s\n",
			tmp_dir ? tmp_dir : "/tmp", strerror(errno));
		return -1;
	}
	for (size_t i = 0; i < files->n; i++)
		sb_addf(&g, "%s\n\n", files->v[i]);
	if (write(fd, g.buf, g.len) != (ssize_t)g.len) {
		sb_addf(err, "excise: cannot write a temporary file in %s: %s\n",
			tmp_dir ? tmp_dir : "/tmp", errno ? strerror(errno) : "short write");
		close(fd);
		fd = -1;
	}
	sb_release(&g);
	snprintf(name, 40, "/dev/fd/%d", fd);
	return fd;
}

/* A NULL-terminated argv: common, then the mode's own words. */
static char **mode_argv(const struct strvec *common, const char *groups, const char *const *words)
{
	size_t n = 0, k = 0;
	char **argv;

	while (words[n])
		n++;
	argv = xcalloc(common->n + 2 + n + 1, sizeof(*argv));
	for (size_t i = 0; i < common->n; i++)
		argv[k++] = xstrdup(common->v[i]);
	argv[k++] = xstrdup("--file-groups");
	argv[k++] = xstrdup(groups);
	for (size_t i = 0; i < n; i++)
		argv[k++] = xstrdup(words[i]);
	argv[k] = NULL;
	return argv;
}

static void free_argv(char **argv)
{
	for (size_t i = 0; argv && argv[i]; i++)
		free(argv[i]);
	free(argv);
}

int cocci_run(const char *root, const char *cocci_dir, const char *patch,
	      const struct strvec *defines, const struct strvec *files, int jobs,
	      const char *tmp_dir, unsigned modes, struct strbuf *diff_text,
	      struct strbuf *report_text, struct cocci_report *rep, struct strbuf *err)
{
	static const char *const patch_words[] = { "-D", "patch", "--very-quiet", NULL };
	static const char *const report_words[] = {
		"-D", "report", "--no-show-diff", "--quiet", "--verbose-parsing", NULL
	};
	const char *const *mode_words[2] = { patch_words, report_words };
	char *patch_path, *abs_patch = NULL;
	struct strbuf text = STRBUF_INIT;
	struct strvec common = STRVEC_INIT, *lists = NULL;
	char (*groups)[40] = NULL;
	int *group_fds = NULL;
	struct spatch_run *runs = NULL;
	int *run_mode = NULL;
	size_t nchunks, nruns = 0, nmodes = (size_t)!!(modes & COCCI_PATCH) + !!(modes & COCCI_REPORT);
	int status = -1;
	double t0;

	rep->files += files->n;
	if (!files->n || !nmodes)
		return 0;
	patch_path = path_join(cocci_dir, patch);
	if (read_file(patch_path, &text) < 0) {
		sb_addf(err, "excise: %s: cannot read the semantic patch: %s\n", patch_path,
			strerror(errno));
		goto out;
	}
	abs_patch = realpath(patch_path, NULL);
	if (!abs_patch) {
		sb_addf(err, "excise: %s: %s\n", patch_path, strerror(errno));
		goto out;
	}

	/*
	 * Parallel work is split here, not with spatch --jobs: its workers
	 * write their output into a directory they create in the current
	 * directory, the tree.  Each list of files is one --file-groups file
	 * with one file per group (given as plain arguments, spatch would treat
	 * the files as one unit).
	 */
	nchunks = jobs > 1 ? (size_t)jobs : 1;
	if (nchunks > files->n)
		nchunks = files->n;
	lists = xcalloc(nchunks, sizeof(*lists));
	groups = xcalloc(nchunks, sizeof(*groups));
	group_fds = xcalloc(nchunks, sizeof(*group_fds));
	for (size_t c = 0; c < nchunks; c++)
		group_fds[c] = -1;
	split_files(root, files, nchunks, lists);

	sv_push(&common, "spatch");
	sv_push(&common, "--sp-file");
	sv_push(&common, abs_patch);
	for (size_t i = 0; i < defines->n; i++) {
		sv_push(&common, "-D");
		sv_push(&common, defines->v[i]);
	}
	patch_options(text.buf, &common);
	python_option(text.buf, &common);
	{
		/* Kernel attribute macros spatch's standard.h lacks (cocci/kernel.h). */
		char *macros = path_join(cocci_dir, "kernel.h");
		char *abs_macros = realpath(macros, NULL);

		if (abs_macros) {
			sv_push(&common, "--macro-file");
			sv_push_owned(&common, abs_macros);
		}
		free(macros);
	}

	runs = xcalloc(nmodes * nchunks, sizeof(*runs));
	run_mode = xcalloc(nmodes * nchunks, sizeof(*run_mode));
	t0 = seconds_now();
	for (size_t c = 0; c < nchunks; c++) {
		size_t want = nruns;

		group_fds[c] = write_groups(tmp_dir, groups[c], &lists[c], err);
		if (group_fds[c] < 0)
			break;
		for (int mode = 0; mode < 2; mode++) {
			char **argv;
			int r, e;

			if (!(modes & (mode ? COCCI_REPORT : COCCI_PATCH)))
				continue;
			want++;
			argv = mode_argv(&common, groups[c], mode_words[mode]);
			r = spawn(&runs[nruns], root, argv, tmp_dir);
			e = errno;
			free_argv(argv);
			if (r < 0) {
				if (e == ENOENT)
					sb_addf(err, "excise: spatch not found (install coccinelle)\n");
				else
					sb_addf(err, "excise: cannot run spatch: %s\n", strerror(e));
				break;
			}
			run_mode[nruns++] = mode;
		}
		if (nruns != want)
			break;
	}
	collect(runs, nruns);
	rep->seconds += seconds_now() - t0;
	if (nruns != nmodes * nchunks)
		goto out;

	for (size_t i = 0; i < nruns; i++) {
		if (runs[i].status == 127) {
			sb_addf(err, "excise: spatch not found (install coccinelle)\n");
			goto out;
		}
		if (runs[i].status) {
			sb_addf(err, "excise: spatch -D %s with %s failed (exit %d):\n",
				run_mode[i] ? "report" : "patch", patch, runs[i].status);
			add_tail(err, runs[i].errtext.buf ? runs[i].errtext.buf : "");
			goto out;
		}
		cocci_parse_stderr(runs[i].errtext.buf, runs[i].errtext.len, &rep->unparsed,
				   &rep->failed);
		if (runs[i].out.len)
			sb_addn(run_mode[i] ? report_text : diff_text, runs[i].out.buf, runs[i].out.len);
	}
	sv_sort_uniq(&rep->unparsed);
	sv_sort_uniq(&rep->failed);
	status = 0;
out:
	for (size_t i = 0; i < nruns; i++)
		run_release(&runs[i]);
	free(runs);
	free(run_mode);
	for (size_t c = 0; lists && c < nchunks; c++) {
		if (group_fds[c] >= 0)
			close(group_fds[c]);
		sv_clear(&lists[c]);
	}
	free(lists);
	free(groups);
	free(group_fds);
	sv_clear(&common);
	sb_release(&text);
	free(patch_path);
	free(abs_patch);
	return status;
}

int cocci_apply(struct plan *plan, const char *cocci_dir, const char *patch,
		const struct strvec *defines, const struct strvec *files, int jobs,
		const char *tmp_dir, struct cocci_report *rep, struct strbuf *err)
{
	struct strbuf diff_text = STRBUF_INIT, report_text = STRBUF_INIT;
	struct cocci_diff diff = { NULL, 0, 0 };
	struct cocci_findings findings = { NULL, 0, 0 };
	char *reason;
	int status;
	long added;

	if (!files->n) {
		rep->files += files->n;
		return 0;
	}
	status = cocci_run(plan->root, cocci_dir, patch, defines, files, jobs, tmp_dir,
			   COCCI_PATCH | COCCI_REPORT, &diff_text, &report_text, rep, err);
	if (status < 0)
		goto out;
	cocci_parse_report(report_text.buf, report_text.len, &findings);
	if (cocci_parse_diff(diff_text.buf, diff_text.len, &diff, err) < 0)
		status = -1;
	{
		struct strbuf r = STRBUF_INIT;

		sb_addf(&r, "%s", patch);
		for (size_t i = 0; i < defines->n; i++)
			sb_addf(&r, " -D %s", defines->v[i]);
		reason = sb_detach(&r, NULL);
	}
	added = cocci_diff_to_plan(plan, &diff, &findings, cocci_kind(patch), reason, err);
	if (added < 0)
		status = -1;
	else
		rep->edits += (size_t)added;
	rep->reviews += cocci_findings_to_notes(plan, &findings, cocci_kind(patch), patch);
	free(reason);
out:
	cocci_diff_release(&diff);
	cocci_findings_release(&findings);
	sb_release(&diff_text);
	sb_release(&report_text);
	return status;
}
