/* maintainers.c - remove a subsystem's MAINTAINERS section or its file patterns. */
#include "maintainers.h"

#include <stdlib.h>
#include <string.h>

int maintainers_pattern_owned(const struct footprint *fp, const char *pattern)
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

int maintainers_remove(struct plan *plan, const struct footprint *fp, struct strvec *removed,
		       struct strbuf *err)
{
	const struct plan_file *f = plan_file(plan, "MAINTAINERS");
	const char *d;
	size_t off = 0, len;
	int touched = 0;

	if (!f) {
		sb_addf(err, "MAINTAINERS: cannot read\n");
		return -1;
	}
	d = f->data;
	len = f->len;
	/* Sections: a title line, then tag lines, up to a blank line. */
	while (off < len) {
		size_t start = off, end, e;
		size_t nf = 0, nowned = 0;
		int is_section;

		if (d[off] == '\n') {
			off++;
			continue;
		}
		end = off;
		while (end < len && d[end] != '\n')
			end = line_end(d, len, end);
		/* A section has a title and at least one tag line right after it. */
		e = line_end(d, len, start);
		is_section = e < len && e + 1 < len && d[e + 1] == ':';
		if (!is_section) {
			off = end;
			continue;
		}
		for (size_t p = e; p < end; p = line_end(d, len, p)) {
			size_t le = line_end(d, len, p);
			char *v = tag_value(d + p, d + le, 'F');

			if (v) {
				nf++;
				nowned += maintainers_pattern_owned(fp, v);
				free(v);
			}
		}
		if (nf && nowned == nf) {
			char *title = xstrndup(d + start, e - start - 1);
			char *why = xasprintf("section %s: every F: pattern points into removed files", title);
			size_t stop = end < len && d[end] == '\n' ? end + 1 : end;

			/* The section and the blank line after it (or before it, at the end). */
			if (stop == end && start > 0 && d[start - 1] == '\n')
				plan_edit(plan, "MAINTAINERS", start - 1, end, "", "maintainers", why);
			else
				plan_edit(plan, "MAINTAINERS", start, stop, "", "maintainers", why);
			sv_push_owned(removed, title);
			free(why);
			touched++;
		} else if (nowned) {
			for (size_t p = e; p < end; p = line_end(d, len, p)) {
				size_t le = line_end(d, len, p);
				char *v = tag_value(d + p, d + le, 'F');

				if (!v)
					v = tag_value(d + p, d + le, 'X');
				if (v && maintainers_pattern_owned(fp, v)) {
					char *why = xasprintf("%c: %s points into removed files", d[p], v);

					plan_edit(plan, "MAINTAINERS", p, le, "", "maintainers", why);
					free(why);
				}
				free(v);
			}
			touched++;
		}
		off = end;
	}
	return touched;
}
