/* coverage.c - a removal's hunks in kept files, and whether builds compiled them (coverage.h). */
#include "coverage.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "run_command.h"

void coverage_init(struct coverage *cov)
{
	memset(cov, 0, sizeof(*cov));
}

void coverage_release(struct coverage *cov)
{
	for (size_t i = 0; i < cov->nfiles; i++) {
		free(cov->files[i].path);
		for (int s = 0; s < 2; s++) {
			cpp_lines_release(&cov->files[i].lines[s]);
			free(cov->files[i].taken[s]);
		}
	}
	free(cov->files);
	for (size_t i = 0; i < cov->n; i++) {
		free(cov->hunks[i].use);
		free(cov->hunks[i].why);
		free(cov->hunks[i].object);
	}
	free(cov->hunks);
	sv_clear(&cov->problems);
	sv_clear(&cov->configs);
	memset(cov, 0, sizeof(*cov));
}

int coverage_wants(const char *path)
{
	return ends_with(path, ".c") || ends_with(path, ".h") || ends_with(path, ".S");
}

/* True if the files at a and b hold the same bytes (sizes already equal). */
static int same_bytes(const char *a, const char *b)
{
	struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;
	int same = read_file(a, &x) == 0 && read_file(b, &y) == 0 && x.len == y.len &&
		   (!x.len || !memcmp(x.buf, y.buf, x.len));

	sb_release(&x);
	sb_release(&y);
	return same;
}

void coverage_changed_files(const char *before, const char *after, const struct strvec *paths,
			    struct strvec *out)
{
	for (size_t i = 0; i < paths->n; i++) {
		const char *p = paths->v[i];
		char *a, *b;
		struct stat sa, sb;

		if (!coverage_wants(p))
			continue;
		a = path_join(after, p);
		b = path_join(before, p);
		if (lstat(a, &sa) == 0 && lstat(b, &sb) == 0 && S_ISREG(sa.st_mode) && S_ISREG(sb.st_mode) &&
		    !(sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino) &&
		    (sa.st_size != sb.st_size || !same_bytes(a, b)))
			sv_push(out, p);
		free(a);
		free(b);
	}
	sv_sort_uniq(out);
}

long coverage_file_index(const struct coverage *cov, const char *path)
{
	for (size_t i = 0; i < cov->nfiles; i++)
		if (!strcmp(cov->files[i].path, path))
			return (long)i;
	return -1;
}

/* The file entry of path, its sides' structure read from the trees (root NULL: no such side). */
static size_t add_file(struct coverage *cov, const char *path, const char *before, const char *after)
{
	long at = coverage_file_index(cov, path);
	const char *roots[2] = { before, after };
	struct cov_file *f;

	if (at >= 0)
		return (size_t)at;
	GROW(cov->files, cov->files_cap, cov->nfiles + 1);
	f = &cov->files[cov->nfiles];
	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	for (int s = 0; s < 2; s++) {
		struct strbuf text = STRBUF_INIT, err = STRBUF_INIT;
		char *full;

		if (!roots[s])
			continue;
		full = path_join(roots[s], path);
		if (read_file(full, &text) < 0) {
			sv_push_owned(&cov->problems, xasprintf("%s: cannot read %s: %s", path, full, strerror(errno)));
		} else if (cpp_lines(path, text.buf ? text.buf : "", text.len, &f->lines[s], &err) < 0) {
			sv_push_owned(&cov->problems, xasprintf("%s: %s", path, err.buf ? err.buf : "malformed"));
		} else {
			f->have[s] = 1;
			f->taken[s] = xcalloc(f->lines[s].nbranches, sizeof(size_t));
		}
		sb_release(&text);
		sb_release(&err);
		free(full);
	}
	return cov->nfiles++;
}

