/*
 * coverage_plan.c - the configurations that compile a removal's hunks
 * (coverage_plan.h): the ways to reach each hunk side, the options each
 * way needs (Makefiles, #if conditions, Kconfig dependencies), grouped
 * per architecture and judged by olddefconfig.
 */
#include "coverage_plan.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "cpp_expr.h"
#include "kbuild.h"
#include "kconfig_ast.h"

/* ---- .config values ---- */

void kconfig_values_parse(struct kconfig_values *v, const char *text)
{
	for (const char *p = text; p && *p;) {
		const char *nl = strchr(p, '\n'), *eq;
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		eq = memchr(p, '=', n);
		if (n > 7 && !memcmp(p, "CONFIG_", 7) && eq) {
			char *sym = xstrndup(p + 7, (size_t)(eq - p - 7));
			size_t i = strmap_intern(&v->map, sym);

			while (v->vals.n <= i)
				sv_push(&v->vals, "");
			free(v->vals.v[i]);
			v->vals.v[i] = xstrndup(eq + 1, n - (size_t)(eq + 1 - p));
			free(sym);
		}
		p = nl ? nl + 1 : NULL;
	}
}

int kconfig_values_read(struct kconfig_values *v, const char *path)
{
	struct strbuf sb = STRBUF_INIT;

	if (read_file(path, &sb) < 0)
		return -1;
	kconfig_values_parse(v, sb.buf ? sb.buf : "");
	sb_release(&sb);
	return 0;
}

const char *kconfig_value(const struct kconfig_values *v, const char *sym)
{
	size_t i = strmap_find(&v->map, sym);

	return i == STRMAP_NONE || i >= v->vals.n ? NULL : v->vals.v[i];
}

void kconfig_values_release(struct kconfig_values *v)
{
	strmap_clear(&v->map);
	sv_clear(&v->vals);
}

const char *coverage_srcarch(const char *arch)
{
	return !strcmp(arch, "x86_64") || !strcmp(arch, "i386") ? "x86" : arch;
}

/* ---- a configuration's wishes over a .config ---- */

/* A .config and wishes over it: what a symbol would be. */
struct overlay {
	const struct kconfig_values *base;
	const struct cov_wish *w1;     /* the configuration's */
	size_t n1;
	struct cov_wish *w2;           /* those added while planning one way */
	size_t n2, cap2;
};

/* 2 y, 1 m, 0 n (or not set), from the wishes first. */
static int tristate(const struct overlay *o, const char *sym)
{
	const char *v;

	for (size_t i = o->n2; i-- > 0;)
		if (!strcmp(o->w2[i].sym, sym))
			return o->w2[i].on ? 2 : 0;
	for (size_t i = 0; i < o->n1; i++)
		if (!strcmp(o->w1[i].sym, sym))
			return o->w1[i].on ? 2 : 0;
	v = kconfig_value(o->base, sym);
	return !v ? 0 : !strcmp(v, "y") ? 2 : !strcmp(v, "m") ? 1 : !strcmp(v, "n") ? 0 : 2;
}

static const char *strval(const struct overlay *o, const char *sym)
{
	int t = tristate(o, sym);
	const char *v = kconfig_value(o->base, sym);

	return v && t == 2 && strcmp(v, "y") ? v : t == 2 ? "y" : t == 1 ? "m" : "n";
}

static void wish(struct overlay *o, const char *sym, int on)
{
	GROW(o->w2, o->cap2, o->n2 + 1);
	o->w2[o->n2].sym = xstrdup(sym);
	o->w2[o->n2++].on = on;
}

static void overlay_reset(struct overlay *o, size_t to)
{
	while (o->n2 > to)
		free(o->w2[--o->n2].sym);
}

/* ---- Kconfig expressions ---- */

static int is_constant_word(const char *w)
{
	return !strcmp(w, "y") || !strcmp(w, "m") || !strcmp(w, "n") || (*w >= '0' && *w <= '9') ||
	       *w == '-' || strchr(w, '$');
}

/* The value of e in tristate logic over o (an unknown macro counts as y). */
static int kx_value(const struct kexpr *e, const struct overlay *o)
{
	switch (e->op) {
	case KX_SYM:
		if (e->is_macro || strchr(e->word, '$'))
			return 2;
		if (!strcmp(e->word, "y"))
			return 2;
		if (!strcmp(e->word, "m"))
			return 1;
		if (!strcmp(e->word, "n") || is_constant_word(e->word))
			return 0;
		return tristate(o, e->word);
	case KX_STR:
		return 0;
	case KX_NOT:
		return 2 - kx_value(e->l, o);
	case KX_PAREN:
		return kx_value(e->l, o);
	case KX_AND: {
		int a = kx_value(e->l, o), b = kx_value(e->r, o);

		return a < b ? a : b;
	}
	case KX_OR: {
		int a = kx_value(e->l, o), b = kx_value(e->r, o);

		return a > b ? a : b;
	}
	default: {
		/* A comparison: of the operands' texts. */
		const char *a = e->l->op == KX_SYM && !is_constant_word(e->l->word) ? strval(o, e->l->word)
										    : e->l->word;
		const char *b = e->r->op == KX_SYM && !is_constant_word(e->r->word) ? strval(o, e->r->word)
										    : e->r->word;
		int eq = a && b && !strcmp(a, b);

		if (e->op == KX_EQ)
			return eq ? 2 : 0;
		if (e->op == KX_NE)
			return eq ? 0 : 2;
		return 2;   /* < <= > >=: not judged here */
	}
	}
}

