/*
 * series_text.c - the words of a split series: the title and subject
 * prefix (the spec's, else learnt from git history or the path), each
 * commit's subject and body, and the cover letter, wrapped at 72 columns.
 * Which edit lands in which commit is series.c's job; this file only reads
 * the split (struct splitter, series_split.h) and the plan's causes, and
 * series_split() asks series.c for the split, then writes its words.
 */
#include "series_split.h"
#include "maintainers.h"
#include "run_command.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers ---- */

static char *capitalized(const char *s)
{
	char *c = xstrdup(s);

	c[0] = (char)toupper((unsigned char)c[0]);
	return c;
}

/* "the ixgb driver" -> "ixgb driver" (for "the ... entry"). */
static const char *without_article(const char *title)
{
	return starts_with(title, "the ") ? title + 4 : title;
}

/* ---- names ---- */

static const struct {
	const char *arch;
	const char *prefix;
} arch_prefixes[] = {
	{ "arc", "ARC: configs" },         { "arm", "ARM: configs" },
	{ "arm64", "arm64: defconfig" },   { "loongarch", "LoongArch: configs" },
	{ "m68k", "m68k: defconfig" },     { "mips", "MIPS: configs" },
	{ "powerpc", "powerpc/configs" },  { "s390", "s390/configs" },
	{ "x86", "x86/configs" },
};

/*
 * The most common subject prefix ("ARM: configs") of the recent commits that
 * touched paths, if the tree has such history: at least two commits and a
 * third of those with a prefix.  NULL otherwise (new string).
 */
static char *history_prefix(const struct splitter *sp, const struct strvec *paths)
{
	struct strvec argv = STRVEC_INIT, prefixes = STRVEC_INIT;
	struct strbuf out = STRBUF_INIT;
	char *best = NULL;
	size_t best_n = 0;

	if (!sp->opt->use_history || !sp->r->tree.is_git || !paths->n)
		return NULL;
	sv_push(&argv, "git");
	sv_push(&argv, "log");
	sv_push(&argv, "-n");
	sv_push(&argv, "50");
	sv_push(&argv, "--no-merges");
	sv_push(&argv, "--format=%s");
	sv_push(&argv, "--");
	for (size_t i = 0; i < paths->n; i++)
		sv_push(&argv, paths->v[i]);
	GROW(argv.v, argv.cap, argv.n + 1);
	argv.v[argv.n] = NULL;
	if (run_capture(sp->r->tree.root, argv.v, &out, 1) == 0) {
		for (char *line = out.buf; line && *line;) {
			char *nl = strchr(line, '\n'), *sep = NULL;
			int ok = 1;

			if (nl)
				*nl = '\0';
			for (char *p = line; (p = strstr(p, ": ")); p += 2)
				sep = p;
			if (starts_with(line, "Revert") || starts_with(line, "Merge") || !sep || sep == line)
				ok = 0;
			/* "net: ethernet: intel" or "x86/configs", not "Fix the foo: ..." */
			for (char *p = line; ok && p < sep; p++)
				if (*p == ' ' && (p == line || p[-1] != ':'))
					ok = 0;
			if (ok)
				sv_push_owned(&prefixes, xstrndup(line, (size_t)(sep - line)));
			line = nl ? nl + 1 : NULL;
		}
	}
	for (size_t i = 0; i < prefixes.n; i++) {
		size_t n = 0;

		for (size_t k = 0; k < prefixes.n; k++)
			n += !strcmp(prefixes.v[i], prefixes.v[k]);
		if (n > best_n) {
			best_n = n;
			best = prefixes.v[i];
		}
	}
	best = best_n >= 2 && best_n * 3 >= prefixes.n ? xstrdup(best) : NULL;
	sv_clear(&argv);
	sv_clear(&prefixes);
	sb_release(&out);
	return best;
}

/* The prefix of arch's defconfig commits. */
/* The most common prefix of the history of directory dir, or NULL (new string). */
static char *dir_history_prefix(const struct splitter *sp, char *dir)
{
	struct strvec v = STRVEC_INIT;
	char *p;

	sv_push_owned(&v, dir);
	p = history_prefix(sp, &v);
	sv_clear(&v);
	return p;
}

/* "ARM: configs" for arm's defconfigs: the history's prefix, else the kernel's usual one. */
static char *arch_prefix(const struct splitter *sp, const char *arch)
{
	char *p = dir_history_prefix(sp, xasprintf("arch/%s/configs", arch));

	if (p)
		return p;
	for (size_t i = 0; i < ARRAY_SIZE(arch_prefixes); i++)
		if (!strcmp(arch_prefixes[i].arch, arch))
			return xstrdup(arch_prefixes[i].prefix);
	return xasprintf("%s: configs", arch);
}

/* "ARM: dts" for arm's device trees: the history's prefix, else the arch part of arch_prefixes. */
static char *dts_prefix(const struct splitter *sp, const char *arch)
{
	char *p = dir_history_prefix(sp, xasprintf("arch/%s/boot/dts", arch));

	if (p)
		return p;
	for (size_t i = 0; i < ARRAY_SIZE(arch_prefixes); i++)
		if (!strcmp(arch_prefixes[i].arch, arch))
			return xasprintf("%.*s: dts", (int)strcspn(arch_prefixes[i].prefix, ":/"),
					 arch_prefixes[i].prefix);
	return xasprintf("%s: dts", arch);
}

/*
 * The subject prefix of the place a path lives in, as the kernel writes it:
 * drivers/net/ethernet/intel/ixgb -> "net: ethernet: intel", mm/slob.c ->
 * "mm", fs/intermezzo -> "fs", arch/arm/mach-foo -> "ARM".  NULL at the top.
 */
static char *path_prefix(const char *path)
{
	char *dir = dir_name(path), *out = NULL;

	if (!dir[0]) {
		free(dir);
		return NULL;
	}
	if (!strcmp(dir, "drivers")) {
		out = xstrdup("drivers");
	} else if (starts_with(dir, "drivers/")) {
		struct strbuf sb = STRBUF_INIT;

		for (const char *p = dir + 8; *p; p++) {
			if (*p == '/')
				sb_adds(&sb, ": ");
			else
				sb_addc(&sb, *p);
		}
		out = sb_detach(&sb, NULL);
	} else if (starts_with(dir, "arch/")) {
		const char *a = dir + 5, *slash = strchr(a, '/');
		char *arch = slash ? xstrndup(a, (size_t)(slash - a)) : xstrdup(a);

		out = xstrdup(arch);
		for (size_t i = 0; i < ARRAY_SIZE(arch_prefixes); i++)
			if (!strcmp(arch_prefixes[i].arch, arch)) {
				const char *pf = arch_prefixes[i].prefix;

				free(out);
				out = xstrndup(pf, strcspn(pf, ":/"));
			}
		free(arch);
	} else if (starts_with(dir, "sound/soc")) {
		/* The sound trees' own prefixes: "ASoC: samsung", "ALSA: usb-audio". */
		out = dir[9] == '/' ? xasprintf("ASoC: %s", dir + 10) : xstrdup("ASoC");
	} else if (starts_with(dir, "sound/")) {
		out = xasprintf("ALSA: %s", dir + 6);
	} else {
		out = xstrdup(dir);
	}
	free(dir);
	return out;
}

