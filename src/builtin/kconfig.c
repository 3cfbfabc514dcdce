/*
 * builtin/kconfig.c - `excise kconfig-remove`, a hidden debugging command: plan
 * the Kconfig part of a removal alone and print it as a diff (or apply it).
 *
 *   excise kconfig-remove [-C TREE] [--replace OLD=NEW]... [--delete PATH]...
 *                         [--apply] SYM...
 *   excise kconfig-remove [-C TREE] --stats
 *   excise kconfig-remove [-C TREE] --refs SYM...
 *   excise kconfig-remove [-C TREE] --every N      (-C first)
 *
 * The removed symbols (with the reason each goes) and every edit go to
 * stderr; the diff to stdout.  --delete plans the deletion of a file or
 * directory first (as the rest of excise would), --stats only parses,
 * --refs lists every occurrence of the symbols in Kconfig files with its kind,
 * --every N removes every N-th defined symbol, each alone, and checks that
 * each result parses and names none of the removed symbols in a statement.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "builtin.h"
#include "kconfig.h"
#include "kconfig_ast.h"
#include "plan.h"
#include "walk.h"

static void print_errors(const struct strbuf *err)
{
	const char *p = err->buf ? err->buf : "";

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		fprintf(stderr, "%s: %.*s\n", progname, (int)n, p);
		p += nl ? n + 1 : n;
	}
}

static void usage_exit(void)
{
	fprintf(stderr, "usage: excise kconfig-remove [-C TREE] [--replace OLD=NEW]... "
			"[--delete PATH]... [--apply] SYM...\n"
			"       excise kconfig-remove [-C TREE] --stats\n"
			"       excise kconfig-remove [-C TREE] --refs SYM...\n"
			"       excise kconfig-remove [-C TREE] --every N\n");
	exit(2);
}

static const char *strip_config(const char *s)
{
	return starts_with(s, "CONFIG_") ? s + 7 : s;
}

/* "path:line: kind: the line" (the file's text is NUL-terminated, it starts off bytes before). */
static void print_ref(const struct kconfig_ref *ref, void *ctx)
{
	const char *file_start = ref->sym - ref->off, *ls = ref->sym, *le = ref->sym;

	(void)ctx;
	while (ls > file_start && ls[-1] != '\n')
		ls--;
	while (*le && *le != '\n')
		le++;
	printf("%s:%zu: %s %.*s: %.*s\n", ref->path, ref->line, kind_name(ref->kind), (int)ref->sym_len,
	       ref->sym, (int)(le - ls), ls);
}

/* The first symbol of set that a statement under n still names, or NULL. */
static const char *still_named(const struct knode *n, const struct strset *set)
{
	const char *s;

	for (const struct knode *c = n->child; c; c = c->next) {
		if ((c->kind == KN_CONFIG || c->kind == KN_MENUCONFIG) && strset_has(set, c->name))
			return c->name;
		if ((s = kx_first_removed(c->cond, set)))
			return s;
		for (const struct kattr *a = c->attrs; a; a = a->next)
			if ((s = kx_first_removed(a->expr, set)) || (s = kx_first_removed(a->expr2, set)) ||
			    (s = kx_first_removed(a->cond, set)))
				return s;
		if ((s = still_named(c, set)))
			return s;
	}
	return NULL;
}

/*
 * Remove sym alone from the tree; check that every Kconfig file, as the
 * plan leaves it, parses and names no removed symbol (orphaned files aside).
 * Returns the number of problems (printed); counts into *nremoved, *nedits.
 */