/* The symbols e names (not constants, not macros), onto out once each. */
static void kx_symbols(const struct kexpr *e, struct strvec *out)
{
	if (!e)
		return;
	if (e->op == KX_SYM) {
		if (!e->is_macro && !is_constant_word(e->word) && !sv_contains(out, e->word))
			sv_push(out, e->word);
		return;
	}
	kx_symbols(e->l, out);
	kx_symbols(e->r, out);
}

/* ---- #if conditions ---- */

/* The CONFIG_ symbols of a condition's text (X_MODULE as X), onto out once each. */
static void cpp_symbols(const char *text, struct strvec *out)
{
	for (const char *p = text; (p = strstr(p, "CONFIG_"));) {
		const char *s = p + 7, *e = s;
		char *sym;

		if (p > text && is_word_char((unsigned char)p[-1])) {
			p = s;
			continue;
		}
		while (is_word_char((unsigned char)*e))
			e++;
		sym = xstrndup(s, (size_t)(e - s));
		if (ends_with(sym, "_MODULE"))
			sym[strlen(sym) - 7] = '\0';
		if (*sym && !sv_contains(out, sym))
			sv_push(out, sym);
		free(sym);
		p = e;
	}
}

/* The condition of branch b as an #if expression (ifdef X: defined(X)); NULL for #else. */
static char *branch_expr(const struct cpp_branch *b)
{
	const char *k = b->keyword;
	char *name;

	if (!k || !b->cond)
		return NULL;
	if (!strcmp(k, "if") || !strcmp(k, "elif"))
		return xstrdup(b->cond);
	name = xstrndup(b->cond + strspn(b->cond, " \t"), strcspn(b->cond + strspn(b->cond, " \t"), " \t/\r"));
	if (!strcmp(k, "ifdef") || !strcmp(k, "elifdef")) {
		char *e = xasprintf("defined(%s)", name);

		free(name);
		return e;
	}
	{
		char *e = xasprintf("!defined(%s)", name);

		free(name);
		return e;
	}
}

/* 1 true, 0 false, -1 unknown (a macro that is no option): expr over o. */
static int cpp_value(const char *expr, const struct overlay *o)
{
	struct strvec syms = STRVEC_INIT;
	struct strset on = STRSET_INIT, off = STRSET_INIT;
	struct cpp_simplified res = { .text = STRBUF_INIT };
	const char *t = expr + strspn(expr, " \t");
	enum cpp_value v;

	if (!strncmp(t, "0", 1) && !is_word_char((unsigned char)t[1]) && t[1] != '.' && t[1] != 'x')
		return strspn(t + 1, " \t\r") == strlen(t + 1) || t[1] == '/' ? 0 : -1;
	cpp_symbols(expr, &syms);
	for (size_t i = 0; i < syms.n; i++) {
		int s = tristate(o, syms.v[i]);

		if (s == 2)
			strset_add(&on, syms.v[i]);
		else if (s == 0)
			strset_add(&off, syms.v[i]);
	}
	v = cpp_simplify(expr, strlen(expr), &off, &on, 0, &res);
	sb_release(&res.text);
	strset_clear(&on);
	strset_clear(&off);
	sv_clear(&syms);
	return v == CPP_TRUE ? 1 : v == CPP_FALSE ? 0 : -1;
}

/* ---- ways ---- */

/* The planning state. */
struct planner {
	const struct coverage_plan_input *in;
	struct coverage_plan *p;
	struct kconfig_values *base;       /* per arch of in->arches */
	int *base_state;                   /* per arch: 0 not yet, 1 configured, -1 it failed */
	struct strbuf base_err;            /* why the first failed */
	struct strmap needs_map;           /* "side:object" -> index into needs */
	struct kbuild_needs *needs;
	size_t nneeds, needs_cap;
	struct strbuf why;                 /* why the last derivation failed */
};

static const struct kbuild_needs *needs_of(struct planner *pl, enum cov_side side, const char *obj)
{
	char *key = xasprintf("%d:%s", (int)side, obj);
	size_t i = strmap_intern(&pl->needs_map, key);

	free(key);
	if (i == pl->nneeds) {
		GROW(pl->needs, pl->needs_cap, pl->nneeds + 1);
		kbuild_needs(pl->in->roots[side], obj, &pl->needs[pl->nneeds++]);
	}
	return &pl->needs[i];
}

/* The include names of a header: linux/slab.h for include/linux/slab.h, asm/x.h for arch/A/include/asm/x.h. */
static char *include_name(const char *path)
{
	const char *p = path;

	if (starts_with(p, "arch/") && strstr(p, "/include/"))
		p = strstr(p, "/include/") + 9;
	else if (starts_with(p, "include/"))
		p += 8;
	else
		return NULL;
	if (starts_with(p, "uapi/"))
		p += 5;
	return xstrdup(p);
}

