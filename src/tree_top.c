/* tree_top.c - the top of the kernel tree a directory is in (tree_top.h). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tree_top.h"

static int is_file(const char *dir, const char *name)
{
	char *p = path_join(dir, name);
	struct stat st;
	int ok = stat(p, &st) == 0 && S_ISREG(st.st_mode);

	free(p);
	return ok;
}

static int is_dir(const char *dir, const char *name)
{
	char *p = path_join(dir, name);
	struct stat st;
	int ok = stat(p, &st) == 0 && S_ISDIR(st.st_mode);

	free(p);
	return ok;
}

/* A line of the Kconfig file at dir that starts with "mainmenu" (after blanks). */
static int has_mainmenu(const char *dir)
{
	struct strbuf sb = STRBUF_INIT;
	char *p = path_join(dir, "Kconfig");
	int found = 0;

	if (read_file(p, &sb) == 0 && sb.buf) {
		for (size_t off = 0; off < sb.len && !found; off = line_end(sb.buf, sb.len, off)) {
			const char *s = sb.buf + off;

			while (*s == ' ' || *s == '\t')
				s++;
			found = starts_with(s, "mainmenu") && (s[8] == ' ' || s[8] == '\t');
		}
	}
	sb_release(&sb);
	free(p);
	return found;
}

int is_tree_top(const char *dir)
{
	return is_file(dir, "Makefile") && is_file(dir, "Kconfig") &&
	       (is_dir(dir, "scripts/kconfig") || has_mainmenu(dir));
}

/*
 * The path of abs (absolute, canonical) relative to cwd (the same), when
 * abs is cwd, above it or below it; NULL otherwise.
 */
static char *relative_to(const char *abs, const char *cwd)
{
	size_t n = strlen(abs), c = strlen(cwd);
	struct strbuf sb = STRBUF_INIT;

	if (!strcmp(abs, cwd))
		return xstrdup(".");
	if (strcmp(cwd, "/") && !strncmp(abs, cwd, c) && abs[c] == '/')
		return xstrdup(abs + c + 1);
	if (!strcmp(cwd, "/"))
		return xstrdup(abs + 1);
	if (strcmp(abs, "/") && (strncmp(cwd, abs, n) || cwd[n] != '/'))
		return NULL;
	if (!strcmp(abs, "/"))
		n = 0;
	for (const char *p = cwd + n; *p; p++)
		if (*p == '/')
			sb_adds(&sb, sb.len ? "/.." : "..");
	return sb_detach(&sb, NULL);
}

int tree_top_find(const char *start, char **top, struct strbuf *err)
{
	char dir[PATH_MAX], cwd[PATH_MAX];
	struct stat st;

	*top = NULL;
	if (stat(start, &st) < 0) {
		sb_addf(err, "%s: %s\n", start, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		sb_addf(err, "%s: not a directory\n", start);
		return -1;
	}
	if (is_tree_top(start)) {
		*top = xstrdup(start);
		return 0;
	}
	if (!realpath(start, dir)) {
		sb_addf(err, "%s: %s\n", start, strerror(errno));
		return -1;
	}
	while (strcmp(dir, "/")) {
		char *slash = strrchr(dir, '/');

		if (slash == dir)
			slash[1] = '\0';
		else
			*slash = '\0';
		if (is_tree_top(dir)) {
			if (getcwd(cwd, sizeof(cwd)))
				*top = relative_to(dir, cwd);
			if (!*top)
				*top = xstrdup(dir);
			return 0;
		}
	}
	/* A small tree of its own (no top above it): Kconfig and Makefile are enough. */
	if (is_file(start, "Makefile") && is_file(start, "Kconfig")) {
		*top = xstrdup(start);
		return 0;
	}
	sb_addf(err, "not in a kernel tree: no directory from %s up has a Makefile and a top-level "
		"Kconfig; give the tree with -C TREE\n", start);
	return -1;
}