/* The last directory of path, or its file name without the extension, when path is a file (new string). */
static char *driver_name(const char *path, int is_dir)
{
	const char *base = path_basename(path);
	const char *dot = is_dir ? NULL : strrchr(base, '.');

	return dot && dot > base ? xstrndup(base, (size_t)(dot - base)) : xstrdup(base);
}

/*
 * The subject prefix the subsystem's own list writes, when the MAINTAINERS
 * sections of the removed files say which list that is (new string), or
 * NULL: "wifi: NAME" for a linux-wireless driver, "net/sched" for a
 * qdisc or classifier of netdev, "ASoC: DIR" for alsa-devel's sound/soc,
 * "dt-bindings: DIR" for devicetree's bindings.
 */
static char *maintainers_prefix(const struct splitter *sp, const char *home)
{
	const struct removal *r = sp->r;
	const struct plan_file *f = plan_find(sp->plan, "MAINTAINERS");
	struct maintainers_section *secs;
	struct strvec lists = STRVEC_INIT;
	size_t nsec;
	char *out = NULL;
	int is_dir = 0;

	if (!f)
		return NULL;
	for (size_t i = 0; i < sp->plan->ndels; i++)
		if (!strcmp(sp->plan->dels[i].path, home))
			is_dir = sp->plan->dels[i].is_dir;
	nsec = maintainers_sections(f->data, f->len, &r->fp, &r->tree, &secs);
	for (size_t i = 0; i < nsec; i++)
		for (size_t p = secs[i].title_end; secs[i].nowned && p < secs[i].end;
		     p = line_end(f->data, f->len, p))
			if (!strncmp(f->data + p, "L:", 2)) {
				const char *v = f->data + p + 2;

				v += strspn(v, " \t");
				sv_push_owned(&lists, xstrndup(v, strcspn(v, " \t\r\n")));
			}
	free(secs);
	for (size_t i = 0; i < lists.n && !out; i++) {
		const char *l = lists.v[i];

		if (starts_with(l, "linux-wireless@") && starts_with(home, "drivers/net/wireless/")) {
			char *name = driver_name(home, is_dir);

			out = xasprintf("wifi: %s", name);
			free(name);
		} else if (starts_with(l, "netdev@") && starts_with(home, "net/sched/")) {
			out = xstrdup("net/sched");
		} else if (starts_with(l, "alsa-devel@") && starts_with(home, "sound/soc/")) {
			char *dir = is_dir ? xstrdup(home) : dir_name(home);

			out = strchr(dir + 10, '/') || !dir[9] ? xstrdup("ASoC")
							     : xasprintf("ASoC: %s", dir + 10);
			free(dir);
		} else if (starts_with(l, "devicetree@") &&
			   starts_with(home, "Documentation/devicetree/bindings/")) {
			const char *sub = home + strlen("Documentation/devicetree/bindings/");

			out = strchr(sub, '/') ? xasprintf("dt-bindings: %.*s", (int)strcspn(sub, "/"), sub)
					       : xstrdup("dt-bindings");
		}
	}
	sv_clear(&lists);
	return out;
}

/* The number of files a deletion removes (directories counted from the tree's file list). */
static size_t deleted_files(const struct removal *r, const struct deletion *d)
{
	size_t n = 0, dl = strlen(d->path);

	if (!d->is_dir)
		return 1;
	for (size_t i = 0; i < r->tree.files.n; i++)
		n += !strncmp(r->tree.files.v[i], d->path, dl) && r->tree.files.v[i][dl] == '/';
	return n;
}

/* The main definition of the subsystem: the first own symbol with a prompt, else the first defined. */
static const struct kconfig_def *main_def(const struct splitter *sp)
{
	const struct kconfig_def *first = NULL;

	if (sp->r->fp.name && strset_has(&sp->own, sp->r->fp.name)) {
		size_t n;
		const struct kconfig_def *d = kconfig_defs(&sp->r->db, sp->r->fp.name, &n);

		if (n)
			return d;
	}
	for (size_t i = 0; i < sp->r->fp.symbols.n; i++) {
		const char *sym = sp->r->fp.symbols.v[i];
		size_t n;
		const struct kconfig_def *d;

		if (!strset_has(&sp->own, sym))
			continue;
		d = kconfig_defs(&sp->r->db, sym, &n);
		for (size_t k = 0; k < n; k++) {
			if (d[k].prompt)
				return &d[k];
			if (!first)
				first = &d[k];
		}
	}
	return first;
}

/* The subsystem's home: its largest deleted path, else the Kconfig file that defines it. */
static const char *home_path(const struct splitter *sp)
{
	const char *best = NULL;
	size_t best_n = 0;
	const struct kconfig_def *d;

	for (size_t i = 0; i < sp->plan->ndels; i++) {
		size_t n = deleted_files(sp->r, &sp->plan->dels[i]);

		/* a header names the code it declares, not where it lives (include/net/x.h) */
		if (best && !starts_with(best, "include/") && starts_with(sp->plan->dels[i].path, "include/"))
			continue;
		if (sp->del_slot[i].area == AREA_SUBSYSTEM &&
		    (n > best_n || (best && starts_with(best, "include/") &&
				    !starts_with(sp->plan->dels[i].path, "include/")))) {
			best_n = n;
			best = sp->plan->dels[i].path;
		}
	}
	if (best)
		return best;
	d = main_def(sp);
	return d ? d->path : NULL;
}

static int contains_word_ci(const char *s, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = s; p && *p; p++)
		if (!strncasecmp(p, word, n))
			return 1;
	return 0;
}

/*
 * "the SLOB allocator", "the ixgb driver": the spec's title, else one made
 * from the name, a noun in the main symbol's prompt, or the path.
 */
static char *derive_title(const struct splitter *sp, const char *home)
{
	static const struct {
		const char *word, *noun;
	} nouns[] = {
		{ "allocator", "allocator" }, { "file system", "filesystem" },
		{ "filesystem", "filesystem" }, { "driver", "driver" }, { "scheduler", "scheduler" },
		{ "governor", "governor" },   { "protocol", "protocol" },
	};
	const struct footprint *fp = &sp->r->fp;
	const struct kconfig_def *d = main_def(sp);
	const char *noun = NULL;

	if (fp->title && fp->spec_files.n)
		return xstrdup(fp->title);
	for (size_t i = 0; d && d->prompt && i < ARRAY_SIZE(nouns) && !noun; i++)
		if (contains_word_ci(d->prompt, nouns[i].word))
			noun = nouns[i].noun;
	if (!noun && home) {
		if (starts_with(home, "drivers/") || starts_with(home, "sound/"))
			noun = "driver";
		else if (starts_with(home, "fs/"))
			noun = "filesystem";
	}
	return noun ? xasprintf("the %s %s", fp->name, noun) : xasprintf("%s support", fp->name);
}

