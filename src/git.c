/* git.c - the git work tree a removal runs in. */
#include "git.h"
#include "run_command.h"

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

int git_dirty_files(const char *root, const struct strvec *paths, struct strvec *out)
{
	char *argv[] = { "git", "status", "--porcelain", "-z", "--untracked-files=all", NULL };
	struct strbuf sb = STRBUF_INIT;
	int rc = run_capture(root, argv, &sb, 1);

	if (rc != 0) {
		sb_release(&sb);
		return -1;
	}
	for (size_t i = 0; i < sb.len;) {
		const char *e = sb.buf + i;
		size_t n = strlen(e);
		int untracked = n > 3 && e[0] == '?';
		int relevant = !untracked;

		/* Untracked files matter where the removal deletes: they would be lost. */
		for (size_t k = 0; untracked && k < paths->n && !relevant; k++)
			relevant = starts_with(e + 3, paths->v[k]);
		if (relevant && n > 3)
			sv_push(out, e);
		/* A rename entry is followed by its source path. */
		if (e[0] == 'R' || e[1] == 'R')
			i += n + 1 + strlen(sb.buf + i + n + 1);
		i += n + 1;
	}
	sb_release(&sb);
	return 0;
}
