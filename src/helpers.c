/*
 * helpers.c - the own code of a prompt-less Kconfig helper (see helpers.h).
 */
#include "helpers.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clex.h"
#include "links.h"
#include "locate.h"

static const char *skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* s starts with word w, not followed by an identifier character: the end of it, or NULL. */
static const char *eat_word(const char *s, const char *w)
{
	size_t n = strlen(w);

	if (strncmp(s, w, n) || isalnum((unsigned char)s[n]) || s[n] == '_')
		return NULL;
	return s + n;
}

/* Nothing but blanks and a comment left on the line? */
static int rest_is_empty(const char *s)
{
	s = skip_blanks(s);
	return !*s || *s == '\n' || *s == '\r' || !strncmp(s, "/*", 2) || !strncmp(s, "//", 2);
}

/* The directive's name ("ifdef", "endif", ...) after '#', or NULL for another line. */
static const char *directive(const char *line, size_t *len)
{
	const char *s = skip_blanks(line), *e;

	if (*s != '#')
		return NULL;
	s = skip_blanks(s + 1);
	for (e = s; isalpha((unsigned char)*e); e++)
		;
	*len = (size_t)(e - s);
	return s;
}

/*
 * Is line an #ifdef/#if of CONFIG_<sym> alone: `#ifdef CONFIG_H`,
 * `#if defined(CONFIG_H)`, `#if defined CONFIG_H`, `#if IS_ENABLED(CONFIG_H)`,
 * `#if IS_BUILTIN(CONFIG_H)`, a comment after it?
 */
static int simple_opening(const char *line, const char *sym)
{
	char *config = xasprintf("CONFIG_%s", sym);
	const char *s = skip_blanks(line), *p;
	int ok = 0;

	if (*s != '#')
		goto out;
	s = skip_blanks(s + 1);
	if ((p = eat_word(s, "ifdef"))) {
		p = eat_word(skip_blanks(p), config);
		ok = p && rest_is_empty(p);
	} else if ((p = eat_word(s, "if"))) {
		static const char *const fn[] = { "defined", "IS_ENABLED", "IS_BUILTIN" };

		p = skip_blanks(p);
		for (size_t k = 0; k < ARRAY_SIZE(fn) && !ok; k++) {
			const char *q = eat_word(p, fn[k]);
			int paren;

			if (!q)
				continue;
			q = skip_blanks(q);
			paren = *q == '(';
			if (!paren && k)
				continue;
			if (paren)
				q = skip_blanks(q + 1);
			q = eat_word(q, config);
			if (!q)
				continue;
			q = skip_blanks(q);
			if (paren && *q++ != ')')
				continue;
			ok = rest_is_empty(q);
		}
	}
out:
	free(config);
	return ok;
}

/*
 * The line of the #endif that closes the conditional opened at line open
 * (1-based) of buf, in *end; *alt set if it has an #else or #elif of its own.
 * Returns 0, or -1 if it is never closed.
 */
static int block_end(const char *buf, size_t len, size_t open, size_t *end, int *alt)
{
	size_t line = 1, i = 0;
	int depth = 0;

	*alt = 0;
	while (i < len) {
		const char *nl = memchr(buf + i, '\n', len - i);
		size_t next = nl ? (size_t)(nl - buf) + 1 : len, n;
		char *text = xstrndup(buf + i, next - i);
		const char *d = line >= open ? directive(text, &n) : NULL;

		if (d) {
			if ((n == 2 && !strncmp(d, "if", 2)) || (n == 5 && !strncmp(d, "ifdef", 5)) ||
			    (n == 6 && !strncmp(d, "ifndef", 6))) {
				depth++;
			} else if (n == 5 && !strncmp(d, "endif", 5)) {
				if (--depth == 0) {
					free(text);
					*end = line;
					return 0;
				}
			} else if (depth == 1 && ((n == 4 && !strncmp(d, "else", 4)) ||
						  (n == 4 && !strncmp(d, "elif", 4)) ||
						  (n == 7 && !strncmp(d, "elifdef", 7)) ||
						  (n == 8 && !strncmp(d, "elifndef", 8)))) {
				*alt = 1;
			}
		}
		free(text);
		i = next;
		line++;
	}
	return -1;
}

/* Does the text register something at boot or load (an initcall, a driver, ...)? */
static const char *registration(const char *s, size_t n)
{
	static const char *const marks[] = { "initcall(", "module_init(", "module_exit(", "_DECLARE(",
					      "__setup(", "early_param(", "MACHINE_START" };
	char *t = xstrndup(s, n);
	const char *found = NULL;

	for (size_t k = 0; k < ARRAY_SIZE(marks) && !found; k++)
		if (strstr(t, marks[k]))
			found = marks[k];
	/* module_platform_driver(, builtin_i2c_driver(, ... */
	for (const char *p = t; !found && (p = strstr(p, "_driver(")); p++) {
		const char *w = p;

		while (w > t && (isalnum((unsigned char)w[-1]) || w[-1] == '_'))
			w--;
		if (!strncmp(w, "module_", 7) || !strncmp(w, "builtin_", 8))
			found = "a *_driver() registration";
	}
	free(t);
	return found;
}

