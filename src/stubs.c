/*
 * stubs.c - the API a removed option leaves dead: the stubs of its #else,
 * every call and use of them, and what then becomes unused (the stub
 * pipeline of cocci/README.md, run by the planner).
 *
 * It runs after the preprocessor family (cpp) and the C family (c) have
 * planned, on each file as their edits leave it (never on the snapshot:
 * the stubs only become the one definition once the #ifdef CONFIG_X/#else
 * is evaluated, and a later stage must see what an earlier one removed):
 *
 *   - the files to look at are those the plan changes with the cpp or c
 *     family; each is written, with the plan's edits applied, into a
 *     scratch directory (never the tree), and stubs.cocci (report mode)
 *     lists the stubs they define;
 *   - a stub counts when the removal made it: it lies in a branch whose
 *     directive (or an enclosing one) the plan deletes, so the branch is
 *     kept in every configuration (the #else of #ifdef CONFIG_X, the body
 *     of #ifndef CONFIG_X), and its name is in text the plan deletes (the
 *     real definition or prototype of the other branch); or its own lines
 *     were changed by the plan (`return IS_ENABLED(CONFIG_X);` folded to
 *     `return false;`);
 *   - constant stubs that are truth values (a bool function returning
 *     false or true, a macro 0 or 1) go to is_enabled.cocci -D false= /
 *     -D true=, which folds their uses as unifdef folds #if (never an
 *     `if (0)` left) and removes their definitions; every other stub (a
 *     no-op, a constant that is not a truth value) goes to calls.cocci
 *     -D noop=, which removes its call statements and definitions and
 *     reports a use of its value (a WARNING: the caller needs the value,
 *     a review note, never deleted); a `#define NAME(...)` whose body is
 *     a statement doing nothing (SmPL cannot match it) is deleted here,
 *     with its continuation lines;
 *   - on each file that names a stub (a scan of the tree for the names),
 *     the stages run one after the other on the output of the one before,
 *     then unused.cocci -D names=<the identifiers of the removed lines>,
 *     again with the names it removed while it changes something (a
 *     fixpoint, at most UNUSED_ROUNDS runs);
 *   - the result of each file, against the file as the earlier edits left
 *     it, becomes plan edits (kind c-stub) on the snapshot: a run of
 *     removed lines is mapped back through the earlier edits; a removed
 *     range that holds an earlier deletion deletes it too, one that holds
 *     an earlier replacement is not applied (a review note, the file left
 *     as the earlier families planned it);
 *   - WARNINGs become review notes at the line of the snapshot; a parse
 *     error in a file that names a stub is a problem (spatch did not see
 *     those uses).
 *
 * Not done here: a new stub a stage makes (a global function whose body
 * it emptied) is not followed into the files that call it, and the
 * #include a stub was all an includer used stays.
 */
#include "stubs.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cocci.h"
#include "cpp.h"
#include "scan.h"

#define UNUSED_ROUNDS 4
#define UNUSED_USES 3

/* One of the plan's edits of a file, and where its replacement lies in the base text. */
struct seg {
	size_t ostart, oend;    /* the bytes of the snapshot it replaces */
	size_t astart, alen;    /* its replacement in the base text */
};

/* A file of the pipeline. */
struct sfile {
	char *path;             /* relative to the tree */
	char *name;             /* its name in the scratch directory */
	struct strbuf base;     /* the snapshot with the plan's edits applied */
	struct seg *segs;
	size_t nsegs;
	/* the current text, line by line, each with the base line it is (or -1: new) */
	struct strvec lines;    /* each with its '\n' (the last may have none) */
	long *origin;
	size_t origin_cap;
	char **why;             /* [base line]: why it went (NULL: it did not) */
	size_t nbase;           /* lines of base */
	size_t *base_off;       /* [base line]: its offset in base; [nbase] = len */
	struct strset removed;  /* identifiers of the lines the stages removed */
	int changed;
	int broken;             /* its edits conflict with the plan's: leave it alone */
};

struct stub {
	char *name;
	char *value;            /* NULL: a no-op */
	int function;           /* a function or a macro(): the uses to fold are calls */
	int cfunc;              /* a function, not a macro */
	int statement_macro;    /* a #define whose body is a statement: deleted here */
	char *path;             /* where it was found */
	size_t line;
};

struct pipeline {
	struct planning *p;
	char *dir;                  /* the scratch directory */
	struct sfile *files;
	size_t nfiles, files_cap;
	struct stub *stubs;
	size_t nstubs, stubs_cap;
	struct strvec garbage;      /* reasons the sfiles point to */
};

static int is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

/* How often buf[0..len) holds name as a whole word. */
static size_t count_words(const char *buf, size_t len, const char *name)
{
	size_t n = strlen(name), count = 0;

	for (const char *p = buf; p + n <= buf + len;) {
		const char *hit = memmem(p, (size_t)(buf + len - p), name, n);

		if (!hit)
			break;
		if ((hit == buf || !is_ident_char(hit[-1])) &&
		    (hit + n == buf + len || !is_ident_char(hit[n])))
			count++;
		p = hit + n;
	}
	return count;
}

/* Does text name name other than as a member (after -> or .)? */
static int bare_word(const char *buf, size_t len, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = buf; p + n <= buf + len;) {
		const char *hit = memmem(p, (size_t)(buf + len - p), name, n), *q;

		if (!hit)
			return 0;
		p = hit + n;
		if ((hit > buf && is_ident_char(hit[-1])) || (p < buf + len && is_ident_char(*p)))
			continue;
		for (q = hit; q > buf && (q[-1] == ' ' || q[-1] == '\t'); q--)
			;
		if (q > buf && (q[-1] == '.' || (q[-1] == '>' && q - 1 > buf && q[-2] == '-')))
			continue;
		return 1;
	}
	return 0;
}

/* A C keyword or a type name no declaration makes unused. */
static int is_keyword(const char *w)
{
	static const char *const kw[] = {
		"if", "else", "for", "while", "do", "return", "goto", "break", "continue", "switch",
		"case", "default", "sizeof", "static", "inline", "const", "void", "int", "char",
		"long", "short", "unsigned", "signed", "bool", "struct", "union", "enum", "extern",
		"true", "false", "NULL", "volatile", "typedef",
	};

	for (size_t i = 0; i < ARRAY_SIZE(kw); i++)
		if (!strcmp(w, kw[i]))
			return 1;
	return 0;
}

/* Does buf[0..len) hold name as a whole word? */
static int has_word(const char *buf, size_t len, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = buf; p + n <= buf + len;) {
		const char *hit = memmem(p, (size_t)(buf + len - p), name, n);

		if (!hit)
			return 0;
		if ((hit == buf || !is_ident_char(hit[-1])) &&
		    (hit + n == buf + len || !is_ident_char(hit[n])))
			return 1;
		p = hit + 1;
	}
	return 0;
}

