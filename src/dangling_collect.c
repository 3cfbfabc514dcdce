/*
 * dangling_collect.c - collect the references to names no Kconfig file
 * defines: each with its kind from the file and the line around it
 * (kind_of), and the Makefile lines that build objects under a symbol (the
 * judge's evidence).  How the references are judged is dangling.c's; the
 * rules of both are at the top of dangling.c.
 */
#include "dangling_collect.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "classify.h"
#include "scan.h"

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
	    !(classify_config_fragment_dir(path) && classify_config_line(buf, len, ls, end, &sets)))
		*flags |= RAW_TOOLS;
	if (fclass == FILE_DEFCONFIG || (starts_with(path, "tools/") && !(*flags & RAW_TOOLS))) {
		if (classify_config_line(buf, len, ls, end, &sets)) {
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
		def = kconfig_name_defined(w->db, buf + name, end - name);
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
		if (kconfig_name_defined(w->db, name, n) > 0)
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
			   kconfig_name_defined(w->db, name + 7, n - 7) <= 0) {
			add_raw(w, path, name + 7, n - 7, line, KIND_KCONFIG_TEXT, line_text(data, len, s),
				is_pasted(data, len, s, i) ? RAW_PASTE : 0);
		}
	}
}

int dangling_collect(const struct tree *t, const struct kconfig_db *db, struct plan *snap,
		      int nthreads, struct dangling_collection *out, struct strbuf *err)
{
	static const struct pattern pats[] = {
		{ "CONFIG_", 7, FILE_ANY, NULL, 0, PATF_PREFIX },
		{ "DCONFIG_", 8, FILE_ANY, NULL, 1, PATF_PREFIX },
	};
	struct worker *w = xcalloc((size_t)nthreads, sizeof(*w));
	void **ctx = xcalloc((size_t)nthreads, sizeof(*ctx));
	struct scanner *sc = scanner_new(pats, ARRAY_SIZE(pats));
	struct worker kw = { t, db, NULL, 0, 0, NULL, 0, 0, 0 };
	struct strvec unreadable = STRVEC_INIT;
	size_t rawcap = 0, objcap = 0;
	int status;

	memset(out, 0, sizeof(*out));
	for (int i = 0; i < nthreads; i++) {
		w[i].t = t;
		w[i].db = db;
		ctx[i] = &w[i];
	}
	/* Binary files (NULL): their CONFIG_ bytes are no reference a person edits. */
	out->files_scanned = scan_tree(sc, t, nthreads, skip_kconfig, (void *)db, on_config_hits, NULL,
				       ctx, &unreadable);
	for (size_t i = 0; i < unreadable.n; i++)
		sb_addf(err, "%s\n", unreadable.v[i]);
	if (unreadable.n)
		sb_addf(err, "%zu files could not be read\n", unreadable.n);
	status = unreadable.n ? -1 : 0;
	sv_clear(&unreadable);
	scanner_free(sc);
	/* the Kconfig files, from the snapshots the database parsed */
	for (size_t i = 0; i < t->files.n; i++) {
		const struct plan_file *f;

		if (!kconfig_file(db, t->files.v[i]) || !(f = plan_file(snap, t->files.v[i])))
			continue;
		kconfig_file_refs(&kw, t->files.v[i], f->data, f->len);
		out->nkconfig++;
	}
	out->files_scanned += out->nkconfig;
	for (int i = 0; i <= nthreads; i++) {
		struct worker *x = i < nthreads ? &w[i] : &kw;

		GROW(out->raw, rawcap, out->nraw + x->nraw);
		if (x->nraw)
			memcpy(out->raw + out->nraw, x->raw, x->nraw * sizeof(*out->raw));
		out->nraw += x->nraw;
		GROW(out->obj, objcap, out->nobj + x->nobj);
		if (x->nobj)
			memcpy(out->obj + out->nobj, x->obj, x->nobj * sizeof(*out->obj));
		out->nobj += x->nobj;
		out->module_refs += x->module_refs;
		free(x->raw);
		free(x->obj);
	}
	free(w);
	free(ctx);
	return status;
}
