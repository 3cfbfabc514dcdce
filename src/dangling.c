/*
 * dangling.c - references to Kconfig symbols that no Kconfig file defines.
 *
 * Finding them.  Outside Kconfig files, one scan of the tree (scan.h) finds
 * every "CONFIG_" and "-DCONFIG_" that starts a word; the name is the run of
 * identifier bytes after it.  In the Kconfig files the database parsed,
 * every word of an expression counts, placed by the parser
 * (kconfig_ref_kind): depends on, visible if, prompt conditions, select,
 * imply, default, def_bool, range, `if` blocks.  A name is undefined when no
 * `config` or `menuconfig` of any Kconfig file of the tree defines it: every
 * architecture's Kconfig counts, since a symbol of one arch is defined for
 * the tree.  CONFIG_X_MODULE is defined when X is a tristate: Kconfig writes
 * it to autoconf.h for X=m.
 *
 * False alarms, each set aside with its rule (a reference, or a whole symbol
 * when every reference of it is set aside), and said so in the report:
 *   prose          Kconfig help text, prompts and comments, C comments and
 *                  strings (#error/#warning text too), Makefile and defconfig
 *                  comments, ChangeLog and CREDITS: words about a symbol
 *   tools          a file under tools/ that is not a kernel config fragment:
 *                  user space with its own CONFIG_ names (perf's feature
 *                  flags, copies of kernel headers, BPF programs that read
 *                  the running kernel's config); config lines of fragments
 *                  under tools/testing/selftests/ (rcutorture scenarios
 *                  too) and tools/testing/kunit/configs/ count
 *   paste          CONFIG_FOO_ ## x: a prefix the preprocessor completes
 *   macro          a word inside $(...) in a Kconfig expression: an argument
 *                  for the shell or the compiler ($(cc-option,-m64), $(CC))
 *   c-name         the name is C's own: #define CONFIG_X, -DCONFIG_X on a
 *                  compiler command line, an enum constant CONFIG_X = 0x0;
 *                  or it is used in C only as an identifier (a type, field,
 *                  macro argument), never in #if or IS_ENABLED(): compiled
 *                  code cannot use an undefined CONFIG_ value, so C declares
 *                  the name.  Its C references mean that C name
 *   variable       a make or shell variable assigned in a Makefile or a
 *                  script (CONFIG_SHELL := sh): every reference means it
 *   placeholder    an example: FOO, BAR, FOO_BAR, XXX (the names
 *                  checkkconfigsymbols.py ignores), a name with a BAZ, XYZ,
 *                  XYZZY, EXAMPLE or SOMETHING part, one letter, or no upper
 *                  case (CONFIG_xxx)
 *   hand-set       tested only by #if in C, never set by Kconfig, a Makefile
 *                  or a config file, and a comment of the same file tells the
 *                  reader to define it ("#define CONFIG_X" commented out): a
 *                  switch for whoever edits the source, documented as such
 *
 * Verdicts of the rest, with their evidence:
 *   leftover       of a removal: a defconfig or config fragment names it
 *                  (config files are written for symbols that exist:
 *                  savedefconfig writes no others, so it was defined when
 *                  the file was made); or a Makefile line of it builds a
 *                  source or directory that is not in the tree
 *   typo           no such evidence, referenced from at most 3 files, and a
 *                  defined symbol is one edit away (two for names of 12
 *                  bytes or more; a different case counts as one edit) with
 *                  the same digits (MACH_JZ4730 is another chip than
 *                  MACH_JZ4740, not a misspelling)
 *   module-of-bool CONFIG_X_MODULE where X is defined but never tristate
 *   prefixed       CONFIG_X written inside a Kconfig expression
 *   unexplained    no evidence either way
 * A hint joins the evidence when the symbol is named like at least 3
 * defined siblings of one Makefile whose objects follow their names
 * (NET_SCH_CAKE builds sch_cake.o in net/sched/Makefile, so NET_SCH_CBQ
 * would build sch_cbq.o) and that object is not in the tree: it points at
 * the path that went; alone it is no proof (not every ARCH_X has a
 * drivers/soc/x/), so it makes no verdict.
 */
#include "dangling.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "classify.h"
#include "scan.h"

const struct dangling_rule dangling_rules[] = {
	{ "prose", "help text, comments, strings, ChangeLog and CREDITS: words about a symbol" },
	{ "tools", "user space under tools/ with its own CONFIG_ names (not a kernel config fragment)" },
	{ "paste", "a prefix the C preprocessor pastes to a name (CONFIG_FOO_ ## x)" },
	{ "macro", "an argument of a $(...) macro in a Kconfig expression (compiler flags, $(CC))" },
	{ "c-name", "a C name (#define, -D, enum constant, typedef, or used only as an identifier)" },
	{ "variable", "a make or shell variable assigned in a Makefile or script" },
	{ "placeholder", "an example name (FOO, BAR, BAZ, XXX, EXAMPLE, one letter, no upper case)" },
	{ "hand-set", "a switch tested only by #if that a comment says to define by hand" },
};
const size_t dangling_nrules = ARRAY_SIZE(dangling_rules);

/* Flags of a raw reference. */
#define RAW_SETS 1u     /* a config line that sets it */
#define RAW_PASTE 2u    /* pasted by the preprocessor */
#define RAW_TOOLS 4u    /* under tools/, not a config fragment */
#define RAW_MACRO 8u    /* inside a $(...) of a Kconfig expression */

/* A reference as a worker finds it. */
struct raw {
	const char *path;       /* the tree's string */
	char *name;
	size_t line;
	enum ref_kind kind;
	char *text;
	unsigned flags;
};

/* A Makefile line that builds objects under a symbol: obj-$(CONFIG_X) += a.o b/ */
struct objline {
	const char *makefile;   /* the tree's string */
	size_t line;
	char *sym;
	char *var;              /* the variable without the $(CONFIG_X) part: "obj-" */
	struct strvec words;
};

struct worker {
	const struct tree *t;
	const struct kconfig_db *db;
	struct raw *raw;
	size_t nraw, cap;
	struct objline *obj;
	size_t nobj, objcap;
	size_t module_refs;
};

static char *line_text(const char *buf, size_t len, size_t off)
{
	size_t s = line_start(buf, off), e = line_end(buf, len, off);

	while (e > s && (buf[e - 1] == '\n' || buf[e - 1] == '\r'))
		e--;
	return xstrndup(buf + s, e - s);
}

/* Is any def of sym a tristate? */
static int is_tristate(const struct kconfig_db *db, const char *sym)
{
	size_t n;
	const struct kconfig_def *d = kconfig_defs(db, sym, &n);

	for (size_t i = 0; i < n; i++)
		if (!strcmp(d[i].type, "tristate"))
			return 1;
	return 0;
}

/*
 * Is name defined?  1 yes, 2 as X_MODULE of a defined tristate X, 0 no, and
 * -1 for X_MODULE of a defined X that is never a tristate (Kconfig never
 * writes that macro).
 */
