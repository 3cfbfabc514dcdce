/*
 * links.c - link residue (see links.h), read with the C reader of clex.c.
 */
#include "links.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "clex.h"
#include "scan.h"

/*
 * The namespaces of C names: ordinary identifiers (functions, variables,
 * macros, enumerators, typedefs), tags (struct, union, enum) and members.
 * A macro is in all three.
 */
enum { NS_ORD = 1, NS_TAG = 2, NS_MEMBER = 4, NS_ALL = 7 };

/* What a lost definition was (link_residue.def_kind). */
static const char K_LINK[] = "function or variable", K_STATIC[] = "static function or variable",
		  K_MACRO[] = "macro", K_ENUM[] = "enumerator", K_TYPEDEF[] = "typedef",
		  K_TAG[] = "tag", K_MEMBER[] = "member";

static int ns_index(unsigned ns)
{
	return ns == NS_TAG ? 1 : ns == NS_MEMBER ? 2 : 0;
}

/* One lost definition. */
struct lost {
	char *name, *path, *why;
	size_t line;
	unsigned ns;             /* the namespaces it was lost in */
	const char *kind[3];     /* per namespace (ns_index) */
	int local;               /* only its own file can see it (a macro, a type, a static of a .c file) */
	char *seen_by;           /* a header's compile-time name: the prefix of the users that can
				    include it ("arch/ia64/" for arch/ia64/include/, its directory for a
				    private header), NULL for include/ */
};

/*
 * Who can include a header: anyone for include/ (and include/uapi/),
 * arch/A/ for arch/A/include/ (another architecture includes its own
 * asm/), and the header's own directory for a private header.
 */
static char *header_seen_by(const char *path)
{
	const char *p;

	if (starts_with(path, "include/"))
		return NULL;
	if (starts_with(path, "arch/") && (p = strchr(path + 5, '/')) && starts_with(p, "/include/"))
		return xstrndup(path, (size_t)(p - path) + 1);
	p = strrchr(path, '/');
	return p ? xstrndup(path, (size_t)(p - path) + 1) : xstrdup("");
}

struct job {
	struct lost *lost;       /* sorted by name */
	size_t nlost, lost_cap;
	struct strset skip;      /* paths not to scan from the tree */
	struct pattern *pats;
	struct scanner *sc;
	_Atomic unsigned char *retired;   /* per name: a surviving definition was found */
	_Atomic size_t *nretired;         /* when all are, the scan reads no more files */
};

static int cmp_lost(const void *a, const void *b)
{
	const struct lost *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (!c)
		c = strcmp(x->path, y->path);
	if (!c && x->line != y->line)
		c = x->line < y->line ? -1 : 1;
	return c;
}

/*
 * Every definition of a buffer, keyed "N\tname" by namespace: 'L' a
 * non-static function or variable (what the linker resolves), 'O' any
 * ordinary identifier, 'T' a tag, 'M' a member.
 */
struct defs_any {
	int after;               /* the buffer after the change: every key a definition provides */
	struct strset keys;
	struct strvec order;     /* keys, first definition of each, in file order */
	size_t *offs;
	const char **kinds;
	size_t cap, kcap;
};

static void defs_key(struct defs_any *d, char ns, const struct ev *e, const char *kind)
{
	char *key = xasprintf("%c\t%.*s", ns, (int)e->len, e->name);

	if (strset_add(&d->keys, key) && !d->after) {
		GROW(d->offs, d->cap, d->order.n + 1);
		GROW(d->kinds, d->kcap, d->order.n + 1);
		d->offs[d->order.n] = e->off;
		d->kinds[d->order.n] = kind;
		sv_push(&d->order, key);
	}
	free(key);
}

static void collect_any(void *vctx, const struct ev *e)
{
	struct defs_any *d = vctx;

	switch (e->kind) {
	case EV_USE:
		break;
	case EV_DEF:
		defs_key(d, 'L', e, K_LINK);
		if (d->after)
			defs_key(d, 'O', e, K_LINK);
		break;
	case EV_DEF_STATIC:
		defs_key(d, 'O', e, K_STATIC);
		break;
	case EV_MACRO:
		defs_key(d, 'O', e, K_MACRO);
		if (d->after)
			defs_key(d, 'T', e, K_MACRO), defs_key(d, 'M', e, K_MACRO);
		break;
	case EV_ENUM:
		defs_key(d, 'O', e, K_ENUM);
		break;
	case EV_TYPEDEF:
		defs_key(d, 'O', e, K_TYPEDEF);
		break;
	case EV_TAG:
		defs_key(d, 'T', e, K_TAG);
		break;
	case EV_MEMBER:
		defs_key(d, 'M', e, K_MEMBER);
		break;
	}
}

static void defs_any_release(struct defs_any *d)
{
	strset_clear(&d->keys);
	sv_clear(&d->order);
	free(d->offs);
	free((void *)d->kinds);
}

/*
 * The run [*lo, *hi) of a checked plan's edits that edit path: plan_check
 * sorted them by path, then by offset, and none overlaps another.
 */
static void edits_of_path(const struct plan *plan, const char *path, size_t *lo, size_t *hi)
{
	size_t l = 0, h = plan->nedits;

	while (l < h) {
		size_t mid = l + (h - l) / 2;

		if (strcmp(plan->edits[mid].path, path) < 0)
			l = mid + 1;
		else
			h = mid;
	}
	*lo = l;
	for (h = plan->nedits; l < h;) {
		size_t mid = l + (h - l) / 2;

		if (strcmp(plan->edits[mid].path, path) <= 0)
			l = mid + 1;
		else
			h = mid;
	}
	*hi = l;
}

/* The edit of the run [lo, hi) (edits_of_path) that replaces the byte at off, or NULL. */
static const struct edit *edit_at(const struct plan *plan, size_t lo, size_t hi, size_t off)
{
	size_t l = lo, h = hi;

	while (l < h) {   /* the first edit that starts after off */
		size_t mid = l + (h - l) / 2;

		if (plan->edits[mid].start <= off)
			l = mid + 1;
		else
			h = mid;
	}
	if (l == lo || off >= plan->edits[l - 1].end)
		return NULL;
	return &plan->edits[l - 1];
}

/* Compare one file's non-static definitions before and after; the lost go to job. */
static void compare_file(struct job *job, const char *path, const char *before, size_t blen,
			 const char *after, size_t alen, const struct plan *plan)
{
	struct defs_any b = { 0, STRSET_INIT, STRVEC_INIT, NULL, NULL, 0, 0 };
	struct defs_any a = { 1, STRSET_INIT, STRVEC_INIT, NULL, NULL, 0, 0 };
	struct line_index li = { NULL, 0 };
	size_t lo = 0, hi = 0;
	int cfile = !ends_with(path, ".h");

	lex_c(before, blen, NULL, collect_any, &b);
	if (after)
		lex_c(after, alen, NULL, collect_any, &a);
	if (after && plan)
		edits_of_path(plan, path, &lo, &hi);
	for (size_t i = 0; i < b.order.n; i++) {
		const struct edit *e;
		struct lost *l;
		char nsc = b.order.v[i][0];
		unsigned ns = nsc == 'T' ? NS_TAG : nsc == 'M' ? NS_MEMBER : NS_ORD;

		if (strset_has(&a.keys, b.order.v[i]))
			continue;
		/* a .c file's static definitions and types go with it: a user elsewhere has its own */
		if (cfile && nsc != 'L' && !after)
			continue;
		if (!li.start)
			line_index_init(&li, before, blen);
		GROW(job->lost, job->lost_cap, job->nlost + 1);
		l = &job->lost[job->nlost++];
		memset(l, 0, sizeof(*l));
		l->name = xstrdup(b.order.v[i] + 2);
		l->path = xstrdup(path);
		l->line = line_index_line(&li, b.offs[i]);
		l->ns = ns;
		l->kind[ns_index(ns)] = b.kinds[i];
		l->local = cfile && nsc != 'L';
		l->seen_by = !cfile && b.kinds[i] != K_LINK ? header_seen_by(path) : NULL;
		l->why = NULL;
		if (!after) {
			l->why = xstrdup(plan ? "the file is deleted" : "the file is gone");
		} else if (plan && (e = edit_at(plan, lo, hi, b.offs[i]))) {
			l->why = xasprintf("dropped with lines %zu-%zu (%s)", line_index_line(&li, e->start),
					   line_index_line(&li, e->end ? e->end - 1 : 0),
					   e->reason ? e->reason : kind_name(e->kind));
		}
		if (!l->why)
			l->why = xstrdup("no longer defined there");
	}
	line_index_release(&li);
	defs_any_release(&b);
	defs_any_release(&a);
}

