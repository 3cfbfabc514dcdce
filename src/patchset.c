/* patchset.c - the series as git commits, and as format-patch output with a cover letter. */
#define _XOPEN_SOURCE 700
#include "patchset.h"
#include "run_command.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sha1.h"
#include "walk.h"

/*
 * Run git with args (a NULL-terminated strvec is made here) in root, with
 * env added to its environment (NULL: none); output to out if non-NULL.
 */
static int git_v(const char *root, char *const *env, struct strvec *args, struct strbuf *out,
		 int quiet)
{
	GROW(args->v, args->cap, args->n + 1);
	args->v[args->n] = NULL;
	return run_capture_env(root, env, args->v, out, quiet);
}

static void git_args(struct strvec *args, const char *first, ...)
{
	va_list ap;

	sv_push(args, "git");
	va_start(ap, first);
	for (const char *a = first; a; a = va_arg(ap, const char *))
		sv_push(args, a);
	va_end(ap);
}

/* Run a git command given as arguments (NULL-terminated); output trimmed of its last newline. */
static int git_l(const char *root, char *const *env, struct strbuf *out, int quiet,
		 const char *first, ...)
{
	struct strvec args = STRVEC_INIT;
	va_list ap;
	int rc;

	sv_push(&args, "git");
	va_start(ap, first);
	for (const char *a = first; a; a = va_arg(ap, const char *))
		sv_push(&args, a);
	va_end(ap);
	rc = git_v(root, env, &args, out, quiet);
	if (out)
		while (out->len && out->buf[out->len - 1] == '\n')
			out->buf[--out->len] = '\0';
	sv_clear(&args);
	return rc;
}

/* "Name <email>" of git's committer identity, or NULL. */
static char *committer(const char *root)
{
	struct strbuf out = STRBUF_INIT;
	char *id = NULL, *gt;

	if (git_l(root, NULL, &out, 1, "var", "GIT_COMMITTER_IDENT", NULL) == 0 && out.len &&
	    (gt = strchr(out.buf, '>')))
		id = xstrndup(out.buf, (size_t)(gt - out.buf) + 1);
	sb_release(&out);
	return id;
}

/* Mode and blob id of every path of HEAD under the given paths: "path" -> "mode sha". */
static int head_entries(const char *root, const struct strvec *paths, struct strvec *names,
			struct strvec *entries)
{
	struct strvec args = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT;
	int rc;

	git_args(&args, "ls-tree", "-r", "-z", "--full-tree", "HEAD", "--", NULL);
	for (size_t i = 0; i < paths->n; i++)
		sv_push(&args, paths->v[i]);
	rc = git_v(root, NULL, &args, &out, 0);
	for (size_t i = 0; rc == 0 && i < out.len;) {
		const char *e = out.buf + i, *tab = strchr(e, '\t');
		size_t n = strlen(e);

		/* "<mode> blob <sha>\t<path>" */
		if (tab && tab - e > 6) {
			const char *sha = tab - 40;

			sv_push(names, tab + 1);
			sv_push_owned(entries, xasprintf("%.6s %.40s", e, sha));
		}
		i += n + 1;
	}
	sv_clear(&args);
	sb_release(&out);
	return rc == 0 ? 0 : -1;
}

static const char *entry_of(const struct strvec *names, const struct strvec *entries,
			    const char *path)
{
	for (size_t i = 0; i < names->n; i++)
		if (!strcmp(names->v[i], path))
			return entries->v[i];
	return NULL;
}

/* The distinct paths the plan edits. */
static void edited_paths(const struct plan *plan, struct strvec *out)
{
	for (size_t i = 0; i < plan->nedits; i++)
		if (!i || strcmp(plan->edits[i].path, plan->edits[i - 1].path))
			sv_push(out, plan->edits[i].path);
}