static int cmp_seg(const void *a, const void *b)
{
	const struct seg *x = a, *y = b;

	if (x->ostart != y->ostart)
		return x->ostart < y->ostart ? -1 : 1;
	return x->oend > y->oend ? -1 : x->oend < y->oend;
}

/*
 * The plan's edits of f->path, merged as plan_check merges them (an edit
 * inside a deletion dropped, overlapping deletions joined), applied to the
 * snapshot: f->base and f->segs.  -1 if two of them conflict.
 */
static int build_base(struct plan *plan, struct sfile *f)
{
	const struct plan_file *pf = plan_file(plan, f->path);
	struct seg *v = NULL;
	const char **repl = NULL;
	size_t n = 0, cap = 0, rcap = 0, pos = 0, k = 0;
	int rc = 0;

	if (!pf)
		return -1;
	for (size_t i = 0; i < plan->nedits; i++) {
		const struct edit *e = &plan->edits[i];

		if (strcmp(e->path, f->path))
			continue;
		GROW(v, cap, n + 1);
		GROW(repl, rcap, n + 1);
		v[n] = (struct seg){ e->start, e->end, 0, 0 };
		repl[n] = e->repl;
		/* the replacement rides along in astart until sorted */
		v[n].astart = n;
		n++;
	}
	{
		/* sort with the replacement's index, then merge */
		struct seg *sorted = xcalloc(n ? n : 1, sizeof(*sorted));

		if (n) {   /* v is NULL when n is 0 */
			memcpy(sorted, v, n * sizeof(*v));
			qsort(sorted, n, sizeof(*sorted), cmp_seg);
		}
		f->segs = xcalloc(n ? n : 1, sizeof(*f->segs));
		for (size_t i = 0; i < n; i++) {
			struct seg s = sorted[i];
			const char *r = repl[s.astart];
			struct seg *prev = k ? &f->segs[k - 1] : NULL;

			if (prev && s.ostart < prev->oend) {
				if (!prev->alen && s.oend <= prev->oend)
					continue;           /* inside a deletion */
				if (!prev->alen && !*r) {
					prev->oend = s.oend;   /* two deletions: their union */
					continue;
				}
				rc = -1;
				break;
			}
			if (prev && s.ostart == prev->oend && s.ostart == s.oend && !*r)
				continue;
			sb_addn(&f->base, pf->data + pos, s.ostart - pos);
			f->segs[k] = (struct seg){ s.ostart, s.oend, f->base.len, strlen(r) };
			/* a replacement's text: the base holds it, alen says how long */
			sb_adds(&f->base, r);
			pos = s.oend;
			k++;
		}
		free(sorted);
	}
	if (rc == 0)
		sb_addn(&f->base, pf->data + pos, pf->len - pos);
	f->nsegs = k;
	free(v);
	free(repl);
	return rc;
}

/*
 * The snapshot offset of base offset a: start says whether a starts a
 * range (after a deletion made there) or ends one (before it).  -1 if a
 * lies inside a replacement.
 */
static long map_pos(const struct sfile *f, size_t a, int start)
{
	long delta = 0;

	for (size_t i = 0; i < f->nsegs; i++) {
		const struct seg *s = &f->segs[i];

		if (a < s->astart)
			break;
		if (a == s->astart) {
			if (!start || s->alen)
				return (long)s->ostart;
			delta = (long)s->oend - (long)s->astart;   /* after the deletion made here */
			continue;
		}
		if (a < s->astart + s->alen)
			return -1;
		delta = (long)s->oend - (long)(s->astart + s->alen);
	}
	return (long)a + delta;
}

static void split_base_lines(struct sfile *f)
{
	const char *b = f->base.buf ? f->base.buf : "";
	size_t len = f->base.len, cap = 0;

	f->nbase = 0;
	for (size_t off = 0; off < len;) {
		const char *nl = memchr(b + off, '\n', len - off);
		size_t end = nl ? (size_t)(nl - b) + 1 : len;

		GROW(f->base_off, cap, f->nbase + 2);
		f->base_off[f->nbase] = off;
		sv_push_owned(&f->lines, xstrndup(b + off, end - off));
		GROW(f->origin, f->origin_cap, f->nbase + 1);
		f->origin[f->nbase] = (long)f->nbase;
		f->nbase++;
		off = end;
	}
	GROW(f->base_off, cap, f->nbase + 2);
	f->base_off[f->nbase] = len;
	f->why = xcalloc(f->nbase + 1, sizeof(*f->why));
}

/* The snapshot line of base line l (0-based), or 0. */
static size_t snapshot_line(struct plan *plan, const struct sfile *f, size_t l)
{
	const struct plan_file *pf = plan_file(plan, f->path);
	long o;

	if (!pf || l >= f->nbase)
		return 0;
	o = map_pos(f, f->base_off[l], 1);
	return o < 0 ? 0 : line_of_offset(pf->data, (size_t)o);
}

static void write_current(const struct pipeline *pl, const struct sfile *f, struct strbuf *err,
			  int *rc)
{
	char *full = path_join(pl->dir, f->name);
	FILE *fp = fopen(full, "w");

	if (!fp) {
		sb_addf(err, "excise: %s: %s\n", full, strerror(errno));
		*rc = -1;
	} else {
		for (size_t i = 0; i < f->lines.n; i++)
			fputs(f->lines.v[i], fp);
		if (fclose(fp) != 0) {
			sb_addf(err, "excise: %s: %s\n", full, strerror(errno));
			*rc = -1;
		}
	}
	free(full);
}

static struct sfile *file_named(struct pipeline *pl, const char *name)
{
	for (size_t i = 0; i < pl->nfiles; i++)
		if (!strcmp(pl->files[i].name, name))
			return &pl->files[i];
	return NULL;
}

static struct sfile *add_file(struct pipeline *pl, const char *path, struct strbuf *err, int *rc)
{
	struct sfile *f;

	for (size_t i = 0; i < pl->nfiles; i++)
		if (!strcmp(pl->files[i].path, path))
			return &pl->files[i];
	GROW(pl->files, pl->files_cap, pl->nfiles + 1);
	f = &pl->files[pl->nfiles];
	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	f->name = xasprintf("f%zu_%s", pl->nfiles, path_basename(path));
	if (build_base(pl->p->plan, f) < 0)
		f->broken = 1;
	split_base_lines(f);
	pl->nfiles++;
	write_current(pl, f, err, rc);
	return f;
}

/* Add the identifiers of text to set. */
static void add_identifiers(struct strset *set, const char *text)
{
	for (const char *p = text; *p;) {
		if (is_ident_char(*p) && !(*p >= '0' && *p <= '9')) {
			const char *s = p;

			while (is_ident_char(*p))
				p++;
			strset_addn(set, s, (size_t)(p - s));
		} else {
			p++;
		}
	}
}

