/*
 * kconfig.c - the database of a tree's Kconfig files: every file parsed on
 * its own, definitions indexed by symbol, `source` statements linked to the
 * files they name, and the kind of reference at a byte offset.
 */
#include <ctype.h>
#include "kconfig.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kconfig_ast.h"

/* An open-addressing index of n names (get(i) gives the i-th): slot = index + 1. */
static size_t *build_index(size_t n, const char *(*get)(const void *, size_t), const void *arr,
			   size_t *cap_out)
{
	size_t cap = 16, *slot;

	while (cap < 2 * n)
		cap *= 2;
	slot = xcalloc(cap, sizeof(*slot));
	for (size_t i = 0; i < n; i++) {
		size_t h = hash_str(get(arr, i)) & (cap - 1);

		while (slot[h])
			h = (h + 1) & (cap - 1);
		slot[h] = i + 1;
	}
	*cap_out = cap;
	return slot;
}

static const char *sym_name_at(const void *arr, size_t i)
{
	return ((const struct kconfig_symbol *)arr)[i].name;
}

static const char *file_path_at(const void *arr, size_t i)
{
	return (*((struct kfile *const *)arr + i))->path;
}

long kconfig_symbol_index(const struct kconfig_db *db, const char *name)
{
	size_t h;

	if (!db->sym_index_cap)
		return -1;
	h = hash_str(name) & (db->sym_index_cap - 1);
	for (; db->sym_index[h]; h = (h + 1) & (db->sym_index_cap - 1))
		if (!strcmp(db->syms[db->sym_index[h] - 1].name, name))
			return (long)db->sym_index[h] - 1;
	return -1;
}

struct kfile *kconfig_file(const struct kconfig_db *db, const char *path)
{
	size_t h;

	if (!db->file_index_cap)
		return NULL;
	h = hash_str(path) & (db->file_index_cap - 1);
	for (; db->file_index[h]; h = (h + 1) & (db->file_index_cap - 1))
		if (!strcmp(db->files[db->file_index[h] - 1]->path, path))
			return db->files[db->file_index[h] - 1];
	return NULL;
}

/* True for a whole decimal (optionally negative) or 0x hexadecimal number. */
static int is_literal_number(const char *w)
{
	const char *p = w;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && p[2]) {
		for (p += 2; *p; p++)
			if (!isxdigit((unsigned char)*p))
				return 0;
		return 1;
	}
	if (*p == '-')
		p++;
	if (!*p)
		return 0;
	for (; *p; p++)
		if (!isdigit((unsigned char)*p))
			return 0;
	return 1;
}

int kconfig_constant_default(const struct kconfig_db *db, const char *name, struct strbuf *out)
{
	size_t n;
	const struct kconfig_def *d = kconfig_defs(db, name, &n);
	const struct kexpr *value = NULL;

	if (n != 1 || !d->node ||
	    (strcmp(d->type, "int") && strcmp(d->type, "hex") && strcmp(d->type, "string")))
		return -1;
	for (const struct kattr *a = d->node->attrs; a; a = a->next) {
		if (a->kind != KA_DEFAULT)
			continue;
		if (value || a->cond || !a->expr)
			return -1;   /* more than one default, or one with a condition */
		value = a->expr;
	}
	if (!value)
		return -1;
	if (!strcmp(d->type, "string")) {
		if (value->op != KX_STR || !value->word)
			return -1;
		sb_addc(out, '"');
		for (const char *p = value->word; *p; p++) {
			if (*p == '"' || *p == '\\')
				sb_addc(out, '\\');
			sb_addc(out, *p);
		}
		sb_addc(out, '"');
		return 0;
	}
	if (value->op != KX_SYM || !value->word || !is_literal_number(value->word))
		return -1;
	sb_adds(out, value->word);
	return 0;
}

const struct kconfig_def *kconfig_defs(const struct kconfig_db *db, const char *name, size_t *n)
{
	long i = kconfig_symbol_index(db, name);

	*n = i < 0 ? 0 : db->syms[i].n;
	return i < 0 ? NULL : &db->defs[db->syms[i].first];
}

int kconfig_is_defined(const struct kconfig_db *db, const char *name)
{
	return kconfig_symbol_index(db, name) >= 0;
}

