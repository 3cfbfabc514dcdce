/* walk.c - list the files of a kernel tree, without build outputs. */
#include "walk.h"
#include "run_command.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *path_basename(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static const char *const output_suffixes[] = {
	".o", ".ko", ".a", ".so", ".mod", ".mod.c", ".cmd", ".d", ".order", ".symvers",
	".dtb", ".dtbo", ".lst", ".tmp", ".orig", ".rej", ".swp", "~",
};

static const char *const output_names[] = {
	"vmlinux", "vmlinux.a", "vmlinux.o", "vmlinux.bin", "vmlinux.lds", "vmlinux.symvers",
	"System.map", "bzImage", "zImage", "Image", "modules.builtin", "modules.builtin.modinfo",
	".config", ".config.old", ".version", "Module.symvers", "modules.order",
};

/* Generated directories, as path prefixes or as components anywhere. */
static const char *const output_dirs[] = {
	"include/generated/", "include/config/", ".tmp_versions/",
};

int is_build_output(const char *path)
{
	const char *base = path_basename(path);

	if (strstr(base, ".excise-"))
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(output_names); i++)
		if (!strcmp(base, output_names[i]))
			return 1;
	for (size_t i = 0; i < ARRAY_SIZE(output_suffixes); i++)
		if (ends_with(base, output_suffixes[i]))
			return 1;
	for (size_t i = 0; i < ARRAY_SIZE(output_dirs); i++) {
		const char *p = strstr(path, output_dirs[i]);

		if (p && (p == path || p[-1] == '/'))
			return 1;
	}
	return 0;
}

int is_kconfig_file(const char *path)
{
	const char *b = path_basename(path);

	/* Kconfig, Kconfig.debug, Kconfig-nommu */
	return !strncmp(b, "Kconfig", 7) && (b[7] == '\0' || b[7] == '.' || b[7] == '-');
}

int is_makefile(const char *path)
{
	const char *b = path_basename(path);

	return starts_with(b, "Makefile") || starts_with(b, "Kbuild") || ends_with(b, ".mk") ||
	       !strcmp(b, "Platform");
}

int is_defconfig(const char *path)
{
	const char *b = path_basename(path);

	if (starts_with(path, "arch/") && strstr(path, "/configs/"))
		return 1;
	if (starts_with(path, "kernel/configs/"))
		return 1;
	return ends_with(b, "_defconfig") || !strcmp(b, "defconfig") ||
	       (ends_with(b, ".config") && strcmp(b, ".config"));
}

int is_c_file(const char *path)
{
	return ends_with(path, ".c") || ends_with(path, ".h");
}

int is_doc_file(const char *path)
{
	return starts_with(path, "Documentation/");
}

int is_selftest(const char *path)
{
	return starts_with(path, "tools/testing/");
}

int is_selftest_config(const char *path)
{
	const char *b = path_basename(path);

	/* tools/testing/selftests/bpf/config, and config.x86_64, config.s390x, ... beside it */
	return is_selftest(path) && (!strcmp(b, "config") || starts_with(b, "config."));
}

int is_script(const char *path)
{
	return starts_with(path, "scripts/") || starts_with(path, "tools/") ||
	       ends_with(path, ".sh") || ends_with(path, ".pl") || ends_with(path, ".py") ||
	       ends_with(path, ".awk");
}

