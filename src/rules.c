/*
 * rules.c - the table of rule families (rules.h) and their plan halves:
 * what each does with the references locate classified as its own.
 */
#include "rules.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cocci.h"
#include "cpp.h"
#include "defconfig.h"
#include "docs.h"
#include "kbuild.h"
#include "maintainers.h"
#include "scan.h"
#include "stubs.h"

/* ---- what the families plan with ---- */

/* Delete lines first..last (1-based) of path. */
static void delete_line_range(struct plan *plan, const char *path, size_t first, size_t last,
			      enum ref_kind kind, const struct cause *cause, const char *reason)
{
	const struct plan_file *f = plan_file(plan, path);
	size_t off = 0, line = 1, start = 0;

	if (!f)
		return;
	while (off < f->len && line < first) {
		off = line_end(f->data, f->len, off);
		line++;
	}
	start = off;
	while (off < f->len && line <= last) {
		off = line_end(f->data, f->len, off);
		line++;
	}
	if (off > start)
		plan_edit(plan, path, start, off, "", kind, cause, reason);
}

/* A whole sentence of prose that names a removed option (docs.c decides its bytes). */
static void delete_sentence(struct plan *plan, const struct ref *ref)
{
	const struct plan_file *f = plan_file(plan, ref->path);
	size_t ds, de;

	if (f && doc_sentence(f->data, f->len, ref->off, ref->off + strlen(ref->match), &ds, &de,
			       NULL, NULL))
		plan_edit(plan, ref->path, ds, de, "", ref->kind, &CAUSE(RULE_DOCS, ref->symbol),
			  ref->reason);
	else
		plan_note(plan, ref->path, ref->line, ref->kind, ACTION_REVIEW,
			  &CAUSE(RULE_DOCS, ref->symbol),
			  "mentioned in running text: left for a human to edit", ref->text);
}

/* A removed option as one side of an "or" in prose: the other side stays (docs.c). */
static void delete_alternative(struct plan *plan, const struct ref *ref)
{
	const struct plan_file *f = plan_file(plan, ref->path);
	struct doc_edit ed[3];
	size_t os, oe;
	int n = f ? doc_alternative(f->data, f->len, ref->off, ref->off + strlen(ref->match), &os,
				    &oe, ed) : 0;

	for (int i = 0; i < n; i++)
		plan_edit(plan, ref->path, ed[i].start, ed[i].end, ed[i].text, ref->kind,
			  &CAUSE(RULE_DOCS, ref->symbol), ref->reason);
	if (!n)
		plan_note(plan, ref->path, ref->line, ref->kind, ACTION_REVIEW,
			  &CAUSE(RULE_DOCS, ref->symbol),
			  "mentioned in running text: left for a human to edit", ref->text);
}

static void delete_list_item(struct plan *plan, const struct ref *ref)
{
	const struct plan_file *f = plan_file(plan, ref->path);
	size_t ds, de;

	if (f && doc_list_item(f->data, f->len, ref->off, ref->off + strlen(ref->match), &ds, &de))
		plan_edit(plan, ref->path, ds, de, "", ref->kind, &CAUSE(RULE_DOCS, ref->symbol),
			  ref->reason);
	else
		plan_note(plan, ref->path, ref->line, ref->kind, ACTION_REVIEW,
			  &CAUSE(RULE_DOCS, ref->symbol),
			  "mentioned in running text: left for a human to edit", ref->text);
}

/* The Makefile of the directory that holds path ("mm/slob.c" -> "mm/Makefile"), if any. */
static char *parent_makefile(const struct tree *t, const char *path)
{
	char *p = xstrdup(path);
	size_t n = strlen(p);
	char *slash, *mk;

	if (n && p[n - 1] == '/')
		p[n - 1] = '\0';
	slash = strrchr(p, '/');
	mk = slash ? xasprintf("%.*s/Makefile", (int)(slash - p), p) : xstrdup("Makefile");
	free(p);
	{
		char *full = path_join(t->root, mk);
		struct stat st;

		if (stat(full, &st) < 0) {
			free(mk);
			mk = NULL;
		}
		free(full);
	}
	return mk;
}

/* Join a list of names with commas, each with an optional prefix. */
static char *join_list(const struct strvec *v, const char *prefix)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < v->n; i++)
		sb_addf(&sb, "%s%s%s", i ? "," : "", prefix, v->v[i]);
	return sb_detach(&sb, NULL);
}