/* The CONFIG_ symbols a commit's defconfig edits drop or replace, "X" or "X>Y" (sorted, unique). */
static void defconfig_symbols(const struct plan *plan, const struct series_commit *c,
			      struct strvec *out, int *replaced)
{
	*replaced = 0;
	for (size_t i = 0; i < c->nedits; i++) {
		const struct edit *e = &plan->edits[c->edits[i]];

		if (!e->cause.symbol)
			continue;
		if (e->cause.to) {
			sv_push_owned(out, xasprintf("%s>%s", e->cause.symbol, e->cause.to));
			*replaced = 1;
		} else {
			sv_push(out, e->cause.symbol);
		}
	}
	sv_sort_uniq(out);
	/* "X" next to "X>Y": the replacement also deleted X's "is not set" line of Y. */
	for (size_t i = 0; i < out->n; i++) {
		size_t n = strlen(out->v[i]);

		for (size_t k = 0; k < out->n; k++)
			if (k != i && !strncmp(out->v[k], out->v[i], n) && out->v[k][n] == '>') {
				free(out->v[i]);
				memmove(&out->v[i], &out->v[i + 1], (out->n - i - 1) * sizeof(char *));
				out->n--;
				i--;
				break;
			}
	}
}

static void config_list(struct strbuf *sb, const struct strvec *syms)
{
	for (size_t i = 0; i < syms->n; i++) {
		const char *gt = strchr(syms->v[i], '>');

		if (i)
			sb_adds(sb, i + 1 == syms->n ? " and " : ", ");
		sb_addf(sb, "CONFIG_%.*s", gt ? (int)(gt - syms->v[i]) : (int)strlen(syms->v[i]),
			syms->v[i]);
	}
}

/*
 * The architecture of a commit's defconfigs: its key, or (one commit for
 * all) the one they all are of; NULL when they are of several (new string).
 */
static char *defconfig_arch(const struct series_commit *c)
{
	char *arch = NULL;

	if (c->key[0])
		return xstrdup(c->key);
	for (size_t i = 0; i < c->paths.n; i++) {
		char *a = config_arch(c->paths.v[i]);

		if (!a || (arch && strcmp(a, arch))) {
			free(a);
			free(arch);
			return NULL;
		}
		free(arch);
		arch = a;
	}
	return arch;
}

/* The prefix of a defconfig commit: its architecture's, else the history of its paths, else "arch: configs". */
static char *defconfig_prefix(const struct splitter *sp, const struct series_commit *c)
{
	char *arch = defconfig_arch(c), *p;

	if (arch) {
		p = arch_prefix(sp, arch);
		free(arch);
		return p;
	}
	p = history_prefix(sp, &c->paths);
	return p ? p : xstrdup("arch: configs");
}

static char *defconfig_subject(const struct splitter *sp, const struct series_commit *c)
{
	struct strvec syms = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;
	char *prefix = defconfig_prefix(sp, c);
	int replaced;

	defconfig_symbols(sp->plan, c, &syms, &replaced);
	sb_addf(&sb, "%s: ", prefix);
	if (syms.n == 1 && replaced) {
		const char *gt = strchr(syms.v[0], '>');

		sb_addf(&sb, "replace CONFIG_%.*s with CONFIG_%s", (int)(gt - syms.v[0]), syms.v[0], gt + 1);
	} else if (syms.n && syms.n <= 2) {
		sb_adds(&sb, "drop ");
		config_list(&sb, &syms);
	} else if (!syms.n && c->ndels == 1) {
		sb_addf(&sb, "remove %s", path_basename(sp->plan->dels[c->dels[0]].path));
	} else if (!syms.n && c->ndels) {
		sb_addf(&sb, "remove the defconfigs of %s", sp->title);
	} else {
		sb_addf(&sb, "drop the options of %s", sp->title);
	}
	free(prefix);
	sv_clear(&syms);
	return sb_detach(&sb, NULL);
}

/* A prefix for commit c: history of its paths, else the common place of its paths, else fallback. */
static char *commit_prefix(const struct splitter *sp, const struct series_commit *c,
			   const char *fallback)
{
	char *p = history_prefix(sp, &c->paths), *common = NULL;

	if (p)
		return p;
	for (size_t i = 0; i < c->paths.n; i++) {
		char *q = path_prefix(c->paths.v[i]);

		if (!q || (common && strcmp(q, common))) {
			free(q);
			free(common);
			return xstrdup(fallback);
		}
		if (!common)
			common = q;
		else
			free(q);
	}
	return common ? common : xstrdup(fallback);
}

/* The dependents commit c removes (its family's), sorted, appended to out. */
static void commit_dependents(const struct splitter *sp, const struct series_commit *c,
			      struct strvec *out)
{
	struct strvec all = STRVEC_INIT;

	strset_to_sorted(&sp->dependents, &all);
	for (size_t i = 0; i < all.n; i++)
		if (!strcmp(dependent_family(sp, all.v[i]), c->key))
			sv_push(out, all.v[i]);
	sv_clear(&all);
}

/* A dependents commit's prefix: the history of its paths, else its family's directory. */
static char *family_prefix(const struct splitter *sp, const struct series_commit *c)
{
	char *p = history_prefix(sp, &c->paths), *probe;

	if (p || !c->key[0])
		return p ? p : commit_prefix(sp, c, sp->prefix);
	probe = xasprintf("%s/-", c->key);
	p = path_prefix(probe);
	free(probe);
	return p ? p : commit_prefix(sp, c, sp->prefix);
}

static char *docs_prefix(const struct series_commit *c)
{
	const char *first = NULL;
	size_t fl = 0;

	/* "docs: networking" when every file is under one Documentation/<dir>/. */
	for (size_t i = 0; i < c->paths.n; i++) {
		const char *p = c->paths.v[i], *sub, *slash;

		if (!starts_with(p, "Documentation/"))
			return xstrdup("docs");
		sub = p + 14;
		slash = strchr(sub, '/');
		if (!slash)
			return xstrdup("docs");
		if (!first) {
			first = sub;
			fl = (size_t)(slash - sub);
		} else if ((size_t)(slash - sub) != fl || strncmp(first, sub, fl)) {
			return xstrdup("docs");
		}
	}
	return first ? xasprintf("docs: %.*s", (int)fl, first) : xstrdup("docs");
}

