/*
 * remove.c - plan a subsystem's removal into one plan.
 *
 * Order matters: the subsystem's own files are deleted first (a Kconfig
 * `source` of a deleted file goes with it); Kconfig then removes the
 * symbols and everything that depended on them, and the dependents join
 * the footprint (their objects, defconfig lines and #ifdefs go too); the
 * footprint is located once more, and every reference is handed to the
 * module that knows its kind of file.
 */
#include "remove.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dangling.h"
#include "helpers.h"
#include "kind.h"
#include "maintainers.h"
#include "report.h"
#include "rules.h"

const char *cocci_dir(void)
{
	return resource_dir("cocci");
}

static int tree_path_is_dir(const struct tree *t, const char *rel, int *exists)
{
	char *full = path_join(t->root, rel);
	struct stat st;
	int ok = lstat(full, &st) == 0;

	free(full);
	*exists = ok;
	return ok && S_ISDIR(st.st_mode);
}

/* The tenant files (fp->tenant_files) under directory dir ("a/b", no slash). */
static int holds_tenant(const struct footprint *fp, const char *dir)
{
	size_t n = strlen(dir);

	for (size_t i = 0; i < fp->tenant_files.n; i++)
		if (!strncmp(fp->tenant_files.v[i], dir, n) && fp->tenant_files.v[i][n] == '/')
			return 1;
	return 0;
}

/* Delete one of the subsystem's own paths; its cause names the symbol that builds it, if one does. */
static void delete_own(struct plan *plan, const struct footprint *fp, const char *path, int is_dir)
{
	plan_delete(plan, path, is_dir, KIND_OWN_PATH,
		    &CAUSE(RULE_OWN, footprint_built_by(fp, path, is_dir)),
		    is_dir ? "the subsystem's own directory" : "the subsystem's own file");
}

/*
 * The subsystem's own files and directories go whole; a directory that holds
 * a Kconfig file another option still needs (a tenant, derive.c) goes file
 * by file, that Kconfig file aside.
 */
static void plan_deletions(struct plan *plan, const struct footprint *fp, const struct tree *t)
{
	for (size_t i = 0; i < fp->paths.n; i++) {
		const char *p = fp->paths.v[i];
		size_t n = strlen(p);
		char *rel = xstrndup(p, n && p[n - 1] == '/' ? n - 1 : n);
		int exists, dir = tree_path_is_dir(t, rel, &exists);

		if (exists && dir && holds_tenant(fp, rel)) {
			size_t rn = strlen(rel);

			for (size_t k = 0; k < t->files.n; k++) {
				const char *f = t->files.v[k];

				if (!strncmp(f, rel, rn) && f[rn] == '/' && !sv_contains(&fp->tenant_files, f))
					delete_own(plan, fp, f, 0);
			}
		} else if (exists) {
			delete_own(plan, fp, rel, dir);
		}
		free(rel);
	}
}

static void symbols_of(const struct footprint *fp, struct strset *set)
{
	for (size_t i = 0; i < fp->symbols.n; i++)
		strset_add(set, fp->symbols.v[i]);
}

/* The --replace pairs of the footprint, as kconfig_remove takes them. */
static void replace_pairs(const struct footprint *fp, struct kconfig_replace *repl,
			  struct strvec *olds, struct strvec *news)
{
	for (size_t i = 0; i < fp->replace.n; i++) {
		const char *eq = strchr(fp->replace.v[i], '=');

		sv_push_owned(olds, xstrndup(fp->replace.v[i], (size_t)(eq - fp->replace.v[i])));
		sv_push(news, eq + 1);
	}
	repl->old = (const char **)olds->v;
	repl->new = (const char **)news->v;
	repl->n = olds->n;
}

/* A new plan of the tree, with the snapshots the Kconfig model was parsed from. */
static void plan_start(struct removal *r, struct plan *plan)
{
	plan_init(plan, r->tree.root);
	plan_borrow(plan, &r->readonly);
}

/*
 * Find the symbols that must go with the footprint's: Kconfig dependents,
 * repeatedly, since a dependent's objects may hold more.  The round that
 * adds none has planned the whole Kconfig removal: its plan becomes r->plan
 * and its result r->kconfig.  Every round but the last adds a symbol, so
 * the rounds end.  Returns 0 or -1.
 */
static int close_over_dependents(struct removal *r, const struct progress *progress,
				 struct strbuf *err)
{
	for (size_t round = 0;; round++) {
		struct plan scratch;
		struct kconfig_result res = { 0 };
		struct strset syms = STRSET_INIT;
		struct strvec olds = STRVEC_INIT, news = STRVEC_INIT;
		struct kconfig_replace repl;
		int added = 0, rc;

		plan_start(r, &scratch);
		plan_deletions(&scratch, &r->fp, &r->tree);
		symbols_of(&r->fp, &syms);
		replace_pairs(&r->fp, &repl, &olds, &news);
		r->stats->kconfig_rounds++;
		rc = kconfig_remove(&r->db, &scratch, &syms, &repl, &res, err);
		for (size_t i = 0; rc == 0 && i < res.nremoved; i++) {
			const struct kconfig_removed *k = &res.removed[i];

			if (footprint_has_symbol(&r->fp, k->name))
				continue;
			sv_push(&r->fp.symbols, k->name);
			sv_push(&r->dependent_names, k->name);
			if (k->user)
				strset_add(&r->users, k->name);
			sv_push_owned(&r->dependents,
				      k->path ? xasprintf("%s: %s (%s:%zu)", k->name, k->reason, k->path, k->line)
					      : xasprintf("%s: %s", k->name, k->reason));
			added++;
		}
		strset_clear(&syms);
		sv_clear(&olds);
		sv_clear(&news);
		if (rc == 0) {
			struct progress_event ev = { PROGRESS_DEPENDENTS, round + 1, r->fp.symbols.n,
						     NULL, NULL };

			progress_report(progress, &ev);
		}
		if (rc == 0 && !added) {
			r->plan = scratch;
			r->kconfig = res;
			return 0;
		}
		kconfig_result_release(&res);
		plan_release(&scratch);
		if (rc < 0)
			return -1;
		footprint_derive(&r->fp, &r->tree, &r->db, r->makefiles);
	}
}