/* ---- finding the users ---- */

struct use {
	uint32_t name;
	unsigned ns;
	char *path;
	size_t off, len, line;
	const char *use;
	char *text;
};

struct pairs {
	uint32_t name;
	unsigned ns;
	char *path;   /* NULL: everywhere */
};

struct worker {
	const struct job *job;
	const char *path;
	const char *buf;
	size_t len;
	struct line_index li;    /* of buf, made at its first use (li.start: made) */
	struct use *uses;
	size_t nuses, uses_cap;
	struct pairs *defs;      /* surviving definitions */
	size_t ndefs, defs_cap;
};

static long find_name(const struct job *job, const char *name, size_t len)
{
	size_t lo = 0, hi = job->nlost;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(job->lost[mid].name, name, len);

		if (c == 0 && job->lost[mid].name[len])
			c = 1;
		if (c == 0)
			return (long)mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

static int want_lost(void *vctx, const char *name, size_t len)
{
	const struct worker *w = vctx;

	return find_name(w->job, name, len) >= 0;
}

static void add_def(struct worker *w, uint32_t name, const char *path, unsigned ns)
{
	unsigned want = w->job->lost[name].ns;

	GROW(w->defs, w->defs_cap, w->ndefs + 1);
	w->defs[w->ndefs++] = (struct pairs){ name, ns, path ? xstrdup(path) : NULL };
	if (!path && w->job->sc) {
		unsigned old = atomic_fetch_or(&w->job->retired[name], (unsigned char)ns);

		/* retired from the scan once it survives in every namespace it was lost in */
		if ((old & want) != want && ((old | ns) & want) == want) {
			scanner_retire(w->job->sc, name);
			atomic_fetch_add(w->job->nretired, 1);
		}
	}
}

/* What an assembly file's mention of a lost name that defines nothing is. */
static const char USE_ASM[] = "assembly";

/* The worker reads buf (of path) from now on. */
static void worker_file(struct worker *w, const char *path, const char *buf, size_t len)
{
	w->path = path;
	w->buf = buf;
	w->len = len;
	line_index_release(&w->li);
}

static const struct line_index *worker_lines(struct worker *w)
{
	if (!w->li.start)
		line_index_init(&w->li, w->buf, w->len);
	return &w->li;
}

static void add_use(struct worker *w, uint32_t name, unsigned ns, size_t off, size_t len,
		    const char *use)
{
	const struct line_index *li = worker_lines(w);
	size_t ls = line_index_start(li, off), le = line_end(w->buf, w->len, off);
	struct use *u;

	while (le > ls && (w->buf[le - 1] == '\n' || w->buf[le - 1] == '\r'))
		le--;
	GROW(w->uses, w->uses_cap, w->nuses + 1);
	u = &w->uses[w->nuses++];
	*u = (struct use){ name, ns, xstrdup(w->path), off, len, line_index_line(li, off), use,
			   xstrndup(w->buf + ls, le - ls) };
}

static void on_event(void *vctx, const struct ev *e)
{
	struct worker *w = vctx;
	long k = find_name(w->job, e->name, e->len);
	int header = ends_with(w->path, ".h");

	if (k < 0)
		return;
	switch (e->kind) {
	case EV_DEF:
		add_def(w, (uint32_t)k, NULL, NS_ORD);
		break;
	case EV_DEF_STATIC:
	case EV_ENUM:
	case EV_TYPEDEF:
		add_def(w, (uint32_t)k, header ? NULL : w->path, NS_ORD);
		break;
	case EV_MACRO:
		add_def(w, (uint32_t)k, header ? NULL : w->path, NS_ALL);
		break;
	case EV_TAG:
		add_def(w, (uint32_t)k, header ? NULL : w->path, NS_TAG);
		break;
	case EV_MEMBER:
		add_def(w, (uint32_t)k, header ? NULL : w->path, NS_MEMBER);
		break;
	case EV_USE: {
		unsigned ns = !strcmp(e->use, "member") ? NS_MEMBER : !strcmp(e->use, "tag") ? NS_TAG : NS_ORD;

		if (w->job->lost[k].ns & ns)
			add_use(w, (uint32_t)k, ns, e->off, e->len, e->use);
		break;
	}
	}
}

/*
 * Assembly: its definitions (ENTRY, SYM_*_START, .globl) count; any other
 * mention goes to asm_uses, not to the residue (this reader does not
 * evaluate an assembly file's #if blocks or comments).
 */
static void asm_hits(struct worker *w, const struct scan_hit *hits, size_t n)
{
	static const char *const defs[] = { "ENTRY(", "SYM_FUNC_START", "SYM_CODE_START", "SYM_DATA",
					     ".globl", ".global", "SYM_FUNC_ALIAS", "SYM_TYPED_FUNC_START",
					     "GLOBAL(" };

	for (size_t i = 0; i < n; i++) {
		size_t ls = line_index_start(worker_lines(w), hits[i].offset), k;
		char *line = xstrndup(w->buf + ls, hits[i].offset - ls);

		for (k = 0; k < ARRAY_SIZE(defs); k++)
			if (strstr(line, defs[k])) {
				add_def(w, hits[i].pattern, NULL, NS_ALL);
				break;
			}
		if (k == ARRAY_SIZE(defs))
			add_use(w, hits[i].pattern, NS_ORD, hits[i].offset,
				strlen(w->job->lost[hits[i].pattern].name), USE_ASM);
		free(line);
	}
}

static void on_file(void *vctx, const char *path, const char *buf, size_t len,
		    const struct scan_hit *hits, size_t n)
{
	struct worker *w = vctx;

	worker_file(w, path, buf, len);
	if (ends_with(path, ".S"))
		asm_hits(w, hits, n);
	else
		lex_c(buf, len, want_lost, on_event, w);
}

static int not_kernel_code(const char *path)
{
	return starts_with(path, "tools/") || starts_with(path, "scripts/") ||
	       starts_with(path, "Documentation/") || starts_with(path, "usr/");
}

static int skip_path(const char *path, void *vctx)
{
	const struct job *job = vctx;

	return file_class(path) != FILE_C || not_kernel_code(path) || strset_has(&job->skip, path) ||
	       atomic_load(job->nretired) == job->nlost;
}

static int is_c_source(const char *path)
{
	return ends_with(path, ".c") || ends_with(path, ".h");
}

/* An overlay file: its new text, with offsets mapped back to the plan's snapshot. */
struct overlay {
	const struct plan_file *f;
	struct strbuf text;
};

/*
 * Where the edits of one file (a run of a checked plan's, in order) put
 * their replacements in the new text: edit k's at [nstart[k], nstart[k] +
 * rlen[k]), and each offset of the new text after it and before the next
 * is old + add[k] - sub[k].
 */
struct new_text_map {
	const struct edit *e;
	size_t n;
	size_t *nstart, *rlen, *add, *sub;
};

static void new_text_map_init(struct new_text_map *m, const struct plan *plan, const char *path)
{
	size_t lo, hi, add = 0, sub = 0;

	edits_of_path(plan, path, &lo, &hi);
	m->e = plan->edits + lo;
	m->n = hi - lo;
	m->nstart = xmalloc((m->n + 1) * 4 * sizeof(size_t));
	m->rlen = m->nstart + m->n + 1;
	m->add = m->rlen + m->n + 1;
	m->sub = m->add + m->n + 1;
	for (size_t k = 0; k < m->n; k++) {
		m->nstart[k] = m->e[k].start + add - sub;
		m->rlen[k] = strlen(m->e[k].repl);
		add += m->rlen[k];
		sub += m->e[k].end - m->e[k].start;
		m->add[k] = add;
		m->sub[k] = sub;
	}
}

/* The offset of the plan's snapshot that offset off of the new text comes from (an edit's start inside a replacement). */
static size_t map_back(const struct new_text_map *m, size_t off)
{
	size_t l = 0, h = m->n;

	while (l < h) {   /* the first edit whose replacement starts after off */
		size_t mid = l + (h - l) / 2;

		if (m->nstart[mid] <= off)
			l = mid + 1;
		else
			h = mid;
	}
	if (!l)
		return off;
	if (off < m->nstart[l - 1] + m->rlen[l - 1])
		return m->e[l - 1].start;
	return off + m->sub[l - 1] - m->add[l - 1];
}

/*
 * Scan the tree (and the overlays), then keep the uses of names that have
 * no surviving definition.
 */
static void find_users(struct job *job, const struct tree *t, const struct plan *plan,
		       struct overlay *ov, size_t nov, int nthreads, struct links_result *res)
{
	int nt = nthreads > 0 ? nthreads : scan_default_threads();
	struct worker *w = xcalloc((size_t)nt + 1, sizeof(*w));
	void **ctxp = xcalloc((size_t)nt, sizeof(*ctxp));
	struct strvec first = STRVEC_INIT;
	struct strset first_seen = STRSET_INIT;
	unsigned char *survives = xcalloc(job->nlost ? job->nlost : 1, 1);
	struct strset local = STRSET_INIT;

	if (job->nlost)   /* qsort(NULL, 0) is undefined (UBSan) */
		qsort(job->lost, job->nlost, sizeof(*job->lost), cmp_lost);
	/* A name lost in two files is one pattern. */
	{
		size_t o = 0;

		for (size_t i = 0; i < job->nlost; i++) {
			if (o && !strcmp(job->lost[o - 1].name, job->lost[i].name)) {
				struct lost *p = &job->lost[o - 1], *q = &job->lost[i];

				for (int n = 0; n < 3; n++)
					if (!p->kind[n])
						p->kind[n] = q->kind[n];
				p->local = p->local && q->local && !strcmp(p->path, q->path);
				if (p->seen_by && (!q->seen_by || strcmp(p->seen_by, q->seen_by))) {
					free(p->seen_by);   /* seen by more than one: anyone */
					p->seen_by = NULL;
				}
				p->ns |= q->ns;
				free(q->name), free(q->path), free(q->why), free(q->seen_by);
				continue;
			}
			job->lost[o++] = job->lost[i];
		}
		job->nlost = o;
	}
	/* A header's names that only users under a prefix can see, when the removal keeps none there. */
	{
		struct strset kept = STRSET_INIT, none = STRSET_INIT;
		size_t o = 0;

		for (size_t i = 0; i < job->nlost; i++) {
			const char *sb = job->lost[i].seen_by;

			if (sb && !strset_has(&kept, sb) && !strset_has(&none, sb)) {
				size_t k;

				for (k = 0; k < t->files.n; k++)
					if (starts_with(t->files.v[k], sb) && file_class(t->files.v[k]) == FILE_C &&
					    !strset_has(&job->skip, t->files.v[k]))
						break;
				strset_add(k < t->files.n ? &kept : &none, sb);
			}
			if (sb && strset_has(&none, sb)) {
				free(job->lost[i].name), free(job->lost[i].path), free(job->lost[i].why);
				free(job->lost[i].seen_by);
				continue;
			}
			job->lost[o++] = job->lost[i];
		}
		job->nlost = o;
		strset_clear(&kept);
		strset_clear(&none);
	}
	res->ngone = job->nlost;
	job->pats = xcalloc(job->nlost ? job->nlost : 1, sizeof(*job->pats));
	for (size_t i = 0; i < job->nlost; i++) {
		char *dir = xstrdup(job->lost[i].path), *slash = strrchr(dir, '/');

		job->pats[i] = (struct pattern){ job->lost[i].name, strlen(job->lost[i].name), FILE_C,
						  NULL, (int)i, 0 };
		if (slash) {
			slash[1] = '\0';
			if (strset_add(&first_seen, dir))
				sv_push(&first, dir);
		}
		free(dir);
	}
	for (int i = 0; i <= nt; i++)
		w[i].job = job;
	if (job->nlost) {
		job->retired = xcalloc(job->nlost, sizeof(*job->retired));
		job->nretired = xcalloc(1, sizeof(*job->nretired));
		job->sc = scanner_new(job->pats, job->nlost);
		sv_push(&first, "include/");
		scanner_scan_first(job->sc, &first);
		for (int i = 0; i < nt; i++)
			ctxp[i] = &w[i];
		/* The overlays first: their definitions retire names before the tree is read. */
		for (size_t i = 0; i < nov; i++) {
			const struct plan_file *f = ov[i].f;
			size_t from = w[nt].nuses;

			struct new_text_map m;
			struct line_index li;

			worker_file(&w[nt], f->path, ov[i].text.buf ? ov[i].text.buf : "", ov[i].text.len);
			lex_c(w[nt].buf, w[nt].len, want_lost, on_event, &w[nt]);
			if (from == w[nt].nuses)
				continue;
			/* Report each use where the tree has it now, before the removal. */
			new_text_map_init(&m, plan, f->path);
			line_index_init(&li, f->data, f->len);
			for (size_t k = from; k < w[nt].nuses; k++) {
				struct use *u = &w[nt].uses[k];
				size_t ls, le;

				u->off = map_back(&m, u->off);
				u->line = line_index_line(&li, u->off);
				ls = line_index_start(&li, u->off);
				le = line_end(f->data, f->len, u->off);
				while (le > ls && (f->data[le - 1] == '\n' || f->data[le - 1] == '\r'))
					le--;
				free(u->text);
				u->text = xstrndup(f->data + ls, le - ls);
			}
			line_index_release(&li);
			free(m.nstart);
		}
		/* Binary files (NULL) hold no C that links against a definition. */
		res->files_scanned = scan_tree(job->sc, t, nt, skip_path, job, on_file, NULL, ctxp,
					       &res->unreadable);
	}
	/* Surviving definitions. */
	for (int i = 0; i <= nt; i++)
		for (size_t k = 0; k < w[i].ndefs; k++) {
			if (!w[i].defs[k].path) {
				survives[w[i].defs[k].name] |= (unsigned char)w[i].defs[k].ns;
			} else {
				for (unsigned ns = 1; ns <= NS_MEMBER; ns <<= 1) {
					char *key, *slash;

					if (!(w[i].defs[k].ns & ns))
						continue;
					key = xasprintf("%u\t%u\t%s", w[i].defs[k].name, ns, w[i].defs[k].path);
					slash = strrchr(key, '/');
					strset_add(&local, key);
					/* and "name\tns\tdir/": a header beside it may use it (below) */
					if (slash) {
						slash[1] = '\0';
						strset_add(&local, key);
					}
					free(key);
				}
			}
			free(w[i].defs[k].path);
		}
	for (size_t i = 0; i < job->nlost; i++)
		if ((survives[i] & job->lost[i].ns) != job->lost[i].ns) {
			res->nlost++;
			sv_push_owned(&res->lost, xasprintf("%s (%s:%zu)", job->lost[i].name,
							    job->lost[i].path, job->lost[i].line));
		}
	for (int i = 0; i <= nt; i++) {
		for (size_t k = 0; k < w[i].nuses; k++) {
			struct use *u = &w[i].uses[k];
			const struct lost *l = &job->lost[u->name];
			char *key = xasprintf("%u\t%u\t%s", u->name, u->ns, u->path);
			struct link_residue *r;

			/*
			 * A header's use of a name a C file of its own directory
			 * defines static is that file's (isp1362.h's dbg_level is
			 * isp1362-hcd.c's static dbg_level, which includes it).
			 */
			if (ends_with(u->path, ".h") && strrchr(key, '/'))
				strrchr(key, '/')[1] = '\0';
			if ((survives[u->name] & u->ns) || strset_has(&local, key) ||
			    (l->local && strcmp(l->path, u->path)) ||
			    (l->seen_by && !starts_with(u->path, l->seen_by))) {
				free(key);
				free(u->path);
				free(u->text);
				continue;
			}
			free(key);
			if (u->use == USE_ASM) {
				GROW(res->asm_uses, res->asm_cap, res->nasm + 1);
				r = &res->asm_uses[res->nasm++];
			} else {
				GROW(res->v, res->cap, res->n + 1);
				r = &res->v[res->n++];
			}
			*r = (struct link_residue){ xstrdup(l->name), xstrdup(l->path), l->line, xstrdup(l->why),
						    u->path, u->line, u->off, u->len, u->use, u->text, NULL,
						    l->kind[ns_index(u->ns)] ? l->kind[ns_index(u->ns)] : K_LINK };
		}
		free(w[i].uses);
		free(w[i].defs);
		line_index_release(&w[i].li);
	}
	strset_clear(&local);
	free(survives);
	free(w);
	free(ctxp);
	sv_clear(&first);
	strset_clear(&first_seen);
}

/* ---- the entry points ---- */

void links_release(struct links_result *res)
{
	for (size_t i = 0; i < res->n + res->nasm; i++) {
		struct link_residue *r = i < res->n ? &res->v[i] : &res->asm_uses[i - res->n];

		free(r->name), free(r->def_path), free(r->def_why), free(r->path), free(r->text);
		free(r->replacement);
	}
	free(res->v);
	free(res->asm_uses);
	sv_clear(&res->lost);
	for (size_t i = 0; i < res->nselectors; i++)
		free(res->selectors[i].option), free(res->selectors[i].path), free(res->selectors[i].symbol);
	free(res->selectors);
	sv_clear(&res->unreadable);
	memset(res, 0, sizeof(*res));
}

static int cmp_residue(const void *a, const void *b)
{
	const struct link_residue *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	if (c)
		return c;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return strcmp(x->name, y->name);
}

char *links_selector_describe(const struct link_selector *sel)
{
	return xasprintf("%s (%s:%zu) %s %s", sel->option, sel->path, sel->line,
			 sel->implied ? "implied" : "selected", sel->symbol);
}

/*
 * Kept options whose select or imply the plan drops or renames: the
 * edits whose cause names the option and what it selected.
 */
static void find_selectors(const struct plan *plan, struct links_result *res)
{
	struct line_index li = { NULL, 0 };
	const struct plan_file *li_of = NULL;   /* the file li indexes (the edits come by file) */

	for (size_t i = 0; i < plan->nedits; i++) {
		const struct edit *e = &plan->edits[i];
		const struct plan_file *f = plan_find(plan, e->path);

		if ((e->kind != KIND_KCONFIG_SELECT && e->kind != KIND_KCONFIG_IMPLY) ||
		    !e->cause.option || !e->cause.selects)
			continue;
		if (f && f != li_of) {
			line_index_release(&li);
			line_index_init(&li, f->data, f->len);
			li_of = f;
		}
		GROW(res->selectors, res->selectors_cap, res->nselectors + 1);
		res->selectors[res->nselectors++] = (struct link_selector){
			xstrdup(e->cause.option), xstrdup(e->path),
			f ? line_index_line(&li, e->start) : 0, e->kind != KIND_KCONFIG_SELECT,
			xstrdup(e->cause.selects) };
	}
	line_index_release(&li);
}

/*
 * The macros that must be defined for offset off of buf to be compiled:
 * the names of the enclosing "#ifdef NAME" and "#if defined(NAME)" (their
 * first branch only), not CONFIG_ symbols and not the compiler's own
 * (__x86_64__, _LP64).  Appended to out.
 */
static void positive_guards(const char *buf, size_t off, const char *keep, struct strvec *out)
{
	char *stack[64];
	int depth = 0;

	for (size_t ls = 0; ls < off;) {
		size_t le = line_end(buf, off, ls);
		const char *p = buf + ls, *e = buf + le;
		char *name = NULL;

		p += strspn(p, " \t");
		if (p < e && *p == '#') {
			const char *w;
			size_t n;

			p++;
			p += strspn(p, " \t");
			for (w = p; p < e && is_word_char((unsigned char)*p); p++)
				;
			n = (size_t)(p - w);
			p += strspn(p, " \t(");
			if ((n == 5 && !strncmp(w, "ifdef", 5)) || (n == 2 && !strncmp(w, "if", 2))) {
				const char *a;

				if (n == 2 && !strncmp(p, "defined", 7) && !is_word_char((unsigned char)p[7])) {
					p += 7;
					p += strspn(p, " \t(");
				} else if (n == 2) {
					p = e;   /* another expression: no single guard */
				}
				for (a = p; p < e && is_word_char((unsigned char)*p); p++)
					;
				/* the name alone: "#if defined(A) && B" is no single guard */
				if (p > a && (n == 5 || strspn(p, " \t)\r\n") == (size_t)(e - p)))
					name = xstrndup(a, (size_t)(p - a));
				if (depth < (int)ARRAY_SIZE(stack))
					stack[depth] = name;
				else
					free(name);
				depth++;
			} else if ((n == 6 && !strncmp(w, "ifndef", 6))) {
				if (depth < (int)ARRAY_SIZE(stack))
					stack[depth] = NULL;
				depth++;
			} else if ((n == 4 && (!strncmp(w, "else", 4) || !strncmp(w, "elif", 4))) ||
				   (n == 7 && !strncmp(w, "elifdef", 7)) || (n == 8 && !strncmp(w, "elifndef", 8))) {
				if (depth > 0 && depth <= (int)ARRAY_SIZE(stack)) {
					free(stack[depth - 1]);
					stack[depth - 1] = NULL;
				}
			} else if (n == 5 && !strncmp(w, "endif", 5) && depth > 0) {
				depth--;
				if (depth < (int)ARRAY_SIZE(stack))
					free(stack[depth]);
			}
		}
		ls = le;
	}
	for (int i = 0; i < depth && i < (int)ARRAY_SIZE(stack); i++) {
		if (stack[i] && ((!starts_with(stack[i], "CONFIG_") && stack[i][0] != '_') ||
				 !strcmp(stack[i], keep)) &&
		    !sv_contains(out, stack[i]))
			sv_push(out, stack[i]);
		free(stack[i]);
	}
}

/* Per scan thread: the names a line defines (#define NAME, -DNAME). */
struct defined_ctx {
	const struct pattern *pats;
	struct strset defined;
};

static void on_define_hits(void *vctx, const char *path, const char *buf, size_t len,
			   const struct scan_hit *hits, size_t n)
{
	struct defined_ctx *c = vctx;
	struct line_cursor lc = LINE_CURSOR_INIT;   /* the hits come by offset */

	(void)path;
	(void)len;
	for (size_t i = 0; i < n; i++) {
		size_t off = hits[i].offset;
		const char *p = buf + line_cursor_start(&lc, buf, off);
		int def = off >= 2 && buf[off - 2] == '-' && buf[off - 1] == 'D';   /* -DNAME */

		p += strspn(p, " \t");
		if (!def && starts_with(c->pats[hits[i].pattern].text, "-D")) {
			strset_add(&c->defined, c->pats[hits[i].pattern].text + 2);
			continue;
		}
		if (!def && *p == '#') {   /* #define NAME, on the name's own line */
			p++;
			p += strspn(p, " \t");
			def = !strncmp(p, "define", 6) && p + 6 <= buf + off;
		}
		if (def)
			strset_add(&c->defined, c->pats[hits[i].pattern].text);
	}
}

/*
 * Link residue in code nothing compiles: a user inside "#ifdef NAME" where
 * no file of the tree defines NAME (#define, -D) is dead code, as under
 * "#if 0" (drivers/usb/misc/sisusbvga/sisusb.c, 6.1: sisusb_testreadwrite()
 * under #ifdef SISUSBENDIANTEST calls sisusb_copy_memory(), which
 * USB_SISUSBVGA_CON's block defines).  Those residues are dropped.
 */
static void drop_dead_guarded(struct links_result *res, const struct tree *t, int nthreads)
{
	struct strvec *guards = xcalloc(res->n ? res->n : 1, sizeof(*guards)), names = STRVEC_INIT;
	struct strvec dflags = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct pattern *pats;
	struct strset defined = STRSET_INIT;
	size_t k = 0;

	for (size_t i = 0; i < res->n; i++) {
		char *full = path_join(t->root, res->v[i].path);

		sb_reset(&sb);
		if (read_file(full, &sb) == 0 && res->v[i].off <= sb.len)
			positive_guards(sb.buf, res->v[i].off, res->v[i].name, &guards[i]);
		free(full);
		for (size_t g = 0; g < guards[i].n; g++)
			if (!sv_contains(&names, guards[i].v[g]))
				sv_push(&names, guards[i].v[g]);
	}
	if (names.n) {
		struct scanner *sc;
		int nt = nthreads > 0 ? nthreads : scan_default_threads();
		struct defined_ctx *ctx = xcalloc((size_t)nt, sizeof(*ctx));
		void **ctxp = xcalloc((size_t)nt, sizeof(*ctxp));
		struct strvec unreadable = STRVEC_INIT;

		/* NAME for #define NAME; "-DNAME" (a word character before NAME) on its own. */
		pats = xcalloc(2 * names.n, sizeof(*pats));
		for (size_t i = 0; i < names.n; i++) {
			char *d = xasprintf("-D%s", names.v[i]);

			pats[2 * i] = (struct pattern){ names.v[i], strlen(names.v[i]), FILE_ANY, NULL, 0, 0 };
			sv_push_owned(&dflags, d);
			pats[2 * i + 1] = (struct pattern){ d, strlen(d), FILE_ANY, NULL, 0, 0 };
		}
		sc = scanner_new(pats, 2 * names.n);
		for (int i = 0; i < nt; i++) {
			ctx[i].pats = pats;
			ctxp[i] = &ctx[i];
		}
		scan_tree(sc, t, nt, NULL, NULL, on_define_hits, NULL, ctxp, &unreadable);
		for (int i = 0; i < nt; i++) {
			for (size_t n = 0; n < names.n; n++)
				/* A file it could not read might define any of them. */
				if (unreadable.n || strset_has(&ctx[i].defined, names.v[n]))
					strset_add(&defined, names.v[n]);
			strset_clear(&ctx[i].defined);
		}
		scanner_free(sc);
		free(pats);
		free(ctx);
		free(ctxp);
		sv_clear(&unreadable);
		sv_clear(&dflags);
	}
	for (size_t i = 0; i < res->n; i++) {
		int dead = 0;

		/* #ifdef FOO around a use of FOO: it goes with FOO's definition */
		for (size_t g = 0; g < guards[i].n && !dead; g++)
			dead = !strset_has(&defined, guards[i].v[g]) || !strcmp(guards[i].v[g], res->v[i].name);
		if (dead) {
			struct link_residue *r = &res->v[i];

			free(r->name), free(r->def_path), free(r->def_why), free(r->path), free(r->text);
			free(r->replacement);
		} else {
			res->v[k++] = res->v[i];
		}
		sv_clear(&guards[i]);
	}
	res->n = k;
	free(guards);
	sv_clear(&names);
	strset_clear(&defined);
	sb_release(&sb);
}

static int read_in(const char *root, const char *path, struct strbuf *sb);

/* ---- duplicate definitions ---- */

static const char K_DUP[] = "duplicate definition";

/*
 * The CONFIG_ name of a directive that keeps its first branch when the
 * option is off ("#ifndef CONFIG_X", "#if !IS_ENABLED(CONFIG_X)", "#if
 * !defined(CONFIG_X)"; *neg = 1) or its #else ("#ifdef CONFIG_X", "#if
 * IS_ENABLED(CONFIG_X)", "#if defined(CONFIG_X)"; *neg = 0), or NULL.
 */
static char *option_directive(const char *p, const char *e, int *neg)
{
	const char *a;

	p += strspn(p, " \t");
	if (p >= e || *p != '#')
		return NULL;
	p++;
	p += strspn(p, " \t");
	if (starts_with(p, "ifndef") || starts_with(p, "ifdef")) {
		*neg = p[2] == 'n';
		p += *neg ? 6 : 5;
	} else if (starts_with(p, "if") && !is_word_char((unsigned char)p[2])) {
		p += 2;
		p += strspn(p, " \t");
		*neg = *p == '!';
		if (*neg)
			p++;
		p += strspn(p, " \t");
		if (starts_with(p, "IS_ENABLED"))
			p += 10;
		else if (starts_with(p, "defined"))
			p += 7;
		else
			return NULL;
		p += strspn(p, " \t(");
	} else {
		return NULL;
	}
	p += strspn(p, " \t");
	if (!starts_with(p, "CONFIG_"))
		return NULL;
	for (a = p; p < e && is_word_char((unsigned char)*p); p++)
		;
	/* the name alone: "#ifndef CONFIG_X && Y" is no single option */
	if (strspn(p, " \t)\r\n") != (size_t)(e - p) && !starts_with(p + strspn(p, " \t)"), "/*") &&
	    !starts_with(p + strspn(p, " \t)"), "//"))
		return NULL;
	return xstrndup(a, (size_t)(p - a));
}

/* A definition the removal makes unconditional. */
struct gained {
	char *name, *path, *why;
	size_t line;
};

/*
 * The non-static definitions and header definitions of an edited file that
 * sat in the branch an option's absence keeps (#ifndef CONFIG_X, #else of
 * #ifdef CONFIG_X) whose directive the plan takes away: kept, they are now
 * unconditional.
 */
static void gained_defs(const struct plan *plan, const struct plan_file *f, struct gained **gv,
			size_t *ng, size_t *gcap)
{
	struct defs_any d = { 0, STRSET_INIT, STRVEC_INIT, NULL, NULL, 0, 0 };
	struct line_index li;
	size_t lo, hi;
	struct frame { char *opt, *text; int neg, in_else, removed, cfg; } st[64];
	int depth = 0;
	size_t k = 0;

	edits_of_path(plan, f->path, &lo, &hi);
	if (lo == hi)
		return;
	lex_c(f->data, f->len, NULL, collect_any, &d);
	if (!d.order.n) {
		defs_any_release(&d);
		return;
	}
	line_index_init(&li, f->data, f->len);
	/* d.order is in file order: walk the lines once, definitions as they come */
	for (size_t ls = 0; ls < f->len && k < d.order.n;) {
		size_t le = line_end(f->data, f->len, ls);
		const char *p = f->data + ls, *e = f->data + le;
		int neg;
		char *opt;

		while (k < d.order.n && d.offs[k] < le) {
			const char *key = d.order.v[k];
			int header = ends_with(f->path, ".h");

			/* the linker's, or any of a header's */
			if ((key[0] == 'L' || (header && key[0] != 'M')) && !edit_at(plan, lo, hi, d.offs[k])) {
				int other = 0;   /* another option's #if around it: not unconditional */

				for (int i = depth < 64 ? depth - 1 : 63; i >= 0; i--)
					other |= st[i].cfg && !st[i].removed;
				for (int i = depth < 64 ? depth - 1 : 63; i >= 0 && !other; i--) {
					if (!st[i].opt || !st[i].removed || st[i].neg == st[i].in_else)
						continue;
					GROW(*gv, *gcap, *ng + 1);
					(*gv)[(*ng)++] = (struct gained){
						xstrdup(key + 2), xstrdup(f->path),
						xasprintf("%s%s dropped: now unconditional",
							  st[i].neg ? "" : "the #else of ", st[i].text),
						line_index_line(&li, d.offs[k]) };
					break;
				}
			}
			k++;
		}
		p += strspn(p, " \t");
		if (p < e && *p == '#') {
			const char *w = p + 1 + strspn(p + 1, " \t");

			if ((opt = option_directive(p, e, &neg))) {
				size_t n = (size_t)(e - p);

				while (n && (p[n - 1] == '\n' || p[n - 1] == '\r' || p[n - 1] == ' ' || p[n - 1] == '\t'))
					n--;
				if (depth < 64)
					st[depth] = (struct frame){ opt, xstrndup(p, n), neg, 0,
								    edit_at(plan, lo, hi, ls) != NULL, 1 };
				else
					free(opt);
				depth++;
			} else if (starts_with(w, "if")) {
				if (depth < 64)
					st[depth] = (struct frame){ NULL, NULL, 0, 0, edit_at(plan, lo, hi, ls) != NULL,
								    memmem(p, (size_t)(e - p), "CONFIG_", 7) != NULL };
				depth++;
			} else if (starts_with(w, "else") || starts_with(w, "elif")) {
				if (depth > 0 && depth <= 64) {
					st[depth - 1].in_else = 1;
					if (starts_with(w, "elif")) {   /* a third branch: no longer the option's alone */
						free(st[depth - 1].opt);
						st[depth - 1].opt = NULL;
					}
				}
			} else if (starts_with(w, "endif") && depth > 0) {
				depth--;
				if (depth < 64)
					free(st[depth].opt), free(st[depth].text);
			}
		}
		ls = le;
	}
	for (int i = 0; i < depth && i < 64; i++)
		free(st[i].opt), free(st[i].text);
	line_index_release(&li);
	defs_any_release(&d);
}

struct dup_ctx {
	const struct gained *g;
	size_t ng;
	const char *path;
	const char *buf;
	size_t len;
	struct links_result *res;
	struct line_index li;
};

static int want_gained(void *vctx, const char *name, size_t len)
{
	const struct dup_ctx *c = vctx;

	for (size_t i = 0; i < c->ng; i++)
		if (strlen(c->g[i].name) == len && !memcmp(c->g[i].name, name, len))
			return 1;
	return 0;
}

static void on_dup(void *vctx, const struct ev *e)
{
	struct dup_ctx *c = vctx;
	int header = ends_with(c->path, ".h");
	size_t ls, le;

	if (!(e->kind == EV_DEF || (header && e->kind != EV_USE && e->kind != EV_MEMBER)))
		return;
	for (size_t i = 0; i < c->ng; i++) {
		const struct gained *g = &c->g[i];
		struct link_residue *r;

		if (strlen(g->name) != e->len || memcmp(g->name, e->name, e->len) || !strcmp(g->path, c->path))
			continue;
		if (!c->li.start)
			line_index_init(&c->li, c->buf, c->len);
		ls = line_index_start(&c->li, e->off);
		le = line_end(c->buf, c->len, e->off);
		while (le > ls && (c->buf[le - 1] == '\n' || c->buf[le - 1] == '\r'))
			le--;
		GROW(c->res->v, c->res->cap, c->res->n + 1);
		r = &c->res->v[c->res->n++];
		*r = (struct link_residue){ xstrdup(g->name), xstrdup(g->path), g->line, xstrdup(g->why),
					    xstrdup(c->path), line_index_line(&c->li, e->off), e->off, e->len,
					    "definition", xstrndup(c->buf + ls, le - ls), NULL, K_DUP };
		break;
	}
}

/*
 * Duplicate definitions: a generic definition the removal makes
 * unconditional (#ifndef CONFIG_HAVE_ARCH_FOO, whose option goes) while
 * the directory of a kept option that selected the removed one (arch/A/
 * for arch/A/Kconfig) still defines the name (a non-static definition, or
 * any of a header's).
 */
static void find_duplicates(const struct plan *plan, const struct tree *t, struct links_result *res)
{
	struct gained *g = NULL;
	size_t ng = 0, gcap = 0;
	struct strvec dirs = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < plan->nfiles; i++) {
		const struct plan_file *f = &plan->files[i];

		if (is_c_source(f->path) && !plan_is_deleted(plan, f->path) && !not_kernel_code(f->path))
			gained_defs(plan, f, &g, &ng, &gcap);
	}
	for (size_t i = 0; ng && i < res->nselectors; i++) {
		char *dir = xstrdup(res->selectors[i].path), *slash = strrchr(dir, '/');

		if (slash && slash != dir) {
			slash[1] = '\0';
			if (!sv_contains(&dirs, dir))
				sv_push(&dirs, dir);
		}
		free(dir);
	}
	for (size_t i = 0; dirs.n && i < t->files.n; i++) {
		const char *p = t->files.v[i];
		struct dup_ctx c = { g, ng, p, NULL, 0, res, { NULL, 0 } };
		size_t d, k;

		for (d = 0; d < dirs.n && !starts_with(p, dirs.v[d]); d++)
			;
		if (d == dirs.n || !is_c_source(p) || plan_is_deleted(plan, p) || plan_find(plan, p))
			continue;
		sb_reset(&sb);
		if (read_in(t->root, p, &sb) < 0 || !sb.buf)
			continue;
		for (k = 0; k < ng && !memmem(sb.buf, sb.len, g[k].name, strlen(g[k].name)); k++)
			;
		if (k == ng)
			continue;
		c.buf = sb.buf;
		c.len = sb.len;
		lex_c(sb.buf, sb.len, want_gained, on_dup, &c);
		line_index_release(&c.li);
	}
	for (size_t i = 0; i < ng; i++)
		free(g[i].name), free(g[i].path), free(g[i].why);
	free(g);
	sv_clear(&dirs);
	sb_release(&sb);
}