/* True if the C file at full includes name as <name> (angle) or "name". */
static int includes(const char *full, const char *name, int angle)
{
	struct strbuf sb = STRBUF_INIT;
	char *pat = xasprintf(angle ? "<%s>" : "\"%s\"", name);
	int hit = read_file(full, &sb) == 0 && sb.buf && strstr(sb.buf, pat);

	sb_release(&sb);
	free(pat);
	return hit;
}

/* The .c files of dir (relative, in root) that include name; at most max onto out. */
static void includers_in(const char *root, const char *dir, const char *name, int angle, size_t max,
			 struct strvec *out)
{
	char *full = path_join(root, dir);
	struct strvec names = STRVEC_INIT;
	struct dirent **list = NULL;
	int n = scandir(full, &list, NULL, alphasort);

	for (int k = 0; k < n; k++) {
		if (list[k]->d_name[0] != '.' && ends_with(list[k]->d_name, ".c"))
			sv_push(&names, list[k]->d_name);
		free(list[k]);
	}
	free(list);
	for (size_t k = 0; k < names.n && max; k++) {
		char *rel = path_join(dir, names.v[k]), *abs = path_join(root, rel);

		if (!sv_contains(out, rel) && includes(abs, name, angle)) {
			sv_push(out, rel);
			max--;
		}
		free(rel);
		free(abs);
	}
	sv_clear(&names);
	free(full);
}

#define MAX_INCLUDERS 4

/*
 * The C files whose objects reach header path: files of the coverage that
 * include it, files beside it (a local header), or files of the
 * directories every kernel builds (a header under include/).
 */
static void header_includers(struct planner *pl, enum cov_side side, const char *path, struct strvec *out)
{
	static const char *const core[] = { "init", "kernel", "mm", "lib", "fs", "drivers/base" };
	const char *root = pl->in->roots[side];
	char *name = include_name(path), *dir = xstrndup(path, (size_t)(strrchr(path, '/') - path));
	const char *base = strrchr(path, '/') + 1;

	for (size_t i = 0; i < pl->in->cov->nfiles && out->n < MAX_INCLUDERS; i++) {
		const char *f = pl->in->cov->files[i].path;
		char *abs = path_join(root, f);

		if (ends_with(f, ".c") && ((name && includes(abs, name, 1)) || includes(abs, base, 0)))
			sv_push(out, f);
		free(abs);
	}
	if (!name)
		includers_in(root, dir, base, 0, MAX_INCLUDERS - out->n, out);
	if (name) {
		char *arch = starts_with(path, "arch/") ? xstrndup(path + 5, strcspn(path + 5, "/")) : NULL;

		for (size_t i = 0; i < ARRAY_SIZE(core) && out->n < MAX_INCLUDERS; i++)
			includers_in(root, core[i], name, 1, 1, out);
		if (arch && out->n < MAX_INCLUDERS) {
			char *k = xasprintf("arch/%s/kernel", arch);

			includers_in(root, k, name, 1, MAX_INCLUDERS - out->n, out);
			free(k);
		}
		free(arch);
	}
	free(name);
	free(dir);
}

/* The architecture a path belongs to (x86_64 for arch/x86), or NULL. */
static char *path_arch(const char *path)
{
	char *a;

	if (!starts_with(path, "arch/"))
		return NULL;
	a = xstrndup(path + 5, strcspn(path + 5, "/"));
	if (!strcmp(a, "x86")) {
		free(a);
		a = xstrdup("x86_64");
	}
	return a;
}

static void add_way(struct cov_side_plan *sp, const char *obj, const char *file, size_t branch)
{
	struct cov_way *w;

	sp->ways = xrealloc(sp->ways, (sp->nways + 1) * sizeof(*sp->ways));
	w = &sp->ways[sp->nways++];
	w->object = xstrdup(obj);
	w->arch = path_arch(obj);
	if (!w->arch)
		w->arch = path_arch(file);
	w->branch = branch;
}

/* The ways to reach side s of hunk h: its branches, by the file's object or its includers'. */
static void find_ways(struct planner *pl, size_t hi, enum cov_side s)
{
	const struct coverage *cov = pl->in->cov;
	const struct cov_hunk *h = &cov->hunks[hi];
	const char *path = cov->files[h->file].path;
	struct cov_side_plan *sp = &pl->p->sides[hi][s];
	size_t br[16], nbr = coverage_side_branches(cov, h, s, br, ARRAY_SIZE(br));
	struct strvec objs = STRVEC_INIT, incl = STRVEC_INIT;

	if (h->object) {
		/* A kept Makefile's object of a deleted file: built, whatever its #if. */
		add_way(sp, h->object, h->object, 0);
		return;
	}
	if (!nbr)
		return;
	if (starts_with(path, "tools/") || starts_with(path, "scripts/") || starts_with(path, "Documentation/")) {
		sp->why = xstrdup("not kernel code (tools/, scripts/): no kernel build compiles it");
		return;
	}
	if (!ends_with(path, ".h")) {
		char *o = xasprintf("%.*s.o", (int)(strlen(path) - 2), path);

		if (needs_of(pl, s, o)->n)
			sv_push(&objs, o);
		free(o);
	}
	if (!objs.n) {
		/* A header, or a C file no Makefile names (one that another includes). */
		header_includers(pl, s, path, &incl);
		for (size_t i = 0; i < incl.n; i++)
			sv_push_owned(&objs, xasprintf("%.*s.o", (int)(strlen(incl.v[i]) - 2), incl.v[i]));
	}
	if (!objs.n)
		sp->why = xstrdup(ends_with(path, ".h") ? "no file that includes it was found"
							: "no Makefile builds it and no file that includes it was found");
	for (size_t o = 0; o < objs.n; o++)
		for (size_t b = 0; b < nbr; b++)
			add_way(sp, objs.v[o], path, br[b]);
	sv_clear(&objs);
	sv_clear(&incl);
}