static int name_defined(const struct kconfig_db *db, const char *name, size_t n)
{
	char buf[256];

	if (n >= sizeof(buf))
		return 0;
	memcpy(buf, name, n);
	buf[n] = '\0';
	if (kconfig_is_defined(db, buf))
		return 1;
	if (n > 7 && !strcmp(buf + n - 7, "_MODULE")) {
		buf[n - 7] = '\0';
		if (kconfig_is_defined(db, buf))
			return is_tristate(db, buf) ? 2 : -1;
	}
	return 0;
}

/*
 * Is the line starting at ls a config line, "CONFIG_X=value" or
 * "# CONFIG_X is not set", for the name X that ends at name_end?  *sets
 * tells which (a value other than n sets it).
 */
static int is_config_line(const char *buf, size_t len, size_t ls, size_t name_end, int *sets)
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

/* Is the reference [start, end) part of a name the preprocessor pastes ("CONFIG_FOO_ ## x")? */
static int is_pasted(const char *buf, size_t len, size_t start, size_t end)
{
	size_t p = end;

	if (end > start && buf[end - 1] == '_')
		return 1;
	while (p < len && (buf[p] == ' ' || buf[p] == '\t'))
		p++;
	if (p + 1 < len && buf[p] == '#' && buf[p + 1] == '#')
		return 1;
	p = start;
	while (p > 0 && (buf[p - 1] == ' ' || buf[p - 1] == '\t'))
		p--;
	return p >= 2 && buf[p - 1] == '#' && buf[p - 2] == '#';
}

/* "#define CONFIG_X" or "#undef CONFIG_X" with the name at off. */
static int is_c_definition(const char *buf, size_t off)
{
	size_t s = line_start(buf, off);
	const char *p = buf + s;

	p += strspn(p, " \t");
	if (*p++ != '#')
		return 0;
	p += strspn(p, " \t");
	if (starts_with(p, "define"))
		p += 6;
	else if (starts_with(p, "undef"))
		p += 5;
	else
		return 0;
	if (*p != ' ' && *p != '\t')
		return 0;
	p += strspn(p, " \t");
	return p == buf + off;
}

/* A #error or #warning line: its text is a message. */
static int is_message_directive(const char *buf, size_t off)
{
	const char *p = buf + logical_line_start(buf, off);

	p += strspn(p, " \t");
	if (*p++ != '#')
		return 0;
	p += strspn(p, " \t");
	return starts_with(p, "error") || starts_with(p, "warning");
}

/* "CONFIG_X = 0x0," or "CONFIG_X," alone at the start of a line of C code: an enum constant. */
static int is_enum_constant(const char *buf, size_t off, size_t end)
{
	size_t s = line_start(buf, off);
	const char *p = buf + s;

	p += strspn(p, " \t");
	if (p != buf + off)
		return 0;
	p = buf + end;
	p += strspn(p, " \t");
	return (*p == '=' && p[1] != '=') || *p == ',';
}

/* "CONFIG_X := ..." (or =, +=, ?=, optionally after export/override): a make variable. */
static int is_make_assignment(const char *buf, size_t off, size_t end)
{
	size_t s = line_start(buf, off);
	const char *p = buf + s;

	p += strspn(p, " \t");
	if (starts_with(p, "export "))
		p += 7;
	else if (starts_with(p, "override "))
		p += 9;
	p += strspn(p, " \t");
	if (p != buf + off)
		return 0;
	p = buf + end;
	p += strspn(p, " \t");
	if (*p == ':' || *p == '+' || *p == '?' || *p == '!')
		p++;
	if (*p == ':')
		p++;
	return *p == '=';
}

/* Config fragments under tools/ that configure a kernel (selftests, rcutorture, kunit's configs). */
static int is_tools_fragment_dir(const char *path)
{
	return starts_with(path, "tools/testing/selftests/") ||
	       starts_with(path, "tools/testing/kunit/configs/");
}

/* "CONFIG_X=..." (after export, local or readonly) at the start of a script's line: a variable. */
static int is_script_assignment(const char *buf, size_t off, size_t end)
{
	const char *p = buf + line_start(buf, off);

	p += strspn(p, " \t");
	if (starts_with(p, "export "))
		p += 7;
	else if (starts_with(p, "local "))
		p += 6;
	else if (starts_with(p, "readonly "))
		p += 9;
	return p == buf + off && buf[end] == '=';
}

/* open(CONFIG_X, ...), <CONFIG_X>, close(CONFIG_X): a Perl file handle. */
static int is_perl_handle(const char *buf, size_t off, size_t end)
{
	size_t p = off;

	while (p > 0 && (buf[p - 1] == ' ' || buf[p - 1] == '\t'))
		p--;
	if (p > 0 && buf[p - 1] == '<' && buf[end] == '>')
		return 1;
	return (p >= 5 && !strncmp(buf + p - 5, "open(", 5)) || (p >= 6 && !strncmp(buf + p - 6, "close(", 6));
}

static int is_changelog(const char *path)
{
	const char *b = path_basename(path);

	return !strcmp(path, "CREDITS") || strstr(b, "ChangeLog") || strstr(b, "CHANGELOG") ||
	       starts_with(b, "Changes") || strcasestr(b, "history");
}

/*
 * "VAR-$(CONFIG_X) op words" at the start of the line at off (a single
 * physical line; continuation lines are not followed): record it.
 */
static void note_objline(struct worker *w, const char *path, const char *buf, size_t len,
			 size_t off, size_t name, size_t name_end, size_t line)
{
	size_t s = line_start(buf, off), e = line_end(buf, len, off), v;
	const char *p = buf + s;
	struct objline *o;

	p += strspn(p, " \t");
	v = (size_t)(p - buf);
	while (p < buf + off && (isalnum((unsigned char)*p) || *p == '_' || *p == '-' || *p == '.'))
		p++;
	if (p != buf + off - 2 || p[0] != '$' || p[1] != '(' || p == buf + v || p[-1] != '-' ||
	    buf[name_end] != ')')
		return;
	p = buf + name_end + 1;
	p += strspn(p, " \t");
	if (*p == ':' || *p == '+' || *p == '?')
		p++;
	if (*p != '=')
		return;
	p++;
	GROW(w->obj, w->objcap, w->nobj + 1);
	o = &w->obj[w->nobj++];
	memset(o, 0, sizeof(*o));
	o->makefile = path;
	o->line = line;
	o->sym = xstrndup(buf + name, name_end - name);
	o->var = xstrndup(buf + v, off - 2 - v);
	while (p < buf + e) {
		const char *q;

		p += strspn(p, " \t");
		if (*p == '\\' || *p == '#' || *p == '\n' || p >= buf + e)
			break;
		q = p + strcspn(p, " \t\n\\#");
		if (q > buf + e)
			q = buf + e;
		sv_push_owned(&o->words, xstrndup(p, (size_t)(q - p)));
		p = q;
	}
	(void)len;
}

static void add_raw(struct worker *w, const char *path, const char *name, size_t n, size_t line,
		    enum ref_kind kind, char *text, unsigned flags)
{
	struct raw *r;