void kconfig_symbols(const struct kconfig_db *db, struct strvec *out)
{
	for (size_t i = 0; i < db->nsyms; i++)
		sv_push(out, db->syms[i].name);
}

/* ---- loading ---- */

struct def_builder {
	struct kconfig_def *defs;
	size_t n, cap;
	size_t *order;           /* file index * 2^32 + offset, for a stable sort */
	size_t order_cap;
	size_t file_no;
};

static const char *first_prompt(const struct knode *n)
{
	for (const struct kattr *a = n->attrs; a; a = a->next)
		if (a->prompt)
			return a->prompt;
	return NULL;
}

static void collect_defs(struct def_builder *b, struct knode *n)
{
	for (struct knode *c = n->child; c; c = c->next) {
		if (c->kind == KN_CONFIG || c->kind == KN_MENUCONFIG) {
			struct kconfig_def *d;
			const struct knode *ch = c->parent;

			GROW(b->defs, b->cap, b->n + 1);
			GROW(b->order, b->order_cap, b->n + 1);
			d = &b->defs[b->n];
			memset(d, 0, sizeof(*d));
			d->name = c->name;
			d->path = c->file->path;
			d->line = c->line;
			d->type = "";
			for (const struct kattr *a = c->attrs; a; a = a->next)
				if (a->kind == KA_TYPE || a->kind == KA_DEF_TYPE) {
					d->type = ktype_name(a->type);
					break;
				}
			d->prompt = first_prompt(c);
			while (ch && ch->kind == KN_IF)
				ch = ch->parent;
			if (ch && ch->kind == KN_CHOICE) {
				d->choice = first_prompt(ch) ? first_prompt(ch) : ch->name ? ch->name : "";
				d->choice_line = ch->line;
			}
			d->start = c->start;
			d->end = c->end;
			d->is_menuconfig = c->kind == KN_MENUCONFIG;
			d->node = c;
			b->order[b->n] = (b->file_no << 32) + c->start;
			b->n++;
		}
		collect_defs(b, c);
	}
}

static struct def_builder *sort_ctx;

static int cmp_def_index(const void *x, const void *y)
{
	size_t i = *(const size_t *)x, j = *(const size_t *)y;
	int c = strcmp(sort_ctx->defs[i].name, sort_ctx->defs[j].name);

	if (c)
		return c;
	return sort_ctx->order[i] < sort_ctx->order[j] ? -1 : sort_ctx->order[i] > sort_ctx->order[j];
}

static void index_defs(struct kconfig_db *db, struct def_builder *b)
{
	size_t *idx = xmalloc((b->n ? b->n : 1) * sizeof(*idx));
	size_t scap = 0;

	for (size_t i = 0; i < b->n; i++)
		idx[i] = i;
	sort_ctx = b;
	qsort(idx, b->n, sizeof(*idx), cmp_def_index);
	sort_ctx = NULL;
	db->defs = xmalloc((b->n ? b->n : 1) * sizeof(*db->defs));
	db->ndefs = b->n;
	for (size_t i = 0; i < b->n; i++) {
		db->defs[i] = b->defs[idx[i]];
		if (!db->nsyms || strcmp(db->syms[db->nsyms - 1].name, db->defs[i].name)) {
			GROW(db->syms, scap, db->nsyms + 1);
			db->syms[db->nsyms++] = (struct kconfig_symbol){ db->defs[i].name, i, 0 };
		}
		db->syms[db->nsyms - 1].n++;
	}
	db->sym_index = build_index(db->nsyms, sym_name_at, db->syms, &db->sym_index_cap);
	free(idx);
}

static void add_site(struct kfile *target, struct knode *site)
{
	GROW(target->sites, target->sites_cap, target->nsites + 1);
	target->sites[target->nsites++] = site;
}

/*
 * Does path match pattern, where $(SRCARCH) and $(HEADER_ARCH) stand for
 * one path component (any arch)?  Other macros never match.
 */