/* The first INFO message of findings on name within lines [first, last], or NULL. */
static const char *info_at(const struct cocci_findings *fs, const char *name, size_t first,
			   size_t last)
{
	for (size_t i = 0; i < fs->n; i++)
		if (!strcmp(fs->v[i].severity, "INFO") && !strcmp(fs->v[i].path, name) &&
		    fs->v[i].line >= first && fs->v[i].line <= last)
			return fs->v[i].message;
	return NULL;
}

/* Apply one hunk of a stage to f's current lines.  -1 if it does not match them. */
static int apply_hunk(struct pipeline *pl, struct sfile *f, const struct cocci_hunk *h,
		      const struct cocci_findings *fs, const char *stage, long *shift)
{
	struct strvec out = STRVEC_INIT;
	long *orig = NULL, at = (long)(h->old_count ? h->old_start - 1 : h->old_start) + *shift;
	size_t cap = 0, cur, old = h->old_start;
	const char *why = info_at(fs, f->name, h->old_start,
				  h->old_start + (h->old_count ? h->old_count - 1 : 0));

	if (at < 0 || (size_t)at > f->lines.n)
		return -1;
	cur = (size_t)at;
	for (size_t i = 0, c = cur; i < h->nlines; i++) {
		const struct cocci_line *cl = &h->lines[i];
		size_t n = strlen(cl->text);

		if (cl->op == '+')
			continue;
		if (c >= f->lines.n || strncmp(f->lines.v[c], cl->text, n) ||
		    (f->lines.v[c][n] != '\n' && f->lines.v[c][n] != '\0'))
			return -1;
		c++;
	}
	for (size_t i = 0; i < cur; i++) {
		sv_push_owned(&out, f->lines.v[i]);
		GROW(orig, cap, out.n);
		orig[out.n - 1] = f->origin[i];
	}
	for (size_t i = 0; i < h->nlines; i++) {
		const struct cocci_line *cl = &h->lines[i];

		if (cl->op == '+') {
			sv_push_owned(&out, xasprintf("%s%s", cl->text, cl->newline ? "\n" : ""));
			GROW(orig, cap, out.n);
			orig[out.n - 1] = -1;
			continue;
		}
		if (cl->op == ' ') {
			sv_push_owned(&out, f->lines.v[cur]);
			GROW(orig, cap, out.n);
			orig[out.n - 1] = f->origin[cur];
		} else {
			long o = f->origin[cur];
			const char *w = info_at(fs, f->name, old, old);

			add_identifiers(&f->removed, f->lines.v[cur]);
			if (o >= 0 && !f->why[o]) {
				sv_push_owned(&pl->garbage, xstrdup(w ? w : why ? why : stage));
				f->why[o] = pl->garbage.v[pl->garbage.n - 1];
			}
			free(f->lines.v[cur]);
		}
		cur++;
		old++;
	}
	for (size_t i = cur; i < f->lines.n; i++) {
		sv_push_owned(&out, f->lines.v[i]);
		GROW(orig, cap, out.n);
		orig[out.n - 1] = f->origin[i];
	}
	*shift += (long)h->new_count - (long)h->old_count;
	free(f->lines.v);
	f->lines = out;
	free(f->origin);
	f->origin = orig;
	f->origin_cap = cap;
	f->changed = 1;
	return 0;
}

/* The base line of f's current line l (1-based), or -1. */
static long base_of(const struct sfile *f, size_t l)
{
	return l && l <= f->lines.n ? f->origin[l - 1] : -1;
}

/* The snapshot text of base line b (a note's), without its newline. */
static char *snapshot_text(struct plan *plan, const struct sfile *f, size_t b)
{
	const struct plan_file *pf = plan_file(plan, f->path);
	long o = map_pos(f, f->base_off[b], 1);
	size_t s, e;
	char *text;

	if (!pf || o < 0)
		return xstrdup("");
	s = line_start(pf->data, (size_t)o);
	e = line_end(pf->data, pf->len, s);
	text = xstrndup(pf->data + s, e - s);
	if (*text && text[strlen(text) - 1] == '\n')
		text[strlen(text) - 1] = '\0';
	return text;
}

static void join_into(struct strbuf *sb, const char *key, const struct strvec *v)
{
	sb_addf(sb, "%s=", key);
	for (size_t i = 0; i < v->n; i++)
		sb_addf(sb, "%s%s", i ? "," : "", v->v[i]);
}

/*
 * spatch processes for n files: one per STAGE_FILES files, at most
 * --jobs (each process pays spatch's start, a third of a second of CPU,
 * for the python its patches load).
 */
#define STAGE_FILES 4
static int stage_jobs(const struct planning *p, size_t n)
{
	int jobs = p->opt->jobs > 0 ? p->opt->jobs : scan_default_threads();
	size_t want = (n + STAGE_FILES - 1) / STAGE_FILES;

	return want < (size_t)jobs ? (int)(want ? want : 1) : jobs;
}

/* "patch -D a -D b": a stage's name, the fallback reason of its edits. */
static char *stage_name(const char *patch, const struct strvec *defines)
{
	struct strbuf sb = STRBUF_INIT;

	sb_adds(&sb, patch);
	for (size_t i = 0; i < defines->n; i++)
		sb_addf(&sb, " -D %s", defines->v[i]);
	return sb_detach(&sb, NULL);
}

/* spatch in one mode over names (files of the scratch directory); parse errors are problems. */
static int stage_run(struct pipeline *pl, const char *patch, const struct strvec *defines,
		     const struct strvec *names, unsigned mode, struct strbuf *out, struct strbuf *err)
{
	struct planning *p = pl->p;
	struct cocci_report rep;
	int rc;

	cocci_report_init(&rep);
	rc = cocci_run(pl->dir, p->opt->cocci_dir, patch, defines, names, stage_jobs(p, names->n),
		       p->opt->tmp_dir, mode, mode == COCCI_PATCH ? out : NULL, mode == COCCI_REPORT ? out : NULL, &rep,
		       err);
	p->seconds_cocci += rep.seconds;
	for (size_t i = 0; i < rep.unparsed.n; i++) {
		const char *colon = strrchr(rep.unparsed.v[i], ':');
		char *nm = colon ? xstrndup(rep.unparsed.v[i], (size_t)(colon - rep.unparsed.v[i]))
				 : xstrdup(rep.unparsed.v[i]);
		const struct sfile *f = file_named(pl, path_basename(nm));

		sv_push_owned(&p->problems, xasprintf("%s: spatch could not parse %s%s (as the removal "
						      "leaves it)", patch, f ? f->path : nm,
						      colon ? colon : ""));
		free(nm);
	}
	for (size_t i = 0; i < rep.failed.n; i++)
		sv_push_owned(&p->problems, xasprintf("%s: spatch gave up on %s", patch, rep.failed.v[i]));
	sv_sort_uniq(&p->problems);
	cocci_report_release(&rep);
	return rc;
}