int patchset_check(const struct removal *r, struct strbuf *err)
{
	const char *root = r->plan.root;
	struct strvec paths = STRVEC_INIT, names = STRVEC_INIT, entries = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT;
	char *who;
	int bad = 0;

	if (git_l(root, NULL, &out, 1, "rev-parse", "--verify", "-q", "HEAD^{commit}", NULL) != 0) {
		sb_addf(err, "excise: %s: --commit needs a git work tree with a commit to build on\n",
			root);
		sb_release(&out);
		return -1;
	}
	if (git_l(root, NULL, NULL, 1, "diff", "--cached", "--quiet", NULL) != 0) {
		sb_addf(err, "excise: %s: the index has staged changes; commit or unstage them first\n",
			root);
		bad = 1;
	}
	who = committer(root);
	if (!who) {
		sb_addf(err, "excise: %s: git does not know who commits (set user.name and user.email)\n",
			root);
		bad = 1;
	}
	free(who);
	edited_paths(&r->plan, &paths);
	if (paths.n && head_entries(root, &paths, &names, &entries) < 0) {
		sb_addf(err, "excise: %s: git ls-tree HEAD failed\n", root);
		bad = 1;
	}
	for (size_t i = 0; !bad && i < paths.n; i++) {
		const char *entry = entry_of(&names, &entries, paths.v[i]);
		const struct plan_file *f = plan_find(&r->plan, paths.v[i]);
		char id[41];

		if (!entry) {
			sb_addf(err, "excise: %s: not in HEAD; --commit only changes files git tracks\n",
				paths.v[i]);
			bad = 1;
			continue;
		}
		git_blob_id(f->data, f->len, id);
		if (strcmp(entry + 7, id)) {
			sb_addf(err, "excise: %s: differs from HEAD; commit or stash the change first\n",
				paths.v[i]);
			bad = 1;
		}
	}
	sv_clear(&paths);
	sv_clear(&names);
	sv_clear(&entries);
	sb_release(&out);
	return bad ? -1 : 0;
}

/* The contents of f after the edits of commits 0..k (edits sorted by path, then offset). */
static void content_at(const struct plan *plan, const struct series *s, const struct plan_file *f,
		       size_t k, struct strbuf *out)
{
	size_t pos = 0;

	for (size_t i = 0; i < plan->nedits; i++) {
		const struct edit *e = &plan->edits[i];

		if (strcmp(e->path, f->path) || s->edit_commit[i] > k)
			continue;
		sb_addn(out, f->data + pos, e->start - pos);
		sb_adds(out, e->repl);
		pos = e->end;
	}
	sb_addn(out, f->data + pos, f->len - pos);
}

static int write_file(const char *path, const char *data, size_t len)
{
	FILE *fp = fopen(path, "wb");
	int ok;

	if (!fp)
		return -1;
	ok = fwrite(data, 1, len, fp) == len;
	return fclose(fp) == 0 && ok ? 0 : -1;
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)ftw;
	return flag == FTW_DP ? rmdir(path) : unlink(path);
}

static int run_hook(const char *root, char *const *env, const char *hook, const char *arg1,
		    const char *arg2)
{
	struct strvec args = STRVEC_INIT;
	int status;

	git_args(&args, "hook", "run", "--ignore-missing", hook, NULL);
	if (arg1) {
		sv_push(&args, "--");
		sv_push(&args, arg1);
		if (arg2)
			sv_push(&args, arg2);
	}
	status = git_v(root, env, &args, NULL, 0);
	sv_clear(&args);
	return status;
}

/* The refusal of commit k by a hook, in err. */
static void hook_refused(struct strbuf *err, const char *hook, const struct series *s, size_t k)
{
	sb_addf(err, "excise: the %s hook refused commit %zu of %zu (%s); nothing was changed "
		     "(--no-verify skips the pre-commit and commit-msg hooks)\n", hook, k + 1, s->n,
		s->commits[k].subject);
}

/*
 * Build one commit on parent in the temporary index (env names it to git);
 * its id into id (41 bytes), its subject (as the hooks left the message)
 * into subject.  The repository's hooks run as `git commit` runs them:
 * pre-commit on the index (unless no_verify), prepare-commit-msg and
 * commit-msg (unless no_verify) on the message file, which they may edit.
 */
static int make_commit(const struct series *s, size_t k, struct removal *r, const char *tmpdir,
		       const char *parent, const char *signoff, const struct strvec *names,
		       const struct strvec *entries, char *const *env, int no_verify, char *id,
		       struct strbuf *subject, struct strbuf *err)
{
	const struct series_commit *c = &s->commits[k];
	const char *root = r->plan.root;
	struct strvec args = STRVEC_INIT, files = STRVEC_INIT, blobs = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT, data = STRBUF_INIT;
	char *msg = NULL;
	int rc = 0;