/* ---- build-time programs and generated headers ---- */

static const char K_BUILD[] = "build-time program";

/* A program or generated header the removal stops making. */
struct gone_prog {
	char *name;      /* "mkfootab", or "footab.asn1.h" */
	char *dir;       /* the Makefile's directory, "drivers/foo/" */
	char *path;      /* the Makefile */
	size_t line;
	int header;      /* a generated header (of an .asn1.o part) */
};

/* Does a Makefile line (from p) set a variable of programs the build makes and runs? */
static int program_line(const char *p, const char *e)
{
	static const char *const vars[] = { "hostprogs", "always", "userprogs", "extra-" };

	p += strspn(p, " \t");
	for (size_t i = 0; i < ARRAY_SIZE(vars); i++)
		if (starts_with(p, vars[i]) && (size_t)(e - p) > strlen(vars[i]))
			return 1;
	return 0;
}

/* The words of [a, e) that name programs or .asn1.o parts, added to gv. */
static void gone_words(const char *path, size_t line, int programs, const char *a, const char *e,
		       struct gone_prog **gv, size_t *ng, size_t *gcap)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xstrndup(path, (size_t)(slash - path) + 1) : xstrdup("");

	while (a < e) {
		const char *w;
		size_t n;

		a += strspn(a, " \t\\\r\n");
		for (w = a; a < e && (is_word_char((unsigned char)*a) || *a == '-' || *a == '.' || *a == '/'); a++)
			;
		n = (size_t)(a - w);
		if (!n) {
			if (a < e && *a == '$') {   /* $(...) */
				const char *c = memchr(a, ')', (size_t)(e - a));

				a = c ? c + 1 : e;
			} else if (a < e) {
				a++;
			}
			continue;
		}
		if (n > 7 && !memcmp(a - 7, ".asn1.o", 7)) {
			GROW(*gv, *gcap, *ng + 1);
			(*gv)[(*ng)++] = (struct gone_prog){ xasprintf("%.*s.h", (int)(n - 2), w), xstrdup(dir),
							     xstrdup(path), line, 1 };
		} else if (programs && !memchr(w, '.', n) && !memchr(w, '/', n) &&
			   !(n >= 9 && !memcmp(w, "hostprogs", 9)) && !(n >= 6 && !memcmp(w, "always", 6)) &&
			   !(n >= 9 && !memcmp(w, "userprogs", 9)) && !(n >= 5 && !memcmp(w, "extra", 5))) {
			GROW(*gv, *gcap, *ng + 1);
			(*gv)[(*ng)++] = (struct gone_prog){ xstrndup(w, n), xstrdup(dir), xstrdup(path), line, 0 };
		}
	}
	free(dir);
}

