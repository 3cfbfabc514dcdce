/* maintainers.c - remove a subsystem's MAINTAINERS section or its file patterns. */
#include "maintainers.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

/*
 * A glob (fixed: the length of its part before the first wildcard) that
 * files of t match, every one owned.  Only a glob whose directory holds an
 * owned path is tried; the files under that directory are a run of the
 * sorted t->files.  Wildcards do not cross '/', as in get_maintainer.pl.
 */
static int glob_owned(const struct footprint *fp, const struct tree *t, const char *pattern,
		      size_t fixed)
{
	size_t dlen = 0, lo = 0, hi, matched = 0;
	int any = 0;

	for (size_t i = 0; i < fixed; i++)
		if (pattern[i] == '/')
			dlen = i + 1;
	for (size_t i = 0; i < fp->paths.n && !any; i++)
		any = !strncmp(fp->paths.v[i], pattern, dlen) && strlen(fp->paths.v[i]) > dlen;
	if (!any)
		return 0;
	hi = t->files.n;
	while (lo < hi) {   /* the first file not before the directory */
		size_t mid = lo + (hi - lo) / 2;

		if (strncmp(t->files.v[mid], pattern, dlen) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < t->files.n && !strncmp(t->files.v[i], pattern, dlen); i++) {
		if (fnmatch(pattern, t->files.v[i], FNM_PATHNAME) != 0)
			continue;
		if (!footprint_owns(fp, t->files.v[i]))
			return 0;
		matched++;
	}
	return matched > 0;
}

int maintainers_pattern_owned(const struct footprint *fp, const struct tree *t, const char *pattern)
{
	size_t fixed = strcspn(pattern, "*?[");
	char *prefix = xstrndup(pattern, fixed);
	int owned;

	/* "fs/intermezzo/", "include/linux/fsfilter.h", "drivers/x/ixgb/\*": the part before a glob. */
	owned = fixed && footprint_owns(fp, prefix);
	if (!owned && fixed && prefix[fixed - 1] != '/') {
		char *dir = xasprintf("%s/", prefix);

		owned = footprint_owns(fp, dir) && fixed == strlen(pattern);
		free(dir);
	}
	free(prefix);
	if (!owned && t && pattern[fixed])
		owned = glob_owned(fp, t, pattern, fixed);
	/* a Kconfig file that stays in an owned directory (a tenant's) is still covered */
	for (size_t i = 0; owned && i < fp->tenant_files.n; i++) {
		const char *f = fp->tenant_files.v[i];
		size_t n = strlen(pattern);

		if ((n && pattern[n - 1] == '/' && !strncmp(f, pattern, n)) || !strcmp(f, pattern) ||
		    fnmatch(pattern, f, FNM_PATHNAME) == 0)
			owned = 0;
	}
	return owned;
}

/* The value of a "X:\tvalue" line, trimmed, as a new string; NULL if it is not a tag line. */
static char *tag_value(const char *p, const char *end, char tag)
{
	const char *v;

	if (end - p < 3 || p[0] != tag || p[1] != ':')
		return NULL;
	v = p + 2;
	while (v < end && (*v == ' ' || *v == '\t'))
		v++;
	while (end > v && (end[-1] == '\n' || end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
		end--;
	return xstrndup(v, (size_t)(end - v));
}

/* True if the line at off is blank: nothing before its "\n" or "\r\n" (or the end). */
static int blank_line(const char *d, size_t len, size_t off)
{
	return d[off] == '\n' || (d[off] == '\r' && (off + 1 == len || d[off + 1] == '\n'));
}

size_t maintainers_sections(const char *d, size_t len, const struct footprint *fp,
			    const struct tree *t, struct maintainers_section **out)
{
	size_t off = 0, n = 0, cap = 0, line = 1;

	*out = NULL;
	/* Sections: a title line, then tag lines ("X:\t..."), up to a blank line (LF or CRLF). */
	while (off < len) {
		size_t start = off, end, e, first = line;
		struct maintainers_section *sec;

		if (blank_line(d, len, off)) {
			off = line_end(d, len, off);
			line++;
			continue;
		}
		end = off;
		while (end < len && !blank_line(d, len, end)) {
			end = line_end(d, len, end);
			line++;
		}
		e = line_end(d, len, start);
		if (!(e < len && e + 1 < len && d[e + 1] == ':')) {
			off = end;
			continue;
		}
		GROW(*out, cap, n + 1);
		sec = &(*out)[n++];
		memset(sec, 0, sizeof(*sec));
		sec->start = start;
		sec->end = end;
		sec->title_end = e;
		sec->title_len = e - start - 1;
		if (sec->title_len && d[start + sec->title_len - 1] == '\r')
			sec->title_len--;
		sec->first_line = first;
		sec->last_line = line - 1;
		for (size_t p = e; fp && p < end; p = line_end(d, len, p)) {
			char *v = tag_value(d + p, d + line_end(d, len, p), 'F');

			if (v) {
				sec->nfiles++;
				sec->nowned += maintainers_pattern_owned(fp, t, v);
				free(v);
			}
		}
		off = end;
	}
	return n;
}

/* The start of the blank line (LF or CRLF) that ends just before off and follows a line end, or off. */
static size_t blank_before(const char *d, size_t off)
{
	size_t b = off;

	if (b >= 1 && d[b - 1] == '\n')
		b -= b >= 2 && d[b - 2] == '\r' ? 2 : 1;
	return b < off && b >= 1 && d[b - 1] == '\n' ? b : off;
}

int maintainers_remove(struct plan *plan, const struct footprint *fp, const struct tree *t,
		       struct strbuf *err)
{
	const struct plan_file *f = plan_file(plan, "MAINTAINERS");
	struct maintainers_section *secs;
	size_t nsec;
	const char *d;
	int touched = 0;

	if (!f) {
		sb_addf(err, "MAINTAINERS: cannot read: %s\n", strerror(errno));
		return -1;
	}
	d = f->data;
	nsec = maintainers_sections(d, f->len, fp, t, &secs);
	for (size_t i = 0; i < nsec; i++) {
		const struct maintainers_section *sec = &secs[i];

		if (sec->nfiles && sec->nowned == sec->nfiles) {
			char *title = xstrndup(d + sec->start, sec->title_len);
			char *why = xasprintf("section %s: every F: pattern points into removed files", title);
			size_t stop = sec->end < f->len ? line_end(d, f->len, sec->end) : sec->end;
			struct cause c = CAUSE(RULE_MAINTAINERS, NULL);

			c.section = 1;
			/* its F: patterns: a series takes it with the deletions they name */
			for (size_t p = sec->title_end; p < sec->end; p = line_end(d, f->len, p)) {
				char *v = tag_value(d + p, d + line_end(d, f->len, p), 'F');

				if (v)
					sv_push_owned(&c.paths, v);
			}
			/* The section and the blank line after it (or before it, at the end). */
			if (stop == sec->end)
				plan_edit(plan, "MAINTAINERS", blank_before(d, sec->start), sec->end, "",
					  KIND_MAINTAINERS, &c, why);
			else
				plan_edit(plan, "MAINTAINERS", sec->start, stop, "", KIND_MAINTAINERS, &c, why);
			sv_clear(&c.paths);
			free(title);
			free(why);
			touched++;
		} else if (sec->nowned) {
			for (size_t p = sec->title_end; p < sec->end; p = line_end(d, f->len, p)) {
				size_t le = line_end(d, f->len, p);
				char *v = tag_value(d + p, d + le, 'F');

				if (!v)
					v = tag_value(d + p, d + le, 'X');
				if (v && maintainers_pattern_owned(fp, t, v)) {
					char *why = xasprintf("%c: %s points into removed files", d[p], v);

					struct cause lc = CAUSE(RULE_MAINTAINERS, NULL);

					sv_push(&lc.paths, v);
					plan_edit(plan, "MAINTAINERS", p, le, "", KIND_MAINTAINERS, &lc, why);
					sv_clear(&lc.paths);
					free(why);
				}
				free(v);
			}
			touched++;
		}
	}
	free(secs);
	return touched;
}

void maintainers_removed_sections(const struct plan *plan, struct strvec *titles)
{
	const struct plan_file *f = plan_find(plan, "MAINTAINERS");
	struct maintainers_section *secs;
	size_t nsec, k = 0;

	if (!f)
		return;
	nsec = maintainers_sections(f->data, f->len, NULL, NULL, &secs);
	/* The edits are sorted (plan_check) and the sections in order: one pass over both. */
	while (k < plan->nedits && strcmp(plan->edits[k].path, "MAINTAINERS"))
		k++;
	for (size_t i = 0; i < nsec; i++) {
		const struct maintainers_section *sec = &secs[i];

		for (; k < plan->nedits && !strcmp(plan->edits[k].path, "MAINTAINERS"); k++)
			if (plan->edits[k].end > sec->start)
				break;
		if (k < plan->nedits && !strcmp(plan->edits[k].path, "MAINTAINERS") &&
		    plan->edits[k].cause.section && plan->edits[k].start <= sec->start &&
		    plan->edits[k].end >= sec->end)
			sv_push_owned(titles, xstrndup(f->data + sec->start, sec->title_len));
	}
	free(secs);
}
