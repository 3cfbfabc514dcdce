/* footprint.c - a footprint's life and the queries on it (footprint.h). */
#include "footprint.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

void footprint_init(struct footprint *fp)
{
	memset(fp, 0, sizeof(*fp));
}

void footprint_release(struct footprint *fp)
{
	struct strvec *all[] = {
		&fp->symbols, &fp->paths, &fp->headers, &fp->local_headers, &fp->identifiers,
		&fp->predicates, &fp->words, &fp->chrdevs, &fp->blkdevs, &fp->misc_minors,
		&fp->ioctls, &fp->replace, &fp->replace_call,
		&fp->boot_config, &fp->boot_expect, &fp->boot_expect_after, &fp->history,
		&fp->derivation, &fp->spec_files, &fp->tenant_files,
		&fp->tenant_syms, &fp->macros, &fp->arches, &fp->gone, &fp->gone_how,
	};

	for (size_t i = 0; i < ARRAY_SIZE(all); i++)
		sv_clear(all[i]);
	for (size_t i = 0; i < fp->nkeeps; i++) {
		free(fp->keeps[i].pattern);
		free(fp->keeps[i].reason);
	}
	free(fp->keeps);
	for (size_t i = 0; i < fp->nbuilt; i++)
		free(fp->built[i].path), free(fp->built[i].symbol);
	free(fp->built);
	strset_clear(&fp->path_index);
	strset_clear(&fp->sym_index);
	free(fp->name);
	free(fp->title);
	free(fp->area);
	memset(fp, 0, sizeof(*fp));
}

const char *footprint_path_problem(const char *norm)
{
	if (!*norm)
		return "the tree's top cannot be removed";
	if (!strchr(norm, '/'))
		return "a top-level directory or file is shared by other subsystems and cannot be removed";
	return NULL;
}

void footprint_index(struct footprint *fp)
{
	for (; fp->paths_indexed < fp->paths.n; fp->paths_indexed++) {
		const char *p = fp->paths.v[fp->paths_indexed];
		size_t n = strlen(p);

		strset_add(&fp->path_index, p);
		/* A directory "a/b/" also owns the path "a/b". */
		if (n && p[n - 1] == '/')
			strset_addn(&fp->path_index, p, n - 1);
	}
	for (; fp->syms_indexed < fp->symbols.n; fp->syms_indexed++)
		strset_add(&fp->sym_index, fp->symbols.v[fp->syms_indexed]);
}

int footprint_owns(const struct footprint *fp, const char *path)
{
	if (!fp->paths.n)
		return 0;
	if (fp->paths_indexed == fp->paths.n) {
		/* The path itself (a file, or a directory without its '/'), then each "dir/" above it. */
		if (strset_has(&fp->path_index, path))
			return 1;
		for (const char *s = path; (s = strchr(s, '/')); s++)
			if (strset_hasn(&fp->path_index, path, (size_t)(s - path) + 1))
				return 1;
		return 0;
	}
	for (size_t i = 0; i < fp->paths.n; i++) {
		const char *p = fp->paths.v[i];
		size_t n = strlen(p);

		if (n && p[n - 1] == '/') {
			if (!strncmp(path, p, n) || (!strncmp(path, p, n - 1) && !path[n - 1]))
				return 1;
		} else if (!strcmp(path, p)) {
			return 1;
		}
	}
	return 0;
}

const struct keep_rule *footprint_keep(const struct footprint *fp, const char *path)
{
	for (size_t i = 0; i < fp->nkeeps; i++)
		if (!fnmatch(fp->keeps[i].pattern, path, 0))
			return &fp->keeps[i];
	return NULL;
}

int footprint_has_symbol(const struct footprint *fp, const char *sym)
{
	if (fp->syms_indexed == fp->symbols.n)
		return strset_has(&fp->sym_index, sym);
	return sv_contains(&fp->symbols, sym);
}

const char *footprint_built_by(const struct footprint *fp, const char *path, int is_dir)
{
	size_t n = strlen(path);

	for (size_t i = 0; i < fp->nbuilt; i++) {
		const char *p = fp->built[i].path;

		if (!strncmp(p, path, n) && (!p[n] || (is_dir && p[n] == '/' && !p[n + 1])))
			return fp->built[i].symbol;
	}
	return NULL;
}

const char *footprint_replacement(const struct footprint *fp, const char *sym)
{
	size_t n = strlen(sym);

	for (size_t i = 0; i < fp->replace.n; i++)
		if (!strncmp(fp->replace.v[i], sym, n) && fp->replace.v[i][n] == '=')
			return fp->replace.v[i] + n + 1;
	return NULL;
}