/* Is name at b + off a whole word of a path ("$(obj)/mkfootab", not "mkfootab.c", not "mkfootab-objs")? */
static int path_word_at(const char *b, size_t len, size_t off, size_t n)
{
	char after = off + n < len ? b[off + n] : ' ';

	return off > 0 && b[off - 1] == '/' && !is_word_char((unsigned char)after) && after != '.' &&
	       after != '-';
}

static void add_build_residue(struct links_result *res, const struct gone_prog *g, const char *path,
			      const char *buf, size_t len, size_t off, const char *use)
{
	size_t ls = line_start(buf, off), le = line_end(buf, len, off);
	struct link_residue *r;

	while (le > ls && (buf[le - 1] == '\n' || buf[le - 1] == '\r'))
		le--;
	GROW(res->v, res->cap, res->n + 1);
	r = &res->v[res->n++];
	*r = (struct link_residue){ xstrdup(g->name), xstrdup(g->path), g->line,
				    xstrdup(g->header ? "its .asn1.o part goes" : "no longer built"),
				    xstrdup(path), line_of_offset(buf, off), off, strlen(g->name), use,
				    xstrndup(buf + ls, le - ls), NULL, K_BUILD };
}

/*
 * Programs the removal stops building (the words a Makefile edit takes
 * from a hostprogs, always-, userprogs or extra- line, or such lines of a
 * deleted Makefile) that a kept Makefile still runs ("$(obj)/../foo/
 * mkfootab" in a recipe, a line of its own that does not build it), and
 * the headers of .asn1.o parts that go while a kept C file of their
 * directory includes them.
 */