/* ---- requirements ---- */

/* The options that set an object's levels: satisfied by o? */
static int levels_hold(const struct kbuild_needs *n, const struct overlay *o)
{
	for (size_t k = 0; k < n->n; k++) {
		int ok = 0;

		for (size_t i = 0; i < n->levels[k].alts.n && !ok; i++) {
			char *copy = xstrdup(n->levels[k].alts.v[i]), *save = NULL;

			ok = 1;
			for (char *t = strtok_r(copy, " ", &save); t && ok; t = strtok_r(NULL, " ", &save))
				ok = tristate(o, t + 7) > 0;
			free(copy);
		}
		if (!ok)
			return 0;
	}
	return 1;
}

/* The conditions of the branch chain of b: expr and whether it must be true, onto exprs/want. */
static void chain_conditions(const struct cpp_lines *l, size_t b, struct strvec *exprs, struct strvec *want)
{
	for (; b; b = l->branches[b].parent) {
		char *e = branch_expr(&l->branches[b]);

		if (e) {
			sv_push_owned(exprs, e);
			sv_push(want, "1");
		}
		for (size_t p = l->branches[b].prev; p; p = l->branches[p].prev) {
			e = branch_expr(&l->branches[p]);
			if (e) {
				sv_push_owned(exprs, e);
				sv_push(want, "0");
			}
		}
	}
}

/* 1: every condition can be as wanted over o (unknowns count as yes); 0 not; -2 an #if 0. */
static int conditions_hold(const struct strvec *exprs, const struct strvec *want, const struct overlay *o)
{
	for (size_t i = 0; i < exprs->n; i++) {
		int v = cpp_value(exprs->v[i], o), w = want->v[i][0] == '1';
		const char *t = exprs->v[i] + strspn(exprs->v[i], " \t");

		if (w && v == 0 && t[0] == '0' && !is_word_char((unsigned char)t[1]))
			return -2;
		if (v >= 0 && v != w)
			return 0;
	}
	return 1;
}

/* Does way w hold over o (its object built, its branch taken)? */
static int way_holds(struct planner *pl, enum cov_side s, size_t hi, const struct cov_way *w,
		     const struct overlay *o)
{
	const struct cpp_lines *l = &pl->in->cov->files[pl->in->cov->hunks[hi].file].lines[s];
	struct strvec exprs = STRVEC_INIT, want = STRVEC_INIT;
	int ok = levels_hold(needs_of(pl, s, w->object), o);

	if (ok) {
		chain_conditions(l, w->branch, &exprs, &want);
		ok = conditions_hold(&exprs, &want, o) == 1;
	}
	sv_clear(&exprs);
	sv_clear(&want);
	return ok;
}

/* The definitions of sym for arch (none under another architecture's directory). */
static size_t defs_for(const struct kconfig_db *db, const char *sym, const char *arch,
		       const struct kconfig_def **out, size_t max)
{
	size_t n, k = 0;
	const struct kconfig_def *d = kconfig_defs(db, sym, &n);
	const char *src = coverage_srcarch(arch);

	for (size_t i = 0; i < n && k < max; i++) {
		const char *p = d[i].path;

		if (starts_with(p, "arch/") && (strncmp(p + 5, src, strlen(src)) || p[5 + strlen(src)] != '/'))
			continue;
		out[k++] = &d[i];
	}
	return k;
}

/* The conditions an entry needs: its depends on, its prompt's if, the blocks around it. */
static void entry_conditions(const struct knode *node, const char *arch, struct kexpr **out, size_t *n, size_t max)
{
	const char *src = coverage_srcarch(arch);
	int depth = 0;

	for (const struct kattr *a = node->attrs; a; a = a->next)
		if (*n < max && ((a->kind == KA_DEPENDS && a->expr) ||
				 ((a->kind == KA_TYPE || a->kind == KA_PROMPT) && a->prompt && a->cond)))
			out[(*n)++] = a->kind == KA_DEPENDS ? a->expr : a->cond;
	for (const struct knode *p = node->parent; p && depth++ < 64;) {
		if (p->kind == KN_IF && p->cond && *n < max)
			out[(*n)++] = p->cond;
		if (p->kind == KN_MENU || p->kind == KN_CHOICE)
			for (const struct kattr *a = p->attrs; a; a = a->next)
				if (*n < max && ((a->kind == KA_DEPENDS && a->expr) || (a->kind == KA_VISIBLE && a->cond)))
					out[(*n)++] = a->kind == KA_DEPENDS ? a->expr : a->cond;
		if (p->kind == KN_ROOT) {
			const struct kfile *f = p->file;
			const struct knode *site = NULL;

			/* The file is sourced: go on from the source line of this architecture. */
			for (size_t i = 0; f && i < f->nsites && !site; i++) {
				const char *sp = f->sites[i]->file->path;

				if (!starts_with(sp, "arch/") ||
				    (!strncmp(sp + 5, src, strlen(src)) && sp[5 + strlen(src)] == '/'))
					site = f->sites[i];
			}
			p = site ? site->parent : NULL;
		} else {
			p = p->parent;
		}
	}
}