/* "N" or "N,M" of a diff -U0 range into start and count. */
static const char *parse_range(const char *p, size_t *start, size_t *count)
{
	char *end;

	*start = strtoul(p, &end, 10);
	*count = 1;
	if (*end == ',')
		*count = strtoul(end + 1, &end, 10);
	return end;
}

int coverage_add_file(struct coverage *cov, const char *before, const char *after, const char *path)
{
	char *a = path_join(before, path), *b = path_join(after, path);
	char *argv[] = { "diff", "-U0", a, b, NULL };
	struct strbuf out = STRBUF_INIT;
	int rc = run_capture(NULL, argv, &out, 1), added = 0;
	size_t fi;

	if (rc != 0 && rc != 1) {
		sv_push_owned(&cov->problems, xasprintf("%s: diff failed (status %d)", path, rc));
		added = -1;
		goto out;
	}
	fi = add_file(cov, path, before, after);
	for (const char *p = out.buf; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		struct cov_hunk h;

		if (!starts_with(p, "@@ -"))
			continue;
		memset(&h, 0, sizeof(h));
		h.file = fi;
		p = parse_range(p + 4, &h.start[COV_BEFORE], &h.count[COV_BEFORE]);
		if (!starts_with(p, " +"))
			continue;
		parse_range(p + 2, &h.start[COV_AFTER], &h.count[COV_AFTER]);
		h.has_side[COV_BEFORE] = h.has_side[COV_AFTER] = 1;
		GROW(cov->hunks, cov->cap, cov->n + 1);
		cov->hunks[cov->n++] = h;
		added++;
	}
out:
	sb_release(&out);
	free(a);
	free(b);
	return added;
}

void coverage_add_use(struct coverage *cov, const char *before, const char *after, const char *path,
		      size_t line, const char *name, const char *def_path, size_t def_line)
{
	struct cov_hunk h;

	memset(&h, 0, sizeof(h));
	h.file = add_file(cov, path, NULL, after);
	h.start[COV_AFTER] = line;
	h.count[COV_AFTER] = 1;
	h.has_side[COV_AFTER] = 1;
	h.use = xstrdup(name);
	GROW(cov->hunks, cov->cap, cov->n + 1);
	cov->hunks[cov->n++] = h;
	if (def_path && coverage_wants(def_path)) {
		memset(&h, 0, sizeof(h));
		h.file = add_file(cov, def_path, before, NULL);
		h.start[COV_BEFORE] = def_line;
		h.count[COV_BEFORE] = 1;
		h.has_side[COV_BEFORE] = 1;
		h.use = xstrdup(name);
		h.aux = 1;
		GROW(cov->hunks, cov->cap, cov->n + 1);
		cov->hunks[cov->n++] = h;
	}
}

void coverage_add_object(struct coverage *cov, const char *path, const char *object)
{
	struct cov_hunk h;

	memset(&h, 0, sizeof(h));
	h.file = add_file(cov, path, NULL, NULL);
	h.start[COV_BEFORE] = h.start[COV_AFTER] = 1;
	h.count[COV_BEFORE] = h.count[COV_AFTER] = 1;
	h.has_side[COV_BEFORE] = h.has_side[COV_AFTER] = 1;
	h.object = xstrdup(object);
	GROW(cov->hunks, cov->cap, cov->n + 1);
	cov->hunks[cov->n++] = h;
}

void coverage_mark_object(struct coverage *cov, enum cov_side side, const char *object)
{
	for (size_t i = 0; i < cov->n; i++)
		if (cov->hunks[i].object && !strcmp(cov->hunks[i].object, object))
			cov->hunks[i].object_built[side] = 1;
}

/* The index of name in cov->configs, added if new. */
static size_t config_id(struct coverage *cov, const char *name)
{
	for (size_t i = 0; i < cov->configs.n; i++)
		if (!strcmp(cov->configs.v[i], name))
			return i;
	sv_push(&cov->configs, name);
	return cov->configs.n - 1;
}

