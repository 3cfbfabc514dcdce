/*
 * check_static.c - the steps of excise check that read the trees and build
 * nothing: residue (the footprint located in the tree after) and links
 * (kept code of the tree after that uses a removed definition).
 */
#include <stdlib.h>
#include <string.h>

#include "check_internal.h"
#include "locate.h"

/* Residue: the before tree's full footprint, located in the after tree. */
void check_step_residue(struct check_ctx *c)
{
	double t0 = seconds_now();
	struct tree t;
	struct plan readonly;
	struct kconfig_db db;
	struct strbuf err = STRBUF_INIT;
	struct locate_result res;
	struct locate_options lopt = { 0, LOCATE_UNKNOWN_ALLOW };
	size_t bad = 0;

	if (tree_load(&t, c->opt->after, &err) < 0) {
		check_finish(c, CHECK_RESIDUE, CHECK_FAIL, t0, NULL, "cannot read the tree after: %s",
			     err.buf ? err.buf : "");
		sb_release(&err);
		return;
	}
	plan_init(&readonly, t.root);
	/*
	 * The Kconfig model is one of the step's inputs: a file that does not
	 * parse would leave a partial model, and references in it unseen.
	 */
	if (kconfig_db_load(&db, &t, &readonly, &err) < 0) {
		for (const char *p = err.buf; p && *p;) {
			size_t n = strcspn(p, "\n");

			check_say(c, CHECK_RESIDUE, "kconfig: %.*s", (int)n, p);
			p += n + (p[n] != '\0');
		}
		check_finish(c, CHECK_RESIDUE, CHECK_FAIL, t0, NULL,
			     "the Kconfig files of the tree after do not load (%zu file%s)", db.nerrors,
			     db.nerrors == 1 ? "" : "s");
		goto out_db;
	}
	/* The after tree: the removed symbols are gone, as they should be. */
	if (locate_run(&c->before.fp, &t, &db, &lopt, &res, &err) < 0) {
		check_finish(c, CHECK_RESIDUE, CHECK_FAIL, t0, NULL, "locate failed in the tree after: %s",
			     err.buf ? err.buf : "");
		goto out_db;
	}
	for (size_t i = 0; i < res.n; i++) {
		const struct ref *r = &res.refs[i];

		if (r->action == ACTION_REMOVE && bad++ < 20)
			check_say(c, CHECK_RESIDUE, "residue: %s:%zu: %s: %s", r->path, r->line,
				  kind_name(r->kind), r->text);
	}
	for (size_t i = 0; i < res.owned_files.n; i++)
		if (bad++ < 40)
			check_say(c, CHECK_RESIDUE, "residue: %s: a file of the subsystem is still there",
				  res.owned_files.v[i]);
	check_count(c, CHECK_RESIDUE, "left", (long)bad);
	check_count(c, CHECK_RESIDUE, "kept", (long)locate_count(&res, ACTION_KEPT));
	check_count(c, CHECK_RESIDUE, "review", (long)locate_count(&res, ACTION_REVIEW));
	check_finish(c, CHECK_RESIDUE, bad ? CHECK_FAIL : CHECK_PASS, t0, NULL,
		     "%zu left to remove, %zu kept, %zu for review", bad, locate_count(&res, ACTION_KEPT),
		     locate_count(&res, ACTION_REVIEW));
	for (size_t i = 0; i < res.n; i++)
		if (res.refs[i].action != ACTION_REMOVE)
			check_say(c, CHECK_RESIDUE, "%s: %s:%zu (%s): %s", action_name(res.refs[i].action),
				  res.refs[i].path, res.refs[i].line, kind_name(res.refs[i].kind),
				  res.refs[i].reason ? res.refs[i].reason : "");
	locate_release(&res);
out_db:
	kconfig_db_release(&db);
	plan_release(&readonly);
	tree_release(&t);
	sb_release(&err);
}

/* Links: kept code of the tree after that uses a definition the removal took away. */
void check_step_links(struct check_ctx *c)
{
	double t0 = seconds_now();
	const struct removal *before = &c->before;
	struct tree after;
	struct strvec paths = STRVEC_INIT;
	struct strbuf err = STRBUF_INIT;
	struct links_result res;

	if (tree_load(&after, c->opt->after, &err) < 0) {
		check_finish(c, CHECK_LINKS, CHECK_FAIL, t0, NULL, "cannot read the tree after: %s",
			     err.buf ? err.buf : "");
		sb_release(&err);
		return;
	}
	/* The files the located references are in: the removal may have changed them. */
	for (size_t i = 0; i < before->loc.n; i++)
		if (!sv_contains(&paths, before->loc.refs[i].path))
			sv_push(&paths, before->loc.refs[i].path);
	if (links_trees(&before->plan, &before->tree, &after, &paths, c->opt->jobs, &res, &err) < 0) {
		for (const char *p = err.buf; p && *p;) {
			size_t n = strcspn(p, "\n");

			check_say(c, CHECK_LINKS, "links: %.*s", (int)n, p);
			p += n + (p[n] != '\0');
		}
		check_finish(c, CHECK_LINKS, CHECK_FAIL, t0, NULL, "the analysis failed");
	} else {
		for (size_t i = 0; i < res.n; i++) {
			char *d = links_describe(&res.v[i]);

			if (i < 40)
				check_say(c, CHECK_LINKS, "link residue: %s", d);
			free(d);
		}
		for (size_t i = 0; i < res.nselectors; i++) {
			char *d = links_selector_describe(&res.selectors[i]);

			check_say(c, CHECK_LINKS, "kept user: %s: its code is where link residue would be", d);
			free(d);
		}
		check_count(c, CHECK_LINKS, "uses", (long)res.n);
		check_count(c, CHECK_LINKS, "compared", (long)res.nchanged);
		check_count(c, CHECK_LINKS, "gone", (long)res.ngone);
		check_count(c, CHECK_LINKS, "lost", (long)res.nlost);
		check_count(c, CHECK_LINKS, "scanned", (long)res.files_scanned);
		check_finish(c, CHECK_LINKS, res.n ? CHECK_FAIL : CHECK_PASS, t0, NULL,
			     "%zu use%s of removed definitions (%zu C files compared, %zu definitions gone, "
			     "%zu with none left, %zu files scanned)",
			     res.n, res.n == 1 ? "" : "s", res.nchanged, res.ngone, res.nlost, res.files_scanned);
	}
	links_release(&res);
	sv_clear(&paths);
	sb_release(&err);
	tree_release(&after);
}
