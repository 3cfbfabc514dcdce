/*
 * series.c - split a planned removal into commits by area (see series.h for
 * the order): which commit each edit and deletion lands in, decided on the
 * plan's data (paths, kinds, causes), never on its prose.  The words of the
 * commits, and series_split() which asks for both, are series_text.c's.
 */
#include "series_split.h"

#include <ctype.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers ---- */

char *dir_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? xstrndup(path, (size_t)(s - path)) : xstrdup("");
}

/* The architecture of an arch/<arch>/configs/ path, or NULL (new string). */
char *config_arch(const char *path)
{
	const char *a, *slash;

	if (!starts_with(path, "arch/"))
		return NULL;
	a = path + 5;
	slash = strchr(a, '/');
	if (!slash || !starts_with(slash, "/configs/"))
		return NULL;
	return xstrndup(a, (size_t)(slash - a));
}

/* "arm" for arch/arm/boot/dts/..., else NULL (new string). */
static char *dts_arch(const char *path)
{
	const char *a = path + 5, *slash;

	if (!starts_with(path, "arch/") || !(slash = strchr(a, '/')) || !starts_with(slash, "/boot/dts/"))
		return NULL;
	return xstrndup(a, (size_t)(slash - a));
}

/*
 * The area a path belongs to by location alone, or -1.  A platform's device
 * trees are a commit of their own, before the platform (upstream's "ARM:
 * dts: remove oxnas"): their dtb- lines name the platform's symbol, which
 * still exists then, and nothing kept includes what goes (derive.c).
 */
static int area_of_path(const char *path)
{
	char *arch;

	if (!strcmp(path, "MAINTAINERS"))
		return AREA_MAINTAINERS;
	if (starts_with(path, "Documentation/"))
		return AREA_DOCS;
	if ((arch = dts_arch(path))) {
		free(arch);
		return AREA_DTS;
	}
	arch = config_arch(path);
	free(arch);
	return arch ? AREA_DEFCONFIG : -1;
}

int area_keyed(enum series_area area)
{
	return area == AREA_DEFCONFIG || area == AREA_DTS || area == AREA_DEPENDENTS;
}

/* The index of key in sp->keys, added if new. */
static size_t intern_key(struct splitter *sp, const char *key)
{
	size_t n = sp->keys.keys.n, k = strmap_intern(&sp->keys, key);

	if (sp->keys.keys.n > n) {
		GROW(sp->key_rank, sp->key_rank_cap, sp->keys.keys.n);
		sp->key_rank[k] = 0;
	}
	return k;
}

/* The index in sp->fam_syms of dependent sym, or STRMAP_NONE. */
static size_t family_index(const struct splitter *sp, const char *sym)
{
	return sym ? strmap_find(&sp->fam_syms, sym) : STRMAP_NONE;
}

const char *dependent_family(const struct splitter *sp, const char *sym)
{
	size_t i = family_index(sp, sym);

	return i == STRMAP_NONE || sp->one_family ? "" : sp->keys.keys.v[sp->fam_key[i]];
}

/* The slot of an edit or deletion of path in area; sym is the dependent it belongs to. */
static struct slot make_slot(struct splitter *sp, enum series_area area, const char *path,
			     const char *sym)
{
	struct slot s = { area, NULL, 0 };
	size_t k;

	if (area == AREA_DEPENDENTS) {
		k = intern_key(sp, dependent_family(sp, sym));
		s.key = sp->keys.keys.v[k];
		s.rank = sp->one_family ? 0 : sp->key_rank[k];
	} else if (area == AREA_DEFCONFIG && !sp->opt->defconfig_per_arch) {
		k = intern_key(sp, "");   /* every architecture's defconfigs in one commit */
		s.key = sp->keys.keys.v[k];
	} else if (area == AREA_DEFCONFIG || area == AREA_DTS) {
		char *arch = area == AREA_DTS ? dts_arch(path) : config_arch(path);

		k = intern_key(sp, arch ? arch : "generic");
		s.key = sp->keys.keys.v[k];
		free(arch);
	}
	return s;
}

static int slot_cmp(const struct slot *a, const struct slot *b)
{
	if (a->area != b->area)
		return a->area < b->area ? -1 : 1;
	if (!area_keyed(a->area))
		return 0;
	if (a->rank != b->rank)
		return a->rank < b->rank ? -1 : 1;
	return strcmp(a->key, b->key);
}