/* Run one semantic patch over files; problems become p->problems, not failures. */
static int run_cocci(struct planning *p, const char *patch, const struct strvec *defines,
		     const struct strvec *files, struct strbuf *err)
{
	const struct rule_options *opt = p->opt;
	struct cocci_report rep;
	double t0 = seconds_now();
	int rc;

	if (!files->n)
		return 0;
	{
		struct progress_event ev = { PROGRESS_COCCI, 0, files->n, patch, NULL };

		progress_report(opt->progress, &ev);
	}
	cocci_report_init(&rep);
	rc = cocci_apply(p->plan, opt->cocci_dir, patch, defines, files,
			 opt->jobs > 0 ? opt->jobs : scan_default_threads(), opt->tmp_dir, &rep, err);
	for (size_t i = 0; i < rep.unparsed.n; i++)
		sv_push_owned(&p->problems, xasprintf("%s: spatch could not parse %s", patch,
						      rep.unparsed.v[i]));
	for (size_t i = 0; i < rep.failed.n; i++)
		sv_push_owned(&p->problems, xasprintf("%s: spatch gave up on %s", patch, rep.failed.v[i]));
	cocci_report_release(&rep);
	p->seconds_cocci += seconds_now() - t0;
	return rc;
}

/* run_cocci with one -D value. */
static int run_cocci1(struct planning *p, const char *patch, const char *define,
		      const struct strvec *files, struct strbuf *err)
{
	struct strvec defines = STRVEC_INIT;
	int rc;

	sv_push(&defines, define);
	rc = run_cocci(p, patch, &defines, files, err);
	sv_clear(&defines);
	return rc;
}

/*
 * is_enabled.cocci with -D config=..., and the footprint's predicates that
 * locate confirmed (still identifiers only the subsystem defines).
 */
static int run_cocci_predicates(struct planning *p, const char *config, const struct strvec *files,
				struct strbuf *err)
{
	const struct footprint *fp = p->fp;
	struct strvec preds = STRVEC_INIT, defines = STRVEC_INIT;
	char *value = NULL;
	int rc;

	for (size_t i = 0; i < fp->predicates.n; i++)
		if (sv_contains(&fp->identifiers, fp->predicates.v[i]))
			sv_push(&preds, fp->predicates.v[i]);
	sv_push(&defines, config);
	if (preds.n) {
		char *list = join_list(&preds, "");

		value = xasprintf("predicates=%s", list);
		free(list);
		sv_push(&defines, value);
	}
	rc = run_cocci(p, "is_enabled.cocci", &defines, files, err);
	free(value);
	sv_clear(&defines);
	sv_clear(&preds);
	return rc;
}

/*
 * Is a symbol a board or platform of arch: defined in a mach-NAME or
 * plat-NAME directory of arch/ARCH (arch/arm/mach-oxnas/Kconfig:
 * ARCH_OXNAS, MACH_OX820)?
 */
static int is_platform_symbol(const struct kconfig_db *db, const char *arch, const char *sym)
{
	size_t n, alen = strlen(arch);
	const struct kconfig_def *defs = kconfig_defs(db, sym, &n);

	for (size_t i = 0; i < n; i++) {
		const char *p = defs[i].path;

		if (starts_with(p, "arch/") && !strncmp(p + 5, arch, alen) && p[5 + alen] == '/' &&
		    (starts_with(p + 6 + alen, "mach-") || starts_with(p + 6 + alen, "plat-")))
			return 1;
	}
	return 0;
}

/*
 * A platform's own defconfig: arch/ARCH/configs/NAME that turns on (=y or
 * =m) a removed platform symbol and no kept one.  It goes whole, as
 * upstream deletes oxnas_v6_defconfig with ARCH_OXNAS (6.6): without its
 * machine it would configure some other board.  Returns the removed
 * symbol (to free), or NULL.
 */
static char *platform_defconfig(struct planning *p, const char *path)
{
	const struct strset *syms = &p->symbols;
	const struct plan_file *f;
	const char *cfg = strstr(path, "/configs/");
	struct strvec on = STRVEC_INIT;
	char *arch, *removed = NULL;
	int kept = 0;

	if (!starts_with(path, "arch/") || !cfg || !(f = plan_file(p->plan, path)))
		return NULL;
	arch = xstrndup(path + 5, (size_t)(cfg - path - 5));
	defconfig_enabled(f->data, f->len, &on);
	for (size_t i = 0; i < on.n && !kept; i++) {
		if (!is_platform_symbol(p->db, arch, on.v[i]))
			continue;
		if (!strset_has(syms, on.v[i]))
			kept = 1;
		else if (!removed)
			removed = xstrdup(on.v[i]);
	}
	sv_clear(&on);
	free(arch);
	if (kept) {
		free(removed);
		return NULL;
	}
	return removed;
}

