/* classify.c - the kind of a reference from the file and line around it. */
#include "classify.h"

#include <ctype.h>
#include <string.h>

#include "util.h"
#include "walk.h"

/* True if the line before the one starting at s ends with a backslash (it continues into it). */
static int continued_into(const char *buf, size_t s)
{
	return s >= 2 && buf[s - 1] == '\n' && (buf[s - 2] == '\\' ||
						(s >= 3 && buf[s - 2] == '\r' && buf[s - 3] == '\\'));
}

size_t logical_line_start(const char *buf, size_t off)
{
	size_t s = line_start(buf, off);

	/* The previous line continues into this one if it ends with a backslash. */
	while (continued_into(buf, s))
		s = line_start(buf, s - 1);
	return s;
}

size_t c_lexer_line_start(struct c_lexer *lx, size_t off)
{
	const char *buf = lx->buf;
	size_t last = lx->line_off, s, p;

	if (!lx->line_known || off < last) {
		lx->line_known = 1;
		lx->line_off = off;
		lx->line_logical = logical_line_start(buf, off);
		return lx->line_logical;
	}
	lx->line_off = off;
	/* Back to the newline before off, but not past the last offset asked about. */
	for (s = off; s > last && buf[s - 1] != '\n'; s--)
		;
	if (s == last)
		return lx->line_logical;   /* no newline between: the same line */
	/* Back over the lines that continue into it; the last offset's line ends the walk. */
	while (continued_into(buf, s)) {
		for (p = s - 1; p > last && buf[p - 1] != '\n'; p--)
			;
		if (p == last)
			return lx->line_logical;   /* that line continues into this one */
		s = p;
	}
	lx->line_logical = s;
	return s;
}

void c_lexer_init(struct c_lexer *lx, const char *buf, size_t len)
{
	memset(lx, 0, sizeof(*lx));
	lx->buf = buf;
	lx->len = len;
	lx->i = utf8_bom_len(buf, len);   /* a byte order mark: blank before line 1 */
	lx->bol = 1;
}

enum c_context c_lexer_at(struct c_lexer *lx, size_t off)
{
	const char *buf = lx->buf;
	size_t len = lx->len;

	if (off > len)
		off = len;
	for (;;) {
		size_t i = lx->i;
		char c;

		if (i < lx->until) {
			if (off < lx->until && off >= i)
				return lx->in;
			lx->i = lx->until;
			continue;
		}
		if (i >= off)
			break;
		c = buf[i];
		if (c == '/' && i + 1 < len && buf[i + 1] == '*') {
			const char *end = memmem(buf + i + 2, len - i - 2, "*/", 2);

			lx->in = C_COMMENT;
			lx->until = end ? (size_t)(end - buf) + 2 : len;
			lx->i = i;
			if (off == i)
				return C_COMMENT;
			lx->i = i + 1;
			continue;
		}
		if (c == '/' && i + 1 < len && buf[i + 1] == '/') {
			size_t e = line_end(buf, len, i);

			/* A // comment runs to the end of the line, continued lines included. */
			while (e >= 2 && e < len && buf[e - 2] == '\\')
				e = line_end(buf, len, e);
			if (e > i && buf[e - 1] == '\n')
				e--;
			lx->in = C_COMMENT;
			lx->until = e;
			lx->i = i + 1;
			if (off == i)
				return C_COMMENT;
			continue;
		}
		if (c == '"' || c == '\'') {
			size_t j = i + 1;

			while (j < len && buf[j] != c && buf[j] != '\n') {
				if (buf[j] == '\\')
					j++;
				j++;
			}
			lx->in = C_STRING;
			lx->until = j < len ? j + 1 : len;
			lx->i = i + 1;
			lx->bol = 0;
			continue;
		}
		if (c == '\n') {
			if (!(i > 0 && buf[i - 1] == '\\'))
				lx->directive = 0;
			lx->bol = 1;
		} else if (lx->bol && c == '#') {
			lx->directive = 1;
			lx->bol = 0;
		} else if (!isspace((unsigned char)c)) {
			lx->bol = 0;
		}
		lx->i = i + 1;
	}
	return lx->directive ? C_DIRECTIVE : C_CODE;
}