/* The offset of the one line of data that is `source "path"` (blanks before), in *off; how many. */
static size_t source_sites(const char *data, size_t len, const char *path, size_t *off)
{
	char *needle = xasprintf("source \"%s\"", path);
	size_t nn = strlen(needle), count = 0;

	for (const char *p = data; (p = memmem(p, len - (size_t)(p - data), needle, nn)); p += nn) {
		const char *q = p;

		while (q > data && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q > data && q[-1] != '\n')
			continue;
		*off = (size_t)(p - data);
		count++;
	}
	free(needle);
	return count;
}

/* Is any byte of [start, end) of path already edited by the plan? */
static int plan_touches(const struct plan *plan, const char *path, size_t start, size_t end)
{
	for (size_t i = 0; i < plan->nedits; i++)
		if (!strcmp(plan->edits[i].path, path) && plan->edits[i].start < end &&
		    plan->edits[i].end > start)
			return 1;
	return 0;
}

/* Forget the tenant pairs (fp->tenant_files, tenant_syms) of file k, or of option sym. */
static void drop_tenants(struct footprint *fp, const char *k, const char *sym)
{
	size_t o = 0;

	for (size_t i = 0; i < fp->tenant_files.n; i++) {
		if ((k && !strcmp(fp->tenant_files.v[i], k)) || (sym && !strcmp(fp->tenant_syms.v[i], sym))) {
			free(fp->tenant_files.v[i]);
			free(fp->tenant_syms.v[i]);
			continue;
		}
		fp->tenant_files.v[o] = fp->tenant_files.v[i];
		fp->tenant_syms.v[o++] = fp->tenant_syms.v[i];
	}
	fp->tenant_files.n = fp->tenant_syms.n = o;
}

/*
 * What is left of a tenant's Kconfig file kf after the plan's edits, its
 * header (license and title comments, blank lines) and trailing blanks
 * aside, with one final newline; "" when nothing is left.
 */
static char *kept_entries(const struct plan *plan, const struct plan_file *kf)
{
	struct strbuf text = STRBUF_INIT;
	const char *b;
	char *out;

	plan_result(plan, kf, &text);
	b = text.buf ? text.buf : "";
	while (*b) {
		size_t ind = strspn(b, " \t");
		const char *nl = strchr(b, '\n');

		if (b[ind] != '#' && b[ind] != '\n' && b[ind])
			break;
		b = nl ? nl + 1 : b + strlen(b);
	}
	while (text.len && text.buf + text.len > b && strchr(" \t\n", text.buf[text.len - 1]))
		text.len--;
	out = text.buf + text.len > b ? xasprintf("%.*s\n", (int)(text.buf + text.len - b), b) : xstrdup("");
	sb_release(&text);
	return out;
}

/*
 * A tenant's Kconfig file (derive.c: is_tenant()) that one kept Kconfig
 * file sources moves there: what is left of it after the removal (its
 * header comments aside) replaces the `source` line, and it goes with its
 * directory.  `source` is textual inclusion, so every entry keeps its menu
 * and its dependencies.  Upstream did this by hand twice: ATALK left
 * drivers/net/appletalk/Kconfig with the AppleTalk drivers, IPWIRELESS left
 * drivers/char/pcmcia/Kconfig with the PCMCIA char drivers.  A file sourced
 * from several places, or none, stays where it is (with its review note).
 */