/* A WARNING or ERROR of fs: a review note on the snapshot's line. */
static void warning_note(struct pipeline *pl, const struct cocci_finding *w)
{
	struct sfile *f = file_named(pl, path_basename(w->path));
	long b;
	size_t line;
	char *text;

	if (!f)
		return;
	b = base_of(f, w->line);
	line = b >= 0 ? snapshot_line(pl->p->plan, f, (size_t)b) : 0;
	if (!line)
		return;
	text = snapshot_text(pl->p->plan, f, (size_t)b);
	plan_note(pl->p->plan, f->path, line, KIND_C_STUB, ACTION_REVIEW, &CAUSE(RULE_STUBS, NULL),
		  w->message, text);
	free(text);
}

static int is_warning(const struct cocci_finding *w)
{
	return !strcmp(w->severity, "WARNING") || !strcmp(w->severity, "ERROR");
}

/* Patch mode over names: each diff applied to its file's lines, reasons from fs. */
static int stage_patch(struct pipeline *pl, const char *patch, const struct strvec *defines,
		       const struct strvec *names, const struct cocci_findings *fs, struct strbuf *err)
{
	struct strbuf dt = STRBUF_INIT;
	struct cocci_diff diff = { NULL, 0, 0 };
	char *stage = !strcmp(patch, "unused.cocci")
			      ? xstrdup("unused once the uses of the stubs went (unused.cocci)")
			      : stage_name(patch, defines);
	const char *last = NULL;
	long shift = 0;
	int rc;

	if (!names->n) {
		free(stage);
		return 0;
	}
	rc = stage_run(pl, patch, defines, names, COCCI_PATCH, &dt, err);
	if (rc == 0 && cocci_parse_diff(dt.buf, dt.len, &diff, err) < 0)
		rc = -1;
	for (size_t i = 0; rc == 0 && i < diff.n; i++) {
		const struct cocci_hunk *h = &diff.hunks[i];
		struct sfile *f = file_named(pl, path_basename(h->path));

		if (!f)
			continue;
		if (!last || strcmp(last, h->path))
			shift = 0;
		last = h->path;
		if (apply_hunk(pl, f, h, fs, stage, &shift) < 0) {
			sb_addf(err, "excise: %s: %s's diff does not match the file as the removal "
				"leaves it\n", f->path, patch);
			rc = -1;
		}
	}
	for (size_t i = 0; rc == 0 && i < names->n; i++)
		write_current(pl, file_named(pl, names->v[i]), err, &rc);
	free(stage);
	cocci_diff_release(&diff);
	sb_release(&dt);
	return rc;
}

/*
 * A stage whose names may be refused: report mode first; a name a WARNING
 * is about (its message starts with it, or its line names it) is refused:
 * its stub and every use stay (deleting the stub would leave the use
 * without a definition), the WARNING a review note.  Then patch mode with
 * the names left, on the files the report says it changes.
 */
static int stage_refusing(struct pipeline *pl, const char *patch, struct strvec *base_defines,
			  const char *key, struct strvec *list, const struct strvec *names,
			  struct strbuf *err)
{
	struct strbuf rt = STRBUF_INIT, d = STRBUF_INIT;
	struct cocci_findings fs = { NULL, 0, 0 };
	struct strvec defines = STRVEC_INIT, keep = STRVEC_INIT, files = STRVEC_INIT;
	struct strset refused = STRSET_INIT, changed = STRSET_INIT;
	int rc;

	for (size_t i = 0; i < base_defines->n; i++)
		sv_push(&defines, base_defines->v[i]);
	join_into(&d, key, list);
	sv_push_owned(&defines, sb_detach(&d, NULL));
	rc = stage_run(pl, patch, &defines, names, COCCI_REPORT, &rt, err);
	cocci_parse_report(rt.buf, rt.len, &fs);
	for (size_t i = 0; rc == 0 && i < fs.n; i++) {
		const struct cocci_finding *w = &fs.v[i];
		const struct sfile *f = file_named(pl, path_basename(w->path));
		const char *text = f && w->line && w->line <= f->lines.n ? f->lines.v[w->line - 1] : "";

		if (!is_warning(w)) {
			strset_add(&changed, path_basename(w->path));
			continue;
		}
		warning_note(pl, w);
		for (size_t k = 0; k < list->n; k++) {
			size_t n = strcspn(list->v[k], "(");
			char *name = xstrndup(list->v[k], n);

			if ((!strncmp(w->message, name, n) && w->message[n] == ' ') ||
			    has_word(text, strlen(text), name))
				strset_add(&refused, name);
			free(name);
		}
	}
	for (size_t k = 0; k < list->n; k++) {
		char *name = xstrndup(list->v[k], strcspn(list->v[k], "("));

		if (!strset_has(&refused, name))
			sv_push(&keep, list->v[k]);
		free(name);
	}
	for (size_t i = 0; i < names->n; i++)
		if (strset_has(&changed, names->v[i]))
			sv_push(&files, names->v[i]);
	if (rc == 0 && keep.n && files.n) {
		sv_clear(&defines);
		for (size_t i = 0; i < base_defines->n; i++)
			sv_push(&defines, base_defines->v[i]);
		join_into(&d, key, &keep);
		sv_push_owned(&defines, sb_detach(&d, NULL));
		rc = stage_patch(pl, patch, &defines, &files, &fs, err);
	}
	sv_clear(list);
	for (size_t i = 0; i < keep.n; i++)
		sv_push(list, keep.v[i]);
	cocci_findings_release(&fs);
	sb_release(&rt);
	sv_clear(&defines);
	sv_clear(&keep);
	sv_clear(&files);
	strset_clear(&refused);
	strset_clear(&changed);
	return rc;
}

/* ---- which stubs the removal leaves ---- */

/* The offset of line (1-based) of buf. */
static size_t offset_of_line_in(const char *buf, size_t len, size_t line)
{
	size_t off = 0;

	for (size_t l = 1; l < line && off < len; l++) {
		const char *nl = memchr(buf + off, '\n', len - off);

		off = nl ? (size_t)(nl - buf) + 1 : len;
	}
	return off;
}

/* Does a plan deletion of f (or a deleted C file) remove text naming name? */
static int name_deleted(struct pipeline *pl, const struct sfile *f, const char *name)
{
	struct plan *plan = pl->p->plan;
	const struct plan_file *pf = plan_file(plan, f->path);

	for (size_t i = 0; pf && i < f->nsegs; i++)
		if (has_word(pf->data + f->segs[i].ostart, f->segs[i].oend - f->segs[i].ostart, name))
			return 1;
	for (size_t i = 0; i < plan->ndels; i++) {
		const struct deletion *d = &plan->dels[i];
		const struct plan_file *df;

		if (d->is_dir || !is_c_file(d->path) || !(df = plan_file(plan, d->path)))
			continue;
		if (has_word(df->data, df->len, name))
			return 1;
	}
	return 0;
}

/*
 * Is base line b of f in a branch the removal keeps in every configuration:
 * one whose directive the plan deletes while b stays (the #else of
 * #ifdef CONFIG_X, the body of #ifndef CONFIG_X)?  Only its own branch
 * counts: a stub in an #ifdef CONFIG_Y inside it is still Y's.
 */