static int has_prompt(const struct kconfig_def *d)
{
	return d->prompt != NULL;
}

/*
 * Set flips among syms (a bit per symbol: 1 = the other value than now)
 * until check(ctx) holds; the fewest flips first, at most 3.  The flipped
 * values become wishes of o.  Returns 1 if found.
 */
static int search_flips(struct overlay *o, const struct strvec *syms, int (*check)(void *ctx, struct overlay *o),
			void *ctx)
{
	size_t n = syms->n < 12 ? syms->n : 12, mark = o->n2;

	for (unsigned k = 1; k <= 3 && k <= n; k++)
		for (unsigned mask = 1; mask < (1u << n); mask++) {
			if ((unsigned)__builtin_popcount(mask) != k)
				continue;
			for (size_t i = 0; i < n; i++)
				if (mask & (1u << i))
					wish(o, syms->v[i], tristate(o, syms->v[i]) == 0);
			if (check(ctx, o))
				return 1;
			overlay_reset(o, mark);
		}
	return 0;
}

struct kx_check {
	const struct kexpr *e;
};

static int kx_holds(void *ctx, struct overlay *o)
{
	return kx_value(((struct kx_check *)ctx)->e, o) > 0;
}

/* Wish every new "on" symbol's Kconfig dependencies true for arch, from index from of o's wishes. */
static int close_over_dependencies(struct planner *pl, struct overlay *o, const char *arch, size_t from)
{
	const struct kconfig_db *db = pl->in->db;

	for (size_t i = from; i < o->n2 && i < 400; i++) {
		const struct kconfig_def *defs[8], *d = NULL;
		size_t nd;
		struct kexpr *conds[32];
		size_t nc = 0;
		const char *sym;

		if (!o->w2[i].on)
			continue;
		sym = o->w2[i].sym;
		nd = defs_for(db, sym, arch, defs, ARRAY_SIZE(defs));
		if (!nd) {
			sb_reset(&pl->why);
			sb_addf(&pl->why, "CONFIG_%s is no option of %s", sym, arch);
			return 0;
		}
		for (size_t k = 0; k < nd && !d; k++)
			if (has_prompt(defs[k]))
				d = defs[k];
		if (!d)
			d = defs[0];
		entry_conditions(d->node, arch, conds, &nc, ARRAY_SIZE(conds));
		for (size_t c = 0; c < nc; c++) {
			struct strvec syms = STRVEC_INIT;
			struct kx_check kc = { conds[c] };
			int ok;

			if (kx_value(conds[c], o) > 0)
				continue;
			kx_symbols(conds[c], &syms);
			ok = search_flips(o, &syms, kx_holds, &kc);
			sv_clear(&syms);
			if (!ok) {
				sb_reset(&pl->why);
				sb_addf(&pl->why, "CONFIG_%s (%s:%zu) has dependencies nothing can meet here", sym,
					d->path, d->line);
				return 0;
			}
		}
	}
	return 1;
}

struct chain_check {
	const struct strvec *exprs, *want;
};

static int chain_holds(void *ctx, struct overlay *o)
{
	struct chain_check *c = ctx;

	return conditions_hold(c->exprs, c->want, o) == 1;
}

/*
 * The wishes way w of side s needs over o (added to o->w2) on arch: its
 * object's levels, its branch chain, their Kconfig dependencies.  Returns
 * 1, or 0 with the reason in pl->why.
 */
static int derive(struct planner *pl, enum cov_side s, size_t hi, const struct cov_way *w, const char *arch,
		  struct overlay *o)
{
	const struct cpp_lines *l = &pl->in->cov->files[pl->in->cov->hunks[hi].file].lines[s];
	const struct kbuild_needs *n = needs_of(pl, s, w->object);
	struct strvec exprs = STRVEC_INIT, want = STRVEC_INIT, syms = STRVEC_INIT;
	size_t from = o->n2;
	int ok = 1, held;

