/* script_result.c - read a script's result file (script_result.h). */
#include "script_result.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static void add_row(struct script_result *r, const char *line, size_t len)
{
	struct script_row row = { NULL, 0 };
	size_t cap = 0, s = 0;

	for (size_t i = 0; i <= len; i++) {
		if (i < len && line[i] != '\t')
			continue;
		GROW(row.f, cap, row.n + 1);
		row.f[row.n++] = xstrndup(line + s, i - s);
		s = i + 1;
	}
	GROW(r->rows, r->cap, r->n + 1);
	r->rows[r->n++] = row;
}

int script_result_load(struct script_result *r, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	const char *v;
	int rc = 0;

	memset(r, 0, sizeof(*r));
	r->verdict = SCRIPT_ERROR;
	r->summary = "";
	if (read_file(path, &sb) < 0) {
		int e = errno;

		sb_release(&sb);
		errno = e;
		return -1;
	}
	for (size_t p = 0; p < sb.len;) {
		const char *nl = memchr(sb.buf + p, '\n', sb.len - p);
		size_t n = nl ? (size_t)(nl - sb.buf) - p : sb.len - p;

		if (n)
			add_row(r, sb.buf + p, n);
		p += n + 1;
	}
	sb_release(&sb);
	v = script_result_get(r, "verdict");
	if (v && !strcmp(v, "pass"))
		r->verdict = SCRIPT_PASS;
	else if (v && !strcmp(v, "fail"))
		r->verdict = SCRIPT_FAIL;
	if (script_result_get(r, "summary"))
		r->summary = script_result_get(r, "summary");
	return rc;
}

void script_result_release(struct script_result *r)
{
	for (size_t i = 0; i < r->n; i++) {
		for (size_t k = 0; k < r->rows[i].n; k++)
			free(r->rows[i].f[k]);
		free(r->rows[i].f);
	}
	free(r->rows);
	memset(r, 0, sizeof(*r));
	r->summary = "";
}

const struct script_row *script_result_next(const struct script_result *r, const char *key,
					    size_t *at)
{
	for (; *at < r->n; (*at)++)
		if (!strcmp(r->rows[*at].f[0], key))
			return &r->rows[(*at)++];
	return NULL;
}

const char *script_result_get(const struct script_result *r, const char *key)
{
	size_t at = 0;
	const struct script_row *row = script_result_next(r, key, &at);

	return row && row->n > 1 ? row->f[1] : NULL;
}

long script_result_count(const struct script_result *r, const char *name)
{
	size_t at = 0;
	const struct script_row *row;

	while ((row = script_result_next(r, "count", &at))) {
		char *end;
		long v;

		if (row->n < 3 || strcmp(row->f[1], name))
			continue;
		errno = 0;
		v = strtol(row->f[2], &end, 10);
		if (!errno && end != row->f[2] && !*end && v >= 0)
			return v;
	}
	return -1;
}

const char *script_verdict_name(enum script_verdict v)
{
	return v == SCRIPT_PASS ? "pass" : v == SCRIPT_FAIL ? "fail" : "error";
}
