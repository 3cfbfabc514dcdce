/*
 * kconfig_remove.c - remove symbols from every Kconfig file, with everything
 * that only existed for them.
 *
 * The removed symbols are n.  Every expression that names one is evaluated
 * in tristate logic (kconfig_expr.c) and:
 *
 *   - an entry (config, menuconfig, choice, menu, comment) whose `depends on`
 *     becomes n goes, and so does one whose `depends on` only COMPILE_TEST
 *     keeps true (`ARCH_FOO || COMPILE_TEST`: a driver for the removed
 *     platform, from now on only compile-tested), and so does an `if` block whose condition becomes n,
 *     with everything inside; a symbol all of whose definitions went is
 *     removed too and the evaluation starts over (a fixpoint), so cascades
 *     are followed to the end;
 *   - a bool/tristate symbol that could be set before (a prompt, a non-n
 *     default, or a select) and no longer can is removed ("was only selected
 *     by X"): it is n forever; except a prompt-less helper of shared
 *     infrastructure (defined in kernel/, lib/, mm/, net/core/, drivers/base/,
 *     a core/ or *-core/ directory, ...: see shared_helper()), which other
 *     code may select tomorrow: it stays, with a note "no longer selected
 *     by anything" (upstream kept AC97_BUS_NEW when the PXA boards went);
 *     a prompt only COMPILE_TEST shows does not make a symbol settable when
 *     real configurations could set it before (`bool "S3C2410 clock" if
 *     COMPILE_TEST`, selected only by the removed SoCs, goes);
 *   - a bool/tristate symbol that could never be set, before as after (no
 *     prompt, default or select: its selectors went long ago), defined only
 *     in the directory of a requested symbol's Kconfig file, when that is
 *     a platform's own (arch/ARCH/mach-* or plat-*), goes with it
 *     (S3C_DEV_I2C2..7 in arch/arm/mach-s3c; not arch/alpha/Kconfig's
 *     ALPHA_LARGE_VMALLOC beside ALPHA_JENSEN);
 *   - a Kconfig file sourced only from removed places is no longer sourced:
 *     its symbols are removed, the file stays (result: orphans, a note);
 *   - a `source` of a file or directory the plan deletes goes;
 *   - a menu, `if` or choice whose every statement (comments aside) went, goes;
 *     a choice whose members all went goes;
 *   - `depends on E`, `visible if E`, `if E` blocks: E rewritten; the line goes
 *     when E becomes y (for `if`: the `if` and `endif` lines, the contents stay);
 *     `visible if E` that becomes n reads `visible if n` (a note asks for review);
 *   - `select X` / `imply X` go (with --replace X=NEW, `select X` names NEW);
 *     `select Y if E`: goes when E becomes n, loses ` if E` when y;
 *   - `default E [if C]`: goes when C becomes n; when E becomes n it goes,
 *     unless a later default of the entry could apply, then it reads `n`;
 *     a string, int or hex default naming a removed symbol goes;
 *     def_bool/def_tristate that lose their value become plain bool/tristate
 *     (or go, when another line gives the type);
 *     a choice's `default X` goes (or names NEW with --replace X=NEW);
 *   - a prompt whose `if` becomes n is never shown: `bool "text" if X`
 *     becomes `bool`, a `prompt` line goes; one whose `if` becomes y loses it;
 *   - `range` naming a removed symbol goes;
 *   - an expression that stays partly known keeps its other operands as
 *     written (`A && (X || m)` -> `A && m`); a comparison of a removed symbol
 *     with a kept one compares n (`X = A` -> `n = A`).
 *
 * Rewrites keep every other byte.  Whole entries go from their first line to
 * their last attribute line (help text included, trailing blank lines not).
 * '#' comment lines right above a removed entry go with it only when nothing
 * of its block (menu, if, choice or file) stays after it; otherwise they
 * stay, as they may head what follows.  Blank lines: consecutive removed
 * entries take the blank lines between them along; then a removed run that
 * starts a block (or the file, or follows a blank line) and is followed by a
 * blank line also takes that one blank line; else a run that follows a blank
 * line and ends its block or the file takes that preceding blank line.  So
 * "A\n\nX\n\nB" loses "X\n\n", "A\nX\n\nB" loses "X\n", and
 * "A\n\nX\nendmenu" loses "\nX\n".
 */
#include <stdlib.h>
#include <string.h>

#include "kconfig.h"
#include "kconfig_ast.h"

struct selector {
	struct knode *node;
	struct kattr *attr;
};

/*
 * What a pending edit is about: its cause (plan.h) but the lists, which
 * the file's syntax tree gives when the edit joins the plan.
 */
struct about {
	const char *symbol;         /* cause.symbol: the removed symbol it is about */
	const struct knode *owner;  /* the kept entry whose attribute it changes, or NULL */
	const char *selects;        /* that entry's select or imply that goes: what it named */
};

#define ABOUT(sym) ((struct about){ (sym), NULL, NULL })

/* An edit not in the plan yet: all are checked before any is added. */
struct pending {
	struct kfile *file;
	size_t start, end;
	char *repl;              /* NULL: a note (ACTION_REVIEW) at the line of start */
	enum ref_kind kind;
	char *symbol;            /* see struct about */
	const char *option;      /* the owner's name, when it is a config or menuconfig */
	const char *selects;
	char *reason;
	const char *text;        /* a note's text */
};

/* A whole statement to delete, for the blank-line rule. */
struct kdeletion {
	size_t start, end;
	enum ref_kind kind;
	char *reason;
	struct knode *parent;
	const char *symbol;      /* see deletion_symbol() */
};

struct remover {
	struct kconfig_db *db;
	struct plan *plan;
	const struct kconfig_replace *repl;
	struct kconfig_result *res;
	struct strset removed;
	struct strset removed_ct;   /* removed, and COMPILE_TEST (only_compile_test()) */
	struct strset none;
	struct strset ct_only;    /* COMPILE_TEST alone, off: what real configurations see */
	size_t *sel_first;        /* selectors of syms[i]: sel[sel_first[i] .. sel_first[i + 1]) */
	struct selector *sel;
	unsigned char *live_before;  /* LIVE_ANY | LIVE_REAL, before the removal */
	struct strset kept;       /* shared helpers left unselected (shared_helper()) */
	struct strset beside;     /* subsystem_dir()s of the requested symbols */
	struct pending *edits;
	size_t nedits, edits_cap;
	struct strbuf tmp;
	/* res->removed by name: record_at[k] is the index of the first record of name k */
	struct strmap record_names;
	size_t *record_at, record_at_cap;
	struct strset requested;  /* the names of the requested records */
};

static const char *const HOW_DEPENDS = "depends on %s";
static const char *const HOW_COMPILE_TEST = "depends on %s or COMPILE_TEST only";
static const char *const HOW_IF = "is an `if` on %s";
static const char *const HOW_IN_IF = "is inside an `if` on %s";
static const char *const HOW_IN_MENU = "is in a menu that depends on %s";
static const char *const HOW_IN_CHOICE = "is in a choice that depends on %s";
static const char *const HOW_SOURCED = "is in a file sourced only under %s";
static const char *const HOW_DELETED = "is defined only in deleted %s";
static const char *const HOW_SOURCES_DELETED = "sources deleted %s";
static const char *const HOW_EMPTY = "is left empty";
static const char *const HOW_SELECTED = "was only selected by %s";
static const char *const HOW_SELECTED_IF = "was only selected under %s";
static const char *const HOW_UNSET = "has no prompt, default or select left without %s";

/* live_before[]: settable at all; settable with COMPILE_TEST off */
enum { LIVE_ANY = 1, LIVE_REAL = 2 };

/* ---- records of removed symbols ---- */

/* Index res->removed[i] (a record add_record made, or one res held before) by its name. */
static void index_record(struct remover *r, size_t i)
{
	const struct kconfig_removed *rec = &r->res->removed[i];

	if (strmap_find(&r->record_names, rec->name) == STRMAP_NONE) {
		size_t k = strmap_intern(&r->record_names, rec->name);

		GROW(r->record_at, r->record_at_cap, k + 1);
		r->record_at[k] = i;
	}
	if (rec->requested)
		strset_add(&r->requested, rec->name);
}