int coverage_mark(struct coverage *cov, enum cov_side side, const char *path, const char *ranges,
		  const char *by)
{
	long fi = coverage_file_index(cov, path);
	struct cov_file *f;
	size_t id;

	if (fi < 0)
		return 0;
	f = &cov->files[fi];
	if (!f->have[side])
		return 0;
	id = config_id(cov, by);
	for (const char *p = ranges; *p;) {
		char *end;
		size_t a = strtoul(p, &end, 10), b = a;

		if (end == p)
			return -1;
		if (*end == '-')
			b = strtoul(end + 1, &end, 10);
		if (*end == ',')
			end++;
		else if (*end)
			return -1;
		for (size_t l = a; l <= b && l <= f->lines[side].nlines; l++) {
			/*
			 * The branch of the line and every one around it were
			 * taken (one taken before has its enclosing ones taken).
			 */
			for (size_t br = f->lines[side].branch[l]; !f->taken[side][br];
			     br = f->lines[side].branches[br].parent)
				f->taken[side][br] = id + 1;
		}
		p = end;
	}
	return 0;
}

/* The nesting depth of branch br. */
static size_t depth_of(const struct cpp_lines *l, size_t br)
{
	size_t d = 0;

	for (; br; br = l->branches[br].parent)
		d++;
	return d;
}

/* The innermost branch the gap after line at (0: before the first line) is in. */
static size_t gap_branch(const struct cpp_lines *l, size_t at)
{
	size_t best = 0, best_depth = 0;

	for (size_t b = 1; b < l->nbranches; b++) {
		const struct cpp_branch *br = &l->branches[b];

		if (br->first <= at + 1 && at <= br->last && depth_of(l, b) > best_depth) {
			best = b;
			best_depth = depth_of(l, b);
		}
	}
	return best;
}

size_t coverage_side_branches(const struct coverage *cov, const struct cov_hunk *h, enum cov_side side,
			      size_t *out, size_t max)
{
	const struct cov_file *f = &cov->files[h->file];
	const struct cpp_lines *l = &f->lines[side];
	size_t n = 0;

	if (!h->has_side[side] || !f->have[side])
		return 0;
	for (size_t i = h->start[side]; i < h->start[side] + h->count[side] && i <= l->nlines; i++) {
		int dup = 0;

		if (l->kind[i] != CPP_LINE_CODE && l->kind[i] != CPP_LINE_DEFINE && l->kind[i] != CPP_LINE_INCLUDE)
			continue;
		for (size_t k = 0; k < n; k++)
			dup |= out[k] == l->branch[i];
		if (!dup && n < max)
			out[n++] = l->branch[i];
	}
	if (!n && max) {
		/* No line of C: the branch it sits in (a position is the gap after its line). */
		if (h->count[side] && h->start[side] <= l->nlines)
			out[n++] = l->branch[h->start[side]];
		else
			out[n++] = gap_branch(l, h->start[side]);
	}
	return n;
}

void coverage_evaluate(struct coverage *cov)
{
	for (size_t i = 0; i < cov->n; i++) {
		struct cov_hunk *h = &cov->hunks[i];
		const struct cov_file *f = &cov->files[h->file];

		for (int s = 0; s < 2; s++) {
			size_t br[64], n = coverage_side_branches(cov, h, (enum cov_side)s, br, ARRAY_SIZE(br));

			h->compiled[s] = 0;
			h->by[s] = NULL;
			if (h->object) {
				h->compiled[s] = h->object_built[s];
				continue;
			}
			for (size_t k = 0; k < n && !h->compiled[s]; k++)
				if (f->taken[s][br[k]]) {
					h->compiled[s] = 1;
					h->by[s] = cov->configs.v[f->taken[s][br[k]] - 1];
				}
		}
	}
}

char *coverage_where(const struct coverage *cov, const struct cov_hunk *h, enum cov_side side)
{
	return xasprintf("%s:%zu", cov->files[h->file].path, h->start[side] ? h->start[side] : 1);
}