/* The byte range of lines from .. to (1-based, inclusive) of buf. */
static void line_range(const char *buf, size_t len, size_t from, size_t to, size_t *s, size_t *e)
{
	size_t line = 1, i = 0;

	*s = *e = len;
	while (i < len && line <= to) {
		const char *nl = memchr(buf + i, '\n', len - i);
		size_t next = nl ? (size_t)(nl - buf) + 1 : len;

		if (line == from)
			*s = i;
		if (line == to)
			*e = next;
		i = next;
		line++;
	}
}

static void add_region(struct helper_code *c, const char *path, size_t from, size_t to)
{
	GROW(c->v, c->cap, c->n + 1);
	c->v[c->n++] = (struct helper_region){ xstrdup(path), from, to };
}

/* Read one region: its registrations and definitions.  Returns 0 or -1 with why. */
static int read_region(const struct helper_scope *sc, struct helper_code *c,
		       const struct helper_region *g, struct strbuf *why)
{
	char *full = path_join(sc->tree->root, g->path);
	struct strbuf sb = STRBUF_INIT;
	struct strvec defs = STRVEC_INIT;
	size_t s = 0, e, own = 0;
	const char *reg;
	int rc = 0;

	if (read_file(full, &sb) < 0) {
		sb_addf(why, "%s: cannot read it", g->path);
		rc = -1;
		goto out;
	}
	e = sb.len;
	if (g->to != SIZE_MAX)
		line_range(sb.buf, sb.len, g->from, g->to, &s, &e);
	if ((reg = registration(sb.buf + s, e - s))) {
		sb_addf(why, "%s:%zu: its code registers itself (%s)", g->path, g->from, reg);
		rc = -1;
		goto out;
	}
	c_definitions_each(sb.buf, sb.len, &defs);
	for (size_t k = 0; k < defs.n; k++) {
		char *colon = strrchr(defs.v[k], ':');
		size_t line = colon ? strtoul(colon + 1, NULL, 10) : 0;

		if (!colon || line < g->from || line > g->to)
			continue;
		*colon = '\0';
		strset_add(&c->names, defs.v[k]);
		sv_push_owned(&c->defs, xasprintf("%s (%s:%zu)", defs.v[k], g->path, line));
		own++;
	}
	if (!own && g->to != SIZE_MAX) {
		sb_addf(why, "%s:%zu: its block defines nothing at file scope", g->path, g->from);
		rc = -1;
	}
out:
	sv_clear(&defs);
	sb_release(&sb);
	free(full);
	return rc;
}

/*
 * A Makefile line `obj-$(CONFIG_<sym>) += a.o b.o`: each object's C file
 * (in the Makefile's directory, and there) is a region of c.  Returns 0, or
 * -1 with why for another line, a directory or an object of several files.
 */
static int obj_files(const struct helper_scope *sc, const struct ref *f, const char *sym,
		     struct helper_code *c, struct strbuf *why)
{
	char *head = xasprintf("obj-$(CONFIG_%s)", sym), *dir = xstrdup(f->path), *slash;
	const char *s = skip_blanks(f->text);
	int rc = 0;

	if ((slash = strrchr(dir, '/')))
		slash[1] = '\0';
	else
		dir[0] = '\0';
	if (strncmp(s, head, strlen(head))) {
		sb_addf(why, "%s:%zu: a Makefile line other than %s", f->path, f->line, head);
		rc = -1;
		goto out;
	}
	s = skip_blanks(s + strlen(head));
	if (!strncmp(s, "+=", 2) || !strncmp(s, ":=", 2))
		s += 2;
	else if (*s == '=')
		s++;
	while (!rc && *(s = skip_blanks(s)) && *s != '#' && *s != '\\') {
		const char *e = s;
		char *obj, *src, *full;
		struct stat st;

		while (*e && *e != ' ' && *e != '\t' && *e != '#')
			e++;
		obj = xstrndup(s, (size_t)(e - s));
		s = e;
		if (!ends_with(obj, ".o")) {
			sb_addf(why, "%s:%zu: it builds %s, not an object", f->path, f->line, obj);
			rc = -1;
			free(obj);
			break;
		}
		obj[strlen(obj) - 2] = '\0';
		src = xasprintf("%s%s.c", dir, obj);
		full = path_join(sc->tree->root, src);
		if (stat(full, &st) < 0) {
			sb_addf(why, "%s:%zu: %s.o is not built from %s", f->path, f->line, obj, src);
			rc = -1;
		} else if (!plan_is_deleted(sc->base, src)) {
			add_region(c, src, 1, SIZE_MAX);
		}
		free(full);
		free(src);
		free(obj);
	}
out:
	free(head);
	free(dir);
	return rc;
}

/*
 * Does the removal delete anything in path's directory (or below it)?  A
 * helper whose code lives elsewhere is not the removed code's own but an
 * interface of its directory's subsystem, for users the tree does not
 * show: LEDS_GPIO_REGISTER (drivers/leds/leds-gpio-register.c, declared in
 * <linux/leds.h>), which 6.12 still has, stays with the SA1100 boards'
 * removal; S3C_DEV_WDT's block in arch/arm/mach-s3c/devs.c goes.
 */