/* The first record of name, by the index (a search of the records per node was quadratic). */
static struct kconfig_removed *find_record(const struct remover *r, const char *name)
{
	size_t k = strmap_find(&r->record_names, name);

	return k == STRMAP_NONE ? NULL : &r->res->removed[r->record_at[k]];
}

/* "how cause" and, if cause is itself a dependent, ", which <its reason>". */
static char *explain(const struct remover *r, const char *how, const char *cause)
{
	struct strbuf sb = STRBUF_INIT;
	const struct kconfig_removed *rec = cause ? find_record(r, cause) : NULL;

	if (!how)
		how = "is removed";
	if (cause && strstr(how, "%s"))
		sb_addf(&sb, how, cause);
	else if (strstr(how, " %s"))
		sb_addn(&sb, how, (size_t)(strstr(how, " %s") - how));
	else
		sb_adds(&sb, how);
	if (rec && !rec->requested)
		sb_addf(&sb, ", which %s", rec->reason);
	return sb_detach(&sb, NULL);
}

/* True if a symbol removed by how uses the removed symbol (rather than serving it). */
static int how_is_use(const char *how)
{
	return how == HOW_DEPENDS || how == HOW_COMPILE_TEST || how == HOW_IF || how == HOW_IN_IF ||
	       how == HOW_IN_MENU || how == HOW_IN_CHOICE || how == HOW_SOURCED;
}

/*
 * The directory of a requested symbol's Kconfig file when it is a
 * platform's own, arch/ARCH/mach-* or arch/ARCH/plat-* (arch/arm/mach-s3c),
 * as a new string; else NULL.  Not arch/alpha, arch/arm/mm, sound/soc/intel
 * or drivers/net/ethernet/smsc: their Kconfig files serve many, and the
 * corpus shows upstream keeping the never-set helpers there (CPU_ARM740T,
 * SND_SOC_INTEL_HASWELL, SMSC911X_ARCH_HOOKS, ath79's SOC_AR71XX).
 */
static char *subsystem_dir(const char *path)
{
	const char *slash = strrchr(path, '/'), *arch = path + 5, *dir;

	if (!slash || strncmp(path, "arch/", 5) || !(dir = strchr(arch, '/')) || dir == slash)
		return NULL;
	dir++;
	if ((strncmp(dir, "mach-", 5) && strncmp(dir, "plat-", 5)) || strchr(dir, '/') != slash)
		return NULL;
	return xstrndup(path, (size_t)(slash - path));
}

static void add_record(struct remover *r, const char *name, int requested, int user, char *reason)
{
	struct kconfig_result *res = r->res;
	struct kconfig_removed *rec;
	size_t n;
	const struct kconfig_def *d = kconfig_defs(r->db, name, &n);

	GROW(res->removed, res->removed_cap, res->nremoved + 1);
	rec = &res->removed[res->nremoved++];
	rec->name = xstrdup(name);
	rec->path = n ? xstrdup(d[0].path) : NULL;
	rec->line = n ? d[0].line : 0;
	rec->requested = requested;
	rec->user = user;
	rec->reason = reason;
	index_record(r, res->nremoved - 1);
	strset_add(&r->removed, name);
	strset_add(&r->removed_ct, name);
	for (size_t k = 0; requested && k < n; k++) {
		char *dir = subsystem_dir(d[k].path);

		if (dir)
			strset_add(&r->beside, dir);
		free(dir);
	}
}

/*
 * Could symbol i never be set, before the removal as after (no prompt, no
 * default, no select anywhere: dead code already), while every definition
 * of it sits in a platform's own directory, one that defines a requested
 * symbol (subsystem_dir())?  Such a helper goes with the subsystem:
 * S3C_DEV_I2C2..7 in arch/arm/mach-s3c, never selected since their boards
 * went; not arch/alpha/Kconfig's ALPHA_LARGE_VMALLOC beside ALPHA_JENSEN.
 */
static int dead_beside(struct remover *r, size_t i)
{
	const struct kconfig_symbol *s = &r->db->syms[i];

	if (r->live_before[i])
		return 0;
	for (size_t k = 0; k < s->n; k++) {
		char *dir = subsystem_dir(r->db->defs[s->first + k].path);
		int in = dir && strset_has(&r->beside, dir);

		free(dir);
		if (!in)
			return 0;
	}
	return s->n > 0;
}

/* ---- deadness ---- */

static void reset_nodes(struct knode *n)
{
	n->dead = n->visited = n->inherited = 0;
	n->how = n->cause = NULL;
	for (struct knode *c = n->child; c; c = c->next)
		reset_nodes(c);
}

static int node_dead(struct remover *r, struct knode *n);

/* A file is dead when deleted, or when every `source` of it is dead. */
static int file_dead(struct remover *r, struct kfile *f)
{
	if (f->dead >= 0)
		return f->dead;
	f->dead = 0;   /* provisional: a sourcing cycle counts as alive */
	if (f->deleted) {
		f->dead = 1;
		f->how = HOW_DELETED;
		f->cause = f->path;
		return 1;
	}
	if (!f->nsites)
		return 0;
	for (size_t i = 0; i < f->nsites; i++)
		if (!node_dead(r, f->sites[i]))
			return 0;
	f->dead = 1;
	f->how = HOW_SOURCED;
	f->cause = f->sites[0]->cause;
	return 1;
}

/*
 * True if a `depends on` that named a removed symbol is left with nothing
 * but COMPILE_TEST to make it true (`ARCH_FOO || COMPILE_TEST`): the
 * option only existed for the removed code and would from now on be
 * compile-tested, never used.  The scratch values of e are those of
 * r->removed again on return.
 */
static int only_compile_test(struct remover *r, const char *src, struct kexpr *e)
{
	int v;

	if (strset_has(&r->removed, "COMPILE_TEST"))
		return 0;
	strset_add(&r->removed_ct, "COMPILE_TEST");
	v = kx_eval(src, e, &r->removed_ct);
	kx_eval(src, e, &r->removed);
	return v == 0;
}

/*
 * The `depends on` lines of n: the first that is n because of a removed
 * symbol, or that only COMPILE_TEST keeps true (*compile_test set).
 */
static const char *dead_dependency(struct remover *r, struct knode *n, int *compile_test)
{
	*compile_test = 0;
	for (struct kattr *a = n->attrs; a; a = a->next) {
		if (a->kind != KA_DEPENDS)
			continue;
		if (kx_eval(n->file->data, a->expr, &r->removed) == 0 && a->expr->touched)
			return kx_first_removed(a->expr, &r->removed);
		if (a->expr->touched && only_compile_test(r, n->file->data, a->expr)) {
			*compile_test = 1;
			return kx_first_removed(a->expr, &r->removed);
		}
	}
	return NULL;
}

static const char *context_how(const struct knode *parent)
{
	switch (parent->kind) {
	case KN_IF: return HOW_IN_IF;
	case KN_MENU: return HOW_IN_MENU;
	case KN_CHOICE: return HOW_IN_CHOICE;
	default: return parent->how;
	}
}