static char *subject_of(const struct splitter *sp, const struct series_commit *c)
{
	const struct removal *r = sp->r;
	char *prefix, *out;

	switch (c->area) {
	case AREA_DEFCONFIG:
		return defconfig_subject(sp, c);
	case AREA_DTS:
		prefix = dts_prefix(sp, c->key);
		out = xasprintf("%s: remove the device trees of %s", prefix, sp->title);
		free(prefix);
		return out;
	case AREA_DEPENDENTS: {
		struct strvec syms = STRVEC_INIT;

		commit_dependents(sp, c, &syms);
		prefix = family_prefix(sp, c);
		/* The longest form that fits in a subject line (72 columns), the body says the rest. */
		out = syms.n == 1 ? xasprintf("%s: remove %s, which depends on %s", prefix, syms.v[0],
					      sp->title)
				  : xasprintf("%s: remove the %zu options that depend on %s", prefix,
					      syms.n, sp->title);
		if (strlen(out) > WRAP) {
			free(out);
			out = syms.n == 1 ? xasprintf("%s: remove %s", prefix, syms.v[0])
					  : xasprintf("%s: remove %zu options of %s", prefix, syms.n, sp->title);
		}
		if (strlen(out) > WRAP) {
			free(out);
			out = xasprintf("%s: remove %zu dependent option%s", prefix, syms.n,
					syms.n == 1 ? "" : "s");
		}
		free(prefix);
		sv_clear(&syms);
		return out;
	}
	case AREA_SUBSYSTEM:
		return xasprintf("%s: remove %s", sp->prefix, sp->title);
	case AREA_MAINTAINERS:
		if (r->maintainers.n)
			return xasprintf("MAINTAINERS: remove the %s entr%s", without_article(sp->title),
					 r->maintainers.n == 1 ? "y" : "ies");
		return xasprintf("MAINTAINERS: drop the paths of %s", sp->title);
	case AREA_DOCS:
		prefix = docs_prefix(c);
		out = c->ndels ? xasprintf("%s: remove the documentation of %s", prefix, sp->title)
			       : xasprintf("%s: drop mentions of %s", prefix, sp->title);
		free(prefix);
		return out;
	}
	return xstrdup("remove");
}

/* ---- bodies ---- */

/*
 * What an edit does, in a kernel developer's words, from its kind and cause
 * (new string): "no longer build foo.o", not the planner's "obj-$(CONFIG_X):
 * CONFIG_X is removed"; the edit's own reason where it reads well.
 */
static char *change_words(const struct edit *e)
{
	const struct strvec *p = &e->cause.paths;
	struct strbuf sb = STRBUF_INIT;

	switch (e->kind) {
	case KIND_MAKEFILE:
		if (p->n) {
			sb_adds(&sb, e->cause.symbol ? "drop the rule that builds " : "no longer build ");
			for (size_t i = 0; i < p->n && i < 3; i++)
				sb_addf(&sb, "%s%s", i ? (i + 1 == p->n ? " and " : ", ") : "", p->v[i]);
			if (p->n > 3)
				sb_addf(&sb, " and %zu more", p->n - 3);
			if (e->cause.symbol)
				sb_addf(&sb, " for CONFIG_%s", e->cause.symbol);
			return sb_detach(&sb, NULL);
		}
		if (e->cause.symbol)
			return xasprintf("drop the build rule of CONFIG_%s", e->cause.symbol);
		break;
	case KIND_KCONFIG_SOURCE:
		if (p->n)
			return xasprintf("drop `source \"%s\"`, a file removed here", p->v[0]);
		break;
	case KIND_KCONFIG_IF:
		if (e->cause.symbol)
			return xasprintf("drop the `if %s` block", e->cause.symbol);
		break;
	default:
		break;
	}
	sb_release(&sb);
	return xstrdup(e->reason ? e->reason : kind_name(e->kind));
}

/* "  path: what changes" lines, one per changed file, with the count of its changes. */
static void list_changes(struct strbuf *sb, const struct plan *plan, const struct series_commit *c)
{
	for (size_t i = 0; i < c->nedits;) {
		const struct edit *e = &plan->edits[c->edits[i]];
		size_t j = i, distinct = 0;
		struct strvec reasons = STRVEC_INIT;

		while (j < c->nedits && !strcmp(plan->edits[c->edits[j]].path, e->path)) {
			char *why = change_words(&plan->edits[c->edits[j]]);

			if (!sv_contains(&reasons, why))
				sv_push(&reasons, why);
			free(why);
			j++;
		}
		distinct = reasons.n;
		sb_addf(sb, "  %s: ", e->path);
		sb_adds(sb, distinct ? reasons.v[0] : kind_name(e->kind));
		if (distinct > 1)
			sb_addf(sb, " (and %zu more change%s)", j - i - 1, j - i - 1 == 1 ? "" : "s");
		else if (j - i > 1)
			sb_addf(sb, " (%zu changes)", j - i);
		sb_addc(sb, '\n');
		sv_clear(&reasons);
		i = j;
	}
}

/* "  path:line: reason" for each edit of c but those that remove a whole MAINTAINERS section. */
static void list_line_edits(struct strbuf *sb, const struct plan *plan,
			    const struct series_commit *c)
{
	for (size_t i = 0; i < c->nedits; i++) {
		const struct edit *e = &plan->edits[c->edits[i]];
		const struct plan_file *f = plan_find(plan, e->path);

		if (e->cause.section)
			continue;
		sb_addf(sb, "  %s:%zu: %s\n", e->path, f ? line_of_offset(f->data, e->start) : 0,
			e->reason ? e->reason : kind_name(e->kind));
	}
}

static void list_deletions(struct strbuf *sb, const struct removal *r, const struct plan *plan,
			   const struct series_commit *c)
{
	for (size_t i = 0; i < c->ndels; i++) {
		const struct deletion *d = &plan->dels[c->dels[i]];

		if (d->is_dir) {
			size_t n = deleted_files(r, d);

			sb_addf(sb, "  %s/ (%zu file%s)\n", d->path, n, n == 1 ? "" : "s");
		} else {
			sb_addf(sb, "  %s\n", d->path);
		}
	}
}

/*
 * True if note n (left for review) names what goes: one of its symbols, a
 * deleted path, or a deleted file with its directory ("mach-foo/core.c").
 * A line that only shares a file's name ("kernel/sched/core.c" for
 * arch/arm/mach-foo/core.c) names something else.
 */
static int names_what_goes(const struct splitter *sp, const struct note *n)
{
	const struct removal *r = sp->r;
	int hit = 0;

	if (!n->text || n->cause.symbol)
		return 1;
	for (size_t i = 0; i < r->fp.symbols.n && !hit; i++)
		hit = strstr(n->text, r->fp.symbols.v[i]) != NULL;
	for (size_t i = 0; i < sp->plan->ndels && !hit; i++) {
		const struct deletion *d = &sp->plan->dels[i];
		const char *base = path_basename(d->path);
		char *dir = dir_name(d->path);
		char *two = d->is_dir ? xstrdup(base) : xasprintf("%s/%s", path_basename(dir), base);

		hit = strstr(n->text, d->path) || (dir[0] && strstr(n->text, two));
		free(two);
		free(dir);
	}
	return hit;
}