/* ---- which symbols are the subsystem's, which its dependents' ---- */

/*
 * True if the i-th dependent is a user of the subsystem (it depends on it,
 * or sits under it: kconfig_removed.user), which can go before it.  The
 * others (only selected by it, no default left without it, ...) are helpers
 * the subsystem itself uses: they go with it, never before.
 */
int is_user(const struct removal *r, size_t i)
{
	return strset_has(&r->users, r->dependent_names.v[i]);
}

/* A Kconfig reference between symbols: from's entry names to in a depends, select, imply or default. */
struct sym_edge {
	char *from, *to;
	enum ref_kind kind;
};

struct edge_walk {
	const struct kconfig_db *db;
	struct sym_edge *v;
	size_t n, cap;
};

static void collect_edge(const struct kconfig_ref *ref, void *ctx)
{
	struct edge_walk *w = ctx;
	const struct kconfig_def *d;
	const char *name = ref->sym;
	size_t len = ref->sym_len;

	if (ref->kind != KIND_KCONFIG_DEPENDS && ref->kind != KIND_KCONFIG_SELECT &&
	    ref->kind != KIND_KCONFIG_IMPLY && ref->kind != KIND_KCONFIG_DEFAULT)
		return;
	if (!(d = kconfig_def_at(w->db, ref->path, ref->off)))
		return;
	if (len > 7 && !strncmp(name, "CONFIG_", 7))
		name += 7, len -= 7;
	GROW(w->v, w->cap, w->n + 1);
	w->v[w->n].from = xstrdup(d->name);
	w->v[w->n].to = xstrndup(name, len);
	w->v[w->n].kind = ref->kind;
	w->n++;
}

/* The directory of the objects dependent sym builds, else of its Kconfig file (new string). */
static char *family_dir(const struct splitter *sp, const char *sym)
{
	const struct footprint *fp = &sp->r->fp;
	const struct kconfig_def *d;
	size_t n;

	for (size_t i = 0; i < fp->nbuilt; i++) {
		const char *p = fp->built[i].path;
		size_t pl = strlen(p);

		if (strcmp(fp->built[i].symbol, sym))
			continue;
		return pl && p[pl - 1] == '/' ? xstrndup(p, pl - 1) : dir_name(p);
	}
	d = kconfig_defs(&sp->r->db, sym, &n);
	return n ? dir_name(d[0].path) : xstrdup("");
}

static void add_to_family(struct splitter *sp, const char *sym, size_t key)
{
	size_t i = strmap_intern(&sp->fam_syms, sym);

	GROW(sp->fam_key, sp->fam_key_cap, sp->fam_syms.keys.n);
	sp->fam_key[i] = key;
}

/*
 * Rank the families so that a family whose options name another's (depends
 * on, select, imply, default) comes first: users before what they use.  A
 * cycle makes the dependents one commit again.
 */
static void order_families(struct splitter *sp, const struct edge_walk *w)
{
	size_t nk = sp->keys.keys.n, round;
	int changed = 1;

	for (round = 0; changed && round <= nk; round++) {
		changed = 0;
		for (size_t i = 0; i < w->n; i++) {
			size_t f = family_index(sp, w->v[i].from), t = family_index(sp, w->v[i].to);
			size_t kf, kt;

			if (f == STRMAP_NONE || t == STRMAP_NONE || !is_dependent(sp, w->v[i].from) || !is_dependent(sp, w->v[i].to))
				continue;
			kf = sp->fam_key[f];
			kt = sp->fam_key[t];
			if (kf != kt && sp->key_rank[kt] < sp->key_rank[kf] + 1) {
				sp->key_rank[kt] = sp->key_rank[kf] + 1;
				changed = 1;
			}
		}
	}
	if (changed)
		sp->one_family = 1;
}

/*
 * The subsystem's own symbols and its dependents (the users, which go
 * first, a commit per family).  A user whose objects (or Kconfig file)
 * are in a directory of the subsystem's own Kconfig files is part of it
 * (a platform's boards, a filesystem's debug option); a user that a
 * symbol going with the subsystem names (selects, implies, depends on)
 * goes with it too, or the step between would name a symbol that is gone.
 */