/*
 * CONFIG_X used as a value in kept C code, where X is a removed int, hex or
 * string option (locate's c-value): the code still compiles only with X's
 * value, so the name becomes the value every configuration had unless a
 * user set it, X's one constant default.  drivers/mailbox/omap-mailbox.c
 * (6.1) has
 *	static unsigned int mbox_kfifo_size = CONFIG_OMAP_MBOX_KFIFO_SIZE;
 * which without the option is "= 256".  True if planned.
 */
static int constant_value(struct planning *p, const struct ref *ref)
{
	struct strbuf value = STRBUF_INIT;
	struct cause cause = CAUSE(RULE_C, ref->symbol);
	char *why;

	if (!ref->symbol || !plan_file(p->plan, ref->path) ||
	    kconfig_constant_default(p->db, ref->symbol, &value) < 0)
		return 0;
	why = xasprintf("CONFIG_%s is gone: its default, %s", ref->symbol, value.buf);
	cause.replacement = value.buf;
	plan_edit(p->plan, ref->path, ref->off, ref->off + 7 + strlen(ref->symbol), value.buf,
		  KIND_C_VALUE, &cause, why);
	free(why);
	sb_release(&value);
	return 1;
}

/* ---- the families' plan halves ---- */

/* The references of a file-by-file family: their files, for plan_files. */
static void gather(struct planning *p, enum ref_kind kind, const struct ref *ref)
{
	strset_add(&p->files[kind], ref->path);
}

/* Kconfig's and MAINTAINERS's references: planned on the whole file, from the model. */
static void planned_whole(struct planning *p, const struct ref *ref)
{
	(void)p, (void)ref;
}

/* A line of an ignore list: the entry goes with the file it names. */
static void delete_entry(struct planning *p, const struct ref *ref)
{
	const struct plan_file *f = plan_file(p->plan, ref->path);

	if (f)
		plan_delete_lines(p->plan, ref->path, ref->off, ref->off + 1, ref->kind,
				  &CAUSE(RULE_KBUILD, ref->symbol), ref->reason);
}

static void kbuild_ref(struct planning *p, const struct ref *ref)
{
	if (ref->kind == KIND_IGNORE_ENTRY)
		delete_entry(p, ref);
	else
		gather(p, KIND_MAKEFILE, ref);
}

/*
 * remove(plan, path, symbols, fp, err) on each file gathered for kind that
 * the plan does not delete, in path order: 0, or -1 at the first failure.
 */
static int edit_each(struct planning *p, enum ref_kind kind,
		     int (*remove)(struct plan *plan, const char *path, const struct strset *symbols,
				   const struct footprint *fp, struct strbuf *err),
		     struct strbuf *err)
{
	struct strvec list = STRVEC_INIT;
	int rc = 0;

	strset_to_sorted(&p->files[kind], &list);
	for (size_t i = 0; i < list.n && rc == 0; i++)
		if (!plan_is_deleted(p->plan, list.v[i]) &&
		    remove(p->plan, list.v[i], &p->symbols, p->fp, err) < 0)
			rc = -1;
	sv_clear(&list);
	return rc;
}

/* Every Makefile with a reference, and the Makefile of each owned path's directory. */
static int kbuild_files(struct planning *p, struct strbuf *err)
{
	for (size_t i = 0; i < p->fp->paths.n; i++) {
		char *mk = parent_makefile(p->tree, p->fp->paths.v[i]);

		if (mk && !footprint_owns(p->fp, mk))
			strset_add(&p->files[KIND_MAKEFILE], mk);
		free(mk);
	}
	return edit_each(p, KIND_MAKEFILE, kbuild_remove, err);
}

/* A removed platform's own defconfig goes whole (before the defconfig family edits the rest). */
static int platform_files(struct planning *p, struct strbuf *err)
{
	struct strvec list = STRVEC_INIT;

	(void)err;
	strset_to_sorted(&p->files[KIND_DEFCONFIG], &list);
	for (size_t i = 0; i < list.n; i++) {
		char *platform = platform_defconfig(p, list.v[i]);

		if (platform) {
			char *why = xasprintf("the defconfig of CONFIG_%s, a removed platform", platform);

			plan_delete(p->plan, list.v[i], 0, KIND_DEFCONFIG, &CAUSE(RULE_PLATFORM, platform),
				    why);
			free(why);
			free(platform);
		}
	}
	sv_clear(&list);
	return 0;
}