	if (c->ndels) {
		git_args(&args, "rm", "-r", "-q", "--cached", "--ignore-unmatch", "--", NULL);
		for (size_t i = 0; i < c->ndels; i++)
			sv_push(&args, r->plan.dels[c->dels[i]].path);
		if (git_v(root, env, &args, NULL, 0) != 0) {
			sb_addf(err, "excise: git rm --cached failed for commit %zu\n", k + 1);
			rc = -1;
		}
		sv_clear(&args);
	}
	for (size_t i = 0; rc == 0 && i < c->nedits; i++) {
		const char *path = r->plan.edits[c->edits[i]].path;
		const struct plan_file *f;
		char *tmp;

		if (sv_contains(&files, path))
			continue;
		f = plan_find(&r->plan, path);
		sb_reset(&data);
		content_at(&r->plan, s, f, k, &data);
		tmp = xasprintf("%s/blob-%zu", tmpdir, files.n);
		if (write_file(tmp, data.buf ? data.buf : "", data.len) < 0) {
			sb_addf(err, "excise: %s: cannot write: %s\n", tmp, strerror(errno));
			rc = -1;
		}
		sv_push(&files, path);
		sv_push_owned(&blobs, tmp);
	}
	if (rc == 0 && files.n) {
		git_args(&args, "hash-object", "-w", "--no-filters", "--", NULL);
		for (size_t i = 0; i < blobs.n; i++)
			sv_push(&args, blobs.v[i]);
		sb_reset(&out);
		if (git_v(root, env, &args, &out, 0) != 0 || out.len != files.n * 41) {
			sb_addf(err, "excise: git hash-object failed for commit %zu\n", k + 1);
			rc = -1;
		}
		sv_clear(&args);
		if (rc == 0) {
			git_args(&args, "update-index", "--add", NULL);
			for (size_t i = 0; i < files.n; i++) {
				const char *entry = entry_of(names, entries, files.v[i]);

				sv_push(&args, "--cacheinfo");
				sv_push_owned(&args, xasprintf("%.6s,%.40s,%s", entry ? entry : "100644",
							       out.buf + 41 * i, files.v[i]));
			}
			if (git_v(root, env, &args, NULL, 0) != 0) {
				sb_addf(err, "excise: git update-index failed for commit %zu\n", k + 1);
				rc = -1;
			}
			sv_clear(&args);
		}
	}
	if (rc == 0 && !no_verify && run_hook(root, env, "pre-commit", NULL, NULL) != 0) {
		hook_refused(err, "pre-commit", s, k);
		rc = -1;
	}
	sb_reset(&out);
	if (rc == 0 && (git_l(root, env, &out, 0, "write-tree", NULL) != 0 || out.len != 40)) {
		sb_addf(err, "excise: git write-tree failed for commit %zu\n", k + 1);
		rc = -1;
	}
	if (rc == 0) {
		char *tree = xstrdup(out.buf), *msgfile = xasprintf("%s/message", tmpdir);

		msg = xasprintf("%s\n\n%s\nSigned-off-by: %s\n", c->subject, c->body, signoff);
		sb_reset(&out);
		if (write_file(msgfile, msg, strlen(msg)) < 0) {
			sb_addf(err, "excise: %s: cannot write: %s\n", msgfile, strerror(errno));
			rc = -1;
		} else if (run_hook(root, env, "prepare-commit-msg", msgfile, "message") != 0) {
			hook_refused(err, "prepare-commit-msg", s, k);
			rc = -1;
		} else if (!no_verify && run_hook(root, env, "commit-msg", msgfile, NULL) != 0) {
			hook_refused(err, "commit-msg", s, k);
			rc = -1;
		} else if (git_l(root, env, &out, 0, "commit-tree", tree, "-p", parent, "-F", msgfile,
				 NULL) != 0 || out.len != 40) {
			sb_addf(err, "excise: git commit-tree failed for commit %zu\n", k + 1);
			rc = -1;
		} else {
			memcpy(id, out.buf, 41);
			sb_reset(&out);
			/* the subject as the hooks left it: the message's first line */
			if (read_file(msgfile, &out) == 0 && out.len)
				sb_addn(subject, out.buf, strcspn(out.buf, "\n"));
			else
				sb_adds(subject, c->subject);
		}
		free(tree);
		free(msgfile);
	}
	free(msg);
	sv_clear(&files);
	sv_clear(&blobs);
	sb_release(&out);
	sb_release(&data);
	return rc;
}

