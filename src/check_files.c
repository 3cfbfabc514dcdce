/*
 * check_files.c - what a removal touched, as excise check's steps need it:
 * the defconfigs it edited, the C files to give sparse, the paths and the
 * architectures it touched, the configurations and directories the cross
 * step builds.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check_internal.h"
#include "kbuild.h"
#include "walk.h"

/* Defconfigs the removal touched, as ARCH:NAME for kconfig-check.sh. */
void check_touched_defconfigs(const struct removal *r, struct strvec *out)
{
	for (size_t i = 0; i < r->plan.nedits; i++) {
		const char *p = r->plan.edits[i].path;
		const char *cfg = strstr(p, "/configs/");
		char *arch, *item;

		if (!starts_with(p, "arch/") || !cfg || strchr(cfg + 9, '/'))
			continue;
		arch = xstrndup(p + 5, (size_t)(cfg - p - 5));
		/* Kconfig takes ARCH=x86 and ARCH=sh; um needs a SUBARCH: skip it. */
		if (strcmp(arch, "um")) {
			item = xasprintf("%s:%s", arch, cfg + 9);
			if (!sv_contains(out, item))
				sv_push(out, item);
			free(item);
		}
		free(arch);
	}
	for (size_t i = 0; i < r->plan.nedits; i++)
		if (!strcmp(r->plan.edits[i].path, "kernel/configs/tiny.config") &&
		    !sv_contains(out, "x86_64:tinyconfig"))
			sv_push(out, "x86_64:tinyconfig");
}

/* The C files to check with sparse: touched .c files, and a .c file beside each touched header. */
void check_touched_c_files(const struct removal *r, struct strvec *out)
{
	for (size_t i = 0; i < r->plan.nedits; i++) {
		const char *p = r->plan.edits[i].path;

		if (ends_with(p, ".c") && !sv_contains(out, p))
			sv_push(out, p);
	}
	for (size_t i = 0; i < r->plan.nedits; i++) {
		const char *p = r->plan.edits[i].path;
		const char *slash = strrchr(p, '/');

		if (!ends_with(p, ".h") || !slash || starts_with(p, "include/"))
			continue;
		/* A local header: the first C file of its directory (by name) that includes it. */
		{
			char *dir = xstrndup(p, (size_t)(slash - p));
			char *include = xasprintf("#include \"%s\"", slash + 1);
			char *full = path_join(r->tree.root, dir);
			struct dirent **names = NULL;
			int n = scandir(full, &names, NULL, alphasort);

			for (int k = 0; k < n; k++) {
				const char *name = names[k]->d_name;
				char *rel = path_join(dir, name);
				char *abs = path_join(r->tree.root, rel);
				struct strbuf text = STRBUF_INIT;
				struct stat st;

				if (name[0] != '.' && ends_with(name, ".c") && stat(abs, &st) == 0 &&
				    S_ISREG(st.st_mode) && read_file(abs, &text) == 0 && text.buf &&
				    strstr(text.buf, include)) {
					if (!sv_contains(out, rel))
						sv_push(out, rel);
					k = n;
				}
				sb_release(&text);
				free(abs);
				free(rel);
			}
			for (int k = 0; k < n; k++)
				free(names[k]);
			free(names);
			free(full);
			free(include);
			free(dir);
		}
	}
}

/*
 * With no C file touched (a removal of Kconfig and Makefile lines and whole
 * directories), the neighbours: up to 8 objects each Makefile that changed
 * builds unconditionally (obj-y), which the change of that Makefile could
 * affect, as C files.
 */
void check_neighbour_c_files(const struct removal *r, struct strvec *out)
{
	for (size_t i = 0; i < r->plan.nfiles; i++) {
		const struct plan_file *f = &r->plan.files[i];
		const char *slash = strrchr(f->path, '/');
		struct strbuf err = STRBUF_INIT;
		struct kbuild_file kf;
		size_t taken = 0;

		if (!is_makefile(f->path) || !slash || plan_is_deleted(&r->plan, f->path) ||
		    kbuild_parse(&kf, f->path, f->data, f->len, &err) < 0) {
			sb_release(&err);
			continue;
		}
		for (size_t k = 0; k < kf.n && taken < 8; k++) {
			const struct kbuild_line *l = &kf.lines[k];

			if (l->kind != KB_ASSIGN || strcmp(l->var, "obj-y") || l->depth)
				continue;
			for (size_t w = 0; w < l->nwords && taken < 8; w++) {
				char *word = kbuild_word(&kf, &l->words[w]);
				size_t n = strlen(word);
				char *c = n > 2 && !strcmp(word + n - 2, ".o")
						  ? xasprintf("%.*s/%.*s.c", (int)(slash - f->path), f->path,
							      (int)(n - 2), word)
						  : NULL;
				char *full = c ? path_join(r->tree.root, c) : NULL;

				if (c && access(full, R_OK) == 0 && !sv_contains(out, c)) {
					sv_push(out, c);
					taken++;
				}
				free(full);
				free(c);
				free(word);
			}
		}
		kbuild_release(&kf);
		sb_release(&err);
	}
}

