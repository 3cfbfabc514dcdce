/*
 * spec.c - spec files: a subsystem's footprint written down as "key value"
 * lines (see the README for the keys), and queries on a footprint.
 */
#include <ctype.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "target.h"

void footprint_init(struct footprint *fp)
{
	memset(fp, 0, sizeof(*fp));
}

void footprint_release(struct footprint *fp)
{
	struct strvec *all[] = {
		&fp->symbols, &fp->paths, &fp->headers, &fp->identifiers, &fp->words,
		&fp->chrdevs, &fp->blkdevs, &fp->misc_minors, &fp->ioctls, &fp->replace,
		&fp->boot_config, &fp->boot_expect, &fp->boot_expect_after, &fp->history,
		&fp->derivation, &fp->spec_files, &fp->built_paths, &fp->built_by,
	};

	for (size_t i = 0; i < ARRAY_SIZE(all); i++)
		sv_clear(all[i]);
	for (size_t i = 0; i < fp->nkeeps; i++) {
		free(fp->keeps[i].pattern);
		free(fp->keeps[i].reason);
	}
	free(fp->keeps);
	free(fp->name);
	free(fp->title);
	free(fp->area);
	memset(fp, 0, sizeof(*fp));
}

static void add_keep(struct footprint *fp, const char *pattern, const char *reason)
{
	for (size_t i = 0; i < fp->nkeeps; i++)
		if (!strcmp(fp->keeps[i].pattern, pattern))
			return;
	GROW(fp->keeps, fp->keeps_cap, fp->nkeeps + 1);
	fp->keeps[fp->nkeeps].pattern = xstrdup(pattern);
	fp->keeps[fp->nkeeps].reason = xstrdup(reason);
	fp->nkeeps++;
}

static int is_symbol_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

static int is_number(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isdigit((unsigned char)*s))
			return 0;
	return 1;
}

static void push_unique(struct strvec *sv, const char *s)
{
	if (!sv_contains(sv, s))
		sv_push(sv, s);
}

static void set_once(char **field, const char *value)
{
	if (!*field)
		*field = xstrdup(value);
}

/* Parse one "key value" line of a spec; returns an error message or NULL. */
static const char *spec_line(struct footprint *fp, const char *key, char *value)
{
	if (!*value)
		return "missing value";
	if (!strcmp(key, "name")) {
		set_once(&fp->name, value);
	} else if (!strcmp(key, "title")) {
		set_once(&fp->title, value);
	} else if (!strcmp(key, "area")) {
		set_once(&fp->area, value);
	} else if (!strcmp(key, "symbol")) {
		if (starts_with(value, "CONFIG_"))
			value += 7;
		if (!is_symbol_name(value))
			return "a symbol is letters, digits and '_'";
		push_unique(&fp->symbols, value);
	} else if (!strcmp(key, "path")) {
		int dir;
		char *norm = path_normalize(value, &dir);
		const char *why = norm ? footprint_path_problem(norm) : NULL;

		if (!norm)
			return "a path is relative to the tree's top and stays inside it";
		if (why) {
			free(norm);
			return why;
		}
		if (dir) {
			char *d = xasprintf("%s/", norm);

			free(norm);
			norm = d;
		}
		push_unique(&fp->paths, norm);
		free(norm);
	} else if (!strcmp(key, "header")) {
		char *norm = path_normalize(value, NULL);

		if (!norm || !*norm)
			return "a header is an include name under include/ (linux/foo.h) that stays inside it";
		push_unique(&fp->headers, norm);
		free(norm);
	} else if (!strcmp(key, "identifier")) {
		if (!is_symbol_name(value))
			return "an identifier is letters, digits and '_'";
		push_unique(&fp->identifiers, value);
	} else if (!strcmp(key, "word")) {
		push_unique(&fp->words, value);
	} else if (!strcmp(key, "chrdev") || !strcmp(key, "blkdev") || !strcmp(key, "misc")) {
		if (!is_number(value))
			return "a device number is a decimal number";
		push_unique(!strcmp(key, "chrdev") ? &fp->chrdevs
			    : !strcmp(key, "blkdev") ? &fp->blkdevs : &fp->misc_minors, value);
	} else if (!strcmp(key, "ioctl")) {
		push_unique(&fp->ioctls, value);
	} else if (!strcmp(key, "keep")) {
		char *sp = value + strcspn(value, " \t");
		char *reason = sp + strspn(sp, " \t");

		if (!*reason)
			return "keep needs a path pattern and a reason";
		*sp = '\0';
		add_keep(fp, value, reason);
	} else if (!strcmp(key, "replace")) {
		char *eq = strchr(value, '=');

		if (!eq || eq == value || !eq[1])
			return "replace is OLD=NEW";
		push_unique(&fp->replace, value);
	} else if (!strcmp(key, "boot-config")) {
		if (!starts_with(value, "CONFIG_") || !strchr(value, '='))
			return "boot-config is CONFIG_X=value";
		push_unique(&fp->boot_config, value);
	} else if (!strcmp(key, "boot-expect")) {
		push_unique(&fp->boot_expect, value);
	} else if (!strcmp(key, "boot-expect-after")) {
		push_unique(&fp->boot_expect_after, value);
	} else if (!strcmp(key, "history")) {
		sv_push(&fp->history, value);
	} else {
		return "unknown key";
	}
	return NULL;
}