static int in_kept_branch(struct pipeline *pl, const struct sfile *f, size_t b,
			  const struct cpp_lines *cl)
{
	const struct plan_file *pf = plan_file(pl->p->plan, f->path);
	size_t line = snapshot_line(pl->p->plan, f, b), br, off;

	if (!pf || !line || line > cl->nlines || !(br = cl->branch[line]))
		return 0;
	off = offset_of_line_in(pf->data, pf->len, cl->branches[br].dir_line);
	for (size_t i = 0; i < f->nsegs; i++)
		if (!f->segs[i].alen && f->segs[i].ostart <= off && off < f->segs[i].oend)
			return 1;
	return 0;
}

/* Is snapshot offset off inside a deletion of f's edits? */
static int deleted_at(const struct sfile *f, size_t off)
{
	for (size_t i = 0; i < f->nsegs; i++)
		if (!f->segs[i].alen && f->segs[i].ostart <= off && off < f->segs[i].oend)
			return 1;
	return 0;
}

/*
 * Does the plan keep a branch of f in every configuration (its directive
 * deleted, a line of code or a #define of its body kept)?  Only such a
 * file, or one the c family changed, can hold a stub the removal leaves.
 */
static int keeps_a_branch(struct pipeline *pl, const struct sfile *f)
{
	const struct plan_file *pf = plan_file(pl->p->plan, f->path);
	struct cpp_lines cl;
	struct strbuf cerr = STRBUF_INIT;
	size_t *off;
	int found = 0;

	if (!pf || cpp_lines(f->path, pf->data, pf->len, &cl, &cerr) < 0) {
		sb_release(&cerr);
		return 0;
	}
	off = xcalloc(cl.nlines + 2, sizeof(*off));
	for (size_t l = 1, o = 0; l <= cl.nlines; l++) {
		const char *nl = memchr(pf->data + o, '\n', pf->len - o);

		off[l] = o;
		o = nl ? (size_t)(nl - pf->data) + 1 : pf->len;
	}
	for (size_t br = 1; br < cl.nbranches && !found; br++) {
		const struct cpp_branch *b = &cl.branches[br];

		if (!b->dir_line || b->dir_line > cl.nlines || !deleted_at(f, off[b->dir_line]))
			continue;
		for (size_t l = b->first; l <= b->last && l <= cl.nlines && !found; l++)
			if ((cl.kind[l] == CPP_LINE_CODE || cl.kind[l] == CPP_LINE_DEFINE) &&
			    !deleted_at(f, off[l]))
				found = 1;
	}
	free(off);
	cpp_lines_release(&cl);
	sb_release(&cerr);
	return found;
}

/* Did the plan change the lines of the definition that starts at base line b? */
static int definition_changed(const struct sfile *f, size_t b)
{
	const char *t0 = f->lines.v[b];
	size_t e = b, from, to;
	int macro;

	while (*t0 == ' ' || *t0 == '\t')
		t0++;
	macro = *t0 == '#';
	/* to the line closing the body, or the end of the macro's logical line */
	while (e + 1 < f->nbase && e < b + 20) {
		const char *t = f->lines.v[e];
		size_t n = strlen(t);
		int cont = n >= 2 && t[n - 2] == '\\';

		if (macro ? !cont : strchr(t, '}') != NULL)
			break;
		e++;
	}
	from = f->base_off[b];
	to = f->base_off[e + 1];
	for (size_t i = 0; i < f->nsegs; i++)
		if (f->segs[i].alen && f->segs[i].astart < to && f->segs[i].astart + f->segs[i].alen > from)
			return 1;
	return 0;
}

/* Parse "NAME noop|const VALUE function|macro()|macro [static|global]". */
static int parse_stub(const char *msg, struct stub *st)
{
	char name[256], what[16], a[128], b[32];
	int n = sscanf(msg, "%255s %15s %127s %31s", name, what, a, b);

	memset(st, 0, sizeof(*st));
	if (n < 3)
		return -1;
	st->name = xstrdup(name);
	if (!strcmp(what, "noop")) {
		st->function = strcmp(a, "macro") != 0;
		st->statement_macro = !strcmp(a, "macro()");
	} else if (!strcmp(what, "const") && n == 4) {
		st->value = xstrdup(a);
		st->function = strcmp(b, "macro") != 0;
		st->cfunc = !strcmp(b, "function");
	} else {
		free(st->name);
		return -1;
	}
	return 0;
}

/*
 * A truth value to fold: false or true (stubs.cocci says so of a bool
 * function's 0 and 1), or 0 and 1 of a macro; an int function's 0 is a
 * value its callers may need (calls.cocci: a use of it is refused).
 */
static int is_truth(const struct stub *st, int *truth)
{
	if (!st->value)
		return 0;
	if (!strcmp(st->value, "false") || (!st->cfunc && !strcmp(st->value, "0")))
		*truth = 0;
	else if (!strcmp(st->value, "true") || (!st->cfunc && !strcmp(st->value, "1")))
		*truth = 1;
	else
		return 0;
	return 1;
}

static char *config_define(struct planning *p)
{
	struct strbuf sb = STRBUF_INIT;
	struct strvec names = STRVEC_INIT;

	strset_to_sorted(&p->symbols, &names);
	sb_adds(&sb, "config=");
	for (size_t i = 0; i < names.n; i++)
		sb_addf(&sb, "%sCONFIG_%s", i ? "," : "", names.v[i]);
	sv_clear(&names);
	return sb_detach(&sb, NULL);
}

