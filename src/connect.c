/*
 * connect.c - the configuration that exercises a removal (connect.h).
 *
 * Rules, each from a removal that needed it:
 *
 *   removed    every symbol the Kconfig removal takes away that the tree
 *              before defines: SLOB, and with drivers/net/ethernet/intel/ixgb
 *              the IXGB symbol found through the directory's Makefile.
 *
 *   selects    a kept option that selected or implied a removed one: its
 *              code called the removed code (the `select` goes, the option
 *              stays; link residue hides there).
 *
 *   depends    a kept option whose `depends on` names a removed symbol: the
 *              removal keeps `X || ARCH_FOO` and `!SLOB`, and the code behind
 *              them is built in both trees.
 *
 *   block      the nearest `if` block, menu or choice around a removed
 *              symbol (SLAB and SLUB, the choice SLOB was in): the same area
 *              of the kernel, configured together.  A block of more than
 *              CONNECT_MAX_BLOCK symbols ("Device Drivers") is too far away
 *              to say anything and is skipped.
 *
 *   Only symbols with a prompt are in the set: a fragment cannot set one
 *   without (MEMCG_KMEM, LOCKD), Kconfig selects or defaults it.
 *
 *   builds     a kept C file the plan edits (an #ifdef CONFIG_SLOB dropped
 *              from mm/slab.h's users, a call rewritten by a semantic patch)
 *              or a kept file that still uses a definition the removal
 *              takes away: the symbol of the Makefile line that builds it
 *              (obj-$(CONFIG_X) += f.o; foo-y += f.o with
 *              obj-$(CONFIG_X) += foo.o; obj-y += dir/ climbs to the
 *              parent's line for dir/).
 */
#include <stdlib.h>
#include <string.h>

#include "connect.h"
#include "kbuild.h"
#include "kconfig_ast.h"

/* True if some definition of name has a prompt: a fragment can set it. */
static int settable(const struct kconfig_db *db, const char *name)
{
	size_t n;
	const struct kconfig_def *defs = kconfig_defs(db, name, &n);

	for (size_t i = 0; i < n; i++)
		if (defs[i].prompt)
			return 1;
	return 0;
}

static int add(struct connect_set *set, struct strset *seen, const char *name,
	       enum connect_how how, char *via)
{
	if (!strset_add(seen, name) || !settable(set->db, name)) {
		free(via);
		return 0;
	}
	GROW(set->v, set->cap, set->n + 1);
	set->v[set->n].name = xstrdup(name);
	set->v[set->n].how = how;
	set->v[set->n].via = via;
	set->n++;
	return 1;
}

/* The first removed symbol an expression names, or NULL. */
static const char *names_removed(const struct kexpr *e, const struct strset *removed)
{
	const char *s;

	if (!e)
		return NULL;
	if (e->op == KX_SYM)
		return !e->is_macro && e->word && strset_has(removed, e->word) ? e->word : NULL;
	if (e->op == KX_STR)
		return NULL;
	s = names_removed(e->l, removed);
	return s ? s : names_removed(e->r, removed);
}

static void by_attributes(const struct kconfig_db *db, const struct strset *removed,
			  struct connect_set *set, struct strset *seen)
{
	for (size_t i = 0; i < db->ndefs; i++) {
		const struct kconfig_def *d = &db->defs[i];
		const char *s;

		if (strset_has(removed, d->name) || !d->node)
			continue;
		for (const struct kattr *a = d->node->attrs; a; a = a->next) {
			if ((a->kind == KA_SELECT || a->kind == KA_IMPLY) &&
			    (s = names_removed(a->expr, removed)))
				add(set, seen, d->name, CONNECT_SELECTS,
				    xasprintf("%s %s (%s:%zu)", a->kind == KA_SELECT ? "selects" : "implies",
					      s, d->path, a->line));
			else if (a->kind == KA_DEPENDS && (s = names_removed(a->expr, removed)))
				add(set, seen, d->name, CONNECT_DEPENDS,
				    xasprintf("depends on %s (%s:%zu)", s, d->path, a->line));
		}
	}
}

static void block_symbols(const struct knode *n, struct strvec *out)
{
	if ((n->kind == KN_CONFIG || n->kind == KN_MENUCONFIG) && n->name)
		sv_push(out, n->name);
	for (size_t i = 0; i < n->nkids; i++)
		block_symbols(n->kids[i], out);
}