static int node_dead(struct remover *r, struct knode *n)
{
	const char *cause;
	int compile_test;

	if (n->visited)
		return n->dead;
	n->visited = 1;
	if (n->kind == KN_ROOT) {
		if (file_dead(r, n->file)) {
			n->dead = n->inherited = 1;
			n->how = n->file->how;
			n->cause = n->file->cause;
		}
		return n->dead;
	}
	if (node_dead(r, n->parent)) {
		n->dead = n->inherited = 1;
		n->how = n->parent->inherited ? n->parent->how : context_how(n->parent);
		n->cause = n->parent->cause;
		return 1;
	}
	switch (n->kind) {
	case KN_CONFIG:
	case KN_MENUCONFIG:
	case KN_CHOICE:
	case KN_MENU:
	case KN_COMMENT:
		if ((cause = dead_dependency(r, n, &compile_test))) {
			n->dead = 1;
			n->how = compile_test ? HOW_COMPILE_TEST : HOW_DEPENDS;
			n->cause = cause;
		} else if ((n->kind == KN_CONFIG || n->kind == KN_MENUCONFIG) &&
			   strset_has(&r->removed, n->name)) {
			n->dead = 1;
			n->cause = n->name;
		}
		break;
	case KN_IF:
		if (kx_eval(n->file->data, n->cond, &r->removed) == 0 && n->cond->touched) {
			n->dead = 1;
			n->how = HOW_IF;
			n->cause = kx_first_removed(n->cond, &r->removed);
		}
		break;
	case KN_SOURCE:
		if (!strchr(n->name, '$') && plan_is_deleted(r->plan, n->name)) {
			n->dead = 1;
			n->how = HOW_SOURCES_DELETED;
			n->cause = n->name;
		}
		break;
	default:
		break;
	}
	return n->dead;
}

static void mark_nodes(struct remover *r, struct knode *n)
{
	node_dead(r, n);
	for (struct knode *c = n->child; c; c = c->next)
		mark_nodes(r, c);
}

/* The effective value of an optional condition (no condition: y). */
static int cond_value(const struct knode *n, struct kexpr *cond, const struct strset *set)
{
	return cond ? kx_eval(n->file->data, cond, set) : 2;
}

/*
 * Can symbol i be other than n?  (A prompt, a default that is not n, or a
 * select.)  With use_dead, dead definitions and selectors do not count.  On
 * a no, *cause gets the removed symbol to blame (when there is one).
 */
static int settable(struct remover *r, size_t i, const struct strset *set, int use_dead,
		    const char **how, const char **cause)
{
	const struct kconfig_symbol *s = &r->db->syms[i];

	for (size_t k = 0; k < s->n; k++) {
		struct knode *n = r->db->defs[s->first + k].node;

		if (use_dead && n->dead)
			continue;
		for (struct kattr *a = n->attrs; a; a = a->next) {
			if ((a->kind == KA_TYPE || a->kind == KA_PROMPT) && a->prompt) {
				if (cond_value(n, a->cond, set) != 0)
					return 1;
				if (!*cause)
					*how = HOW_UNSET, *cause = kx_first_removed(a->cond, set);
			} else if (a->kind == KA_DEFAULT || a->kind == KA_DEF_TYPE) {
				if (kx_eval(n->file->data, a->expr, set) != 0 &&
				    cond_value(n, a->cond, set) != 0)
					return 1;
				if (!*cause && (*cause = kx_first_removed(a->expr, set)))
					*how = HOW_UNSET;
				if (!*cause && (*cause = kx_first_removed(a->cond, set)))
					*how = HOW_UNSET;
			}
		}
	}
	for (size_t k = r->sel_first[i]; k < r->sel_first[i + 1]; k++) {
		struct selector *sl = &r->sel[k];

		if (use_dead && strset_has(set, sl->node->name)) {
			*how = HOW_SELECTED, *cause = sl->node->name;
			continue;
		}
		if (use_dead && sl->node->dead) {
			*how = HOW_SELECTED_IF, *cause = sl->node->cause;
			continue;
		}
		if (cond_value(sl->node, sl->attr->cond, set) != 0)
			return 1;
		*how = HOW_SELECTED_IF, *cause = kx_first_removed(sl->attr->cond, set);
	}
	return 0;
}

static void index_selectors(struct remover *r, struct knode *n, int fill)
{
	for (struct knode *c = n->child; c; c = c->next) {
		if (c->kind == KN_CONFIG || c->kind == KN_MENUCONFIG) {
			for (struct kattr *a = c->attrs; a; a = a->next) {
				/*
				 * An imply sets a symbol too, a prompt-less one included:
				 * SND_SOC_ALL_CODECS implies SND_SOC_WM9713, which stays
				 * settable when the PXA boards that selected it go.
				 */
				if (a->kind != KA_SELECT && a->kind != KA_IMPLY)
					continue;
				long i = kconfig_symbol_index(r->db, a->expr->word);

				if (i < 0)
					continue;
				if (fill)
					r->sel[r->sel_first[i + 1]++] = (struct selector){ c, a };
				else
					r->sel_first[i + 2]++;
			}
		}
		index_selectors(r, c, fill);
	}
}

/* The selectors of every symbol, as a compressed array indexed by symbol. */
static void build_selectors(struct remover *r)
{
	struct kconfig_db *db = r->db;
	size_t total;

	r->sel_first = xcalloc(db->nsyms + 2, sizeof(*r->sel_first));
	for (size_t f = 0; f < db->nfiles; f++)
		index_selectors(r, &db->files[f]->root, 0);
	for (size_t i = 2; i < db->nsyms + 2; i++)
		r->sel_first[i] += r->sel_first[i - 1];
	total = r->sel_first[db->nsyms + 1];
	r->sel = xmalloc((total ? total : 1) * sizeof(*r->sel));
	for (size_t f = 0; f < db->nfiles; f++)
		index_selectors(r, &db->files[f]->root, 1);
	/* sel_first[i + 1] advanced to the end of symbol i: it is now the start of i + 1 */
}

static int is_bool_like(const struct kconfig_symbol *s, const struct kconfig_db *db)
{
	const char *t = db->defs[s->first].type;

	return !strcmp(t, "bool") || !strcmp(t, "tristate");
}

/*
 * The places of shared infrastructure: code there serves the whole kernel
 * (or a whole bus or class of drivers), not the one subsystem that happened
 * to select it last.
 */
static const char *const SHARED_ROOTS[] = {
	"kernel/", "lib/", "mm/", "init/", "block/", "crypto/", "security/", "net/core/",
	"drivers/base/", "sound/core/", "sound/ac97/", "fs/Kconfig", "net/Kconfig",
	"sound/Kconfig", NULL
};

static int shared_path(const char *path)
{
	for (size_t k = 0; SHARED_ROOTS[k]; k++)
		if (!strncmp(path, SHARED_ROOTS[k], strlen(SHARED_ROOTS[k])))
			return 1;
	/* a core layer: drivers/video/fbdev/core/, drivers/media/v4l2-core/ */
	for (const char *c = path; (c = strstr(c, "core/")); c++)
		if (c > path && (c[-1] == '/' || c[-1] == '-'))
			return 1;
	return 0;
}

/*
 * Does name hold a requested symbol's name as a whole '_'-delimited part
 * (X_LIB holds X, XY_LIB does not)?  Each run of name's '_'-separated words
 * is looked up in the set of requested names: a handful of lookups, not a
 * search of name per requested symbol (a spec of 50,000 symbols).
 */
static int holds_requested(const struct remover *r, const char *name)
{
	size_t len = strlen(name);

	for (size_t a = 0; a < len; a++) {
		if (a && name[a - 1] != '_')
			continue;
		for (size_t b = a + 1; b <= len; b++)
			if ((b == len || name[b] == '_') && strset_hasn(&r->requested, name + a, b - a))
				return 1;
	}
	return 0;
}

/*
 * Is symbol i a helper of shared infrastructure that an unselected state
 * must not delete: no prompt in any definition (a prompt for COMPILE_TEST
 * only does not count), every definition in a
 * shared place (shared_path()) and none in a file the plan deletes, and not
 * named for a requested symbol (X_LIB, when X goes, is X's own)?
 */
static int shared_helper(struct remover *r, size_t i)
{
	const struct kconfig_symbol *s = &r->db->syms[i];

	if (holds_requested(r, s->name))
		return 0;

	for (size_t k = 0; k < s->n; k++) {
		const struct knode *n = r->db->defs[s->first + k].node;

		if (n->file->deleted || !shared_path(n->file->path))
			return 0;
		for (const struct kattr *a = n->attrs; a; a = a->next)
			if ((a->kind == KA_TYPE || a->kind == KA_PROMPT) && a->prompt &&
			    cond_value(n, a->cond, &r->ct_only) != 0)
				return 0;
	}
	return s->n > 0;
}

