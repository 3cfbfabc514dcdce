/* git.c - the git work tree a removal runs in. */
#include "git.h"
#include "run_command.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int git_is_repo(const char *root)
{
	char *dot = path_join(root, ".git");
	struct stat st;
	int ok = stat(dot, &st) == 0;

	free(dot);
	return ok;
}

/* The first line of git's complaint, for a message. */
static void first_line(struct strbuf *err, const struct strbuf *said)
{
	const char *s = said->len ? said->buf : "no message";
	const char *nl = strchr(s, '\n');

	sb_addn(err, s, nl ? (size_t)(nl - s) : strlen(s));
}

/*
 * Where the tree at root stands in git: 1 with *prefix (newly allocated:
 * root's path in its work tree with a '/', "linux/" in repo/linux, "" at the
 * top) when git tracks files of the tree; 0 when it does not (no work tree
 * holds root, or one that tracks nothing of it: a plain tree); -1 with a
 * line in err when git cannot tell (not installed while root has a .git, a
 * repository it will not read).
 */
static int git_tree_prefix(const char *root, char **prefix, struct strbuf *err)
{
	char *rev_parse[] = { "git", "rev-parse", "--show-toplevel", "--show-prefix", NULL };
	char *ls_files[] = { "git", "ls-files", "--cached", "--error-unmatch", "--", ".", NULL };
	struct child_process cp = CHILD_PROCESS_INIT;
	struct strbuf out = STRBUF_INIT, said = STRBUF_INIT;
	char *nl;
	int rc;

	*prefix = NULL;
	cp.argv = rev_parse;
	cp.dir = root;
	cp.in = CHILD_NULL;
	rc = capture_command(&cp, &out, &said);
	if (rc < 0 && errno == ENOENT && !git_is_repo(root)) {
		rc = 0;   /* no git, and nothing says this is a work tree */
	} else if (rc < 0) {
		sb_addf(err, "%s: cannot run git: %s", root, strerror(errno));
		rc = -1;
	} else if (rc != 0 && strstr(said.buf ? said.buf : "", "not a git repository")) {
		rc = 0;
	} else if (rc != 0) {
		sb_addf(err, "%s: git rev-parse failed: ", root);
		first_line(err, &said);
		rc = -1;
	} else if (!(nl = strchr(out.buf ? out.buf : "", '\n'))) {
		sb_addf(err, "%s: git rev-parse --show-prefix printed nothing", root);
		rc = -1;
	} else {
		/* line 1 the work tree's top, line 2 root's place in it */
		size_t n = strcspn(nl + 1, "\n");

		*prefix = xstrndup(nl + 1, n);
		rc = 1;
	}
	if (rc == 1 && **prefix) {
		/* A directory of a larger repository: is the tree in it at all? */
		struct child_process ls = CHILD_PROCESS_INIT;

		ls.argv = ls_files;
		ls.dir = root;
		ls.in = ls.out = ls.err = CHILD_NULL;
		switch (run_command(&ls)) {
		case 0:
			break;
		case 1:
			rc = 0;   /* it tracks nothing of the tree */
			break;
		default:
			sb_addf(err, "%s: git ls-files failed", root);
			rc = -1;
		}
	}
	if (rc != 1) {
		free(*prefix);
		*prefix = NULL;
	}
	sb_release(&out);
	sb_release(&said);
	return rc;
}

int git_dirty_files(const char *root, const struct strvec *paths, struct strvec *out,
		    struct strbuf *err)
{
	/* limited to the tree (".": git runs in root), paths relative to the work tree's top */
	char *argv[] = { "git", "status", "--porcelain", "-z", "--untracked-files=all", "--", ".", NULL };
	struct strbuf sb = STRBUF_INIT;
	char *prefix;
	size_t pn;
	int rc = git_tree_prefix(root, &prefix, err);

	if (rc <= 0)
		return rc;
	pn = strlen(prefix);
	if (run_capture(root, argv, &sb, 1) != 0) {
		sb_addf(err, "%s: git status failed", root);
		sb_release(&sb);
		free(prefix);
		return -1;
	}
	for (size_t i = 0; i < sb.len;) {
		const char *e = sb.buf + i;
		size_t n = strlen(e);
		/* the path relative to the tree, as the removal's paths are */
		const char *path = n > 3 && !strncmp(e + 3, prefix, pn) ? e + 3 + pn : e + 3;
		int untracked = n > 3 && e[0] == '?';
		int relevant = !untracked;

		/* Untracked files matter where the removal deletes: they would be lost. */
		for (size_t k = 0; untracked && k < paths->n && !relevant; k++)
			relevant = starts_with(path, paths->v[k]);
		if (relevant && n > 3)
			sv_push_owned(out, xasprintf("%.3s%s", e, path));
		/* A rename entry is followed by its source path. */
		if (e[0] == 'R' || e[1] == 'R')
			i += n + 1 + strlen(sb.buf + i + n + 1);
		i += n + 1;
	}
	sb_release(&sb);
	free(prefix);
	return 0;
}