static const char *block_word(enum knode_kind k)
{
	return k == KN_IF ? "if block" : k == KN_MENU ? "menu" : "choice";
}

static void by_block(const struct kconfig_db *db, const struct kconfig_result *kr,
		     const struct strset *removed, struct connect_set *set, struct strset *seen)
{
	for (size_t i = 0; i < kr->nremoved; i++) {
		size_t n;
		const struct kconfig_def *defs = kconfig_defs(db, kr->removed[i].name, &n);

		for (size_t k = 0; k < n; k++) {
			const struct knode *b = defs[k].node ? defs[k].node->parent : NULL;
			struct strvec syms = STRVEC_INIT;

			while (b && b->kind != KN_IF && b->kind != KN_MENU && b->kind != KN_CHOICE)
				b = b->parent;
			if (!b)
				continue;
			block_symbols(b, &syms);
			if (syms.n <= CONNECT_MAX_BLOCK)
				for (size_t j = 0; j < syms.n; j++)
					if (!strset_has(removed, syms.v[j]) &&
					    kconfig_is_defined(db, syms.v[j]))
						add(set, seen, syms.v[j], CONNECT_BLOCK,
						    xasprintf("in the %s of %s (%s:%zu)",
							      block_word(b->kind), kr->removed[i].name,
							      defs[k].path, b->line));
			sv_clear(&syms);
		}
	}
}

static int is_obj_var(const char *var)
{
	return starts_with(var, "obj-");
}

/* foo-y, foo-objs, foo-m, foo-$(CONFIG_X): the parts of the composite foo.o; else NULL. */
static char *composite_of(const char *var)
{
	static const char *const flags[] = { "ccflags", "asflags", "ldflags", "subdir-", "extra-",
					     "hostprogs", "always", "targets", "clean-", "lib-",
					     "CFLAGS", "AFLAGS", "KASAN", "KCOV", "UBSAN", "GCOV",
					     "OBJECT_FILES", "KCSAN", "userprogs", "userccflags" };
	const char *dash;

	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (starts_with(var, flags[i]))
			return NULL;
	dash = strstr(var, "-$(CONFIG_");
	if (!dash) {
		size_t n = strlen(var);

		if (n > 2 && (!strcmp(var + n - 2, "-y") || !strcmp(var + n - 2, "-m")))
			dash = var + n - 2;
		else if (n > 5 && !strcmp(var + n - 5, "-objs"))
			dash = var + n - 5;
	}
	return dash && dash > var ? xstrndup(var, (size_t)(dash - var)) : NULL;
}

enum found { FOUND_NONE, FOUND_SYMBOL, FOUND_ALWAYS, FOUND_PART };

/* Look for the word obj in dir's Makefile or Kbuild; see connect_built_by(). */
static enum found find_in(struct plan *plan, const char *dir, const char *obj, char **out)
{
	static const char *const names[] = { "Makefile", "Kbuild" };
	enum found found = FOUND_NONE;

	for (size_t m = 0; m < 2 && found != FOUND_SYMBOL; m++) {
		char *mk = *dir ? xasprintf("%s/%s", dir, names[m]) : xstrdup(names[m]);
		const struct plan_file *f = plan_file(plan, mk);
		struct kbuild_file kf;
		struct strbuf err = STRBUF_INIT;

		if (f && kbuild_parse(&kf, mk, f->data, f->len, &err) == 0) {
			for (size_t i = 0; i < kf.n && found != FOUND_SYMBOL; i++) {
				const struct kbuild_line *l = &kf.lines[i];

				if (l->kind != KB_ASSIGN)
					continue;
				for (size_t w = 0; w < l->nwords && found != FOUND_SYMBOL; w++) {
					char *word = kbuild_word(&kf, &l->words[w]);
					int hit = !strcmp(word, obj);
					char *sym, *comp;

					free(word);
					if (!hit)
						continue;
					sym = kbuild_var_symbol(l->var);
					comp = is_obj_var(l->var) ? NULL : composite_of(l->var);
					if (sym && (is_obj_var(l->var) || comp)) {
						free(*out);
						*out = sym;
						found = FOUND_SYMBOL;
					} else if (comp && found == FOUND_NONE) {
						free(*out);
						*out = xasprintf("%s.o", comp);
						found = FOUND_PART;
						free(sym);
					} else if (is_obj_var(l->var) && found == FOUND_NONE) {
						found = FOUND_ALWAYS;
						free(sym);
					} else {
						free(sym);
					}
					free(comp);
				}
			}
			kbuild_release(&kf);
		}
		sb_release(&err);
		free(mk);
	}
	return found;
}