/* stubs.cocci on the files the earlier families changed: the stubs the removal leaves. */
static int find_stubs(struct pipeline *pl, struct strbuf *err)
{
	struct planning *p = pl->p;
	struct plan *plan = p->plan;
	struct strset seen = STRSET_INIT, names_seen = STRSET_INIT;
	struct strvec paths = STRVEC_INIT, names = STRVEC_INIT, defines = STRVEC_INIT;
	struct strbuf rt = STRBUF_INIT;
	struct cocci_findings fs = { NULL, 0, 0 };
	struct cocci_report rep;
	int rc = 0;

	struct strset c_changed = STRSET_INIT;

	for (size_t i = 0; i < plan->nedits; i++) {
		const struct edit *e = &plan->edits[i];

		if ((e->cause.rule == RULE_CPP || e->cause.rule == RULE_C) && is_c_file(e->path) &&
		    !plan_is_deleted(plan, e->path) && strset_add(&seen, e->path))
			sv_push(&paths, e->path);
		if (e->cause.rule == RULE_C)
			strset_add(&c_changed, e->path);
	}
	sv_sort_uniq(&paths);
	for (size_t i = 0; i < paths.n && rc == 0; i++) {
		struct sfile *f = add_file(pl, paths.v[i], err, &rc);

		if (!f->broken && (strset_has(&c_changed, f->path) || keeps_a_branch(pl, f)))
			sv_push(&names, f->name);
	}
	strset_clear(&c_changed);
	sv_push_owned(&defines, config_define(p));
	cocci_report_init(&rep);
	if (rc == 0)
		rc = cocci_run(pl->dir, p->opt->cocci_dir, "stubs.cocci", &defines, &names,
			       stage_jobs(p, names.n), p->opt->tmp_dir, COCCI_REPORT, NULL, &rt, &rep, err);
	p->seconds_cocci += rep.seconds;
	cocci_parse_report(rt.buf, rt.len, &fs);
	for (size_t i = 0; rc == 0 && i < fs.n; i++) {
		struct sfile *f = file_named(pl, path_basename(fs.v[i].path));
		struct cpp_lines cl;
		struct strbuf cerr = STRBUF_INIT;
		const struct plan_file *pf;
		struct stub st;
		long b;
		int keep = 0;

		if (!f || strcmp(fs.v[i].severity, "STUB") || parse_stub(fs.v[i].message, &st) < 0)
			continue;
		b = base_of(f, fs.v[i].line);
		pf = plan_file(plan, f->path);
		if (b >= 0 && pf && cpp_lines(f->path, pf->data, pf->len, &cl, &cerr) == 0) {
			keep = (in_kept_branch(pl, f, (size_t)b, &cl) && name_deleted(pl, f, st.name)) ||
			       definition_changed(f, (size_t)b);
			cpp_lines_release(&cl);
		}
		sb_release(&cerr);
		if (!keep || !strset_add(&names_seen, st.name)) {
			free(st.name);
			free(st.value);
			continue;
		}
		st.path = xstrdup(f->path);
		st.line = snapshot_line(plan, f, (size_t)b);
		GROW(pl->stubs, pl->stubs_cap, pl->nstubs + 1);
		pl->stubs[pl->nstubs++] = st;
	}
	cocci_findings_release(&fs);
	cocci_report_release(&rep);
	sb_release(&rt);
	sv_clear(&defines);
	sv_clear(&names);
	sv_clear(&paths);
	strset_clear(&seen);
	strset_clear(&names_seen);
	return rc;
}

/* ---- the files that name them ---- */

struct name_scan {
	const struct pattern *pats;
	struct strvec paths;
};

static void on_name_hits(void *ctx, const char *path, const char *buf, size_t len,
			 const struct scan_hit *hits, size_t n)
{
	struct name_scan *c = ctx;

	for (size_t i = 0; i < n; i++) {
		size_t off = hits[i].offset, end = off + c->pats[hits[i].pattern].len;

		if ((off > 0 && is_ident_char(buf[off - 1])) || (end < len && is_ident_char(buf[end])))
			continue;
		sv_push(&c->paths, path);
		return;
	}
}

/* Only C files are read for the names. */
static int skip_not_c(const char *path, void *ctx)
{
	(void)ctx;
	return !is_c_file(path);
}

/* The C files of the tree (those the plan deletes aside) that name a stub. */
static void files_naming(struct pipeline *pl, struct strvec *out)
{
	struct planning *p = pl->p;
	int nt = scan_default_threads();
	struct pattern *pats = xcalloc(pl->nstubs, sizeof(*pats));
	struct name_scan *ctx = xcalloc((size_t)nt, sizeof(*ctx));
	void **ctxp = xcalloc((size_t)nt, sizeof(*ctxp));
	struct strvec unreadable = STRVEC_INIT;
	struct scanner *sc;

	for (size_t i = 0; i < pl->nstubs; i++)
		pats[i] = (struct pattern){ pl->stubs[i].name, strlen(pl->stubs[i].name), FILE_C,
					    NULL, 0, 0 };
	for (int i = 0; i < nt; i++) {
		ctx[i].pats = pats;
		ctxp[i] = &ctx[i];
	}
	sc = scanner_new(pats, pl->nstubs);
	scan_tree(sc, p->tree, nt, skip_not_c, NULL, on_name_hits, NULL, ctxp, &unreadable);
	for (int i = 0; i < nt; i++) {
		for (size_t k = 0; k < ctx[i].paths.n; k++)
			if (!plan_is_deleted(p->plan, ctx[i].paths.v[k]))
				sv_push(out, ctx[i].paths.v[k]);
		sv_clear(&ctx[i].paths);
	}
	for (size_t i = 0; i < unreadable.n; i++)
		sv_push(&p->problems, unreadable.v[i]);
	sv_sort_uniq(out);
	scanner_free(sc);
	sv_clear(&unreadable);
	free(ctxp);
	free(ctx);
	free(pats);
}

/* ---- the stages ---- */


/* A `#define NAME(...)` whose body is a statement doing nothing: its lines go. */
static void delete_statement_macro(struct pipeline *pl, struct sfile *f, const char *name,
				   const char *why)
{
	size_t n = strlen(name);

	for (size_t i = 0; i < f->lines.n; i++) {
		const char *t = f->lines.v[i];
		size_t e = i, len;

		while (*t == ' ' || *t == '\t')
			t++;
		if (*t++ != '#')
			continue;
		while (*t == ' ' || *t == '\t')
			t++;
		if (strncmp(t, "define", 6))
			continue;
		t += 6;
		while (*t == ' ' || *t == '\t')
			t++;
		if (strncmp(t, name, n) || t[n] != '(')
			continue;
		while ((len = strlen(f->lines.v[e])) >= 2 && f->lines.v[e][len - 2] == '\\' &&
		       e + 1 < f->lines.n)
			e++;
		for (size_t k = i; k <= e; k++) {
			long o = f->origin[k];

			add_identifiers(&f->removed, f->lines.v[k]);
			if (o >= 0 && !f->why[o]) {
				sv_push_owned(&pl->garbage, xstrdup(why));
				f->why[o] = pl->garbage.v[pl->garbage.n - 1];
			}
			free(f->lines.v[k]);
		}
		memmove(&f->lines.v[i], &f->lines.v[e + 1], (f->lines.n - e - 1) * sizeof(char *));
		memmove(&f->origin[i], &f->origin[e + 1], (f->lines.n - e - 1) * sizeof(long));
		f->lines.n -= e + 1 - i;
		f->changed = 1;
		return;
	}
}

/* The text of f as it is now. */
static void current_text(const struct sfile *f, struct strbuf *out)
{
	for (size_t k = 0; k < f->lines.n; k++)
		sb_adds(out, f->lines.v[k]);
}

/*
 * The first place (offset, or -1) where text uses name's value, as the
 * text reads: a call whose result goes somewhere (after `=`, `(`, `,`,
 * `return`, an operator) or the name without a call (a function
 * pointer).  A call statement (after `;`, `{`, `}`, `)`, `:`, `else`,
 * `do`) is no use of the value, nor a declaration (after a type name),
 * a #define or an EXPORT_SYMBOL.  Only a quick first look: calls.cocci's
 * report says the rest.
 */
