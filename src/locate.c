/*
 * locate.c - every reference to a subsystem: build the patterns from the
 * footprint, scan the tree once, classify each matching line, fold lines
 * that belong to one block (a config entry, a device table entry), confirm
 * candidate headers and identifiers, and decide what is removed, kept or
 * left for review.
 */
#include "locate.h"

#include <errno.h>
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "classify.h"
#include "cnames.h"
#include "docs.h"
#include "gone.h"
#include "maintainers.h"
#include "scan.h"

/* A match of a candidate header or identifier, classified once it is confirmed. */
struct pending {
	const char *path;       /* the tree's string */
	size_t off;
	uint32_t pattern;
};

/* A definition of a footprint symbol; order is its rank in (symbol, definition) order. */
struct owned_def {
	const struct kconfig_def *d;
	size_t order;
};

struct locate_ctx {
	const struct footprint *fp;
	const struct owned_def *odefs;   /* sorted by path, then order */
	size_t nodefs;
	const struct pattern *pats;
	const struct kconfig_db *db;
	const struct scanner *sc;   /* to retire candidates proven foreign */
	const struct tree *t;
	struct strset own;       /* the footprint's symbols */
	struct ref *refs;
	size_t n, cap;
	struct pending *pend;
	size_t npend, pend_cap;
	struct strset foreign;  /* candidates used (included, defined) outside the subsystem */
	int confirmed;          /* candidates are confirmed: classify their matches */
	struct strvec *const *hdecl;  /* per fp->headers entry: the names it declares, or NULL */
	struct strvec ignored;  /* "HEADER\tPATH": a kept C file includes it, uses none of it */
	struct pending *kpend;  /* without a Kconfig model (db NULL): hits in Kconfig files, */
	size_t nkpend, kpend_cap;   /* classified after the scan */
	struct line_index lines;   /* of the file on_hits reads, made at its first use */
	const char *lines_of;      /* that file's buffer, or NULL */
	struct line_cursor hit_line;   /* the start of the line of on_hits' current hit */
};

/* The 1-based line of offset off of buf, the file on_hits is reading. */
static size_t line_at(struct locate_ctx *c, const char *buf, size_t len, size_t off)
{
	if (c->lines_of != buf) {
		line_index_release(&c->lines);
		line_index_init(&c->lines, buf, len);
		c->lines_of = buf;
	}
	return line_index_line(&c->lines, off);
}

/*
 * Patterns own their text; the array is freed with free_patterns().  seen
 * holds a key of each (text, scope, dir, tag), to add each once.
 */
static void add_pattern(struct pattern **v, size_t *n, size_t *cap, struct strset *seen,
			char *text, unsigned scope, const char *dir, int tag)
{
	char *key = xasprintf("%s%c%u%c%d%c%s", text, 1, scope, 1, tag, dir ? 1 : 2, dir ? dir : "");
	int fresh = strset_add(seen, key);

	free(key);
	if (!fresh) {
		free(text);
		return;
	}
	GROW(*v, *cap, *n + 1);
	(*v)[*n] = (struct pattern){ text, strlen(text), scope, dir ? xstrdup(dir) : NULL, tag,
				     tag == PAT_OBJECT ? PATF_AFTER_UNDERSCORE : 0 };
	(*n)++;
}

static void free_patterns(struct pattern *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free((char *)v[i].text);
		free((char *)v[i].dir);
	}
	free(v);
}

static size_t build_patterns(const struct footprint *fp, struct pattern **out)
{
	struct pattern *v = NULL;
	size_t n = 0, cap = 0;
	struct strset seen = STRSET_INIT;

	for (size_t i = 0; i < fp->symbols.n; i++) {
		const char *s = fp->symbols.v[i];

		add_pattern(&v, &n, &cap, &seen, xasprintf("CONFIG_%s", s), FILE_ANY, NULL, PAT_CONFIG);
		add_pattern(&v, &n, &cap, &seen, xasprintf("CONFIG_%s_MODULE", s), FILE_ANY, NULL, PAT_CONFIG);
		add_pattern(&v, &n, &cap, &seen, xstrdup(s), FILE_KCONFIG, NULL, PAT_SYMBOL);
	}
	for (size_t i = 0; i < fp->paths.n; i++) {
		char *p = xstrdup(fp->paths.v[i]);
		size_t len = strlen(p);
		int dir = len && p[len - 1] == '/';
		char *slash, *parent, *base, *dot;

		if (dir)
			p[--len] = '\0';
		add_pattern(&v, &n, &cap, &seen, xstrdup(p), FILE_ANY, NULL, PAT_PATH);
		slash = strrchr(p, '/');
		base = slash ? slash + 1 : p;
		parent = slash ? xstrndup(p, (size_t)(slash - p)) : xstrdup("");
		if (dir) {
			/* Older or shorter spellings of the path: ".../name" */
			if (strlen(base) >= 3)
				add_pattern(&v, &n, &cap, &seen, xasprintf("/%s", base), FILE_ANY, NULL,
					    PAT_STALE_PATH);
			add_pattern(&v, &n, &cap, &seen, xasprintf("%s/", base), FILE_MAKEFILE,
				    parent[0] ? parent : NULL, PAT_OBJECT);
			/* a documentation directory's toctree spelling: "ia64/index" in arch.rst */
			if (starts_with(p, "Documentation/"))
				add_pattern(&v, &n, &cap, &seen, xasprintf("%s/index", base), FILE_DOC, NULL,
					    PAT_DOC_STEM);
		} else if (starts_with(p, "Documentation/")) {
			dot = strrchr(base, '.');
			add_pattern(&v, &n, &cap, &seen, dot ? xstrndup(base, (size_t)(dot - base)) : xstrdup(base),
				    FILE_DOC, NULL, PAT_DOC_STEM);
		} else {
			add_pattern(&v, &n, &cap, &seen, xstrdup(base), FILE_ANY, NULL, PAT_BASENAME);
			dot = strrchr(base, '.');
			if (dot && (!strcmp(dot, ".c") || !strcmp(dot, ".S")))
				add_pattern(&v, &n, &cap, &seen, xasprintf("%.*s.o", (int)(dot - base), base),
					    FILE_MAKEFILE, parent[0] ? parent : NULL, PAT_OBJECT);
		}
		free(parent);
		free(p);
	}
	for (size_t i = 0; i < fp->headers.n; i++) {
		const char *h = fp->headers.v[i];

		add_pattern(&v, &n, &cap, &seen, xstrdup(h), FILE_ANY, NULL, PAT_HEADER);
		if (strchr(h, '/'))
			add_pattern(&v, &n, &cap, &seen, xstrdup(path_basename(h)), FILE_C, NULL,
				    PAT_HEADER_BASE);
	}
	for (size_t i = 0; i < fp->local_headers.n; i++)
		add_pattern(&v, &n, &cap, &seen, xstrdup(path_basename(fp->local_headers.v[i])), FILE_ANY,
			    NULL, PAT_HEADER_BASE);
	for (size_t i = 0; i < fp->identifiers.n; i++)
		add_pattern(&v, &n, &cap, &seen, xstrdup(fp->identifiers.v[i]), FILE_ANY, NULL, PAT_IDENT);
	for (size_t i = 0; i < fp->words.n; i++)
		add_pattern(&v, &n, &cap, &seen, xstrdup(fp->words.v[i]), FILE_ANY, NULL, PAT_WORD);
	for (size_t i = 0; i < fp->macros.n; i++)
		add_pattern(&v, &n, &cap, &seen, xstrdup(fp->macros.v[i]), FILE_C, NULL, PAT_MACRO);
	strset_clear(&seen);
	*out = v;
	return n;
}

static int skip_owned(const char *path, void *ctx)
{
	return footprint_owns(ctx, path);
}

/* Tag priority when several patterns match one line: the most specific wins. */
static int tag_rank(int tag)
{
	static const int rank[] = {
		[PAT_CONFIG] = 9, [PAT_SYMBOL] = 9, [PAT_PATH] = 8, [PAT_OBJECT] = 7,
		[PAT_HEADER] = 6, [PAT_IDENT] = 5, [PAT_DOC_STEM] = 4, [PAT_BASENAME] = 3,
		[PAT_STALE_PATH] = 2, [PAT_WORD] = 1, [PAT_HEADER_BASE] = 0, [PAT_MACRO] = 9,
	};

	return rank[tag];
}

static char *line_text(const char *buf, size_t len, size_t off)
{
	size_t s = line_start(buf, off), e = line_end(buf, len, off);

	while (e > s && (buf[e - 1] == '\n' || buf[e - 1] == '\r'))
		e--;
	return xstrndup(buf + s, e - s);
}

