/* gone.c - a target the tree does not have: named, removed already, or a mistake (gone.h). */
#include <ctype.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <dirent.h>

#include "gone.h"
#include "run_command.h"
#include "scan.h"
#include "suggest.h"
#include "target.h"

struct names_ctx {
	atomic_int found;
	const struct pattern *pats;
};

static int is_name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_' || c == '-';
}

static void on_hits(void *ctx, const char *path, const char *buf, size_t len,
		    const struct scan_hit *hits, size_t n)
{
	struct names_ctx *c = ctx;

	for (size_t i = 0; i < n; i++) {
		const struct pattern *p = &c->pats[hits[i].pattern];
		size_t off = hits[i].offset, end = off + p->len;

		/* The top level's Makefile, for a top-level path (the scanner's dir is for a subdirectory). */
		if (hits[i].pattern > 0 && !p->dir && strchr(path, '/'))
			continue;
		/* Not the start or the end of a longer name: fs/fo in fs/fo-bar or fs/fo.c, or in -fs/fo. */
		if (off > 0 && (is_name_char(buf[off - 1]) || buf[off - 1] == '.'))
			continue;
		if (hits[i].pattern == 0 && end < len &&
		    (is_name_char(buf[end]) ||
		     (buf[end] == '.' && end + 1 < len && isalnum((unsigned char)buf[end + 1]))))
			continue;
		atomic_store(&c->found, 1);
		return;
	}
}

int tree_names_path(const struct tree *t, const char *norm)
{
	const char *slash = strrchr(norm, '/'), *base = slash ? slash + 1 : norm;
	char *dir = slash ? xstrndup(norm, (size_t)(slash - norm)) : NULL;
	char *subdir = xasprintf("%s/", base), *object = NULL;
	struct pattern pats[3];
	size_t npats = 0, blen = strlen(base);
	struct strvec unreadable = STRVEC_INIT;
	struct names_ctx c;
	struct scanner *sc;
	void **ctxp;
	int nt = scan_default_threads(), found;

	pats[npats++] = (struct pattern){ norm, strlen(norm), FILE_ANY, NULL, 0, 0 };
	pats[npats++] = (struct pattern){ subdir, strlen(subdir), FILE_MAKEFILE, dir, 0, 0 };
	if (blen > 2 && (ends_with(base, ".c") || ends_with(base, ".S"))) {
		object = xasprintf("%.*s.o", (int)(blen - 2), base);
		pats[npats++] = (struct pattern){ object, strlen(object), FILE_MAKEFILE, dir, 0, 0 };
	}
	atomic_init(&c.found, 0);
	c.pats = pats;
	ctxp = xcalloc((size_t)nt, sizeof(*ctxp));
	for (int i = 0; i < nt; i++)
		ctxp[i] = &c;
	sc = scanner_new(pats, npats);
	scan_tree(sc, t, nt, NULL, NULL, on_hits, NULL, ctxp, &unreadable);
	found = atomic_load(&c.found) || unreadable.n;
	scanner_free(sc);
	sv_clear(&unreadable);
	free(ctxp);
	free(object);
	free(subdir);
	free(dir);
	return found;
}

/* git ARGS in root; its stdout in out (emptied first); the exit status, or -1 if git did not run. */
static int git(const char *root, struct strbuf *out, const char **args)
{
	const char *argv[16] = { "git" };
	size_t n = 1;

	while (*args && n < ARRAY_SIZE(argv) - 1)
		argv[n++] = *args++;
	argv[n] = NULL;
	sb_reset(out);
	return run_capture(root, (char *const *)argv, out, 1);
}

/* The first line of out, without its newline (out is changed). */
static const char *first_line(struct strbuf *out)
{
	char *nl = out->buf ? strchr(out->buf, '\n') : NULL;

	if (nl)
		*nl = '\0';
	return out->buf ? out->buf : "";
}

/*
 * The commit of HEAD's history GONE_HISTORY commits back, as "^HASH" (the
 * bound of a log), into bound; "" when the history is shorter.  Returns
 * -1 when root is no git work tree with a HEAD.
 */
static int history_bound(const char *root, char *bound, size_t size)
{
	struct strbuf out = STRBUF_INIT;
	char skip[32];
	const char *head[] = { "rev-parse", "--verify", "-q", "HEAD", NULL };
	const char *back[] = { "rev-list", "--max-count=1", skip, "HEAD", NULL };
	int rc = git(root, &out, head);

	bound[0] = '\0';
	if (rc == 0) {
		snprintf(skip, sizeof(skip), "--skip=%d", GONE_HISTORY);
		if (git(root, &out, back) == 0 && out.len)
			snprintf(bound, size, "^%s", first_line(&out));
	}
	sb_release(&out);
	return rc == 0 ? 0 : -1;
}