	GROW(w->raw, w->cap, w->nraw + 1);
	r = &w->raw[w->nraw++];
	r->path = path;
	r->name = xstrndup(name, n);
	r->line = line;
	r->kind = kind;
	r->text = text;
	r->flags = flags;
}

/* The kind of a CONFIG_ reference outside Kconfig files, from its file and line. */
static enum ref_kind kind_of(const char *path, unsigned fclass, const char *buf, size_t len,
			   size_t hit, size_t name, size_t end, struct c_lexer *lx, int *lexer_ready,
			   unsigned *flags)
{
	size_t ls = line_start(buf, hit);
	int sets = 0;

	if (is_changelog(path))
		return KIND_CHANGELOG;
	if (!strcmp(path, "MAINTAINERS"))
		return KIND_MAINTAINERS;
	if (starts_with(path, "tools/") &&
	    !(is_tools_fragment_dir(path) && is_config_line(buf, len, ls, end, &sets)))
		*flags |= RAW_TOOLS;
	if (fclass == FILE_DEFCONFIG || (starts_with(path, "tools/") && !(*flags & RAW_TOOLS))) {
		if (is_config_line(buf, len, ls, end, &sets)) {
			if (sets)
				*flags |= RAW_SETS;
			return KIND_DEFCONFIG;
		}
		return buf[ls] == '#' ? KIND_DEFCONFIG_COMMENT : KIND_OTHER;
	}
	if (fclass == FILE_MAKEFILE) {
		const char *p = buf + ls + strspn(buf + ls, " \t");

		if (buf[hit] == 'D')
			return KIND_MAKEFILE_DEFINE;
		if (*p == '#')
			return KIND_MAKEFILE_COMMENT;
		if (is_make_assignment(buf, name - 7, end))
			return KIND_MAKE_VARIABLE;
		return KIND_MAKEFILE;
	}
	if (fclass == FILE_C) {
		enum c_context ctx;
		enum ref_kind k;

		if (!*lexer_ready) {
			c_lexer_init(lx, buf, len);
			*lexer_ready = 1;
		}
		ctx = c_lexer_at(lx, hit);
		k = classify_c(lx, hit, 0);
		if (k == KIND_OTHER)
			return KIND_C_COMMENT;
		if (ctx == C_STRING)
			return KIND_C_STRING;
		if (is_c_definition(buf, name - 7) || buf[hit] == 'D')
			return KIND_C_DEFINE;
		if (ctx == C_DIRECTIVE && is_message_directive(buf, hit))
			return KIND_C_STRING;
		if (ctx == C_CODE && is_enum_constant(buf, name - 7, end))
			return KIND_C_ENUM;
		return k;
	}
	if (fclass == FILE_DOC)
		return KIND_DOC;
	if (is_script(path) || is_script_assignment(buf, name - 7, end)) {
		if (is_script_assignment(buf, name - 7, end) || is_perl_handle(buf, name - 7, end))
			return KIND_SCRIPT_VARIABLE;
		return KIND_SCRIPT;
	}
	return KIND_OTHER;
}

/* The worker's callback: every CONFIG_ name of one file. */
static void on_config_hits(void *vctx, const char *path, const char *buf, size_t len,
			   const struct scan_hit *hits, size_t n)
{
	struct worker *w = vctx;
	unsigned fclass = file_class(path);
	struct c_lexer lx;
	int lexer_ready = 0;
	size_t lpos = 0, lno = 1;

	for (size_t i = 0; i < n; i++) {
		size_t hit = hits[i].offset;
		size_t name = hit + (buf[hit] == 'D' ? 8 : 7), end = name;
		unsigned flags = 0;
		enum ref_kind kind;
		int def;

		while (end < len && is_word_char((unsigned char)buf[end]))
			end++;
		if (end == name)
			continue;
		/* the line number, counted forward from the previous hit */
		while (lpos < hit) {
			const char *nl = memchr(buf + lpos, '\n', hit - lpos);

			if (!nl) {
				lpos = hit;
				break;
			}
			lno++;
			lpos = (size_t)(nl - buf) + 1;
		}
		if (fclass == FILE_MAKEFILE)
			note_objline(w, path, buf, len, name - 7, name, end, lno);
		def = name_defined(w->db, buf + name, end - name);
		if (def > 0) {
			w->module_refs += def == 2;
			continue;
		}
		kind = kind_of(path, fclass, buf, len, hit, name, end, &lx, &lexer_ready, &flags);
		if (is_pasted(buf, len, hit, end))
			flags |= RAW_PASTE;
		add_raw(w, path, buf + name, end - name, lno, kind, line_text(buf, len, hit), flags);
	}
}

static int skip_kconfig(const char *path, void *ctx)
{
	return kconfig_file(ctx, path) != NULL;
}

/* Is off inside a $(...) macro call of its line? */
static int in_macro(const char *data, size_t off)
{
	int depth = 0;

	for (size_t i = line_start(data, off); i < off; i++) {
		if (data[i] == '$' && data[i + 1] == '(') {
			depth++;
			i++;
		} else if (data[i] == '(' && depth) {
			depth++;
		} else if (data[i] == ')' && depth) {
			depth--;
		}
	}
	return depth > 0;
}

/* Does the line at off start with a Kconfig statement keyword (as a line-based reader sees it)? */
static int looks_like_statement(const char *data, size_t off)
{
	const char *p = data + line_start(data, off);
	static const char *const kw[] = { "if", "select", "imply", "depends", "default" };

	p += strspn(p, " \t");
	for (size_t i = 0; i < ARRAY_SIZE(kw); i++) {
		size_t n = strlen(kw[i]);

		if (!strncmp(p, kw[i], n) && (p[n] == ' ' || p[n] == '\t'))
			return 1;
	}
	return 0;
}

/* At least two upper-case letters or digits: a word checkkconfigsymbols.py takes for a symbol. */
static int symbol_shaped(const char *s, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		k += isupper((unsigned char)s[i]) || isdigit((unsigned char)s[i]);
	return k >= 2;
}

static int is_expression_kind(enum ref_kind kind)
{
	return kind == KIND_KCONFIG_DEPENDS || kind == KIND_KCONFIG_SELECT ||
	       kind == KIND_KCONFIG_IMPLY || kind == KIND_KCONFIG_DEFAULT ||
	       kind == KIND_KCONFIG_IF;
}