static int cmp_owned_def(const void *a, const void *b)
{
	const struct owned_def *x = a, *y = b;
	int c = strcmp(x->d->path, y->d->path);

	if (c)
		return c;
	if (x->d->start != y->d->start)
		return x->d->start < y->d->start ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* The definitions of the footprint's symbols, by path (for owned_entry_at). */
static size_t owned_defs(const struct footprint *fp, const struct kconfig_db *db,
			 struct owned_def **out)
{
	struct owned_def *v = NULL;
	size_t n = 0, cap = 0;

	for (size_t i = 0; i < fp->symbols.n; i++) {
		size_t nd;
		const struct kconfig_def *d = kconfig_defs(db, fp->symbols.v[i], &nd);

		for (size_t k = 0; k < nd; k++) {
			GROW(v, cap, n + 1);
			v[n] = (struct owned_def){ &d[k], n };
			n++;
		}
	}
	if (n)
		qsort(v, n, sizeof(*v), cmp_owned_def);
	*out = v;
	return n;
}

/*
 * The config entry of a footprint symbol that holds offset off of path, if
 * any.  The entries of one file do not overlap: the one that starts last at
 * or before off, found by binary search (a scan of the file's entries per
 * match made a spec of 50,000 symbols quadratic).
 */
static const struct kconfig_def *owned_entry_at(const struct locate_ctx *c, const char *path,
						size_t off)
{
	size_t lo = 0, hi = c->nodefs;
	const struct kconfig_def *d;

	while (lo < hi) {   /* the first entry of path or after it */
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(c->odefs[mid].d->path, path) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (hi = c->nodefs; lo < hi;) {   /* the first of path that starts after off */
		size_t mid = lo + (hi - lo) / 2;
		int cmp = strcmp(c->odefs[mid].d->path, path);

		if (cmp < 0 || (cmp == 0 && c->odefs[mid].d->start <= off))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return NULL;
	d = c->odefs[lo - 1].d;
	return !strcmp(d->path, path) && off >= d->start && off < d->end ? d : NULL;
}

/*
 * CONFIG_X in C code (not a comment, a string or a directive), where X is
 * the footprint's int, hex or string option: a value the code still needs.
 * With X's one constant default it is replaced by that (remove.c), else it
 * is left for review.  True if so; r's action and reason are set.
 */
static int c_value_hit(struct locate_ctx *c, struct ref *r, const char *buf, size_t len)
{
	struct strbuf value = STRBUF_INIT;
	struct c_lexer fresh;
	const struct kconfig_def *d;
	size_t e, n;
	char *sym;
	int hit = 0;

	if (r->off + 7 >= len || strncmp(buf + r->off, "CONFIG_", 7) ||
	    (r->off > 0 && is_word_char((unsigned char)buf[r->off - 1])))
		return 0;
	for (e = r->off + 7; e < len && is_word_char((unsigned char)buf[e]); e++)
		;
	sym = xstrndup(buf + r->off + 7, e - r->off - 7);
	if (!footprint_has_symbol(c->fp, sym)) {   /* (without symbols there may be no model) */
		free(sym);
		return 0;
	}
	d = kconfig_defs(c->db, sym, &n);
	if (n &&
	    (!strcmp(d->type, "int") || !strcmp(d->type, "hex") || !strcmp(d->type, "string"))) {
		/* The shared lexer has moved past off: a fresh one says where off is. */
		c_lexer_init(&fresh, buf, len);
		hit = c_lexer_at(&fresh, r->off) == C_CODE;
	}
	if (hit)
		r->symbol = xstrdup(sym);   /* remove's constant_value() needs no second parse */
	if (hit && kconfig_constant_default(c->db, sym, &value) == 0) {
		r->reason = xasprintf("CONFIG_%s as a value: it becomes %s, its default", sym, value.buf);
	} else if (hit) {
		r->action = ACTION_REVIEW;
		r->reason = xasprintf("CONFIG_%s as a value, and %s has no one constant default: "
				      "give the code a value by hand", sym, sym);
	}
	sb_release(&value);
	free(sym);
	return hit;
}

static const char IOCTL_NUMBER_RST[] = "Documentation/userspace-api/ioctl/ioctl-number.rst";

/*
 * The header column of the ioctl-number table's row at off: the row's
 * third word ("'V'   C0     media/davinci/vpfe_capture.h  conflict!"), in
 * [*hs, *he).  True if off is a row's and falls inside that column.
 */
static int ioctl_row_header(const char *path, const char *buf, size_t len, size_t off,
			    size_t *hs, size_t *he)
{
	size_t i = line_start(buf, off), e = line_end(buf, len, off);

	if (strcmp(path, IOCTL_NUMBER_RST))
		return 0;
	while (i < e && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	if (i >= e || buf[i] != '\'')
		return 0;
	for (int col = 0; col < 3; col++) {
		*hs = i;
		while (i < e && !isspace((unsigned char)buf[i]))
			i++;
		*he = i;
		while (i < e && (buf[i] == ' ' || buf[i] == '\t'))
			i++;
	}
	return *hs < *he && off >= *hs && off < *he;
}

/* The row at r goes, with the indented lines that continue it. */
static void take_ioctl_row(struct ref *r, const char *buf, size_t len)
{
	size_t e;

	r->kind = KIND_DOC_TABLE;
	r->action = ACTION_REMOVE;
	r->last_line = r->line;
	for (e = line_end(buf, len, r->off); e < len && (buf[e] == ' ' || buf[e] == '\t');) {
		size_t ne = line_end(buf, len, e), k = e;

		while (k < ne && isspace((unsigned char)buf[k]))
			k++;
		if (k >= ne)
			break;
		r->last_line++;
		e = ne;
	}
}

/*
 * A row of the ioctl-number table whose header column is a removed header
 * ("'V'   C0     media/davinci/vpfe_capture.h      conflict!"), with the
 * indented lines that continue it: it goes.  True if so; r is set.
 */
static int ioctl_row_of_header(struct ref *r, const char *path, const char *buf, size_t len,
			       const struct pattern *p)
{
	size_t hs, he;

	if (!ioctl_row_header(path, buf, len, r->off, &hs, &he) || r->off + p->len != he)
		return 0;
	take_ioctl_row(r, buf, len);
	r->reason = xasprintf("the ioctl-number row of removed %s (lines %zu-%zu)", p->text, r->line,
			      r->last_line);
	return 1;
}

/* Does the header define an ioctl number (_IO, _IOR, _IOW, _IOWR)? */
static int defines_ioctl(const char *buf, size_t len)
{
	static const char *const makers[] = { "_IO(", "_IOR(", "_IOW(", "_IOWR(" };

	for (size_t k = 0; k < ARRAY_SIZE(makers); k++)
		if (memmem(buf, len, makers[k], strlen(makers[k])))
			return 1;
	return 0;
}

/*
 * A row of the ioctl-number table that the removal names in its header
 * column (the subsystem's name inside the header's: vpfe_capture in
 * media/davinci/vpfe_capture.h), when that header (under include/,
 * include/uapi/ or as written) defines no ioctl number, or is not in the
 * tree: the numbers it claims were the removed code's, and the header,
 * if it stays, keeps only what kept code still uses (board platform
 * data).  It goes.  True if so; r is set.
 */
static int ioctl_row_without_ioctls(const struct locate_ctx *c, struct ref *r, const char *path,
				    const char *buf, size_t len)
{
	static const char *const dirs[] = { "include/", "include/uapi/", "" };
	size_t hs, he;
	int found = 0, defines = 0;
	char *hdr;

	if (!ioctl_row_header(path, buf, len, r->off, &hs, &he))
		return 0;
	hdr = xstrndup(buf + hs, he - hs);
	for (size_t k = 0; k < ARRAY_SIZE(dirs) && !defines; k++) {
		char *rel = xasprintf("%s%s", dirs[k], hdr);
		struct strbuf sb = STRBUF_INIT;

		if (tree_contains(c->t, rel) && tree_read(c->t, rel, &sb) == 0) {
			found = 1;
			defines = defines_ioctl(sb.buf ? sb.buf : "", sb.len);
		}
		sb_release(&sb);
		free(rel);
	}
	if (defines) {
		free(hdr);
		return 0;
	}
	take_ioctl_row(r, buf, len);
	r->reason = xasprintf("the ioctl-number row of %s, which %s (lines %zu-%zu)", hdr,
			      found ? "defines no ioctl number" : "is not in the tree", r->line, r->last_line);
	free(hdr);
	return 1;
}

/*
 * Does the text [s, e) name a CONFIG_ option that stays?  A sentence about
 * a removed option and a kept one ("when either CONFIG_ALPHA_JENSEN or
 * CONFIG_EISA_VLB_PRIMING are set") still says something true: review.
 */
static int names_kept_option(const struct footprint *fp, const char *buf, size_t s, size_t e)
{
	for (size_t i = s; i + 7 < e; i++) {
		char name[128];
		size_t n = 0;

		if (strncmp(buf + i, "CONFIG_", 7) || (i > s && is_word_char((unsigned char)buf[i - 1])))
			continue;
		for (i += 7; i < e && is_word_char((unsigned char)buf[i]) && n + 1 < sizeof(name); i++)
			name[n++] = buf[i];
		name[n] = '\0';
		if (n > 7 && !strcmp(name + n - 7, "_MODULE") && !footprint_has_symbol(fp, name))
			name[n - 7] = '\0';
		if (!footprint_has_symbol(fp, name))
			return 1;
	}
	return 0;
}
static int include_of_owned(const struct locate_ctx *c, const char *path, const char *buf, size_t off);
static int maintainers_path_owned(const struct locate_ctx *c, const char *buf, size_t len, size_t off);

/* A list of files the build makes, which git or diff are to ignore. */
static int is_ignore_list(const char *path)
{
	return !strcmp(path_basename(path), ".gitignore") || !strcmp(path, "Documentation/dontdiff");
}

/*
 * The owned file an ignore list's line at off names, or NULL: a .gitignore
 * entry "/mkfootab" (anchored) or "mkfootab" beside it; a dontdiff line, a
 * file name, that of an owned file the build makes (not in the tree: a
 * program).  Not a pattern (*, ?, [ ]), a negation or a comment.
 */
static char *ignored_file(const struct locate_ctx *c, const char *path, const char *buf, size_t len,
			  size_t off)
{
	size_t s = line_start(buf, off), e = line_end(buf, len, off);
	const char *slash = strrchr(path, '/');
	char *named = NULL;

	while (e > s && strchr(" \t\r\n", buf[e - 1]))
		e--;
	if (s < e && buf[s] == '/')
		s++;
	if (s == e || strchr("#!", buf[s]) || memchr(buf + s, '*', e - s) || memchr(buf + s, '?', e - s) ||
	    memchr(buf + s, '[', e - s) || buf[e - 1] == '/')
		return NULL;
	if (strcmp(path, "Documentation/dontdiff")) {
		named = slash ? xasprintf("%.*s/%.*s", (int)(slash - path), path, (int)(e - s), buf + s)
			      : xstrndup(buf + s, e - s);
		if (footprint_owns(c->fp, named))
			return named;
		free(named);
		return NULL;
	}
	for (size_t i = 0; i < c->fp->paths.n && !named; i++) {
		const char *p = c->fp->paths.v[i], *base = path_basename(p);
		size_t k = tree_lower_bound(c->t, p);

		if (strlen(base) == e - s && !memcmp(base, buf + s, e - s) &&
		    !(k < c->t->files.n && !strcmp(c->t->files.v[k], p)))
			named = xstrdup(p);
	}
	return named;
}

/* Decide kind, action and reason of one matching line. */
static void classify_hit(struct locate_ctx *c, struct ref *r, const char *path, const char *buf,
			 size_t len, const struct pattern *p, struct c_lexer *lx)
{
	enum ref_kind kind = classify_path(path);
	const struct keep_rule *keep = footprint_keep(c->fp, path);

	r->action = ACTION_REMOVE;
	if (!kind && is_ignore_list(path)) {
		char *named = ignored_file(c, path, buf, len, r->off);

		kind = named ? KIND_IGNORE_ENTRY : KIND_OTHER;
		if (named)
			r->reason = xasprintf("names %s, which goes", named);
		free(named);
	} else if (!kind && is_kconfig_file(path)) {
		const struct kconfig_def *d = owned_entry_at(c, path, r->off);

		if (d) {
			/* A line inside the subsystem's own entry belongs to the entry. */
			r->kind = KIND_KCONFIG_ENTRY;
			r->line = d->line;
			r->last_line = line_at(c, buf, len, d->end ? d->end - 1 : 0);
			free(r->text);
			r->text = line_text(buf, len, d->start);
			r->reason = xasprintf("config %s (lines %zu-%zu)", d->name, r->line, r->last_line);
			return;
		}
		kind = kconfig_ref_kind(c->db, path, r->off, &c->own);
		if (kind == KIND_KCONFIG_ENTRY) {
			/* "config X" where X is not ours but the line names ours: a prose mention. */
			kind = KIND_OTHER;
		}
	} else if (!kind && (is_c_file(path) || ends_with(path, ".S"))) {
		kind = classify_c(lx, r->off, p->tag == PAT_IDENT || p->tag == PAT_HEADER);
		/* a compiler macro counts in conditionals only: comments are prose about the CPU */
		if (p->tag == PAT_MACRO && kind != KIND_C_IFDEF) {
			r->kind = KIND_NONE;
			return;
		}
		if (kind == KIND_C_CALL && p->tag == PAT_HEADER)
			kind = KIND_C_OTHER;
		if (kind == KIND_C_INCLUDE && p->tag == PAT_BASENAME &&
		    !include_of_owned(c, path, buf, line_cursor_start(&c->hit_line, buf, r->off))) {
			r->kind = KIND_NONE;   /* <linux/platform_data/gpio-davinci.h> is not davinci.h */
			return;
		}
		if (kind == KIND_C_OTHER && c_value_hit(c, r, buf, len)) {
			r->kind = KIND_C_VALUE;
			return;
		}
	} else if (!kind && is_doc_file(path)) {
		size_t first, last;
		char *target;

		if (p->tag == PAT_HEADER && ioctl_row_of_header(r, path, buf, len, p))
			return;
		if (ioctl_row_without_ioctls(c, r, path, buf, len))
			return;
		target = doc_directive_target(path, buf, len, r->off, &first, &last);

		if (target && footprint_owns(c->fp, target)) {
			/* `.. kernel-doc:: drivers/foo/foo.c` and its options go with foo.c. */
			r->kind = KIND_DOC_DIRECTIVE;
			r->line = first;
			r->last_line = last;
			r->reason = xasprintf("a directive of removed %s", target);
			free(target);
			return;
		}
		free(target);
		target = doc_toctree_target(path, buf, len, r->off);
		kind = KIND_DOC;
		if (target) {
			for (size_t i = 0; i < c->fp->paths.n; i++) {
				const char *o = c->fp->paths.v[i];
				size_t tn = strlen(target);

				size_t on = strlen(o);

				if ((!strncmp(o, target, tn) && (o[tn] == '.' || o[tn] == '\0' || o[tn] == '/')) ||
				    (on && o[on - 1] == '/' && !strncmp(target, o, on))) {
					kind = KIND_DOC_INDEX;
					r->reason = xasprintf("toctree entry of %s", o);
				}
			}
			free(target);
		}
		if (kind == KIND_DOC && p->tag == PAT_DOC_STEM) {
			r->kind = KIND_NONE;   /* the stem alone, outside a toctree: not a reference */
			return;
		}
		/* The whole path-like token around the match: "drivers/net/ixgb" for "/ixgb". */
		size_t ts = r->off, te = r->off + p->len;

		while (ts > 0 && (is_word_char((unsigned char)buf[ts - 1]) || strchr("./-", buf[ts - 1])))
			ts--;
		while (te < len && (is_word_char((unsigned char)buf[te]) || buf[te] == '/' || buf[te] == '-'))
			te++;
		/* The path token at the match: the path, or a file inside the owned directory. */
		size_t ce = r->off + p->len;

		if (ce < len && buf[ce] == '/' && ce > 0 && buf[ce - 1] != '/')
			ce++;
		if (buf[ce - 1] == '/')
			while (ce < len && buf[ce] && (is_word_char((unsigned char)buf[ce]) || strchr("./-", buf[ce])))
				ce++;
		if (kind == KIND_DOC && p->tag == PAT_PATH && ts == r->off &&
		    doc_is_table_row_cell(buf, len, r->off, ce)) {
			/* MGSLPC_MAGIC  0x5402  mgslpc_info  ``drivers/char/pcmcia/synclink_cs.c`` */
			r->kind = KIND_DOC_TABLE;
			r->reason = xasprintf("a table row of removed %s", p->text);
			return;
		}
		size_t ds, de, ss, se;
		struct doc_edit ed[3];

		if (kind == KIND_DOC && p->tag == PAT_CONFIG &&
		    doc_alternative(buf, len, r->off, r->off + p->len, &ss, &se, ed) &&
		    names_kept_option(c->fp, buf, ss, se)) {
			/* "... set to 1 when either CONFIG_ALPHA_JENSEN or CONFIG_EISA_VLB_PRIMING are set." */
			r->kind = KIND_DOC_ALTERNATIVE;
			r->reason = xasprintf("removed %s is one side of an \"or\": the other stays", p->text);
			return;
		}
		if (kind == KIND_DOC && p->tag == PAT_CONFIG &&
		    doc_sentence(buf, len, r->off, r->off + p->len, &ds, &de, &ss, &se) &&
		    !names_kept_option(c->fp, buf, ss, se)) {
			/* "... CRNG. Default is controlled by CONFIG_RANDOM_TRUST_CPU." */
			r->kind = KIND_DOC_SENTENCE;
			r->line = line_at(c, buf, len, ds < len && buf[ds] == '\n' ? ds + 1 : ds);
			r->last_line = line_at(c, buf, len, de > ds ? de - 1 : de);
			r->reason = xasprintf("a sentence about removed %s", p->text);
			return;
		}
		if (kind == KIND_DOC && !doc_is_bare_list_item(buf, len, r->off, ts, te)) {
			r->action = ACTION_REVIEW;
			r->reason = xstrdup("mentioned in running text: left for a human to edit");
		} else if (kind == KIND_DOC) {
			r->reason = xstrdup("a list item that is nothing but the mention");
		}
	} else if (!kind) {
		kind = KIND_OTHER;
	}
	/* "/name" is a path only after a path component: not "http://name.org". */
	if (p->tag == PAT_STALE_PATH && (r->off == 0 || !is_word_char((unsigned char)buf[r->off - 1]))) {
		r->kind = KIND_NONE;
		return;
	}
	if (p->tag == PAT_DOC_STEM && kind != KIND_DOC_INDEX) {
		r->kind = KIND_NONE;
		return;
	}
	if ((kind == KIND_DOC || kind == KIND_OTHER) && p->tag == PAT_PATH && !keep &&
	    (r->off == 0 || !(is_word_char((unsigned char)buf[r->off - 1]) || buf[r->off - 1] == '/'))) {
		size_t ds, de;

		if (doc_list_item(buf, len, r->off, r->off + p->len, &ds, &de)) {
			/* "drivers from drivers/staging/rtl8723au, drivers/staging/rtl8192u, and ..." */
			r->kind = KIND_DOC_LIST_ITEM;
			r->action = ACTION_REMOVE;
			free(r->reason);
			r->reason = xasprintf("removed %s is an item of a list: the others stay", p->text);
			return;
		}
	}
	r->kind = kind;
	if (keep) {
		r->action = ACTION_KEPT;
		free(r->reason);
		r->reason = xstrdup(keep->reason);
	} else if (kind == KIND_OTHER || kind == KIND_SCRIPT || kind == KIND_C_OTHER) {
		r->action = ACTION_REVIEW;
		if (!r->reason)
			r->reason = xstrdup(kind == KIND_SCRIPT ? "a script names it: check by hand"
					    : "prose, a comment or a string: left for a human to edit");
	} else if (kind == KIND_MAINTAINERS && p->tag == PAT_BASENAME && !maintainers_path_owned(c, buf, len, r->off)) {
		/* F: include/linux/clk/davinci.h is another davinci.h */
		r->kind = KIND_NONE;
	} else if (kind == KIND_MAINTAINERS && p->tag == PAT_WORD) {
		r->action = ACTION_REVIEW;
		r->reason = xstrdup("MAINTAINERS text that is not a file pattern");
	}
}

/*
 * True if the line at off of buf looks like a definition of identifier id.
 * A prototype is not one, on one line or several: include/linux/amd-iommu.h
 * (6.1) declares
 *	extern int amd_iommu_bind_pasid(struct pci_dev *pdev, u32 pasid,
 *					struct task_struct *task);
 * so after the parameters' closing parenthesis, a ';' comes before any '{'.
 */
static int defines_identifier(const char *buf, size_t len, size_t off, const char *id)
{
	char *line = line_text(buf, len, off);
	const char *t = line, *m;
	size_t n = strlen(id), i, depth = 0, limit;
	int def = 0;

	if (strstr(t, "EXPORT_SYMBOL") || starts_with(t, "#define")) {
		free(line);
		return 1;
	}
	if (!*t || isspace((unsigned char)*t) || *t == '#' || *t == '*' || *t == '/')
		goto out;
	m = strstr(t, id);
	if (!m || m[n] != '(')
		goto out;
	/* From the parenthesis in buf: to its match, then the first ';' or '{'. */
	i = line_start(buf, off) + (size_t)(m - t) + n;
	limit = i + 8192 < len ? i + 8192 : len;
	for (; i < limit; i++) {
		if (buf[i] == '(')
			depth++;
		else if (buf[i] == ')' && depth && !--depth)
			break;
	}
	for (; i < limit && buf[i] != ';' && buf[i] != '{'; i++)
		;
	def = i < limit && buf[i] == '{';
out:
	free(line);
	return def;
}

/* True if the line at off is an #include line. */
static int is_include_line(const char *buf, size_t off)
{
	const char *p = buf + line_start(buf, off);

	p += strspn(p, " \t");
	if (*p++ != '#')
		return 0;
	p += strspn(p, " \t");
	return starts_with(p, "include");
}

/*
 * True if an #include of header in path is a use that keeps the header:
 * in C, and in the device-tree sources and assembly that include headers
 * too.  A header of include/dt-bindings/ is device-tree ABI: an #include
 * anywhere keeps it, a binding's example included.
 *
 * 6.1 -> 6.12: COMMON_CLK_OXNAS went (drivers/clk/clk-oxnas.c, the only
 * C file to include <dt-bindings/clock/oxsemi,ox810se.h> and ox820.h);
 * both headers stayed: arch/arm/boot/dts/ox810se.dtsi and ox820.dtsi and
 * a binding's text include them.
 */
static int include_keeps_header(const char *path, const char *header)
{
	return is_c_file(path) || ends_with(path, ".dts") || ends_with(path, ".dtsi") ||
	       ends_with(path, ".dtso") || ends_with(path, ".S") || starts_with(header, "dt-bindings/");
}

/*
 * The tree file an #include line at off of path resolves to ("" if the
 * line has no include name): "x.h" beside the includer if it is there,
 * else, as <x.h>, under include/.  NULL if the name climbs out of the tree.
 */
/*
 * The name an #include line at off of path names, as a new string (NULL if
 * none); *beside gets the path "name" means beside the includer (NULL for
 * <name>, or a name that climbs out of the tree).
 */
static char *include_name(const char *path, const char *buf, size_t off, char **beside)
{
	const char *p = buf + line_start(buf, off), *e, *slash = strrchr(path, '/');
	char *name, *rel;

	*beside = NULL;
	p += strspn(p, " \t#");
	p += strlen("include");
	p += strspn(p, " \t");
	if (*p != '<' && *p != '"')
		return NULL;
	e = p + 1 + strcspn(p + 1, *p == '<' ? ">\n" : "\"\n");
	name = xstrndup(p + 1, (size_t)(e - p - 1));
	if (*p == '"') {
		rel = xasprintf("%.*s%s", slash ? (int)(slash - path + 1) : 0, path, name);
		*beside = path_normalize(rel, NULL);
		free(rel);
	}
	return name;
}

static char *include_target(const struct tree *t, const char *path, const char *buf, size_t off)
{
	char *beside, *name = include_name(path, buf, off, &beside), *rel, *norm;

	if (!name)
		return xstrdup("");
	if (beside) {
		struct stat st;
		char *full = path_join(t->root, beside);
		int there = stat(full, &st) == 0;

		free(full);
		if (there) {
			free(name);
			return beside;
		}
		free(beside);
	}
	rel = xasprintf("include/%s", name);
	norm = path_normalize(rel, NULL);
	free(rel);
	free(name);
	return norm;
}

/*
 * Does the #include line at off of path name an owned file?  "x.h" beside
 * the includer counts when the footprint owns that path, whether or not
 * it is still there (check reads the tree after the removal); otherwise
 * the file the line resolves to (include_target) must be owned.  A line
 * that resolves nowhere (it climbs out) counts, to be safe.
 */
static int include_of_owned(const struct locate_ctx *c, const char *path, const char *buf, size_t off)
{
	char *beside, *target;
	int owned;

	free(include_name(path, buf, off, &beside));
	owned = beside && footprint_owns(c->fp, beside);
	free(beside);
	if (owned)
		return 1;
	target = include_target(c->t, path, buf, off);
	owned = !target || !*target || footprint_owns(c->fp, target);
	free(target);
	return owned;
}

/*
 * Does the MAINTAINERS line at off, an F: or X: pattern, point into an
 * owned path?  Other lines are not asked (true).
 */
static int maintainers_path_owned(const struct locate_ctx *c, const char *buf, size_t len, size_t off)
{
	size_t s = line_start(buf, off), e = line_end(buf, len, off);
	char *pat;
	int owned;

	if (e - s < 3 || (buf[s] != 'F' && buf[s] != 'X') || buf[s + 1] != ':')
		return 1;
	s += 2;
	while (s < e && (buf[s] == ' ' || buf[s] == '\t'))
		s++;
	while (e > s && isspace((unsigned char)buf[e - 1]))
		e--;
	pat = xstrndup(buf + s, e - s);
	/* a glob or a directory is not a basename's; the path itself must be owned */
	owned = strpbrk(pat, "*?[") || ends_with(pat, "/") || footprint_owns(c->fp, pat);
	free(pat);
	return owned;
}

/*
 * True if a C file (not a header: its own includers may use what it
 * passes on) includes header, a candidate whose declared names are known,
 * and names none of them: the #include is a leftover, not a use.  Noted in
 * c->ignored for the report.
 *
 * 6.1 -> 6.12: PDA_POWER went with the PXA boards, and with it
 * <linux/pda_power.h>, which arch/arm/mach-tegra/tegra.c included and did
 * not use.
 */
static int include_ignored(struct locate_ctx *c, const char *path, const char *buf, size_t len,
			   const char *header)
{
	const struct strvec *names = NULL;

	if (!ends_with(path, ".c") || !c->hdecl)
		return 0;
	for (size_t i = 0; i < c->fp->headers.n && !names; i++)
		if (!strcmp(c->fp->headers.v[i], header))
			names = c->hdecl[i];
	if (!names)
		return 0;
	for (size_t i = 0; i < names->n; i++)
		if (cnames_mentions(buf, len, names->v[i]))
			return 0;
	sv_push_owned(&c->ignored, xasprintf("%s\t%s", header, path));
	return 1;
}

/*
 * A match of a candidate header's file name in C: an #include that
 * resolves to the candidate, however it spells it ("foo.h" beside it in
 * include/linux/), proves the header is used outside the subsystem.
 */
static void header_base_hit(struct locate_ctx *c, const char *path, const char *buf, size_t len,
			    size_t off, const struct pattern *p)
{
	char *target;

	if (c->confirmed)
		return;
	/* A Makefile that names a local header (-include $(src)/x.h) keeps it. */
	if (file_class(path) == FILE_MAKEFILE) {
		for (size_t i = 0; i < c->fp->local_headers.n; i++)
			if (!strcmp(path_basename(c->fp->local_headers.v[i]), p->text))
				strset_add(&c->foreign, c->fp->local_headers.v[i]);
		return;
	}
	off = line_cursor_start(&c->hit_line, buf, off);   /* what follows reads the line */
	if (!is_include_line(buf, off))
		return;
	target = include_target(c->t, path, buf, off);
	for (size_t i = 0; i < c->fp->headers.n; i++) {
		const char *h = c->fp->headers.v[i];

		if (strcmp(path_basename(h), p->text) || strset_has(&c->foreign, h))
			continue;
		/* Unresolvable (climbs out): keep the header, to be safe. */
		if (!target || (starts_with(target, "include/") && !strcmp(target + 8, h) &&
				!include_ignored(c, path, buf, len, h)))
			strset_add(&c->foreign, h);
	}
	/*
	 * A local header is kept by an #include of its name that resolves to
	 * it, and by one that resolves to no file of the tree: a Makefile's
	 * -I can make "name" mean it from anywhere.
	 */
	for (size_t i = 0; i < c->fp->local_headers.n; i++) {
		const char *h = c->fp->local_headers.v[i];

		if (strcmp(path_basename(h), p->text) || strset_has(&c->foreign, h))
			continue;
		if (!target || !strcmp(target, h) || !*target || !tree_contains(c->t, target))
			strset_add(&c->foreign, h);
	}
	free(target);
}

/*
 * The names each candidate header declares, when an includer that names
 * none of them may be set aside: the header is named for the subsystem
 * (its stem is a removed symbol's or an owned file's, in lower case:
 * pda_power.h and PDA_POWER) and includes no other header.
 */
static struct strvec **header_declarations(const struct footprint *fp, const struct tree *t)
{
	struct strvec **v = xcalloc(fp->headers.n + 1, sizeof(*v));
	struct strset stems = STRSET_INIT;
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < fp->symbols.n; i++) {
		char *low = xstrdup(fp->symbols.v[i]);

		for (char *q = low; *q; q++)
			*q = (char)tolower((unsigned char)*q);
		strset_add(&stems, low);
		free(low);
	}
	for (size_t i = 0; i < fp->paths.n; i++) {
		const char *base = path_basename(fp->paths.v[i]);
		const char *dot = strrchr(base, '.');

		if (dot && dot > base)
			strset_addn(&stems, base, (size_t)(dot - base));
	}
	for (size_t i = 0; i < fp->headers.n; i++) {
		const char *base = path_basename(fp->headers.v[i]);
		char *file = xasprintf("include/%s", fp->headers.v[i]);
		size_t n = strlen(base);

		if (n > 2 && ends_with(base, ".h") && strset_hasn(&stems, base, n - 2) &&
		    tree_read(t, file, &sb) == 0) {
			v[i] = xcalloc(1, sizeof(*v[i]));
			if (cnames_declared(sb.buf, sb.len, v[i]) || !v[i]->n) {
				sv_clear(v[i]);
				free(v[i]);
				v[i] = NULL;
			}
		}
		free(file);
	}
	sb_release(&sb);
	strset_clear(&stems);
	return v;
}

static void free_declarations(struct strvec **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (v[i]) {
			sv_clear(v[i]);
			free(v[i]);
		}
	free(v);
}

/* One worker's hits in one file become refs, one per line. */
static void on_hits(void *vctx, const char *path, const char *buf, size_t len,
		    const struct scan_hit *hits, size_t n)
{
	struct locate_ctx *c = vctx;
	size_t first_of_file = c->n;
	size_t at = 0, line = 1;   /* the line of offset at: hits come by offset */
	struct c_lexer lx;

	size_t ident_line = (size_t)-1, ident_pattern = 0;   /* the last defines_identifier() asked, */
	int ident_defines = 0;                               /* of a line and a name, and its answer */

	c->lines_of = NULL;   /* a new file, perhaps in the last one's buffer */
	c->hit_line = (struct line_cursor)LINE_CURSOR_INIT;

	if (!c->db && file_class(path) == FILE_KCONFIG) {
		for (size_t i = 0; i < n; i++) {
			GROW(c->kpend, c->kpend_cap, c->nkpend + 1);
			c->kpend[c->nkpend++] = (struct pending){ path, hits[i].offset, hits[i].pattern };
		}
		return;
	}
	c_lexer_init(&lx, buf, len);
	for (size_t i = 0; i < n; i++) {
		const struct pattern *p = &c->pats[hits[i].pattern];
		struct ref r = { 0 };
		struct ref *prev = NULL;

		if (p->tag == PAT_HEADER_BASE) {
			header_base_hit(c, path, buf, len, hits[i].offset, p);
			continue;
		}
		if ((p->tag == PAT_HEADER || p->tag == PAT_IDENT) && !c->confirmed) {
			/* Candidates: note uses that disprove them, classify later. */
			if (strset_has(&c->foreign, p->text))
				continue;
			if (is_c_file(path) || (p->tag == PAT_HEADER && include_keeps_header(path, p->text))) {
				int foreign = 0;

				/*
				 * The candidate's own spelling, right after the '<' or '"':
				 * <uapi/linux/cm4000_cs.h> holds linux/cm4000_cs.h but is
				 * another file.  Other spellings of the same file are
				 * resolved by header_base_hit().
				 */
				size_t ls = line_cursor_start(&c->hit_line, buf, hits[i].offset);

				if (p->tag == PAT_HEADER && is_include_line(buf, ls) &&
				    hits[i].offset > 0 && (buf[hits[i].offset - 1] == '<' ||
							   buf[hits[i].offset - 1] == '"'))
					foreign = !include_ignored(c, path, buf, len, p->text);
				/* the answer is the line's: asked once per line and name */
				if (p->tag == PAT_IDENT && (ls != ident_line || hits[i].pattern != ident_pattern)) {
					ident_line = ls;
					ident_pattern = hits[i].pattern;
					ident_defines = defines_identifier(buf, len, ls, p->text);
				}
				if (p->tag == PAT_IDENT)
					foreign = ident_defines;
				if (foreign) {
					strset_add(&c->foreign, p->text);
					if (c->sc)
						scanner_retire(c->sc, hits[i].pattern);
					continue;
				}
			}
			GROW(c->pend, c->pend_cap, c->npend + 1);
			c->pend[c->npend++] = (struct pending){ path, hits[i].offset, hits[i].pattern };
			continue;
		}
		r.off = hits[i].offset;
		if (r.off < at)
			at = 0, line = 1;
		for (const char *nl = buf + at; (nl = memchr(nl, '\n', (size_t)(buf + r.off - nl))); nl++)
			line++;
		at = r.off;
		r.line = line;
		r.last_line = r.line;
		r.tag = p->tag;
		r.match = xstrndup(p->text, p->len);
		/* r.text is filled once the ref is kept: a line of 200,000 hits is copied once */
		classify_hit(c, &r, path, buf, len, p, &lx);
		if (!r.kind) {
			free(r.match), free(r.text), free(r.reason);
			continue;
		}
		/*
		 * The refs of this file come in line order (a line inside an
		 * entry counts as the entry's first, which no earlier ref
		 * passes): look back to the first line before this one.
		 */
		for (size_t k = c->n; k-- > first_of_file && c->refs[k].line >= r.line;)
			if (c->refs[k].line == r.line) {
				prev = &c->refs[k];
				break;
			}
		if (prev) {
			/* Another match on a line already reported: keep the stronger one. */
			if (tag_rank(r.tag) > tag_rank(prev->tag) ||
			    (prev->action == ACTION_REVIEW && r.action != ACTION_REVIEW)) {
				free(prev->match), free(prev->reason);
				if (!r.text)
					r.text = prev->text;   /* the same line */
				else
					free(prev->text);
				r.path = prev->path;
				*prev = r;
			} else {
				free(r.match), free(r.text), free(r.reason);
			}
			continue;
		}
		r.path = xstrdup(path);
		if (!r.text)
			r.text = line_text(buf, len, r.off);
		GROW(c->refs, c->cap, c->n + 1);
		c->refs[c->n++] = r;
	}
}

/*
 * The matches of a binary file (a NUL byte, as grep -I decides): no lines
 * to classify or edit, but never a silent skip.  One reference for review,
 * at the first match.
 */
static void on_binary(void *vctx, const char *path, const char *buf, size_t len,
		      const struct scan_hit *hits, size_t n)
{
	struct locate_ctx *c = vctx;
	const struct pattern *p = NULL;
	size_t i;

	(void)len;
	/* Symbols, paths and words; candidate headers and identifiers are confirmed in text. */
	for (i = 0; i < n && !p; i++) {
		int tag = c->pats[hits[i].pattern].tag;

		if (tag != PAT_HEADER_BASE && tag != PAT_HEADER && tag != PAT_IDENT)
			p = &c->pats[hits[i].pattern];
	}
	if (!p)
		return;
	GROW(c->refs, c->cap, c->n + 1);
	c->refs[c->n++] = (struct ref){
		.path = xstrdup(path),
		.line = line_of_offset(buf, hits[i - 1].offset),
		.kind = KIND_BINARY,
		.action = ACTION_REVIEW,
		.match = xstrndup(p->text, p->len),
		.text = xstrdup("(binary file)"),
		.reason = xasprintf("a binary file (it holds a NUL byte) names it: not read as text, "
				    "check by hand"),
		.off = hits[i - 1].offset,
		.tag = p->tag,
	};
	c->refs[c->n - 1].last_line = c->refs[c->n - 1].line;
}

static void free_ref(struct ref *r)
{
	free(r->path), free(r->match), free(r->text), free(r->reason), free(r->symbol);
}

static int cmp_ref(const void *a, const void *b)
{
	const struct ref *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	if (c)
		return c;
	return x->line < y->line ? -1 : x->line > y->line;
}

static int cmp_pending(const void *a, const void *b)
{
	const struct pending *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	if (c)
		return c;
	return x->off < y->off ? -1 : x->off > y->off;
}

/*
 * Drop candidate headers included elsewhere and identifiers defined
 * elsewhere; confirmed headers become owned files.  Then classify the
 * matches of the confirmed candidates (their files are read again: few).
 */
static void confirm_candidates(struct footprint *fp, const struct tree *t,
			       const struct strset *foreign, struct locate_ctx *c,
			       struct pending *pend, size_t npend, struct locate_result *res,
			       struct strvec *unreadable)
{
	struct strbuf sb = STRBUF_INIT;
	size_t j = 0;

	for (size_t i = 0; i < fp->headers.n;) {
		char *h = fp->headers.v[i];
		char *file = xasprintf("include/%s", h);

		if (strset_has(foreign, h) && !footprint_owns(fp, file)) {
			sv_push_owned(&res->dropped, xasprintf("header %s: included outside the subsystem", h));
			free(h);
			memmove(&fp->headers.v[i], &fp->headers.v[i + 1], (fp->headers.n - i) * sizeof(char *));
			fp->headers.n--;
		} else {
			if (!footprint_owns(fp, file)) {
				sv_push(&fp->paths, file);
				footprint_index(fp);
				sv_push_owned(&fp->derivation,
					      xasprintf("path %s: included only by the subsystem", file));
			}
			i++;
		}
		free(file);
	}
	for (size_t i = 0; i < fp->local_headers.n; i++) {
		const char *h = fp->local_headers.v[i];

		if (strset_has(foreign, h)) {
			sv_push_owned(&res->dropped, xasprintf("header %s: included outside the subsystem", h));
		} else if (!footprint_owns(fp, h)) {
			sv_push(&fp->paths, h);
			footprint_index(fp);
			sv_push_owned(&fp->derivation, xasprintf("path %s: included only by the subsystem", h));
		}
	}
	for (size_t i = 0; i < fp->identifiers.n;) {
		char *id = fp->identifiers.v[i];

		if (strset_has(foreign, id)) {
			sv_push_owned(&res->dropped,
				      xasprintf("identifier %s: also defined outside the subsystem", id));
			free(id);
			memmove(&fp->identifiers.v[i], &fp->identifiers.v[i + 1],
				(fp->identifiers.n - i) * sizeof(char *));
			fp->identifiers.n--;
		} else {
			i++;
		}
	}
	/* Refs in files that became owned go. */
	for (size_t i = 0; i < res->n; i++) {
		if (footprint_owns(fp, res->refs[i].path))
			free_ref(&res->refs[i]);
		else
			res->refs[j++] = res->refs[i];
	}
	res->n = j;
	/* The confirmed candidates' matches, file by file. */
	for (size_t i = 0; i < npend; i++) {
		const struct pattern *p = &c->pats[pend[i].pattern];

		if (!sv_contains(p->tag == PAT_HEADER ? &fp->headers : &fp->identifiers, p->text) ||
		    footprint_owns(fp, pend[i].path))
			pend[i].path = NULL;
	}
	j = 0;
	for (size_t i = 0; i < npend; i++)
		if (pend[i].path)
			pend[j++] = pend[i];
	npend = j;
	if (npend)   /* qsort(NULL, 0) is undefined */
		qsort(pend, npend, sizeof(*pend), cmp_pending);
	for (size_t i = 0; i < npend;) {
		size_t k = i, nh = 0;
		struct scan_hit *hits;
		char *full = path_join(t->root, pend[i].path);

		while (k < npend && !strcmp(pend[k].path, pend[i].path))
			k++;
		hits = xcalloc(k - i, sizeof(*hits));
		for (size_t m = i; m < k; m++)
			hits[nh++] = (struct scan_hit){ pend[m].pattern, pend[m].off };
		sb_reset(&sb);
		if (read_file(full, &sb) < 0) {
			sv_push_owned(unreadable, xasprintf("%s: cannot read: %s", pend[i].path,
							    strerror(errno)));
			free(hits);
			free(full);
			i = k;
			continue;
		}
		c->n = 0;
		c->refs = NULL;
		c->cap = 0;
		on_hits(c, pend[i].path, sb.buf, sb.len, hits, nh);
		for (size_t m = 0; m < c->n; m++) {
			GROW(res->refs, res->cap, res->n + 1);
			res->refs[res->n++] = c->refs[m];
		}
		free(c->refs);
		free(hits);
		free(full);
		i = k;
	}
	sb_release(&sb);
}

/*
 * The names of the modules the removal deletes: the stems of its C files
 * ("meye" for drivers/staging/media/deprecated/meye/meye.c), with '-' read
 * as '_' too, that no kept C file shares (a stem such as "core" names many
 * modules).  One-letter names are left out.
 */
static void removed_modules(const struct footprint *fp, const struct tree *t, struct strset *out)
{
	struct strset owned = STRSET_INIT, kept = STRSET_INIT;
	struct strvec names = STRVEC_INIT;

	for (size_t i = 0; i < t->files.n; i++) {
		const char *p = t->files.v[i], *base = path_basename(p);
		size_t n = strlen(base);

		if (n < 4 || strcmp(base + n - 2, ".c"))
			continue;
		strset_addn(footprint_owns(fp, p) ? &owned : &kept, base, n - 2);
	}
	strset_to_sorted(&owned, &names);
	for (size_t i = 0; i < names.n; i++) {
		char *u = xstrdup(names.v[i]);

		for (char *c = u; *c; c++)
			if (*c == '-')
				*c = '_';
		if (!strset_has(&kept, names.v[i]) && !strset_has(&kept, u)) {
			strset_add(out, names.v[i]);
			strset_add(out, u);
		}
		free(u);
	}
	sv_clear(&names);
	strset_clear(&owned);
	strset_clear(&kept);
}

/*
 * The device table entries and ioctl rows the footprint names, and the
 * kernel-parameters.txt entries of the modules it deletes.
 */
static void add_table_refs(const struct footprint *fp, const struct tree *t,
			   struct locate_result *res)
{
	static const char *const devices = "Documentation/admin-guide/devices.txt";
	static const char *const ioctls = IOCTL_NUMBER_RST;
	static const char *const params = "Documentation/admin-guide/kernel-parameters.txt";
	const char *files[3] = { devices, ioctls, params };
	struct strset modules = STRSET_INIT;

	for (int f = 0; f < 3; f++) {
		struct strbuf sb = STRBUF_INIT;
		struct doc_block *b;
		size_t nb;
		char *full;

		if (f == 0 && !fp->chrdevs.n && !fp->blkdevs.n && !fp->misc_minors.n)
			continue;
		if (f == 1 && !fp->ioctls.n)
			continue;
		if (f == 2) {
			removed_modules(fp, t, &modules);
			if (!modules.n)
				continue;
		}
		full = path_join(t->root, files[f]);
		if (read_file(full, &sb) < 0) {
			free(full);
			continue;
		}
		free(full);
		nb = f == 0 ? doc_device_blocks(sb.buf, sb.len, &fp->chrdevs, &fp->blkdevs,
						&fp->misc_minors, &b)
		   : f == 1 ? doc_ioctl_rows(sb.buf, sb.len, &fp->ioctls, &fp->words, &b)
			    : doc_param_blocks(sb.buf, sb.len, &modules, &b);
		for (size_t i = 0; i < nb; i++) {
			struct ref r = { 0 };
			size_t j = 0;

			r.path = xstrdup(files[f]);
			r.line = b[i].first_line;
			r.last_line = b[i].last_line;
			r.kind = KIND_DOC_TABLE;
			r.action = ACTION_REMOVE;
			r.off = b[i].start;
			r.match = xstrdup(b[i].what);
			r.text = line_text(sb.buf, sb.len, b[i].start);
			r.reason = xasprintf("%s (lines %zu-%zu)", b[i].what, r.line, r.last_line);
			r.tag = PAT_WORD;
			/* The block replaces the word matches inside it. */
			for (size_t k = 0; k < res->n; k++) {
				struct ref *o = &res->refs[k];

				if (!strcmp(o->path, r.path) && o->line >= r.line && o->line <= r.last_line)
					free_ref(o);
				else
					res->refs[j++] = *o;
			}
			res->n = j;
			GROW(res->refs, res->cap, res->n + 1);
			res->refs[res->n++] = r;
		}
		doc_blocks_free(b, nb);
		sb_release(&sb);
	}
	strset_clear(&modules);
}

/*
 * Documentation/features/<area>/<feature>/arch-support.txt: one row per
 * architecture ("    |        ia64: | TODO |").  The row of an architecture
 * the footprint removes whole (it owns arch/X/) goes.
 */
static void add_feature_rows(const struct footprint *fp, const struct tree *t,
			     struct locate_result *res)
{
	const struct strvec *arches = &fp->arches;   /* derive.c: derive_arch() */

	for (size_t f = 0; arches->n && f < t->files.n; f++) {
		const char *path = t->files.v[f];
		struct strbuf sb = STRBUF_INIT;
		size_t line = 0;
		char *full;

		if (!starts_with(path, "Documentation/features/") || !ends_with(path, "/arch-support.txt"))
			continue;
		full = path_join(t->root, path);
		if (read_file(full, &sb) < 0) {
			free(full);
			continue;
		}
		free(full);
		for (size_t off = 0; off < sb.len;) {
			size_t end = line_end(sb.buf, sb.len, off), i = off, w;

			line++;
			while (i < end && (sb.buf[i] == ' ' || sb.buf[i] == '\t'))
				i++;
			if (i < end && sb.buf[i] == '|') {
				for (i++; i < end && sb.buf[i] == ' '; i++)
					;
				for (w = i; w < end && sb.buf[w] != ':' && sb.buf[w] != '|'; w++)
					;
				for (size_t a = 0; w < end && sb.buf[w] == ':' && a < arches->n; a++) {
					struct ref r = { 0 };

					if (strlen(arches->v[a]) != w - i || memcmp(sb.buf + i, arches->v[a], w - i))
						continue;
					r.path = xstrdup(path);
					r.line = r.last_line = line;
					r.kind = KIND_DOC_TABLE;
					r.action = ACTION_REMOVE;
					r.off = off;
					r.match = xstrdup(arches->v[a]);
					r.text = line_text(sb.buf, sb.len, off);
					r.reason = xasprintf("the row of architecture %s in a feature table", arches->v[a]);
					r.tag = PAT_WORD;
					GROW(res->refs, res->cap, res->n + 1);
					res->refs[res->n++] = r;
				}
			}
			off = end;
		}
		sb_release(&sb);
	}
}

/* Up to max defined symbols nearest to name, by edit distance, for "did you mean". */
static void kconfig_suggest(const struct kconfig_db *db, const char *name, size_t max,
			    struct strvec *out)
{
	size_t limit = strlen(name) / 3 + 1;
	size_t *dist = xcalloc(db->nsyms ? db->nsyms : 1, sizeof(*dist));

	for (size_t i = 0; i < db->nsyms; i++)
		dist[i] = edit_distance(name, db->syms[i].name);
	for (size_t d = 0; d <= limit && out->n < max; d++)
		for (size_t i = 0; i < db->nsyms && out->n < max; i++)
			if (dist[i] == d)
				sv_push(out, db->syms[i].name);
	free(dist);
}

/* The stronger of two references of one line: a removal over a note, then the more specific match. */
static int stronger(const struct ref *a, const struct ref *b)
{
	if (a->action != b->action && b->action == ACTION_REVIEW)
		return 1;
	if (a->action != b->action && a->action == ACTION_REVIEW)
		return 0;
	return tag_rank(a->tag) >= tag_rank(b->tag);
}

/* One reference per line (the lists of several workers and passes meet here). */
static void merge_lines(struct locate_result *res)
{
	size_t j = 0;

	if (res->n)   /* qsort(NULL, 0) is undefined */
		qsort(res->refs, res->n, sizeof(*res->refs), cmp_ref);
	for (size_t i = 0; i < res->n; i++) {
		struct ref *prev = j ? &res->refs[j - 1] : NULL;

		if (prev && prev->line == res->refs[i].line && !strcmp(prev->path, res->refs[i].path)) {
			if (stronger(&res->refs[i], prev)) {
				free_ref(prev);
				*prev = res->refs[i];
			} else {
				free_ref(&res->refs[i]);
			}
			continue;
		}
		res->refs[j++] = res->refs[i];
	}
	res->n = j;
}

/* A MAINTAINERS section whose F: patterns are all the subsystem's goes whole: all its lines are references. */
static void add_maintainers_sections(const struct footprint *fp, const struct tree *t,
				     struct locate_result *res)
{
	struct strbuf sb = STRBUF_INIT;
	struct maintainers_section *secs;
	size_t nsec;
	char *full = path_join(t->root, "MAINTAINERS");
	int any = 0;

	for (size_t i = 0; i < res->n && !any; i++)
		any = !strcmp(res->refs[i].path, "MAINTAINERS");
	if (!any || read_file(full, &sb) < 0) {
		free(full);
		sb_release(&sb);
		return;
	}
	free(full);
	nsec = maintainers_sections(sb.buf, sb.len, fp, t, &secs);
	for (size_t i = 0; i < nsec; i++) {
		const struct maintainers_section *sec = &secs[i];
		size_t line = sec->first_line;

		if (!sec->nfiles || sec->nowned != sec->nfiles)
			continue;
		for (size_t p = sec->start; p < sec->end; p = line_end(sb.buf, sb.len, p), line++) {
			struct ref r = { 0 };

			r.path = xstrdup("MAINTAINERS");
			r.line = line;
			r.last_line = line;
			r.kind = KIND_MAINTAINERS;
			r.action = ACTION_REMOVE;
			r.off = p;
			r.text = line_text(sb.buf, sb.len, p);
			r.match = xstrndup(sb.buf + sec->start, sec->title_len);
			r.reason = xasprintf("in section %s, whose F: patterns all point into removed files",
					     r.match);
			r.tag = PAT_PATH;
			GROW(res->refs, res->cap, res->n + 1);
			res->refs[res->n++] = r;
		}
	}
	free(secs);
	sb_release(&sb);
}

/*
 * A symbol that is neither defined nor referenced is most likely a typo: an
 * error with the nearest defined names, unless opt allows it.
 */
static int check_symbols(struct footprint *fp, const struct tree *t, const struct kconfig_db *db,
			 enum locate_unknown unknown, struct locate_result *res, struct strbuf *err)
{
	int rc = 0;

	for (size_t i = 0; i < fp->symbols.n; i++) {
		const char *s = fp->symbols.v[i];
		char *cfg = xasprintf("CONFIG_%s", s);
		int used = 0;

		if (kconfig_is_defined(db, s)) {
			free(cfg);
			continue;
		}
		for (size_t k = 0; k < res->n && !used; k++)
			used = !strcmp(res->refs[k].match, cfg) || !strcmp(res->refs[k].match, s);
		free(cfg);
		if (used) {
			sv_push(&res->undefined, s);
			continue;
		}
		if (!fp->spec_files.n && unknown == LOCATE_UNKNOWN_FAIL) {
			struct strvec near = STRVEC_INIT;
			struct strbuf how = STRBUF_INIT;
			int removed = git_removed_symbol(t->root, s, &how);

			if (removed > 0) {   /* removed already: nothing to do (gone.h) */
				sv_push(&fp->gone, s);
				sv_push_owned(&fp->gone_how, sb_detach(&how, NULL));
				continue;
			}
			sb_release(&how);
			kconfig_suggest(db, s, 4, &near);
			sb_addf(err, "unknown symbol '%s': no Kconfig file defines it and nothing refers to it",
				s);
			gone_suggest_tail(err, &near, removed);
			rc = -1;
		}
	}
	return rc;
}

/*
 * Without a Kconfig model (db NULL): parse the Kconfig files that hold
 * matches (kconfig_db_load_some into kdb, read through kplan), and classify
 * those matches as on_hits does during the scan.  Returns 1 if kdb was
 * loaded (kconfig_db_release and plan_release it), 0 if there was nothing.
 */
static int classify_kconfig_later(struct locate_ctx *ctx, int nthreads, const struct tree *t,
				  struct kconfig_db *kdb, struct plan *kplan,
				  struct strvec *unreadable)
{
	struct strvec paths = STRVEC_INIT;
	struct strbuf err = STRBUF_INIT;
	struct scan_hit *hits = NULL;
	size_t hcap = 0;

	for (int i = 0; i < nthreads; i++)
		for (size_t k = 0; k < ctx[i].nkpend; k++)
			if (!k || ctx[i].kpend[k].path != ctx[i].kpend[k - 1].path)
				sv_push(&paths, ctx[i].kpend[k].path);
	if (!paths.n)
		return 0;
	sv_sort_uniq(&paths);
	plan_init(kplan, t->root);
	/* A file that does not parse: its matches are classified by line, as with the full model. */
	kconfig_db_load_some(kdb, t, kplan, &paths, &err);
	for (int i = 0; i < nthreads; i++) {
		struct locate_ctx *c = &ctx[i];

		c->db = kdb;
		for (size_t k = 0, e; k < c->nkpend; k = e) {
			const struct plan_file *f = plan_file(kplan, c->kpend[k].path);

			for (e = k; e < c->nkpend && c->kpend[e].path == c->kpend[k].path; e++) {
				GROW(hits, hcap, e - k + 1);
				hits[e - k] = (struct scan_hit){ c->kpend[e].pattern, c->kpend[e].off };
			}
			if (!f) {
				sv_push_owned(unreadable, xasprintf("%s: cannot read: %s", c->kpend[k].path,
								    strerror(errno)));
				continue;
			}
			on_hits(c, c->kpend[k].path, f->data, f->len, hits, e - k);
		}
		free(c->kpend);
		c->kpend = NULL;
		c->nkpend = 0;
	}
	free(hits);
	sb_release(&err);
	sv_clear(&paths);
	return 1;
}

int locate_run(struct footprint *fp, const struct tree *t, const struct kconfig_db *db,
	       const struct locate_options *opt, struct locate_result *res, struct strbuf *err)
{
	struct kconfig_db kdb;
	struct plan kplan;
	int lazy = 0;
	struct strset own = STRSET_INIT;
	struct strvec first = STRVEC_INIT;
	double t0 = seconds_now();
	struct pattern *pats;
	size_t npats;
	struct scanner *sc;
	struct strset foreign = STRSET_INIT;
	struct strvec ignored = STRVEC_INIT;
	struct strvec **hdecl;
	size_t nhdecl;
	struct pending *pend = NULL;
	size_t npend = 0, pend_cap = 0;
	struct locate_ctx confirm = { 0 };
	struct owned_def *odefs;
	size_t nodefs;
	int nthreads = opt && opt->nthreads > 0 ? opt->nthreads : scan_default_threads();
	struct locate_ctx *ctx = xcalloc((size_t)nthreads, sizeof(*ctx));
	void **ctxp = xcalloc((size_t)nthreads, sizeof(*ctxp));
	struct strvec unreadable = STRVEC_INIT;
	int rc = 0;

	memset(res, 0, sizeof(*res));
	footprint_index(fp);   /* the scan threads look paths up */
	for (size_t i = 0; i < fp->symbols.n; i++)
		strset_add(&own, fp->symbols.v[i]);
	npats = build_patterns(fp, &pats);
	sc = scanner_new(pats, npats);
	if (opt && opt->progress) {
		struct progress_event ev = { PROGRESS_FOOTPRINT, 0, t->files.n, NULL, fp };

		progress_report(opt->progress, &ev);
		scanner_progress(sc, opt->progress);
	}
	/* The subsystem's neighbours first: they disprove candidates soonest. */
	for (size_t i = 0; i < fp->paths.n; i++) {
		char *p = xstrdup(fp->paths.v[i]), *slash;

		p[strlen(p) - (p[strlen(p) - 1] == '/')] = '\0';
		slash = strrchr(p, '/');
		if (slash) {
			slash[1] = '\0';
			if (!sv_contains(&first, p))
				sv_push(&first, p);
		}
		free(p);
	}
	sv_push(&first, "include/");
	scanner_scan_first(sc, &first);
	nodefs = owned_defs(fp, db, &odefs);
	hdecl = header_declarations(fp, t);
	nhdecl = fp->headers.n;
	for (int i = 0; i < nthreads; i++) {
		ctx[i].hdecl = hdecl;
		ctx[i].fp = fp;
		ctx[i].odefs = odefs;
		ctx[i].nodefs = nodefs;
		ctx[i].pats = pats;
		ctx[i].db = db;
		ctx[i].t = t;
		ctxp[i] = &ctx[i];
	}
	res->files_scanned = npats ? scan_tree(sc, t, nthreads, skip_owned, fp, on_hits, on_binary, ctxp,
					   &unreadable) : 0;
	if (!db && classify_kconfig_later(ctx, nthreads, t, &kdb, &kplan, &unreadable)) {
		lazy = 1;
		db = &kdb;
	}
	for (int i = 0; i < nthreads; i++) {
		struct strvec used = STRVEC_INIT;

		for (size_t k = 0; k < ctx[i].n; k++) {
			GROW(res->refs, res->cap, res->n + 1);
			res->refs[res->n++] = ctx[i].refs[k];
		}
		for (size_t k = 0; k < ctx[i].npend; k++) {
			GROW(pend, pend_cap, npend + 1);
			pend[npend++] = ctx[i].pend[k];
		}
		strset_to_sorted(&ctx[i].foreign, &used);
		for (size_t k = 0; k < used.n; k++)
			strset_add(&foreign, used.v[k]);
		sv_clear(&used);
		for (size_t k = 0; k < ctx[i].ignored.n; k++)
			sv_push(&ignored, ctx[i].ignored.v[k]);
		sv_clear(&ctx[i].ignored);
		strset_clear(&ctx[i].foreign);
		free(ctx[i].refs);
		free(ctx[i].pend);
		line_index_release(&ctx[i].lines);
	}
	confirm.fp = fp;
	confirm.odefs = odefs;
	confirm.nodefs = nodefs;
	confirm.pats = pats;
	confirm.db = db;
	confirm.own = own;
	confirm.confirmed = 1;
	confirm_candidates(fp, t, &foreign, &confirm, pend, npend, res, &unreadable);
	line_index_release(&confirm.lines);
	footprint_index(fp);
	/* the includes set aside, of the headers that went (in file order: sorted) */
	sv_sort_uniq(&ignored);
	for (size_t i = 0; i < ignored.n; i++) {
		char *tab = strchr(ignored.v[i], '\t');

		*tab = '\0';
		if (sv_contains(&fp->headers, ignored.v[i]))
			sv_push_owned(&fp->derivation,
				      xasprintf("header %s: %s includes it and uses nothing it declares",
						ignored.v[i], tab + 1));
	}
	sv_clear(&ignored);
	free_declarations(hdecl, nhdecl);
	strset_clear(&foreign);
	free(pend);
	add_table_refs(fp, t, res);
	add_feature_rows(fp, t, res);
	add_maintainers_sections(fp, t, res);
	merge_lines(res);
	for (size_t i = 0; i < t->files.n; i++)
		if (footprint_owns(fp, t->files.v[i]))
			sv_push(&res->owned_files, t->files.v[i]);
	if (unreadable.n) {
		for (size_t i = 0; i < unreadable.n; i++)
			sb_addf(err, "%s\n", unreadable.v[i]);
		sb_addf(err, "%zu files could not be read\n", unreadable.n);
		rc = -1;
	} else {
		rc = check_symbols(fp, t, db, opt ? opt->unknown : LOCATE_UNKNOWN_FAIL, res, err);
	}
	sv_clear(&unreadable);
	strset_clear(&own);
	scanner_free(sc);
	sv_clear(&first);
	free_patterns(pats, npats);
	free(odefs);
	free(ctx);
	free(ctxp);
	if (lazy) {
		kconfig_db_release(&kdb);
		plan_release(&kplan);
	}
	res->seconds = seconds_now() - t0;
	return rc;
}

void locate_release(struct locate_result *res)
{
	for (size_t i = 0; i < res->n; i++)
		free_ref(&res->refs[i]);
	free(res->refs);
	sv_clear(&res->owned_files);
	sv_clear(&res->dropped);
	sv_clear(&res->undefined);
	memset(res, 0, sizeof(*res));
}

size_t locate_count(const struct locate_result *res, enum ref_action action)
{
	size_t n = 0;

	for (size_t i = 0; i < res->n; i++)
		n += res->refs[i].action == action;
	return n;
}