static void find_build_programs(const struct plan *plan, const struct tree *t, struct links_result *res)
{
	struct gone_prog *g = NULL;
	size_t ng = 0, gcap = 0;
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < plan->nedits; i++) {
		const struct edit *e = &plan->edits[i];
		const struct plan_file *f;
		size_t ls;

		if (!is_makefile(e->path) || !(f = plan_find(plan, e->path)) || e->end > f->len)
			continue;
		ls = line_start(f->data, e->start);
		gone_words(e->path, line_of_offset(f->data, e->start),
			   program_line(f->data + ls, f->data + line_end(f->data, f->len, ls)),
			   f->data + e->start, f->data + e->end, &g, &ng, &gcap);
	}
	for (size_t i = 0; i < t->files.n; i++) {
		const char *p = t->files.v[i];

		if (!is_makefile(p) || !plan_is_deleted(plan, p))
			continue;
		sb_reset(&sb);
		if (read_in(t->root, p, &sb) < 0 || !sb.buf)
			continue;
		for (size_t ls = 0; ls < sb.len;) {
			size_t le = line_end(sb.buf, sb.len, ls);

			if (program_line(sb.buf + ls, sb.buf + le) || memmem(sb.buf + ls, le - ls, ".asn1.o", 7))
				gone_words(p, line_of_offset(sb.buf, ls), program_line(sb.buf + ls, sb.buf + le),
					   sb.buf + ls, sb.buf + le, &g, &ng, &gcap);
			ls = le;
		}
	}
	for (size_t i = 0; ng && i < t->files.n; i++) {
		const char *p = t->files.v[i];
		const struct plan_file *f;
		const char *buf;
		size_t len, k;
		int mk = is_makefile(p);

		if (plan_is_deleted(plan, p) || not_kernel_code(p) || (!mk && !is_c_source(p)))
			continue;
		for (k = 0; k < ng && (mk ? g[k].header : !g[k].header || !starts_with(p, g[k].dir)); k++)
			;
		if (k == ng)
			continue;
		sb_reset(&sb);
		if ((f = plan_find(plan, p)))
			plan_result(plan, f, &sb);
		else if (read_in(t->root, p, &sb) < 0)
			continue;
		buf = sb.buf ? sb.buf : "";
		len = sb.len;
		for (k = 0; k < ng; k++) {
			size_t n = strlen(g[k].name);

			if (mk == g[k].header || (!mk && !starts_with(p, g[k].dir)))
				continue;
			for (const char *q = buf; (q = memmem(q, len - (size_t)(q - buf), g[k].name, n)); q += n) {
				size_t off = (size_t)(q - buf), ls = line_start(buf, off);

				if (mk && (!path_word_at(buf, len, off, n) ||
					   program_line(buf + ls, buf + line_end(buf, len, ls))))
					continue;
				if (!mk && !memmem(buf + ls, off - ls, "#include", 8))
					continue;
				add_build_residue(res, &g[k], p, buf, len, off, mk ? "runs" : "includes");
				break;
			}
		}
	}
	for (size_t i = 0; i < ng; i++)
		free(g[i].name), free(g[i].dir), free(g[i].path);
	free(g);
	sb_release(&sb);
}