static void inline_tenants(struct removal *r)
{
	/* an option the removal took as a dependent after all (MSPEC, `depends on IA64`) is no tenant */
	for (size_t i = 0; i < r->fp.symbols.n; i++)
		drop_tenants(&r->fp, NULL, r->fp.symbols.v[i]);
	for (size_t i = 0; i < r->fp.tenant_files.n;) {
		const char *k = r->fp.tenant_files.v[i], *sym = r->fp.tenant_syms.v[i];
		const char *site = NULL;
		size_t nsites = 0, off = 0, ls, le;
		const struct plan_file *kf = plan_file(&r->plan, k), *sf;
		struct cause cause = CAUSE(RULE_KCONFIG, NULL);
		char *why, *moved;

		cause.option = sym;

		for (size_t j = 0; j < r->tree.files.n && kf; j++) {
			const char *p = r->tree.files.v[j];
			const struct plan_file *f;
			size_t at = 0, n;

			if (!is_kconfig_file(p) || !strcmp(p, k) || plan_is_deleted(&r->plan, p) ||
			    !(f = plan_file(&r->plan, p)))
				continue;
			n = source_sites(f->data, f->len, k, &at);
			if (n) {
				nsites += n;
				site = p;
				off = at;
			}
		}
		sf = nsites == 1 ? plan_file(&r->plan, site) : NULL;
		ls = sf ? line_start(sf->data, off) : 0;
		le = sf ? line_end(sf->data, sf->len, off) : 0;
		if (!sf || plan_touches(&r->plan, site, ls, le)) {
			int first = 1;

			for (size_t m = 0; m < i; m++)
				first &= strcmp(r->fp.tenant_files.v[m], k) != 0;
			i++;
			if (!first)
				continue;
			why = xasprintf("kept: it defines %s, whose code is outside its directory, and "
					"it is sourced from %s", sym,
					nsites == 1 ? "a line the removal changes" :
					nsites ? "several places" : "nowhere");
			plan_note(&r->plan, k, 1, KIND_KCONFIG_ENTRY, ACTION_REVIEW, &cause, why,
				  "the entry could move next to its code");
			free(why);
			continue;
		}
		moved = kept_entries(&r->plan, kf);
		why = xasprintf("%s's entries move here, where %s was sourced: their code is "
				"outside its directory", sym, k);
		sv_push(&cause.paths, k);   /* the `source` line that goes names it */
		plan_edit(&r->plan, site, ls, le, moved, KIND_KCONFIG_SOURCE, &cause, why);
		sv_clear(&cause.paths);
		free(moved);
		free(why);
		plan_delete(&r->plan, k, 0, KIND_KCONFIG_SOURCE, &cause,
			    "its kept entries moved to the file that sourced it");
		{
			char *kk = xstrdup(k);

			drop_tenants(&r->fp, kk, NULL);
			free(kk);
		}
	}
}

/*
 * A target that no Kconfig file defines any more: its leftovers go, and so
 * do the undefined symbols that went with it (footprint_companions), as
 * dependents.
 */
static void add_companions(struct removal *r)
{
	size_t n = r->fp.symbols.n, added = 0;

	for (size_t i = 0; i < n; i++) {
		struct strvec names = STRVEC_INIT, why = STRVEC_INIT;

		if (kconfig_is_defined(&r->db, r->fp.symbols.v[i]))
			continue;
		footprint_companions(&r->tree, &r->db, r->fp.symbols.v[i], &names, &why);
		for (size_t k = 0; k < names.n; k++)
			if (!footprint_has_symbol(&r->fp, names.v[k])) {
				sv_push(&r->fp.symbols, names.v[k]);
				sv_push(&r->dependent_names, names.v[k]);
				sv_push_owned(&r->dependents, xasprintf("%s: %s", names.v[k], why.v[k]));
				added++;
			}
		sv_clear(&names);
		sv_clear(&why);
	}
	if (r->fp.name && footprint_has_symbol(&r->fp, r->fp.name) &&
	    !kconfig_is_defined(&r->db, r->fp.name) && !strcmp(r->fp.title, r->fp.name)) {
		free(r->fp.title);
		r->fp.title = xasprintf("the leftovers of %s, which no Kconfig file defines", r->fp.name);
	}
	if (added)
		footprint_derive(&r->fp, &r->tree, &r->db, r->makefiles);
}

/*
 * Hand every reference to the rule family that plans it (rules.h): what
 * they could not do joins r->problems, what they say of the tree r->notes
 * (the MAINTAINERS sections removed are read off the checked plan).
 */
static int plan_references(struct removal *r, const struct remove_options *opt, struct strbuf *err)
{
	struct rule_options ro = { opt->jobs, opt->no_cocci, opt->cocci_dir ? opt->cocci_dir : cocci_dir(),
				   opt->tmp_dir, opt->progress };
	struct planning p;
	int rc;

	planning_init(&p, &r->plan, &r->fp, &r->tree, &r->db, &ro);
	rc = rules_plan(&p, r->loc.refs, r->loc.n, err);
	for (size_t i = 0; i < p.notes.n; i++)
		sv_push(&r->notes, p.notes.v[i]);
	for (size_t i = 0; i < p.problems.n; i++)
		sv_push(&r->problems, p.problems.v[i]);
	r->seconds_cocci += p.seconds_cocci;
	planning_release(&p);
	return rc;
}

/* Files of the tree under path (a file, or a directory): the tree's list is sorted. */
static size_t tree_count_under(const struct tree *t, const char *path)
{
	size_t n = strlen(path), count = 0;

	for (size_t i = tree_lower_bound(t, path); i < t->files.n && !strncmp(t->files.v[i], path, n); i++)
		count += t->files.v[i][n] == '\0' || t->files.v[i][n] == '/';
	return count;
}

/*
 * A removal that deletes more than a sane share of the tree (5% of its
 * files, and at least 500 of them) was most likely not meant: it needs
 * allow_large (--force).
 */
static int check_share(const struct removal *r, struct strbuf *err)
{
	size_t deleted = 0, total = r->tree.files.n;

	for (size_t i = 0; i < r->plan.ndels; i++)
		deleted += tree_count_under(&r->tree, r->plan.dels[i].path);
	if (deleted < 500 || deleted * 20 <= total)
		return 0;
	sb_addf(err, "excise: the removal would delete %zu of the %zu files of the tree (%zu%%); "
		     "if that is what you want, run it again with --force\n", deleted, total,
		deleted * 100 / (total ? total : 1));
	return -1;
}

