/*
 * derive.c - resolve targets, and derive a subsystem's footprint from the
 * tree: the symbols its Kbuild lines and Kconfig files tie to it, the
 * directories and objects those symbols build, the Documentation pages its
 * help text names, the headers and exported functions it may own (the
 * candidates are confirmed or dropped by locate, which sees every use).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "clex.h"
#include "gone.h"
#include "kbuild.h"
#include "kconfig.h"
#include "scan.h"
#include "target.h"

/* An obj-/lib-/subdir- assignment of some Makefile. */
struct objline {
	char *makefile;     /* path of the Makefile */
	char *dir;          /* its directory ("" for the top) */
	size_t line;
	char *var;
	char *sym;          /* conditional symbol, or NULL for obj-y */
	struct strvec guards;   /* the symbols of the ifdef/ifeq blocks around it (then branches),
				   outermost first, an include's too */
	struct strvec words;
};

/*
 * A Makefile fragment a Makefile includes ("include $(src)/Makefile.s3c24xx"),
 * with the symbols of the ifdef blocks around the include.
 */
struct kinclude {
	char *fragment;     /* tree path of the fragment */
	char *makefile;
	size_t line;
	struct strvec guards;
};

struct derive {
	const struct tree *t;
	struct footprint *fp;
	/* the Makefiles (struct makefiles): read-only, owned when owns_lines */
	struct objline *lines;
	size_t n, cap;
	struct kinclude *incs;
	size_t ninc, inccap;
	/*
	 * The lines' indices sorted by directory, and those with a symbol by
	 * symbol (ties in tree order): the lines of one directory or one symbol
	 * are a run found by binary search, not a pass over every Makefile.
	 */
	size_t *by_dir, *by_sym;
	size_t nsym;
	int owns_lines;
	const struct kconfig_db *db;
	struct strset parts;   /* owned files that were parts of a kept composite object */
	struct dir_cache *dirs;   /* made as asked (dir_lines); not the derivation's state */
};

/* A word of a line, or a part list's stem (foo of foo-objs), with where it stands. */
struct line_word {
	const char *text;
	size_t len;
	size_t line;   /* index into lines */
	size_t rank;   /* of the line in by_dir: tree order within the directory */
};

/*
 * The lines of one directory, indexed for the questions derive asks of it
 * again and again: which lines list word (word_kept_elsewhere), which
 * are the part lists of stem (composite_parts).  A pass over the
 * directory's lines per question made a Makefile of a million lines
 * quadratic.
 */
struct dir_lines {
	struct line_word *words;   /* sorted by text, then rank */
	size_t nwords;
	struct line_word *stems;   /* sorted by text, then rank */
	size_t nstems;
};

struct dir_cache {
	struct strmap names;       /* directory -> index into v */
	struct dir_lines **v;      /* NULL until asked */
	size_t cap;
};

/*
 * The object lines of every Makefile of a tree and the fragments they
 * include, indexed: what derivation reads of the Makefiles, loaded once
 * (makefiles_load) and shared by every derivation of a run.
 */
struct makefiles {
	struct objline *lines;
	size_t n;
	struct kinclude *incs;
	size_t ninc;
	size_t *by_dir, *by_sym;
	size_t nsym;
};

static int cmp_by_dir(const void *a, const void *b, void *ctx)
{
	const struct objline *l = ctx;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = strcmp(l[x].dir, l[y].dir);

	return c ? c : x < y ? -1 : x > y;
}

static int cmp_by_sym(const void *a, const void *b, void *ctx)
{
	const struct objline *l = ctx;
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = strcmp(l[x].sym, l[y].sym);

	return c ? c : x < y ? -1 : x > y;
}

static void index_lines(struct derive *d)
{
	d->by_dir = xmalloc((d->n + 1) * sizeof(*d->by_dir));
	d->by_sym = xmalloc((d->n + 1) * sizeof(*d->by_sym));
	for (size_t i = 0; i < d->n; i++) {
		d->by_dir[i] = i;
		if (d->lines[i].sym)
			d->by_sym[d->nsym++] = i;
	}
	if (d->n)
		qsort_r(d->by_dir, d->n, sizeof(*d->by_dir), cmp_by_dir, d->lines);
	if (d->nsym)
		qsort_r(d->by_sym, d->nsym, sizeof(*d->by_sym), cmp_by_sym, d->lines);
}

/*
 * The run of idx[0..n) whose key (the dir or sym of their lines) is key:
 * returns its start, its length in *len.
 */