/* Every path the series touches (deleted directories as "dir/"). */
static void touched_paths(const struct series *s, struct strvec *out)
{
	for (size_t i = 0; i < s->n; i++)
		for (size_t k = 0; k < s->commits[i].paths.n; k++)
			sv_push(out, s->commits[i].paths.v[k]);
	sv_sort_uniq(out);
}

int patchset_commit(const struct series *s, struct removal *r, const struct apply_options *apply,
		    int no_verify, struct patchset_result *res, struct strbuf *err)
{
	const char *root = r->plan.root;
	struct strvec paths = STRVEC_INIT, names = STRVEC_INIT, entries = STRVEC_INIT;
	struct strvec args = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT, gitdir = STRBUF_INIT;
	char *signoff = committer(root), *tmpdir = NULL, *index_env = NULL;
	char parent[41];
	double t0 = seconds_now();
	int rc = 0;

	memset(res, 0, sizeof(*res));
	if (!signoff) {
		sb_addf(err, "excise: git does not know who commits (set user.name and user.email)\n");
		return -1;
	}
	if (git_l(root, NULL, &out, 1, "rev-parse", "--verify", "HEAD^{commit}", NULL) != 0 || out.len != 40 ||
	    git_l(root, NULL, &gitdir, 1, "rev-parse", "--absolute-git-dir", NULL) != 0) {
		sb_addf(err, "excise: %s: cannot read HEAD and the git directory\n", root);
		free(signoff);
		sb_release(&out);
		sb_release(&gitdir);
		return -1;
	}
	memcpy(res->base, out.buf, 41);
	memcpy(parent, res->base, 41);
	edited_paths(&r->plan, &paths);
	if (paths.n && head_entries(root, &paths, &names, &entries) < 0)
		rc = -1;
	tmpdir = xasprintf("%s/excise-series-XXXXXX", gitdir.buf);
	if (rc == 0 && !mkdtemp(tmpdir)) {
		sb_addf(err, "excise: cannot create %s: %s\n", tmpdir, strerror(errno));
		free(tmpdir);
		tmpdir = NULL;
		rc = -1;
	}
	if (rc == 0) {
		/* A temporary index: the user's index stays as it is until HEAD moves. */
		char *env[2];

		index_env = xasprintf("GIT_INDEX_FILE=%s/index", tmpdir);
		env[0] = index_env;
		env[1] = NULL;
		if (git_l(root, env, NULL, 0, "read-tree", "HEAD", NULL) != 0) {
			sb_addf(err, "excise: git read-tree HEAD failed\n");
			rc = -1;
		}
		for (size_t k = 0; rc == 0 && k < s->n; k++) {
			struct strbuf subject = STRBUF_INIT;
			char id[41];

			if (stop_signal_pending()) {   /* held by the caller: stop before HEAD moves */
				sb_addf(err, "excise: stopped by signal %d before the work tree was "
					     "written\n", stop_signal_pending());
				rc = -1;
				break;
			}
			rc = make_commit(s, k, r, tmpdir, parent, signoff, &names, &entries, env,
					 no_verify, id, &subject, err);
			if (rc == 0) {
				memcpy(parent, id, 41);
				sv_push_owned(&res->commits, xasprintf("%s %s", id, subject.buf));
			}
			sb_release(&subject);
		}
	}
	if (tmpdir)
		nftw(tmpdir, rm_entry, 8, FTW_DEPTH | FTW_PHYS);
	if (rc == 0) {
		struct strbuf why = STRBUF_INIT;
		int applied = plan_apply(&r->plan, apply, &why);

		if (applied < 0) {
			sb_addn(err, why.buf, why.len);
			sb_addf(err, "excise: HEAD was not moved (the commits exist: %s)\n", parent);
			rc = applied == -1 ? PATCHSET_UNCHANGED : PATCHSET_NEITHER;
		}
		sb_release(&why);
	}
	if (rc == 0) {
		char *msg = xasprintf("excise remove: %zu commits", s->n);

		if (git_l(root, NULL, NULL, 0, "update-ref", "-m", msg, "HEAD", parent, res->base, NULL) != 0) {
			struct strbuf now = STRBUF_INIT;

			git_l(root, NULL, &now, 1, "rev-parse", "--verify", "-q", "HEAD", NULL);
			if (now.len && strcmp(now.buf, res->base))
				sb_addf(err, "excise: HEAD moved while the removal was committed (from %.12s "
					     "to %.12s): it was left there, and ", res->base, now.buf);
			else
				sb_addf(err, "excise: git update-ref HEAD failed: ");
			sb_addf(err, "the work tree holds the whole removal, uncommitted; its commits "
				     "end at %s (git log %.12s..%.12s)\n", parent, res->base, parent);
			sb_release(&now);
			rc = PATCHSET_UNCOMMITTED;
		}
		free(msg);
		memcpy(res->head, parent, 41);
		/* As after `git commit`: post-commit, its status ignored, once HEAD is the last commit. */
		if (rc == 0)
			run_hook(root, NULL, "post-commit", NULL, NULL);
	}
	if (rc == 0) {
		/* The index entries of the touched paths follow HEAD; then git must see no change. */
		touched_paths(s, &paths);
		git_args(&args, "reset", "-q", "--", NULL);
		for (size_t i = 0; i < paths.n; i++)
			sv_push(&args, paths.v[i]);
		if (git_v(root, NULL, &args, NULL, 0) != 0)
			sb_addf(err, "excise: warning: git reset of the touched paths failed\n");
		sv_clear(&args);
		git_l(root, NULL, NULL, 1, "update-index", "-q", "--refresh", NULL);
		git_args(&args, "status", "--porcelain", "--untracked-files=no", "--", NULL);
		for (size_t i = 0; i < paths.n; i++)
			sv_push(&args, paths.v[i]);
		sb_reset(&out);
		if (git_v(root, NULL, &args, &out, 0) != 0 || out.len) {
			sb_addf(err, "excise: HEAD is the removal's last commit, but the work tree and it "
				     "differ:\n%s", out.buf ? out.buf : "");
			rc = PATCHSET_NEITHER;
		}
		sv_clear(&args);
	}
	res->seconds_commit = seconds_now() - t0;
	free(signoff);
	free(tmpdir);
	free(index_env);
	sv_clear(&paths);
	sv_clear(&names);
	sv_clear(&entries);
	sb_release(&out);
	sb_release(&gitdir);
	return rc;
}