static long value_use(const char *text, size_t len, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = text; p + n <= text + len;) {
		const char *hit = memmem(p, (size_t)(text + len - p), name, n), *q, *r;
		int call;

		if (!hit)
			break;
		p = hit + n;
		if ((hit > text && is_ident_char(hit[-1])) || (p < text + len && is_ident_char(*p)))
			continue;
		for (r = p; r < text + len && (*r == ' ' || *r == '\t' || *r == '\n'); r++)
			;
		call = r < text + len && *r == '(';
		for (q = hit; q > text && (q[-1] == ' ' || q[-1] == '\t' || q[-1] == '\n'); q--)
			;
		if (q == text)
			continue;
		if (is_ident_char(q[-1])) {
			const char *w = q;

			while (w > text && is_ident_char(w[-1]))
				w--;
			if ((size_t)(q - w) == 6 && !strncmp(w, "return", 6))
				return hit - text;
			continue;   /* else, do, a type: a statement or a declaration */
		}
		if (strchr(";{}:", q[-1]) || (call && q[-1] == ')'))
			continue;
		if (!call && (q[-1] == '(' || q[-1] == '*')) {
			/* EXPORT_SYMBOL(name), sizeof(name), a declarator: no use */
			continue;
		}
		if (q[-1] == '#' || q[-1] == '/' || q[-1] == '"')
			continue;
		return hit - text;
	}
	return -1;
}

/* The names of files (of names) whose text names one of list ("NAME" or "NAME()"). */
static void files_with(struct pipeline *pl, const struct strvec *names, const struct strvec *list,
		       struct strvec *out)
{
	for (size_t i = 0; i < names->n; i++) {
		const struct sfile *f = file_named(pl, names->v[i]);
		struct strbuf text = STRBUF_INIT;
		int found = 0;

		current_text(f, &text);
		for (size_t k = 0; k < list->n && !found; k++) {
			char *name = xstrndup(list->v[k], strcspn(list->v[k], "("));

			found = has_word(text.buf ? text.buf : "", text.len, name);
			free(name);
		}
		if (found)
			sv_push(out, names->v[i]);
		sb_release(&text);
	}
}

/*
 * Refuse the no-op names whose value some file uses (value_use): each
 * such use a review note, the name out of noop (its stub and uses stay).
 */
static void refuse_value_uses(struct pipeline *pl, const struct strvec *names, struct strvec *noop)
{
	struct strvec keep = STRVEC_INIT;

	for (size_t k = 0; k < noop->n; k++) {
		int used = 0;

		for (size_t i = 0; i < names->n; i++) {
			struct sfile *f = file_named(pl, names->v[i]);
			struct strbuf text = STRBUF_INIT;
			long at;

			current_text(f, &text);
			at = value_use(text.buf ? text.buf : "", text.len, noop->v[k]);
			if (at >= 0) {
				struct cocci_finding w;
				char *msg = xasprintf("%s is a no-op stub once the removal is done, and its "
						      "value is used here: review by hand", noop->v[k]);

				w.path = f->name;
				w.line = line_of_offset(text.buf, (size_t)at);
				w.severity = (char *)"WARNING";
				w.message = msg;
				warning_note(pl, &w);
				free(msg);
				used = 1;
			}
			sb_release(&text);
		}
		if (!used)
			sv_push(&keep, noop->v[k]);
	}
	sv_clear(noop);
	for (size_t k = 0; k < keep.n; k++)
		sv_push(noop, keep.v[k]);
	sv_clear(&keep);
}

static int run_stages(struct pipeline *pl, const struct strvec *files, struct strbuf *err)
{
	struct planning *p = pl->p;
	struct strvec fold_false = STRVEC_INIT, fold_true = STRVEC_INIT, noop = STRVEC_INIT;
	struct strvec defines = STRVEC_INIT, names = STRVEC_INIT;
	int rc = 0;

	for (size_t i = 0; i < pl->nstubs; i++) {
		const struct stub *st = &pl->stubs[i];
		int truth;

		if (is_truth(st, &truth))
			sv_push_owned(truth ? &fold_true : &fold_false,
				      xasprintf("%s%s", st->name, st->function ? "()" : ""));
		else
			sv_push(&noop, st->name);
	}
	for (size_t i = 0; i < files->n && rc == 0; i++) {
		struct sfile *f = add_file(pl, files->v[i], err, &rc);

		if (!f->broken)
			sv_push(&names, f->name);
	}
	if (rc == 0 && (fold_false.n || fold_true.n)) {
		struct strvec these = STRVEC_INIT;

		sv_push_owned(&defines, config_define(p));
		files_with(pl, &names, &fold_false, &these);
		if (fold_false.n)
			rc = stage_refusing(pl, "is_enabled.cocci", &defines, "false", &fold_false,
					    &these, err);
		sv_clear(&these);
		files_with(pl, &names, &fold_true, &these);
		if (rc == 0 && fold_true.n)
			rc = stage_refusing(pl, "is_enabled.cocci", &defines, "true", &fold_true,
					    &these, err);
		sv_clear(&these);
		sv_clear(&defines);
	}
	if (rc == 0 && noop.n)
		refuse_value_uses(pl, &names, &noop);
	if (rc == 0 && noop.n) {
		struct strvec these = STRVEC_INIT;

		files_with(pl, &names, &noop, &these);
		rc = stage_refusing(pl, "calls.cocci", &defines, "noop", &noop, &these, err);
		sv_clear(&these);
	}
	for (size_t i = 0; rc == 0 && i < pl->nstubs; i++) {
		const struct stub *st = &pl->stubs[i];

		if (st->statement_macro && sv_contains(&noop, st->name)) {
			char *why = xasprintf("%s: a stub that does nothing once the removal is made",
					      st->name);

			for (size_t k = 0; k < pl->nfiles; k++)
				if (!strcmp(pl->files[k].path, st->path))
					delete_statement_macro(pl, &pl->files[k], st->name, why);
			free(why);
		}
	}
	/*
	 * unused.cocci per changed .c file, to a fixpoint, with the names of its
	 * removed lines that the file has left at most UNUSED_USES times, once
	 * at least other than as a member (a name with more uses is not unused,
	 * a member of a struct the file does not define is not unused.cocci's:
	 * no spatch run for them).
	 */
	for (size_t i = 0; rc == 0 && i < pl->nfiles; i++) {
		struct sfile *f = &pl->files[i];
		struct strset tried = STRSET_INIT;

		/* a header's static inlines are its includers' to use */
		if (!f->changed || f->broken || !ends_with(f->path, ".c"))
			continue;
		write_current(pl, f, err, &rc);
		for (int round = 0; rc == 0 && round < UNUSED_ROUNDS; round++) {
			struct strvec one = STRVEC_INIT, ids = STRVEC_INIT, cand = STRVEC_INIT;
			struct strbuf d = STRBUF_INIT, text = STRBUF_INIT;
			struct cocci_findings none = { NULL, 0, 0 };
			size_t nlines = f->lines.n;
			int fresh = 0;

			current_text(f, &text);
			strset_to_sorted(&f->removed, &ids);
			for (size_t k = 0; k < ids.n; k++) {
				size_t uses = count_words(text.buf ? text.buf : "", text.len, ids.v[k]);

				if (uses >= 1 && uses <= UNUSED_USES && !is_keyword(ids.v[k]) &&
				    bare_word(text.buf, text.len, ids.v[k])) {
					sv_push(&cand, ids.v[k]);
					fresh |= strset_add(&tried, ids.v[k]);
				}
			}
			sb_release(&text);
			if (cand.n && fresh) {
				join_into(&d, "names", &cand);
				sv_push_owned(&defines, sb_detach(&d, NULL));
				sv_push(&one, f->name);
				rc = stage_patch(pl, "unused.cocci", &defines, &one, &none, err);
				sv_clear(&defines);
			}
			sv_clear(&one);
			sv_clear(&ids);
			sv_clear(&cand);
			if (!fresh || f->lines.n == nlines)
				break;
		}
		strset_clear(&tried);
	}
	sv_clear(&fold_false);
	sv_clear(&fold_true);
	sv_clear(&noop);
	sv_clear(&names);
	return rc;
}

