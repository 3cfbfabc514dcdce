/* defconfig.c - remove (or replace) CONFIG_ lines of defconfigs and config fragments. */
#include "defconfig.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The symbol a config line sets: "CONFIG_X=v" or "# CONFIG_X is not set"; *is_set tells which. */
static int config_line(const char *p, const char *end, const char **sym, size_t *n, int *is_set)
{
	const char *s;

	if (end - p > 2 && p[0] == '#' && p[1] == ' ') {
		p += 2;
		*is_set = 0;
	} else {
		*is_set = 1;
	}
	if (end - p < 8 || strncmp(p, "CONFIG_", 7))
		return 0;
	s = p + 7;
	p = s;
	while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
		p++;
	*sym = s;
	*n = (size_t)(p - s);
	if (*is_set)
		return p < end && *p == '=';
	return end - p >= 11 && !strncmp(p, " is not set", 11);
}

/* Offset of the line setting or unsetting NEW in f, or -1. */
static long find_line(const struct plan_file *f, const char *sym, int want_set)
{
	size_t off = utf8_bom_len(f->data, f->len), n = strlen(sym);

	while (off < f->len) {
		size_t e = line_end(f->data, f->len, off);
		const char *s;
		size_t sn;
		int is_set;

		if (config_line(f->data + off, f->data + e, &s, &sn, &is_set) && sn == n &&
		    !strncmp(s, sym, n) && is_set == want_set)
			return (long)off;
		off = e;
	}
	return -1;
}

void defconfig_enabled(const char *data, size_t len, struct strvec *out)
{
	for (size_t off = utf8_bom_len(data, len); off < len;) {
		size_t e = line_end(data, len, off), n;
		const char *s;
		int is_set;

		if (config_line(data + off, data + e, &s, &n, &is_set) && is_set && s + n + 1 < data + e &&
		    (s[n + 1] == 'y' || s[n + 1] == 'm'))
			sv_push_owned(out, xstrndup(s, n));
		off = e;
	}
}

int defconfig_remove(struct plan *plan, const char *path, const struct strset *symbols,
		     const struct footprint *fp, struct strbuf *err)
{
	const struct plan_file *f = plan_file(plan, path);
	size_t off;
	int changed = 0;

	if (!f) {
		sb_addf(err, "%s: cannot read\n", path);
		return -1;
	}
	off = utf8_bom_len(f->data, f->len);   /* a byte order mark stays */
	while (off < f->len) {
		size_t e = line_end(f->data, f->len, off);
		const char *s, *repl;
		size_t n;
		int is_set;
		char *sym;

		if (!config_line(f->data + off, f->data + e, &s, &n, &is_set) ||
		    !strset_hasn(symbols, s, n)) {
			off = e;
			continue;
		}
		sym = xstrndup(s, n);
		repl = fp ? footprint_replacement(fp, sym) : NULL;
		if (repl && is_set && find_line(f, repl, 1) < 0) {
			const char *val = memchr(f->data + off, '=', e - off);
			size_t vlen = (size_t)(f->data + e - val);
			char *line = xasprintf("CONFIG_%s%.*s", repl, (int)vlen, val);
			long unset = find_line(f, repl, 0);
			char *why = xasprintf("CONFIG_%s: replaced by CONFIG_%s", sym, repl);
			struct cause c = CAUSE(RULE_DEFCONFIG, sym);

			c.to = repl;
			plan_edit(plan, path, off, e, line, KIND_DEFCONFIG, &c, why);
			if (unset >= 0)
				plan_delete_lines(plan, path, (size_t)unset, (size_t)unset + 1, KIND_DEFCONFIG,
						  &c, why);
			free(line);
			free(why);
		} else {
			char *why = xasprintf("CONFIG_%s: the symbol is removed", sym);

			plan_edit(plan, path, off, e, "", KIND_DEFCONFIG, &CAUSE(RULE_DEFCONFIG, sym), why);
			free(why);
		}
		free(sym);
		changed++;
		off = e;
	}
	return changed;
}