static void split_symbols(struct splitter *sp)
{
	const struct removal *r = sp->r;
	struct strset all = STRSET_INIT, stay = STRSET_INIT;
	struct edge_walk w = { &r->db, NULL, 0, 0 };
	struct strvec deps = STRVEC_INIT, homes = STRVEC_INIT;
	int changed = 1;

	for (size_t i = 0; i < r->fp.symbols.n; i++) {
		const char *sym = r->fp.symbols.v[i];
		size_t n;
		const struct kconfig_def *d = kconfig_defs(&r->db, sym, &n);

		strset_add(&all, sym);
		if (n && !sv_contains(&r->dependent_names, sym))
			sv_push_owned(&homes, dir_name(d[0].path));
	}
	/* A user in the subsystem's own directories (its boards, its options) is part of it. */
	for (size_t i = 0; i < r->dependent_names.n; i++) {
		char *dir;

		if (!is_user(r, i))
			continue;
		dir = family_dir(sp, r->dependent_names.v[i]);
		for (size_t k = 0; k < homes.n; k++)
			if (!strcmp(dir, homes.v[k]) || (starts_with(dir, homes.v[k]) && dir[strlen(homes.v[k])] == '/'))
				strset_add(&stay, r->dependent_names.v[i]);
		free(dir);
	}
	kconfig_refs(&r->db, &all, NULL, collect_edge, &w);
	while (changed) {
		changed = 0;
		for (size_t i = 0; i < w.n; i++) {
			const struct sym_edge *e = &w.v[i];

			if (strset_has(&r->users, e->to) && strset_has(&all, e->from) &&
			    (!strset_has(&r->users, e->from) || strset_has(&stay, e->from)))
				changed |= strset_add(&stay, e->to);
		}
	}
	for (size_t i = 0; i < r->dependent_names.n; i++)
		if (is_user(r, i) && !strset_has(&stay, r->dependent_names.v[i]))
			strset_add(&sp->dependents, r->dependent_names.v[i]);
	for (size_t i = 0; i < r->fp.symbols.n; i++)
		if (!strset_has(&sp->dependents, r->fp.symbols.v[i]))
			strset_add(&sp->own, r->fp.symbols.v[i]);

	strset_to_sorted(&sp->dependents, &deps);
	for (size_t i = 0; i < deps.n; i++) {
		char *dir = family_dir(sp, deps.v[i]);

		add_to_family(sp, deps.v[i], intern_key(sp, dir));
		free(dir);
	}
	if (sp->keys.keys.n > 1)
		order_families(sp, &w);

	for (size_t i = 0; i < w.n; i++)
		free(w.v[i].from), free(w.v[i].to);
	free(w.v);
	sv_clear(&deps);
	sv_clear(&homes);
	strset_clear(&all);
	strset_clear(&stay);
}

int is_dependent(const struct splitter *sp, const char *sym)
{
	return sym && strset_has(&sp->dependents, sym) && !strset_has(&sp->own, sym);
}

/* ---- areas ---- */

/* The area of deletion d; *sym is the dependent it belongs to, if any. */
static enum series_area deletion_area(struct splitter *sp, const struct deletion *d, const char **sym)
{
	int a = area_of_path(d->path);

	*sym = NULL;
	if (a >= 0)
		return (enum series_area)a;
	/* Headers stay with the subsystem, next to the #include lines that go. */
	if (ends_with(d->path, ".h"))
		return AREA_SUBSYSTEM;
	*sym = d->cause.symbol;   /* the symbol whose Kbuild line builds it (derive.c) */
	return is_dependent(sp, *sym) ? AREA_DEPENDENTS : AREA_SUBSYSTEM;
}

/*
 * Symbols of the footprint defined only in files the dependents' commits
 * delete are dependents too, of the family of the commit that deletes them.
 */
static void widen_dependents(struct splitter *sp)
{
	const struct removal *r = sp->r;

	for (size_t i = 0; i < r->fp.symbols.n; i++) {
		const char *sym = r->fp.symbols.v[i];
		const struct kconfig_def *defs;
		const char *key = NULL;
		size_t n, inside = 0;

		if (strset_has(&sp->dependents, sym))
			continue;
		defs = kconfig_defs(&r->db, sym, &n);
		for (size_t k = 0; k < n; k++)
			for (size_t j = 0; j < sp->plan->ndels; j++) {
				const struct deletion *d = &sp->plan->dels[j];
				size_t dl = strlen(d->path);

				if (sp->del_slot[j].area == AREA_DEPENDENTS &&
				    !strncmp(defs[k].path, d->path, dl) &&
				    (!defs[k].path[dl] || defs[k].path[dl] == '/')) {
					inside++;
					key = key ? key : sp->del_slot[j].key;
					break;
				}
			}
		if (n && inside == n) {
			strset_add(&sp->dependents, sym);
			add_to_family(sp, sym, intern_key(sp, key));
		}
	}
	strset_clear(&sp->own);
	for (size_t i = 0; i < r->fp.symbols.n; i++)
		if (!strset_has(&sp->dependents, r->fp.symbols.v[i]))
			strset_add(&sp->own, r->fp.symbols.v[i]);
}

