/* suggest.c - the names nearest to a mistyped one (suggest.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "suggest.h"

size_t suggest_limit(const char *typed)
{
	return strlen(typed) / 3 + 1;
}

void suggest_nearest(const char *typed, const char *const *cands, size_t n, size_t max,
		     struct strvec *out)
{
	size_t limit = suggest_limit(typed), found = 0;
	size_t *dist = xcalloc(n ? n : 1, sizeof(*dist));

	for (size_t i = 0; i < n; i++)
		dist[i] = edit_distance(typed, cands[i]);
	for (size_t d = 0; d <= limit && found < max; d++)
		for (size_t i = 0; i < n && found < max; i++)
			if (dist[i] == d) {
				sv_push(out, cands[i]);
				found++;
			}
	free(dist);
}

/* A path being built: the components so far ("fs/foo", or "" at the top) and the edits they took. */
struct candidate {
	char *path;
	size_t cost;
	size_t order;   /* made in this order: ties keep it */
	int dir;
};

/*
 * The names one level under prefix ("" for the top), each once, in tree
 * order, into names; dirs[i] is set for a directory.
 */
static void children(const struct tree *t, const char *prefix, struct strvec *names,
		     unsigned char **dirs)
{
	char *key = *prefix ? xasprintf("%s/", prefix) : xstrdup("");
	size_t klen = strlen(key), cap = 0;

	*dirs = NULL;
	for (size_t i = tree_lower_bound(t, key); i < t->files.n; i++) {
		const char *f = t->files.v[i], *rest, *slash;
		size_t n;

		if (strncmp(f, key, klen))
			break;
		rest = f + klen;
		slash = strchr(rest, '/');
		n = slash ? (size_t)(slash - rest) : strlen(rest);
		if (names->n && strlen(names->v[names->n - 1]) == n &&
		    !strncmp(names->v[names->n - 1], rest, n))
			continue;   /* a path sharing a prefix is next to it in tree order */
		sv_push_owned(names, xstrndup(rest, n));
		*dirs = grow_array(*dirs, &cap, names->n, 1);
		(*dirs)[names->n - 1] = slash != NULL;
	}
	free(key);
}

static int cmp_candidate(const void *a, const void *b)
{
	const struct candidate *x = a, *y = b;

	if (x->cost != y->cost)
		return x->cost < y->cost ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

void suggest_paths(const struct tree *t, const char *path, size_t max, struct strvec *out)
{
	/* Candidates kept a level: a few more than asked, so that a cheap later level can win. */
	const size_t keep = max + 4;
	struct candidate *cur = xcalloc(1, sizeof(*cur)), *next = NULL;
	size_t ncur = 1, nnext, cap = 0;
	char *copy = xstrdup(path), *save = NULL;

	cur[0].path = xstrdup("");
	for (char *comp = strtok_r(copy, "/", &save); comp && ncur; comp = strtok_r(NULL, "/", &save)) {
		size_t limit = suggest_limit(comp);

		nnext = 0;
		for (size_t c = 0; c < ncur; c++) {
			struct strvec names = STRVEC_INIT;
			unsigned char *dirs;
			size_t exact = SIZE_MAX;

			children(t, cur[c].path, &names, &dirs);
			for (size_t i = 0; i < names.n && exact == SIZE_MAX; i++)
				if (!strcmp(names.v[i], comp))
					exact = i;
			for (size_t i = 0; i < names.n; i++) {
				size_t d = exact != SIZE_MAX ? (i == exact ? 0 : SIZE_MAX)
							     : edit_distance(comp, names.v[i]);

				if (d > limit)
					continue;
				next = grow_array(next, &cap, nnext + 1, sizeof(*next));
				next[nnext].path = *cur[c].path ? xasprintf("%s/%s", cur[c].path, names.v[i])
								: xstrdup(names.v[i]);
				next[nnext].cost = cur[c].cost + d;
				next[nnext].order = nnext;
				next[nnext++].dir = dirs[i];
			}
			sv_clear(&names);
			free(dirs);
		}
		for (size_t c = 0; c < ncur; c++)
			free(cur[c].path);
		free(cur);
		if (nnext > 1)
			qsort(next, nnext, sizeof(*next), cmp_candidate);
		for (size_t c = keep; c < nnext; c++)
			free(next[c].path);
		cur = next;
		ncur = nnext < keep ? nnext : keep;
		next = NULL;
		cap = 0;
	}
	for (size_t c = 0; c < ncur; c++) {
		if (out->n < max && cur[c].cost > 0)
			sv_push_owned(out, cur[c].dir ? xasprintf("%s/", cur[c].path) : xstrdup(cur[c].path));
		free(cur[c].path);
	}
	free(cur);
	free(copy);
}

void suggest_named(const struct tree *t, const char *name, size_t max, struct strvec *out)
{
	size_t n = strlen(name), found = 0;

	for (size_t i = 0; i < t->files.n && found < max; i++) {
		const char *f = t->files.v[i];

		for (const char *p = f; (p = strstr(p, name)); p++) {
			char *s;

			if ((p != f && p[-1] != '/') || (p[n] && p[n] != '/'))
				continue;
			s = p[n] ? xstrndup(f, (size_t)(p - f) + n + 1) : xstrdup(f);
			if (!sv_contains(out, s)) {
				sv_push_owned(out, s);
				found++;
			} else {
				free(s);
			}
			break;
		}
	}
}