static void list_notes(struct strbuf *sb, const struct splitter *sp, const struct series *s,
		       const struct series_commit *c, enum ref_action action, const char *heading)
{
	const struct plan *plan = sp->plan;
	size_t any = 0, shared = 0;

	for (size_t i = 0; i < plan->nnotes; i++) {
		const struct note *n = &plan->notes[i];

		if (n->action != action || (c && note_commit(s, n) != c))
			continue;
		if (action == ACTION_REVIEW && !names_what_goes(sp, n)) {
			shared++;
			continue;
		}
		if (!any++)
			sb_addf(sb, "\n%s\n", heading);
		sb_addf(sb, "  %s:%zu: %s\n", n->path, n->line, n->reason ? n->reason : kind_name(n->kind));
	}
	if (shared)
		sb_addf(sb, "\n%zu line%s that only share%s a file name with what goes (such as "
			    "another directory's core.c) %s not listed for review.\n", shared,
			shared == 1 ? "" : "s", shared == 1 ? "s" : "", shared == 1 ? "is" : "are");
}

/* "earlier in this series" / "in the previous patch" for commit c relative to the commit at. */
static const char *where(const struct series *s, const struct series_commit *at,
			 const struct series_commit *c)
{
	long d = (long)(c - s->commits) - (long)(at - s->commits);

	return d == -1 ? "in the previous patch" : d == 1 ? "in the next patch" :
	       d < 0 ? "earlier in this series" : "later in this series";
}

static void body_defconfig(struct strbuf *sb, const struct splitter *sp, const struct series *s,
			   const struct series_commit *c)
{
	const struct series_commit *sub = find_area(s, AREA_SUBSYSTEM);
	struct strvec syms = STRVEC_INIT;
	char *title = capitalized(sp->title);
	int replaced, choice = 0;

	defconfig_symbols(sp->plan, c, &syms, &replaced);
	if (sub)
		sb_addf(sb, "%s is removed %s", title, where(s, c, sub));
	else
		sb_addf(sb, "%s is gone", title);
	if (syms.n) {
		size_t edited = c->paths.n - c->ndels;
		char *arch = defconfig_arch(c);

		sb_adds(sb, ", and with it ");
		config_list(sb, &syms);
		sb_addf(sb, ". %s %s %s the %s%sdefconfig%s that name%s %s, so that no configuration "
			    "names an option that no longer exists.\n",
			replaced ? "Replace" : "Drop", syms.n == 1 ? "it" : "them", replaced ? "in" : "from",
			arch ? arch : "", arch ? " " : "", edited == 1 ? "" : "s", edited == 1 ? "s" : "",
			syms.n == 1 ? "it" : "them");
		free(arch);
	} else {
		sb_adds(sb, ".\n");
	}
	if (c->ndels)
		sb_addf(sb, "The defconfig%s of its boards go%s whole: every configuration %s "
			    "describe%s needs it.\n", c->ndels == 1 ? "" : "s",
			c->ndels == 1 ? "es" : "", c->ndels == 1 ? "it" : "they", c->ndels == 1 ? "s" : "");
	for (size_t i = 0; i < syms.n; i++) {
		const char *gt = strchr(syms.v[i], '>');
		char *sym = gt ? xstrndup(syms.v[i], (size_t)(gt - syms.v[i])) : xstrdup(syms.v[i]);
		size_t n;
		const struct kconfig_def *d = kconfig_defs(&sp->r->db, sym, &n);

		if (gt)
			sb_addf(sb, "CONFIG_%s becomes CONFIG_%s, which takes its place.\n", sym, gt + 1);
		else if (n && d->choice && !choice++)
			sb_addf(sb, "CONFIG_%s is a member of the choice \"%s\": these configurations "
				    "get the choice's default instead.\n", sym, d->choice);
		free(sym);
	}
	sb_adds(sb, "\n");
	for (size_t i = 0; i < c->paths.n; i++) {
		char *arch = defconfig_arch(c);

		sb_addf(sb, "  %s\n", arch ? c->paths.v[i] + strlen("arch/") + strlen(arch) +
					     strlen("/configs/") : c->paths.v[i]);
		free(arch);
	}
	list_notes(sb, sp, s, c, ACTION_KEPT, "Kept on purpose:");
	list_notes(sb, sp, s, c, ACTION_REVIEW, "Left for review (not changed here):");
	sv_clear(&syms);
	free(title);
}

/* True if the Kconfig entry of sym (as the plan read it) names COMPILE_TEST. */
static int compile_testable(const struct splitter *sp, const char *sym)
{
	size_t n;
	const struct kconfig_def *d = kconfig_defs(&sp->r->db, sym, &n);

	for (size_t i = 0; i < n; i++) {
		const struct plan_file *f = plan_find(sp->plan, d[i].path);

		if (f && d[i].end <= f->len && d[i].start < d[i].end &&
		    memmem(f->data + d[i].start, d[i].end - d[i].start, "COMPILE_TEST", 12))
			return 1;
	}
	return 0;
}

/*
 * The options of dependents commit c that COMPILE_TEST still lets one build:
 * said, so that the message claims no more than is true (they go because
 * they drive only its hardware, not because nothing could enable them).
 */
static void compile_test_note(struct strbuf *sb, const struct splitter *sp,
			      const struct series_commit *c)
{
	struct strvec syms = STRVEC_INIT, ct = STRVEC_INIT;

	commit_dependents(sp, c, &syms);
	for (size_t i = 0; i < syms.n; i++)
		if (compile_testable(sp, syms.v[i]))
			sv_push(&ct, syms.v[i]);
	if (ct.n) {
		sb_adds(sb, " ");
		for (size_t i = 0; i < ct.n; i++)
			sb_addf(sb, "%s%s", i ? (i + 1 == ct.n ? " and " : ", ") : "", ct.v[i]);
		sb_addf(sb, " can still be built with COMPILE_TEST, but %s only for its hardware.",
			ct.n == 1 ? "is" : "are");
	}
	sv_clear(&syms);
	sv_clear(&ct);
}

static void body_dependents(struct strbuf *sb, const struct splitter *sp, const struct series *s,
			    const struct series_commit *c)
{
	const struct series_commit *sub = find_area(s, AREA_SUBSYSTEM);
	const struct removal *r = sp->r;
	char *title = capitalized(sp->title);

	if (sub)
		sb_addf(sb, "%s is removed %s.", title, where(s, c, sub));
	else
		sb_addf(sb, "%s is gone.", title);
	sb_adds(sb, " These options depend on it: remove them first, with what is built only "
		    "for them, so that no step of the series keeps a `depends on` or `select` of a "
		    "symbol that is gone.");
	compile_test_note(sb, sp, c);
	sb_adds(sb, "\n\n");
	sb_adds(sb, "Removed, with the chain that ties each to it:\n");
	for (size_t i = 0; i < r->dependents.n; i++) {
		const char *sym = r->dependent_names.v[i];

		if (is_dependent(sp, sym) && !strcmp(dependent_family(sp, sym), c->key))
			sb_addf(sb, "  %s\n", r->dependents.v[i]);
	}
	for (size_t i = 0; i < r->fp.symbols.n; i++) {
		const char *sym = r->fp.symbols.v[i];
		int listed = 0;

		listed = sv_contains(&r->dependent_names, sym);
		if (!listed && strset_has(&sp->dependents, sym) && !strcmp(dependent_family(sp, sym), c->key))
			sb_addf(sb, "  %s: defined only in files removed here\n", sym);
	}
	if (c->ndels) {
		sb_adds(sb, "\nDeleted:\n");
		list_deletions(sb, r, sp->plan, c);
	}
	if (c->nedits) {
		sb_adds(sb, "\nChanged:\n");
		list_changes(sb, sp->plan, c);
	}
	list_notes(sb, sp, s, c, ACTION_KEPT, "Kept on purpose:");
	list_notes(sb, sp, s, c, ACTION_REVIEW, "Left for review (not changed here):");
	free(title);
}