/*
 * The area of the entries a Kconfig edit deletes (an `if` block takes its
 * entries along, cause.defines lists them all): the subsystem's if it
 * defines one of its symbols, the dependents' if it defines only theirs,
 * else -1.
 */
static int defined_in(const struct splitter *sp, const struct edit *e, const char **sym)
{
	int dep = 0;

	for (size_t i = 0; i < e->cause.defines.n; i++) {
		const char *d = e->cause.defines.v[i];

		if (strset_has(&sp->own, d))
			return AREA_SUBSYSTEM;
		if (!dep && strset_has(&sp->dependents, d)) {
			dep = 1;
			*sym = d;
		}
	}
	return dep ? AREA_DEPENDENTS : -1;
}

/* The area of edit e; *sym is the dependent it belongs to, if any. */
static enum series_area edit_area(const struct splitter *sp, const struct edit *e, const char **sym)
{
	int a = area_of_path(e->path);

	*sym = NULL;
	if (a >= 0)
		return (enum series_area)a;
	if (e->kind == KIND_MAINTAINERS)
		return AREA_MAINTAINERS;
	if (kind_family(e->kind) == FAMILY_DOC)
		return AREA_DOCS;
	if (kind_family(e->kind) == FAMILY_KCONFIG) {
		int defines = defined_in(sp, e, sym);

		if (defines >= 0)
			return (enum series_area)defines;
		*sym = e->cause.symbol;
	}
	else if (e->kind == KIND_MAKEFILE)
		*sym = e->cause.symbol;
	return is_dependent(sp, *sym) ? AREA_DEPENDENTS : AREA_SUBSYSTEM;
}

/*
 * True if an edit takes away a reference to a deleted path that the build
 * follows: a Kbuild object or directory word (cause.paths: as written in
 * the Makefile, relative to its directory), a Kconfig `source` of a file
 * inside it.  (An #include of a deleted header needs nothing: headers go
 * in the subsystem's commit, never before an edit.)
 */
static int edit_refers_to(const struct edit *e, const struct deletion *d)
{
	const struct strvec *named = &e->cause.paths;
	size_t pl = strlen(d->path);
	int hit = 0;

	if (e->kind == KIND_MAKEFILE) {
		char *dir = dir_name(e->path), *w = NULL;
		size_t dl = strlen(dir);
		const char *rel = d->path;

		if (dl && !(starts_with(d->path, dir) && d->path[dl] == '/'))
			rel = NULL;
		else if (dl)
			rel = d->path + dl + 1;
		if (rel && d->is_dir)
			w = xasprintf("%s/", rel);
		else if (rel && (ends_with(rel, ".c") || ends_with(rel, ".S")))
			w = xasprintf("%.*s.o", (int)strlen(rel) - 2, rel);
		for (size_t i = 0; w && i < named->n && !hit; i++)
			hit = d->is_dir ? starts_with(named->v[i], w) : !strcmp(named->v[i], w);
		free(w);
		free(dir);
	} else if (kind_family(e->kind) == FAMILY_KCONFIG) {
		for (size_t i = 0; i < named->n && !hit; i++)
			hit = !strncmp(named->v[i], d->path, pl) &&
			      (d->is_dir ? named->v[i][pl] == '/' : !named->v[i][pl]);
	}
	return hit;
}

/*
 * True if MAINTAINERS file pattern pat (an F: or X: value) names what
 * deletion d removes: the deleted path, a path inside it, or a path it
 * covers ("dir/", a glob).
 */
static int pattern_names(const char *pat, const struct deletion *d)
{
	size_t pl = strlen(d->path), fixed = strcspn(pat, "*?[");

	if (!strncmp(pat, d->path, pl) && (!pat[pl] || pat[pl] == '/'))
		return 1;   /* the path itself, or inside a deleted directory */
	if (fixed && pat[fixed - 1] == '/' && !pat[fixed] && !strncmp(d->path, pat, fixed))
		return 1;   /* "dir/" over a deleted file or directory in it */
	return pat[fixed] && fnmatch(pat, d->path, FNM_PATHNAME) == 0;
}