static void defconfig_ref(struct planning *p, const struct ref *ref)
{
	gather(p, KIND_DEFCONFIG, ref);
}

static int defconfig_files(struct planning *p, struct strbuf *err)
{
	return edit_each(p, KIND_DEFCONFIG, defconfig_remove, err);
}

static int maintainers_files(struct planning *p, struct strbuf *err)
{
	/* A vendor or trimmed tree without MAINTAINERS is removed from like any other. */
	if (!plan_file(p->plan, "MAINTAINERS") && errno == ENOENT) {
		sv_push(&p->notes, "the tree has no MAINTAINERS file: no section or F: line to remove");
		return 0;
	}
	return maintainers_remove(p->plan, p->fp, p->tree, err) < 0 ? -1 : 0;
}

static void docs_ref(struct planning *p, const struct ref *ref)
{
	switch (ref->kind) {
	case KIND_DOC_SENTENCE:
		delete_sentence(p->plan, ref);
		break;
	case KIND_DOC_ALTERNATIVE:
		delete_alternative(p->plan, ref);
		break;
	case KIND_DOC_LIST_ITEM:
		delete_list_item(p->plan, ref);
		break;
	default:   /* a line or a block: a table row, a toctree entry, a directive */
		delete_line_range(p->plan, ref->path, ref->line, ref->last_line, ref->kind,
				  &CAUSE(RULE_DOCS, ref->symbol),
				  ref->reason ? ref->reason : "names the removed subsystem");
		break;
	}
}

static void cpp_ref(struct planning *p, const struct ref *ref)
{
	gather(p, KIND_C_IFDEF, ref);
}

/* #if blocks, with the symbols and the removed architectures' macros undefined. */
static int cpp_files(struct planning *p, struct strbuf *err)
{
	struct strset off = STRSET_INIT;
	struct strvec list = STRVEC_INIT;
	int rc = 0;

	strset_to_sorted(&p->files[KIND_C_IFDEF], &list);
	for (size_t i = 0; i < p->fp->macros.n; i++)
		strset_add(&off, p->fp->macros.v[i]);
	for (size_t i = 0; i < p->fp->symbols.n; i++)
		strset_add(&off, p->fp->symbols.v[i]);
	for (size_t i = 0; i < list.n && rc == 0; i++)
		if (cpp_resolve_flags(p->plan, list.v[i], &off, NULL, CPP_SQUEEZE_BLANKS, NULL, err) < 0)
			rc = -1;
	sv_clear(&list);
	strset_clear(&off);
	return rc;
}

static void c_ref(struct planning *p, const struct ref *ref)
{
	if (ref->kind == KIND_C_VALUE) {
		if (!constant_value(p, ref))
			plan_note(p->plan, ref->path, ref->line, ref->kind, ACTION_REVIEW,
				  &CAUSE(RULE_C, ref->symbol), "no constant default to put in its place",
				  ref->text);
		return;
	}
	gather(p, ref->kind, ref);
	/* a removed machine's predicate folds as its symbol's tests do */
	if (ref->kind == KIND_C_CALL &&
	    sv_contains(&p->fp->predicates, ref->symbol ? ref->symbol : ref->match))
		gather(p, KIND_C_IS_ENABLED, ref);
}

/*
 * patch (run_cocci1, or with is_enabled the predicates' runner) with
 * -D key=NAME,... (each of names after prefix) on the files gathered for
 * kind, in path order.
 */
static int run_cocci_names(struct planning *p, const char *patch, const char *key,
			   const struct strvec *names, const char *prefix, enum ref_kind kind,
			   int is_enabled, struct strbuf *err)
{
	struct strvec list = STRVEC_INIT;
	char *value = join_list(names, prefix), *define = xasprintf("%s=%s", key, value);
	int rc;

	strset_to_sorted(&p->files[kind], &list);
	rc = is_enabled ? run_cocci_predicates(p, define, &list, err) : run_cocci1(p, patch, define, &list, err);
	sv_clear(&list);
	free(value), free(define);
	return rc;
}