static void finish(struct links_result *res)
{
	if (res->n)
		qsort(res->v, res->n, sizeof(*res->v), cmp_residue);
	if (res->nasm)
		qsort(res->asm_uses, res->nasm, sizeof(*res->asm_uses), cmp_residue);
}

static void job_release(struct job *job)
{
	for (size_t i = 0; i < job->nlost; i++)
		free(job->lost[i].name), free(job->lost[i].path), free(job->lost[i].why),
			free(job->lost[i].seen_by);
	free(job->lost);
	strset_clear(&job->skip);
	free(job->pats);
	free((void *)job->retired);
	free((void *)job->nretired);
	if (job->sc)
		scanner_free(job->sc);
}

int links_plan(const struct plan *plan, const struct tree *t, int nthreads,
	       struct links_result *res, struct strbuf *err)
{
	struct job job;
	struct overlay *ov = NULL;
	size_t nov = 0, ov_cap = 0;

	(void)err;
	memset(res, 0, sizeof(*res));
	memset(&job, 0, sizeof(job));
	/* Deleted files. */
	for (size_t i = 0; i < t->files.n; i++) {
		const char *p = t->files.v[i];
		char *full;
		struct strbuf sb = STRBUF_INIT;

		if (!plan_is_deleted(plan, p))
			continue;
		strset_add(&job.skip, p);
		if (!is_c_source(p) || not_kernel_code(p))
			continue;
		full = path_join(plan->root, p);
		if (read_file(full, &sb) == 0) {
			compare_file(&job, p, sb.buf ? sb.buf : "", sb.len, NULL, 0, plan);
			res->nchanged++;
		}
		sb_release(&sb);
		free(full);
	}
	/* Edited files: their planned text replaces the tree's in the scan. */
	for (size_t i = 0; i < plan->nfiles; i++) {
		const struct plan_file *f = &plan->files[i];
		size_t lo, hi;

		edits_of_path(plan, f->path, &lo, &hi);
		if (lo == hi || !is_c_source(f->path) || plan_is_deleted(plan, f->path) ||
		    not_kernel_code(f->path))
			continue;
		GROW(ov, ov_cap, nov + 1);
		ov[nov].f = f;
		memset(&ov[nov].text, 0, sizeof(ov[nov].text));
		plan_result(plan, f, &ov[nov].text);
		compare_file(&job, f->path, f->data, f->len, ov[nov].text.buf ? ov[nov].text.buf : "",
			     ov[nov].text.len, plan);
		strset_add(&job.skip, f->path);
		res->nchanged++;
		nov++;
	}
	find_users(&job, t, plan, ov, nov, nthreads, res);
	drop_dead_guarded(res, t, nthreads);
	find_selectors(plan, res);
	find_duplicates(plan, t, res);
	find_build_programs(plan, t, res);
	finish(res);
	for (size_t i = 0; i < nov; i++)
		sb_release(&ov[i].text);
	free(ov);
	job_release(&job);
	return 0;
}