static int beside_deletions(const struct plan *base, const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path + 1) : 0;

	for (size_t i = 0; i < base->ndels; i++)
		if (!strncmp(base->dels[i].path, path, n))
			return 1;
	return 0;
}

static int ends_with_any(const char *path, const char *const *ext, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (ends_with(path, ext[k]))
			return 1;
	return 0;
}

int helper_code(const struct helper_scope *sc, const char *sym, struct helper_code *out,
		struct strbuf *why)
{
	static const char *const c_ext[] = { ".c", ".h" };
	char *config = xasprintf("CONFIG_%s", sym), *module = xasprintf("CONFIG_%s_MODULE", sym);
	int rc = 0;

	memset(out, 0, sizeof(*out));
	out->name = xstrdup(sym);
	for (size_t i = 0; i < sc->loc->n && !rc; i++) {
		const struct ref *f = &sc->loc->refs[i];
		enum kind_family fam = kind_family(f->kind);

		if (f->tag != PAT_CONFIG || !f->match || (strcmp(f->match, config) && strcmp(f->match, module)) ||
		    plan_is_deleted(sc->base, f->path))
			continue;
		if (fam == FAMILY_MAKEFILE) {
			rc = obj_files(sc, f, sym, out, why);
			continue;
		}
		if (fam != FAMILY_C && fam != FAMILY_OTHER)
			continue;
		if (f->kind != KIND_C_IFDEF || !ends_with_any(f->path, c_ext, ARRAY_SIZE(c_ext))) {
			sb_addf(why, "%s:%zu: %s used otherwise than in an #ifdef block of C", f->path,
				f->line, config);
			rc = -1;
		} else if (simple_opening(f->text, sym)) {
			char *full = path_join(sc->tree->root, f->path);
			struct strbuf sb = STRBUF_INIT;
			size_t end = 0;
			int alt = 0;

			if (read_file(full, &sb) < 0 || block_end(sb.buf, sb.len, f->line, &end, &alt) < 0) {
				sb_addf(why, "%s:%zu: cannot read the block", f->path, f->line);
				rc = -1;
			} else if (alt) {
				sb_addf(why, "%s:%zu: the block has an #else or #elif", f->path, f->line);
				rc = -1;
			} else {
				add_region(out, f->path, f->line, end);
			}
			sb_release(&sb);
			free(full);
		} else {
			size_t n;
			const char *d = directive(f->text, &n);

			/* the comment of an #endif closes a block read above */
			if (!d || n != 5 || strncmp(d, "endif", 5)) {
				sb_addf(why, "%s:%zu: a condition other than %s alone", f->path, f->line,
					config);
				rc = -1;
			}
		}
	}
	for (size_t i = 0; i < out->n && !rc; i++)
		if (!beside_deletions(sc->base, out->v[i].path)) {
			sb_addf(why, "%s: its code is outside the directories the removal deletes from",
				out->v[i].path);
			rc = -1;
		}
	for (size_t i = 0; i < out->n && !rc; i++)
		rc = read_region(sc, out, &out->v[i], why);
	if (!rc && !out->defs.n) {
		sb_addf(why, "its code defines nothing non-static");
		rc = -1;
	}
	free(config);
	free(module);
	return rc;
}

void helpers_public_names(const struct tree *t, const struct helper_code *codes, size_t n,
			  struct strset *out)
{
	struct strset names = STRSET_INIT;
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < codes[i].defs.n; k++) {
			const char *d = codes[i].defs.v[k];

			strset_addn(&names, d, strcspn(d, " "));
		}
	if (!names.n)
		return;
	for (size_t i = tree_lower_bound(t, "include/");
	     i < t->files.n && starts_with(t->files.v[i], "include/"); i++) {
		const char *p, *end;

		/* platform data: the interface between a platform's boards and drivers */
		if (!ends_with(t->files.v[i], ".h") ||
		    starts_with(t->files.v[i], "include/linux/platform_data/") ||
		    tree_read(t, t->files.v[i], &sb) < 0)
			continue;
		for (p = sb.buf, end = sb.buf + sb.len; p < end;) {
			const char *w = p;

			if (!isalpha((unsigned char)*p) && *p != '_') {
				p++;
				continue;
			}
			while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
				p++;
			if (strset_hasn(&names, w, (size_t)(p - w)))
				strset_addn(out, w, (size_t)(p - w));
		}
	}
	sb_release(&sb);
	strset_clear(&names);
}

int helper_is_public(const struct helper_code *c, const struct strset *public_names)
{
	for (size_t k = 0; k < c->defs.n; k++)
		if (strset_hasn(public_names, c->defs.v[k], strcspn(c->defs.v[k], " ")))
			return 1;
	return 0;
}

int helper_defines(const struct helper_code *c, const char *name)
{
	return strset_has(&c->names, name);
}

void helper_code_release(struct helper_code *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i].path);
	free(c->v);
	free(c->name);
	sv_clear(&c->defs);
	strset_clear(&c->names);
	memset(c, 0, sizeof(*c));
}