/*
 * Can symbol i still be other than n, now?  A symbol that real
 * configurations could set before (LIVE_REAL) and now only COMPILE_TEST
 * can is not: `bool "S3C2410 clock" if COMPILE_TEST`, selected only by the
 * removed SoCs, is compile-tested from now on, never used (*ct set).  The
 * last evaluation is with r->removed, whose scratch values the rewrite reads.
 */
static int settable_now(struct remover *r, size_t i, const char **how, const char **cause,
			int *ct)
{
	const char *h = NULL, *c = NULL;
	int real;

	*ct = 0;
	if (!settable(r, i, &r->removed, 1, how, cause))
		return 0;
	if (!(r->live_before[i] & LIVE_REAL) || strset_has(&r->removed, "COMPILE_TEST"))
		return 1;
	real = settable(r, i, &r->removed_ct, 1, &h, &c);
	settable(r, i, &r->removed, 1, &(const char *){ NULL }, &(const char *){ NULL });
	if (real)
		return 1;
	*ct = 1;
	*how = h, *cause = c;
	return 0;
}

/* Evaluate every file with the current set; add newly dead symbols.  Returns how many. */
static size_t removal_round(struct remover *r)
{
	struct kconfig_db *db = r->db;
	size_t added = 0;

	for (size_t f = 0; f < db->nfiles; f++) {
		db->files[f]->dead = -1;
		db->files[f]->how = db->files[f]->cause = NULL;
		reset_nodes(&db->files[f]->root);
	}
	for (size_t f = 0; f < db->nfiles; f++)
		mark_nodes(r, &db->files[f]->root);
	for (size_t i = 0; i < db->nsyms; i++) {
		const struct kconfig_symbol *s = &db->syms[i];
		const struct kconfig_def *d = &db->defs[s->first];
		size_t ndead = 0, ndeleted = 0;
		const char *how = NULL, *cause = NULL;
		int ct = 0;

		if (strset_has(&r->removed, s->name))
			continue;
		for (size_t k = 0; k < s->n; k++) {
			ndead += d[k].node->dead;
			ndeleted += d[k].node->file->deleted;
		}
		if (ndeleted == s->n) {
			add_record(r, s->name, 1, 0, xasprintf("defined only in deleted %s", d[0].path));
			added++;
		} else if (ndead == s->n) {
			add_record(r, s->name, 0, how_is_use(d[0].node->how),
				   explain(r, d[0].node->how, d[0].node->cause));
			added++;
		} else if (is_bool_like(s, db) && dead_beside(r, i) && !shared_helper(r, i)) {
			add_record(r, s->name, 0, 0,
				   xasprintf("could never be set (no prompt, default or select), in "
					     "the removed platform's directory"));
			added++;
		} else if (r->live_before[i] && is_bool_like(s, db) &&
			   !settable_now(r, i, &how, &cause, &ct)) {
			char *why;

			if (shared_helper(r, i)) {
				strset_add(&r->kept, s->name);
				continue;
			}
			why = explain(r, how, cause);
			if (ct) {
				char *t = xasprintf("%s; its prompt is for COMPILE_TEST only", why);

				free(why);
				why = t;
			}
			add_record(r, s->name, 0, how_is_use(how), why);
			added++;
		}
	}
	return added;
}

/* Blocks whose statements (comments aside) all went go too; bottom-up. */
static void mark_empty(struct knode *n)
{
	int had = 0, live = 0;

	for (struct knode *c = n->child; c; c = c->next)
		if (!c->dead)
			mark_empty(c);
	if (n->dead || (n->kind != KN_MENU && n->kind != KN_IF && n->kind != KN_CHOICE))
		return;
	for (struct knode *c = n->child; c; c = c->next) {
		if (c->kind == KN_COMMENT)
			continue;
		if (n->kind == KN_CHOICE && c->kind != KN_CONFIG && c->kind != KN_MENUCONFIG &&
		    c->kind != KN_IF)
			continue;
		had = 1;
		live |= !c->dead;
	}
	if (had && !live) {
		n->dead = 1;
		n->how = HOW_EMPTY;
		n->cause = NULL;
	}
}

/* ---- edits ---- */

static void add_pending(struct remover *r, struct kfile *f, size_t start, size_t end,
			const char *repl, enum ref_kind kind, struct about ab, char *reason)
{
	const struct knode *o = ab.owner;
	struct pending *p;

	GROW(r->edits, r->edits_cap, r->nedits + 1);
	p = &r->edits[r->nedits++];
	p->file = f;
	p->start = start;
	p->end = end;
	p->repl = repl ? xstrdup(repl) : NULL;
	p->kind = kind;
	p->symbol = ab.symbol ? xstrdup(ab.symbol) : NULL;
	p->option = o && (o->kind == KN_CONFIG || o->kind == KN_MENUCONFIG) ? o->name : NULL;
	p->selects = ab.selects;
	p->reason = reason;
	p->text = NULL;
}

/*
 * What an edit of [start, end) takes away, from the syntax tree n of its
 * file: the config entries whose config line lies in it (cause.defines,
 * which the series splits on), and the files its whole `source` lines
 * name (cause.paths).
 */
static void add_taken(struct cause *c, const struct knode *n, size_t start, size_t end)
{
	size_t lo = 0, hi = n->nkids;

	/*
	 * The children that overlap [start, end): n->kids are in file order
	 * and do not overlap, so those that end at or before start come
	 * first; found by binary search (a pass over a file of 50,000 entries
	 * per edit was quadratic).
	 */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (n->kids[mid]->end <= start)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < n->nkids && n->kids[i]->start < end; i++) {
		const struct knode *k = n->kids[i];

		if (k->end <= start)
			continue;
		if ((k->kind == KN_CONFIG || k->kind == KN_MENUCONFIG) && k->start >= start && k->name)
			sv_push(&c->defines, k->name);
		if (k->kind == KN_SOURCE && k->start >= start && k->end <= end && k->name)
			sv_push(&c->paths, k->name);
		add_taken(c, k, start, end);
	}
}

/* A note for a human, added with the edits. */
static void add_note(struct remover *r, struct kfile *f, size_t off, enum ref_kind kind,
		     char *reason, const char *text)
{
	add_pending(r, f, off, off, NULL, kind, ABOUT(NULL), reason);
	r->edits[r->nedits - 1].text = text;
}

/* The text of [a, b) on one line: continuations and whitespace runs become one space. */
static char *one_line(const char *src, size_t a, size_t b)
{
	struct strbuf sb = STRBUF_INIT;
	int space = 0;

	for (size_t i = a; i < b; i++) {
		char c = src[i];

		if (c == '\\' && i + 1 < b && src[i + 1] == '\n')
			continue;
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			space = 1;
			continue;
		}
		if (space && sb.len)
			sb_addc(&sb, ' ');
		space = 0;
		sb_addc(&sb, c);
	}
	return sb_detach(&sb, NULL);
}

/* How a node is named in reasons: FOO, menu "Bar", choice "Baz", comment "...". */
static char *owner_name(const struct knode *n)
{
	const char *p = NULL;

	if (n->kind == KN_CONFIG || n->kind == KN_MENUCONFIG)
		return xstrdup(n->name);
	for (const struct kattr *a = n->attrs; a && !p; a = a->next)
		p = a->prompt;
	if (n->kind == KN_CHOICE)
		return p ? xasprintf("choice \"%s\"", p) :
		       n->name ? xasprintf("choice %s", n->name) : xstrdup("choice");
	if (n->kind == KN_IF)
		return xstrdup("if");
	return xasprintf("%s \"%s\"", knode_name(n->kind), n->name ? n->name : "");
}

static enum ref_kind node_edit_kind(const struct knode *n)
{
	return n->kind == KN_IF ? KIND_KCONFIG_IF : n->kind == KN_SOURCE ? KIND_KCONFIG_SOURCE :
	       KIND_KCONFIG_ENTRY;
}