/*
 * Link residue: kept code that uses a definition the plan takes away.
 * replace-call pairs (spec and option) rename such uses; the plan is then
 * checked again.
 */
static int plan_links(struct removal *r, const struct remove_options *opt, struct strbuf *err)
{
	double t0 = seconds_now();
	struct strvec pairs = STRVEC_INIT;
	struct progress_event ev = { PROGRESS_LINKS, 0, r->plan.nfiles, NULL, NULL };
	int rc;

	progress_report(opt->progress, &ev);
	rc = links_plan(&r->plan, &r->tree, opt->jobs, &r->links, err);

	for (size_t i = 0; i < r->fp.replace_call.n; i++)
		sv_push(&pairs, r->fp.replace_call.v[i]);
	for (size_t i = 0; i < opt->replace_call.n; i++)
		sv_push(&pairs, opt->replace_call.v[i]);
	if (rc == 0 && pairs.n) {
		r->calls_replaced = links_apply_replacements(&r->plan, &r->links, &pairs);
		if (r->calls_replaced)
			rc = plan_check(&r->plan, err);
	}
	sv_clear(&pairs);
	r->seconds_links = seconds_now() - t0;
	return rc;
}

/*
 * Read what planning needs from the tree at root, once a run: the files,
 * the Kconfig model (through r->readonly, whose snapshots every plan of the
 * run borrows) and the Makefiles.  Returns 0 or -1.
 */
static int load_context(struct removal *r, const char *root, struct strbuf *err)
{
	double t0 = seconds_now();

	memset(r, 0, sizeof(*r));
	r->stats = xcalloc(1, sizeof(*r->stats));
	if (tree_load(&r->tree, root, err) < 0)
		return -1;
	plan_init(&r->readonly, r->tree.root);
	if (kconfig_db_load(&r->db, &r->tree, &r->readonly, err) < 0)
		return -1;
	r->makefiles = makefiles_load(&r->tree);
	r->stats->seconds_load = seconds_now() - t0;
	return 0;
}

/* t, a trial plan on r's context: nothing planned yet (removal_release(t) leaves r's context). */
static void trial_init(struct removal *t, const struct removal *r)
{
	memset(t, 0, sizeof(*t));
	t->tree = r->tree;
	t->db = r->db;
	t->readonly = r->readonly;
	t->makefiles = r->makefiles;
	t->stats = r->stats;
	t->borrowed = 1;
}

/* The trial t becomes r's plan (r keeps its context; what r had planned goes). */
static void adopt(struct removal *r, struct removal *t)
{
	struct removal old = *r;

	*r = *t;
	r->borrowed = old.borrowed;
	old.borrowed = 1;
	removal_release(&old);
	memset(t, 0, sizeof(*t));
}

/*
 * Plan the removal of targets on the context r has loaded, with the
 * helpers in extra (names, and why in the same order) as dependents from
 * the start.
 */
static int plan_once(struct removal *r, char **targets, int ntargets, const struct strvec *extra,
		     const struct strvec *extra_why, const struct remove_options *opt,
		     struct strbuf *err)
{
	struct locate_options lopt = { opt->jobs, opt->unknown, opt->progress };
	double t0 = seconds_now();
	int rc;

	r->stats->plans++;
	footprint_init(&r->fp);
	for (size_t i = 0; i < opt->replace.n; i++)
		sv_push(&r->fp.replace, opt->replace.v[i]);
	if (target_resolve(&r->fp, &r->tree, &r->db, r->makefiles, targets, ntargets, err) < 0)
		return -1;
	add_companions(r);
	for (size_t i = 0; extra && i < extra->n; i++)
		if (!footprint_has_symbol(&r->fp, extra->v[i])) {
			sv_push(&r->fp.symbols, extra->v[i]);
			sv_push(&r->dependent_names, extra->v[i]);
			sv_push_owned(&r->dependents, xasprintf("%s: %s", extra->v[i], extra_why->v[i]));
		}
	if (extra && extra->n)
		footprint_derive(&r->fp, &r->tree, &r->db, r->makefiles);
	if (close_over_dependents(r, opt->progress, err) < 0)
		return -1;
	inline_tenants(r);
	if (locate_run(&r->fp, &r->tree, &r->db, &lopt, &r->loc, err) < 0)
		return -1;
	r->seconds_locate = seconds_now() - t0;

	/* the headers locate confirmed as the subsystem's own go too */
	plan_deletions(&r->plan, &r->fp, &r->tree);
	rc = plan_references(r, opt, err);
	r->plan.preview = opt->preview;
	if (rc == 0)
		rc = plan_check(&r->plan, err);
	if (rc == 0 && !opt->allow_large)
		rc = check_share(r, err);
	r->seconds_plan = seconds_now() - t0 - r->seconds_locate;
	if (rc == 0 && !opt->no_links)
		rc = plan_links(r, opt, err);
	/* What the report names comes from the checked plan's edits. */
	if (rc == 0)
		maintainers_removed_sections(&r->plan, &r->maintainers);
	return rc;
}

/* Entry i of res's residue followed by its assembly mentions. */
static const struct link_residue *residue_at(const struct links_result *res, size_t i)
{
	return i < res->n ? &res->v[i] : &res->asm_uses[i - res->n];
}