	/* The Makefiles: per level the alternative that needs the fewest new options. */
	for (size_t k = 0; k < n->n; k++) {
		const char *best = NULL;
		size_t best_new = (size_t)-1;

		for (size_t i = 0; i < n->levels[k].alts.n; i++) {
			char *copy = xstrdup(n->levels[k].alts.v[i]), *save = NULL;
			size_t nw = 0;

			for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save))
				nw += tristate(o, t + 7) == 0;
			free(copy);
			if (nw < best_new) {
				best_new = nw;
				best = n->levels[k].alts.v[i];
			}
		}
		if (best && best_new) {
			char *copy = xstrdup(best), *save = NULL;

			for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save))
				if (tristate(o, t + 7) == 0)
					wish(o, t + 7, 1);
			free(copy);
		}
	}
	/* The #if conditions around the lines. */
	chain_conditions(l, w->branch, &exprs, &want);
	held = conditions_hold(&exprs, &want, o);
	if (held == -2) {
		sb_reset(&pl->why);
		sb_adds(&pl->why, "inside #if 0");
		ok = 0;
	} else if (!held) {
		struct chain_check cc = { &exprs, &want };

		for (size_t i = 0; i < exprs.n; i++)
			cpp_symbols(exprs.v[i], &syms);
		if (!search_flips(o, &syms, chain_holds, &cc)) {
			sb_reset(&pl->why);
			sb_adds(&pl->why, "its #if conditions cannot all hold:");
			for (size_t i = 0; i < exprs.n; i++)
				sb_addf(&pl->why, " %s%s", want.v[i][0] == '1' ? "" : "!", exprs.v[i] + strspn(exprs.v[i], " \t"));
			ok = 0;
		}
	}
	if (ok)
		ok = close_over_dependencies(pl, o, arch, from);
	sv_clear(&exprs);
	sv_clear(&want);
	sv_clear(&syms);
	return ok;
}

/* ---- configurations ---- */

static struct cov_config *new_config(struct coverage_plan *p, const char *arch, const char *base, size_t target)
{
	struct cov_config *c;
	size_t same = 0;

	for (size_t i = 0; i < p->n; i++)
		same += !strcmp(p->configs[i].arch, arch);
	GROW(p->configs, p->cap, p->n + 1);
	c = &p->configs[p->n++];
	memset(c, 0, sizeof(*c));
	c->arch = xstrdup(arch);
	c->base = base ? xstrdup(base) : NULL;
	c->target = target;
	c->name = xasprintf("%s-%zu", arch, same + 1);
	return c;
}

/* The architecture of target a ("arm" of "arm:lart_defconfig"), a new string. */
static char *target_arch(const struct planner *pl, size_t a)
{
	const char *t = pl->in->arches->v[a];

	return xstrndup(t, strcspn(t, ":"));
}

/* The base of target a ("lart_defconfig" of "arm:lart_defconfig"), or NULL for the default. */
static const char *target_base(const struct planner *pl, size_t a)
{
	const char *colon = strchr(pl->in->arches->v[a], ':');

	return colon ? colon + 1 : NULL;
}

/* The base of target a (configured on first use); NULL when it cannot be configured. */
static const struct kconfig_values *base_of_arch(struct planner *pl, size_t a)
{
	if (!pl->base_state[a]) {
		struct cov_config base = { 0 };
		struct strbuf err = STRBUF_INIT;
		char *arch = target_arch(pl, a);

		base.arch = arch;
		base.base = (char *)target_base(pl, a);
		base.name = "base";
		pl->base_state[a] = pl->in->conf->configure(pl->in->conf->ctx, COV_BEFORE, &base, &pl->base[a],
							    &err) < 0 ? -1 : 1;
		if (pl->base_state[a] < 0 && !pl->base_err.len)
			sb_addf(&pl->base_err, "%s", err.buf ? err.buf : "");
		sb_release(&err);
		free(arch);
	}
	return pl->base_state[a] > 0 ? &pl->base[a] : NULL;
}

/* True if wishes w (n of them) do not contradict cfg's. */
static int compatible(const struct cov_config *cfg, const struct cov_wish *w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < cfg->nwishes; k++)
			if (!strcmp(cfg->wishes[k].sym, w[i].sym) && cfg->wishes[k].on != w[i].on)
				return 0;
	return 1;
}

static void add_wishes(struct cov_config *cfg, const struct cov_wish *w, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int dup = 0;

		for (size_t k = 0; k < cfg->nwishes && !dup; k++)
			dup = !strcmp(cfg->wishes[k].sym, w[i].sym);
		if (dup)
			continue;
		GROW(cfg->wishes, cfg->wishes_cap, cfg->nwishes + 1);
		cfg->wishes[cfg->nwishes].sym = xstrdup(w[i].sym);
		cfg->wishes[cfg->nwishes++].on = w[i].on;
	}
}

/*
 * Place side s of hunk hi: the way and configuration that need the fewest
 * new wishes (one of the configurations in [first, p->n) when it can take
 * them, else a new one).  Returns 1, or 0 with the reason in pl->why.
 */