/* x86 is the connected and build steps' architecture; um needs a SUBARCH. */
static int native_arch(const char *arch)
{
	return !strcmp(arch, "x86") || !strcmp(arch, "x86_64") || !strcmp(arch, "i386") ||
	       !strcmp(arch, "um");
}

/* The architecture of a path under arch/, or NULL. */
char *check_arch_of(const char *path)
{
	const char *slash;

	if (!starts_with(path, "arch/") || !(slash = strchr(path + 5, '/')))
		return NULL;
	return xstrndup(path + 5, (size_t)(slash - path - 5));
}

/* Every path the removal edits or deletes, once. */
void check_touched_paths(const struct removal *r, struct strvec *out)
{
	for (size_t i = 0; i < r->plan.nedits; i++)
		sv_push(out, r->plan.edits[i].path);
	for (size_t i = 0; i < r->plan.ndels; i++)
		sv_push(out, r->plan.dels[i].path);
	sv_sort_uniq(out);
}

/* The architectures other than x86 the removal touches (their defconfigs or code), sorted. */
void check_cross_arches(const struct strvec *touched, struct strvec *out)
{
	for (size_t i = 0; i < touched->n; i++) {
		char *arch = check_arch_of(touched->v[i]);

		if (arch && !native_arch(arch) && !sv_contains(out, arch))
			sv_push(out, arch);
		free(arch);
	}
	sv_sort_uniq(out);
}

/*
 * The configurations of arch to build: its defconfigs the removal edits
 * (the first CROSS_CONFIGS; *more counts the others), or its defconfig when
 * only its code is touched.
 */
void check_cross_configs(const struct removal *r, const char *arch, struct strvec *out, size_t *more)
{
	struct strvec defs = STRVEC_INIT;
	size_t alen = strlen(arch);

	*more = 0;
	check_touched_defconfigs(r, &defs);
	sv_sort_uniq(&defs);
	for (size_t i = 0; i < defs.n; i++) {
		if (strncmp(defs.v[i], arch, alen) || defs.v[i][alen] != ':')
			continue;
		if (out->n < CROSS_CONFIGS)
			sv_push(out, defs.v[i] + alen + 1);
		else
			(*more)++;
	}
	if (!out->n)
		sv_push(out, "defconfig");
	sv_clear(&defs);
}

/*
 * The directories to compile for arch: those of the touched files (the
 * parent of a deleted directory) that BEFORE builds with a Makefile or
 * Kbuild, but not Documentation/, tools/, scripts/, include/, a configs/
 * directory or another architecture's tree; the first CROSS_DIRS, *more
 * counts the others.
 */
void check_cross_dirs(const struct strvec *touched, const char *before, const char *arch,
		       int generic, struct strvec *out, size_t *more)
{
	struct strvec dirs = STRVEC_INIT;

	*more = 0;
	for (size_t i = 0; i < touched->n; i++) {
		char *d = xstrdup(touched->v[i]), *slash, *a = check_arch_of(d);
		size_t n = strlen(d);

		if (n && d[n - 1] == '/')
			d[n - 1] = '\0';   /* a deleted directory: its parent */
		slash = strrchr(d, '/');
		if (slash && !(a && strcmp(a, arch)) && (a || generic) && !starts_with(d, "Documentation/") &&
		    !starts_with(d, "tools/") && !starts_with(d, "scripts/") && !starts_with(d, "include/") &&
		    !strstr(d, "/configs/")) {
			char *mk, *kb;

			slash[1] = '\0';
			mk = xasprintf("%s/%sMakefile", before, d);
			kb = xasprintf("%s/%sKbuild", before, d);
			if (access(mk, F_OK) == 0 || access(kb, F_OK) == 0)
				sv_push(&dirs, d);
			free(mk);
			free(kb);
		}
		free(a);
		free(d);
	}
	sv_sort_uniq(&dirs);
	for (size_t i = 0; i < dirs.n; i++) {
		if (out->n < CROSS_DIRS)
			sv_push(out, dirs.v[i]);
		else
			(*more)++;
	}
	sv_clear(&dirs);
}