/* "name\tpath\tline": a use of a lost name, the same in two plans of one tree. */
static char *residue_key(const struct link_residue *x)
{
	return xasprintf("%s\t%s\t%zu", x->name, x->path, x->line);
}

/* The keys of every residue and assembly mention of res. */
static void residue_keys(const struct links_result *res, struct strset *keys)
{
	for (size_t i = 0; i < res->n + res->nasm; i++) {
		char *k = residue_key(residue_at(res, i));

		strset_add(keys, k);
		free(k);
	}
}

/*
 * The candidates of close_over_helpers: each helper whose own code
 * helper_code() finds and no public header declares, with why, into cand
 * and why; their code into *code (one per candidate, in order).  Returns
 * how many.
 */
static size_t helper_candidates(struct removal *r, const struct remove_options *opt,
				struct helper_code **code, struct strvec *cand, struct strvec *why)
{
	struct footprint hfp;
	struct locate_result hloc = { 0 };
	struct locate_options lopt = { opt->jobs, LOCATE_UNKNOWN_ALLOW, NULL };
	struct strbuf herr = STRBUF_INIT;
	size_t n = r->kconfig.nhelpers, ncode = 0;

	/* the helpers' own code, read from the tree as it is */
	footprint_init(&hfp);
	*code = xcalloc(n, sizeof(**code));
	/* the symbols alone: a file one helper builds may hold another's #ifdef */
	for (size_t i = 0; i < n; i++)
		sv_push(&hfp.symbols, r->kconfig.helpers[i].name);
	if (locate_run(&hfp, &r->tree, &r->db, &lopt, &hloc, &herr) == 0) {
		struct helper_scope sc = { &r->tree, &hloc, &r->plan };
		size_t *of = xcalloc(n, sizeof(*of));   /* code[j] is helper of[j]'s */
		struct strset pub = STRSET_INIT;
		size_t k = 0;

		for (size_t i = 0; i < n; i++) {
			struct strbuf no = STRBUF_INIT;

			if (helper_code(&sc, r->kconfig.helpers[i].name, &(*code)[ncode], &no) < 0)
				helper_code_release(&(*code)[ncode]);
			else
				of[ncode++] = i;
			sb_release(&no);
		}
		/* a helper whose definitions a public header declares stays */
		helpers_public_names(&r->tree, *code, ncode, &pub);
		for (size_t j = 0; j < ncode; j++) {
			const struct kconfig_helper *h = &r->kconfig.helpers[of[j]];

			if (helper_is_public(&(*code)[j], &pub)) {
				helper_code_release(&(*code)[j]);
				continue;
			}
			(*code)[k++] = (*code)[j];
			sv_push(cand, h->name);
			sv_push_owned(why, xasprintf("its code serves only removed code, though %s "
						     "still selects it (as %s did)",
						     h->kept_selector, h->removed_selector));
		}
		ncode = k;
		strset_clear(&pub);
		free(of);
	}
	sb_release(&herr);
	locate_release(&hloc);
	footprint_release(&hfp);
	return ncode;
}

/*
 * The residue of trial t that base does not have: the candidates whose
 * code defines a name of it are live[c]; returns 1 if some new residue is
 * none of theirs.
 */
static int new_residue(const struct removal *t, const struct strset *base, const struct strvec *cand,
		       const struct helper_code *code, size_t ncode, unsigned char *live)
{
	int unexplained = 0;

	for (size_t i = 0; i < t->links.n + t->links.nasm; i++) {
		const struct link_residue *x = residue_at(&t->links, i);
		char *k = residue_key(x);
		int owner = 0;

		if (!strset_has(base, k)) {
			for (size_t c = 0; c < cand->n; c++)
				for (size_t j = 0; j < ncode; j++)
					if (!strcmp(code[j].name, cand->v[c]) &&
					    helper_defines(&code[j], x->name))
						live[c] = 1, owner = 1;
			unexplained |= !owner;
		}
		free(k);
	}
	return unexplained;
}

/* The dependents of t that are helpers say what each defined. */
static void name_definitions(struct removal *t, const struct helper_code *code, size_t ncode)
{
	for (size_t i = 0; i < t->dependent_names.n; i++)
		for (size_t j = 0; j < ncode; j++)
			if (!strcmp(t->dependent_names.v[i], code[j].name)) {
				char *d = t->dependents.v[i];

				t->dependents.v[i] = xasprintf("%s; it defines %s%s", d, code[j].defs.v[0],
							       code[j].defs.n > 1 ? ", ..." : "");
				free(d);
			}
}

/*
 * A prompt-less helper that a removed option selected and a kept one still
 * selects stays by Kconfig's rules.  But when its own code (helpers.h: the
 * files only it builds, its #ifdef blocks) defines only what removed code
 * used, the kept select compiles dead code: the helper goes, with the
 * select (S3C_DEV_WDT, whose s3c_device_wdt only the removed S3C64XX
 * boards registered, though crag6410 still selected it; upstream removed
 * it with them).  Found by trial: the removal is planned again with every
 * candidate as a dependent; a candidate whose code helper_code() refuses,
 * or whose definitions a new link residue or an assembly mention of the
 * trial still uses, stays, and the trial is repeated without it.  A new
 * residue that no candidate's code explains ends the trials: the plan
 * without any of them stands.  The accepted trial becomes the plan.
 */