/* The reason to delete a dead node (whose parent stays). */
static char *deletion_reason(struct remover *r, const struct knode *n)
{
	const char *src = n->file->data;
	char *why, *what, *out;

	if ((n->kind == KN_CONFIG || n->kind == KN_MENUCONFIG) && !n->how) {
		const struct kconfig_removed *rec = find_record(r, n->name);

		if (!rec || rec->requested)
			return xasprintf("remove %s %s", knode_name(n->kind), n->name);
		return xasprintf("remove %s %s: %s", knode_name(n->kind), n->name, rec->reason);
	}
	why = explain(r, n->how, n->cause);
	if (n->kind == KN_CONFIG || n->kind == KN_MENUCONFIG) {
		const struct kconfig_removed *rec = find_record(r, n->name);

		out = rec && rec->requested ? xasprintf("remove %s %s", knode_name(n->kind), n->name)
		      : rec ? xasprintf("remove %s %s: %s", knode_name(n->kind), n->name, rec->reason)
			    : xasprintf("remove a definition of %s: %s", n->name, why);
		free(why);
		return out;
	}
	if (n->kind == KN_IF && n->how == HOW_IF) {
		char *cond = one_line(src, n->cond->start, n->cond->end);
		const struct kconfig_removed *rec = find_record(r, n->cause);

		out = rec && !rec->requested ?
		      xasprintf("remove `if %s` block: %s is removed (%s)", cond, n->cause, rec->reason) :
		      xasprintf("remove `if %s` block: %s is removed", cond, n->cause);
		free(cond);
		free(why);
		return out;
	}
	if (n->kind == KN_IF) {
		char *cond = one_line(src, n->cond->start, n->cond->end);

		out = xasprintf("remove `if %s` block: %s", cond, why);
		free(cond);
		free(why);
		return out;
	}
	if (n->kind == KN_SOURCE) {
		out = xasprintf("remove source \"%s\": the plan deletes it", n->name);
		free(why);
		return out;
	}
	what = owner_name(n);
	out = xasprintf("remove %s: %s", what, why);
	free(what);
	free(why);
	return out;
}

/* The symbol a dead node's deletion is about: the entry's, or the `if`'s removed symbol. */
static const char *deletion_symbol(const struct knode *n)
{
	if (n->kind == KN_CONFIG || n->kind == KN_MENUCONFIG)
		return n->name;
	return n->kind == KN_IF && n->how == HOW_IF ? n->cause : NULL;
}

static int blank_between(const char *s, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
			return 0;
	return 1;
}

static int is_blank_line(const struct kfile *f, size_t start)
{
	return start < f->len && blank_between(f->data, start, line_end(f->data, f->len, start));
}

/*
 * The start of the '#' comment lines directly above start (no blank line
 * between), not before floor; a license line is never taken.
 */
static size_t attached_comments(const struct kfile *f, size_t start, size_t floor)
{
	while (start > floor) {
		size_t prev = line_start(f->data, start - 1), i = prev;

		while (i < start && (f->data[i] == ' ' || f->data[i] == '\t'))
			i++;
		if (i >= start || f->data[i] != '#' || prev < floor)
			break;
		if (memmem(f->data + prev, start - prev, "SPDX-License-Identifier", 23))
			break;
		start = prev;
	}
	return start;
}

/* Turn the dead statements of f into edits, with the blank-line rule (see the top). */
static void flush_deletions(struct remover *r, struct kfile *f, struct kdeletion *d, size_t n)
{
	size_t floor = 0;

	/*
	 * From the end: a deletion after which nothing of its block stays takes
	 * the comment lines right above it along.
	 */
	for (size_t k = n, limit_start = 0; k-- > 0;) {
		const struct knode *parent = d[k].parent;
		size_t block_end = parent->end_start ? parent->end_start : f->len;
		int tail_next = k + 1 < n && d[k + 1].parent == parent && limit_start == d[k + 1].start;
		size_t limit = tail_next ? d[k + 1].start : block_end;
		size_t lowest = k ? d[k - 1].end : 0;

		limit_start = (size_t)-1;
		if (blank_between(f->data, d[k].end, limit)) {
			d[k].start = attached_comments(f, d[k].start,
						       parent->head_end > lowest ? parent->head_end : lowest);
			limit_start = d[k].start;
		}
	}
	for (size_t i = 0; i < n;) {
		size_t j = i, s, e, prev;
		const struct knode *parent = d[i].parent;
		int prev_blank, preceded;

		while (j + 1 < n && blank_between(f->data, d[j].end, d[j + 1].start)) {
			d[j].end = d[j + 1].start;
			j++;
		}
		s = d[i].start, e = d[j].end;
		prev = s ? line_start(f->data, s - 1) : 0;
		prev_blank = s && prev >= floor && is_blank_line(f, prev);
		preceded = s == 0 || prev_blank || s == parent->head_end;
		if (preceded && is_blank_line(f, e))
			d[j].end = line_end(f->data, f->len, e);
		else if (prev_blank && (e >= f->len || (parent->end_start && e == parent->end_start)))
			d[i].start = prev;
		for (size_t k = i; k <= j; k++)
			add_pending(r, f, d[k].start, d[k].end, "", d[k].kind, ABOUT(d[k].symbol),
				    d[k].reason);
		floor = d[j].end;
		i = j + 1;
	}
}

static char *rewritten(const struct knode *n, const struct kexpr *e)
{
	struct strbuf sb = STRBUF_INIT;

	kx_emit_top(n->file->data, e, &sb);
	return sb_detach(&sb, NULL);
}

/* Edit expression e of n (evaluated, touched, not n) to its simplified text. */
static void rewrite_expr(struct remover *r, struct knode *n, const struct kexpr *e,
			 enum ref_kind kind, const char *what)
{
	char *owner = owner_name(n), *old = one_line(n->file->data, e->start, e->end);
	char *text = rewritten(n, e), *flat = one_line(text, 0, strlen(text));
	const char *cause = kx_first_removed(e, &r->removed);

	if (n->kind == KN_IF)
		add_pending(r, n->file, e->start, e->end, text, kind, ABOUT(cause),
			    xasprintf("`if %s` -> `if %s` (%s removed)", old, flat, cause));
	else
		add_pending(r, n->file, e->start, e->end, text, kind, (struct about){ cause, n, NULL },
			    xasprintf("%s: %s `%s` -> `%s` (%s removed)", owner, what, old, flat,
				      cause));
	free(flat);
	free(text);
	free(old);
	free(owner);
}

static void delete_attr(struct remover *r, struct knode *n, const struct kattr *a,
			enum ref_kind kind, const char *why, const char *cause)
{
	char *owner = owner_name(n), *line = one_line(n->file->data, a->kw_start, a->end);

	const char *sel = a->kind == KA_SELECT || a->kind == KA_IMPLY ? a->expr->word : NULL;

	add_pending(r, n->file, a->start, a->end, "", kind, (struct about){ cause, n, sel },
		    xasprintf("%s: `%s` %s (%s removed)", owner, line, why, cause));
	free(line);
	free(owner);
}

/* Remove [from, e->end): a condition that became y, with its "if". */
static void drop_cond(struct remover *r, struct knode *n, const struct kattr *a, size_t from,
		      enum ref_kind kind)
{
	char *owner = owner_name(n), *cond = one_line(n->file->data, a->cond->start, a->cond->end);

	add_pending(r, n->file, from, a->cond->end, "", kind,
		    (struct about){ kx_first_removed(a->cond, &r->removed), n, NULL },
		    xasprintf("%s: `if %s` is always true (%s removed)", owner, cond,
			      kx_first_removed(a->cond, &r->removed)));
	free(cond);
	free(owner);
}

/*
 * A condition after "if" (a->cond, evaluated): y drops it from `from`, n
 * deletes the attribute (returns 1), m or partial rewrites it.
 */
static int fix_cond(struct remover *r, struct knode *n, struct kattr *a, size_t from,
		    enum ref_kind kind)
{
	int v = kx_eval(n->file->data, a->cond, &r->removed);