char *connect_built_by(struct plan *plan, const char *path)
{
	const char *slash = strrchr(path, '/');
	const char *dot = strrchr(path, '.');
	char *dir, *obj, *out = NULL;

	if (!slash || !dot || dot < slash)
		return NULL;
	dir = xstrndup(path, (size_t)(slash - path));
	obj = xasprintf("%.*s.o", (int)(dot - slash - 1), slash + 1);
	for (int steps = 0; steps < 64; steps++) {
		enum found f = find_in(plan, dir, obj, &out);

		if (f == FOUND_SYMBOL)
			break;
		if (f == FOUND_PART) {   /* the composite object, in the same directory */
			free(obj);
			obj = out;
			out = NULL;
			continue;
		}
		if (f == FOUND_NONE || !*dir)
			break;
		/* obj-y += f.o: the directory itself is built by its parent's line */
		slash = strrchr(dir, '/');
		free(obj);
		obj = xasprintf("%s/", slash ? slash + 1 : dir);
		if (slash)
			dir[slash - dir] = '\0';
		else
			dir[0] = '\0';
	}
	free(dir);
	free(obj);
	return out;
}

static void by_builds(struct removal *r, const struct strset *removed, struct connect_set *set,
		      struct strset *seen)
{
	struct strvec files = STRVEC_INIT, why = STRVEC_INIT;

	for (size_t i = 0; i < r->plan.nedits; i++) {
		const char *p = r->plan.edits[i].path;
		size_t n = strlen(p);

		if (n > 2 && !strcmp(p + n - 2, ".c") && !plan_is_deleted(&r->plan, p) &&
		    !sv_contains(&files, p)) {
			sv_push(&files, p);
			sv_push_owned(&why, xasprintf("builds %s, which the removal edits", p));
		}
	}
	for (size_t i = 0; i < r->links.n; i++) {
		const char *p = r->links.v[i].path;

		if (!sv_contains(&files, p)) {
			sv_push(&files, p);
			sv_push_owned(&why, xasprintf("builds %s, which uses %s (defined in removed %s)", p,
						      r->links.v[i].name, r->links.v[i].def_path));
		}
	}
	for (size_t i = 0; i < files.n; i++) {
		char *sym = connect_built_by(&r->readonly, files.v[i]);

		if (sym && !strset_has(removed, sym) && kconfig_is_defined(&r->db, sym))
			add(set, seen, sym, CONNECT_BUILDS, xstrdup(why.v[i]));
		free(sym);
	}
	sv_clear(&files);
	sv_clear(&why);
}

int connect_symbols(struct removal *r, struct connect_set *out, struct strbuf *err)
{
	struct strset removed = STRSET_INIT, seen = STRSET_INIT;

	(void)err;
	memset(out, 0, sizeof(*out));
	out->db = &r->db;
	for (size_t i = 0; i < r->kconfig.nremoved; i++)
		strset_add(&removed, r->kconfig.removed[i].name);
	for (size_t i = 0; i < r->kconfig.nremoved; i++)
		if (kconfig_is_defined(&r->db, r->kconfig.removed[i].name))
			add(out, &seen, r->kconfig.removed[i].name, CONNECT_REMOVED,
			    xstrdup(r->kconfig.removed[i].reason ? r->kconfig.removed[i].reason
								  : "requested"));
	by_attributes(&r->db, &removed, out, &seen);
	by_block(&r->db, &r->kconfig, &removed, out, &seen);
	by_builds(r, &removed, out, &seen);
	strset_clear(&removed);
	strset_clear(&seen);
	return 0;
}

void connect_release(struct connect_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		free(set->v[i].name);
		free(set->v[i].via);
	}
	free(set->v);
	memset(set, 0, sizeof(*set));
}

char *connect_describe(const struct connected *c)
{
	static const char *const how[] = { "removed", "selects", "depends", "block", "builds" };

	return xasprintf("%-8s %s: %s", how[c->how], c->name, c->via);
}

void connect_write_fragment(FILE *out, const struct connect_set *set, int before)
{
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < set->n; i++) {
			int removed = set->v[i].how == CONNECT_REMOVED;

			if (removed == pass && (before || !removed))
				fprintf(out, "CONFIG_%s=y\n", set->v[i].name);
		}
}