/* "commit HASH "SUBJECT" " from a log line "HASH\tSUBJECT". */
static void add_commit(struct strbuf *how, struct strbuf *out)
{
	const char *line = first_line(out);
	const char *tab = strchr(line, '\t');

	if (tab)
		sb_addf(how, "commit %.*s \"%s\"", (int)(tab - line), line, tab + 1);
	else
		sb_addf(how, "commit %s", line);
}

int git_removed_symbol(const char *root, const char *sym, struct strbuf *how)
{
	struct strbuf out = STRBUF_INIT;
	char bound[64];
	char *re = xasprintf("^[[:space:]]*(menu)?config[[:space:]]+%s[[:space:]]*$", sym);
	const char *in_head[] = { "grep", "-l", "-E", "-e", re, "HEAD", "--", ":(glob)**/Kconfig*", NULL };
	const char *log[] = { "log", "-1", "--format=%h%x09%s", "-G", re, "HEAD", bound, "--",
			      ":(glob)**/Kconfig*", NULL };
	int found = 0;

	if (history_bound(root, bound, sizeof(bound)) < 0) {
		found = -1;
		goto out;
	}
	if (!bound[0]) {   /* the whole history: no bound */
		log[6] = "--";
		log[7] = ":(glob)**/Kconfig*";
		log[8] = NULL;
	}
	if (git(root, &out, in_head) == 0 && out.len) {
		const char *file = first_line(&out);

		sb_addf(how, "HEAD defines it in %s: the removal is not committed",
			starts_with(file, "HEAD:") ? file + 5 : file);
		found = 1;
	} else if (git(root, &out, log) == 0 && out.len) {
		add_commit(how, &out);
		sb_adds(how, " removed its definition");
		found = 1;
	}
out:
	sb_release(&out);
	free(re);
	return found;
}

int git_removed_path(const char *root, const char *path, struct strbuf *how)
{
	struct strbuf out = STRBUF_INIT;
	char bound[64];
	char *object = xasprintf("HEAD:./%s", path);
	const char *in_head[] = { "cat-file", "-e", object, NULL };
	const char *log[] = { "log", "-1", "--format=%h%x09%s", "--diff-filter=D", "HEAD", bound, "--",
			      path, NULL };
	int found = 0;

	if (history_bound(root, bound, sizeof(bound)) < 0) {
		found = -1;
		goto out;
	}
	if (!bound[0]) {
		log[5] = "--";
		log[6] = path;
		log[7] = NULL;
	}
	if (git(root, &out, in_head) == 0) {
		sb_adds(how, "HEAD has it: the removal is not committed");
		found = 1;
	} else if (git(root, &out, log) == 0 && out.len) {
		add_commit(how, &out);
		sb_adds(how, " deleted it");
		found = 1;
	}
out:
	sb_release(&out);
	free(object);
	return found;
}

int path_target_check(struct footprint *fp, const struct tree *t, const char *arg,
		      const char *norm, struct strbuf *err)
{
	struct strbuf how = STRBUF_INIT;
	struct strvec near = STRVEC_INIT;
	int removed;

	if (tree_names_path(t, norm))
		return 0;
	removed = git_removed_path(t->root, norm, &how);
	if (removed > 0) {
		sv_push(&fp->gone, arg);
		sv_push_owned(&fp->gone_how, sb_detach(&how, NULL));
		return 0;
	}
	sb_release(&how);
	sb_addf(err, "unknown path '%s': no file or directory of the tree, and nothing in it names one",
		arg);
	suggest_paths(t, norm, 4, &near);
	gone_suggest_tail(err, &near, removed);
	return -1;
}

void gone_suggest_tail(struct strbuf *err, struct strvec *near, int removed)
{
	for (size_t k = 0; k < near->n; k++)
		sb_addf(err, "%s%s", k ? ", " : "; did you mean ", near->v[k]);
	sb_addc(err, '\n');
	if (removed < 0)
		sb_adds(err, GONE_NO_HISTORY "\n");
	sv_clear(near);
}

/* The names of the bundled specs (NAME for spec_dir()/NAME.spec), sorted. */
static void spec_names(struct strvec *out)
{
	DIR *d = opendir(spec_dir());
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		size_t n = strlen(de->d_name);

		if (n > 5 && ends_with(de->d_name, ".spec"))
			sv_push_owned(out, xstrndup(de->d_name, n - 5));
	}
	closedir(d);
	sv_sort_uniq(out);
}

void unknown_target(const struct tree *t, const char *arg, struct strbuf *err)
{
	struct strvec specs = STRVEC_INIT, near = STRVEC_INIT;

	spec_names(&specs);
	suggest_nearest(arg, (const char *const *)specs.v, specs.n, 4, &near);
	if (!strchr(arg, '/'))
		suggest_named(t, arg, 4 - near.n, &near);
	sb_addf(err, "unknown target '%s': not a bundled spec, a path of the tree or a Kconfig symbol",
		arg);
	for (size_t k = 0; k < near.n; k++)
		sb_addf(err, "%s%s", k ? ", " : "; did you mean ", near.v[k]);
	sb_addc(err, '\n');
	sv_clear(&specs);
	sv_clear(&near);
}