	if (!a->cond->touched)
		return 0;
	if (v == 0) {
		delete_attr(r, n, a, kind, "never applies",
			    kx_first_removed(a->cond, &r->removed));
		return 1;
	}
	if (v == 2)
		drop_cond(r, n, a, from, kind);
	else
		rewrite_expr(r, n, a->cond, kind, "condition");
	return 0;
}

static int later_default(struct remover *r, struct knode *n, const struct kattr *a)
{
	for (const struct kattr *b = a->next; b; b = b->next)
		if ((b->kind == KA_DEFAULT || b->kind == KA_DEF_TYPE) &&
		    !(b->cond && kx_eval(n->file->data, b->cond, &r->removed) == 0 &&
		      b->cond->touched))
			return 1;
	return 0;
}

static const char *replacement_of(const struct remover *r, const char *old)
{
	for (size_t i = 0; r->repl && i < r->repl->n; i++)
		if (!strcmp(r->repl->old[i], old))
			return r->repl->new[i];
	return NULL;
}

/* Is sym a live member of choice c? */
static int live_member(const struct knode *c, const char *sym)
{
	for (const struct knode *m = c->child; m; m = m->next) {
		if (m->dead)
			continue;
		if ((m->kind == KN_CONFIG || m->kind == KN_MENUCONFIG) && !strcmp(m->name, sym))
			return 1;
		if (m->kind == KN_IF && live_member(m, sym))
			return 1;
	}
	return 0;
}

static int selects(const struct knode *n, const char *sym)
{
	for (const struct kattr *a = n->attrs; a; a = a->next)
		if (a->kind == KA_SELECT && !strcmp(a->expr->word, sym))
			return 1;
	return 0;
}

/* Is n a bool or tristate (by its own type line, else by its symbol's first definition)? */
static int is_logic(const struct remover *r, const struct knode *n)
{
	enum ktype t = KT_NONE;
	size_t cnt;
	const struct kconfig_def *d;

	for (const struct kattr *a = n->attrs; a && t == KT_NONE; a = a->next)
		if (a->kind == KA_TYPE || a->kind == KA_DEF_TYPE)
			t = a->type;
	if (t != KT_NONE)
		return t == KT_BOOL || t == KT_TRISTATE;
	if (n->kind != KN_CONFIG && n->kind != KN_MENUCONFIG)
		return 1;
	d = kconfig_defs(r->db, n->name, &cnt);
	return !d || !strcmp(d[0].type, "bool") || !strcmp(d[0].type, "tristate") || !d[0].type[0];
}

/* Does n set its type elsewhere than in a? */
static int has_type(const struct knode *n, const struct kattr *a)
{
	for (const struct kattr *b = n->attrs; b; b = b->next)
		if (b != a && (b->kind == KA_TYPE || b->kind == KA_DEF_TYPE))
			return 1;
	return 0;
}

static void fix_default(struct remover *r, struct knode *n, struct kattr *a)
{
	const char *src = n->file->data;
	enum ref_kind kind = KIND_KCONFIG_DEFAULT;
	int v;

	if (a->cond && kx_eval(src, a->cond, &r->removed) == 0 && a->cond->touched) {
		char *owner = owner_name(n), *line = one_line(src, a->kw_start, a->end);

		if (a->kind == KA_DEF_TYPE && !has_type(n, a))
			add_pending(r, n->file, a->kw_start, a->cond->end, ktype_name(a->type), kind,
				    (struct about){ kx_first_removed(a->cond, &r->removed), n, NULL },
				    xasprintf("%s: `%s` never applies (%s removed)", owner, line,
					      kx_first_removed(a->cond, &r->removed)));
		else
			delete_attr(r, n, a, kind, "never applies",
				    kx_first_removed(a->cond, &r->removed));
		free(line);
		free(owner);
		return;
	}
	v = kx_eval(src, a->expr, &r->removed);
	if (a->expr->touched) {
		const char *cause = kx_first_removed(a->expr, &r->removed);

		if (n->kind == KN_CHOICE) {
			const char *nw = replacement_of(r, a->expr->word);
			char *owner = owner_name(n);

			if (nw && live_member(n, nw))
				add_pending(r, n->file, a->expr->start, a->expr->end, nw, kind,
					    (struct about){ NULL, n, NULL },
					    xasprintf("%s: default %s -> %s (%s replaced)", owner,
						      a->expr->word, nw, a->expr->word));
			else
				delete_attr(r, n, a, kind, "names a removed member", cause);
			free(owner);
			if (!nw || !live_member(n, nw))
				return;
		} else if (!is_logic(r, n)) {
			/* A string, int or hex default naming a removed symbol: the value is gone. */
			delete_attr(r, n, a, kind, "names a removed symbol", cause);
			return;
		} else if (v == 0 && later_default(r, n, a)) {
			char *owner = owner_name(n), *old = one_line(src, a->expr->start, a->expr->end);

			add_pending(r, n->file, a->expr->start, a->expr->end, "n", kind,
				    (struct about){ cause, n, NULL },
				    xasprintf("%s: default `%s` -> `n`, a later default follows (%s removed)",
					      owner, old, cause));
			free(old);
			free(owner);
		} else if (v == 0) {
			if (a->kind == KA_DEF_TYPE && !has_type(n, a)) {
				char *owner = owner_name(n), *line = one_line(src, a->kw_start, a->end);

				add_pending(r, n->file, a->kw_start, a->cond ? a->cond->end : a->expr->end,
					    ktype_name(a->type), kind, (struct about){ cause, n, NULL },
					    xasprintf("%s: `%s` -> `%s`, its value is n (%s removed)", owner,
						      line, ktype_name(a->type), cause));
				free(line);
				free(owner);
			} else {
				delete_attr(r, n, a, kind, "is n", cause);
			}
			return;
		} else {
			rewrite_expr(r, n, a->expr, kind, a->kind == KA_DEF_TYPE ? ktype_name(a->type) :
				     "default");
		}
	}
	if (a->cond)
		fix_cond(r, n, a, a->expr->end, kind);
}

/*
 * A menuconfig whose every prompt went would make kconfig warn "menuconfig
 * statement without prompt": it becomes a config.
 */
static void fix_menuconfig(struct remover *r, struct knode *n)
{
	size_t prompts = 0, hidden = 0, kw = n->start;
	const char *cause = NULL;

	for (struct kattr *a = n->attrs; a; a = a->next) {
		if (!a->prompt || (a->kind != KA_TYPE && a->kind != KA_PROMPT))
			continue;
		prompts++;
		if (a->cond && kx_eval(n->file->data, a->cond, &r->removed) == 0 && a->cond->touched) {
			hidden++;
			cause = kx_first_removed(a->cond, &r->removed);
		}
	}
	if (!prompts || hidden < prompts)
		return;
	while (n->file->data[kw] == ' ' || n->file->data[kw] == '\t')
		kw++;
	add_pending(r, n->file, kw, kw + strlen("menuconfig"), "config", KIND_KCONFIG_ENTRY,
		    (struct about){ cause, n, NULL },
		    xasprintf("%s: menuconfig -> config, its prompt is never shown (%s removed)",
			      n->name, cause));
}