void spec_load(struct footprint *fp, const char *file)
{
	struct strbuf sb = STRBUF_INIT;
	char *line, *save = NULL;
	size_t lineno = 0;
	char *p;

	if (read_file(file, &sb) < 0)
		die_errno("%s", file);
	sv_push(&fp->spec_files, file);
	/* strtok would skip empty lines and miscount; walk line by line. */
	for (p = sb.buf; p && *p; p = save) {
		char *key, *value, *end;
		const char *msg;

		line = p;
		save = strchr(p, '\n');
		if (save)
			*save++ = '\0';
		lineno++;
		end = line + strlen(line);
		while (end > line && isspace((unsigned char)end[-1]))
			*--end = '\0';
		key = line + strspn(line, " \t");
		if (!*key || *key == '#')
			continue;
		value = key + strcspn(key, " \t");
		if (*value)
			*value++ = '\0';
		value += strspn(value, " \t");
		msg = spec_line(fp, key, value);
		if (msg) {
			if (!strcmp(msg, "unknown key"))
				die("%s:%zu: unknown key '%s'", file, lineno, key);
			die("%s:%zu: %s: %s", file, lineno, key, msg);
		}
	}
	if (!fp->name) {
		const char *base = strrchr(file, '/');
		char *dot;

		fp->name = xstrdup(base ? base + 1 : file);
		dot = strrchr(fp->name, '.');
		if (dot)
			*dot = '\0';
	}
	if (!fp->symbols.n && !fp->paths.n && !fp->words.n)
		die("%s: the spec names no symbol, path or word", file);
	sb_release(&sb);
}

const char *spec_dir(void)
{
	return resource_dir("specs", "EXCISE_SPECS");
}

const char *footprint_path_problem(const char *norm)
{
	if (!*norm)
		return "the tree's top cannot be removed";
	if (!strchr(norm, '/'))
		return "a top-level directory or file is shared by other subsystems and cannot be removed";
	return NULL;
}

int footprint_owns(const struct footprint *fp, const char *path)
{
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
	return sv_contains(&fp->symbols, sym);
}

const char *footprint_replacement(const struct footprint *fp, const char *sym)
{
	size_t n = strlen(sym);

	for (size_t i = 0; i < fp->replace.n; i++)
		if (!strncmp(fp->replace.v[i], sym, n) && fp->replace.v[i][n] == '=')
			return fp->replace.v[i] + n + 1;
	return NULL;
}
