/*
 * spec.c - spec files: a subsystem's footprint written down as "key value"
 * lines (the keys: excise-spec(5), from src/builtin/doc.c).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "target.h"

static void add_keep(struct footprint *fp, struct strset *seen, const char *pattern,
		     const char *reason)
{
	char *k = xasprintf("keep\x1f%s", pattern);
	int had = strset_has(seen, k);

	strset_add(seen, k);
	free(k);
	if (had)
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

/*
 * Push s onto sv unless it is there.  seen holds "LIST\x1fVALUE" for every
 * entry of the lists a spec fills (spec_parse() seeds it with what fp held
 * before): O(1) per line, where a search of the list made a 50,000-symbol
 * spec quadratic.
 */
static void push_unique(struct strset *seen, const char *list, struct strvec *sv, const char *s)
{
	char *k = xasprintf("%s\x1f%s", list, s);

	if (!strset_has(seen, k)) {
		strset_add(seen, k);
		sv_push(sv, s);
	}
	free(k);
}

static void set_once(char **field, const char *value)
{
	if (!*field)
		*field = xstrdup(value);
}

/* Parse one "key value" line of a spec; returns an error message or NULL. */
static const char *spec_line(struct footprint *fp, struct strset *seen, const char *key, char *value)
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
		push_unique(seen, "symbol", &fp->symbols, value);
	} else if (!strcmp(key, "path")) {
		int dir;
		char *norm = path_normalize(value, &dir);
		const char *why = norm ? footprint_path_problem(norm) : NULL;

		if (!norm)
			return "a path is relative to the tree's top and stays inside it";
		if (strpbrk(norm, "*?[")) {   /* a pattern (fs/ and a star) matches nothing */
			free(norm);
			return "a path names one file or directory, not a pattern: list each one";
		}
		if (why) {
			free(norm);
			return why;
		}
		if (dir) {
			char *d = xasprintf("%s/", norm);

			free(norm);
			norm = d;
		}
		push_unique(seen, "path", &fp->paths, norm);
		free(norm);
	} else if (!strcmp(key, "header")) {
		char *norm = path_normalize(value, NULL);

		if (!norm || !*norm) {
			free(norm);   /* "header ." normalises to "" */
			return "a header is an include name under include/ (linux/foo.h) that stays inside it";
		}
		push_unique(seen, "header", &fp->headers, norm);
		free(norm);
	} else if (!strcmp(key, "identifier")) {
		if (!is_symbol_name(value))
			return "an identifier is letters, digits and '_'";
		push_unique(seen, "identifier", &fp->identifiers, value);
	} else if (!strcmp(key, "word")) {
		push_unique(seen, "word", &fp->words, value);
	} else if (!strcmp(key, "chrdev") || !strcmp(key, "blkdev") || !strcmp(key, "misc")) {
		if (!is_number(value))
			return "a device number is a decimal number";
		push_unique(seen, key, !strcmp(key, "chrdev") ? &fp->chrdevs
			    : !strcmp(key, "blkdev") ? &fp->blkdevs : &fp->misc_minors, value);
	} else if (!strcmp(key, "ioctl")) {
		push_unique(seen, "ioctl", &fp->ioctls, value);
	} else if (!strcmp(key, "keep")) {
		char *sp = value + strcspn(value, " \t");
		char *reason = sp + strspn(sp, " \t");

		if (!*reason)
			return "keep needs a path pattern and a reason";
		*sp = '\0';
		add_keep(fp, seen, value, reason);
	} else if (!strcmp(key, "replace")) {
		char *eq = strchr(value, '=');

		if (!eq || eq == value || !eq[1])
			return "replace is OLD=NEW";
		push_unique(seen, "replace", &fp->replace, value);
	} else if (!strcmp(key, "replace-call")) {
		char *eq = strchr(value, '=');

		if (!eq || eq == value || !eq[1])
			return "replace-call is OLD=NEW";
		push_unique(seen, "replace-call", &fp->replace_call, value);
	} else if (!strcmp(key, "boot-config")) {
		if (!starts_with(value, "CONFIG_") || !strchr(value, '='))
			return "boot-config is CONFIG_X=value";
		push_unique(seen, "boot-config", &fp->boot_config, value);
	} else if (!strcmp(key, "boot-expect")) {
		push_unique(seen, "boot-expect", &fp->boot_expect, value);
	} else if (!strcmp(key, "boot-expect-after")) {
		push_unique(seen, "boot-expect-after", &fp->boot_expect_after, value);
	} else if (!strcmp(key, "history")) {
		sv_push(&fp->history, value);
	} else {
		return "unknown key";
	}
	return NULL;
}

