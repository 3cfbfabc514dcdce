/* kconfig_defs.c - a quick index of Kconfig symbol definitions. */
#include "kconfig_defs.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Keywords that start a new statement when they begin a line. */
static const char *const statements[] = {
	"config", "menuconfig", "choice", "endchoice", "menu", "endmenu", "if", "endif",
	"source", "comment", "mainmenu", "rsource", "osource", "orsource",
};

static int starts_statement(const char *p)
{
	p += strspn(p, " \t");
	for (size_t i = 0; i < ARRAY_SIZE(statements); i++) {
		size_t n = strlen(statements[i]);

		if (!strncmp(p, statements[i], n) && (isspace((unsigned char)p[n]) || !p[n]))
			return 1;
	}
	return 0;
}

/* End of the entry whose config line starts at off: the next statement, or EOF. */
static size_t entry_end(const char *buf, size_t len, size_t off)
{
	size_t p = line_end(buf, len, off), last = p;

	while (p < len) {
		if (starts_statement(buf + p))
			break;
		if (buf[p] != '\n')
			last = line_end(buf, len, p);
		p = line_end(buf, len, p);
	}
	return last;
}

static void index_file(struct kconfig_defs *defs, const char *path, const char *buf, size_t len)
{
	size_t off = 0, lineno = 1;

	while (off < len) {
		const char *p = buf + off + strspn(buf + off, " \t");
		size_t n = 0;

		if (!strncmp(p, "config", 6) && (p[6] == ' ' || p[6] == '\t'))
			n = 6;
		else if (!strncmp(p, "menuconfig", 10) && (p[10] == ' ' || p[10] == '\t'))
			n = 10;
		if (n) {
			const char *s = p + n + strspn(p + n, " \t"), *e = s;
			struct kconfig_def *d;

			while (isalnum((unsigned char)*e) || *e == '_')
				e++;
			if (e > s) {
				GROW(defs->v, defs->cap, defs->n + 1);
				d = &defs->v[defs->n++];
				d->name = xstrndup(s, (size_t)(e - s));
				d->file = xstrdup(path);
				d->line = lineno;
				d->start = off;
				d->end = entry_end(buf, len, off);
				strset_add(&defs->names, d->name);
			}
		}
		off = line_end(buf, len, off);
		lineno++;
	}
}

void kconfig_defs_load(struct kconfig_defs *defs, const struct tree *t)
{
	struct strbuf sb = STRBUF_INIT;

	memset(defs, 0, sizeof(*defs));
	for (size_t i = 0; i < t->files.n; i++) {
		const char *path = t->files.v[i];
		char *full;

		if (!is_kconfig_file(path))
			continue;
		full = path_join(t->root, path);
		sb_reset(&sb);
		if (read_file(full, &sb) == 0)
			index_file(defs, path, sb.buf, sb.len);
		free(full);
	}
	sb_release(&sb);
}

void kconfig_defs_release(struct kconfig_defs *defs)
{
	for (size_t i = 0; i < defs->n; i++) {
		free(defs->v[i].name);
		free(defs->v[i].file);
	}
	free(defs->v);
	strset_clear(&defs->names);
	memset(defs, 0, sizeof(*defs));
}

int kconfig_defs_has(const struct kconfig_defs *defs, const char *name)
{
	return strset_has(&defs->names, name);
}

static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t *row = xmalloc((lb + 1) * sizeof(*row));
	size_t d;

	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	d = row[lb];
	free(row);
	return d;
}

void kconfig_defs_suggest(const struct kconfig_defs *defs, const char *name, size_t max,
			  struct strvec *out)
{
	size_t limit = strlen(name) / 3 + 1;

	/* Increasing distance, each name once. */
	for (size_t dist = 0; dist <= limit && out->n < max; dist++)
		for (size_t i = 0; i < defs->n && out->n < max; i++)
			if (edit_distance(name, defs->v[i].name) == dist &&
			    !sv_contains(out, defs->v[i].name))
				sv_push(out, defs->v[i].name);
}