static void fix_attrs(struct remover *r, struct knode *n)
{
	const char *src = n->file->data;

	if (n->kind == KN_MENUCONFIG)
		fix_menuconfig(r, n);
	for (struct kattr *a = n->attrs; a; a = a->next) {
		int v;

		switch (a->kind) {
		case KA_DEPENDS:
			v = kx_eval(src, a->expr, &r->removed);
			if (!a->expr->touched)
				break;
			if (v == 2)
				delete_attr(r, n, a, KIND_KCONFIG_DEPENDS, "is always true",
					    kx_first_removed(a->expr, &r->removed));
			else
				rewrite_expr(r, n, a->expr, KIND_KCONFIG_DEPENDS, "depends on");
			break;
		case KA_VISIBLE:
			if (!a->cond)
				break;
			v = kx_eval(src, a->cond, &r->removed);
			if (!a->cond->touched)
				break;
			if (v == 2) {
				delete_attr(r, n, a, KIND_KCONFIG_DEPENDS, "is always true",
					    kx_first_removed(a->cond, &r->removed));
			} else {
				rewrite_expr(r, n, a->cond, KIND_KCONFIG_DEPENDS, "visible if");
				if (v == 0)
					add_note(r, n->file, a->start, KIND_KCONFIG_DEPENDS,
						 xstrdup("the menu is now never visible"), NULL);
			}
			break;
		case KA_TYPE:
		case KA_PROMPT:
			if (!a->cond)
				break;
			v = kx_eval(src, a->cond, &r->removed);
			if (!a->cond->touched)
				break;
			if (v == 0 && a->kind == KA_TYPE) {
				char *owner = owner_name(n), *line = one_line(src, a->kw_start, a->end);

				add_pending(r, n->file, a->kw_end, a->cond->end, "", KIND_KCONFIG_DEPENDS,
					    (struct about){ kx_first_removed(a->cond, &r->removed), n, NULL },
					    xasprintf("%s: `%s`: the prompt is never shown (%s removed)",
						      owner, line, kx_first_removed(a->cond, &r->removed)));
				free(line);
				free(owner);
			} else {
				fix_cond(r, n, a, a->prompt_end, KIND_KCONFIG_DEPENDS);
			}
			break;
		case KA_SELECT:
		case KA_IMPLY: {
			enum ref_kind kind = a->kind == KA_SELECT ? KIND_KCONFIG_SELECT : KIND_KCONFIG_IMPLY;
			const char *target = a->expr->word;
			const char *nw = a->kind == KA_SELECT ? replacement_of(r, target) : NULL;

			if (strset_has(&r->removed, target)) {
				if (!nw || selects(n, nw)) {
					delete_attr(r, n, a, kind, "names a removed symbol", target);
					break;
				}
				char *owner = owner_name(n);

				add_pending(r, n->file, a->expr->start, a->expr->end, nw, kind,
					    (struct about){ NULL, n, target },
					    xasprintf("%s: select %s -> select %s (%s replaced)", owner,
						      target, nw, target));
				free(owner);
			}
			if (a->cond)
				fix_cond(r, n, a, a->expr->end, kind);
			break;
		}
		case KA_DEFAULT:
		case KA_DEF_TYPE:
			fix_default(r, n, a);
			break;
		case KA_RANGE: {
			const char *gone = kx_first_removed(a->expr, &r->removed);

			if (!gone)
				gone = kx_first_removed(a->expr2, &r->removed);
			if (gone)
				delete_attr(r, n, a, KIND_KCONFIG_DEFAULT, "names a removed symbol", gone);
			else if (a->cond)
				fix_cond(r, n, a, a->expr2->end, KIND_KCONFIG_DEFAULT);
			break;
		}
		default:
			break;
		}
	}
}

/* An `if` block that stays: its condition rewritten, or its if/endif lines gone. */
static void fix_if(struct remover *r, struct knode *n)
{
	int v = kx_eval(n->file->data, n->cond, &r->removed);

	if (!n->cond->touched)
		return;
	if (v == 2) {
		char *cond = one_line(n->file->data, n->cond->start, n->cond->end);
		const char *cause = kx_first_removed(n->cond, &r->removed);

		add_pending(r, n->file, n->start, n->head_end, "", KIND_KCONFIG_IF, ABOUT(cause),
			    xasprintf("`if %s` is always true (%s removed): keep its contents", cond,
				      cause));
		add_pending(r, n->file, n->end_start, n->end, "", KIND_KCONFIG_IF, ABOUT(cause),
			    xasprintf("the endif of `if %s` (%s removed)", cond, cause));
		free(cond);
	} else {
		rewrite_expr(r, n, n->cond, KIND_KCONFIG_IF, "if");
	}
}

static void plan_node(struct remover *r, struct knode *n, struct kdeletion **d, size_t *nd,
		      size_t *cap)
{
	for (struct knode *c = n->child; c; c = c->next) {
		if (c->dead) {
			GROW(*d, *cap, *nd + 1);
			(*d)[(*nd)++] = (struct kdeletion){ c->start, c->end, node_edit_kind(c),
							   deletion_reason(r, c), n,
							   deletion_symbol(c) };
			continue;
		}
		fix_attrs(r, c);
		if (c->kind == KN_IF)
			fix_if(r, c);
		plan_node(r, c, d, nd, cap);
	}
}

/* Edits in file order (files in db order: the tree's), then by position. */
static int cmp_pending(const void *x, const void *y)
{
	const struct pending *a = x, *b = y;
	int c = strcmp(a->file->path, b->file->path);

	if (c)
		return c;
	return a->start < b->start ? -1 : a->start > b->start;
}

static void free_remover(struct remover *r)
{
	for (size_t i = 0; i < r->nedits; i++) {
		free(r->edits[i].repl);
		free(r->edits[i].symbol);
		free(r->edits[i].reason);
	}
	free(r->edits);
	free(r->sel_first);
	free(r->sel);
	free(r->live_before);
	strset_clear(&r->removed);
	strset_clear(&r->removed_ct);
	strset_clear(&r->kept);
	strset_clear(&r->beside);
	strset_clear(&r->none);
	strset_clear(&r->ct_only);
	sb_release(&r->tmp);
	strmap_clear(&r->record_names);
	free(r->record_at);
	strset_clear(&r->requested);
}

/* Check what can be checked before anything is planned. */
static int check_inputs(struct remover *r, const struct strset *symbols, struct strbuf *err)
{
	if (r->db->nerrors) {
		sb_addf(err, "%zu Kconfig file(s) did not parse; nothing removed\n", r->db->nerrors);
		return -1;
	}
	for (size_t i = 0; r->repl && i < r->repl->n; i++) {
		if (!strset_has(symbols, r->repl->old[i])) {
			sb_addf(err, "--replace %s=%s: %s is not being removed\n", r->repl->old[i],
				r->repl->new[i], r->repl->old[i]);
			return -1;
		}
		if (!kconfig_is_defined(r->db, r->repl->new[i])) {
			sb_addf(err, "--replace %s=%s: %s is not defined in any Kconfig file\n",
				r->repl->old[i], r->repl->new[i], r->repl->new[i]);
			return -1;
		}
		if (strset_has(symbols, r->repl->new[i])) {
			sb_addf(err, "--replace %s=%s: %s is being removed too\n", r->repl->old[i],
				r->repl->new[i], r->repl->new[i]);
			return -1;
		}
	}
	return 0;
}

/*
 * A note at each shared helper the removal left unselected (shared_helper()),
 * first definition, in name order: review whether anything will select it.
 */
static void note_kept_helpers(struct remover *r)
{
	struct strvec names = STRVEC_INIT;

	strset_to_sorted(&r->kept, &names);
	for (size_t k = 0; k < names.n; k++) {
		long i = kconfig_symbol_index(r->db, names.v[k]);
		const char *how = NULL, *cause = NULL;
		struct knode *n;
		char *why;

		if (i < 0 || strset_has(&r->removed, names.v[k]))
			continue;
		n = r->db->defs[r->db->syms[i].first].node;
		settable(r, (size_t)i, &r->removed, 1, &how, &cause);
		why = explain(r, how, cause);
		add_note(r, n->file, n->start, KIND_KCONFIG_ENTRY,
			 xasprintf("%s is no longer selected by anything (it %s): shared infrastructure",
				   names.v[k], why),
			 "kept; remove it by hand if nothing will select it");
		free(why);
	}
	sv_clear(&names);
}

/* Does some definition of symbol i have a prompt (for any condition)? */
static int has_prompt(const struct kconfig_db *db, size_t i)
{
	const struct kconfig_symbol *s = &db->syms[i];

	for (size_t k = 0; k < s->n; k++)
		for (const struct kattr *a = db->defs[s->first + k].node->attrs; a; a = a->next)
			if ((a->kind == KA_TYPE || a->kind == KA_PROMPT) && a->prompt)
				return 1;
	return 0;
}