/* Every undefined symbol in the expressions of one Kconfig file, and CONFIG_ names in its prose. */
static void kconfig_file_refs(struct worker *w, const char *path, const char *data, size_t len)
{
	size_t line = 1, i = 0;

	while (i < len) {
		size_t s, n;
		const char *name;
		enum ref_kind kind;
		int upper = 0, digit_only = 1;

		if (data[i] == '\n') {
			line++;
			i++;
			continue;
		}
		if (!is_word_char((unsigned char)data[i])) {
			i++;
			continue;
		}
		s = i;
		while (i < len && is_word_char((unsigned char)data[i])) {
			upper |= isupper((unsigned char)data[i]) || isdigit((unsigned char)data[i]);
			digit_only &= isdigit((unsigned char)data[i]) != 0;
			i++;
		}
		n = i - s;
		name = data + s;
		if (!upper || digit_only || (n > 2 && name[0] == '0' && (name[1] == 'x' || name[1] == 'X')))
			continue;
		if (name_defined(w->db, name, n) > 0)
			continue;
		kind = kconfig_ref_kind(w->db, path, s, NULL);
		if (is_expression_kind(kind)) {
			if (!in_macro(data, s))
				/* CONFIG_X in an expression names a symbol "CONFIG_X" */
				add_raw(w, path, name, n, line, kind, line_text(data, len, s), 0);
			else if (symbol_shaped(name, n))
				/* $(cc-option,-m64): a word a line-based reader takes for a symbol */
				add_raw(w, path, name, n, line, kind, line_text(data, len, s), RAW_MACRO);
			continue;
		}
		if (looks_like_statement(data, s) && symbol_shaped(name, n)) {
			/* help text that reads like a statement ("select CONFIG_X."): as written */
			add_raw(w, path, name, n, line, KIND_KCONFIG_TEXT, line_text(data, len, s), 0);
		} else if (n > 7 && !strncmp(name, "CONFIG_", 7) &&
			   name_defined(w->db, name + 7, n - 7) <= 0) {
			add_raw(w, path, name + 7, n - 7, line, KIND_KCONFIG_TEXT, line_text(data, len, s),
				is_pasted(data, len, s, i) ? RAW_PASTE : 0);
		}
	}
}

/* ---- grouping, exclusions and verdicts ---- */

static int cmp_raw(const void *a, const void *b)
{
	const struct raw *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	if ((c = strcmp(x->path, y->path)))
		return c;
	return x->line < y->line ? -1 : x->line > y->line;
}

static int is_prose_kind(enum ref_kind kind)
{
	return kind == KIND_KCONFIG_TEXT || kind == KIND_C_COMMENT ||
	       kind == KIND_C_STRING || kind == KIND_CHANGELOG ||
	       kind == KIND_MAKEFILE_COMMENT || kind == KIND_DEFCONFIG_COMMENT;
}

static int is_c_kind(enum ref_kind kind)
{
	return kind_family(kind) == FAMILY_C || kind == KIND_MAKEFILE_DEFINE;
}

/* Example names: FOO, BAR_BAZ, CPU_SUBTYPE_xxx, MISC_EXAMPLE, X, names without upper case. */
static int is_placeholder(const char *name)
{
	static const char *const words[] = { "FOO", "BAR", "BAZ", "XXX", "xxx", "XYZ", "XYZZY",
					     "EXAMPLE", "SOMETHING" };
	int upper = 0;

	for (const char *p = name; *p; p++)
		upper |= isupper((unsigned char)*p);
	if (!upper || strlen(name) == 1)
		return 1;
	for (const char *p = name; *p;) {
		size_t n = strcspn(p, "_");

		for (size_t i = 0; i < ARRAY_SIZE(words); i++)
			if (strlen(words[i]) == n && !strncmp(p, words[i], n))
				return 1;
		p += n;
		p += *p == '_';
	}
	return 0;
}

/* Levenshtein distance of a and b if it is at most k, else k + 1 (only 2k+1 diagonals computed). */
static size_t distance_within(const char *a, size_t la, const char *b, size_t lb, size_t k)
{
	enum { MAXN = 127, BIG = 1000 };
	size_t rows[2][MAXN + 2];
	size_t *prev = rows[0], *cur = rows[1];

	if (la > MAXN || lb > MAXN || la > lb + k || lb > la + k)
		return k + 1;
	for (size_t j = 0; j <= lb + 1; j++) {
		prev[j] = j <= k ? j : BIG;
		cur[j] = BIG;
	}
	for (size_t i = 1; i <= la; i++) {
		size_t lo = i > k ? i - k : 0, hi = i + k < lb ? i + k : lb, best = BIG, *t;

		if (lo == 0) {
			cur[0] = i;
			best = i;
		} else {
			cur[lo - 1] = BIG;
		}
		for (size_t j = lo ? lo : 1; j <= hi; j++) {
			size_t v = prev[j - 1] + (a[i - 1] != b[j - 1]);

			if (prev[j] + 1 < v)
				v = prev[j] + 1;
			if (cur[j - 1] + 1 < v)
				v = cur[j - 1] + 1;
			cur[j] = v;
			if (v < best)
				best = v;
		}
		if (hi + 1 <= lb)
			cur[hi + 1] = BIG;
		if (best > k)
			return k + 1;
		t = prev, prev = cur, cur = t;
	}
	return prev[lb] <= k ? prev[lb] : k + 1;
}

struct near {
	const char *name;
	size_t dist;        /* edit distance, or 100 + for a name relation */
	const char *rel;
};

