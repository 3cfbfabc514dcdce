/*
 * kbuild_needs.c - the Kconfig options an object's build needs, read from
 * the Makefiles on its path (kbuild.h: kbuild_needs): one level per
 * directory, each a set of alternatives, each a conjunction of options.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kbuild.h"

/*
 * The parsed Makefile of dir (its Kbuild file if it has one; from = 1: its
 * Makefile, which an architecture's directory has beside it), or NULL; its
 * text in data.
 */
static struct kbuild_file *load_makefile(const char *root, const char *dir, size_t from, struct strbuf *data)
{
	const char *names[] = { "Kbuild", "Makefile" };
	struct strbuf err = STRBUF_INIT;

	for (size_t i = from; i < ARRAY_SIZE(names); i++) {
		char *rel = path_join(dir, names[i]);
		char *abs = path_join(root, rel);
		struct stat st;
		struct kbuild_file *kf = NULL;

		if (stat(abs, &st) == 0 && S_ISREG(st.st_mode)) {
			sb_reset(data);
			kf = xcalloc(1, sizeof(*kf));
			if (read_file(abs, data) < 0 ||
			    kbuild_parse(kf, rel, data->buf ? data->buf : "", data->len, &err) < 0) {
				free(kf);
				kf = NULL;
			}
			free(abs);
			free(rel);
			sb_release(&err);
			return kf;
		}
		free(abs);
		free(rel);
	}
	sb_release(&err);
	return NULL;
}

/*
 * True if the assignment l names target: a word of its value, or (an
 * architecture's Makefile: machine-$(CONFIG_X) += NAME) the directory
 * mach-NAME/ it makes of one.
 */
static int names_target(const struct kbuild_file *kf, const struct kbuild_line *l, const char *target)
{
	int hit = 0, machine = starts_with(l->var, "machine-") && starts_with(target, "mach-");

	for (size_t w = 0; w < l->nwords && !hit; w++) {
		char *word = kbuild_word(kf, &l->words[w]);

		if (machine) {
			char *dir = xasprintf("mach-%s/", word);

			hit = !strcmp(dir, target);
			free(dir);
		} else {
			hit = !strcmp(word, target);
		}
		free(word);
	}
	return hit;
}

/*
 * The alternatives that build target (a word of an assignment) in kf, each
 * a space-separated conjunction of CONFIG_ options ("" for none), added to
 * out with need in front.
 */
static void find_alternatives(const struct kbuild_file *kf, const char *target, const char *need,
			      int depth, struct strvec *out)
{
	if (depth > 5)
		return;
	for (size_t i = 0; i < kf->n; i++) {
		const struct kbuild_line *l = &kf->lines[i];
		char *sym, *conj;
		size_t n;

		if (l->kind != KB_ASSIGN || !names_target(kf, l, target))
			continue;
		sym = kbuild_var_symbol(l->var);
		conj = sym ? xasprintf("%s%sCONFIG_%s", need, *need ? " " : "", sym) : xstrdup(need);
		free(sym);
		n = strlen(l->var);
		if (starts_with(l->var, "obj-") || starts_with(l->var, "lib-") || starts_with(l->var, "machine-")) {
			sv_push(out, conj);
		} else {
			/* A composite object: x-objs, x-y, x-m, x-$(CONFIG_Y) name x.o. */
			const char *dash = strrchr(l->var, '-');
			size_t base = 0;

			if (ends_with(l->var, "-objs"))
				base = n - 5;
			else if (ends_with(l->var, "-y") || ends_with(l->var, "-m"))
				base = n - 2;
			else if (dash && starts_with(dash, "-$(CONFIG_") && ends_with(l->var, ")"))
				base = (size_t)(dash - l->var);
			if (base) {
				char *obj = xasprintf("%.*s.o", (int)base, l->var);

				find_alternatives(kf, obj, conj, depth + 1, out);
				free(obj);
			}
		}
		free(conj);
	}
}

/*
 * The alternatives of target in the Makefiles dir's Makefile includes from
 * its own directory (include $(src)/Makefile.x), each under the options of
 * the ifdef blocks around its include line (the Samsung platforms' way).
 */