static int source_matches(const char *pattern, const char *path)
{
	static const char *const arch_macros[] = { "$(SRCARCH)", "$(HEADER_ARCH)" };

	while (*pattern) {
		size_t k;

		for (k = 0; k < ARRAY_SIZE(arch_macros); k++)
			if (starts_with(pattern, arch_macros[k]))
				break;
		if (k < ARRAY_SIZE(arch_macros)) {
			const char *rest = pattern + strlen(arch_macros[k]);
			size_t n = strcspn(path, "/");

			/* one component: try every length (patterns are short) */
			for (size_t len = 1; len <= n; len++)
				if (source_matches(rest, path + len))
					return 1;
			return 0;
		}
		if (*pattern == '$')
			return 0;
		if (*pattern != *path)
			return 0;
		pattern++, path++;
	}
	return *path == '\0';
}

static void link_sources(struct kconfig_db *db, struct knode *n)
{
	for (struct knode *c = n->child; c; c = c->next) {
		if (c->kind == KN_SOURCE) {
			if (!strchr(c->name, '$')) {
				struct kfile *t = kconfig_file(db, c->name);

				if (t)
					add_site(t, c);
			} else if (strstr(c->name, "$(SRCARCH)") || strstr(c->name, "$(HEADER_ARCH)")) {
				for (size_t i = 0; i < db->nfiles; i++)
					if (source_matches(c->name, db->files[i]->path))
						add_site(db->files[i], c);
			}
		}
		link_sources(db, c);
	}
}

static int cmp_strp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Is path one of the tree's files (t->files is sorted)? */
static int in_tree(const struct tree *t, const char *path)
{
	return bsearch(&path, t->files.v, t->files.n, sizeof(char *), cmp_strp) != NULL;
}

/* Literal `source` targets of n not loaded yet: appended to out. */
static void unloaded_sources(const struct knode *n, const struct strset *loaded,
			     struct strvec *out)
{
	for (const struct knode *c = n->child; c; c = c->next) {
		if (c->kind == KN_SOURCE && !strchr(c->name, '$') && !strset_has(loaded, c->name))
			sv_push(out, c->name);
		unloaded_sources(c, loaded, out);
	}
}

/* A parsed file joins the database: its definitions are collected. */
static void add_file(struct kconfig_db *db, struct def_builder *b, size_t *cap, struct kfile *f)
{
	GROW(db->files, *cap, db->nfiles + 1);
	db->files[db->nfiles++] = f;
	b->file_no = db->nfiles - 1;
	collect_defs(b, &f->root);
}

static void load_file(struct kconfig_db *db, struct plan *plan, const char *path,
		      struct def_builder *b, size_t *cap, struct strbuf *err)
{
	const struct plan_file *pf = plan_file(plan, path);
	struct kfile *f;

	if (!pf) {
		sb_addf(err, "%s: cannot read: %s\n", path, strerror(errno));
		db->nerrors++;
		return;
	}
	f = kconfig_parse(pf->path, pf->data, pf->len, err);
	if (!f) {
		db->nerrors++;
		return;
	}
	add_file(db, b, cap, f);
}

struct kload_file {
	const char *path;        /* the tree's string */
	char *data;              /* read by a thread, then the plan's */
	size_t len;
	mode_t mode;
	int errnum;              /* why it could not be read */
	const char *snap_path;   /* the plan's snapshot (its array of files moves, these not) */
	const char *snap;
	struct kfile *file;
	struct strbuf err;
};

struct kload {
	const char *root;
	struct plan *plan;
	struct kload_file *f;
};

static void kload_read(void *ctx, int worker, size_t i)
{
	struct kload *k = ctx;
	struct kload_file *f = &k->f[i];
	struct strbuf sb = STRBUF_INIT;
	struct stat st;
	char *full;

	(void)worker;
	if (plan_find(k->plan, f->path))
		return;
	full = path_join(k->root, f->path);
	if (stat(full, &st) < 0 || read_file(full, &sb) < 0) {
		f->errnum = errno;
		sb_release(&sb);
	} else {
		f->data = sb_detach(&sb, &f->len);
		f->mode = st.st_mode;
	}
	free(full);
}

static void kload_parse(void *ctx, int worker, size_t i)
{
	struct kload_file *f = &((struct kload *)ctx)->f[i];

	(void)worker;
	if (f->snap)
		f->file = kconfig_parse(f->snap_path, f->snap, f->len, &f->err);
}

/*
 * The Kconfig files of the tree (or those of only), read and parsed in
 * threads: each is read (unless the plan has it), handed to the plan in
 * order, parsed, and then added to the database in order, as load_file
 * does one by one.
 */