static size_t run_of(const struct derive *d, const size_t *idx, size_t n, int by_sym,
		     const char *key, size_t *len)
{
	size_t lo = 0, hi = n, start;

#define KEY(i) (by_sym ? d->lines[idx[i]].sym : d->lines[idx[i]].dir)
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(KEY(mid), key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	start = lo;
	while (lo < n && !strcmp(KEY(lo), key))
		lo++;
#undef KEY
	*len = lo - start;
	return start;
}

static char *dir_of(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? xstrndup(path, (size_t)(s - path)) : xstrdup("");
}

static int tree_has(const struct tree *t, const char *rel)
{
	char *full = path_join(t->root, rel);
	struct stat st;
	int ok = stat(full, &st) == 0;

	free(full);
	return ok;
}

static int tree_is_dir(const struct tree *t, const char *rel)
{
	char *full = path_join(t->root, rel);
	struct stat st;
	int ok = stat(full, &st) == 0 && S_ISDIR(st.st_mode);

	free(full);
	return ok;
}


/* Variables that list objects or directories to build. */
static int is_object_list(const char *var)
{
	return starts_with(var, "obj-") || starts_with(var, "lib-") || starts_with(var, "subdir-") ||
	       starts_with(var, "core-") || starts_with(var, "drivers-") || starts_with(var, "dtb-");
}

/* One loader thread's share of the Makefiles: t->files.v[idx[lo..hi-1]]. */
struct makefile_share {
	const struct tree *t;
	const size_t *idx;
	size_t lo, hi;
	struct objline *lines;
	size_t n, cap;
	struct kinclude *incs;
	size_t ninc, inccap;
};

/*
 * The fragment an include line of the Makefile at path names, if it is
 * "include $(src)/NAME" or "include $(srctree)/$(src)/NAME" (-include and
 * sinclude alike): the Makefile's own directory, where Kbuild runs it.
 */
static char *included_fragment(const char *path, const char *buf, size_t s, size_t e)
{
	static const char *const pre[] = { "$(srctree)/$(src)/", "$(src)/", "$(obj)/" };
	size_t n;
	char *dir, *r = NULL;

	while (s < e && isspace((unsigned char)buf[s]))
		s++;
	if (s < e && (buf[s] == '-' || buf[s] == 's'))
		s++;
	if (e - s < 8 || strncmp(buf + s, "include", 7) || !isspace((unsigned char)buf[s + 7]))
		return NULL;
	for (s += 7; s < e && isspace((unsigned char)buf[s]); s++)
		;
	for (n = 0; s + n < e && !isspace((unsigned char)buf[s + n]); n++)
		;
	for (size_t i = 0; i < ARRAY_SIZE(pre); i++) {
		size_t k = strlen(pre[i]);

		if (n > k && !strncmp(buf + s, pre[i], k) && !memchr(buf + s + k, '$', n - k)) {
			dir = dir_of(path);
			r = dir[0] ? xasprintf("%s/%.*s", dir, (int)(n - k), buf + s + k)
				   : xasprintf("%.*s", (int)(n - k), buf + s + k);
			free(dir);
			break;
		}
	}
	return r;
}

/*
 * A part list whose name joins several symbols, read only in its all-y
 * form, is built only when every one of them is set: the symbols after the
 * first (o->sym) are guards of the line.  drivers/video/fbdev/omap/Makefile
 * (6.1), MACH_OMAP_INNOVATOR removed (6.2):
 *	lcds-$(CONFIG_ARCH_OMAP16XX)$(CONFIG_MACH_OMAP_INNOVATOR) += lcd_inn1610.o
 *	obj-$(CONFIG_FB_OMAP) += $(lcds-yy)
 * Not for object lists (obj-$(CONFIG_A)$(CONFIG_B) is obj-y when either
 * alone is set), nor when the Makefile reads a shorter form too.
 */
static void joined_symbols(struct objline *o, const char *buf)
{
	const char *first = strstr(o->var, "$(CONFIG_"), *p;
	struct strvec syms = STRVEC_INIT;
	struct strbuf name = STRBUF_INIT;
	int only_full = 1;

	if (!first || is_object_list(o->var))
		return;
	sb_addn(&name, o->var, (size_t)(first - o->var));
	/* only symbols after the first: foo-$(CONFIG_A)$(CONFIG_B) */
	for (p = first; *p && only_full;) {
		char *sym = starts_with(p, "$(CONFIG_") ? kbuild_var_symbol(p) : NULL;

		if (!sym) {
			only_full = 0;
			break;
		}
		p = strchr(p, ')') + 1;
		sv_push_owned(&syms, sym);
		sb_addc(&name, 'y');
	}
	if (syms.n >= 2 && only_full) {
		/* the forms an unset symbol leaves: one 'y' fewer each */
		for (size_t k = 0; k <= syms.n && only_full; k++) {
			char *ref = xasprintf("$(%.*s)", (int)(name.len - k), name.buf);

			if ((k == 0) != (strstr(buf, ref) != NULL))
				only_full = 0;
			free(ref);
		}
		for (size_t i = 1; i < syms.n && only_full; i++)
			sv_push(&o->guards, syms.v[i]);
	}
	sv_clear(&syms);
	sb_release(&name);
}

/* Parse share i's Makefiles into its own list of assignments (parallel_for). */
static void load_makefile_share(void *ctx, int worker, size_t share)
{
	struct makefile_share *sh = (struct makefile_share *)ctx + share;
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;

	(void)worker;

	for (size_t i = sh->lo; i < sh->hi; i++) {
		const char *path = sh->t->files.v[sh->idx[i]];
		struct kbuild_file kf;

		if (tree_read(sh->t, path, &sb) < 0)
			continue;
		sb_reset(&err);
		if (kbuild_parse(&kf, path, sb.buf, sb.len, &err) < 0)
			continue;   /* locate does not need every Makefile; remove reports it */
		/* The guards of the blocks around each line: ifdef CONFIG_G's then branch is G. */
		char *guards[16] = { NULL };
		int depth = 0;

		for (size_t k = 0; k < kf.n; k++) {
			struct kbuild_line *l = &kf.lines[k];
			struct objline *o;
			int neg = 0;

			if (l->kind == KB_IF) {
				char *g = kbuild_cond_symbol(l->cond, &neg);

				if (depth < (int)ARRAY_SIZE(guards))
					guards[depth] = neg ? (free(g), NULL) : g;
				else
					free(g);
				depth++;
				continue;
			}
			if (l->kind == KB_ELSE || l->kind == KB_ENDIF) {
				if (depth > 0 && depth <= (int)ARRAY_SIZE(guards)) {
					free(guards[depth - 1]);
					guards[depth - 1] = NULL;
				}
				if (l->kind == KB_ENDIF && depth > 0)
					depth--;
				continue;
			}
			if (l->kind == KB_OTHER) {
				char *frag = included_fragment(path, kf.buf, l->start, l->end);
				struct kinclude *inc;

				if (!frag)
					continue;
				GROW(sh->incs, sh->inccap, sh->ninc + 1);
				inc = &sh->incs[sh->ninc++];
				memset(inc, 0, sizeof(*inc));
				inc->fragment = frag;
				inc->makefile = xstrdup(path);
				inc->line = l->line;
				for (int g = 0; g < depth && g < (int)ARRAY_SIZE(guards); g++)
					if (guards[g])
						sv_push(&inc->guards, guards[g]);
				continue;
			}
			if (l->kind != KB_ASSIGN)
				continue;
			GROW(sh->lines, sh->cap, sh->n + 1);
			o = &sh->lines[sh->n++];
			memset(o, 0, sizeof(*o));
			o->makefile = xstrdup(path);
			o->dir = dir_of(path);
			o->line = l->line;
			o->var = xstrdup(l->var);
			o->sym = kbuild_var_symbol(l->var);
			for (int g = 0; g < depth && g < (int)ARRAY_SIZE(guards); g++)
				if (guards[g])
					sv_push(&o->guards, guards[g]);
			joined_symbols(o, kf.buf);
			for (size_t w = 0; w < l->nwords; w++)
				sv_push_owned(&o->words, kbuild_word(&kf, &l->words[w]));
		}
		for (size_t g = 0; g < ARRAY_SIZE(guards); g++)
			free(guards[g]);
		kbuild_release(&kf);
	}
	sb_release(&sb);
	sb_release(&err);
}

/*
 * Every obj-/lib-/... assignment of the tree's Makefiles, in tree order,
 * read and parsed by a few threads (a tree has thousands of small
 * Makefiles): each takes a consecutive run of them, so the runs joined in
 * order are in tree order.
 */
/* The symbol of the innermost ifdef block around a line, or NULL. */
static const char *inner_guard(const struct objline *o)
{
	return o->guards.n ? o->guards.v[o->guards.n - 1] : NULL;
}

/* True if a Makefile other than include i's includes its fragment too. */
static int included_elsewhere(const struct derive *d, size_t i)
{
	for (size_t k = 0; k < d->ninc; k++)
		if (k != i && !strcmp(d->incs[k].fragment, d->incs[i].fragment))
			return 1;
	return 0;
}

static void load_makefiles(struct derive *d)
{
	size_t nthreads = (size_t)scan_default_threads(), nmk = 0;
	size_t *idx = xmalloc((d->t->files.n + 1) * sizeof(*idx));
	struct makefile_share *sh = xcalloc(nthreads, sizeof(*sh));

	for (size_t i = 0; i < d->t->files.n; i++) {
		const char *path = d->t->files.v[i];

		if (is_makefile(path) && !starts_with(path, "tools/") && !starts_with(path, "scripts/"))
			idx[nmk++] = i;
	}
	for (size_t i = 0; i < nthreads; i++)
		sh[i] = (struct makefile_share){ .t = d->t, .idx = idx, .lo = nmk * i / nthreads,
						 .hi = nmk * (i + 1) / nthreads };
	/* The shares are merged in order: the lines stay in tree order. */
	parallel_for(nthreads, (int)nthreads, load_makefile_share, sh);
	for (size_t i = 0; i < nthreads; i++) {
		GROW(d->lines, d->cap, d->n + sh[i].n);
		if (sh[i].n)   /* an empty Makefile has no lines array: no memcpy from NULL */
			memcpy(d->lines + d->n, sh[i].lines, sh[i].n * sizeof(*sh[i].lines));
		d->n += sh[i].n;
		free(sh[i].lines);
		GROW(d->incs, d->inccap, d->ninc + sh[i].ninc);
		if (sh[i].ninc)
			memcpy(d->incs + d->ninc, sh[i].incs, sh[i].ninc * sizeof(*sh[i].incs));
		d->ninc += sh[i].ninc;
		free(sh[i].incs);
	}
	free(sh);
	free(idx);
	/*
	 * A fragment included once, from inside ifdef blocks, is built only
	 * under their symbols: its lines carry them too (arch/arm/mach-s3c/
	 * Makefile: ifdef CONFIG_ARCH_S3C24XX / include $(src)/Makefile.s3c24xx).
	 */
	for (size_t i = 0; i < d->ninc; i++) {
		const struct kinclude *inc = &d->incs[i];

		if (!inc->guards.n || included_elsewhere(d, i))
			continue;
		for (size_t k = 0; k < d->n; k++) {
			struct objline *o = &d->lines[k];
			struct strvec g = STRVEC_INIT;

			if (strcmp(o->makefile, inc->fragment))
				continue;
			for (size_t j = 0; j < inc->guards.n; j++)
				sv_push(&g, inc->guards.v[j]);
			for (size_t j = 0; j < o->guards.n; j++)
				sv_push(&g, o->guards.v[j]);
			sv_clear(&o->guards);
			o->guards = g;
		}
	}
}

/*
 * dir/<w with its last cut characters replaced by ext>, normalised: a word
 * may climb (drivers/usb/core/Makefile: usbcore-y +=
 * ../misc/onboard_usb_hub_pdevs.o names drivers/usb/misc/...).  A trailing
 * slash stays; NULL when the word leads out of the tree.
 */
static char *word_in_dir(const char *dir, const char *w, size_t cut, const char *ext)
{
	size_t n = strlen(w) - cut;
	char *rel = dir[0] ? xasprintf("%s/%.*s%s", dir, (int)n, w, ext) : xasprintf("%.*s%s", (int)n, w, ext);
	int is_dir = 0;
	char *norm = path_normalize(rel, &is_dir);

	free(rel);
	if (norm && !norm[0]) {
		free(norm);
		return NULL;
	}
	if (norm && is_dir) {
		char *slashed = xasprintf("%s/", norm);

		free(norm);
		norm = slashed;
	}
	return norm;
}

/*
 * The tree path a word of an object list in dir names: "a.o" -> dir/a.c,
 * "b/" -> dir/b/, and a device tree blob "c.dtb" -> dir/c.dts (the
 * platform's boards: dtb-$(CONFIG_ARCH_OXNAS) += ox820-....dtb).
 */
static char *word_path(const struct derive *d, const char *dir, const char *w)
{
	size_t n = strlen(w);
	char *rel;
	static const char *const exts[] = { ".c", ".S", ".rs" };

	if (n > 1 && w[n - 1] == '/')
		return word_in_dir(dir, w, 0, "");
	if (n > 4 && !strcmp(w + n - 4, ".dtb")) {
		rel = word_in_dir(dir, w, 4, ".dts");
		if (rel && tree_has(d->t, rel))
			return rel;
		free(rel);
		return NULL;
	}
	if (n < 3 || strcmp(w + n - 2, ".o"))
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(exts); i++) {
		rel = word_in_dir(dir, w, 2, exts[i]);
		if (rel && tree_has(d->t, rel))
			return rel;
		free(rel);
	}
	return NULL;
}

/*
 * What the suffix of a variable after its stem makes it: 1 for a composite
 * object's part list ("-objs", "-y", "-m"), 2 for parts under a symbol
 * ("-$(CONFIG_X)"), 0 for anything else.
 */
static int part_list_suffix(const char *suffix)
{
	if (!strcmp(suffix, "-objs") || !strcmp(suffix, "-y") || !strcmp(suffix, "-m"))
		return 1;
	return starts_with(suffix, "-$(") ? 2 : 0;
}

static int cmp_line_word(const void *a, const void *b)
{
	const struct line_word *x = a, *y = b;
	int c = memcmp(x->text, y->text, x->len < y->len ? x->len : y->len);

	if (c)
		return c;
	if (x->len != y->len)
		return x->len < y->len ? -1 : 1;
	return x->rank < y->rank ? -1 : x->rank > y->rank;
}

static void push_line_word(struct line_word **v, size_t *n, size_t *cap, const char *text, size_t len,
			   size_t line, size_t rank)
{
	GROW(*v, *cap, *n + 1);
	(*v)[(*n)++] = (struct line_word){ text, len, line, rank };
}

/* The index of dir's lines, made on the first question about dir. */
static const struct dir_lines *dir_lines(const struct derive *d, const char *dir)
{
	struct dir_cache *c = d->dirs;
	size_t k = strmap_intern(&c->names, dir), len, first, wcap = 0, scap = 0;
	struct dir_lines *dl;

	if (k < c->cap && c->v[k])
		return c->v[k];
	while (c->cap <= k) {
		size_t old = c->cap;

		GROW(c->v, c->cap, k + 1);
		memset(c->v + old, 0, (c->cap - old) * sizeof(*c->v));
	}
	dl = c->v[k] = xcalloc(1, sizeof(*dl));
	first = run_of(d, d->by_dir, d->n, 0, dir, &len);
	for (size_t r = first; r < first + len; r++) {
		size_t i = d->by_dir[r];
		const struct objline *o = &d->lines[i];

		for (size_t w = 0; w < o->words.n; w++)
			push_line_word(&dl->words, &dl->nwords, &wcap, o->words.v[w], strlen(o->words.v[w]),
				       i, r);
		/* every stem the variable is a part list of: foo of foo-y, foo-$(CONFIG_X) */
		for (const char *dash = o->var; *dash && (dash = strchr(dash + 1, '-'));)
			if (part_list_suffix(dash))
				push_line_word(&dl->stems, &dl->nstems, &scap, o->var,
					       (size_t)(dash - o->var), i, r);
	}
	if (dl->nwords)
		qsort(dl->words, dl->nwords, sizeof(*dl->words), cmp_line_word);
	if (dl->nstems)
		qsort(dl->stems, dl->nstems, sizeof(*dl->stems), cmp_line_word);
	return dl;
}