static int cmp_near(const void *a, const void *b)
{
	const struct near *x = a, *y = b;

	if (x->dist != y->dist)
		return x->dist < y->dist ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Is p (n bytes) a '_'-separated leading part of s (m bytes), "NTFS" of "NTFS_RW"? */
static int component_prefix(const char *p, size_t n, const char *s, size_t m)
{
	return m > n && s[n] == '_' && !memcmp(s, p, n);
}

/* Is p a '_'-separated trailing part of s, "RW" of "NTFS_RW"? */
static int component_suffix(const char *p, size_t n, const char *s, size_t m)
{
	return m > n && s[m - n - 1] == '_' && !memcmp(s + m - n, p, n);
}

/* Do a and b have the same digits in the same order?  (MACH_JZ4730 and MACH_JZ4740 do not.) */
static int same_digits(const char *a, const char *b)
{
	for (;;) {
		while (*a && !isdigit((unsigned char)*a))
			a++;
		while (*b && !isdigit((unsigned char)*b))
			b++;
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
		a++, b++;
	}
}

/*
 * Up to 5 defined symbols like name, nearest first: a few edits away (the
 * same name in another case counts as one edit), or its name extended or
 * cut at a '_'.  *typo is the nearest that makes a likely misspelling: one
 * edit, or two in a name of 12 or more bytes, with the same digits (other
 * digits make another model, MACH_JZ4730 is no misspelling of MACH_JZ4740);
 * NULL if none.
 */
static void find_similar(const struct kconfig_db *db, const size_t *symlen, const char *name,
			 struct strvec *out, const char **typo)
{
	size_t la = strlen(name), k = la <= 4 ? 1 : la <= 10 ? 2 : 3, typo_dist = 3;
	struct near *v = NULL;
	size_t n = 0, cap = 0;

	*typo = NULL;
	for (size_t i = 0; i < db->nsyms; i++) {
		const char *s = db->syms[i].name;
		size_t lb = symlen[i], d = distance_within(name, la, s, lb, k);
		const char *rel = NULL;

		if (la == lb && !strcasecmp(name, s))
			d = 1, rel = "differs in case";
		else if (d <= k)
			rel = NULL;
		else if (component_prefix(name, la, s, lb) || component_suffix(name, la, s, lb))
			d = 100, rel = "its name extended";
		else if (component_prefix(s, lb, name, la) || component_suffix(s, lb, name, la))
			d = 101, rel = "part of its name";
		else
			continue;
		GROW(v, cap, n + 1);
		v[n++] = (struct near){ s, d, rel };
		if ((d == 1 || (d == 2 && la >= 12)) && d < typo_dist && same_digits(name, s)) {
			typo_dist = d;
			*typo = s;
		}
	}
	if (n)
		qsort(v, n, sizeof(*v), cmp_near);
	for (size_t i = 0; i < n && i < 5; i++)
		sv_push_owned(out, v[i].rel ? xasprintf("%s (%s)", v[i].name, v[i].rel)
					    : xasprintf("%s (%zu edit%s)", v[i].name, v[i].dist,
							v[i].dist == 1 ? "" : "s"));
	free(v);
}

/* Does any file of the tree start with prefix? (t->files is sorted) */
static int tree_has_prefix(const struct tree *t, const char *prefix)
{
	size_t lo = 0, hi = t->files.n, n = strlen(prefix);

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strcmp(t->files.v[mid], prefix) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->files.n && !strncmp(t->files.v[lo], prefix, n);
}

/*
 * Is the object or directory word of a Makefile in dir in the tree?  "a.o":
 * a file dir/a.<anything>, or a composite a-y/a-objs in dir's Makefile;
 * "b/": a file under dir/b/.  Other words (flags, variables) count as present.
 */
static int object_present(const struct tree *t, const char *makefile, const char *word)
{
	size_t n = strlen(word), dn = strlen(makefile) - strlen(path_basename(makefile));
	char *probe;
	int present;

	if (strchr(word, '$') || strchr(word, '%'))
		return 1;
	if (n > 1 && word[n - 1] == '/') {
		probe = xasprintf("%.*s%s", (int)dn, makefile, word);
		present = tree_has_prefix(t, probe);
		free(probe);
		return present;
	}
	if (n < 3 || strcmp(word + n - 2, ".o"))
		return 1;
	probe = xasprintf("%.*s%.*s.", (int)dn, makefile, (int)(n - 2), word);
	present = tree_has_prefix(t, probe);
	free(probe);
	if (!present) {
		struct strbuf sb = STRBUF_INIT;
		char *full = path_join(t->root, makefile);

		if (read_file(full, &sb) == 0) {
			char *stem = xasprintf("%.*s-", (int)(n - 2), word);

			for (const char *p = sb.buf; (p = strstr(p, stem)); p++)
				if (p == sb.buf || p[-1] == '\n' || p[-1] == ' ' || p[-1] == '\t') {
					present = 1;
					break;
				}
			free(stem);
		}
		free(full);
		sb_release(&sb);
	}
	return present;
}

static char *lower(const char *s, size_t n)
{
	char *l = xstrndup(s, n);

	for (char *p = l; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return l;
}

/*
 * The object word s with its last name part replaced: "sch_cake.o" with
 * from "cake" and to "cbq" gives "sch_cbq.o", "ext4/" with "ext4" and "ntfs"
 * gives "ntfs/".  NULL when the last part of s (split at '/', '_', '-') is
 * not from.
 */
static char *replace_last_part(const char *s, const char *from, const char *to)
{
	size_t n = strlen(s), fn = strlen(from), end, start;

	if (n > 2 && !strcmp(s + n - 2, ".o"))
		end = n - 2;
	else if (n > 1 && s[n - 1] == '/')
		end = n - 1;
	else
		return NULL;
	start = end;
	while (start > 0 && !strchr("/_-", s[start - 1]))
		start--;
	if (end - start != fn || strncmp(s + start, from, fn))
		return NULL;
	return xasprintf("%.*s%s%s", (int)start, s, to, s + end);
}

struct analysis {
	const struct tree *t;
	const struct kconfig_db *db;
	size_t *symlen;          /* strlen of each db->syms[i].name */
	struct objline *obj;     /* sorted by symbol */
	size_t nobj;
};

static int cmp_objline(const void *a, const void *b)
{
	const struct objline *x = a, *y = b;
	int c = strcmp(x->sym, y->sym);

	if (c)
		return c;
	if ((c = strcmp(x->makefile, y->makefile)))
		return c;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* The Makefile lines of sym: [*first, *first + return). */
static size_t objlines_of(const struct analysis *a, const char *sym, size_t *first)
{
	size_t lo = 0, hi = a->nobj, k;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strcmp(a->obj[mid].sym, sym) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	for (k = lo; k < a->nobj && !strcmp(a->obj[k].sym, sym); k++)
		;
	return k - lo;
}

/* A Makefile line of sym builds something that is not in the tree: the evidence, or NULL. */
static char *missing_object(const struct analysis *a, const char *sym)
{
	size_t first, n = objlines_of(a, sym, &first);

	for (size_t i = first; i < first + n; i++) {
		const struct objline *o = &a->obj[i];

		for (size_t w = 0; w < o->words.n; w++)
			if (!object_present(a->t, o->makefile, o->words.v[w]))
				return xasprintf("%s:%zu builds %s, which is not in the tree", o->makefile,
						 o->line, o->words.v[w]);
	}
	return NULL;
}

/* Siblings of a symbol that build objects named after them, in one Makefile. */
struct convention {
	const char *makefile;    /* the tree's string: compared by address */
	size_t count;
	const char *sibling;     /* the first of them */
	const struct objline *o;
	const char *word;        /* its object, whose last part is its name's differing part */
};

/* How many siblings a convention needs before it is evidence. */
#define CONVENTION_MIN 3

/*
 * Named like its defined siblings, whose objects follow their names: at
 * least CONVENTION_MIN symbols that share sym's prefix up to the last '_'
 * (NET_SCH_) or its suffix from the first '_' (_FS) build, in one
 * Makefile, objects whose last name part is their own differing part
 * (NET_SCH_CAKE: sch_cake.o; EXT4_FS: ext4/).  If the object sym would
 * build by that convention is not in the tree, say so; else NULL.
 */
static char *missing_like_siblings(const struct analysis *a, const char *sym)
{
	const char *last = strrchr(sym, '_'), *first = strchr(sym, '_');
	char *found = NULL;

	if (!last)
		return NULL;
	for (int side = 0; side < 2 && !found; side++) {
		/* side 0: same prefix "NET_SCH_", differing tail; side 1: same suffix "_FS" */
		size_t fixed_len = side == 0 ? (size_t)(last - sym) + 1 : strlen(first);
		const char *fixed = side == 0 ? sym : first;
		char *mine = side == 0 ? lower(last + 1, strlen(last + 1))
				       : lower(sym, (size_t)(first - sym));
		struct convention *conv = NULL, *best = NULL;
		size_t nconv = 0, capconv = 0;

		for (size_t i = 0; i < a->db->nsyms; i++) {
			const char *s = a->db->syms[i].name;
			size_t sn = a->symlen[i], first_obj, nobj;
			char *theirs;

			if (sn <= fixed_len)
				continue;
			if (side == 0 ? memcmp(s, fixed, fixed_len) || strchr(s + fixed_len, '_')
				      : memcmp(s + sn - fixed_len, fixed, fixed_len) ||
					memchr(s, '_', sn - fixed_len))
				continue;
			if (!strcmp(s, sym))
				continue;
			if (!(nobj = objlines_of(a, s, &first_obj)))
				continue;
			theirs = side == 0 ? lower(s + fixed_len, sn - fixed_len) : lower(s, sn - fixed_len);
			for (size_t k = first_obj; k < first_obj + nobj; k++) {
				const struct objline *o = &a->obj[k];
				size_t c;

				if (!starts_with(o->var, "obj-"))
					continue;
				for (size_t w = 0; w < o->words.n; w++) {
					char *same = replace_last_part(o->words.v[w], theirs, theirs);

					if (!same)
						continue;
					free(same);
					for (c = 0; c < nconv && conv[c].makefile != o->makefile; c++)
						;
					if (c == nconv) {
						GROW(conv, capconv, nconv + 1);
						conv[nconv++] = (struct convention){ o->makefile, 0, s, o,
										     o->words.v[w] };
					}
					conv[c].count++;
					k = first_obj + nobj;   /* one object per sibling */
					break;
				}
			}
			free(theirs);
		}
		for (size_t c = 0; c < nconv; c++)
			if (conv[c].count >= CONVENTION_MIN && (!best || conv[c].count > best->count))
				best = &conv[c];
		if (best) {
			size_t sn = strlen(best->sibling);
			char *theirs = side == 0 ? lower(best->sibling + fixed_len, sn - fixed_len)
						 : lower(best->sibling, sn - fixed_len);
			char *cand = replace_last_part(best->word, theirs, mine);

			if (cand && !object_present(a->t, best->makefile, cand))
				found = xasprintf("named like %zu symbols of %s (%s builds %s), so it would "
						  "build %s, which is not in the tree", best->count,
						  best->makefile, best->sibling, best->word, cand);
			free(cand);
			free(theirs);
		}
		free(conv);
		free(mine);
	}
	return found;
}

/* The first reference of s of one of the kinds (a NULL-terminated list), or NULL. */
static const struct dangling_ref *first_of_kind(const struct dangling_sym *s, const enum ref_kind *kinds,
						int only_counted)
{
	for (size_t i = 0; i < s->nrefs; i++)
		for (const enum ref_kind *k = kinds; *k; k++)
			if (s->refs[i].kind == *k && (!only_counted || !s->refs[i].excluded))
				return &s->refs[i];
	return NULL;
}

/*
 * Set references aside by the rules (see the top of this file).  Returns
 * the references that still count.
 */
static size_t exclude_refs(struct dangling_sym *s, size_t *rule_count, const struct dangling_ref **cdef,
			   const struct dangling_ref **var, int *c_ident_only)
{
	static const enum ref_kind defs[] = { KIND_C_DEFINE, KIND_C_ENUM, KIND_MAKEFILE_DEFINE, KIND_NONE };
	static const enum ref_kind vars[] = { KIND_MAKE_VARIABLE, KIND_SCRIPT_VARIABLE, KIND_NONE };
	static const enum ref_kind tests[] = { KIND_C_IFDEF, KIND_C_IS_ENABLED, KIND_NONE };
	static const enum ref_kind code[] = { KIND_C_OTHER, KIND_NONE };
	size_t counted = 0;
	int c_name;

	*cdef = first_of_kind(s, defs, 0);
	*var = first_of_kind(s, vars, 0);
	*c_ident_only = !first_of_kind(s, tests, 0);
	/* C's own name: then Documentation and other text name it too */
	c_name = *cdef || (*c_ident_only && first_of_kind(s, code, 0));
	for (size_t i = 0; i < s->nrefs; i++) {
		struct dangling_ref *r = &s->refs[i];

		if (r->excluded)
			;
		else if (*var)
			r->excluded = "variable";
		else if (*cdef && is_c_kind(r->kind))
			r->excluded = "c-name";
		else if (is_placeholder(s->name))
			r->excluded = "placeholder";
		else if (is_prose_kind(r->kind))
			r->excluded = "prose";
		else if (c_name && (is_c_kind(r->kind) || r->kind == KIND_DOC ||
				    r->kind == KIND_OTHER || r->kind == KIND_SCRIPT))
			/* code cannot use an undefined CONFIG_ value: C declares this name */
			r->excluded = "c-name";
		if (!r->excluded) {
			counted++;
			continue;
		}
		for (size_t k = 0; k < dangling_nrules; k++)
			if (!strcmp(r->excluded, dangling_rules[k].name))
				rule_count[k]++;
	}
	return counted;
}

/*
 * Only tested by #if, and a comment of a file that tests it says to define
 * it ("#define CONFIG_X" commented out, "define CONFIG_X to ...",
 * "uncomment ..."): that comment, else NULL.
 */
static const struct dangling_ref *hand_set(const struct dangling_sym *s)
{
	char *define = xasprintf("define CONFIG_%s", s->name);
	const struct dangling_ref *found = NULL;

	for (size_t i = 0; i < s->nrefs; i++)
		if (!s->refs[i].excluded && s->refs[i].kind != KIND_C_IFDEF)
			goto out;
	for (size_t i = 0; i < s->nrefs && !found; i++) {
		const struct dangling_ref *r = &s->refs[i];

		if (r->kind != KIND_C_COMMENT || (!strstr(r->text, define) && !strcasestr(r->text, "uncomment")))
			continue;
		for (size_t k = 0; k < s->nrefs; k++)
			if (!s->refs[k].excluded && !strcmp(s->refs[k].path, r->path))
				found = r;
	}
out:
	free(define);
	return found;
}

/* Apply the exclusion rules, then give a dangling symbol its verdict and evidence. */
static void judge(const struct analysis *a, struct dangling_sym *s)
{
	const struct dangling_ref *cdef, *var, *doc;
	size_t counted, rule_count[16] = { 0 }, config_files = 0;
	const char *config_example = NULL;
	struct strbuf why = STRBUF_INIT;
	const char *typo;
	size_t ndefs;
	int c_ident_only;

	counted = exclude_refs(s, rule_count, &cdef, &var, &c_ident_only);
	for (size_t i = 0; i < s->nrefs; i++) {
		const struct dangling_ref *r = &s->refs[i];
		int new_file = !i || strcmp(s->refs[i - 1].path, r->path);

		s->nfiles += new_file;
		if (r->excluded || r->kind != KIND_DEFCONFIG)
			continue;
		s->nsets += r->sets;
		if (new_file || s->refs[i - 1].excluded || s->refs[i - 1].kind != KIND_DEFCONFIG)
			config_files++;
		if (!config_example)
			config_example = r->path;
	}
	if (counted && (doc = hand_set(s))) {
		for (size_t i = 0; i < s->nrefs; i++)
			if (!s->refs[i].excluded)
				s->refs[i].excluded = "hand-set";
		s->rule = "hand-set";
		s->why = xasprintf("only tested by #if, never set by Kconfig, a Makefile or a config "
				   "file, and %s:%zu says: %s", doc->path, doc->line, doc->text);
		return;
	}
	if (!counted) {
		/* every reference is set aside: the symbol is excluded, by its main rule */
		size_t best = 0;

		for (size_t k = 1; k < dangling_nrules; k++)
			if (rule_count[k] > rule_count[best])
				best = k;
		/* a name that is C's own or a variable says more than its mentions */
		for (size_t k = 0; k < dangling_nrules; k++)
			if (rule_count[k] && (!strcmp(dangling_rules[k].name, "c-name") ||
					      !strcmp(dangling_rules[k].name, "variable")))
				best = k;
		s->rule = dangling_rules[best].name;
		if (!strcmp(s->rule, "c-name") && cdef)
			sb_addf(&why, "defined in C at %s:%zu (%s), not by Kconfig", cdef->path, cdef->line,
				cdef->kind == KIND_C_ENUM ? "an enum constant"
				: cdef->kind == KIND_MAKEFILE_DEFINE ? "-D on the compiler command line"
									: "#define");
		else if (!strcmp(s->rule, "c-name"))
			sb_adds(&why, "used in C only as an identifier (a type, field, register or macro "
				      "argument), never tested by #if or IS_ENABLED: C code cannot use an "
				      "undefined CONFIG_ value, so the name is C's own");
		else if (!strcmp(s->rule, "variable"))
			sb_addf(&why, "a %s variable assigned at %s:%zu", var->kind == KIND_MAKE_VARIABLE
				? "make" : "shell", var->path, var->line);
		else
			sb_adds(&why, dangling_rules[best].meaning);
		if (rule_count[best] < s->nrefs) {
			/* several rules: how many references each set aside */
			sb_adds(&why, " (references:");
			for (size_t k = 0, first = 1; k < dangling_nrules; k++)
				if (rule_count[k]) {
					sb_addf(&why, "%s %zu %s", first ? "" : ",", rule_count[k],
						dangling_rules[k].name);
					first = 0;
				}
			sb_addc(&why, ')');
		}
		s->why = sb_detach(&why, NULL);
		return;
	}

	find_similar(a->db, a->symlen, s->name, &s->similar, &typo);
	if (starts_with(s->name, "CONFIG_")) {
		int bare = kconfig_is_defined(a->db, s->name + 7);

		s->verdict = "prefixed";
		sb_addf(&why, "written with the CONFIG_ prefix in a Kconfig expression, where symbols "
			      "have none; %s %s defined", s->name + 7, bare ? "is" : "is not");
	} else if (ends_with(s->name, "_MODULE") && strlen(s->name) > 7) {
		char *base = xstrndup(s->name, strlen(s->name) - 7);
		size_t n;
		const struct kconfig_def *d = kconfig_defs(a->db, base, &n);

		if (d) {
			s->verdict = "module-of-bool";
			sb_addf(&why, "%s is %s (%s:%zu): Kconfig writes CONFIG_%s only for a tristate set to m",
				base, d->type[0] ? d->type : "untyped", d->path, d->line, s->name);
		}
		free(base);
	}
	if (!s->verdict) {
		char *gone = missing_object(a, s->name);
		char *like = gone ? NULL : missing_like_siblings(a, s->name);

		if (config_files || gone) {
			s->verdict = "leftover";
			if (config_files)
				sb_addf(&why, "%s in %zu config file%s (%s%s): config files are written "
					      "for symbols that exist, so it existed when they were made",
					s->nsets ? "set" : "named", config_files, config_files == 1 ? "" : "s",
					config_example, config_files > 1 ? ", ..." : "");
			if (gone)
				sb_addf(&why, "%s%s", why.len ? "; " : "", gone);
		} else if (typo && s->nfiles <= 3) {
			s->verdict = "typo";
			sb_addf(&why, "no config file names it, no Makefile line of it builds a missing "
				      "source, and it is a likely misspelling of %s (%s:%zu)", typo,
				kconfig_defs(a->db, typo, &ndefs)->path, kconfig_defs(a->db, typo, &ndefs)->line);
		} else {
			s->verdict = "unexplained";
			sb_adds(&why, "no config file names it, no Makefile line of it builds a missing "
				      "source, and no defined symbol is a likely misspelling of it");
		}
		if (like)
			sb_addf(&why, "; %s", like);
		free(gone);
		free(like);
	}
	s->why = sb_detach(&why, NULL);
}

static int under_paths(const struct dangling_options *opt, const char *path)
{
	if (!opt || !opt->npaths)
		return 1;
	for (size_t i = 0; i < opt->npaths; i++) {
		const char *p = opt->paths[i];
		size_t n = strlen(p);

		while (n > 1 && p[n - 1] == '/')
			n--;
		if (!strncmp(path, p, n) && (path[n] == '\0' || path[n] == '/'))
			return 1;
	}
	return 0;
}

int dangling_find(const struct tree *t, const struct kconfig_db *db, struct plan *snap,
		  const struct dangling_options *opt, struct dangling_result *res, struct strbuf *err)
{
	static const struct pattern pats[] = {
		{ "CONFIG_", 7, FILE_ANY, NULL, 0, PATF_PREFIX },
		{ "DCONFIG_", 8, FILE_ANY, NULL, 1, PATF_PREFIX },
	};
	double t0 = seconds_now();
	int nthreads = opt && opt->nthreads > 0 ? opt->nthreads : scan_default_threads();
	struct worker *w = xcalloc((size_t)nthreads, sizeof(*w));
	void **ctx = xcalloc((size_t)nthreads, sizeof(*ctx));
	struct scanner *sc = scanner_new(pats, ARRAY_SIZE(pats));
	struct worker kw = { t, db, NULL, 0, 0, NULL, 0, 0, 0 };
	struct raw *raw = NULL;
	size_t nraw = 0, rawcap = 0;
	struct strvec unreadable = STRVEC_INIT;
	struct analysis an = { t, db, NULL, NULL, 0 };
	size_t objcap = 0, symcap = 0;

	memset(res, 0, sizeof(*res));
	for (int i = 0; i < nthreads; i++) {
		w[i].t = t;
		w[i].db = db;
		ctx[i] = &w[i];
	}
	res->files_scanned = scan_tree(sc, t, nthreads, skip_kconfig, (void *)db, on_config_hits, ctx,
				       &unreadable);
	for (size_t i = 0; i < unreadable.n; i++)
		sb_addf(err, "%s\n", unreadable.v[i]);
	if (unreadable.n)
		sb_addf(err, "%zu files could not be read\n", unreadable.n);
	scanner_free(sc);
	/* the Kconfig files, from the snapshots the database parsed */
	for (size_t i = 0; i < t->files.n; i++) {
		const struct plan_file *f;

		if (!kconfig_file(db, t->files.v[i]) || !(f = plan_file(snap, t->files.v[i])))
			continue;
		kconfig_file_refs(&kw, t->files.v[i], f->data, f->len);
		res->nkconfig++;
	}
	res->files_scanned += res->nkconfig;
	for (int i = 0; i <= nthreads; i++) {
		struct worker *x = i < nthreads ? &w[i] : &kw;

		GROW(raw, rawcap, nraw + x->nraw);
		if (x->nraw)
			memcpy(raw + nraw, x->raw, x->nraw * sizeof(*raw));
		nraw += x->nraw;
		GROW(an.obj, objcap, an.nobj + x->nobj);
		if (x->nobj)
			memcpy(an.obj + an.nobj, x->obj, x->nobj * sizeof(*an.obj));
		an.nobj += x->nobj;
		res->module_refs += x->module_refs;
		free(x->raw);
		free(x->obj);
	}
	if (nraw)
		qsort(raw, nraw, sizeof(*raw), cmp_raw);
	if (an.nobj)
		qsort(an.obj, an.nobj, sizeof(*an.obj), cmp_objline);
	res->ndefined = db->nsyms;
	an.symlen = xcalloc(db->nsyms + 1, sizeof(*an.symlen));
	for (size_t i = 0; i < db->nsyms; i++)
		an.symlen[i] = strlen(db->syms[i].name);

	/* one symbol per name */
	for (size_t i = 0; i < nraw;) {
		size_t k = i, shown = 0;
		struct dangling_sym s = { 0 };

		while (k < nraw && !strcmp(raw[k].name, raw[i].name))
			k++;
		s.name = xstrdup(raw[i].name);
		s.refs = xcalloc(k - i, sizeof(*s.refs));
		for (size_t m = i; m < k; m++) {
			struct dangling_ref *r = &s.refs[s.nrefs++];

			r->path = xstrdup(raw[m].path);
			r->line = raw[m].line;
			r->kind = raw[m].kind;
			r->text = raw[m].text;
			r->sets = (raw[m].flags & RAW_SETS) != 0;
			r->excluded = raw[m].flags & RAW_TOOLS ? "tools"
				      : raw[m].flags & RAW_PASTE ? "paste"
				      : raw[m].flags & RAW_MACRO ? "macro" : NULL;
			shown += under_paths(opt, r->path);
			free(raw[m].name);
		}
		s.cap = s.nrefs;
		if (shown) {
			judge(&an, &s);
			if (opt && opt->npaths) {
				/* judged on every reference; shown only those under the paths */
				size_t kept = 0;

				for (size_t m = 0; m < s.nrefs; m++) {
					if (under_paths(opt, s.refs[m].path))
						s.refs[kept++] = s.refs[m];
					else
						free(s.refs[m].path), free(s.refs[m].text);
				}
				s.nrefs = kept;
			}
			GROW(res->syms, symcap, res->n + 1);
			res->syms[res->n++] = s;
			if (s.verdict)
				res->ndangling++;
			else
				res->nexcluded++;
		} else {
			for (size_t m = 0; m < s.nrefs; m++)
				free(s.refs[m].path), free(s.refs[m].text);
			free(s.refs);
			free(s.name);
		}
		i = k;
	}
	free(raw);
	for (size_t i = 0; i < an.nobj; i++) {
		free(an.obj[i].sym);
		free(an.obj[i].var);
		sv_clear(&an.obj[i].words);
	}
	free(an.obj);
	free(an.symlen);
	free(w);
	free(ctx);
	res->seconds = seconds_now() - t0;
	if (unreadable.n) {
		sv_clear(&unreadable);
		return -1;
	}
	return 0;
}

void dangling_release(struct dangling_result *res)
{
	for (size_t i = 0; i < res->n; i++) {
		struct dangling_sym *s = &res->syms[i];

		for (size_t k = 0; k < s->nrefs; k++)
			free(s->refs[k].path), free(s->refs[k].text);
		free(s->refs);
		free(s->name);
		free(s->why);
		sv_clear(&s->similar);
	}
	free(res->syms);
	memset(res, 0, sizeof(*res));
}

/* The namespace of an undefined symbol: its shortest '_'-cut leading part no defined name uses. */
static char *namespace_of(const struct kconfig_db *db, const char *target)
{
	for (const char *p = strchr(target, '_'); ; p = strchr(p + 1, '_')) {
		size_t n = p ? (size_t)(p - target) : strlen(target);
		char *ns = xasprintf("%.*s_", (int)n, target);
		size_t lo = 0, hi = db->nsyms;

		/* the first defined name not below ns: does it start with ns? */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (strcmp(db->syms[mid].name, ns) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo == db->nsyms || !starts_with(db->syms[lo].name, ns))
			return ns;
		free(ns);
		if (!p)
			return NULL;
	}
}

struct companion {
	char *name;
	size_t files;
	int alone;               /* named in a config file without the target */
};

void dangling_companions(const struct tree *t, const struct kconfig_db *db, const char *target,
			 struct strvec *names, struct strvec *reasons)
{
	char *ns = namespace_of(db, target);
	struct companion *c = NULL;
	size_t nc = 0, cap = 0, nsl, target_files = 0;
	struct strbuf sb = STRBUF_INIT;

	if (!ns || kconfig_is_defined(db, target)) {
		free(ns);
		return;
	}
	nsl = strlen(ns);
	for (size_t i = 0; i < t->files.n; i++) {
		const char *path = t->files.v[i];
		struct strvec here = STRVEC_INIT;
		int has_target = 0;
		char *full;

		if (file_class(path) != FILE_DEFCONFIG &&
		    !(is_tools_fragment_dir(path) && !strcmp(path_basename(path), "config")))
			continue;
		full = path_join(t->root, path);
		sb_reset(&sb);
		if (read_file(full, &sb) < 0) {
			free(full);
			continue;
		}
		free(full);
		for (const char *p = sb.buf; (p = strstr(p, "CONFIG_")); p += 7) {
			const char *name = p + 7, *e = name;
			int sets;

			while (is_word_char((unsigned char)*e))
				e++;
			if (!is_config_line(sb.buf, sb.len, line_start(sb.buf, (size_t)(p - sb.buf)),
					    (size_t)(e - sb.buf), &sets))
				continue;
			if ((size_t)(e - name) == strlen(target) && !strncmp(name, target, (size_t)(e - name)))
				has_target = 1;
			else if ((size_t)(e - name) > nsl && !strncmp(name, ns, nsl) &&
				 name_defined(db, name, (size_t)(e - name)) <= 0)
				sv_push_owned(&here, xstrndup(name, (size_t)(e - name)));
		}
		target_files += has_target;
		sv_sort_uniq(&here);
		for (size_t k = 0; k < here.n; k++) {
			size_t m;

			for (m = 0; m < nc && strcmp(c[m].name, here.v[k]); m++)
				;
			if (m == nc) {
				GROW(c, cap, nc + 1);
				c[nc++] = (struct companion){ xstrdup(here.v[k]), 0, 0 };
			}
			c[m].files++;
			c[m].alone |= !has_target;
		}
		sv_clear(&here);
	}
	for (size_t m = 0; m < nc; m++) {
		if (!c[m].alone && !sv_contains(names, c[m].name)) {
			sv_push(names, c[m].name);
			sv_push_owned(reasons, xasprintf("not defined either, in the namespace %s that no "
							 "defined symbol uses, and named only in config "
							 "files that also name %s (%zu of the %zu that do)",
							 ns, target, c[m].files, target_files));
		}
		free(c[m].name);
	}
	free(c);
	free(ns);
	sb_release(&sb);
}