/* ---- format-patch ---- */

static int has_patches(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int found = 0;

	if (!d)
		return 0;
	while ((de = readdir(d)) && !found)
		found = ends_with(de->d_name, ".patch");
	closedir(d);
	return found;
}

static int mkdir_p(const char *dir)
{
	char *p = xstrdup(dir);
	int rc = 0;

	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) < 0 && errno != EEXIST)
			rc = -1;
		*s = '/';
	}
	if (rc == 0 && mkdir(p, 0777) < 0 && errno != EEXIST)
		rc = -1;
	free(p);
	return rc;
}

/* The last non-empty line of text, for a message ("" if none). */
static char *last_line(const struct strbuf *text)
{
	size_t end = text->len, start;

	while (end && (text->buf[end - 1] == '\n' || text->buf[end - 1] == ' '))
		end--;
	start = end;
	while (start && text->buf[start - 1] != '\n')
		start--;
	return xstrndup(text->buf ? text->buf + start : "", end - start);
}

/* A patch's recipients: To (maintainers) and Cc (reviewers, lists), each address once. */
struct recipients {
	struct strvec to, cc;
};

static void recipients_add(struct recipients *rc, const char *addr, int to)
{
	if (sv_contains(&rc->to, addr) || (!to && sv_contains(&rc->cc, addr)))
		return;
	if (to) {
		/* promoted from Cc: */
		for (size_t i = 0; i < rc->cc.n; i++)
			if (!strcmp(rc->cc.v[i], addr)) {
				free(rc->cc.v[i]);
				memmove(&rc->cc.v[i], &rc->cc.v[i + 1], (rc->cc.n - i - 1) * sizeof(char *));
				rc->cc.n--;
				break;
			}
		sv_push(&rc->to, addr);
	} else {
		sv_push(&rc->cc, addr);
	}
}

static void recipients_clear(struct recipients *rc)
{
	sv_clear(&rc->to);
	sv_clear(&rc->cc);
}

/*
 * One line of get_maintainer.pl's output: "Name <addr> (role:SECTION)".  A
 * maintainer (M: of a section, whatever its status calls it) goes to To, a
 * reviewer or a list to Cc, as b4 prep --auto-to-cc sorts them; a line
 * without a role (--no-rolestats, a stand-in script) to Cc.
 */