static int read_in(const char *root, const char *path, struct strbuf *sb)
{
	char *full = path_join(root, path);
	int rc = read_file(full, sb);

	free(full);
	return rc;
}

int links_trees(const struct plan *before_plan, const struct tree *before,
		const struct tree *after, const struct strvec *paths, int nthreads,
		struct links_result *res, struct strbuf *err)
{
	struct job job;
	struct strset seen = STRSET_INIT;
	struct strvec files = STRVEC_INIT;

	(void)err;
	memset(res, 0, sizeof(*res));
	memset(&job, 0, sizeof(job));
	for (size_t i = 0; i < before->files.n; i++)
		if (plan_is_deleted(before_plan, before->files.v[i]))
			sv_push(&files, before->files.v[i]);
	for (size_t i = 0; i < before_plan->nedits; i++)
		sv_push(&files, before_plan->edits[i].path);
	for (size_t i = 0; paths && i < paths->n; i++)
		sv_push(&files, paths->v[i]);
	for (size_t i = 0; i < files.n; i++) {
		const char *p = files.v[i];
		struct strbuf b = STRBUF_INIT, a = STRBUF_INIT;

		if (!is_c_source(p) || not_kernel_code(p) || !strset_add(&seen, p))
			continue;
		if (read_in(before->root, p, &b) == 0) {
			int gone = read_in(after->root, p, &a) < 0;

			if (gone || b.len != a.len || (b.len && memcmp(b.buf, a.buf, b.len))) {
				compare_file(&job, p, b.buf ? b.buf : "", b.len,
					     gone ? NULL : a.buf ? a.buf : "", a.len, NULL);
				res->nchanged++;
			}
		}
		sb_release(&b);
		sb_release(&a);
	}
	find_users(&job, after, NULL, NULL, 0, nthreads, res);
	drop_dead_guarded(res, after, nthreads);
	find_selectors(before_plan, res);
	finish(res);
	strset_clear(&seen);
	sv_clear(&files);
	job_release(&job);
	return 0;
}