/* True if text[0..n) has word, any case. */
static int has_word_ci(const char *text, size_t n, const char *word)
{
	size_t w = strlen(word);

	for (size_t i = 0; i + w <= n; i++)
		if (!strncasecmp(text + i, word, w))
			return 1;
	return 0;
}

/*
 * Why it goes, as the tree itself says it (new string), or NULL: the status
 * of the MAINTAINERS sections of its files (S: Obsolete, S: Orphan), its Kconfig entry's
 * words ("deprecated", "obsolete").
 */
static char *tree_reason(const struct splitter *sp)
{
	const struct removal *r = sp->r;
	const struct plan_file *f = plan_find(sp->plan, "MAINTAINERS");
	const struct kconfig_def *d = main_def(sp);
	struct strbuf sb = STRBUF_INIT;

	if (f) {
		struct maintainers_section *secs;
		size_t nsec = maintainers_sections(f->data, f->len, &r->fp, &r->tree, &secs);

		for (size_t i = 0; i < nsec; i++) {
			const struct maintainers_section *sec = &secs[i];
			char *title = xstrndup(f->data + sec->start, sec->title_len);
			const char *st = NULL;

			for (size_t p = sec->title_end; p < sec->end; p = line_end(f->data, f->len, p))
				if (!strncmp(f->data + p, "S:", 2)) {
					const char *v = f->data + p + 2;

					v += strspn(v, " \t");
					st = starts_with(v, "Obsolete") ? "obsolete" :
					     starts_with(v, "Orphan") ? "orphaned, with no one to maintain it" :
					     NULL;
				}
			if (st && sec->nowned)   /* a section of its files */
				sb_addf(&sb, "%sIts MAINTAINERS entry (%s) marks it %s.", sb.len ? " " : "",
					title, st);
			free(title);
		}
		free(secs);
	}
	if (d) {
		const struct plan_file *k = plan_find(sp->plan, d->path);

		if (k && d->end <= k->len && d->start < d->end) {
			const char *t = k->data + d->start;
			size_t n = d->end - d->start;
			const char *w = has_word_ci(t, n, "deprecated") ? "deprecated" :
					has_word_ci(t, n, "obsolete") ? "obsolete" : NULL;

			if (w)
				sb_addf(&sb, "%sIts Kconfig entry (CONFIG_%s) says it is %s.", sb.len ? " " : "",
					d->name, w);
		}
	}
	return sb.len ? sb_detach(&sb, NULL) : (sb_release(&sb), NULL);
}

static void symbol_list(struct strbuf *sb, const struct strset *set)
{
	struct strvec v = STRVEC_INIT;

	strset_to_sorted(set, &v);
	for (size_t i = 0; i < v.n; i++)
		sb_addf(sb, "%s%s", i ? (i + 1 == v.n ? " and " : ", ") : "", v.v[i]);
	sv_clear(&v);
}

static void body_subsystem(struct strbuf *sb, const struct splitter *sp, const struct series *s,
			   const struct series_commit *c)
{
	const struct removal *r = sp->r;
	const struct series_commit *dep = find_area(s, AREA_DEPENDENTS);
	const struct series_commit *defc = find_area(s, AREA_DEFCONFIG);
	const struct series_commit *dts = find_area(s, AREA_DTS);
	const struct series_commit *mnt = find_area(s, AREA_MAINTAINERS);
	const struct series_commit *doc = find_area(s, AREA_DOCS);

	sb_addf(sb, "Remove %s, with everything in the tree that exists only for it", sp->title);
	if (sp->own.n) {
		sb_addf(sb, ": the Kconfig symbol%s ", sp->own.n == 1 ? "" : "s");
		symbol_list(sb, &sp->own);
		sb_adds(sb, ", its files and build rules, and the code that uses it elsewhere");
	}
	sb_adds(sb, ". Every other reference in the tree goes too, except those listed at the "
		    "end.\n\n");
	if (s->why)
		sb_addf(sb, "%s\n\n", s->why);
	if (defc || dep || dts) {
		struct strvec syms = STRVEC_INIT, all = STRVEC_INIT;
		int replaced, any_replaced = 0, parts = 0;
		size_t whole = 0;

		for (size_t i = 0; defc && i < s->n; i++) {
			if (s->commits[i].area != AREA_DEFCONFIG)
				continue;
			defconfig_symbols(sp->plan, &s->commits[i], &syms, &replaced);
			any_replaced |= replaced;
			whole += s->commits[i].ndels;
			for (size_t k = 0; k < syms.n; k++)
				sv_push(&all, syms.v[k]);
			sv_clear(&syms);
		}
		sv_sort_uniq(&all);
		sb_adds(sb, "Earlier patches in this series");
		if (all.n) {
			sb_adds(sb, any_replaced ? " dropped or replaced " : " dropped ");
			if (all.n <= 3)
				config_list(sb, &all);
			else
				sb_addf(sb, "%zu of its options", all.n);
			sb_adds(sb, " from the arch defconfigs");
			parts++;
		}
		if (whole) {
			sb_addf(sb, "%s deleted its own defconfig%s", parts++ ? "," : "", whole == 1 ? "" : "s");
		}
		if (dts)
			sb_addf(sb, "%s removed its boards' device trees", parts++ ? (dep ? "," : " and") : "");
		if (dep && parts == 1 && all.n)   /* "dropped X from the arch defconfigs and the options ..." */
			sb_adds(sb, " and the options that depend on it");
		else if (dep)
			sb_addf(sb, "%s dropped the options that depend on it", parts ? " and" : "");
		sv_clear(&all);
		sb_adds(sb, ".");
	}
	if (mnt || doc) {
		sb_addf(sb, "%s%s%s%s follow%s in the next patch%s.", defc || dep || dts ? " " : "",
			mnt ? "Its MAINTAINERS entry" : "", mnt && doc ? " and " : "",
			doc ? (mnt ? "its documentation" : "Its documentation") : "",
			mnt && doc ? "" : "s", mnt && doc ? "es" : "");
	}
	if (defc || dep || dts || mnt || doc)
		sb_adds(sb, "\n\n");
	/* Helpers only it used, its own boards and options, and users it selects go with it. */
	for (size_t i = 0, n = 0; i < r->dependents.n; i++)
		if (!is_dependent(sp, r->dependent_names.v[i]))
			sb_addf(sb, "%s  %s\n", n++ ? "" : "Also removed with it, each with its tie to it:\n",
				r->dependents.v[i]);
	for (size_t i = 0; i < r->dependents.n; i++)
		if (!is_dependent(sp, r->dependent_names.v[i])) {
			sb_adds(sb, "\n");
			break;
		}
	if (c->ndels) {
		sb_adds(sb, "Deleted:\n");
		list_deletions(sb, r, sp->plan, c);
	}
	if (c->nedits) {
		sb_addf(sb, "%sChanged:\n", c->ndels ? "\n" : "");
		list_changes(sb, sp->plan, c);
	}
	for (size_t i = 0; i < r->problems.n; i++)
		sb_addf(sb, "%s  %s\n", i ? "" : "\nProblems met (check by hand):\n", r->problems.v[i]);
	list_notes(sb, sp, s, c, ACTION_KEPT, "Kept on purpose:");
	list_notes(sb, sp, s, c, ACTION_REVIEW, "Left for review (not changed here):");
}