static void recipients_parse_line(struct recipients *rc, char *line)
{
	char *gt = strchr(line, '>'), *end, *role = NULL;
	int to = 0;

	/*
	 * "Name <addr>" or a bare "list@host", then " (role:SECTION)", which
	 * get_maintainer.pl cuts short (without its ')') when the section's
	 * title is long, and titles have parentheses of their own.
	 */
	end = gt ? gt + 1 : line + strcspn(line, " \t");
	if (*end == ' ' && end[1] == '(')
		role = end + 2;
	*end = '\0';
	if (!*line || !strchr(line, '@'))
		return;
	if (role)
		to = !starts_with(role, "reviewer") && !strstr(role, "list") && !starts_with(role, "unknown");
	recipients_add(rc, line, to);
}

/*
 * The tree's own scripts/get_maintainer.pl on one patch, with MAINTAINERS as
 * it was at the base (mpath): its people and lists into rc.  --nokeywords:
 * the K: patterns match words anywhere in a patch, the commit message too,
 * and a removal's message names what it removes.  It runs at the top of the
 * tree (as kernel workflows run it: it looks for the tree there), so its path
 * is relative to root, whatever root is.  Returns 0, or -1 with why.
 */
static int maintainers_of(const char *root, const char *mpath, const char *patch,
			  struct recipients *rc, struct strbuf *why)
{
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strvec args = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT, errout = STRBUF_INIT;
	int status;

	sv_push(&args, "perl");
	sv_push(&args, "scripts/get_maintainer.pl");
	sv_push(&args, "--mpath");
	sv_push(&args, mpath);
	sv_push(&args, "--no-git");
	sv_push(&args, "--no-git-fallback");
	sv_push(&args, "--nokeywords");
	sv_push(&args, "--rolestats");
	sv_push(&args, patch);
	GROW(args.v, args.cap, args.n + 1);
	args.v[args.n] = NULL;
	cp.argv = args.v;
	cp.dir = root;
	cp.in = CHILD_NULL;
	status = capture_command(&cp, &out, &errout);
	if (status < 0) {
		sb_addf(why, "cannot run perl: %s", strerror(errno));
	} else if (status != 0) {
		char *last = last_line(&errout);

		sb_addf(why, "exit status %d%s%s", status, *last ? ": " : "", last);
		free(last);
	}
	for (char *line = out.buf; status == 0 && line && *line;) {
		char *nl = strchr(line, '\n');

		if (nl)
			*nl = '\0';
		recipients_parse_line(rc, line);
		line = nl ? nl + 1 : NULL;
	}
	sv_clear(&args);
	sb_release(&out);
	sb_release(&errout);
	return status == 0 ? 0 : -1;
}

/* Replace the first "needle" in sb with repl. */
static int sb_replace(struct strbuf *sb, const char *needle, const char *repl)
{
	char *at = sb->buf ? strstr(sb->buf, needle) : NULL;
	struct strbuf nb = STRBUF_INIT;

	if (!at)
		return -1;
	sb_addn(&nb, sb->buf, (size_t)(at - sb->buf));
	sb_adds(&nb, repl);
	sb_adds(&nb, at + strlen(needle));
	sb_release(sb);
	*sb = nb;
	return 0;
}

/* "To: a,\n    b\n": a header folded as format-patch writes --to and --cc. */
static void add_header(struct strbuf *sb, const char *name, const struct strvec *v)
{
	for (size_t i = 0; i < v->n; i++)
		sb_addf(sb, "%s%s", i ? ",\n    " : name, v->v[i]);
	if (v->n)
		sb_addc(sb, '\n');
}

/*
 * Write rc's To: and Cc: into the headers of the patch at path (at their end,
 * where format-patch puts --to and --cc), and for the cover letter
 * (s non-NULL) its subject and text.  Atomic: a temporary file renamed.
 */
static int write_headers(const char *path, const struct series *s, const struct recipients *rc,
			 struct strbuf *err)
{
	struct strbuf sb = STRBUF_INIT, hdr = STRBUF_INIT;
	char *tmp = xasprintf("%s.excise-tmp", path), *blank;
	int rc_ = 0;