int links_compile(const struct link_residue *r)
{
	return r->def_kind && r->def_kind != K_LINK;
}

char *links_describe(const struct link_residue *r)
{
	const char *u = r->use;

	if (r->def_kind == K_BUILD)
		return xasprintf("%s:%zu: %s %s, which the removal stops %s (%s:%zu)", r->path, r->line,
				 r->use, r->name, !strcmp(r->use, "runs") ? "building" : "generating",
				 r->def_path, r->def_line);
	if (r->def_kind == K_DUP)
		return xasprintf("%s:%zu: defines %s, which %s:%zu now defines too (%s): a duplicate definition",
				 r->path, r->line, r->name, r->def_path, r->def_line, r->def_why);
	if (links_compile(r)) {
		const char *k = r->def_kind;
		char *what = k == K_MEMBER ? xasprintf("uses the member %s", r->name)
			     : k == K_TAG ? xasprintf("uses the type %s by value", r->name)
			     : !strcmp(u, "call") ? xasprintf("calls %s() (%s)", r->name, k)
			     : xasprintf("uses %s (%s)", r->name, k);
		char *s = xasprintf("%s:%zu: %s, whose definition goes (%s:%zu: %s)", r->path, r->line,
				    what, r->def_path, r->def_line, r->def_why);

		free(what);
		return s;
	}
	char *what = !strcmp(u, "call") ? xasprintf("calls %s()", r->name)
		     : !strcmp(u, "address") ? xasprintf("takes the address of %s", r->name)
		     : !strcmp(u, "initializer") ? xasprintf("names %s in an initializer", r->name)
		     : !strcmp(u, "export") ? xasprintf("exports %s", r->name)
		     : !strcmp(u, "macro argument") ? xasprintf("passes %s to a macro", r->name)
		     : xasprintf("refers to %s", r->name);
	char *s = xasprintf("%s:%zu: %s, whose definition goes (%s:%zu: %s)", r->path, r->line, what,
			    r->def_path, r->def_line, r->def_why);

	free(what);
	return s;
}

size_t links_apply_replacements(struct plan *plan, struct links_result *res,
				const struct strvec *pairs)
{
	size_t o = 0, done = 0;

	for (size_t i = 0; i < res->n; i++) {
		struct link_residue *r = &res->v[i];
		const char *repl = NULL;
		size_t n = strlen(r->name);

		for (size_t k = 0; pairs && k < pairs->n && !repl; k++)
			if (!strncmp(pairs->v[k], r->name, n) && pairs->v[k][n] == '=')
				repl = pairs->v[k] + n + 1;
		if (repl && plan_file(plan, r->path)) {
			char *why = xasprintf("replace-call %s=%s: %s lost its definition (%s:%zu)", r->name,
					      repl, r->name, r->def_path, r->def_line);
			struct cause c = CAUSE(RULE_LINKS, NULL);

			c.name = r->name;
			c.replacement = repl;
			plan_edit(plan, r->path, r->off, r->off + r->len, repl, KIND_C_CALL, &c, why);
			free(why);
			free(r->name), free(r->def_path), free(r->def_why), free(r->path), free(r->text);
			done++;
			continue;
		}
		res->v[o++] = *r;
	}
	res->n = o;
	return done;
}
