/*
 * derive_companions.c - the footprint of a symbol no Kconfig file defines
 * any more (a half-done removal): the undefined symbols that went with it,
 * named in its namespace and only in config files that name it too.  See
 * footprint_companions() in target.h.
 */
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "kconfig.h"
#include "scan.h"
#include "target.h"
#include "walk.h"

/* The namespace of an undefined symbol: its shortest '_'-cut leading part no defined name uses. */
static char *namespace_of(const struct kconfig_db *db, const char *target)
{
	for (const char *p = strchr(target, '_'); ; p = strchr(p + 1, '_')) {
		size_t n = p ? (size_t)(p - target) : strlen(target);
		char *ns = xasprintf("%.*s_", (int)n, target);
		size_t lo = 0, hi = db->nsyms;

		/* the first defined name not below ns: does it start with ns? */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (strcmp(db->syms[mid].name, ns) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo == db->nsyms || !starts_with(db->syms[lo].name, ns))
			return ns;
		free(ns);
		if (!p)
			return NULL;
	}
}

struct companion {
	char *name;
	size_t files;
	int alone;               /* named in a config file without the target */
};

void footprint_companions(const struct tree *t, const struct kconfig_db *db, const char *target,
			 struct strvec *names, struct strvec *reasons)
{
	char *ns = namespace_of(db, target);
	struct companion *c = NULL;
	size_t nc = 0, cap = 0, nsl, target_files = 0;
	struct strbuf sb = STRBUF_INIT;

	if (!ns || kconfig_is_defined(db, target)) {
		free(ns);
		return;
	}
	nsl = strlen(ns);
	for (size_t i = 0; i < t->files.n; i++) {
		const char *path = t->files.v[i];
		struct strvec here = STRVEC_INIT;
		int has_target = 0;
		char *full;

		if (file_class(path) != FILE_DEFCONFIG &&
		    !(classify_config_fragment_dir(path) && !strcmp(path_basename(path), "config")))
			continue;
		full = path_join(t->root, path);
		sb_reset(&sb);
		if (read_file(full, &sb) < 0) {
			free(full);
			continue;
		}
		free(full);
		for (const char *p = sb.buf; (p = strstr(p, "CONFIG_")); p += 7) {
			const char *name = p + 7, *e = name;
			int sets;

			while (is_word_char((unsigned char)*e))
				e++;
			if (!classify_config_line(sb.buf, sb.len, line_start(sb.buf, (size_t)(p - sb.buf)),
					    (size_t)(e - sb.buf), &sets))
				continue;
			if ((size_t)(e - name) == strlen(target) && !strncmp(name, target, (size_t)(e - name)))
				has_target = 1;
			else if ((size_t)(e - name) > nsl && !strncmp(name, ns, nsl) &&
				 kconfig_name_defined(db, name, (size_t)(e - name)) <= 0)
				sv_push_owned(&here, xstrndup(name, (size_t)(e - name)));
		}
		target_files += has_target;
		sv_sort_uniq(&here);
		for (size_t k = 0; k < here.n; k++) {
			size_t m;

			for (m = 0; m < nc && strcmp(c[m].name, here.v[k]); m++)
				;
			if (m == nc) {
				GROW(c, cap, nc + 1);
				c[nc++] = (struct companion){ xstrdup(here.v[k]), 0, 0 };
			}
			c[m].files++;
			c[m].alone |= !has_target;
		}
		sv_clear(&here);
	}
	for (size_t m = 0; m < nc; m++) {
		if (!c[m].alone && !sv_contains(names, c[m].name)) {
			sv_push(names, c[m].name);
			sv_push_owned(reasons, xasprintf("not defined either, in the namespace %s that no "
							 "defined symbol uses, and named only in config "
							 "files that also name %s (%zu of the %zu that do)",
							 ns, target, c[m].files, target_files));
		}
		free(c[m].name);
	}
	free(c);
	free(ns);
	sb_release(&sb);
}