enum ref_kind classify_c(struct c_lexer *lx, size_t off, int ident)
{
	const char *buf = lx->buf;
	enum c_context ctx = c_lexer_at(lx, off);
	size_t ls = c_lexer_line_start(lx, off);

	if (!ls)
		ls = utf8_bom_len(buf, lx->len);

	/* A comment on a directive line ("#endif, then CONFIG_X in a comment") belongs to it. */
	if (ctx == C_COMMENT && buf[ls + strspn(buf + ls, " \t")] == '#')
		ctx = C_DIRECTIVE;
	if (ctx == C_COMMENT)
		return KIND_OTHER;
	if (ctx == C_STRING)
		return KIND_C_OTHER;
	if (ctx == C_DIRECTIVE) {
		const char *p = buf + ls;

		while (*p == ' ' || *p == '\t')
			p++;
		p++;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!strncmp(p, "include", 7))
			return KIND_C_INCLUDE;
		if (!strncmp(p, "if", 2) || !strncmp(p, "elif", 4) || !strncmp(p, "else", 4) ||
		    !strncmp(p, "endif", 5))
			return KIND_C_IFDEF;
		return KIND_C_OTHER;
	}
	/* IS_ENABLED(CONFIG_X) and its siblings, with optional blanks. */
	{
		size_t p = off;
		static const char *const macros[] = { "IS_ENABLED", "IS_BUILTIN", "IS_MODULE",
						      "IS_REACHABLE" };

		while (p > 0 && (buf[p - 1] == ' ' || buf[p - 1] == '\t'))
			p--;
		if (p > 0 && buf[p - 1] == '(') {
			p--;
			while (p > 0 && (buf[p - 1] == ' ' || buf[p - 1] == '\t'))
				p--;
			for (size_t i = 0; i < ARRAY_SIZE(macros); i++) {
				size_t n = strlen(macros[i]);

				if (p >= n && !strncmp(buf + p - n, macros[i], n))
					return KIND_C_IS_ENABLED;
			}
		}
	}
	return ident ? KIND_C_CALL : KIND_C_OTHER;
}

enum ref_kind classify_path(const char *path)
{
	if (!strcmp(path, "CREDITS"))
		return KIND_CREDITS;
	if (!strcmp(path, "MAINTAINERS"))
		return KIND_MAINTAINERS;
	if (is_selftest(path))
		return KIND_SELFTEST;
	if (is_kconfig_file(path))
		return KIND_NONE;
	if (is_makefile(path))
		return KIND_MAKEFILE;
	if (is_defconfig(path))
		return KIND_DEFCONFIG;
	if (starts_with(path, "scripts/") || starts_with(path, "tools/"))
		return KIND_SCRIPT;
	if (is_c_file(path) || ends_with(path, ".S"))
		return KIND_NONE;
	if (ends_with(path, ".sh") || ends_with(path, ".pl") || ends_with(path, ".py") ||
	    ends_with(path, ".awk"))
		return KIND_SCRIPT;
	return KIND_NONE;
}

/*
 * Is the line starting at ls a config line, "CONFIG_X=value" or
 * "# CONFIG_X is not set", for the name X that ends at name_end?  *sets
 * tells which (a value other than n sets it).
 */
int classify_config_line(const char *buf, size_t len, size_t ls, size_t name_end, int *sets)
{
	const char *p = buf + ls;
	size_t name;

	*sets = 0;
	if (p[0] == '#' && p[1] == ' ')
		p += 2;
	if (strncmp(p, "CONFIG_", 7))
		return 0;
	name = (size_t)(p - buf) + 7;
	if (name >= name_end)
		return 0;
	for (size_t i = name; i < name_end; i++)
		if (!is_word_char((unsigned char)buf[i]))
			return 0;
	if (p != buf + ls)
		return len - name_end >= 11 && !strncmp(buf + name_end, " is not set", 11);
	if (buf[name_end] != '=')
		return 0;
	*sets = !(buf[name_end + 1] == 'n' && (buf[name_end + 2] == '\n' || !buf[name_end + 2]));
	return 1;
}

/* Config fragments under tools/ that configure a kernel (selftests, rcutorture, kunit's configs). */
int classify_config_fragment_dir(const char *path)
{
	return starts_with(path, "tools/testing/selftests/") ||
	       starts_with(path, "tools/testing/kunit/configs/");
}