/* The run of v[0..n) whose text is text: its start, its length in *len. */
static size_t run_of_text(const struct line_word *v, size_t n, const char *text, size_t *len)
{
	struct line_word key = { text, strlen(text), 0, 0 };
	size_t lo = 0, hi = n, start;

	while (lo < hi) {   /* the first at or after text (rank 0 sorts first) */
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_line_word(&v[mid], &key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	start = lo;
	while (lo < n && v[lo].len == key.len && !memcmp(v[lo].text, text, key.len))
		lo++;
	*len = lo - start;
	return start;
}

static void dir_cache_release(struct dir_cache *c)
{
	for (size_t i = 0; i < c->cap; i++)
		if (c->v[i]) {
			free(c->v[i]->words);
			free(c->v[i]->stems);
			free(c->v[i]);
		}
	free(c->v);
	strmap_clear(&c->names);
}

/* The parts of composite object stem in dir (stem-objs, stem-y): their paths. */
static void composite_parts(const struct derive *d, const char *dir, const char *stem,
			    struct strvec *out)
{
	const struct dir_lines *dl = dir_lines(d, dir);
	size_t len, first = run_of_text(dl->stems, dl->nstems, stem, &len);

	for (size_t r = first; r < first + len; r++) {
		const struct objline *o = &d->lines[dl->stems[r].line];

		for (size_t w = 0; w < o->words.n; w++) {
			char *p = word_path(d, dir, o->words.v[w]);

			if (p)
				sv_push_owned(out, p);
		}
	}
}

/* Add path to the footprint, found by why; sym: the symbol of the Kbuild line that builds it. */
static int add_path(struct derive *d, const char *path, const char *why, const char *sym)
{
	if (footprint_owns(d->fp, path))
		return 0;
	sv_push(&d->fp->paths, path);
	footprint_index(d->fp);
	if (sym) {
		GROW(d->fp->built, d->fp->built_cap, d->fp->nbuilt + 1);
		d->fp->built[d->fp->nbuilt++] = (struct built_path){ xstrdup(path), xstrdup(sym) };
	}
	sv_push_owned(&d->fp->derivation, xasprintf("path %s: %s", path, why));
	return 1;
}

static int add_symbol(struct derive *d, const char *sym, const char *why)
{
	if (footprint_has_symbol(d->fp, sym))
		return 0;
	sv_push(&d->fp->symbols, sym);
	footprint_index(d->fp);
	sv_push_owned(&d->fp->derivation, xasprintf("symbol %s: %s", sym, why));
	return 1;
}

/*
 * The removed symbol a Makefile line builds under: its own (obj-$(CONFIG_X))
 * if the footprint has it, else that of an ifdef block around it (or
 * around the include of its fragment) that goes, else NULL.
 */
static const char *removed_by(const struct derive *d, const struct objline *o)
{
	if (o->sym && footprint_has_symbol(d->fp, o->sym))
		return o->sym;
	for (size_t g = 0; g < o->guards.n; g++)
		if (footprint_has_symbol(d->fp, o->guards.v[g]))
			return o->guards.v[g];
	return NULL;
}

/* Why a word of a line goes: "fs/Makefile:9: obj-y += foo_glue.o (built only under CONFIG_FOO_FS)". */
static char *objline_why(const struct objline *o, const char *word, const char *by)
{
	if (o->sym && !strcmp(o->sym, by))
		return xasprintf("%s:%zu: %s += %s", o->makefile, o->line, o->var, word);
	return xasprintf("%s:%zu: %s += %s (built only under CONFIG_%s)", o->makefile, o->line, o->var, word, by);
}

/* True if a word of an object list in dir names an owned object or directory (no disk access). */
static int word_owned(const struct derive *d, const char *dir, const char *w)
{
	size_t n = strlen(w);
	static const char *const exts[] = { ".c", ".S", ".rs" };
	int owned = 0;
	char *rel;

	if (n > 1 && w[n - 1] == '/') {
		rel = word_in_dir(dir, w, 0, "");
		owned = rel && footprint_owns(d->fp, rel);
		free(rel);
		return owned;
	}
	if (n < 3 || strcmp(w + n - 2, ".o"))
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(exts) && !owned; i++) {
		rel = word_in_dir(dir, w, 2, exts[i]);
		owned = rel && footprint_owns(d->fp, rel);
		free(rel);
	}
	return owned;
}

/* True if every object and directory the symbol builds is owned. */
static int symbol_builds_only_owned(const struct derive *d, const char *sym)
{
	int any = 0;
	size_t len, first = run_of(d, d->by_sym, d->nsym, 1, sym, &len);

	for (size_t r = first; r < first + len; r++) {
		const struct objline *o = &d->lines[d->by_sym[r]];

		if (!is_object_list(o->var))
			continue;
		for (size_t w = 0; w < o->words.n; w++) {
			if (!word_owned(d, o->dir, o->words.v[w]))
				return 0;
			any = 1;
		}
	}
	return any;
}

/*
 * A tenant of the Kconfig file kpath: a symbol it defines whose code lives
 * elsewhere, because every object list that names the symbol builds outside
 * kpath's directory.  drivers/net/appletalk/Kconfig (6.1) defines ATALK,
 * the protocol (net/Makefile: obj-$(CONFIG_ATALK) += appletalk/), next to
 * the DEV_APPLETALK drivers; drivers/char/pcmcia/Kconfig defines
 * IPWIRELESS, whose code is drivers/tty/ipwireless/.  Removing the drivers
 * does not remove the protocol: the tenant is not the footprint's, and its
 * Kconfig file stays when the directory goes (fp->tenant_files).
 */
static int is_tenant(const struct derive *d, const char *sym, const char *kpath)
{
	const char *slash = strrchr(kpath, '/');
	size_t dn = slash ? (size_t)(slash - kpath) + 1 : 0;
	size_t len, first = run_of(d, d->by_sym, d->nsym, 1, sym, &len);
	int any = 0;

	if (!dn)
		return 0;
	for (size_t r = first; r < first + len; r++) {
		const struct objline *o = &d->lines[d->by_sym[r]];

		if (!is_object_list(o->var))
			continue;
		for (size_t w = 0; w < o->words.n; w++) {
			/* a composite object (appletalk.o of appletalk-y) has no file: its Makefile's place */
			char *p = word_path(d, o->dir, o->words.v[w]);
			char *at = p ? p : xasprintf("%s/", o->dir);
			int inside = !strncmp(at, kpath, dn);

			if (!p)
				free(at);

			free(p);
			if (inside)
				return 0;
			any = 1;
		}
	}
	return any;
}

static void add_tenant_file(struct derive *d, const char *kpath, const char *sym)
{
	for (size_t i = 0; i < d->fp->tenant_files.n; i++)
		if (!strcmp(d->fp->tenant_files.v[i], kpath) && !strcmp(d->fp->tenant_syms.v[i], sym))
			return;
	sv_push(&d->fp->tenant_files, kpath);
	sv_push(&d->fp->tenant_syms, sym);
	sv_push_owned(&d->fp->derivation,
		      xasprintf("kept %s: it defines %s, whose code is outside its directory", kpath, sym));
}

/*
 * True if a line of skip's directory other than skip, and not conditional on
 * a symbol of the footprint, lists word: a kept line still builds it.
 *
 * arch/arm/mach-footbridge/Makefile (6.1), ARCH_CATS removed (6.3):
 *	obj-$(CONFIG_ARCH_CATS) += cats-hw.o isa-timer.o
 *	obj-$(CONFIG_ARCH_NETWINDER) += netwinder-hw.o isa-timer.o
 * cats-hw.c goes with the first line; isa-timer.c stays, and so does the
 * second line whole.
 */
/* True if a and b are members of one choice (one definition each). */
static int choice_siblings(const struct kconfig_db *db, const char *a, const char *b)
{
	size_t na, nb;
	const struct kconfig_def *x = kconfig_defs(db, a, &na), *y = kconfig_defs(db, b, &nb);

	return na == 1 && nb == 1 && strcmp(a, b) && x->choice_line && x->choice_line == y->choice_line &&
	       !strcmp(x->path, y->path);
}

/* The members of g's choice other than g that list word in dir's Makefile lines, counted up to 2. */
static size_t members_listing(const struct derive *d, const char *g, const char *dir, const char *word,
			      const char **one)
{
	size_t len, first = run_of(d, d->by_dir, d->n, 0, dir, &len), n = 0;

	*one = NULL;
	for (size_t r = first; r < first + len && n < 2; r++) {
		const struct objline *x = &d->lines[d->by_dir[r]];

		if (!x->sym || !sv_contains(&x->words, word) || !choice_siblings(d->db, g, x->sym) ||
		    (*one && !strcmp(*one, x->sym)))
			continue;
		if (!*one)
			*one = x->sym;
		n++;
	}
	return n;
}

/*
 * True if choice member g is its choice's catch-all: its lines list the
 * own objects of at least two other members (objects that one other
 * member's line lists, and no third member's).  ALPHA_GENERIC ("Generic",
 * the kernel for every Alpha) is one: arch/alpha/kernel/Makefile (6.1) has
 *	ifdef CONFIG_ALPHA_GENERIC
 *	obj-y += ... sys_jensen.o sys_miata.o ...
 *	else
 *	obj-$(CONFIG_ALPHA_JENSEN) += sys_jensen.o pci-noop.o irq_i8259.o
 *	obj-$(CONFIG_ALPHA_MIATA) += sys_miata.o ...
 * ALPHA_ALCOR, whose line shares irq_i8259.o with a dozen members, is not;
 * nor is a board that shares a driver with one other board.
 */
static int is_catch_all(const struct derive *d, const char *g)
{
	struct strset owners = STRSET_INIT;
	int yes = 0;

	for (size_t i = 0; i < d->n && !yes; i++) {
		const struct objline *o = &d->lines[i];

		const char *in = inner_guard(o);

		if (!(o->sym ? !strcmp(o->sym, g) : in && !strcmp(in, g)))
			continue;
		for (size_t w = 0; w < o->words.n && !yes; w++) {
			const char *one;

			if (members_listing(d, g, o->dir, o->words.v[w], &one) == 1) {
				strset_add(&owners, one);
				yes = owners.n >= 2;
			}
		}
	}
	strset_clear(&owners);
	return yes;
}

/*
 * Is name a removed symbol's own: the symbol in lower case (*exact set),
 * or that followed by '_' and more (alpha_jensen, alpha_jensen_set_mctrl
 * for ALPHA_JENSEN)?
 */
static int named_for_removed(const struct footprint *fp, const char *name, int *exact)
{
	for (size_t i = 0; i < fp->symbols.n; i++) {
		const char *s = fp->symbols.v[i];
		size_t k = 0;

		while (s[k] && name[k] && tolower((unsigned char)s[k]) == name[k])
			k++;
		if (s[k] || (name[k] && name[k] != '_'))
			continue;
		if (exact)
			*exact = !name[k];
		return 1;
	}
	return 0;
}

/* The names buf defines non-static (c_definitions without the lines). */
static void defined_names(const char *buf, size_t len, struct strvec *out)
{
	c_definitions(buf, len, out);
	for (size_t i = 0; i < out->n; i++)
		*strrchr(out->v[i], ':') = '\0';
}

/*
 * Is the source of part word (of dir's Makefile) the removed symbols' own
 * code: it defines something non-static, and every such name is named for
 * a removed symbol?
 */
static int part_named_for_removed(const struct derive *d, const char *dir, const char *word)
{
	char *src = word_path(d, dir, word);
	struct strbuf sb = STRBUF_INIT;
	struct strvec defs = STRVEC_INIT;
	int yes = 0;

	if (src && ends_with(src, ".c") && tree_read(d->t, src, &sb) == 0) {
		defined_names(sb.buf, sb.len, &defs);
		yes = defs.n > 0;
		for (size_t i = 0; i < defs.n && yes; i++)
			yes = named_for_removed(d->fp, defs.v[i], NULL);
	}
	sv_clear(&defs);
	sb_release(&sb);
	free(src);
	return yes;
}

static int word_kept_elsewhere(const struct derive *d, const struct objline *skip, const char *word)
{
	const struct dir_lines *dl = dir_lines(d, skip->dir);
	size_t len, first = run_of_text(dl->words, dl->nwords, word, &len);

	/* the lines of the directory that list word */
	for (size_t r = first; r < first + len; r++) {
		const struct objline *o = &d->lines[dl->words[r].line];
		const char *by = o->sym ? o->sym : inner_guard(o);

		if (o == skip || removed_by(d, o))
			continue;
		/*
		 * The choice's catch-all lists each member's objects: its copy
		 * of a removed member's object does not keep it (sys_jensen.o).
		 * A part of a kept module under the catch-all
		 * (8250-$(CONFIG_ALPHA_GENERIC) += 8250_alpha.o) is called by
		 * the module's other parts, and stays, unless everything it
		 * defines is named for the removed member: then it is the
		 * member's support in the generic kernel, and its callers test
		 * for the member at run time (alpha_jensen(): see
		 * derive_candidates).
		 */
		if (by && skip->sym && d->db && is_object_list(skip->var) == is_object_list(o->var) &&
		    sv_contains(&o->words, word) && choice_siblings(d->db, by, skip->sym) &&
		    is_catch_all(d, by) &&
		    (is_object_list(o->var) || part_named_for_removed(d, skip->dir, word)))
			continue;
		for (size_t w = 0; w < o->words.n; w++)
			if (!strcmp(o->words.v[w], word))
				return 1;
	}
	return 0;
}

/* A variable that builds programs: hostprogs-always-y, userprogs-$(CONFIG_X), always-y, ... */
static int builds_programs(const char *var)
{
	return starts_with(var, "hostprogs-") || starts_with(var, "userprogs-") ||
	       starts_with(var, "always-");
}

/* True if a line of dir declares word a program (hostprogs := NAME, userprogs += NAME). */
static int declared_program(const struct derive *d, const char *dir, const char *word)
{
	size_t len, first = run_of(d, d->by_dir, d->n, 0, dir, &len);

	for (size_t r = first; r < first + len; r++) {
		const struct objline *o = &d->lines[d->by_dir[r]];

		if ((!strcmp(o->var, "hostprogs") || !strcmp(o->var, "userprogs")) &&
		    sv_contains(&o->words, word))
			return 1;
	}
	return 0;
}

/* True if a kept line of skip's directory builds program word too. */
static int program_kept(const struct derive *d, const struct objline *skip, const char *word)
{
	size_t len, first = run_of(d, d->by_dir, d->n, 0, skip->dir, &len);

	for (size_t r = first; r < first + len; r++) {
		const struct objline *o = &d->lines[d->by_dir[r]];

		if (o != skip && builds_programs(o->var) && !removed_by(d, o) &&
		    sv_contains(&o->words, word))
			return 1;
	}
	return 0;
}

/*
 * A program Kbuild builds only under a symbol of the footprint
 * (hostprogs-always-$(CONFIG_X) += NAME, userprogs-always-..., or
 * always-$(CONFIG_X) += NAME of a declared hostprogs or userprogs): its
 * sources go (the parts of its NAME-objs or NAME-y list, else NAME.c
 * beside the Makefile), and so does the program, a file of the build
 * (DIR/NAME: its declaration, its .gitignore entry), unless a kept line
 * builds it too.  The form of scripts/Makefile (6.1), though scripts/ is
 * not derived from (load_makefiles):
 *	hostprogs-always-$(CONFIG_BUILD_BIN2C) += bin2c
 */
static int derive_programs(struct derive *d)
{
	int changed = 0;

	for (size_t i = 0; i < d->n; i++) {
		const struct objline *o = &d->lines[i];
		const char *by = removed_by(d, o);

		if (!by || !builds_programs(o->var))
			continue;
		for (size_t w = 0; w < o->words.n; w++) {
			const char *word = o->words.v[w];
			struct strvec src = STRVEC_INIT;
			char *why;

			if (strpbrk(word, "./$") || (starts_with(o->var, "always-") &&
						     !declared_program(d, o->dir, word)) ||
			    program_kept(d, o, word))
				continue;
			composite_parts(d, o->dir, word, &src);
			if (!src.n) {
				char *c = o->dir[0] ? xasprintf("%s/%s.c", o->dir, word) : xasprintf("%s.c", word);

				if (tree_has(d->t, c))
					sv_push(&src, c);
				free(c);
			}
			why = objline_why(o, word, by);
			for (size_t k = 0; k < src.n; k++)
				changed |= add_path(d, src.v[k], why, by);
			if (src.n) {
				char *prog = o->dir[0] ? xasprintf("%s/%s", o->dir, word) : xstrdup(word);

				changed |= add_path(d, prog, why, by);
				free(prog);
			}
			free(why);
			sv_clear(&src);
		}
	}
	return changed;
}

/*
 * Parts of a composite object listed under a symbol of the footprint: the
 * line goes, and the files it lists with it, unless a kept line lists them.
 *
 * drivers/media/pci/intel/ipu3/Makefile (6.1), CIO2_BRIDGE removed (6.6):
 *	ipu3-cio2-$(CONFIG_CIO2_BRIDGE) += cio2-bridge.o
 * deletes cio2-bridge.c; drivers/video/fbdev/omap/Makefile, FB_OMAP_LCD_H3:
 *	lcds-y$(CONFIG_FB_OMAP_LCD_H3) += lcd_h3.o
 * deletes lcd_h3.c.  Object lists (obj-, lib-, ...) are derive_paths' own.
 */
static int derive_conditional_parts(struct derive *d)
{
	int changed = 0;

	for (size_t i = 0; i < d->n; i++) {
		const struct objline *o = &d->lines[i];
		const char *by = removed_by(d, o);

		if (!by || is_object_list(o->var))
			continue;
		for (size_t w = 0; w < o->words.n; w++) {
			const char *word = o->words.v[w];
			char *p = ends_with(word, ".o") ? word_path(d, o->dir, word) : NULL;

			if (p && !word_kept_elsewhere(d, o, word)) {
				char *why = objline_why(o, word, by);

				changed |= add_path(d, p, why, by);
				strset_add(&d->parts, p);
				free(why);
			}
			free(p);
		}
	}
	return changed;
}

/*
 * The directory a platform line names: arm's machine and plat lists
 * (arch/arm/Makefile: machine-$(CONFIG_ARCH_OXNAS) += oxnas is
 * arch/arm/mach-oxnas/), mips' platform lists (arch/mips/Kbuild.platforms
 * and the Platform files: platform-$(CONFIG_AR7) += ar7/ is arch/mips/ar7/).  NULL
 * for any other line or a directory the tree does not have.
 */
static char *platform_dir(const struct derive *d, const struct objline *o, const char *word)
{
	char *p = NULL;
	size_t n = strlen(word);

	if (!strcmp(o->dir, "arch/arm") && starts_with(o->var, "machine-"))
		p = xasprintf("arch/arm/mach-%s/", word);
	else if (!strcmp(o->dir, "arch/arm") && starts_with(o->var, "plat-"))
		p = xasprintf("arch/arm/plat-%s/", word);
	else if (starts_with(o->dir, "arch/mips") && starts_with(o->var, "platform-") && n > 1 &&
		 word[n - 1] == '/')
		p = xasprintf("arch/mips/%s", word);
	if (p && !tree_is_dir(d->t, p)) {
		free(p);
		p = NULL;
	}
	return p;
}

/*
 * A platform's directory goes with its symbol, unless a kept line lists it
 * too (arch/arm/Makefile, 6.1: machine-$(CONFIG_ARCH_S3C24XX) += s3c and
 * machine-$(CONFIG_ARCH_S3C64XX) += s3c: mach-s3c stays while S3C64XX does).
 */
static int derive_platform_dirs(struct derive *d)
{
	int changed = 0;

	for (size_t i = 0; i < d->n; i++) {
		const struct objline *o = &d->lines[i];

		if (!o->sym || !footprint_has_symbol(d->fp, o->sym))
			continue;
		for (size_t w = 0; w < o->words.n; w++) {
			char *p = platform_dir(d, o, o->words.v[w]), *why;

			if (!p || word_kept_elsewhere(d, o, o->words.v[w])) {
				free(p);
				continue;
			}
			why = xasprintf("%s:%zu: %s += %s", o->makefile, o->line, o->var, o->words.v[w]);
			changed |= add_path(d, p, why, o->sym);
			free(why);
			free(p);
		}
	}
	return changed;
}

/*
 * A directory left with nothing: every object list of its Makefile builds
 * only owned objects, and every Kconfig symbol defined in it is the
 * footprint's.  It goes, whatever line of its parent descends into it:
 * drivers/staging/iio/Makefile (6.1) has obj-y += meter/, and the three
 * ADE7854 symbols were all meter/ built; drivers/char/Makefile has
 * obj-$(CONFIG_PCMCIA) += pcmcia/, and PCMCIA stays, but pcmcia/ held only
 * the four removed drivers.
 */
static int dir_emptied(const struct derive *d, const char *dir)
{
	size_t len, first = run_of(d, d->by_dir, d->n, 0, dir, &len), lists = 0;
	size_t n = strlen(dir);

	for (size_t r = first; r < first + len; r++) {
		const struct objline *o = &d->lines[d->by_dir[r]];

		if (!is_object_list(o->var))
			continue;
		lists++;
		for (size_t w = 0; w < o->words.n; w++)
			if (!word_owned(d, o->dir, o->words.v[w]))
				return 0;
	}
	if (!lists)
		return 0;
	for (size_t i = 0; d->db && i < d->db->ndefs; i++) {
		const struct kconfig_def *k = &d->db->defs[i];

		if (!strncmp(k->path, dir, n) && k->path[n] == '/' &&
		    !footprint_has_symbol(d->fp, k->name) && !is_tenant(d, k->name, k->path))
			return 0;
	}
	return 1;
}

static int derive_emptied_dirs(struct derive *d)
{
	int changed = 0;

	for (size_t i = 0; i < d->n; i++) {
		const struct objline *o = &d->lines[i];

		if (!is_object_list(o->var))
			continue;
		for (size_t w = 0; w < o->words.n; w++) {
			const char *word = o->words.v[w];
			size_t n = strlen(word);
			char *p, *dir, *why;

			if (n < 2 || word[n - 1] != '/')
				continue;
			p = word_path(d, o->dir, word);
			if (!p || footprint_owns(d->fp, p) || !tree_is_dir(d->t, p)) {
				free(p);
				continue;
			}
			dir = xstrndup(p, strlen(p) - 1);
			if (dir_emptied(d, dir)) {
				why = xasprintf("%s:%zu: %s += %s, and everything it builds goes", o->makefile,
						o->line, o->var, word);
				changed |= add_path(d, p, why, NULL);
				free(why);
			}
			free(dir);
			free(p);
		}
	}
	return changed;
}

/* Objects and directories built by the footprint's symbols become owned. */
static int derive_paths(struct derive *d)
{
	int changed = 0;

	for (size_t i = 0; i < d->n; i++) {
		const struct objline *o = &d->lines[i];
		const char *by = removed_by(d, o);

		if (!by || !is_object_list(o->var))
			continue;
		for (size_t w = 0; w < o->words.n; w++) {
			const char *word = o->words.v[w];
			char *p = word_path(d, o->dir, word);
			char *why;

			if (!p || word_kept_elsewhere(d, o, word)) {
				free(p);
				continue;
			}
			why = objline_why(o, word, by);
			if (ends_with(p, "/")) {
				if (tree_is_dir(d->t, p))
					changed |= add_path(d, p, why, by);
			} else {
				struct strvec parts = STRVEC_INIT;
				char *stem = xstrndup(word, strlen(word) - 2);

				changed |= add_path(d, p, why, by);
				composite_parts(d, o->dir, stem, &parts);
				for (size_t k = 0; k < parts.n; k++)
					changed |= add_path(d, parts.v[k], why, by);
				sv_clear(&parts);
				free(stem);
			}
			free(why);
			free(p);
		}
	}
	/* A fragment only removed ifdef blocks include goes whole. */
	for (size_t i = 0; i < d->ninc; i++) {
		const struct kinclude *inc = &d->incs[i];
		const char *by = NULL;

		for (size_t g = 0; g < inc->guards.n && !by; g++)
			if (footprint_has_symbol(d->fp, inc->guards.v[g]))
				by = inc->guards.v[g];
		if (by && !included_elsewhere(d, i) && tree_has(d->t, inc->fragment)) {
			char *why = xasprintf("%s:%zu: include of %s under CONFIG_%s", inc->makefile,
					      inc->line, inc->fragment, by);

			changed |= add_path(d, inc->fragment, why, by);
			free(why);
		}
	}
	/* A composite object: foo.o built from foo-objs := a.o b.o */
	for (size_t i = 0; i < d->n; i++) {
		const struct objline *o = &d->lines[i];

		if (!removed_by(d, o) || !is_object_list(o->var))
			continue;
		for (size_t w = 0; w < o->words.n; w++) {
			const char *word = o->words.v[w];
			size_t n = strlen(word);
			struct strvec parts = STRVEC_INIT;
			char *stem, *why;

			if (n < 3 || strcmp(word + n - 2, ".o"))
				continue;
			stem = xstrndup(word, n - 2);
			composite_parts(d, o->dir, stem, &parts);
			why = xasprintf("%s:%zu: part of %s", o->makefile, o->line, word);
			for (size_t k = 0; k < parts.n; k++)
				changed |= add_path(d, parts.v[k], why, NULL);
			free(why);
			free(stem);
			sv_clear(&parts);
		}
	}
	changed |= derive_conditional_parts(d);
	changed |= derive_programs(d);
	changed |= derive_platform_dirs(d);
	changed |= derive_emptied_dirs(d);
	return changed;
}

/*
 * A definition in a Kconfig file the footprint does not own: the symbol is
 * not the subsystem's.  Every architecture defines its own SMP, NUMA,
 * KEXEC, STACKTRACE_SUPPORT...: removing arch/ia64 removes its definitions
 * with arch/ia64/Kconfig, not SMP from the other architectures.
 */
static int defined_elsewhere(const struct derive *d, const char *sym)
{
	size_t n;
	const struct kconfig_def *k = kconfig_defs(d->db, sym, &n);

	for (size_t i = 0; i < n; i++)
		if (!footprint_owns(d->fp, k[i].path))
			return 1;
	return 0;
}

/*
 * A generic symbol an architecture builds its own code with: defined outside
 * arch/ (mm/Kconfig's FLATMEM), every object line naming it under arch/
 * (arch/ia64/mm/Makefile: obj-$(CONFIG_FLATMEM) += contig.o).  That the
 * removed architecture was its only builder does not make it the
 * architecture's: powerpc's Kconfig and mm/ use it too.  The same for a
 * symbol each architecture defines for itself (NUMA, in arch/ia64/Kconfig
 * and arch/x86/Kconfig) when another architecture's definition stays.
 */
static int arch_use_of_generic(const struct derive *d, const char *sym)
{
	size_t n, len, first;
	const struct kconfig_def *k = d->db ? kconfig_defs(d->db, sym, &n) : NULL;
	int generic = 1, kept_arch = 0;

	if (!k || !n)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!strncmp(k[i].path, "arch/", 5) || footprint_owns(d->fp, k[i].path))
			generic = 0;
		/* or an architecture's own, defined by another architecture too (NUMA) */
		if (!strncmp(k[i].path, "arch/", 5) && !footprint_owns(d->fp, k[i].path))
			kept_arch = 1;
	}
	if (!generic && !kept_arch)
		return 0;
	first = run_of(d, d->by_sym, d->nsym, 1, sym, &len);
	for (size_t r = first; r < first + len; r++)
		if (strncmp(d->lines[d->by_sym[r]].makefile, "arch/", 5))
			return 0;
	return 1;
}