/* push_unique()'s seen set for what fp holds already (a second spec adds to it). */
static void seed_seen(const struct footprint *fp, struct strset *seen)
{
	const struct { const char *list; const struct strvec *sv; } lists[] = {
		{ "symbol", &fp->symbols }, { "path", &fp->paths }, { "header", &fp->headers },
		{ "identifier", &fp->identifiers }, { "word", &fp->words }, { "chrdev", &fp->chrdevs },
		{ "blkdev", &fp->blkdevs }, { "misc", &fp->misc_minors }, { "ioctl", &fp->ioctls },
		{ "replace", &fp->replace }, { "boot-config", &fp->boot_config },
		{ "boot-expect", &fp->boot_expect }, { "boot-expect-after", &fp->boot_expect_after },
	};

	for (size_t i = 0; i < ARRAY_SIZE(lists); i++)
		for (size_t k = 0; k < lists[i].sv->n; k++) {
			char *key = xasprintf("%s\x1f%s", lists[i].list, lists[i].sv->v[k]);

			strset_add(seen, key);
			free(key);
		}
	for (size_t i = 0; i < fp->nkeeps; i++) {
		char *key = xasprintf("keep\x1f%s", fp->keeps[i].pattern);

		strset_add(seen, key);
		free(key);
	}
}

int spec_parse(struct footprint *fp, const char *file, const char *data, size_t len,
	       struct strbuf *err)
{
	struct strbuf sb = STRBUF_INIT;
	char *line, *save = NULL;
	size_t lineno = 0;
	char *p;
	int rc = 0;
	struct strset seen = STRSET_INIT;

	sb_addn(&sb, data, len);
	if (memchr(data, '\0', len)) {
		sb_addf(err, "%s:%zu: NUL byte in a spec file\n", file,
			line_of_offset(data, (size_t)((const char *)memchr(data, '\0', len) - data)));
		sb_release(&sb);
		return -1;
	}
	sv_push(&fp->spec_files, file);
	seed_seen(fp, &seen);
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
		msg = spec_line(fp, &seen, key, value);
		if (msg) {
			if (!strcmp(msg, "unknown key"))
				sb_addf(err, "%s:%zu: unknown key '%s'\n", file, lineno, key);
			else
				sb_addf(err, "%s:%zu: %s: %s\n", file, lineno, key, msg);
			rc = -1;
			goto out;
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
	if (!fp->symbols.n && !fp->paths.n && !fp->words.n) {
		sb_addf(err, "%s: the spec names no symbol, path or word\n", file);
		rc = -1;
	}
out:
	strset_clear(&seen);
	sb_release(&sb);
	return rc;
}

int spec_read(struct footprint *fp, const char *file, struct strbuf *err)
{
	struct strbuf sb = STRBUF_INIT;
	int rc;

	if (read_file(file, &sb) < 0) {
		sb_addf(err, "%s: %s\n", file, strerror(errno));
		return -1;
	}
	rc = spec_parse(fp, file, sb.buf ? sb.buf : "", sb.len, err);
	sb_release(&sb);
	return rc;
}

const char *spec_dir(void)
{
	return resource_dir("specs");
}