/* ---- back to the plan ---- */

static int has_marker(const char *text)
{
	return strstr(text, "excise_false__") || strstr(text, "excise_true__");
}

struct pending_edit {
	size_t start, end;
	char *repl;
	const char *why;
};

/*
 * One change of f's base text, [a, b) by repl, as edits of the snapshot
 * (appended to out).  -1 if it cannot be said without undoing an earlier
 * family's replacement.
 */
static int map_change(const struct sfile *f, size_t a, size_t b, const char *repl,
		      const char *why, struct pending_edit **out, size_t *n, size_t *cap)
{
	long oa = map_pos(f, a, 1), ob = map_pos(f, b, 0);
	size_t from;

	if (oa < 0 || ob < 0 || ob < oa)
		return -1;
	from = (size_t)oa;
	for (size_t i = 0; i < f->nsegs; i++) {
		const struct seg *s = &f->segs[i];

		if (s->ostart < (size_t)oa || s->oend > (size_t)ob)
			continue;
		if (s->alen && *repl)
			return -1;
		if (!s->alen && *repl && s->ostart > from) {
			/* an earlier deletion inside: the text before it, then the rest goes */
			GROW(*out, *cap, *n + 1);
			(*out)[(*n)++] = (struct pending_edit){ from, s->ostart, xstrdup(repl), why };
			repl = "";
			from = s->oend;
		}
	}
	if ((size_t)ob > from || *repl) {
		GROW(*out, *cap, *n + 1);
		(*out)[(*n)++] = (struct pending_edit){ from, (size_t)ob, xstrdup(repl), why };
	}
	return 0;
}

static void plan_file_result(struct pipeline *pl, struct sfile *f, const struct cause *cause)
{
	struct plan *plan = pl->p->plan;
	struct pending_edit *v = NULL;
	size_t n = 0, cap = 0, nb = 0;
	struct strbuf repl = STRBUF_INIT;
	int bad = 0;
	size_t first_bad = 0;

	for (size_t i = 0; i <= f->lines.n && !bad; i++) {
		long o = i < f->lines.n ? f->origin[i] : (long)f->nbase;

		if (o < 0) {
			sb_adds(&repl, f->lines.v[i]);
			continue;
		}
		if ((size_t)o > nb || repl.len) {
			const char *why = (size_t)o > nb ? f->why[nb] : NULL;

			if (repl.len && has_marker(repl.buf))
				bad = 1;
			else if (map_change(f, f->base_off[nb], f->base_off[o], repl.buf ? repl.buf : "",
					    why ? why : "the stub pipeline (cocci/README.md)", &v, &n,
					    &cap) < 0)
				bad = 1;
			if (bad)
				first_bad = nb;
			sb_reset(&repl);
		}
		nb = (size_t)o + 1;
	}
	if (bad) {
		char *text = snapshot_text(plan, f, first_bad < f->nbase ? first_bad : 0);

		plan_note(plan, f->path, snapshot_line(plan, f, first_bad), KIND_C_STUB, ACTION_REVIEW,
			  cause, "the stub pipeline's change here overlaps one already planned, or "
			  "spatch left it unfinished: the file left as the other rules plan it", text);
		free(text);
	}
	for (size_t i = 0; i < n; i++) {
		if (!bad)
			plan_edit(plan, f->path, v[i].start, v[i].end, v[i].repl, KIND_C_STUB, cause,
				  v[i].why);
		free(v[i].repl);
	}
	free(v);
	sb_release(&repl);
}

static void release(struct pipeline *pl)
{
	for (size_t i = 0; i < pl->nfiles; i++) {
		struct sfile *f = &pl->files[i];
		char *full = path_join(pl->dir, f->name);

		unlink(full);
		free(full);
		free(f->path);
		free(f->name);
		sb_release(&f->base);
		free(f->segs);
		sv_clear(&f->lines);
		free(f->origin);
		free(f->why);
		free(f->base_off);
		strset_clear(&f->removed);
	}
	free(pl->files);
	for (size_t i = 0; i < pl->nstubs; i++) {
		free(pl->stubs[i].name);
		free(pl->stubs[i].value);
		free(pl->stubs[i].path);
	}
	free(pl->stubs);
	sv_clear(&pl->garbage);
	if (pl->dir)
		rmdir(pl->dir);
	free(pl->dir);
}

int stubs_plan_files(struct planning *p, struct strbuf *err)
{
	struct pipeline pl;
	struct strvec files = STRVEC_INIT;
	struct cause cause = CAUSE(RULE_STUBS, p->fp->symbols.n == 1 ? p->fp->symbols.v[0] : NULL);
	char *tmpl;
	int rc;

	if (p->opt->no_cocci)
		return 0;
	memset(&pl, 0, sizeof(pl));
	pl.p = p;
	tmpl = path_join(p->opt->tmp_dir ? p->opt->tmp_dir : "/tmp", "excise-stubs.XXXXXX");
	if (!mkdtemp(tmpl)) {
		sb_addf(err, "excise: cannot create a directory in %s: %s\n",
			p->opt->tmp_dir ? p->opt->tmp_dir : "/tmp", strerror(errno));
		free(tmpl);
		return -1;
	}
	pl.dir = tmpl;
	rc = find_stubs(&pl, err);
	if (rc == 0 && pl.nstubs) {
		files_naming(&pl, &files);
		rc = run_stages(&pl, &files, err);
	}
	for (size_t i = 0; rc == 0 && i < pl.nfiles; i++)
		if (pl.files[i].changed && !pl.files[i].broken)
			plan_file_result(&pl, &pl.files[i], &cause);
	sv_clear(&files);
	release(&pl);
	return rc;
}