/*
 * A MAINTAINERS edit (an F: or X: line, or a whole section: cause.paths
 * has its patterns) goes in the commit of the first deletion it names:
 * then no step has an F: line naming a path that is gone, and a deletion
 * carries its MAINTAINERS change, as checkpatch asks.  (A section whose
 * patterns name the deletions of several commits goes with the first: a
 * platform's with its device trees.)  An edit that names no deletion stays
 * in the MAINTAINERS commit.
 */
static void maintainers_with_deletions(struct splitter *sp)
{
	const struct plan *plan = sp->plan;

	for (size_t i = 0; i < plan->nedits; i++) {
		const struct edit *e = &plan->edits[i];
		const struct slot *pick = NULL;

		if (e->kind != KIND_MAINTAINERS)
			continue;
		for (size_t j = 0; j < plan->ndels; j++)
			for (size_t k = 0; k < e->cause.paths.n; k++)
				if (pattern_names(e->cause.paths.v[k], &plan->dels[j])) {
					int c = pick ? slot_cmp(&sp->del_slot[j], pick) : 0;

					if (!pick || c < 0)
						pick = &sp->del_slot[j];
					break;
				}
		if (pick)
			sp->edit_slot[i] = *pick;
	}
}

/* Move every edit that refers to a deleted path into the deletion's commit, if that is earlier. */
static void keep_references_before_targets(struct splitter *sp)
{
	const struct plan *plan = sp->plan;

	for (size_t i = 0; i < plan->nedits; i++) {
		struct slot *es = &sp->edit_slot[i];

		if (es->area != AREA_DEPENDENTS && es->area != AREA_SUBSYSTEM)
			continue;
		for (size_t j = 0; j < plan->ndels; j++) {
			const struct slot *ds = &sp->del_slot[j];

			if (slot_cmp(ds, es) < 0 && edit_refers_to(&plan->edits[i], &plan->dels[j]))
				*es = *ds;
		}
	}
}

/* ---- commits ---- */

static struct series_commit *commit_for(struct series *s, const struct slot *slot)
{
	for (size_t i = 0; i < s->n; i++) {
		struct series_commit *c = &s->commits[i];

		if (c->area == slot->area && (!area_keyed(slot->area) || !strcmp(c->key, slot->key)))
			return c;
	}
	return NULL;
}

static int cmp_commit(const void *a, const void *b)
{
	const struct series_commit *x = a, *y = b;

	struct slot sx = { x->area, x->key, x->rank }, sy = { y->area, y->key, y->rank };

	return slot_cmp(&sx, &sy);
}

static void build_commits(struct splitter *sp, struct series *s)
{
	const struct plan *plan = sp->plan;

	for (int pass = 0; pass < 2; pass++) {
		size_t n = pass ? plan->nedits : plan->ndels;

		for (size_t i = 0; i < n; i++) {
			const struct slot *slot = pass ? &sp->edit_slot[i] : &sp->del_slot[i];

			if (commit_for(s, slot))
				continue;
			GROW(s->commits, s->cap, s->n + 1);
			memset(&s->commits[s->n], 0, sizeof(s->commits[0]));
			s->commits[s->n].area = slot->area;
			s->commits[s->n].key = slot->key ? xstrdup(slot->key) : NULL;
			s->commits[s->n].rank = slot->rank;
			s->n++;
		}
	}
	if (s->n)
		qsort(s->commits, s->n, sizeof(*s->commits), cmp_commit);
	s->edit_commit = xcalloc(plan->nedits + 1, sizeof(size_t));
	s->del_commit = xcalloc(plan->ndels + 1, sizeof(size_t));
	for (size_t i = 0; i < plan->ndels; i++) {
		struct series_commit *c = commit_for(s, &sp->del_slot[i]);

		GROW(c->dels, c->dels_cap, c->ndels + 1);
		c->dels[c->ndels++] = i;
		s->del_commit[i] = (size_t)(c - s->commits);
		sv_push_owned(&c->paths, plan->dels[i].is_dir ? xasprintf("%s/", plan->dels[i].path)
							   : xstrdup(plan->dels[i].path));
	}
	for (size_t i = 0; i < plan->nedits; i++) {
		struct series_commit *c = commit_for(s, &sp->edit_slot[i]);

		GROW(c->edits, c->edits_cap, c->nedits + 1);
		c->edits[c->nedits++] = i;
		s->edit_commit[i] = (size_t)(c - s->commits);
		if (!sv_contains(&c->paths, plan->edits[i].path))
			sv_push(&c->paths, plan->edits[i].path);
	}
	for (size_t i = 0; i < s->n; i++)
		sv_sort_uniq(&s->commits[i].paths);
}