	if (read_file(path, &sb) < 0) {
		sb_addf(err, "excise: %s: cannot read: %s\n", path, strerror(errno));
		free(tmp);
		return -1;
	}
	if (s && (sb_replace(&sb, "*** SUBJECT HERE ***", s->cover_subject) < 0 ||
		  sb_replace(&sb, "*** BLURB HERE ***\n", s->cover_body) < 0)) {
		sb_addf(err, "excise: %s: not a cover letter as format-patch writes it\n", path);
		rc_ = -1;
	}
	add_header(&hdr, "To: ", &rc->to);
	add_header(&hdr, "Cc: ", &rc->cc);
	blank = sb.buf ? strstr(sb.buf, "\n\n") : NULL;
	if (rc_ == 0 && hdr.len && blank) {
		size_t at = (size_t)(blank - sb.buf) + 1;
		struct strbuf nb = STRBUF_INIT;

		sb_addn(&nb, sb.buf, at);
		sb_addn(&nb, hdr.buf, hdr.len);
		sb_adds(&nb, sb.buf + at);
		sb_release(&sb);
		sb = nb;
	}
	if (rc_ == 0 && (write_file(tmp, sb.buf, sb.len) < 0 || rename(tmp, path) < 0)) {
		sb_addf(err, "excise: %s: cannot write: %s\n", path, strerror(errno));
		unlink(tmp);
		rc_ = -1;
	}
	free(tmp);
	sb_release(&sb);
	sb_release(&hdr);
	return rc_;
}

int patchset_dir_check(const char *dir, struct strbuf *err)
{
	struct stat st;

	if (has_patches(dir)) {
		sb_addf(err, "excise: %s already holds patches; give an empty or new directory\n", dir);
		return -1;
	}
	if (mkdir_p(dir) < 0 || (stat(dir, &st) == 0 && S_ISDIR(st.st_mode) &&
				 access(dir, W_OK | X_OK) < 0)) {
		sb_addf(err, "excise: %s: cannot write the series there: %s\n", dir, strerror(errno));
		return -1;
	}
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		sb_addf(err, "excise: %s: cannot write the series there: not a directory\n", dir);
		return -1;
	}
	return 0;
}

static int is_cover_letter(const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	if (base[0] == 'v' && isdigit((unsigned char)base[1])) {   /* -v N: "v2-0000-cover-letter.patch" */
		base += 1 + strspn(base + 1, "0123456789");
		if (*base++ != '-')
			return 0;
	}
	return !strcmp(base, "0000-cover-letter.patch");
}

/*
 * Each patch's recipients (get_maintainer.pl on that patch, the --to and
 * --cc given) into its headers; the cover letter gets them all.
 */
static int address_patches(const struct series *s, const char *root, const char *base,
			   const char *dir, const struct patchset_format_options *fopt,
			   struct patchset_result *res, struct strbuf *err)
{
	struct strbuf out = STRBUF_INIT, why = STRBUF_INIT;
	struct recipients all = { STRVEC_INIT, STRVEC_INIT };
	char *spec = xasprintf("%s:MAINTAINERS", base), *mpath = xasprintf("%s/.MAINTAINERS.base", dir);
	char *full = path_join(root, "scripts/get_maintainer.pl");
	const char *none = NULL;   /* why no patch has the maintainers' addresses */
	struct strbuf nobody = STRBUF_INIT;   /* the patches get_maintainer.pl named no one for */
	int rc = 0;