static void close_over_helpers(struct removal *r, char **targets, int ntargets,
			       const struct strvec *users, const struct strvec *users_why,
			       const struct remove_options *opt)
{
	struct strvec cand = STRVEC_INIT, why = STRVEC_INIT, all = STRVEC_INIT, all_why = STRVEC_INIT;
	struct strset base = STRSET_INIT;
	struct helper_code *code;
	size_t ncode = helper_candidates(r, opt, &code, &cand, &why);
	int settled = 0;

	residue_keys(&r->links, &base);
	while (cand.n) {
		struct removal t;
		struct strbuf terr = STRBUF_INIT;
		struct strvec keep = STRVEC_INIT, keep_why = STRVEC_INIT;
		struct remove_options o = *opt;
		int unexplained = 0, nlive = 0, tried;
		unsigned char *live = xcalloc(cand.n, 1);

		/*
		 * Trials leave the semantic patches out (spatch on every file that
		 * names a lost definition is most of a trial's time) until the
		 * candidates settle; the last trial, the plan adopted, has them.
		 * A trial without them has residue the patches would remove: only
		 * the candidates' own names count there.
		 */
		o.no_cocci = opt->no_cocci || !settled;
		/* the users --with-users took along stay taken */
		sv_clear(&all), sv_clear(&all_why);
		for (size_t i = 0; i < users->n; i++)
			sv_push(&all, users->v[i]), sv_push(&all_why, users_why->v[i]);
		for (size_t i = 0; i < cand.n; i++)
			sv_push(&all, cand.v[i]), sv_push(&all_why, why.v[i]);
		trial_init(&t, r);
		tried = plan_once(&t, targets, ntargets, &all, &all_why, &o, &terr) == 0;
		sb_release(&terr);
		if (tried)
			unexplained = new_residue(&t, &base, &cand, code, ncode, live) &&
				      o.no_cocci == opt->no_cocci;
		for (size_t c = 0; c < cand.n; c++) {
			nlive += live[c];
			if (!live[c]) {
				sv_push(&keep, cand.v[c]);
				sv_push(&keep_why, why.v[c]);
			}
		}
		free(live);
		if (!tried || unexplained || !keep.n) {
			/* the plan without any of them stands */
			removal_release(&t);
			sv_clear(&keep), sv_clear(&keep_why);
			break;
		}
		if (!nlive && o.no_cocci != opt->no_cocci) {
			/* settled: the next trial is the whole plan */
			removal_release(&t);
			sv_clear(&keep), sv_clear(&keep_why);
			settled = 1;
			continue;
		}
		if (!nlive) {
			/* this trial is the plan */
			name_definitions(&t, code, ncode);
			adopt(r, &t);
			sv_clear(&keep), sv_clear(&keep_why);
			break;
		}
		removal_release(&t);
		sv_clear(&cand), sv_clear(&why);
		cand = keep, why = keep_why;
	}
	for (size_t j = 0; j < ncode; j++)
		helper_code_release(&code[j]);
	free(code);
	sv_clear(&cand), sv_clear(&why);
	sv_clear(&all), sv_clear(&all_why);
	strset_clear(&base);
}

/* The dropped select (or imply) of a removed symbol by the kept option name, or NULL. */
static const struct link_selector *selected_how(const struct removal *r, const char *name)
{
	for (size_t s = 0; s < r->links.nselectors; s++)
		if (!strcmp(r->links.selectors[s].option, name))
			return &r->links.selectors[s];
	return NULL;
}

/*
 * An option a person turns on for its own sake (a prompt), not a piece of
 * shared infrastructure (kernel/, mm/, lib/, init/, net/core/): one that
 * can be taken along with code it uses.
 */
static int user_option(const struct kconfig_db *db, const char *name)
{
	static const char *const shared[] = { "kernel/", "mm/", "lib/", "init/", "net/core/" };
	size_t n;
	const struct kconfig_def *d = kconfig_defs(db, name, &n);
	int prompt = 0;

	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < ARRAY_SIZE(shared); k++)
			if (starts_with(d[i].path, shared[k]))
				return 0;
		prompt |= d[i].prompt != NULL;
	}
	return prompt;
}

/*
 * The kept options that build code with link residue (kbuild_builders():
 * the Kbuild line of its object, composite object or directory) and that
 * either selected a removed symbol or are options a person chose
 * (user_option()): they cannot link without the removed code.  Appends
 * each new one's name to users and the reason to why; returns how many.
 */