static int walk_dir(const char *root, const char *rel, struct strvec *out, struct strbuf *err)
{
	char *full = rel[0] ? path_join(root, rel) : xstrdup(root);
	DIR *d = opendir(full);
	struct dirent *de;
	int rc = 0;

	if (!d) {
		sb_addf(err, "cannot read directory %s: %s\n", full, strerror(errno));
		free(full);
		return -1;
	}
	while (rc == 0 && (de = readdir(d))) {
		const char *n = de->d_name;
		char *path;
		int is_dir;

		if (!strcmp(n, ".") || !strcmp(n, "..") || !strcmp(n, ".git"))
			continue;
		path = rel[0] ? path_join(rel, n) : xstrdup(n);
		if (de->d_type == DT_UNKNOWN) {
			struct stat st;
			char *abs = path_join(root, path);

			is_dir = lstat(abs, &st) == 0 && S_ISDIR(st.st_mode);
			free(abs);
		} else {
			is_dir = de->d_type == DT_DIR;
		}
		if (is_dir) {
			char *slashed = xasprintf("%s/", path);

			if (!is_build_output(slashed))
				rc = walk_dir(root, path, out, err);
			free(slashed);
			free(path);
		} else if (de->d_type == DT_LNK || is_build_output(path)) {
			free(path);
		} else {
			sv_push_owned(out, path);
		}
	}
	closedir(d);
	free(full);
	return rc;
}

/* Fill t->files from `git ls-files -z`; returns -1 if root is not a git work tree top. */
static int git_files(struct tree *t)
{
	char *gitdir = path_join(t->root, ".git");
	char *argv[] = { "git", "ls-files", "-z", "--cached", NULL };
	struct strbuf out = STRBUF_INIT;
	struct stat st;
	int rc;

	if (stat(gitdir, &st) < 0) {
		free(gitdir);
		return -1;
	}
	free(gitdir);
	rc = run_capture(t->root, argv, &out, 1);
	if (rc != 0) {
		sb_release(&out);
		return -1;
	}
	for (size_t i = 0; i < out.len;) {
		const char *p = out.buf + i;
		size_t n = strlen(p);
		char *abs;

		if (!is_build_output(p)) {
			/* A file deleted from the work tree but still in the index is gone. */
			abs = path_join(t->root, p);
			if (lstat(abs, &st) == 0 && S_ISREG(st.st_mode))
				sv_push(&t->files, p);
			free(abs);
		}
		i += n + 1;
	}
	sb_release(&out);
	return 0;
}

int tree_load(struct tree *t, const char *root, struct strbuf *err)
{
	struct stat st;
	size_t n = strlen(root);
	char *kconfig, *makefile;
	int ok;

	memset(t, 0, sizeof(*t));
	while (n > 1 && root[n - 1] == '/')
		n--;
	t->root = xstrndup(root, n);
	if (stat(t->root, &st) < 0) {
		sb_addf(err, "%s: %s\n", t->root, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		sb_addf(err, "%s: not a directory\n", t->root);
		return -1;
	}
	kconfig = path_join(t->root, "Kconfig");
	makefile = path_join(t->root, "Makefile");
	ok = access(kconfig, R_OK) == 0 && access(makefile, R_OK) == 0;
	free(kconfig);
	free(makefile);
	if (!ok) {
		sb_addf(err, "%s: not a kernel tree (no top-level Kconfig and Makefile)\n", t->root);
		return -1;
	}
	if (git_files(t) == 0 && t->files.n) {
		t->is_git = 1;
	} else {
		sv_clear(&t->files);
		if (walk_dir(t->root, "", &t->files, err) < 0)
			return -1;
	}
	sv_sort_uniq(&t->files);
	return 0;
}

void tree_release(struct tree *t)
{
	free(t->root);
	sv_clear(&t->files);
	memset(t, 0, sizeof(*t));
}

size_t tree_lower_bound(const struct tree *t, const char *key)
{
	size_t lo = 0, hi = t->files.n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(t->files.v[mid], key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int tree_contains(const struct tree *t, const char *rel)
{
	size_t i = tree_lower_bound(t, rel);

	return i < t->files.n && !strcmp(t->files.v[i], rel);
}

int tree_read(const struct tree *t, const char *rel, struct strbuf *sb)
{
	char *full = path_join(t->root, rel);
	int rc;

	sb_reset(sb);
	rc = read_file(full, sb);
	free(full);
	return rc;
}