static int remove_and_verify(const struct tree *t, const char *sym, size_t *nremoved,
			     size_t *nedits)
{
	struct strset one = STRSET_INIT, gone = STRSET_INIT, orphans = STRSET_INIT;
	struct strset edited = STRSET_INIT;
	struct strbuf err = STRBUF_INIT, text = STRBUF_INIT;
	struct kconfig_result res = { 0 };
	struct kconfig_db db;
	struct plan plan;
	int bad = 0;

	plan_init(&plan, t->root);
	strset_add(&one, sym);
	if (kconfig_db_load(&db, t, &plan, &err) < 0 ||
	    kconfig_remove(&db, &plan, &one, NULL, &res, &err) < 0 || plan_check(&plan, &err) < 0) {
		printf("%s: %s", sym, err.buf ? err.buf : "failed\n");
		bad++;
		goto out;
	}
	for (size_t i = 0; i < res.nremoved; i++)
		strset_add(&gone, res.removed[i].name);
	for (size_t i = 0; i < res.orphans.n; i++)
		strset_add(&orphans, res.orphans.v[i]);
	for (size_t i = 0; i < res.nchanges; i++)
		strset_add(&edited, res.changes[i].path);
	*nremoved += res.nremoved;
	*nedits += res.nchanges;
	for (size_t i = 0; i < db.nfiles; i++) {
		const struct kfile *f = db.files[i];
		const struct plan_file *pf = plan_file(&plan, f->path);
		struct kfile *again;
		const char *left;

		if (strset_has(&orphans, f->path) || !pf || plan_is_deleted(&plan, f->path))
			continue;
		if (!strset_has(&edited, f->path)) {
			if ((left = still_named(&f->root, &gone))) {
				printf("%s: %s still names %s\n", sym, f->path, left);
				bad++;
			}
			continue;
		}
		sb_reset(&text);
		plan_result(&plan, pf, &text);
		sb_reset(&err);
		again = kconfig_parse(f->path, text.buf ? text.buf : "", text.len, &err);
		if (!again) {
			printf("%s: the result does not parse: %s", sym, err.buf);
			bad++;
		} else if ((left = still_named(&again->root, &gone))) {
			printf("%s: %s still names %s\n", sym, f->path, left);
			bad++;
		}
		kconfig_file_free(again);
	}
out:
	kconfig_result_release(&res);
	kconfig_db_release(&db);
	plan_release(&plan);
	strset_clear(&one);
	strset_clear(&gone);
	strset_clear(&orphans);
	strset_clear(&edited);
	sb_release(&err);
	sb_release(&text);
	return bad;
}