static void body_maintainers(struct strbuf *sb, const struct splitter *sp, const struct series *s,
			     const struct series_commit *c)
{
	const struct series_commit *sub = find_area(s, AREA_SUBSYSTEM);
	char *title = capitalized(sp->title);

	if (sub)
		sb_addf(sb, "%s was removed %s. ", title, where(s, c, sub));
	else
		sb_addf(sb, "%s is gone. ", title);
	if (sp->r->maintainers.n) {
		sb_addf(sb, "Remove %s MAINTAINERS entr%s, whose file patterns now match nothing:\n\n",
			sp->r->maintainers.n == 1 ? "its" : "the", sp->r->maintainers.n == 1 ? "y" : "ies");
		for (size_t i = 0; i < sp->r->maintainers.n; i++)
			sb_addf(sb, "  %s\n", sp->r->maintainers.v[i]);
		if (c->nedits > sp->r->maintainers.n) {
			sb_adds(sb, "\nAlso drop the lines of other entries that point into its files:\n\n");
			list_line_edits(sb, sp->plan, c);
		}
	} else {
		sb_adds(sb, "Drop the MAINTAINERS lines that point into its removed files:\n\n");
		list_line_edits(sb, sp->plan, c);
	}
	list_notes(sb, sp, s, c, ACTION_KEPT, "Kept on purpose:");
	list_notes(sb, sp, s, c, ACTION_REVIEW, "Left for review (not changed here):");
	free(title);
}

/* "Deleted:", "Changed:", kept and review lists of commit c. */
static void list_what_changed(struct strbuf *sb, const struct splitter *sp, const struct series *s,
			      const struct series_commit *c)
{
	if (c->ndels) {
		sb_adds(sb, "\nDeleted:\n");
		list_deletions(sb, sp->r, sp->plan, c);
	}
	if (c->nedits) {
		sb_adds(sb, "\nChanged:\n");
		list_changes(sb, sp->plan, c);
	}
	list_notes(sb, sp, s, c, ACTION_KEPT, "Kept on purpose:");
	list_notes(sb, sp, s, c, ACTION_REVIEW, "Left for review (not changed here):");
}

static void body_dts(struct strbuf *sb, const struct splitter *sp, const struct series *s,
		     const struct series_commit *c)
{
	const struct series_commit *sub = find_area(s, AREA_SUBSYSTEM);

	sb_addf(sb, "The boards of %s go %s. Remove their %s device trees first: nothing "
		    "else builds or includes them, and their dtb- lines still name options "
		    "that exist until then.\n", sp->title, sub ? where(s, c, sub) : "with it", c->key);
	list_what_changed(sb, sp, s, c);
}

static void body_docs(struct strbuf *sb, const struct splitter *sp, const struct series *s,
		      const struct series_commit *c)
{
	const struct series_commit *sub = find_area(s, AREA_SUBSYSTEM);
	char *title = capitalized(sp->title);

	if (sub)
		sb_addf(sb, "%s was removed %s. ", title, where(s, c, sub));
	else
		sb_addf(sb, "%s is gone. ", title);
	sb_addf(sb, "%s the lines of other documents that name it.\n",
		c->ndels ? "Remove its documentation and" : "Drop");
	list_what_changed(sb, sp, s, c);
	free(title);
}

/* ---- cover letter ---- */

static void summary_table(struct strbuf *sb, const struct removal *r)
{
	struct strvec kinds = STRVEC_INIT;
	size_t files = 0, kept = 0, review = 0;

	for (size_t i = 0; i < r->plan.ndels; i++)
		files += deleted_files(r, &r->plan.dels[i]);
	for (size_t i = 0; i < r->plan.nedits; i++)
		if (!sv_contains(&kinds, kind_name(r->plan.edits[i].kind)))
			sv_push(&kinds, kind_name(r->plan.edits[i].kind));
	sv_sort_uniq(&kinds);
	for (size_t i = 0; i < r->plan.nnotes; i++) {
		kept += r->plan.notes[i].action == ACTION_KEPT;
		review += r->plan.notes[i].action == ACTION_REVIEW;
	}
	sb_adds(sb, "  kind                    count\n");
	sb_adds(sb, "  ----------------------  -----\n");
	sb_addf(sb, "  %-22s  %5zu\n", "deleted files", files);
	for (size_t k = 0; k < kinds.n; k++) {
		size_t n = 0;

		for (size_t i = 0; i < r->plan.nedits; i++)
			n += !strcmp(kind_name(r->plan.edits[i].kind), kinds.v[k]);
		sb_addf(sb, "  %-22s  %5zu\n", kinds.v[k], n);
	}
	sb_addf(sb, "  %-22s  %5zu\n", "dependents removed", r->dependents.n);
	sb_addf(sb, "  %-22s  %5zu\n", "kept", kept);
	sb_addf(sb, "  %-22s  %5zu\n", "left for review", review);
	sv_clear(&kinds);
}