static void load_tree_files(struct kconfig_db *db, const struct tree *t, struct plan *plan,
			    const struct strvec *only, struct strset *loaded, struct def_builder *b,
			    size_t *cap, struct strbuf *err)
{
	struct kload k = { t->root, plan, NULL };
	size_t n = only ? only->n : t->files.n, nk = 0;

	k.f = xcalloc(n + 1, sizeof(*k.f));
	for (size_t i = 0; i < n; i++) {
		const char *path = only ? only->v[i] : t->files.v[i];

		if (is_kconfig_file(path) && strset_add(loaded, path))
			k.f[nk++].path = path;
	}
	parallel_for(nk, 0, kload_read, &k);
	for (size_t i = 0; i < nk; i++) {
		struct kload_file *f = &k.f[i];
		const struct plan_file *pf = f->data ?
			plan_file_adopt(plan, f->path, f->data, f->len, f->mode) :
			plan_find(plan, f->path);

		if (pf) {
			f->snap_path = pf->path;
			f->snap = pf->data;
			f->len = pf->len;
		} else {
			sb_addf(&f->err, "%s: cannot read: %s\n", f->path, strerror(f->errnum));
			db->nerrors++;
		}
	}
	parallel_for(nk, 0, kload_parse, &k);
	for (size_t i = 0; i < nk; i++) {
		struct kload_file *f = &k.f[i];

		sb_addn(err, f->err.buf, f->err.len);
		sb_release(&f->err);
		if (!f->snap)
			continue;
		if (!f->file) {
			db->nerrors++;
			continue;
		}
		add_file(db, b, cap, f->file);
	}
	free(k.f);
}

static int db_load(struct kconfig_db *db, const struct tree *t, struct plan *plan,
		   const struct strvec *only, struct strbuf *err)
{
	struct def_builder b = { 0 };
	struct strset loaded = STRSET_INIT;
	struct strvec more = STRVEC_INIT;
	size_t cap = 0;

	memset(db, 0, sizeof(*db));
	db->root = xstrdup(t->root);
	load_tree_files(db, t, plan, only, &loaded, &b, &cap, err);
	/* Files sourced under other names (arch/arm/Kconfig-nommu), until none is new. */
	for (size_t i = 0; i < db->nfiles && !only; i++) {
		unloaded_sources(&db->files[i]->root, &loaded, &more);
		for (size_t k = 0; k < more.n; k++)
			if (strset_add(&loaded, more.v[k]) && in_tree(t, more.v[k]))
				load_file(db, plan, more.v[k], &b, &cap, err);
		sv_clear(&more);
	}
	strset_clear(&loaded);
	index_defs(db, &b);
	free(b.defs);
	free(b.order);
	db->file_index = build_index(db->nfiles, file_path_at, db->files, &db->file_index_cap);
	for (size_t i = 0; i < db->nfiles; i++)
		link_sources(db, &db->files[i]->root);
	return db->nerrors ? -1 : 0;
}

int kconfig_db_load(struct kconfig_db *db, const struct tree *t, struct plan *plan,
		    struct strbuf *err)
{
	return db_load(db, t, plan, NULL, err);
}

int kconfig_db_load_some(struct kconfig_db *db, const struct tree *t, struct plan *plan,
			 const struct strvec *paths, struct strbuf *err)
{
	return db_load(db, t, plan, paths, err);
}

void kconfig_db_release(struct kconfig_db *db)
{
	for (size_t i = 0; i < db->nfiles; i++)
		kconfig_file_free(db->files[i]);
	free(db->files);
	free(db->defs);
	free(db->syms);
	free(db->sym_index);
	free(db->file_index);
	free(db->root);
	memset(db, 0, sizeof(*db));
}

/* ---- reference kinds ---- */

/* Is off inside a '#' comment or a quoted string of its line?  (kfile.quoted) */
static int in_comment_or_string(const struct kfile *f, size_t off)
{
	return f->quoted[off / 8] >> (off % 8) & 1;
}