static int place(struct planner *pl, size_t hi, enum cov_side s, size_t first, long prefer)
{
	struct cov_side_plan *sp = &pl->p->sides[hi][s];
	const struct coverage_plan_input *in = pl->in;
	long best_cfg = -2;
	size_t best_way = 0, best_arch = 0, best_cost = (size_t)-1;
	struct overlay best = { NULL, NULL, 0, NULL, 0, 0 };
	struct strbuf first_why = STRBUF_INIT;

	/*
	 * The earlier target (architecture and base) first: a later one only
	 * when no way reaches the side on those before, or olddefconfig did not
	 * keep what they needed.
	 */
	for (size_t a = 0; a < in->arches->n && best_cfg == -2; a++) {
		char *arch = target_arch(pl, a);

		if (a < 32 && (sp->failed_targets & (1u << a))) {
			free(arch);
			continue;
		}
		for (size_t wi = 0; wi < sp->nways; wi++) {
			const struct cov_way *w = &sp->ways[wi];

			if (w->arch && strcmp(w->arch, arch))
				continue;
			if (!base_of_arch(pl, a)) {
				if (!first_why.len)
					sb_addf(&first_why, "%s cannot be configured", in->arches->v[a]);
				break;
			}
			/* An existing configuration of the target, then a new one (-1). */
			for (long c = (long)pl->p->n - 1; c >= -1; c--) {
				struct overlay o = { &pl->base[a], NULL, 0, NULL, 0, 0 };
				struct cov_config *cfg = c >= 0 ? &pl->p->configs[c] : NULL;
				size_t cost;

				if (cfg && ((size_t)c < first || cfg->target != a))
					continue;
				if (cfg) {
					o.w1 = cfg->wishes;
					o.n1 = cfg->nwishes;
				}
				if (!derive(pl, s, hi, w, arch, &o) || (cfg && !compatible(cfg, o.w2, o.n2))) {
					if (!first_why.len && pl->why.len)
						sb_adds(&first_why, pl->why.buf);
					overlay_reset(&o, 0);
					free(o.w2);
					continue;
				}
				/* The fewest new wishes; an existing configuration (the preferred first) before a new one. */
				cost = o.n2 * 4 + (cfg ? (c == prefer ? 0 : 1) : 2);
				if (cost < best_cost) {
					overlay_reset(&best, 0);
					free(best.w2);
					best = o;
					best_cost = cost;
					best_cfg = c;
					best_way = wi;
					best_arch = a;
				} else {
					overlay_reset(&o, 0);
					free(o.w2);
				}
			}
		}
		free(arch);
	}
	if (best_cfg == -2) {
		if (!sp->why)
			sp->why = xstrdup(first_why.len ? first_why.buf : "no way to reach it was found");
		sp->settled = 1;
		sb_release(&first_why);
		return 0;
	}
	{
		char *arch = target_arch(pl, best_arch);
		struct cov_config *cfg = best_cfg >= 0 ? &pl->p->configs[best_cfg]
						       : new_config(pl->p, arch, target_base(pl, best_arch), best_arch);

		free(arch);

		add_wishes(cfg, best.w2, best.n2);
		sp->config = cfg - pl->p->configs;
		sp->way = best_way;
		cfg->configured = 0;
	}
	overlay_reset(&best, 0);
	free(best.w2);
	free(sp->why);
	sp->why = NULL;
	sb_release(&first_why);
	return 1;
}

void coverage_plan_fragment(const struct cov_config *cfg, enum cov_side side, const struct strset *removed,
			    struct strbuf *out)
{
	for (size_t i = 0; i < cfg->nwishes; i++) {
		if (side == COV_AFTER && removed && strset_has(removed, cfg->wishes[i].sym))
			continue;
		if (cfg->wishes[i].on)
			sb_addf(out, "CONFIG_%s=y\n", cfg->wishes[i].sym);
		else
			sb_addf(out, "# CONFIG_%s is not set\n", cfg->wishes[i].sym);
	}
}

/* Does side s of hunk hi hold in its configuration's .config of that side?  Another way may. */
static int verify(struct planner *pl, size_t hi, enum cov_side s)
{
	struct cov_side_plan *sp = &pl->p->sides[hi][s];
	const struct cov_config *cfg = &pl->p->configs[sp->config];
	struct overlay o = { &cfg->values[s], NULL, 0, NULL, 0, 0 };

	if (way_holds(pl, s, hi, &sp->ways[sp->way], &o))
		return 1;
	for (size_t w = 0; w < sp->nways; w++)
		if ((!sp->ways[w].arch || !strcmp(sp->ways[w].arch, cfg->arch)) &&
		    way_holds(pl, s, hi, &sp->ways[w], &o)) {
			sp->way = w;
			return 1;
		}
	return 0;
}

/* Why side s of hunk hi did not hold in its configuration: the wishes the .config lost. */
static char *lost_wishes(struct planner *pl, size_t hi, enum cov_side s)
{
	const struct cov_side_plan *sp = &pl->p->sides[hi][s];
	const struct cov_config *cfg = &pl->p->configs[sp->config];
	struct strbuf sb = STRBUF_INIT;
	size_t shown = 0;

	for (size_t i = 0; i < cfg->nwishes; i++) {
		const char *v = kconfig_value(&cfg->values[s], cfg->wishes[i].sym);
		int is_on = v && strcmp(v, "n");

		if (is_on == cfg->wishes[i].on || (s == COV_AFTER && strset_has(pl->in->removed, cfg->wishes[i].sym)))
			continue;
		if (shown++ < 6)
			sb_addf(&sb, "%sCONFIG_%s=%s", sb.len ? ", " : "", cfg->wishes[i].sym,
				cfg->wishes[i].on ? "y" : "n");
	}
	if (!sb.len) {
		sb_release(&sb);
		return xasprintf("its configuration (%s) does not reach it", cfg->name);
	}
	{
		char *why = xasprintf("olddefconfig did not keep %s%s (excise kconfig depends tells why)",
				      sb.buf, shown > 6 ? ", ..." : "");

		sb_release(&sb);
		return why;
	}
}