/* --every N: remove each N-th defined symbol alone, and verify each result. */
static int remove_every(const char *root, long every)
{
	struct strbuf err = STRBUF_INIT;
	struct strvec names = STRVEC_INIT;
	struct kconfig_db db;
	struct plan plan;
	struct tree t;
	size_t tried = 0, nremoved = 0, nedits = 0;
	int bad = 0;
	double t0 = seconds_now();

	if (tree_load(&t, root, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	plan_init(&plan, root);
	if (kconfig_db_load(&db, &t, &plan, &err) < 0) {
		print_errors(&err);
		exit(2);
	}
	kconfig_symbols(&db, &names);
	kconfig_db_release(&db);
	plan_release(&plan);
	for (size_t i = 0; i < names.n; i += (size_t)every, tried++)
		bad += remove_and_verify(&t, names.v[i], &nremoved, &nedits);
	printf("removed each of %zu symbols alone (%zu removed with dependents, %zu edits) in %.1f s: "
	       "%d problem(s)\n", tried, nremoved, nedits, seconds_now() - t0, bad);
	tree_release(&t);
	sv_clear(&names);
	sb_release(&err);
	return bad ? 1 : 0;
}

/* The --replace options: OLD and NEW of each, CONFIG_ dropped. */
struct replacements {
	struct strvec olds, news;
};

/* --replace OLD=NEW (CONFIG_ optional on both), into the struct replacements at value. */
static int parse_replace(const struct option *opt, const char *arg, struct strbuf *err)
{
	struct replacements *r = opt->value;
	const char *eq = strchr(arg, '=');

	if (!eq || eq == arg || !eq[1]) {
		sb_addf(err, "--replace wants OLD=NEW, not '%s'", arg);
		return PARSE_OPT_ERROR;
	}
	sv_push_owned(&r->olds, xstrndup(strip_config(arg), (size_t)(eq - strip_config(arg))));
	sv_push(&r->news, strip_config(eq + 1));
	return PARSE_OPT_DONE;
}

/* --every N, into the long at value: the parse ends there (the options after it are not read). */
static int parse_every(const struct option *opt, const char *arg, struct strbuf *err)
{
	char *end;
	long n = strtol(arg, &end, 10);

	if (*end || n < 1) {
		sb_addf(err, "--every wants a number of at least 1, not '%s'", arg);
		return PARSE_OPT_ERROR;
	}
	*(long *)opt->value = n;
	return PARSE_OPT_STOP;
}

int cmd_kconfig_remove(int argc, char **argv)
{
	const char *root = NULL, *bad;
	struct replacements repls = { STRVEC_INIT, STRVEC_INIT };
	struct strvec deletes = STRVEC_INIT, args = STRVEC_INIT;
	struct strset symbols = STRSET_INIT;
	struct strbuf err = STRBUF_INIT;
	struct kconfig_result res = { 0 };
	struct kconfig_db db;
	struct plan plan;
	struct tree t;
	int apply = 0, stats = 0, refs = 0, status = 0;
	long every = 0;
	double t0;
	const struct option options[] = {
		OPT_STRING('C', NULL, &root, "TREE", "the tree (default: the current directory)"),
		OPT_CALLBACK(0, "replace", &repls, "OLD=NEW", "selects of OLD select NEW", parse_replace),
		OPT_STRVEC(0, "delete", &deletes, "PATH", "plan the deletion of PATH first (repeatable)"),
		OPT_FLAG(0, "apply", &apply, "apply the plan instead of printing it"),
		OPT_FLAG(0, "stats", &stats, "only parse, and say how long it took"),
		OPT_FLAG(0, "refs", &refs, "every occurrence of the symbols, with its kind"),
		OPT_CALLBACK(0, "every", &every, "N", "remove every N-th symbol alone, and verify each",
			     parse_every),
		OPT_ARGS(&args, "SYM"),
		OPT_END(),
	};

	switch (parse_options(argc, argv, options, PARSE_OPT_SEPARATE_VALUES |
			      PARSE_OPT_DASH_IS_OPTION, &bad, &err)) {
	case PARSE_OPT_DONE:
		break;
	case PARSE_OPT_STOP:   /* --every N, with the -C given before it */
		return remove_every(find_tree(root), every);
	case PARSE_OPT_ERROR:
		die("%s", err.buf);
	default:   /* -h, --help, an unknown option, a missing value */
		usage_exit();
	}
	for (size_t i = 0; i < args.n; i++)
		strset_add(&symbols, strip_config(args.v[i]));
	sv_clear(&args);
	if (!symbols.n && !stats)
		usage_exit();
	root = find_tree(root);
	if (tree_load(&t, root, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	plan_init(&plan, root);
	for (size_t i = 0; i < deletes.n; i++) {
		char *full = path_join(root, deletes.v[i]);
		struct stat st;

		if (stat(full, &st) < 0)
			die_errno("--delete %s", deletes.v[i]);
		plan_delete(&plan, deletes.v[i], S_ISDIR(st.st_mode), KIND_OWN_PATH, &CAUSE(RULE_USER, NULL),
			    "--delete");
		free(full);
	}
	t0 = seconds_now();
	if (kconfig_db_load(&db, &t, &plan, &err) < 0) {
		print_errors(&err);
		exit(2);
	}
	if (stats) {
		printf("parsed %zu Kconfig files (%zu symbols, %zu definitions) in %.3f s\n",
		       db.nfiles, db.nsyms, db.ndefs, seconds_now() - t0);
		goto out;
	}
	if (refs) {
		kconfig_refs(&db, &symbols, NULL, print_ref, NULL);
		goto out;
	}
	struct kconfig_replace repl = { (const char **)repls.olds.v, (const char **)repls.news.v,
					 repls.olds.n };

	if (kconfig_remove(&db, &plan, &symbols, &repl, &res, &err) < 0 ||
	    plan_check(&plan, &err) < 0) {
		print_errors(&err);
		status = 2;
		goto out;
	}
	for (size_t i = 0; i < res.nremoved; i++) {
		const struct kconfig_removed *r = &res.removed[i];

		if (r->path)
			fprintf(stderr, "removed %s (%s) %s:%zu\n", r->name, r->reason, r->path, r->line);
		else
			fprintf(stderr, "removed %s (%s) not defined\n", r->name, r->reason);
	}
	for (size_t i = 0; i < res.nchanges; i++)
		fprintf(stderr, "edit %s:%zu %s: %s\n", res.changes[i].path, res.changes[i].line,
			kind_name(res.changes[i].kind), res.changes[i].reason);
	for (size_t i = 0; i < plan.nnotes; i++)
		fprintf(stderr, "note %s:%zu %s %s: %s%s%s\n", plan.notes[i].path, plan.notes[i].line,
			kind_name(plan.notes[i].kind), action_name(plan.notes[i].action),
			plan.notes[i].reason ? plan.notes[i].reason : "",
			plan.notes[i].text ? ": " : "", plan.notes[i].text ? plan.notes[i].text : "");
	if (apply) {
		struct strbuf why = STRBUF_INIT;

		status = plan_apply(&plan, NULL, &why) < 0 ? 2 : 0;
		print_error_lines(&why);
		sb_release(&why);
	}
	else if (plan_diff(&plan, stdout, &err) < 0) {
		print_error_lines(&err);
		status = 2;
	}
out:
	kconfig_result_release(&res);
	kconfig_db_release(&db);
	plan_release(&plan);
	tree_release(&t);
	strset_clear(&symbols);
	sv_clear(&repls.olds);
	sv_clear(&repls.news);
	sv_clear(&deletes);
	sb_release(&err);
	return status;
}

/* The physical line of data at off, without leading blanks and its newline. */
static void print_line_at(const struct kfile *f, size_t off)
{
	size_t s = off, e = line_end(f->data, f->len, off);

	while (s < e && (f->data[s] == ' ' || f->data[s] == '\t'))
		s++;
	while (e > s && (f->data[e - 1] == '\n' || f->data[e - 1] == '\r'))
		e--;
	printf("%.*s\n", (int)(e - s), f->data + s);
}

/* SYM (CONFIG_ optional), onto the strvec at value. */
static int parse_symbol(const struct option *opt, const char *arg, struct strbuf *err)
{
	(void)err;
	sv_push(opt->value, strip_config(arg));
	return PARSE_OPT_DONE;
}

/* `excise kconfig depends`: where symbols are defined and what they depend on. */
int cmd_kconfig(int argc, char **argv)
{
	const char *root = NULL, *bad;
	struct strvec syms = STRVEC_INIT;
	struct strbuf err = STRBUF_INIT;
	struct kconfig_db db;
	struct plan plan;
	struct tree t;
	int rc = 0, parsed;
	const struct option options[] = {
		OPT_STRING('C', NULL, &root, "TREE", "the kernel tree (default: the one the current "
			   "directory is in)"),
		OPT_ARGS_CALLBACK(&syms, "SYM", parse_symbol),
		OPT_END(),
	};

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		show_help(stdout, "kconfig", options);
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "connected"))
		return cmd_kconfig_connected(argc - 1, argv + 1);
	if (argc < 2 || strcmp(argv[1], "depends")) {
		if (argc >= 2)
			fprintf(stderr, "%s: kconfig: unknown query '%s'\n", progname, argv[1]);
		show_help(stderr, "kconfig", options);
		return 2;
	}
	/* The options of the query "depends", after it. */
	parsed = parse_options(argc - 1, argv + 1, options, PARSE_OPT_SEPARATE_VALUES |
			       PARSE_OPT_DASH_IS_OPTION, &bad, &err);
	if (parsed != PARSE_OPT_DONE) {
		sv_clear(&syms);
		if (parsed == PARSE_OPT_HELP) {
			show_help(stdout, "kconfig", options);
			return 0;
		}
		rc = usage_option_error("kconfig", parsed, bad, &err, "kconfig", options);
		sb_release(&err);
		return rc;
	}
	if (!syms.n) {
		show_help(stderr, "kconfig", options);
		return 2;
	}
	root = find_tree(root);
	if (tree_load(&t, root, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	plan_init(&plan, t.root);
	/* A file that does not parse is named on stderr; the others still answer. */
	if (kconfig_db_load(&db, &t, &plan, &err) < 0)
		print_errors(&err);
	for (size_t i = 0; i < syms.n; i++) {
		size_t n;
		const struct kconfig_def *defs = kconfig_defs(&db, syms.v[i], &n);

		if (!n) {
			fprintf(stderr, "%s: kconfig: %s is not defined in any Kconfig file of %s\n",
				progname, syms.v[i], t.root);
			rc = 1;
		}
		for (size_t k = 0; k < n; k++) {
			const struct kconfig_def *d = &defs[k];

			printf("%s:%zu: %s %s\n", d->path, d->line, d->is_menuconfig ? "menuconfig" : "config",
			       d->name);
			for (const struct kattr *a = d->node ? d->node->attrs : NULL; a; a = a->next)
				if (a->kind == KA_DEPENDS) {
					printf("%s:%zu:   ", d->path, a->line);
					print_line_at(d->node->file, a->start);
				}
			if (!d->prompt)
				printf("%s: (no prompt: only another option can select it)\n", d->path);
		}
	}
	kconfig_db_release(&db);
	plan_release(&plan);
	tree_release(&t);
	sv_clear(&syms);
	sb_release(&err);
	return rc;
}