/* Symbols tied to owned paths: defined in an owned Kconfig, or building only owned objects. */
static int derive_symbols(struct derive *d)
{
	int changed = 0;

	for (size_t i = 0; i < d->db->ndefs; i++) {
		const struct kconfig_def *def = &d->db->defs[i];

		if (footprint_owns(d->fp, def->path)) {
			char *why;

			if (!footprint_has_symbol(d->fp, def->name) && defined_elsewhere(d, def->name))
				continue;
			if (!footprint_has_symbol(d->fp, def->name) && is_tenant(d, def->name, def->path)) {
				add_tenant_file(d, def->path, def->name);
				continue;
			}
			why = xasprintf("defined in %s:%zu, an owned file", def->path, def->line);

			changed |= add_symbol(d, def->name, why);
			free(why);
		}
	}
	for (size_t i = 0; i < d->n; i++) {
		const struct objline *o = &d->lines[i];

		if (!o->sym || footprint_has_symbol(d->fp, o->sym) || !is_object_list(o->var) ||
		    removed_by(d, o) || arch_use_of_generic(d, o->sym))
			continue;
		for (size_t w = 0; w < o->words.n; w++) {
			if (word_owned(d, o->dir, o->words.v[w]) && symbol_builds_only_owned(d, o->sym)) {
				char *why = xasprintf("%s:%zu: %s += %s, which is owned", o->makefile,
						      o->line, o->var, o->words.v[w]);

				changed |= add_symbol(d, o->sym, why);
				free(why);
				break;
			}
		}
	}
	return changed;
}