static int configure_all(struct planner *pl, struct strbuf *err)
{
	for (size_t c = 0; c < pl->p->n; c++) {
		struct cov_config *cfg = &pl->p->configs[c];

		if (cfg->configured)
			continue;
		for (int s = 0; s < 2; s++) {
			kconfig_values_release(&cfg->values[s]);
			if (pl->in->conf->configure(pl->in->conf->ctx, (enum cov_side)s, cfg, &cfg->values[s], err) < 0)
				return -1;
		}
		cfg->configured = 1;
	}
	return 0;
}

int coverage_plan_make(struct coverage_plan *p, const struct coverage_plan_input *in, struct strbuf *err)
{
	struct planner pl = { in, p, NULL, NULL, STRBUF_INIT, STRMAP_INIT, NULL, 0, 0, STRBUF_INIT };
	const struct coverage *cov = in->cov;
	int rounds = in->max_rounds ? in->max_rounds : 3, rc = 0;
	size_t first = 0;

	memset(p, 0, sizeof(*p));
	p->nsides = cov->n;
	p->sides = xcalloc(cov->n ? cov->n : 1, sizeof(*p->sides));
	/* Each architecture's base, as olddefconfig makes it: when a side first needs it. */
	pl.base = xcalloc(in->arches->n ? in->arches->n : 1, sizeof(*pl.base));
	pl.base_state = xcalloc(in->arches->n ? in->arches->n : 1, sizeof(int));
	for (size_t h = 0; h < cov->n; h++)
		for (int s = 0; s < 2; s++) {
			p->sides[h][s].config = -1;
			if (cov->hunks[h].has_side[s] && (cov->files[cov->hunks[h].file].have[s] || cov->hunks[h].object))
				find_ways(&pl, h, (enum cov_side)s);
		}
	for (int round = 0; round < rounds; round++) {
		size_t placed = 0, start = p->n;

		for (size_t h = 0; h < cov->n; h++)
			for (int s = 0; s < 2; s++) {
				struct cov_side_plan *sp = &p->sides[h][s];

				if (sp->config >= 0 || !sp->nways || sp->settled)
					continue;
				/* After the first round, a side that did not hold gets configurations of its own. */
				placed += (size_t)place(&pl, h, (enum cov_side)s, round ? start : first,
							s == COV_AFTER ? p->sides[h][COV_BEFORE].config : -1);
			}
		if (!placed && round)
			break;
		if (configure_all(&pl, err) < 0) {
			rc = -1;
			goto out;
		}
		for (size_t h = 0; h < cov->n; h++)
			for (int s = 0; s < 2; s++) {
				struct cov_side_plan *sp = &p->sides[h][s];

				if (sp->config < 0 || verify(&pl, h, (enum cov_side)s))
					continue;
				free(sp->why);
				sp->why = lost_wishes(&pl, h, (enum cov_side)s);
				if (p->configs[sp->config].target < 32)
					sp->failed_targets |= 1u << p->configs[sp->config].target;
				sp->config = -1;
			}
	}
	if (!p->n && pl.base_err.len) {
		/* Not one configuration: the architectures could not be configured. */
		sb_adds(err, pl.base_err.buf);
		rc = -1;
		goto out;
	}
	/* What each configuration builds and watches. */
	for (size_t h = 0; h < cov->n; h++)
		for (int s = 0; s < 2; s++) {
			struct cov_side_plan *sp = &p->sides[h][s];
			struct cov_config *cfg;

			if (sp->config < 0)
				continue;
			cfg = &p->configs[sp->config];
			if (!sv_contains(&cfg->objects[s], sp->ways[sp->way].object))
				sv_push(&cfg->objects[s], sp->ways[sp->way].object);
			if (!cov->hunks[h].object && !sv_contains(&cfg->files, cov->files[cov->hunks[h].file].path))
				sv_push(&cfg->files, cov->files[cov->hunks[h].file].path);
		}
out:
	for (size_t a = 0; a < in->arches->n; a++)
		kconfig_values_release(&pl.base[a]);
	free(pl.base);
	free(pl.base_state);
	sb_release(&pl.base_err);
	for (size_t i = 0; i < pl.nneeds; i++)
		kbuild_needs_release(&pl.needs[i]);
	free(pl.needs);
	strmap_clear(&pl.needs_map);
	sb_release(&pl.why);
	return rc;
}

void coverage_plan_release(struct coverage_plan *p)
{
	for (size_t i = 0; i < p->n; i++) {
		struct cov_config *c = &p->configs[i];

		free(c->arch);
		free(c->base);
		free(c->name);
		for (size_t k = 0; k < c->nwishes; k++)
			free(c->wishes[k].sym);
		free(c->wishes);
		for (int s = 0; s < 2; s++) {
			sv_clear(&c->objects[s]);
			kconfig_values_release(&c->values[s]);
		}
		sv_clear(&c->files);
	}
	free(p->configs);
	for (size_t h = 0; h < p->nsides; h++)
		for (int s = 0; s < 2; s++) {
			for (size_t w = 0; w < p->sides[h][s].nways; w++) {
				free(p->sides[h][s].ways[w].object);
				free(p->sides[h][s].ways[w].arch);
			}
			free(p->sides[h][s].ways);
			free(p->sides[h][s].why);
		}
	free(p->sides);
	memset(p, 0, sizeof(*p));
}