static void cover(struct series *s, const struct splitter *sp)
{
	const struct removal *r = sp->r;
	struct strbuf sb = STRBUF_INIT, text = STRBUF_INIT;

	s->cover_subject = xasprintf("%s: remove %s", sp->prefix, sp->title);
	sb_addf(&sb, "This series removes %s from the tree, with everything that exists only for it.",
		sp->title);
	if (s->why)
		sb_addf(&sb, " %s", s->why);
	sb_adds(&sb, "\n\nThe patches are ordered so that every step still configures and builds:\n");
	if (find_area(s, AREA_DEFCONFIG) && sp->opt->defconfig_per_arch)
		sb_adds(&sb, "  - the arch defconfigs first, one patch per architecture: they only drop "
			     "lines, and each arch tree can take its own;\n");
	else if (find_area(s, AREA_DEFCONFIG))
		sb_adds(&sb, "  - the defconfigs first: they only drop lines;\n");
	if (find_area(s, AREA_DTS))
		sb_adds(&sb, "  - the device trees of its boards, one patch per architecture;\n");
	if (find_area(s, AREA_DEPENDENTS))
		sb_adds(&sb, "  - then the options that depend on it, so that no step keeps a "
			     "`depends on` or `select` of a symbol that is gone;\n");
	if (find_area(s, AREA_SUBSYSTEM))
		sb_adds(&sb, "  - the subsystem itself: its files, Kconfig entry, Makefile lines, "
			     "headers, and the code that used it; a Makefile line, `source`, "
			     "#include or MAINTAINERS file pattern goes in the same patch as the file "
			     "it names;\n");
	if (find_area(s, AREA_MAINTAINERS))
		sb_adds(&sb, "  - MAINTAINERS lines that name no deleted file;\n");
	if (find_area(s, AREA_DOCS))
		sb_adds(&sb, "  - Documentation last, so that no Kconfig help text points at a "
			     "deleted page in between.\n");
	sb_adds(&sb, "\nWhat the series changes:\n\n");
	summary_table(&sb, r);
	if (r->dependents.n) {
		sb_adds(&sb, "\nDependents removed, with their chains:\n");
		for (size_t i = 0; i < r->dependents.n; i++)
			sb_addf(&sb, "  %s\n", r->dependents.v[i]);
	}
	if (r->maintainers.n) {
		sb_adds(&sb, "\nMAINTAINERS sections removed:\n");
		for (size_t i = 0; i < r->maintainers.n; i++)
			sb_addf(&sb, "  %s\n", r->maintainers.v[i]);
	}
	list_notes(&sb, sp, s, NULL, ACTION_KEPT, "Kept on purpose:");
	list_notes(&sb, sp, s, NULL, ACTION_REVIEW, "Left for review (not changed by the series):");
	for (size_t i = 0; i < r->problems.n; i++)
		sb_addf(&sb, "%s  %s\n", i ? "" : "\nProblems met (check by hand):\n", r->problems.v[i]);
	sb_adds(&sb, "\nMade with excise remove --commit.\n");
	series_wrap(&text, sb.buf, WRAP);
	s->cover_body = sb_detach(&text, NULL);
	sb_release(&sb);
}

/* ---- wrapping ---- */

static void wrap_words(struct strbuf *out, const char *p, size_t n, size_t width, size_t first_indent,
		       size_t indent)
{
	size_t col = 0;
	int line_empty = 1;

	for (size_t k = 0; k < first_indent; k++)
		sb_addc(out, ' ');
	col = first_indent;
	while (n) {
		size_t w = 0;

		while (n && *p == ' ') {
			p++;
			n--;
		}
		while (w < n && p[w] != ' ')
			w++;
		if (!w)
			break;
		if (!line_empty && col + 1 + w > width) {
			sb_addc(out, '\n');
			for (size_t k = 0; k < indent; k++)
				sb_addc(out, ' ');
			col = indent;
			line_empty = 1;
		}
		if (!line_empty) {
			sb_addc(out, ' ');
			col++;
		}
		sb_addn(out, p, w);
		col += w;
		line_empty = 0;
		p += w;
		n -= w;
	}
	sb_addc(out, '\n');
}

void series_wrap(struct strbuf *out, const char *text, size_t width)
{
	const char *p = text;
	struct strbuf para = STRBUF_INIT;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);

		if (n && p[0] == ' ') {
			size_t ind = 0;

			while (ind < n && p[ind] == ' ')
				ind++;
			if (para.len) {
				wrap_words(out, para.buf, para.len, width, 0, 0);
				sb_reset(&para);
			}
			if (n <= width) {   /* a line that fits stays as it is (tables) */
				sb_addn(out, p, n);
				sb_addc(out, '\n');
			} else {
				wrap_words(out, p + ind, n - ind, width, ind, ind + 2);
			}
		} else if (!n) {
			if (para.len) {
				wrap_words(out, para.buf, para.len, width, 0, 0);
				sb_reset(&para);
			}
			sb_addc(out, '\n');
		} else {
			if (para.len)
				sb_addc(&para, ' ');
			sb_addn(&para, p, n);
		}
		p += n + (nl ? 1 : 0);
	}
	if (para.len)
		wrap_words(out, para.buf, para.len, width, 0, 0);
	sb_release(&para);
}

/* ---- the words of the whole series ---- */

static void series_write(struct series *s, struct splitter *sp)
{
	const struct removal *r = sp->r;
	const struct plan *plan = sp->plan;
	const char *home;

	home = home_path(sp);
	sp->title = derive_title(sp, home);
	if (r->fp.area) {
		sp->prefix = xstrdup(r->fp.area);
	} else {
		const struct series_commit *sub = find_area(s, AREA_SUBSYSTEM);
		struct strvec owned = STRVEC_INIT;

		for (size_t i = 0; sub && i < sub->ndels; i++)
			sv_push(&owned, plan->dels[sub->dels[i]].path);
		sp->prefix = history_prefix(sp, &owned);
		if (!sp->prefix && home)
			sp->prefix = maintainers_prefix(sp, home);
		if (!sp->prefix && home)
			sp->prefix = path_prefix(home);
		if (!sp->prefix)
			sp->prefix = xstrdup(r->fp.name ? r->fp.name : "treewide");
		sv_clear(&owned);
	}
	s->why = sp->opt->why && sp->opt->why[0] ? xstrdup(sp->opt->why) : tree_reason(sp);
	for (size_t i = 0; i < s->n; i++) {
		struct series_commit *c = &s->commits[i];
		struct strbuf body = STRBUF_INIT, text = STRBUF_INIT;

		c->subject = subject_of(sp, c);
		switch (c->area) {
		case AREA_DEFCONFIG:
			body_defconfig(&body, sp, s, c);
			break;
		case AREA_DTS:
			body_dts(&body, sp, s, c);
			break;
		case AREA_DEPENDENTS:
			body_dependents(&body, sp, s, c);
			break;
		case AREA_SUBSYSTEM:
			body_subsystem(&body, sp, s, c);
			break;
		case AREA_MAINTAINERS:
			body_maintainers(&body, sp, s, c);
			break;
		case AREA_DOCS:
			body_docs(&body, sp, s, c);
			break;
		}
		series_wrap(&text, body.buf ? body.buf : "", WRAP);
		c->body = sb_detach(&text, NULL);
		sb_release(&body);
	}
	cover(s, sp);
}

void series_split(struct series *s, const struct removal *r, const struct series_options *opt)
{
	struct splitter sp;

	splitter_init(&sp, r, opt);
	series_place(s, &sp);
	series_write(s, &sp);
	s->title = sp.title;
	sp.title = NULL;
	splitter_release(&sp);
}