static size_t residue_users(struct removal *r, struct strvec *users, struct strvec *why)
{
	struct strvec paths = STRVEC_INIT, *built;
	const struct link_residue **first;
	size_t added = 0;

	first = xcalloc(r->links.n + 1, sizeof(*first));
	for (size_t i = 0; i < r->links.n; i++)
		if (!sv_contains(&paths, r->links.v[i].path))
			first[paths.n] = &r->links.v[i], sv_push(&paths, r->links.v[i].path);
	built = xcalloc(paths.n + 1, sizeof(*built));
	kbuild_builders(&r->tree, r->makefiles, &paths, built);
	for (size_t p = 0; p < paths.n; p++) {
		const struct link_residue *x = first[p];

		for (size_t b = 0; b < built[p].n; b++) {
			const char *name = built[p].v[b];
			const struct link_selector *how = selected_how(r, name);

			if (sv_contains(users, name) || footprint_has_symbol(&r->fp, name) ||
			    (!how && !user_option(&r->db, name)))
				continue;
			sv_push(users, name);
			if (how)
				sv_push_owned(why, xasprintf("a kept user of the removed code (--with-users): it %s %s "
							     "(%s:%zu), and %s:%zu uses %s, whose definition goes (%s:%zu)",
							     how->implied ? "implied" : "selected", how->symbol,
							     how->path, how->line, x->path, x->line, x->name,
							     x->def_path, x->def_line));
			else
				sv_push_owned(why, xasprintf("a kept user of the removed code (--with-users): it "
							     "builds %s, and line %zu uses %s, whose definition goes "
							     "(%s:%zu)", x->path, x->line, x->name, x->def_path,
							     x->def_line));
			added++;
		}
		sv_clear(&built[p]);
	}
	free(built);
	free(first);
	sv_clear(&paths);
	return added;
}

/*
 * --with-users: the kept options residue_users() finds become dependents
 * (their own dependents go with them) and the removal is planned again,
 * until no such option is left (VIDEO_BT848 selected VIDEOBUF_DMA_SG and
 * bttv calls videobuf_iolock(): removing videobuf without converting bttv
 * takes bttv along).  Residue in code that no such option builds stays
 * residue.  users and why collect the options, for close_over_helpers().
 */
static int close_over_users(struct removal *r, char **targets, int ntargets, struct strvec *users,
			    struct strvec *why, const struct remove_options *opt, struct strbuf *err)
{
	/* each round takes a new option along, and there are finitely many */
	while (r->links.n && residue_users(r, users, why)) {
		struct removal t;

		trial_init(&t, r);
		if (plan_once(&t, targets, ntargets, users, why, opt, err) < 0) {
			removal_release(&t);
			return -1;
		}
		adopt(r, &t);
	}
	return 0;
}

int removal_plan(struct removal *r, const char *root, char **targets, int ntargets,
		 const struct remove_options *opt, struct strbuf *err)
{
	struct strvec users = STRVEC_INIT, why = STRVEC_INIT;
	int rc = load_context(r, root, err);

	if (rc == 0)
		rc = plan_once(r, targets, ntargets, NULL, NULL, opt, err);
	if (rc == 0 && !opt->no_links && opt->with_users)
		rc = close_over_users(r, targets, ntargets, &users, &why, opt, err);
	if (rc == 0 && !opt->no_links && r->kconfig.nhelpers)
		close_over_helpers(r, targets, ntargets, &users, &why, opt);
	sv_clear(&users);
	sv_clear(&why);
	return rc;
}

void removal_release(struct removal *r)
{
	plan_release(&r->plan);
	kconfig_result_release(&r->kconfig);
	locate_release(&r->loc);
	footprint_release(&r->fp);
	if (!r->borrowed) {
		kconfig_db_release(&r->db);
		plan_release(&r->readonly);
		tree_release(&r->tree);
		makefiles_free(r->makefiles);
		free(r->stats);
	}
	sv_clear(&r->maintainers);
	sv_clear(&r->notes);
	sv_clear(&r->problems);
	sv_clear(&r->dependents);
	links_release(&r->links);
	sv_clear(&r->dependent_names);
	strset_clear(&r->users);
}

int removal_is_empty(const struct removal *r)
{
	return !r->plan.nedits && !r->plan.ndels;
}

static size_t count_notes(const struct plan *plan, enum ref_action action)
{
	size_t n = 0;

	for (size_t i = 0; i < plan->nnotes; i++)
		n += plan->notes[i].action == action;
	return n;
}

/* Link residue, replaced calls and the kept options that selected removed symbols. */
void removal_links_summary(FILE *out, const struct removal *r)
{
	for (size_t i = 0; i < r->links.n; i++) {
		char *d = links_describe(&r->links.v[i]);

		fprintf(out, "  link residue: %s\n", d);
		free(d);
	}
	if (r->calls_replaced)
		fprintf(out, "  replace-call: %zu use%s renamed\n", r->calls_replaced,
			r->calls_replaced == 1 ? "" : "s");
	for (size_t i = 0; i < r->links.nselectors; i++) {
		char *d = links_selector_describe(&r->links.selectors[i]);

		fprintf(out, "  kept user: %s: its code is where link residue would be (%s)\n",
			d, r->links.n ? "see above" : "none found");
		free(d);
	}
}