static enum ref_kind attr_kind(const struct kattr *a, size_t off)
{
	switch (a->kind) {
	case KA_DEPENDS:
	case KA_VISIBLE:
		return KIND_KCONFIG_DEPENDS;
	case KA_SELECT:
		return KIND_KCONFIG_SELECT;
	case KA_IMPLY:
		return KIND_KCONFIG_IMPLY;
	case KA_DEFAULT:
	case KA_DEF_TYPE:
	case KA_RANGE:
		return KIND_KCONFIG_DEFAULT;
	case KA_TYPE:
	case KA_PROMPT:
		return a->cond && off >= a->if_start ? KIND_KCONFIG_DEPENDS : KIND_OTHER;
	default:
		return KIND_OTHER;
	}
}

/* The child of n whose span holds off, or NULL (binary search: children are in order). */
static const struct knode *child_at(const struct knode *n, size_t off)
{
	size_t lo = 0, hi = n->nkids;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		const struct knode *c = n->kids[mid];

		if (off < c->start)
			hi = mid;
		else if (off >= c->end)
			lo = mid + 1;
		else
			return c;
	}
	return NULL;
}

static enum ref_kind node_kind_at(const struct knode *n, size_t off, const struct strset *own,
				int in_text)
{
	const struct knode *c = child_at(n, off);

	if (!c)
		return KIND_OTHER;
	if (c->kind == KN_CONFIG || c->kind == KN_MENUCONFIG) {
		if (own && strset_has(own, c->name))
			return KIND_KCONFIG_ENTRY;
		if (!in_text && off < line_end(c->file->data, c->file->len, c->start))
			return KIND_KCONFIG_ENTRY;
	}
	if (c->kind == KN_SOURCE)
		return KIND_KCONFIG_SOURCE;
	if (in_text)
		return c->nkids ? node_kind_at(c, off, own, in_text) : KIND_OTHER;
	if (c->kind == KN_IF && off < c->head_end)
		return KIND_KCONFIG_IF;
	if (off < c->head_end) {
		for (const struct kattr *a = c->attrs; a; a = a->next)
			if (off >= a->start && off < a->end)
				return attr_kind(a, off);
		return KIND_OTHER;
	}
	if (c->end_start && off >= c->end_start)
		return KIND_OTHER;
	return node_kind_at(c, off, own, in_text);
}

const struct kconfig_def *kconfig_def_at(const struct kconfig_db *db, const char *path, size_t off)
{
	const struct kfile *f = kconfig_file(db, path);
	const struct knode *n = f ? &f->root : NULL;

	while (n && (n = child_at(n, off))) {
		if (n->kind == KN_CONFIG || n->kind == KN_MENUCONFIG) {
			size_t nd;
			const struct kconfig_def *d = kconfig_defs(db, n->name, &nd);

			for (size_t k = 0; k < nd; k++)
				if (d[k].node == n)
					return &d[k];
			return NULL;
		}
	}
	return NULL;
}

enum ref_kind kconfig_ref_kind(const struct kconfig_db *db, const char *path, size_t off,
			     const struct strset *own)
{
	const struct kfile *f = kconfig_file(db, path);

	if (!f || off >= f->len)
		return KIND_OTHER;
	return node_kind_at(&f->root, off, own, in_comment_or_string(f, off));
}

void kconfig_refs(const struct kconfig_db *db, const struct strset *syms, const struct strset *own,
		  void (*fn)(const struct kconfig_ref *ref, void *ctx), void *ctx)
{
	for (size_t k = 0; k < db->nfiles; k++) {
		const struct kfile *f = db->files[k];
		const char *s = f->data;
		size_t line = 1, i = 0;

		while (i < f->len) {
			size_t w = i, n;

			if (s[i] == '\n') {
				line++;
				i++;
				continue;
			}
			if (!is_word_char((unsigned char)s[i])) {
				i++;
				continue;
			}
			while (i < f->len && is_word_char((unsigned char)s[i]))
				i++;
			n = i - w;
			if (n > 7 && !memcmp(s + w, "CONFIG_", 7) && strset_hasn(syms, s + w + 7, n - 7))
				w += 7, n -= 7;
			else if (!strset_hasn(syms, s + w, n))
				continue;
			struct kconfig_ref ref = { f->path, line, w, s + w, n,
						   kconfig_ref_kind(db, f->path, w, own) };
			fn(&ref, ctx);
		}
	}
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
int kconfig_name_defined(const struct kconfig_db *db, const char *name, size_t n)
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