/* The semantic patches: IS_ENABLED() and predicates, #include of owned headers, calls. */
static int c_files(struct planning *p, struct strbuf *err)
{
	struct strvec names = STRVEC_INIT;
	int rc;

	if (p->opt->no_cocci)
		return 0;
	strset_to_sorted(&p->symbols, &names);
	rc = run_cocci_names(p, "is_enabled.cocci", "config", &names, "CONFIG_", KIND_C_IS_ENABLED, 1, err);
	if (rc == 0 && p->fp->headers.n)
		rc = run_cocci_names(p, "include.cocci", "headers", &p->fp->headers, "", KIND_C_INCLUDE, 0,
				     err);
	if (rc == 0 && p->fp->identifiers.n)
		rc = run_cocci_names(p, "calls.cocci", "functions", &p->fp->identifiers, "", KIND_C_CALL, 0,
				     err);
	sv_clear(&names);
	return rc;
}

/* ---- the table ---- */

const struct rule_family rule_families[RULE_COUNT] = {
	[RULE_KCONFIG] = { "Kconfig entries, attributes and sources, on the whole model",
			   planned_whole, NULL },
	[RULE_KBUILD] = { "Kbuild lines and words of removed symbols and owned objects",
			  kbuild_ref, kbuild_files },
	[RULE_PLATFORM] = { "a removed platform's own defconfig, whole", NULL, platform_files },
	[RULE_DEFCONFIG] = { "CONFIG_ lines of defconfigs and config fragments",
			     defconfig_ref, defconfig_files },
	[RULE_MAINTAINERS] = { "MAINTAINERS sections and F:/X: lines of owned files",
			       planned_whole, maintainers_files },
	[RULE_DOCS] = { "Documentation lines, rows, directives, sentences and list items",
			docs_ref, NULL },
	[RULE_CPP] = { "preprocessor conditionals on removed symbols", cpp_ref, cpp_files },
	[RULE_C] = { "C code: IS_ENABLED(), #include, calls, a removed option's value",
		     c_ref, c_files },
	[RULE_STUBS] = { "the stubs a removed option leaves, their calls and uses, what goes unused",
			 NULL, stubs_plan_files },
};

enum rule_id rule_of_ref(const struct ref *ref)
{
	unsigned fclass = file_class(ref->path);

	if (fclass == FILE_KCONFIG && ref->kind != KIND_DOC_LIST_ITEM)
		return RULE_KCONFIG;
	if (fclass == FILE_MAKEFILE)
		return RULE_KBUILD;
	if (fclass == FILE_DEFCONFIG)
		return RULE_DEFCONFIG;
	return kind_table[ref->kind].rule;
}

void planning_init(struct planning *p, struct plan *plan, const struct footprint *fp,
		   const struct tree *tree, const struct kconfig_db *db,
		   const struct rule_options *opt)
{
	memset(p, 0, sizeof(*p));
	p->plan = plan;
	p->fp = fp;
	p->tree = tree;
	p->db = db;
	p->opt = opt;
	for (size_t i = 0; i < fp->symbols.n; i++)
		strset_add(&p->symbols, fp->symbols.v[i]);
}

void planning_release(struct planning *p)
{
	strset_clear(&p->symbols);
	for (size_t k = 0; k < KIND_COUNT; k++)
		strset_clear(&p->files[k]);
	sv_clear(&p->notes);
	sv_clear(&p->problems);
}

int rules_plan(struct planning *p, const struct ref *refs, size_t nrefs, struct strbuf *err)
{
	int rc = 0;

	for (size_t i = 0; i < nrefs; i++) {
		const struct ref *ref = &refs[i];
		const struct rule_family *fam;

		if (plan_is_deleted(p->plan, ref->path))
			continue;
		if (ref->action != ACTION_REMOVE) {
			plan_note(p->plan, ref->path, ref->line, ref->kind, ref->action,
				  &CAUSE(RULE_LOCATE, ref->symbol), ref->reason, ref->text);
			continue;
		}
		fam = &rule_families[rule_of_ref(ref)];
		if (fam->plan_ref)
			fam->plan_ref(p, ref);
		else
			plan_note(p->plan, ref->path, ref->line, ref->kind, ACTION_REVIEW,
				  &CAUSE(RULE_LOCATE, ref->symbol), "no rule removes this kind of reference",
				  ref->text);
	}
	for (size_t k = 0; k < RULE_COUNT && rc == 0; k++)
		if (rule_families[k].plan_files)
			rc = rule_families[k].plan_files(p, err);
	return rc;
}