/*
 * res->helpers: the prompt-less helpers that stay because a kept option
 * still selects them, though a removed one did too (S3C_DEV_WDT, selected
 * by the removed S3C64XX boards and by the kept crag6410).
 */
static void collect_helpers(struct remover *r)
{
	const struct kconfig_db *db = r->db;

	for (size_t i = 0; i < db->nsyms; i++) {
		const char *gone = NULL, *kept = NULL;
		struct kconfig_helper *h;

		if (strset_has(&r->removed, db->syms[i].name) || !is_bool_like(&db->syms[i], db) ||
		    has_prompt(db, i) || shared_helper(r, i))
			continue;
		for (size_t k = r->sel_first[i]; k < r->sel_first[i + 1]; k++) {
			const struct knode *n = r->sel[k].node;

			if (strset_has(&r->removed, n->name) || n->dead)
				gone = gone ? gone : n->name;
			else
				kept = kept ? kept : n->name;
		}
		if (!gone || !kept)
			continue;
		GROW(r->res->helpers, r->res->helpers_cap, r->res->nhelpers + 1);
		h = &r->res->helpers[r->res->nhelpers++];
		*h = (struct kconfig_helper){ xstrdup(db->syms[i].name), xstrdup(kept), xstrdup(gone) };
	}
}

/*
 * The pending edits and notes join the plan, in file order, each with its
 * cause, and the result's changes.  Returns 0, or -1 (nothing added) if
 * the database was not read through this plan.
 */
static int add_to_plan(struct remover *r, struct strbuf *err)
{
	struct plan *plan = r->plan;
	struct kconfig_result *res = r->res;

	if (r->nedits)
		qsort(r->edits, r->nedits, sizeof(*r->edits), cmp_pending);
	/* Every edit must be against the plan's snapshot the db was parsed from. */
	for (size_t i = 0; i < r->nedits; i++) {
		const struct plan_file *pf = plan_file(plan, r->edits[i].file->path);

		if (!pf || pf->data != r->edits[i].file->data) {
			sb_addf(err, "%s: the Kconfig database was not loaded with this plan\n",
				r->edits[i].file->path);
			return -1;
		}
	}
	struct line_index lines = { NULL, 0 };
	const struct kfile *lines_of = NULL;   /* the file lines indexes */

	for (size_t i = 0; i < r->nedits; i++) {
		struct pending *p = &r->edits[i];
		struct cause cause = CAUSE(RULE_KCONFIG, p->symbol);
		struct kconfig_change *c;

		/* The edits come by file: each file's lines are indexed once. */
		if (p->file != lines_of) {
			line_index_release(&lines);
			line_index_init(&lines, p->file->data, p->file->len);
			lines_of = p->file;
		}
		cause.option = p->option;
		cause.selects = p->selects;
		if (!p->repl) {
			plan_note(plan, p->file->path, line_index_line(&lines, p->start), p->kind,
				  ACTION_REVIEW, &cause, p->reason, p->text);
			continue;
		}
		add_taken(&cause, &p->file->root, p->start, p->end);
		plan_edit(plan, p->file->path, p->start, p->end, p->repl, p->kind, &cause, p->reason);
		sv_clear(&cause.defines), sv_clear(&cause.paths);
		GROW(res->changes, res->changes_cap, res->nchanges + 1);
		c = &res->changes[res->nchanges++];
		c->path = xstrdup(p->file->path);
		c->line = line_index_line(&lines, p->start);
		c->kind = p->kind;
		c->reason = xstrdup(p->reason);
	}
	line_index_release(&lines);
	return 0;
}

/* An expression's evaluator scratch as the parser left it. */
static void reset_expr(struct kexpr *e)
{
	for (; e; e = e->r) {
		e->val = -1;
		e->touched = 0;
		reset_expr(e->l);
	}
}

/*
 * The removal's scratch of every node and file as the parser left it: a
 * database is loaded once and removals are planned on it again and again
 * (one per round of remove.c's closure over dependents).
 */
static void reset_node(struct knode *n)
{
	n->dead = n->visited = n->inherited = 0;
	n->how = n->cause = NULL;
	reset_expr(n->cond);
	for (struct kattr *a = n->attrs; a; a = a->next) {
		reset_expr(a->expr);
		reset_expr(a->expr2);
		reset_expr(a->cond);
	}
	for (struct knode *c = n->child; c; c = c->next)
		reset_node(c);
}

int kconfig_remove(struct kconfig_db *db, struct plan *plan, const struct strset *symbols,
		   const struct kconfig_replace *repl, struct kconfig_result *res,
		   struct strbuf *err)
{
	struct remover r = { 0 };
	struct strvec names = STRVEC_INIT;
	int status = 0;

	r.db = db;
	r.plan = plan;
	r.repl = repl;
	r.res = res;
	for (size_t i = 0; i < res->nremoved; i++)
		index_record(&r, i);
	if (check_inputs(&r, symbols, err) < 0) {
		free_remover(&r);
		return -1;
	}
	for (size_t f = 0; f < db->nfiles; f++) {
		struct kfile *kf = db->files[f];

		reset_node(&kf->root);
		kf->dead = -1;
		kf->how = kf->cause = NULL;
		kf->deleted = plan_is_deleted(plan, kf->path);
	}
	build_selectors(&r);
	strset_add(&r.ct_only, "COMPILE_TEST");
	strset_add(&r.removed_ct, "COMPILE_TEST");
	r.live_before = xcalloc(db->nsyms + 1, 1);
	for (size_t i = 0; i < db->nsyms; i++) {
		const char *how = NULL, *cause = NULL;

		r.live_before[i] = (unsigned char)(settable(&r, i, &r.none, 0, &how, &cause) ? LIVE_ANY : 0);
		if (r.live_before[i] && settable(&r, i, &r.ct_only, 0, &how, &cause))
			r.live_before[i] |= LIVE_REAL;
	}
	strset_to_sorted(symbols, &names);
	for (size_t i = 0; i < names.n; i++)
		add_record(&r, names.v[i], 1, 0, xstrdup("requested"));
	sv_clear(&names);
	while (removal_round(&r))
		;
	for (size_t f = 0; f < db->nfiles; f++)
		mark_empty(&db->files[f]->root);
	note_kept_helpers(&r);
	collect_helpers(&r);
	for (size_t i = 0; repl && i < repl->n; i++) {
		if (strset_has(&r.removed, repl->new[i])) {
			const struct kconfig_removed *rec = find_record(&r, repl->new[i]);

			sb_addf(err, "--replace %s=%s: %s is removed too (%s)\n", repl->old[i],
				repl->new[i], repl->new[i], rec ? rec->reason : "requested");
			status = -1;
		}
	}
	for (size_t f = 0; f < db->nfiles && !status; f++) {
		struct kfile *file = db->files[f];
		struct kdeletion *d = NULL;
		size_t nd = 0, cap = 0;

		if (file->deleted)
			continue;
		if (file->dead == 1) {
			char *why = explain(&r, file->how, file->cause);

			sv_push(&res->orphans, file->path);
			add_note(&r, file, 0, KIND_KCONFIG_SOURCE, why,
				 "no longer sourced from any Kconfig file");
			continue;
		}
		plan_node(&r, &file->root, &d, &nd, &cap);
		flush_deletions(&r, file, d, nd);
		free(d);
	}
	if (!status)
		status = add_to_plan(&r, err);
	free_remover(&r);
	return status;
}

void kconfig_result_release(struct kconfig_result *res)
{
	for (size_t i = 0; i < res->nremoved; i++) {
		free(res->removed[i].name);
		free(res->removed[i].path);
		free(res->removed[i].reason);
	}
	for (size_t i = 0; i < res->nchanges; i++) {
		free(res->changes[i].path);
		free(res->changes[i].reason);
	}
	for (size_t i = 0; i < res->nhelpers; i++) {
		free(res->helpers[i].name);
		free(res->helpers[i].kept_selector);
		free(res->helpers[i].removed_selector);
	}
	free(res->removed);
	free(res->changes);
	free(res->helpers);
	sv_clear(&res->orphans);
	memset(res, 0, sizeof(*res));
}