/* What the removal does: deletions, edits per kind, dependents, notes. */
void removal_summary(FILE *out, const struct removal *r, int applied)
{
	size_t files = 0, dfiles = 0;

	fprintf(out, "%s %s (%s)\n", applied ? "removed" : "would remove", r->fp.title, r->fp.name);
	for (size_t i = 0; i < r->plan.ndels; i++)
		fprintf(out, "  delete  %s%s\n", r->plan.dels[i].path, r->plan.dels[i].is_dir ? "/" : "");
	for (size_t k = 0; k < KIND_COUNT; k++) {
		size_t n = 0;

		for (size_t i = 0; i < r->plan.nedits && kind_table[k].planned; i++)
			n += r->plan.edits[i].kind == k;
		if (n)
			fprintf(out, "  %-16s %3zu edit%s\n", kind_table[k].name, n, n == 1 ? "" : "s");
	}
	for (size_t i = 0; i < r->dependents.n; i++)
		fprintf(out, "  dependent: %s\n", r->dependents.v[i]);
	for (size_t i = 0; i < r->maintainers.n; i++)
		fprintf(out, "  MAINTAINERS section removed: %s\n", r->maintainers.v[i]);
	for (size_t i = 0; i < r->plan.nnotes; i++) {
		const struct note *n = &r->plan.notes[i];

		fprintf(out, "  %s: %s:%zu (%s): %s\n", action_name(n->action), n->path, n->line, kind_name(n->kind),
			n->reason ? n->reason : "");
	}
	for (size_t i = 0; i < r->problems.n; i++)
		fprintf(out, "  problem: %s\n", r->problems.v[i]);
	for (size_t i = 0; i < r->notes.n; i++)
		fprintf(out, "  note: %s\n", r->notes.v[i]);
	{
		/* what the walk left out: inside a deleted path it goes with it */
		struct strvec deleted = STRVEC_INIT, notes = STRVEC_INIT;

		for (size_t i = 0; i < r->plan.ndels; i++)
			sv_push(&deleted, r->plan.dels[i].path);
		tree_skip_notes(&r->tree, &deleted, &notes);
		for (size_t i = 0; i < notes.n; i++)
			fprintf(out, "  skipped: %s\n", notes.v[i]);
		sv_clear(&deleted);
		sv_clear(&notes);
	}
	removal_links_summary(out, r);
	for (size_t i = 0; i < r->plan.nedits; i++)
		files += !i || strcmp(r->plan.edits[i].path, r->plan.edits[i - 1].path);
	for (size_t i = 0; i < r->plan.ndels; i++)
		dfiles++;
	fprintf(out, "%zu files %s, %zu paths %s, %zu kept, %zu for review\n", files,
		applied ? "changed" : "to change", dfiles, applied ? "deleted" : "to delete",
		count_notes(&r->plan, ACTION_KEPT), count_notes(&r->plan, ACTION_REVIEW));
}

static void json_list(FILE *out, const char *name, const struct strvec *sv)
{
	fprintf(out, ",\n  \"%s\": [", name);
	for (size_t i = 0; i < sv->n; i++) {
		fputs(i ? ", " : "", out);
		json_string(out, sv->v[i]);
	}
	fputc(']', out);
}

void removal_summary_json(FILE *out, const struct removal *r, int applied, const struct strvec *commits,
			  const char *series_dir)
{
	size_t files = 0, first = 1;

	fputs("{\n  \"name\": ", out);
	json_string(out, r->fp.name);
	fputs(",\n  \"title\": ", out);
	json_string(out, r->fp.title);
	fprintf(out, ",\n  \"applied\": %s,\n  \"deleted\": [", applied ? "true" : "false");
	for (size_t i = 0; i < r->plan.ndels; i++) {
		char *p = xasprintf("%s%s", r->plan.dels[i].path, r->plan.dels[i].is_dir ? "/" : "");

		fputs(i ? ", " : "", out);
		json_string(out, p);
		free(p);
	}
	fputs("],\n  \"edits\": {", out);
	for (size_t k = 0; k < KIND_COUNT; k++) {
		size_t n = 0;

		for (size_t i = 0; i < r->plan.nedits && kind_table[k].planned; i++)
			n += r->plan.edits[i].kind == k;
		if (n) {
			fprintf(out, "%s\"%s\": %zu", first ? "" : ", ", kind_table[k].name, n);
			first = 0;
		}
	}
	fputc('}', out);
	json_list(out, "dependents", &r->dependents);
	json_list(out, "maintainers", &r->maintainers);
	fputs(",\n  \"notes\": [", out);
	for (size_t i = 0; i < r->plan.nnotes; i++) {
		const struct note *n = &r->plan.notes[i];

		fprintf(out, "%s\n    {\"action\": \"%s\", \"path\": ", i ? "," : "", action_name(n->action));
		json_string(out, n->path);
		fprintf(out, ", \"line\": %zu, \"kind\": \"%s\", \"reason\": ", n->line, kind_name(n->kind));
		json_string(out, n->reason ? n->reason : "");
		fputc('}', out);
	}
	fputc(']', out);
	json_list(out, "problems", &r->problems);
	fputs(",\n  \"link_residue\": [", out);
	for (size_t i = 0; i < r->links.n; i++) {
		char *d = links_describe(&r->links.v[i]);

		fputs(i ? ", " : "", out);
		json_string(out, d);
		free(d);
	}
	fputc(']', out);
	for (size_t i = 0; i < r->plan.nedits; i++)
		files += !i || strcmp(r->plan.edits[i].path, r->plan.edits[i - 1].path);
	fprintf(out, ",\n  \"files_changed\": %zu,\n  \"paths_deleted\": %zu,\n  \"kept\": %zu,\n  \"review\": %zu",
		files, r->plan.ndels, count_notes(&r->plan, ACTION_KEPT), count_notes(&r->plan, ACTION_REVIEW));
	if (commits)
		json_list(out, "commits", commits);
	if (series_dir) {
		fputs(",\n  \"series\": ", out);
		json_string(out, series_dir);
	}
	fputs("\n}\n", out);
}