const struct series_commit *find_area(const struct series *s, enum series_area area)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->commits[i].area == area)
			return &s->commits[i];
	return NULL;
}

/* The commit a note is reported in: by its path's area, else the subsystem's, else the last. */
const struct series_commit *note_commit(const struct series *s, const struct note *n)
{
	int a = area_of_path(n->path);
	const struct series_commit *c = NULL;

	if (a == AREA_DEFCONFIG || a == AREA_DTS) {
		char *arch = a == AREA_DTS ? dts_arch(n->path) : config_arch(n->path);

		for (size_t i = 0; i < s->n && !c; i++)
			if ((int)s->commits[i].area == a &&
			    (!strcmp(s->commits[i].key, arch) || !s->commits[i].key[0]))
				c = &s->commits[i];
		free(arch);
	} else if (a >= 0) {
		c = find_area(s, (enum series_area)a);
	}
	if (!c)
		c = find_area(s, AREA_SUBSYSTEM);
	return c ? c : s->n ? &s->commits[s->n - 1] : NULL;
}

/* ---- entry points ---- */

void splitter_init(struct splitter *sp, const struct removal *r, const struct series_options *opt)
{
	static const struct series_options defaults = { NULL, 1 };

	memset(sp, 0, sizeof(*sp));
	sp->r = r;
	sp->plan = &r->plan;
	sp->opt = opt ? opt : &defaults;
}

void series_place(struct series *s, struct splitter *sp)
{
	const struct plan *plan = sp->plan;

	memset(s, 0, sizeof(*s));
	split_symbols(sp);
	sp->edit_slot = xcalloc(plan->nedits + 1, sizeof(struct slot));
	sp->del_slot = xcalloc(plan->ndels + 1, sizeof(struct slot));
	for (size_t i = 0; i < plan->ndels; i++) {
		const char *sym;
		enum series_area a = deletion_area(sp, &plan->dels[i], &sym);

		sp->del_slot[i] = make_slot(sp, a, plan->dels[i].path, sym);
	}
	widen_dependents(sp);
	for (size_t i = 0; i < plan->nedits; i++) {
		const char *sym;
		enum series_area a = edit_area(sp, &plan->edits[i], &sym);

		sp->edit_slot[i] = make_slot(sp, a, plan->edits[i].path, sym);
	}
	keep_references_before_targets(sp);
	maintainers_with_deletions(sp);
	build_commits(sp, s);
}

void splitter_release(struct splitter *sp)
{
	strset_clear(&sp->own);
	strset_clear(&sp->dependents);
	free(sp->edit_slot);
	free(sp->del_slot);
	strmap_clear(&sp->keys);
	strmap_clear(&sp->fam_syms);
	free(sp->key_rank);
	free(sp->fam_key);
	free(sp->title);
	free(sp->prefix);
	memset(sp, 0, sizeof(*sp));
}

void series_release(struct series *s)
{
	for (size_t i = 0; i < s->n; i++) {
		struct series_commit *c = &s->commits[i];

		free(c->key), free(c->subject), free(c->body), free(c->edits), free(c->dels);
		sv_clear(&c->paths);
	}
	free(s->commits);
	free(s->edit_commit);
	free(s->del_commit);
	free(s->title);
	free(s->cover_subject);
	free(s->cover_body);
	free(s->why);
	memset(s, 0, sizeof(*s));
}

void series_print(FILE *out, const struct series *s)
{
	fprintf(out, "[0/%zu] %s\n\n%s", s->n, s->cover_subject ? s->cover_subject : "",
		s->cover_body ? s->cover_body : "");
	for (size_t i = 0; i < s->n; i++) {
		const struct series_commit *c = &s->commits[i];

		fprintf(out, "\n[%zu/%zu] %s\n\n%s\n", i + 1, s->n, c->subject, c->body);
		for (size_t k = 0; k < c->paths.n; k++)
			fprintf(out, " %s\n", c->paths.v[k]);
	}
}