/* Documentation pages named in the help text of the subsystem's config entries. */
static void derive_docs(struct derive *d)
{
	struct strmap read = STRMAP_INIT;   /* the Kconfig files read, in files[] */
	struct strbuf *files = NULL;
	size_t nfiles = 0, files_cap = 0;
	struct strvec names = STRVEC_INIT;

	/* The names a page of the subsystem carries: directory and object stems, symbols. */
	for (size_t i = 0; i < d->fp->paths.n; i++) {
		char *p = xstrdup(d->fp->paths.v[i]);
		size_t n = strlen(p);
		char *base, *dot;

		if (n && p[n - 1] == '/')
			p[n - 1] = '\0';
		base = strrchr(p, '/') ? strrchr(p, '/') + 1 : p;
		dot = strrchr(base, '.');
		if (dot)
			*dot = '\0';
		sv_push(&names, base);
		free(p);
	}
	for (size_t i = 0; i < d->fp->symbols.n; i++) {
		char *low = xstrdup(d->fp->symbols.v[i]);

		for (char *c = low; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		sv_push_owned(&names, low);
	}
	for (size_t i = 0; i < d->db->ndefs; i++) {
		const struct kconfig_def *def = &d->db->defs[i];
		const struct strbuf *sb;
		const char *p, *end, *stop;
		size_t fi;

		if (!footprint_has_symbol(d->fp, def->name))
			continue;
		/* Each Kconfig file is read once: one of 50,000 entries was read 50,000 times. */
		fi = strmap_intern(&read, def->path);
		if (fi == nfiles) {
			GROW(files, files_cap, nfiles + 1);
			memset(&files[nfiles], 0, sizeof(*files));
			if (tree_read(d->t, def->path, &files[nfiles]) < 0)
				sb_release(&files[nfiles]);
			nfiles++;
		}
		sb = &files[fi];
		if (!sb->buf)
			continue;
		p = sb->buf + def->start;
		end = sb->buf + def->end;
		/* a name that starts inside the entry, searched in it, not to the end of the file */
		stop = end + 13 < sb->buf + sb->len ? end + 13 : sb->buf + sb->len;
		while (p < end && (p = memmem(p, (size_t)(stop - p), "Documentation/", 14)) && p < end) {
			size_t n = strcspn(p, " \t\n>)\"'`,");
			char *doc = xstrndup(p, n);
			const char *base = path_basename(doc);

			while (strlen(doc) && strchr(".:", doc[strlen(doc) - 1]))
				doc[strlen(doc) - 1] = '\0';
			base = path_basename(doc);
			for (size_t k = 0; k < names.n; k++) {
				size_t bn = strlen(names.v[k]);

				if (!strncmp(base, names.v[k], bn) && base[bn] == '.' &&
				    tree_has(d->t, doc) && !tree_is_dir(d->t, doc)) {
					char *why = xasprintf("named in the help of config %s (%s:%zu)",
							      def->name, def->path, def->line);

					add_path(d, doc, why, NULL);
					free(why);
					break;
				}
			}
			free(doc);
			p += n;
		}
	}
	sv_clear(&names);
	for (size_t i = 0; i < nfiles; i++)
		sb_release(&files[i]);
	free(files);
	strmap_clear(&read);
}

/* The first len bytes of the basename of path, up to its first '.'. */
static size_t stem_len(const char *base)
{
	return strcspn(base, ".");
}

/*
 * True if a file outside Documentation/ that the footprint does not own has
 * name as its stem or as one of its directories: the name is not the
 * subsystem's alone.
 */
static int name_kept_elsewhere(const struct derive *d, const char *name)
{
	size_t n = strlen(name);

	for (size_t i = 0; i < d->t->files.n; i++) {
		const char *path = d->t->files.v[i], *c = path;

		if (is_doc_file(path) || footprint_owns(d->fp, path))
			continue;
		while (c) {
			const char *slash = strchr(c, '/');
			size_t len = slash ? (size_t)(slash - c) : stem_len(c);

			if (len == n && !strncmp(c, name, n))
				return 1;
			c = slash ? slash + 1 : NULL;
		}
	}
	return 0;
}

/* True if the page's first lines hold the hwmon/misc title "Kernel driver NAME". */
static int page_titled_for(const struct derive *d, const char *doc, const char *name)
{
	struct strbuf sb = STRBUF_INIT;
	char *full = path_join(d->t->root, doc), *title = xasprintf("Kernel driver %s\n", name);
	int ok = 0;

	if (read_file(full, &sb) == 0) {
		const char *p = strstr(sb.buf, title);

		ok = p && p - sb.buf < 256;
	}
	free(title);
	free(full);
	sb_release(&sb);
	return ok;
}

/*
 * Documentation pages named for the subsystem: the page's stem is the name
 * of an owned object or directory, or a removed symbol in lower case, and
 * the name is the subsystem's alone (no kept file or directory carries it),
 * or the page is titled "Kernel driver NAME".  Their index entries and
 * MAINTAINERS F: lines go with them (docs.c, maintainers.c).  Names shorter
 * than 4 characters are too common to judge by.
 *
 * 6.1 -> 6.12: QLGE (drivers/staging/qlge/) took
 * Documentation/networking/device_drivers/qlogic/qlge.rst; ARC_EMAC took
 * Documentation/devicetree/bindings/net/arc_emac.txt; EEPROM_LEGACY
 * (drivers/misc/eeprom/eeprom.c; the name eeprom is also ath9k's
 * eeprom.c) took Documentation/misc-devices/eeprom.rst, "Kernel driver eeprom".
 */
static void derive_named_docs(struct derive *d)
{
	struct strvec names = STRVEC_INIT, docs = STRVEC_INIT;
	struct strset set = STRSET_INIT;

	for (size_t i = 0; i < d->fp->paths.n; i++) {
		const char *p = d->fp->paths.v[i];
		size_t n = strlen(p);
		char *q = xstrndup(p, n && p[n - 1] == '/' ? n - 1 : n);
		const char *base = path_basename(q);

		if (!is_doc_file(p))
			sv_push_owned(&names, xstrndup(base, stem_len(base)));
		free(q);
	}
	for (size_t i = 0; i < d->fp->symbols.n; i++) {
		char *low = xstrdup(d->fp->symbols.v[i]);

		for (char *c = low; *c; c++)
			*c = (char)tolower((unsigned char)*c);
		sv_push_owned(&names, low);
	}
	for (size_t k = 0; k < names.n; k++)
		strset_add(&set, names.v[k]);
	for (size_t i = 0; i < d->t->files.n; i++) {
		const char *doc = d->t->files.v[i], *base = path_basename(doc);
		size_t n = stem_len(base);
		char *name;

		if (!is_doc_file(doc) || n < 4 || !base[n] || !strset_hasn(&set, base, n) ||
		    footprint_owns(d->fp, doc))
			continue;
		name = xstrndup(base, n);
		if (page_titled_for(d, doc, name) || !name_kept_elsewhere(d, name)) {
			sv_push(&docs, doc);
			sv_push_owned(&docs, name);
		} else {
			free(name);
		}
	}
	for (size_t i = 0; i + 1 < docs.n; i += 2) {
		char *why = xasprintf("a page named for %s, a name of the subsystem", docs.v[i + 1]);

		add_path(d, docs.v[i], why, NULL);
		free(why);
	}
	sv_clear(&docs);
	sv_clear(&names);
	strset_clear(&set);
}

/*
 * A header outside include/ that an owned file includes as "name" beside
 * itself (a platform's or a driver's own header) is a candidate too, by
 * its tree path: locate confirms it when no kept file includes it.
 *
 * 6.1 -> 6.12: ARCH_S3C24XX went, and with it arch/arm/mach-s3c/
 * rtc-core-s3c24xx.h, which only s3c2416.c and s3c2443.c included.
 */
static void local_candidate(struct derive *d, const char *path, const char *name)
{
	const char *slash = strrchr(path, '/');
	char *rel = xasprintf("%.*s%s", slash ? (int)(slash - path + 1) : 0, path, name);
	char *norm = path_normalize(rel, NULL);

	if (norm && ends_with(norm, ".h") && !starts_with(norm, "include/") &&
	    !starts_with(norm, "tools/") && !strstr(norm, "/uapi/") && tree_has(d->t, norm) &&
	    !footprint_owns(d->fp, norm) && !sv_contains(&d->fp->local_headers, norm))
		sv_push(&d->fp->local_headers, norm);
	free(norm);
	free(rel);
}

/*
 * Definitions of an owned C file named for a removed symbol: one named
 * exactly as the symbol, taking no arguments, is a predicate: it answers
 * "is this the removed machine?", and kept callers fold it to false
 * (is_enabled.cocci).  In a file that was a part of a kept composite
 * object, the others are identifiers too: the module's other parts call
 * them, as other modules call exported functions.
 *
 * 6.1 -> 6.12: ALPHA_JENSEN went; 8250_core.c tested
 *	if (IS_ENABLED(CONFIG_ALPHA_JENSEN) ||
 *	    (IS_ENABLED(CONFIG_ALPHA_GENERIC) && alpha_jensen()))
 *		port->set_mctrl = alpha_jensen_set_mctrl;
 * and the whole test went with 8250_alpha.c.
 */
static void named_definitions(struct derive *d, const char *path, const char *buf, size_t len)
{
	struct strvec defs = STRVEC_INIT;

	defined_names(buf, len, &defs);
	for (size_t i = 0; i < defs.n; i++) {
		char *name = defs.v[i], *call;
		int exact = 0;

		if (!named_for_removed(d->fp, name, &exact))
			continue;
		call = xasprintf("%s(void)", name);
		exact = exact && strstr(buf, call);
		free(call);
		if (exact && !sv_contains(&d->fp->predicates, name))
			sv_push(&d->fp->predicates, name);
		if ((exact || strset_has(&d->parts, path)) && !sv_contains(&d->fp->identifiers, name))
			sv_push(&d->fp->identifiers, name);
	}
	sv_clear(&defs);
}

/* Exported functions and included headers of owned C files: candidates for locate to confirm. */
static void derive_candidates(struct derive *d)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < d->t->files.n; i++) {
		const char *path = d->t->files.v[i];
		const char *p;

		if (!is_c_file(path) || !footprint_owns(d->fp, path))
			continue;
		if (tree_read(d->t, path, &sb) < 0)
			continue;
		named_definitions(d, path, sb.buf, sb.len);
		for (p = sb.buf; (p = strstr(p, "EXPORT_SYMBOL")); p++) {
			const char *a = strchr(p, '('), *e;
			char *name;

			if (!a || a - p > 20)
				continue;
			a++;
			a += strspn(a, " \t");
			e = a;
			while (isalnum((unsigned char)*e) || *e == '_')
				e++;
			if (e == a)
				continue;
			name = xstrndup(a, (size_t)(e - a));
			if (!sv_contains(&d->fp->identifiers, name))
				sv_push(&d->fp->identifiers, name);
			free(name);
		}
		for (p = sb.buf; (p = strstr(p, "#include")); p++) {
			const char *a = p + 8, *e;
			char *inc, *rel = NULL;

			a += strspn(a, " \t");
			if (*a != '<' && *a != '"')
				continue;
			e = strchr(a + 1, *a == '<' ? '>' : '"');
			if (!e || memchr(a, '\n', (size_t)(e - a)))
				continue;
			/*
			 * Only <...> headers that resolve into include/ (uapi aside)
			 * can be the subsystem's: <../drivers/ata/ahci.h> names a
			 * header of another directory, and the candidate is the file
			 * itself, whatever the spelling.  Neither can a header of
			 * include/dt-bindings/: device-tree ABI, which outlives the
			 * boards (6.12 still has oxsemi,ox810se.h and ox820.h, which
			 * only the removed OXNAS clock driver and .dtsi included).
			 */
			inc = xstrndup(a + 1, (size_t)(e - a - 1));
			if (*a == '"')
				local_candidate(d, path, inc);
			rel = xasprintf("include/%s", inc);
			free(inc);
			inc = *a == '<' ? path_normalize(rel, NULL) : NULL;
			if (inc && starts_with(inc, "include/") && !starts_with(inc, "include/uapi/") &&
			    !starts_with(inc, "include/dt-bindings/") &&
			    tree_has(d->t, inc) && !footprint_owns(d->fp, inc) &&
			    !sv_contains(&d->fp->headers, inc + 8))
				sv_push(&d->fp->headers, inc + 8);
			free(rel);
			free(inc);
		}
	}
	sb_release(&sb);
}