static void included_alternatives(const char *root, const char *dir, const struct kbuild_file *kf,
				  const char *target, struct strvec *out)
{
	for (size_t i = 0; i < kf->n; i++) {
		const struct kbuild_line *l = &kf->lines[i];
		char *text = xstrndup(kf->buf + l->start, l->end - l->start), *slash, *name, *rel, *abs;
		struct strbuf need = STRBUF_INIT, data = STRBUF_INIT, err = STRBUF_INIT;
		struct kbuild_file inc;

		if (l->kind != KB_OTHER || !starts_with(text, "include") || !(slash = strrchr(text, '/')) ||
		    !starts_with(slash + 1, "Makefile.") || strstr(text, "$(srctree)/scripts")) {
			free(text);
			continue;
		}
		name = xstrndup(slash + 1, strcspn(slash + 1, " \t\n"));
		for (size_t j = 0; j < i; j++) {
			int neg = 0;
			char *sym = kf->lines[j].kind == KB_IF && kf->lines[j].match > i
					    ? kbuild_cond_symbol(kf->lines[j].cond, &neg) : NULL;

			if (sym && !neg)
				sb_addf(&need, "%sCONFIG_%s", need.len ? " " : "", sym);
			free(sym);
		}
		rel = path_join(dir, name);
		abs = path_join(root, rel);
		if (read_file(abs, &data) == 0 &&
		    kbuild_parse(&inc, rel, data.buf ? data.buf : "", data.len, &err) == 0) {
			find_alternatives(&inc, target, need.buf ? need.buf : "", 0, out);
			kbuild_release(&inc);
		}
		sb_release(&need), sb_release(&data), sb_release(&err);
		free(text), free(name), free(rel), free(abs);
	}
}

int kbuild_needs(const char *root, const char *obj, struct kbuild_needs *out)
{
	char *dir = xstrdup(obj), *name, *slash = strrchr(dir, '/');
	struct strbuf data = STRBUF_INIT;
	size_t cap = 0;

	memset(out, 0, sizeof(*out));
	name = xstrdup(slash ? slash + 1 : obj);
	if (slash)
		*slash = '\0';
	else
		dir[0] = '\0';
	while (dir[0] && strcmp(dir, "/")) {
		struct strvec alts = STRVEC_INIT;

		for (size_t from = 0; from < 2 && !alts.n; from++) {
			struct kbuild_file *kf = load_makefile(root, dir, from, &data);

			if (!kf)
				break;
			find_alternatives(kf, name, "", 0, &alts);
			if (!alts.n)
				included_alternatives(root, dir, kf, name, &alts);
			from = starts_with(kf->path, "Makefile") || strstr(kf->path, "/Makefile") ? 1 : from;
			kbuild_release(kf);
			free(kf);
		}
		sv_sort_uniq(&alts);
		if (alts.n) {
			GROW(out->levels, cap, out->n + 1);
			out->levels[out->n].dir = xstrdup(dir);
			out->levels[out->n++].alts = alts;
		} else {
			sv_clear(&alts);
		}
		slash = strrchr(dir, '/');
		free(name);
		name = xasprintf("%s/", slash ? slash + 1 : dir);
		if (slash)
			*slash = '\0';
		else
			dir[0] = '\0';
	}
	free(name);
	free(dir);
	sb_release(&data);
	return 0;
}

void kbuild_needs_release(struct kbuild_needs *n)
{
	for (size_t i = 0; i < n->n; i++) {
		free(n->levels[i].dir);
		sv_clear(&n->levels[i].alts);
	}
	free(n->levels);
	memset(n, 0, sizeof(*n));
}

/* True if every option of the conjunction alt is y or m in enabled ("" is always true). */
int kbuild_alt_satisfied(const char *alt, const struct strset *enabled)
{
	char *copy = xstrdup(alt), *save = NULL;
	int ok = 1;

	for (char *sym = strtok_r(copy, " ", &save); sym && ok; sym = strtok_r(NULL, " ", &save))
		ok = strset_has(enabled, sym);
	free(copy);
	return ok;
}

char *kbuild_needs_describe(const struct kbuild_needs *n, const struct strset *enabled)
{
	struct strbuf res = STRBUF_INIT;

	for (size_t k = 0; k < n->n; k++) {
		const struct strvec *alts = &n->levels[k].alts;
		int ok = 0;

		for (size_t i = 0; enabled && i < alts->n && !ok; i++)
			ok = kbuild_alt_satisfied(alts->v[i], enabled);
		if (ok)
			continue;
		if (res.len)
			sb_adds(&res, "; ");
		for (size_t i = 0; i < alts->n; i++)
			sb_addf(&res, "%s%s", i ? " or " : "", *alts->v[i] ? alts->v[i] : "-");
	}
	return res.len ? sb_detach(&res, NULL) : (sb_release(&res), NULL);
}
