/*
 * builtin/kbuild.c - excise kbuild: what the Makefiles of a tree say, for
 * scripts (sparse-diff.sh asks which options an object needs), read with
 * kbuild.c's parser instead of a second one in awk.
 *
 *   excise kbuild needs [-C TREE] [--config DOTCONFIG] OBJ...
 *
 * For each OBJ (path/to/file.o), the CONFIG_ options its build needs, one
 * level a directory: the Makefile (or Kbuild file) of its directory and of
 * each directory above it, up to the top-level one (not included).  At each
 * level the alternatives are the assignments that name it (obj-$(CONFIG_X)
 * += file.o, or a composite object that does: x-objs, x-y, x-$(CONFIG_Y),
 * followed up to 5 deep), each a conjunction of options, or "-" for none;
 * ifdef blocks are not read.  Output: "OBJ<TAB>LEVEL; LEVEL..." with the
 * alternatives of a level joined by " or ".  With --config, only the levels
 * that the .config file does not satisfy (no alternative whose options are
 * all y or m), and only the objects that have such a level: what the
 * configuration misses to build the object.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "builtin.h"
#include "kbuild.h"

/* The parsed Makefile of dir (its Kbuild file if it has one), or NULL. */
static struct kbuild_file *load_makefile(const char *root, const char *dir, struct strbuf *data)
{
	const char *names[] = { "Kbuild", "Makefile" };
	struct strbuf err = STRBUF_INIT;

	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
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
		int hit = 0;
		char *sym, *conj;
		size_t n;

		if (l->kind != KB_ASSIGN)
			continue;
		for (size_t w = 0; w < l->nwords && !hit; w++) {
			char *word = kbuild_word(kf, &l->words[w]);

			hit = !strcmp(word, target);
			free(word);
		}
		if (!hit)
			continue;
		sym = kbuild_var_symbol(l->var);
		conj = sym ? xasprintf("%s%sCONFIG_%s", need, *need ? " " : "", sym) : xstrdup(need);
		free(sym);
		n = strlen(l->var);
		if (starts_with(l->var, "obj-") || starts_with(l->var, "lib-")) {
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

/* True if every option of the conjunction alt is y or m in enabled ("" is always true). */
static int satisfied(const char *alt, const struct strset *enabled)
{
	char *copy = xstrdup(alt), *save = NULL;
	int ok = 1;

	for (char *sym = strtok_r(copy, " ", &save); sym && ok; sym = strtok_r(NULL, " ", &save))
		ok = strset_has(enabled, sym);
	free(copy);
	return ok;
}

/* The CONFIG_ options set to y or m in a .config file. */
static int load_config(const char *path, struct strset *enabled)
{
	struct strbuf sb = STRBUF_INIT;

	if (read_file(path, &sb) < 0)
		return -1;
	for (char *line = sb.buf; line && *line;) {
		char *nl = strchr(line, '\n'), *eq;

		if (nl)
			*nl = '\0';
		eq = strchr(line, '=');
		if (starts_with(line, "CONFIG_") && eq && (!strcmp(eq, "=y") || !strcmp(eq, "=m")))
			strset_addn(enabled, line, (size_t)(eq - line));
		line = nl ? nl + 1 : NULL;
	}
	sb_release(&sb);
	return 0;
}

/* The levels of obj: "A; B or C" (only unsatisfied ones with enabled); NULL if none. */
static char *needs(const char *root, const char *obj, const struct strset *enabled)
{
	char *dir = xstrdup(obj), *name, *slash = strrchr(dir, '/');
	struct strbuf data = STRBUF_INIT, res = STRBUF_INIT;

	name = xstrdup(slash ? slash + 1 : obj);
	if (slash)
		*slash = '\0';
	else
		dir[0] = '\0';
	while (dir[0] && strcmp(dir, "/")) {
		struct kbuild_file *kf = load_makefile(root, dir, &data);
		struct strvec alts = STRVEC_INIT;

		if (kf) {
			find_alternatives(kf, name, "", 0, &alts);
			kbuild_release(kf);
			free(kf);
		}
		sv_sort_uniq(&alts);
		if (alts.n) {
			int ok = 0;

			for (size_t i = 0; enabled && i < alts.n && !ok; i++)
				ok = satisfied(alts.v[i], enabled);
			if (!ok) {
				if (res.len)
					sb_adds(&res, "; ");
				for (size_t i = 0; i < alts.n; i++)
					sb_addf(&res, "%s%s", i ? " or " : "", *alts.v[i] ? alts.v[i] : "-");
			}
		}
		sv_clear(&alts);
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
	return res.len ? sb_detach(&res, NULL) : (sb_release(&res), NULL);
}

/* OBJ: an object path/to/file.o relative to the tree ("./" dropped), onto the strvec at value. */
static int parse_obj(const struct option *opt, const char *arg, struct strbuf *err)
{
	if (!ends_with(arg, ".o") || arg[0] == '/' || strstr(arg, "..")) {
		sb_addf(err, "kbuild: '%s': want an object path/to/file.o, relative to the tree", arg);
		return PARSE_OPT_ERROR;
	}
	sv_push(opt->value, starts_with(arg, "./") ? arg + 2 : arg);
	return PARSE_OPT_DONE;
}

int cmd_kbuild(int argc, char **argv)
{
	const char *root = NULL, *config = NULL, *bad;
	struct strset enabled = STRSET_INIT;
	struct strvec objs = STRVEC_INIT;
	struct strbuf err = STRBUF_INIT;
	int parsed;
	const struct option options[] = {
		OPT_STRING('C', NULL, &root, "TREE", "the kernel tree (default: the one the current "
			   "directory is in)"),
		OPT_STRING(0, "config", &config, "DOTCONFIG", "only what this .config misses"),
		OPT_ARGS_CALLBACK(&objs, "OBJ", parse_obj),
		OPT_END(),
	};

	if (argc > 1 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		show_help(stdout, "kbuild", options);
		return 0;
	}
	if (argc < 2 || strcmp(argv[1], "needs")) {
		if (argc >= 2)
			fprintf(stderr, "%s: kbuild: unknown query '%s'\n", progname, argv[1]);
		show_help(stderr, "kbuild", options);
		return 2;
	}
	/* The options of the query "needs", after it. */
	parsed = parse_options(argc - 1, argv + 1, options,
			       PARSE_OPT_SEPARATE_VALUES, &bad, &err);
	if (parsed != PARSE_OPT_DONE) {
		sv_clear(&objs);
		if (parsed == PARSE_OPT_HELP) {
			show_help(stdout, "kbuild", options);
			return 0;
		}
		if (parsed == PARSE_OPT_ERROR)   /* a bad OBJ: no usage */
			fprintf(stderr, "%s: %s\n", progname, err.buf);
		else
			usage_option_error("kbuild", parsed, bad, &err, "kbuild", options);
		sb_release(&err);
		return 2;
	}
	if (!objs.n) {
		show_help(stderr, "kbuild", options);
		return 2;
	}
	root = find_tree(root);
	if (config && load_config(config, &enabled) < 0) {
		fprintf(stderr, "%s: %s: cannot read the .config\n", progname, config);
		sv_clear(&objs);
		return 2;
	}
	for (size_t k = 0; k < objs.n; k++) {
		char *n = needs(root, objs.v[k], config ? &enabled : NULL);

		if (n)
			printf("%s\t%s\n", objs.v[k], n);
		free(n);
	}
	strset_clear(&enabled);
	sv_clear(&objs);
	return 0;
}