/*
 * A Kconfig symbol: an upper-case letter or a digit, then letters, digits
 * and '_'.  Lower case is allowed after the first character: arch/arm/
 * mach-pxa/Kconfig (6.1) defines CPU_PXA26x, drivers/input/mouse/Kconfig
 * MOUSE_NAVPOINT_PXA27x.  No symbol of the kernel starts in lower case, so
 * "foo" stays an unknown target rather than a symbol nothing defines.
 */
static int is_symbol_like(const char *s)
{
	if (!isupper((unsigned char)*s) && !isdigit((unsigned char)*s))
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

static int add_target(struct footprint *fp, const struct tree *t, const char *arg, struct strbuf *err)
{
	char *bundled = xasprintf("%s/%s.spec", spec_dir(), arg);
	size_t n = strlen(arg);
	int rc = 0;

	if (ends_with(arg, ".spec")) {
		rc = spec_read(fp, arg, err);
	} else if (!strchr(arg, '/') && access(bundled, R_OK) == 0) {
		rc = spec_read(fp, bundled, err);
	} else if (n && (arg[0] == '/' || strstr(arg, "..") || strchr(arg, '/') || !strcmp(arg, ".") ||
			 tree_has(t, arg))) {
		/* A path that is gone already is still a target: its stale mentions remain. */
		int dir;
		char *norm = path_normalize(arg, &dir), *p;
		const char *why;

		if (!norm) {
			sb_addf(err, "%s: not a path inside the tree %s\n", arg, t->root);
			free(bundled);
			return -1;
		}
		why = footprint_path_problem(norm);
		if (why) {
			sb_addf(err, "%s: %s\n", arg, why);
			free(norm);
			free(bundled);
			return -1;
		}
		/* Absent: still a target when named, or removed already; else a mistake (gone.h). */
		if (!tree_has(t, norm) && path_target_check(fp, t, arg, norm, err) < 0) {
			free(norm);
			free(bundled);
			return -1;
		}
		p = dir || tree_is_dir(t, norm) ? xasprintf("%s/", norm) : xstrdup(norm);
		if (!footprint_owns(fp, p))
			sv_push(&fp->paths, p);
		if (!fp->name)
			fp->name = xstrdup(path_basename(norm));
		free(p);
		free(norm);
	} else if (is_symbol_like(starts_with(arg, "CONFIG_") ? arg + 7 : arg)) {
		const char *sym = starts_with(arg, "CONFIG_") ? arg + 7 : arg;

		if (!footprint_has_symbol(fp, sym))
			sv_push(&fp->symbols, sym);
		if (!fp->name)
			fp->name = xstrdup(sym);
	} else {
		unknown_target(t, arg, err);
		rc = -1;
	}
	free(bundled);
	return rc;
}

static int is_dts_file(const char *path)
{
	return (ends_with(path, ".dts") || ends_with(path, ".dtsi") || ends_with(path, ".dtso")) &&
	       starts_with(path, "arch/") && strstr(path, "/boot/dts/");
}

/* One #include or /include/ of a device tree source: the includer and the name as written. */
struct dts_include {
	const char *from;     /* a path of t->files */
	char *path;           /* resolved next to the includer */
	const char *base;     /* the file name, inside path */
};

/*
 * Device tree includes only removed boards use: a .dtsi that owned .dts or
 * .dtsi files include, and nothing else includes by that file name (any
 * spelling, any directory: conservative), goes with them.
 *
 * arch/arm/boot/dts (6.1), ARCH_OXNAS: ox810se-wd-mbwe.dts includes
 * "ox810se.dtsi", which no other board includes; both went in 6.6.
 */
static void derive_dtsi(struct derive *d)
{
	struct dts_include *v = NULL;
	size_t n = 0, cap = 0;
	struct strbuf sb = STRBUF_INIT;
	int any = 0, changed;

	for (size_t i = 0; i < d->fp->paths.n && !any; i++)
		any = is_dts_file(d->fp->paths.v[i]);
	if (!any)
		return;
	for (size_t i = 0; i < d->t->files.n; i++) {
		const char *path = d->t->files.v[i];
		char *dir;

		if (!is_dts_file(path))
			continue;
		if (tree_read(d->t, path, &sb) < 0)
			continue;
		dir = xstrndup(path, (size_t)(strrchr(path, '/') - path));
		for (const char *p = sb.buf; p && (p = strstr(p, "include")); p += 7) {
			const char *a = p + 7, *e;
			char *name, *rel;

			if (!(p > sb.buf && (p[-1] == '#' || (p[-1] == '/' && a[0] == '/'))))
				continue;
			a += *a == '/';
			a += strspn(a, " \t");
			if (*a != '"' && *a != '<')
				continue;
			e = strchr(a + 1, *a == '<' ? '>' : '"');
			if (!e || memchr(a, '\n', (size_t)(e - a)))
				continue;
			name = xstrndup(a + 1, (size_t)(e - a - 1));
			if (ends_with(name, ".dtsi") || ends_with(name, ".dts")) {
				rel = xasprintf("%s/%s", dir, name);
				GROW(v, cap, n + 1);
				v[n].from = path;
				v[n].path = path_normalize(rel, NULL);
				v[n].base = v[n].path ? path_basename(v[n].path) : NULL;
				if (v[n].path)
					n++;
				free(rel);
			}
			free(name);
		}
		free(dir);
	}
	do {
		changed = 0;
		for (size_t i = 0; i < n; i++) {
			int only = 1;
			char *why;

			if (!footprint_owns(d->fp, v[i].from) || footprint_owns(d->fp, v[i].path) ||
			    !ends_with(v[i].path, ".dtsi") || !tree_has(d->t, v[i].path))
				continue;
			for (size_t k = 0; k < n && only; k++)
				if (!strcmp(v[k].base, v[i].base) && !footprint_owns(d->fp, v[k].from))
					only = 0;
			if (!only)
				continue;
			why = xasprintf("included only by removed device trees (%s)", v[i].from);
			changed |= add_path(d, v[i].path, why, NULL);
			free(why);
		}
	} while (changed);
	for (size_t i = 0; i < n; i++)
		free(v[i].path);
	free(v);
	sb_release(&sb);
}

/*
 * The macros the compiler defines for each architecture the kernel builds
 * (gcc's target macros): a removed architecture's are never defined again,
 * so `#if defined(__alpha__) || defined(__ia64__)` in shared code loses its
 * operand as CONFIG_ symbols do.
 */
static const struct { const char *arch, *macros[4]; } ARCH_MACROS[] = {
	{ "alpha", { "__alpha__", "__alpha" } },
	{ "arc", { "__arc__" } },
	{ "arm", { "__arm__" } },
	{ "arm64", { "__aarch64__" } },
	{ "csky", { "__csky__" } },
	{ "hexagon", { "__hexagon__" } },
	{ "ia64", { "__ia64__", "__ia64" } },
	{ "loongarch", { "__loongarch__" } },
	{ "m68k", { "__m68k__", "__mc68000__" } },
	{ "microblaze", { "__microblaze__" } },
	{ "mips", { "__mips__", "__mips" } },
	{ "nios2", { "__nios2__" } },
	{ "openrisc", { "__or1k__", "__OR1K__" } },
	{ "parisc", { "__hppa__", "__hppa" } },
	{ "powerpc", { "__powerpc__", "__powerpc64__", "__PPC__", "__ppc__" } },
	{ "riscv", { "__riscv" } },
	{ "s390", { "__s390__", "__s390x__" } },
	{ "sh", { "__sh__" } },
	{ "sparc", { "__sparc__", "__sparc", "__sparc_v9__" } },
	{ "x86", { "__i386__", "__x86_64__" } },
	{ "xtensa", { "__xtensa__" } },
};

/*
 * A whole architecture's documentation: arch/X/ owned makes
 * Documentation/X/ (6.1's place: Documentation/ia64/) and
 * Documentation/arch/X/ (6.6 on) owned, with their translations; and its
 * compiler macros (ARCH_MACROS) are the footprint's.
 */
static void derive_arch(struct derive *d)
{
	size_t n = d->fp->paths.n;

	for (size_t i = 0; i < n; i++) {
		const char *p = d->fp->paths.v[i];
		size_t len = strlen(p);
		char *arch, *cand[2];

		if (!starts_with(p, "arch/") || len < 7 || p[len - 1] != '/' || memchr(p + 5, '/', len - 6))
			continue;
		arch = xstrndup(p + 5, len - 6);
		if (!sv_contains(&d->fp->arches, arch))
			sv_push(&d->fp->arches, arch);
		for (size_t a = 0; a < ARRAY_SIZE(ARCH_MACROS); a++)
			for (size_t m = 0; !strcmp(ARCH_MACROS[a].arch, arch) && m < 4 && ARCH_MACROS[a].macros[m]; m++)
				if (!sv_contains(&d->fp->macros, ARCH_MACROS[a].macros[m]))
					sv_push(&d->fp->macros, ARCH_MACROS[a].macros[m]);
		cand[0] = xasprintf("Documentation/%s/", arch);
		cand[1] = xasprintf("Documentation/arch/%s/", arch);
		for (int k = 0; k < 2; k++) {
			char *why = xasprintf("the documentation of the architecture %s", p);

			if (tree_is_dir(d->t, cand[k]))
				add_path(d, cand[k], why, NULL);
			free(why);
			free(cand[k]);
		}
		for (size_t f = 0; f < d->t->files.n; f++) {
			const char *tf = d->t->files.v[f], *rest;
			char *dir;

			if (!starts_with(tf, "Documentation/translations/"))
				continue;
			rest = strchr(tf + 27, '/');
			if (!rest)
				continue;
			dir = xasprintf("%.*s/%s/", (int)(rest - tf), tf, arch);
			if (starts_with(tf, dir) && !footprint_owns(d->fp, dir)) {
				char *why = xasprintf("the translated documentation of the architecture %s", p);

				add_path(d, dir, why, NULL);
				free(why);
			}
			free(dir);
		}
		free(arch);
	}
}

static void derive_release(struct derive *d)
{
	strset_clear(&d->parts);
	if (d->dirs) {
		dir_cache_release(d->dirs);
		free(d->dirs);
		d->dirs = NULL;
	}
	if (!d->owns_lines)
		return;
	for (size_t i = 0; i < d->n; i++) {
		free(d->lines[i].makefile);
		free(d->lines[i].dir);
		free(d->lines[i].var);
		free(d->lines[i].sym);
		sv_clear(&d->lines[i].guards);
		sv_clear(&d->lines[i].words);
	}
	free(d->lines);
	for (size_t i = 0; i < d->ninc; i++) {
		free(d->incs[i].fragment);
		free(d->incs[i].makefile);
		sv_clear(&d->incs[i].guards);
	}
	free(d->incs);
	free(d->by_dir);
	free(d->by_sym);
}

struct makefiles *makefiles_load(const struct tree *t)
{
	struct derive d = { .t = t };
	struct makefiles *mk = xcalloc(1, sizeof(*mk));

	load_makefiles(&d);
	index_lines(&d);
	*mk = (struct makefiles){ d.lines, d.n, d.incs, d.ninc, d.by_dir, d.by_sym, d.nsym };
	return mk;
}

void makefiles_free(struct makefiles *mk)
{
	struct derive d = { .owns_lines = 1 };

	if (!mk)
		return;
	d.lines = mk->lines, d.n = mk->n, d.incs = mk->incs, d.ninc = mk->ninc;
	d.by_dir = mk->by_dir, d.by_sym = mk->by_sym;
	derive_release(&d);
	free(mk);
}

/* The Makefiles of d: mk's (shared), or read now (d's own). */
static void derive_makefiles(struct derive *d, const struct makefiles *mk)
{
	if (!mk) {
		d->owns_lines = 1;
		load_makefiles(d);
		index_lines(d);
		return;
	}
	d->lines = mk->lines, d->n = mk->n, d->incs = mk->incs, d->ninc = mk->ninc;
	d->by_dir = mk->by_dir, d->by_sym = mk->by_sym, d->nsym = mk->nsym;
}

/* The symbol an object-list line is built under: its own, or its innermost ifdef's. */
static const char *line_symbol(const struct objline *o)
{
	return o->sym ? o->sym : inner_guard(o);
}

/* Does a word of line o name the object (or directory, with its '/') word? */
static int line_names(const struct objline *o, const char *word)
{
	for (size_t w = 0; w < o->words.n; w++)
		if (!strcmp(o->words.v[w], word))
			return 1;
	return 0;
}

/*
 * The symbols of the object-list lines of dir that name word ("bttv.o",
 * "bt8xx/"), into out; returns how many.
 */
static size_t builders_of_word(const struct derive *d, const char *dir, const char *word,
			       struct strvec *out)
{
	size_t len, first = run_of(d, d->by_dir, d->n, 0, dir, &len), found = 0;

	for (size_t r = first; r < first + len; r++) {
		const struct objline *o = &d->lines[d->by_dir[r]];
		const char *sym = line_symbol(o);

		if (!is_object_list(o->var) || !line_names(o, word))
			continue;
		found++;
		if (sym && !sv_contains(out, sym))
			sv_push(out, sym);
	}
	return found;
}

/*
 * What builds path: the lines that name its object, or the composite
 * object it is a part of (bttv-objs := bttv-driver.o ..., obj-$(CONFIG_X)
 * += bttv.o; a part of foo-$(CONFIG_Y) is Y's); else the nearest directory
 * line above it (obj-$(CONFIG_X) += bt8xx/).  C and assembly files only.
 */
static void builders_of(const struct derive *d, const char *path, struct strvec *out)
{
	char *dir = dir_of(path), *base = xstrdup(path + (dir[0] ? strlen(dir) + 1 : 0));
	char *dot = strrchr(base, '.');
	size_t len, first, found;

	/* a header's code is its includers': no Kbuild line builds it */
	if (!dot || (strcmp(dot, ".c") && strcmp(dot, ".S"))) {
		free(dir), free(base);
		return;
	}
	strcpy(dot, ".o");
	found = builders_of_word(d, dir, base, out);
	first = run_of(d, d->by_dir, d->n, 0, dir, &len);
	for (size_t r = first; r < first + len; r++) {
		const struct objline *o = &d->lines[d->by_dir[r]];
		const char *dash = strrchr(o->var, '-');
		char *stem, *obj;

		if (is_object_list(o->var) || !dash || dash == o->var || !part_list_suffix(dash) ||
		    !line_names(o, base))
			continue;
		if (part_list_suffix(dash) == 2) {
			/* foo-$(CONFIG_Y) += a.o: a part under Y */
			char *y = kbuild_var_symbol(o->var);

			if (y) {
				found++;
				if (!sv_contains(out, y))
					sv_push(out, y);
				free(y);
			}
			continue;
		}
		stem = xstrndup(o->var, (size_t)(dash - o->var));
		obj = xasprintf("%s.o", stem);
		found += builders_of_word(d, dir, obj, out);
		free(obj);
		free(stem);
	}
	/*
	 * none: the nearest directory that a line builds, when one symbol
	 * alone builds it (drivers/usb/Makefile builds host/ for each HCD:
	 * no one of them is the file's)
	 */
	while (!found && dir[0]) {
		char *parent = dir_of(dir);
		char *word = xasprintf("%s/", dir + (parent[0] ? strlen(parent) + 1 : 0));
		struct strvec syms = STRVEC_INIT;

		found = builders_of_word(d, parent, word, &syms);
		if (syms.n == 1 && !sv_contains(out, syms.v[0]))
			sv_push(out, syms.v[0]);
		sv_clear(&syms);
		free(word);
		free(dir);
		dir = parent;
	}
	free(dir);
	free(base);
}

void kbuild_builders(const struct tree *t, const struct makefiles *mk, const struct strvec *paths,
		     struct strvec *out)
{
	struct derive d = { .t = t };

	derive_makefiles(&d, mk);
	for (size_t i = 0; i < paths->n; i++)
		builders_of(&d, paths->v[i], &out[i]);
	derive_release(&d);
}

void footprint_derive(struct footprint *fp, const struct tree *t, const struct kconfig_db *db,
		      const struct makefiles *mk)
{
	struct derive d = { .t = t, .fp = fp, .db = db };

	footprint_index(fp);
	/* Everything derives from symbols and paths: a spec of words alone has neither. */
	if (!footprint_needs_kconfig(fp))
		return;
	derive_makefiles(&d, mk);
	d.dirs = xcalloc(1, sizeof(*d.dirs));
	while (derive_paths(&d) | derive_symbols(&d))
		;
	derive_dtsi(&d);
	derive_arch(&d);
	derive_docs(&d);
	derive_named_docs(&d);
	derive_candidates(&d);
	/* Owned headers under include/ are also known by their include name. */
	for (size_t i = 0; i < fp->paths.n; i++)
		if (starts_with(fp->paths.v[i], "include/") && ends_with(fp->paths.v[i], ".h") &&
		    !sv_contains(&fp->headers, fp->paths.v[i] + 8))
			sv_push(&fp->headers, fp->paths.v[i] + 8);
	derive_release(&d);
}

int target_add(struct footprint *fp, const struct tree *t, char **targets, int ntargets,
	       struct strbuf *err)
{
	for (int i = 0; i < ntargets; i++)
		if (add_target(fp, t, targets[i], err) < 0)
			return -1;
	if (!footprint_keep(fp, "CREDITS")) {
		GROW(fp->keeps, fp->keeps_cap, fp->nkeeps + 1);
		fp->keeps[fp->nkeeps].pattern = xstrdup("CREDITS");
		fp->keeps[fp->nkeeps].reason = xstrdup("history: CREDITS records who did what and is never rewritten");
		fp->nkeeps++;
	}
	return 0;
}

int footprint_needs_kconfig(const struct footprint *fp)
{
	return fp->symbols.n || fp->paths.n;
}

void target_finish(struct footprint *fp, const struct tree *t, const struct kconfig_db *db,
		   const struct makefiles *mk)
{
	footprint_derive(fp, t, db, mk);
	if (!fp->title)
		fp->title = xstrdup(fp->name);
}

int target_resolve(struct footprint *fp, const struct tree *t, const struct kconfig_db *db,
		   const struct makefiles *mk, char **targets, int ntargets, struct strbuf *err)
{
	if (target_add(fp, t, targets, ntargets, err) < 0)
		return -1;
	target_finish(fp, t, db, mk);
	return 0;
}
