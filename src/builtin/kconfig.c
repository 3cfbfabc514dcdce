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

int cmd_kconfig_remove(int argc, char **argv)
{
	const char *root = ".";
	struct strvec olds = STRVEC_INIT, news = STRVEC_INIT, deletes = STRVEC_INIT;
	struct strset symbols = STRSET_INIT;
	struct strbuf err = STRBUF_INIT;
	struct kconfig_result res = { 0 };
	struct kconfig_db db;
	struct plan plan;
	struct tree t;
	int apply = 0, stats = 0, refs = 0, status = 0;
	double t0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-C") && i + 1 < argc) {
			root = argv[++i];
		} else if (!strcmp(a, "--replace") && i + 1 < argc) {
			const char *eq = strchr(argv[++i], '=');

			if (!eq || eq == argv[i] || !eq[1])
				die("--replace wants OLD=NEW, not '%s'", argv[i]);
			sv_push_owned(&olds, xstrndup(strip_config(argv[i]),
						      (size_t)(eq - strip_config(argv[i]))));
			sv_push(&news, strip_config(eq + 1));
		} else if (!strcmp(a, "--delete") && i + 1 < argc) {
			sv_push(&deletes, argv[++i]);
		} else if (!strcmp(a, "--apply")) {
			apply = 1;
		} else if (!strcmp(a, "--stats")) {
			stats = 1;
		} else if (!strcmp(a, "--refs")) {
			refs = 1;
		} else if (!strcmp(a, "--every") && i + 1 < argc) {
			char *end;
			long n = strtol(argv[++i], &end, 10);

			if (*end || n < 1)
				die("--every wants a number of at least 1, not '%s'", argv[i]);
			return remove_every(root, n);
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help") || a[0] == '-') {
			usage_exit();
		} else {
			strset_add(&symbols, strip_config(a));
		}
	}
	if (!symbols.n && !stats)
		usage_exit();

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
		plan_delete(&plan, deletes.v[i], S_ISDIR(st.st_mode), "--delete");
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
	struct kconfig_replace repl = { (const char **)olds.v, (const char **)news.v, olds.n };

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
	sv_clear(&olds);
	sv_clear(&news);
	sv_clear(&deletes);
	sb_release(&err);
	return status;
}

static void kconfig_usage(FILE *out)
{
	fputs("usage: excise kconfig depends [-C TREE] SYM...\n"
	      "       excise kconfig connected [-C TREE] [--fragment before|after] TARGET...\n"
	      "  Where each symbol (CONFIG_ optional) is defined and what it depends on:\n"
	      "  \"FILE:LINE: config SYM\", its \"FILE:LINE:   depends on ...\" lines, and\n"
	      "  \"FILE: (no prompt: only another option can select it)\" for an entry\n"
	      "  without a prompt.  Exit 1 if a symbol is defined nowhere.\n", out);
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

/* `excise kconfig depends`: where symbols are defined and what they depend on. */
int cmd_kconfig(int argc, char **argv)
{
	const char *root = ".";
	struct strvec syms = STRVEC_INIT;
	struct strbuf err = STRBUF_INIT;
	struct kconfig_db db;
	struct plan plan;
	struct tree t;
	int rc = 0;

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		kconfig_usage(stdout);
		return 0;
	}
	if (argc >= 2 && !strcmp(argv[1], "connected"))
		return cmd_kconfig_connected(argc - 1, argv + 1);
	if (argc < 2 || strcmp(argv[1], "depends")) {
		if (argc >= 2)
			fprintf(stderr, "%s: kconfig: unknown query '%s'\n", progname, argv[1]);
		kconfig_usage(stderr);
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "-C") && i + 1 < argc) {
			root = argv[++i];
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			kconfig_usage(stdout);
			sv_clear(&syms);
			return 0;
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "%s: kconfig: unknown option '%s'\n", progname, argv[i]);
			kconfig_usage(stderr);
			sv_clear(&syms);
			return 2;
		} else {
			sv_push(&syms, strip_config(argv[i]));
		}
	}
	if (!syms.n) {
		kconfig_usage(stderr);
		return 2;
	}
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