	if (access(full, R_OK) < 0)
		none = "has no scripts/get_maintainer.pl";
	else if (git_l(root, NULL, &out, 1, "show", spec, NULL) != 0 ||
		 write_file(mpath, out.buf, out.len) < 0)
		none = "no MAINTAINERS at the base";
	for (size_t i = 0; i < fopt->to.n; i++)
		recipients_add(&all, fopt->to.v[i], 1);
	for (size_t i = 0; i < fopt->cc.n; i++)
		recipients_add(&all, fopt->cc.v[i], 0);
	for (size_t i = 1; rc == 0 && i < res->files.n; i++) {
		struct recipients one = { STRVEC_INIT, STRVEC_INIT };
		int named;

		for (size_t k = 0; k < fopt->to.n; k++)
			recipients_add(&one, fopt->to.v[k], 1);
		for (size_t k = 0; k < fopt->cc.n; k++)
			recipients_add(&one, fopt->cc.v[k], 0);
		named = (int)(one.to.n + one.cc.n);
		if (!none) {
			sb_reset(&why);
			if (maintainers_of(root, mpath, res->files.v[i], &one, &why) < 0) {
				sb_addf(err, "excise: warning: %s/scripts/get_maintainer.pl failed on %s (%s): "
					     "no patch has the maintainers' addresses\n", root,
					path_basename(res->files.v[i]), why.buf);
				none = "";
			} else if ((int)(one.to.n + one.cc.n) == named) {
				sb_addf(&nobody, "%s%zu", nobody.len ? ", " : "", i);
			}
		}
		for (size_t k = 0; k < one.to.n; k++)
			recipients_add(&all, one.to.v[k], 1);
		for (size_t k = 0; k < one.cc.n; k++)
			recipients_add(&all, one.cc.v[k], 0);
		rc = write_headers(res->files.v[i], NULL, &one, err);
		sv_push_owned(&res->per_patch, xasprintf("%zu %zu", one.to.n, one.cc.n));
		recipients_clear(&one);
	}
	if (none && *none)
		sb_addf(err, "excise: warning: %s %s: no patch has the maintainers' addresses\n", root, none);
	else if (!none && nobody.len)
		sb_addf(err, "excise: warning: scripts/get_maintainer.pl named no one for patch%s %s: "
			     "%s\n", strchr(nobody.buf, ',') ? "es" : "", nobody.buf,
			fopt->to.n + fopt->cc.n ? "only --to and --cc get them" : "they have no recipients");
	if (rc == 0)
		rc = write_headers(res->files.v[0], s, &all, err);
	for (size_t i = 0; i < all.to.n; i++)
		sv_push(&res->to, all.to.v[i]);
	for (size_t i = 0; i < all.cc.n; i++)
		sv_push(&res->cc, all.cc.v[i]);
	unlink(mpath);
	recipients_clear(&all);
	free(spec);
	free(mpath);
	free(full);
	sb_release(&out);
	sb_release(&why);
	sb_release(&nobody);
	return rc;
}

int patchset_format(const struct series *s, const struct removal *r, const char *dir,
		    const struct patchset_format_options *fopt, struct patchset_result *res,
		    struct strbuf *err)
{
	static const struct patchset_format_options defaults;
	const char *root = r->plan.root;
	struct strbuf out = STRBUF_INIT;
	struct strvec args = STRVEC_INIT;
	char *abs = NULL;
	double t0 = seconds_now();
	int rc = 0;

	if (!fopt)
		fopt = &defaults;
	if (mkdir_p(dir) < 0 || !(abs = realpath(dir, NULL))) {
		sb_addf(err, "excise: %s: cannot create the series directory: %s\n", dir, strerror(errno));
		return -1;
	}
	if (has_patches(abs)) {
		sb_addf(err, "excise: %s already holds patches; give an empty or new directory\n", dir);
		free(abs);
		return -1;
	}
	git_args(&args, "format-patch", "--cover-letter", NULL);
	sv_push_owned(&args, xasprintf("--base=%s", res->base));
	if (fopt->subject_prefix)
		sv_push_owned(&args, xasprintf("--subject-prefix=%s", fopt->subject_prefix));
	if (fopt->reroll > 0)
		sv_push_owned(&args, xasprintf("--reroll-count=%d", fopt->reroll));
	if (fopt->irreversible_delete)
		sv_push(&args, "--irreversible-delete");
	sv_push(&args, "-o");
	sv_push(&args, abs);
	sv_push_owned(&args, xasprintf("%s..%s", res->base, res->head));
	if (git_v(root, NULL, &args, &out, 0) != 0) {
		sb_addf(err, "excise: git format-patch failed\n");
		rc = -1;
	}
	for (char *line = out.buf; rc == 0 && line && *line;) {
		char *nl = strchr(line, '\n');

		if (nl)
			*nl = '\0';
		sv_push(&res->files, line);
		line = nl ? nl + 1 : NULL;
	}
	if (rc == 0 && (!res->files.n || !is_cover_letter(res->files.v[0]))) {
		sb_addf(err, "excise: git format-patch wrote no cover letter\n");
		rc = -1;
	}
	if (rc == 0)
		rc = address_patches(s, root, res->base, abs, fopt, res, err);
	res->seconds_format = seconds_now() - t0;
	free(abs);
	sv_clear(&args);
	sb_release(&out);
	return rc;
}

void patchset_result_release(struct patchset_result *res)
{
	sv_clear(&res->commits);
	sv_clear(&res->files);
	sv_clear(&res->to);
	sv_clear(&res->cc);
	sv_clear(&res->per_patch);
}
