/*
 * dangling.c - references to Kconfig symbols that no Kconfig file defines.
 *
 * Finding them.  Outside Kconfig files, one scan of the tree (scan.h) finds
 * every "CONFIG_" and "-DCONFIG_" that starts a word; the name is the run of
 * identifier bytes after it.  In the Kconfig files the database parsed,
 * every word of an expression counts, placed by the parser
 * (kconfig_ref_kind): depends on, visible if, prompt conditions, select,
 * imply, default, def_bool, range, `if` blocks.  A name is undefined when no
 * `config` or `menuconfig` of any Kconfig file of the tree defines it: every
 * architecture's Kconfig counts, since a symbol of one arch is defined for
 * the tree.  CONFIG_X_MODULE is defined when X is a tristate: Kconfig writes
 * it to autoconf.h for X=m.
 *
 * False alarms, each set aside with its rule (a reference, or a whole symbol
 * when every reference of it is set aside), and said so in the report:
 *   prose          Kconfig help text, prompts and comments, C comments and
 *                  strings (#error/#warning text too), Makefile and defconfig
 *                  comments, ChangeLog and CREDITS: words about a symbol
 *   tools          a file under tools/ that is not a kernel config fragment:
 *                  user space with its own CONFIG_ names (perf's feature
 *                  flags, copies of kernel headers, BPF programs that read
 *                  the running kernel's config); config lines of fragments
 *                  under tools/testing/selftests/ (rcutorture scenarios
 *                  too) and tools/testing/kunit/configs/ count
 *   paste          CONFIG_FOO_ ## x: a prefix the preprocessor completes
 *   macro          a word inside $(...) in a Kconfig expression: an argument
 *                  for the shell or the compiler ($(cc-option,-m64), $(CC))
 *   c-name         the name is C's own: #define CONFIG_X, -DCONFIG_X on a
 *                  compiler command line, an enum constant CONFIG_X = 0x0;
 *                  or it is used in C only as an identifier (a type, field,
 *                  macro argument), never in #if or IS_ENABLED(): compiled
 *                  code cannot use an undefined CONFIG_ value, so C declares
 *                  the name.  Its C references mean that C name
 *   variable       a make or shell variable assigned in a Makefile or a
 *                  script (CONFIG_SHELL := sh): every reference means it
 *   placeholder    an example: FOO, BAR, FOO_BAR, XXX (the names
 *                  checkkconfigsymbols.py ignores), a name with a BAZ, XYZ,
 *                  XYZZY, EXAMPLE or SOMETHING part, one letter, or no upper
 *                  case (CONFIG_xxx)
 *   hand-set       tested only by #if in C, never set by Kconfig, a Makefile
 *                  or a config file, and a comment of the same file tells the
 *                  reader to define it ("#define CONFIG_X" commented out): a
 *                  switch for whoever edits the source, documented as such
 *
 * Verdicts of the rest, with their evidence:
 *   leftover       of a removal: a defconfig or config fragment names it
 *                  (config files are written for symbols that exist:
 *                  savedefconfig writes no others, so it was defined when
 *                  the file was made); or a Makefile line of it builds a
 *                  source or directory that is not in the tree
 *   typo           no such evidence, referenced from at most 3 files, and a
 *                  defined symbol is one edit away (two for names of 12
 *                  bytes or more; a different case counts as one edit) with
 *                  the same digits (MACH_JZ4730 is another chip than
 *                  MACH_JZ4740, not a misspelling)
 *   module-of-bool CONFIG_X_MODULE where X is defined but never tristate
 *   prefixed       CONFIG_X written inside a Kconfig expression
 *   unexplained    no evidence either way
 * A hint joins the evidence when the symbol is named like at least 3
 * defined siblings of one Makefile whose objects follow their names
 * (NET_SCH_CAKE builds sch_cake.o in net/sched/Makefile, so NET_SCH_CBQ
 * would build sch_cbq.o) and that object is not in the tree: it points at
 * the path that went; alone it is no proof (not every ARCH_X has a
 * drivers/soc/x/), so it makes no verdict.
 */
#include "dangling_collect.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "classify.h"
#include "scan.h"

const struct dangling_rule dangling_rules[DRULE_COUNT] = {
	[DRULE_NONE] = { "none", "not set aside" },
	[DRULE_PROSE] = { "prose", "help text, comments, strings, ChangeLog and CREDITS: words about a symbol" },
	[DRULE_TOOLS] = { "tools", "user space under tools/ with its own CONFIG_ names (not a kernel config fragment)" },
	[DRULE_PASTE] = { "paste", "a prefix the C preprocessor pastes to a name (CONFIG_FOO_ ## x)" },
	[DRULE_MACRO] = { "macro", "an argument of a $(...) macro in a Kconfig expression (compiler flags, $(CC))" },
	[DRULE_C_NAME] = { "c-name", "a C name (#define, -D, enum constant, typedef, or used only as an identifier)" },
	[DRULE_VARIABLE] = { "variable", "a make or shell variable assigned in a Makefile or script" },
	[DRULE_PLACEHOLDER] = { "placeholder", "an example name (FOO, BAR, BAZ, XXX, EXAMPLE, one letter, no upper case)" },
	[DRULE_HAND_SET] = { "hand-set", "a switch tested only by #if that a comment says to define by hand" },
};

const char *const dangling_verdicts[VERDICT_COUNT] = {
	[VERDICT_NONE] = "none", [VERDICT_LEFTOVER] = "leftover", [VERDICT_TYPO] = "typo",
	[VERDICT_MODULE_OF_BOOL] = "module-of-bool", [VERDICT_PREFIXED] = "prefixed",
	[VERDICT_UNEXPLAINED] = "unexplained",
};

/* ---- grouping, exclusions and verdicts ---- */

static int cmp_raw(const void *a, const void *b)
{
	const struct raw *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	if ((c = strcmp(x->path, y->path)))
		return c;
	return x->line < y->line ? -1 : x->line > y->line;
}

static int is_prose_kind(enum ref_kind kind)
{
	return kind == KIND_KCONFIG_TEXT || kind == KIND_C_COMMENT ||
	       kind == KIND_C_STRING || kind == KIND_CHANGELOG ||
	       kind == KIND_MAKEFILE_COMMENT || kind == KIND_DEFCONFIG_COMMENT;
}

static int is_c_kind(enum ref_kind kind)
{
	return kind_family(kind) == FAMILY_C || kind == KIND_MAKEFILE_DEFINE;
}

/* Example names: FOO, BAR_BAZ, CPU_SUBTYPE_xxx, MISC_EXAMPLE, X, names without upper case. */
static int is_placeholder(const char *name)
{
	static const char *const words[] = { "FOO", "BAR", "BAZ", "XXX", "xxx", "XYZ", "XYZZY",
					     "EXAMPLE", "SOMETHING" };
	int upper = 0;

	for (const char *p = name; *p; p++)
		upper |= isupper((unsigned char)*p);
	if (!upper || strlen(name) == 1)
		return 1;
	for (const char *p = name; *p;) {
		size_t n = strcspn(p, "_");

		for (size_t i = 0; i < ARRAY_SIZE(words); i++)
			if (strlen(words[i]) == n && !strncmp(p, words[i], n))
				return 1;
		p += n;
		p += *p == '_';
	}
	return 0;
}

/* Levenshtein distance of a and b if it is at most k, else k + 1 (only 2k+1 diagonals computed). */
static size_t distance_within(const char *a, size_t la, const char *b, size_t lb, size_t k)
{
	enum { MAXN = 127, BIG = 1000 };
	size_t rows[2][MAXN + 2];
	size_t *prev = rows[0], *cur = rows[1];

	if (la > MAXN || lb > MAXN || la > lb + k || lb > la + k)
		return k + 1;
	for (size_t j = 0; j <= lb + 1; j++) {
		prev[j] = j <= k ? j : BIG;
		cur[j] = BIG;
	}
	for (size_t i = 1; i <= la; i++) {
		size_t lo = i > k ? i - k : 0, hi = i + k < lb ? i + k : lb, best = BIG, *t;

		if (lo == 0) {
			cur[0] = i;
			best = i;
		} else {
			cur[lo - 1] = BIG;
		}
		for (size_t j = lo ? lo : 1; j <= hi; j++) {
			size_t v = prev[j - 1] + (a[i - 1] != b[j - 1]);

			if (prev[j] + 1 < v)
				v = prev[j] + 1;
			if (cur[j - 1] + 1 < v)
				v = cur[j - 1] + 1;
			cur[j] = v;
			if (v < best)
				best = v;
		}
		if (hi + 1 <= lb)
			cur[hi + 1] = BIG;
		if (best > k)
			return k + 1;
		t = prev, prev = cur, cur = t;
	}
	return prev[lb] <= k ? prev[lb] : k + 1;
}

struct near {
	const char *name;
	size_t dist;        /* edit distance, or 100 + for a name relation */
	const char *rel;
};

static int cmp_near(const void *a, const void *b)
{
	const struct near *x = a, *y = b;

	if (x->dist != y->dist)
		return x->dist < y->dist ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Is p (n bytes) a '_'-separated leading part of s (m bytes), "NTFS" of "NTFS_RW"? */
static int component_prefix(const char *p, size_t n, const char *s, size_t m)
{
	return m > n && s[n] == '_' && !memcmp(s, p, n);
}

/* Is p a '_'-separated trailing part of s, "RW" of "NTFS_RW"? */
static int component_suffix(const char *p, size_t n, const char *s, size_t m)
{
	return m > n && s[m - n - 1] == '_' && !memcmp(s + m - n, p, n);
}

/* Do a and b have the same digits in the same order?  (MACH_JZ4730 and MACH_JZ4740 do not.) */
static int same_digits(const char *a, const char *b)
{
	for (;;) {
		while (*a && !isdigit((unsigned char)*a))
			a++;
		while (*b && !isdigit((unsigned char)*b))
			b++;
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
		a++, b++;
	}
}

/*
 * Up to 5 defined symbols like name, nearest first: a few edits away (the
 * same name in another case counts as one edit), or its name extended or
 * cut at a '_'.  *typo is the nearest that makes a likely misspelling: one
 * edit, or two in a name of 12 or more bytes, with the same digits (other
 * digits make another model, MACH_JZ4730 is no misspelling of MACH_JZ4740);
 * NULL if none.
 */
static void find_similar(const struct kconfig_db *db, const size_t *symlen, const char *name,
			 struct strvec *out, const char **typo)
{
	size_t la = strlen(name), k = la <= 4 ? 1 : la <= 10 ? 2 : 3, typo_dist = 3;
	struct near *v = NULL;
	size_t n = 0, cap = 0;

	*typo = NULL;
	for (size_t i = 0; i < db->nsyms; i++) {
		const char *s = db->syms[i].name;
		size_t lb = symlen[i], d = distance_within(name, la, s, lb, k);
		const char *rel = NULL;

		if (la == lb && !strcasecmp(name, s))
			d = 1, rel = "differs in case";
		else if (d <= k)
			rel = NULL;
		else if (component_prefix(name, la, s, lb) || component_suffix(name, la, s, lb))
			d = 100, rel = "its name extended";
		else if (component_prefix(s, lb, name, la) || component_suffix(s, lb, name, la))
			d = 101, rel = "part of its name";
		else
			continue;
		GROW(v, cap, n + 1);
		v[n++] = (struct near){ s, d, rel };
		if ((d == 1 || (d == 2 && la >= 12)) && d < typo_dist && same_digits(name, s)) {
			typo_dist = d;
			*typo = s;
		}
	}
	if (n)
		qsort(v, n, sizeof(*v), cmp_near);
	for (size_t i = 0; i < n && i < 5; i++)
		sv_push_owned(out, v[i].rel ? xasprintf("%s (%s)", v[i].name, v[i].rel)
					    : xasprintf("%s (%zu edit%s)", v[i].name, v[i].dist,
							v[i].dist == 1 ? "" : "s"));
	free(v);
}

/* Does any file of the tree start with prefix? (t->files is sorted) */
static int tree_has_prefix(const struct tree *t, const char *prefix)
{
	size_t i = tree_lower_bound(t, prefix);

	return i < t->files.n && starts_with(t->files.v[i], prefix);
}

/*
 * Is the object or directory word of a Makefile in dir in the tree?  "a.o":
 * a file dir/a.<anything>, or a composite a-y/a-objs in dir's Makefile;
 * "b/": a file under dir/b/.  Other words (flags, variables) count as present.
 */
static int object_present(const struct tree *t, const char *makefile, const char *word)
{
	size_t n = strlen(word), dn = strlen(makefile) - strlen(path_basename(makefile));
	char *probe;
	int present;

	if (strchr(word, '$') || strchr(word, '%'))
		return 1;
	if (n > 1 && word[n - 1] == '/') {
		probe = xasprintf("%.*s%s", (int)dn, makefile, word);
		present = tree_has_prefix(t, probe);
		free(probe);
		return present;
	}
	if (n < 3 || strcmp(word + n - 2, ".o"))
		return 1;
	probe = xasprintf("%.*s%.*s.", (int)dn, makefile, (int)(n - 2), word);
	present = tree_has_prefix(t, probe);
	free(probe);
	if (!present) {
		struct strbuf sb = STRBUF_INIT;
		char *full = path_join(t->root, makefile);

		if (read_file(full, &sb) == 0) {
			char *stem = xasprintf("%.*s-", (int)(n - 2), word);

			for (const char *p = sb.buf; (p = strstr(p, stem)); p++)
				if (p == sb.buf || p[-1] == '\n' || p[-1] == ' ' || p[-1] == '\t') {
					present = 1;
					break;
				}
			free(stem);
		}
		free(full);
		sb_release(&sb);
	}
	return present;
}

static char *lower(const char *s, size_t n)
{
	char *l = xstrndup(s, n);

	for (char *p = l; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return l;
}

/*
 * The object word s with its last name part replaced: "sch_cake.o" with
 * from "cake" and to "cbq" gives "sch_cbq.o", "ext4/" with "ext4" and "ntfs"
 * gives "ntfs/".  NULL when the last part of s (split at '/', '_', '-') is
 * not from.
 */
static char *replace_last_part(const char *s, const char *from, const char *to)
{
	size_t n = strlen(s), fn = strlen(from), end, start;

	if (n > 2 && !strcmp(s + n - 2, ".o"))
		end = n - 2;
	else if (n > 1 && s[n - 1] == '/')
		end = n - 1;
	else
		return NULL;
	start = end;
	while (start > 0 && !strchr("/_-", s[start - 1]))
		start--;
	if (end - start != fn || strncmp(s + start, from, fn))
		return NULL;
	return xasprintf("%.*s%s%s", (int)start, s, to, s + end);
}

struct analysis {
	const struct tree *t;
	const struct kconfig_db *db;
	size_t *symlen;          /* strlen of each db->syms[i].name */
	struct objline *obj;     /* sorted by symbol */
	size_t nobj;
};

static int cmp_objline(const void *a, const void *b)
{
	const struct objline *x = a, *y = b;
	int c = strcmp(x->sym, y->sym);

	if (c)
		return c;
	if ((c = strcmp(x->makefile, y->makefile)))
		return c;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* The Makefile lines of sym: [*first, *first + return). */
static size_t objlines_of(const struct analysis *a, const char *sym, size_t *first)
{
	size_t lo = 0, hi = a->nobj, k;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strcmp(a->obj[mid].sym, sym) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*first = lo;
	for (k = lo; k < a->nobj && !strcmp(a->obj[k].sym, sym); k++)
		;
	return k - lo;
}

/* A Makefile line of sym builds something that is not in the tree: the evidence, or NULL. */
static char *missing_object(const struct analysis *a, const char *sym)
{
	size_t first, n = objlines_of(a, sym, &first);

	for (size_t i = first; i < first + n; i++) {
		const struct objline *o = &a->obj[i];

		for (size_t w = 0; w < o->words.n; w++)
			if (!object_present(a->t, o->makefile, o->words.v[w]))
				return xasprintf("%s:%zu builds %s, which is not in the tree", o->makefile,
						 o->line, o->words.v[w]);
	}
	return NULL;
}

/* Siblings of a symbol that build objects named after them, in one Makefile. */
struct convention {
	const char *makefile;    /* the tree's string: compared by address */
	size_t count;
	const char *sibling;     /* the first of them */
	const struct objline *o;
	const char *word;        /* its object, whose last part is its name's differing part */
};

/* How many siblings a convention needs before it is evidence. */
#define CONVENTION_MIN 3

/*
 * Named like its defined siblings, whose objects follow their names: at
 * least CONVENTION_MIN symbols that share sym's prefix up to the last '_'
 * (NET_SCH_) or its suffix from the first '_' (_FS) build, in one
 * Makefile, objects whose last name part is their own differing part
 * (NET_SCH_CAKE: sch_cake.o; EXT4_FS: ext4/).  If the object sym would
 * build by that convention is not in the tree, say so; else NULL.
 */
static char *missing_like_siblings(const struct analysis *a, const char *sym)
{
	const char *last = strrchr(sym, '_'), *first = strchr(sym, '_');
	char *found = NULL;

	if (!last)
		return NULL;
	for (int side = 0; side < 2 && !found; side++) {
		/* side 0: same prefix "NET_SCH_", differing tail; side 1: same suffix "_FS" */
		size_t fixed_len = side == 0 ? (size_t)(last - sym) + 1 : strlen(first);
		const char *fixed = side == 0 ? sym : first;
		char *mine = side == 0 ? lower(last + 1, strlen(last + 1))
				       : lower(sym, (size_t)(first - sym));
		struct convention *conv = NULL, *best = NULL;
		size_t nconv = 0, capconv = 0;

		for (size_t i = 0; i < a->db->nsyms; i++) {
			const char *s = a->db->syms[i].name;
			size_t sn = a->symlen[i], first_obj, nobj;
			char *theirs;

			if (sn <= fixed_len)
				continue;
			if (side == 0 ? memcmp(s, fixed, fixed_len) || strchr(s + fixed_len, '_')
				      : memcmp(s + sn - fixed_len, fixed, fixed_len) ||
					memchr(s, '_', sn - fixed_len))
				continue;
			if (!strcmp(s, sym))
				continue;
			if (!(nobj = objlines_of(a, s, &first_obj)))
				continue;
			theirs = side == 0 ? lower(s + fixed_len, sn - fixed_len) : lower(s, sn - fixed_len);
			for (size_t k = first_obj; k < first_obj + nobj; k++) {
				const struct objline *o = &a->obj[k];
				size_t c;

				if (!starts_with(o->var, "obj-"))
					continue;
				for (size_t w = 0; w < o->words.n; w++) {
					char *same = replace_last_part(o->words.v[w], theirs, theirs);

					if (!same)
						continue;
					free(same);
					for (c = 0; c < nconv && conv[c].makefile != o->makefile; c++)
						;
					if (c == nconv) {
						GROW(conv, capconv, nconv + 1);
						conv[nconv++] = (struct convention){ o->makefile, 0, s, o,
										     o->words.v[w] };
					}
					conv[c].count++;
					k = first_obj + nobj;   /* one object per sibling */
					break;
				}
			}
			free(theirs);
		}
		for (size_t c = 0; c < nconv; c++)
			if (conv[c].count >= CONVENTION_MIN && (!best || conv[c].count > best->count))
				best = &conv[c];
		if (best) {
			size_t sn = strlen(best->sibling);
			char *theirs = side == 0 ? lower(best->sibling + fixed_len, sn - fixed_len)
						 : lower(best->sibling, sn - fixed_len);
			char *cand = replace_last_part(best->word, theirs, mine);

			if (cand && !object_present(a->t, best->makefile, cand))
				found = xasprintf("named like %zu symbols of %s (%s builds %s), so it would "
						  "build %s, which is not in the tree", best->count,
						  best->makefile, best->sibling, best->word, cand);
			free(cand);
			free(theirs);
		}
		free(conv);
		free(mine);
	}
	return found;
}

/* The first reference of s of one of the kinds (a NULL-terminated list), or NULL. */
static const struct dangling_ref *first_of_kind(const struct dangling_sym *s, const enum ref_kind *kinds,
						int only_counted)
{
	for (size_t i = 0; i < s->nrefs; i++)
		for (const enum ref_kind *k = kinds; *k; k++)
			if (s->refs[i].kind == *k && (!only_counted || !s->refs[i].excluded))
				return &s->refs[i];
	return NULL;
}

/*
 * Set references aside by the rules (see the top of this file).  Returns
 * the references that still count.
 */
static size_t exclude_refs(struct dangling_sym *s, size_t *rule_count, const struct dangling_ref **cdef,
			   const struct dangling_ref **var, int *c_ident_only)
{
	static const enum ref_kind defs[] = { KIND_C_DEFINE, KIND_C_ENUM, KIND_MAKEFILE_DEFINE, KIND_NONE };
	static const enum ref_kind vars[] = { KIND_MAKE_VARIABLE, KIND_SCRIPT_VARIABLE, KIND_NONE };
	static const enum ref_kind tests[] = { KIND_C_IFDEF, KIND_C_IS_ENABLED, KIND_NONE };
	static const enum ref_kind code[] = { KIND_C_OTHER, KIND_NONE };
	size_t counted = 0;
	int c_name;

	*cdef = first_of_kind(s, defs, 0);
	*var = first_of_kind(s, vars, 0);
	*c_ident_only = !first_of_kind(s, tests, 0);
	/* C's own name: then Documentation and other text name it too */
	c_name = *cdef || (*c_ident_only && first_of_kind(s, code, 0));
	for (size_t i = 0; i < s->nrefs; i++) {
		struct dangling_ref *r = &s->refs[i];

		if (r->excluded)
			;
		else if (*var)
			r->excluded = DRULE_VARIABLE;
		else if (*cdef && is_c_kind(r->kind))
			r->excluded = DRULE_C_NAME;
		else if (is_placeholder(s->name))
			r->excluded = DRULE_PLACEHOLDER;
		else if (is_prose_kind(r->kind))
			r->excluded = DRULE_PROSE;
		else if (c_name && (is_c_kind(r->kind) || r->kind == KIND_DOC ||
				    r->kind == KIND_OTHER || r->kind == KIND_SCRIPT))
			/* code cannot use an undefined CONFIG_ value: C declares this name */
			r->excluded = DRULE_C_NAME;
		if (!r->excluded)
			counted++;
		else
			rule_count[r->excluded]++;
	}
	return counted;
}

/*
 * Only tested by #if, and a comment of a file that tests it says to define
 * it ("#define CONFIG_X" commented out, "define CONFIG_X to ...",
 * "uncomment ..."): that comment, else NULL.
 */
static const struct dangling_ref *hand_set(const struct dangling_sym *s)
{
	char *define = xasprintf("define CONFIG_%s", s->name);
	const struct dangling_ref *found = NULL;

	for (size_t i = 0; i < s->nrefs; i++)
		if (!s->refs[i].excluded && s->refs[i].kind != KIND_C_IFDEF)
			goto out;
	for (size_t i = 0; i < s->nrefs && !found; i++) {
		const struct dangling_ref *r = &s->refs[i];

		if (r->kind != KIND_C_COMMENT || (!strstr(r->text, define) && !strcasestr(r->text, "uncomment")))
			continue;
		for (size_t k = 0; k < s->nrefs; k++)
			if (!s->refs[k].excluded && !strcmp(s->refs[k].path, r->path))
				found = r;
	}
out:
	free(define);
	return found;
}

/*
 * Every reference of s is set aside: the symbol is excluded by its main
 * rule (the one that set most aside; a C name or a variable says more
 * than its mentions), with why.
 */
static void exclude_symbol(struct dangling_sym *s, const size_t *rule_count,
			   const struct dangling_ref *cdef, const struct dangling_ref *var)
{
	enum dangling_rule_id best = DRULE_NONE + 1;
	struct strbuf why = STRBUF_INIT;

	for (enum dangling_rule_id k = best + 1; k < DRULE_COUNT; k++)
		if (rule_count[k] > rule_count[best])
			best = k;
	if (rule_count[DRULE_VARIABLE])
		best = DRULE_VARIABLE;
	else if (rule_count[DRULE_C_NAME])
		best = DRULE_C_NAME;
	s->rule = best;
	if (s->rule == DRULE_C_NAME && cdef)
		sb_addf(&why, "defined in C at %s:%zu (%s), not by Kconfig", cdef->path, cdef->line,
			cdef->kind == KIND_C_ENUM ? "an enum constant"
			: cdef->kind == KIND_MAKEFILE_DEFINE ? "-D on the compiler command line"
								: "#define");
	else if (s->rule == DRULE_C_NAME)
		sb_adds(&why, "used in C only as an identifier (a type, field, register or macro "
			      "argument), never tested by #if or IS_ENABLED: C code cannot use an "
			      "undefined CONFIG_ value, so the name is C's own");
	else if (s->rule == DRULE_VARIABLE)
		sb_addf(&why, "a %s variable assigned at %s:%zu", var->kind == KIND_MAKE_VARIABLE
			? "make" : "shell", var->path, var->line);
	else
		sb_adds(&why, dangling_rules[best].meaning);
	if (rule_count[best] < s->nrefs) {
		/* several rules: how many references each set aside */
		sb_adds(&why, " (references:");
		for (size_t k = DRULE_NONE + 1, first = 1; k < DRULE_COUNT; k++)
			if (rule_count[k]) {
				sb_addf(&why, "%s %zu %s", first ? "" : ",", rule_count[k],
					dangling_rules[k].name);
				first = 0;
			}
		sb_addc(&why, ')');
	}
	s->why = sb_detach(&why, NULL);
}

/*
 * The verdict of a dangling symbol, with its evidence: config_files config
 * files name it (config_example the first).
 */
static void give_verdict(const struct analysis *a, struct dangling_sym *s, size_t config_files,
			 const char *config_example)
{
	struct strbuf why = STRBUF_INIT;
	const char *typo;
	size_t ndefs;

	find_similar(a->db, a->symlen, s->name, &s->similar, &typo);
	if (starts_with(s->name, "CONFIG_")) {
		int bare = kconfig_is_defined(a->db, s->name + 7);

		s->verdict = VERDICT_PREFIXED;
		sb_addf(&why, "written with the CONFIG_ prefix in a Kconfig expression, where symbols "
			      "have none; %s %s defined", s->name + 7, bare ? "is" : "is not");
	} else if (ends_with(s->name, "_MODULE") && strlen(s->name) > 7) {
		char *base = xstrndup(s->name, strlen(s->name) - 7);
		size_t n;
		const struct kconfig_def *d = kconfig_defs(a->db, base, &n);

		if (d) {
			s->verdict = VERDICT_MODULE_OF_BOOL;
			sb_addf(&why, "%s is %s (%s:%zu): Kconfig writes CONFIG_%s only for a tristate set to m",
				base, d->type[0] ? d->type : "untyped", d->path, d->line, s->name);
		}
		free(base);
	}
	if (!s->verdict) {
		char *gone = missing_object(a, s->name);
		char *like = gone ? NULL : missing_like_siblings(a, s->name);

		if (config_files || gone) {
			s->verdict = VERDICT_LEFTOVER;
			if (config_files)
				sb_addf(&why, "%s in %zu config file%s (%s%s): config files are written "
					      "for symbols that exist, so it existed when they were made",
					s->nsets ? "set" : "named", config_files, config_files == 1 ? "" : "s",
					config_example, config_files > 1 ? ", ..." : "");
			if (gone)
				sb_addf(&why, "%s%s", why.len ? "; " : "", gone);
		} else if (typo && s->nfiles <= 3) {
			s->verdict = VERDICT_TYPO;
			sb_addf(&why, "no config file names it, no Makefile line of it builds a missing "
				      "source, and it is a likely misspelling of %s (%s:%zu)", typo,
				kconfig_defs(a->db, typo, &ndefs)->path, kconfig_defs(a->db, typo, &ndefs)->line);
		} else {
			s->verdict = VERDICT_UNEXPLAINED;
			sb_adds(&why, "no config file names it, no Makefile line of it builds a missing "
				      "source, and no defined symbol is a likely misspelling of it");
		}
		if (like)
			sb_addf(&why, "; %s", like);
		free(gone);
		free(like);
	}
	s->why = sb_detach(&why, NULL);
}

/* Apply the exclusion rules, then give a dangling symbol its verdict and evidence. */
static void judge(const struct analysis *a, struct dangling_sym *s)
{
	const struct dangling_ref *cdef, *var, *doc;
	size_t counted, rule_count[DRULE_COUNT] = { 0 }, config_files = 0;
	const char *config_example = NULL;
	int c_ident_only;

	counted = exclude_refs(s, rule_count, &cdef, &var, &c_ident_only);
	for (size_t i = 0; i < s->nrefs; i++) {
		const struct dangling_ref *r = &s->refs[i];
		int new_file = !i || strcmp(s->refs[i - 1].path, r->path);

		s->nfiles += new_file;
		if (r->excluded || r->kind != KIND_DEFCONFIG)
			continue;
		s->nsets += r->sets;
		if (new_file || s->refs[i - 1].excluded || s->refs[i - 1].kind != KIND_DEFCONFIG)
			config_files++;
		if (!config_example)
			config_example = r->path;
	}
	if (counted && (doc = hand_set(s))) {
		for (size_t i = 0; i < s->nrefs; i++)
			if (!s->refs[i].excluded)
				s->refs[i].excluded = DRULE_HAND_SET;
		s->rule = DRULE_HAND_SET;
		s->why = xasprintf("only tested by #if, never set by Kconfig, a Makefile or a config "
				   "file, and %s:%zu says: %s", doc->path, doc->line, doc->text);
	} else if (!counted) {
		exclude_symbol(s, rule_count, cdef, var);
	} else {
		give_verdict(a, s, config_files, config_example);
	}
}

static int under_paths(const struct dangling_options *opt, const char *path)
{
	if (!opt || !opt->npaths)
		return 1;
	for (size_t i = 0; i < opt->npaths; i++) {
		const char *p = opt->paths[i];
		size_t n = strlen(p);

		while (n > 1 && p[n - 1] == '/')
			n--;
		if (!strncmp(path, p, n) && (path[n] == '\0' || path[n] == '/'))
			return 1;
	}
	return 0;
}

int dangling_find(const struct tree *t, const struct kconfig_db *db, struct plan *snap,
		  const struct dangling_options *opt, struct dangling_result *res, struct strbuf *err)
{
	double t0 = seconds_now();
	int nthreads = opt && opt->nthreads > 0 ? opt->nthreads : scan_default_threads();
	struct dangling_collection col;
	struct raw *raw;
	size_t nraw;
	struct analysis an = { t, db, NULL, NULL, 0 };
	size_t symcap = 0;
	int status;

	memset(res, 0, sizeof(*res));
	status = dangling_collect(t, db, snap, nthreads, &col, err);
	raw = col.raw;
	nraw = col.nraw;
	an.obj = col.obj;
	an.nobj = col.nobj;
	res->module_refs = col.module_refs;
	res->files_scanned = col.files_scanned;
	res->nkconfig = col.nkconfig;
	if (nraw)
		qsort(raw, nraw, sizeof(*raw), cmp_raw);
	if (an.nobj)
		qsort(an.obj, an.nobj, sizeof(*an.obj), cmp_objline);
	res->ndefined = db->nsyms;
	an.symlen = xcalloc(db->nsyms + 1, sizeof(*an.symlen));
	for (size_t i = 0; i < db->nsyms; i++)
		an.symlen[i] = strlen(db->syms[i].name);

	/* one symbol per name */
	for (size_t i = 0; i < nraw;) {
		size_t k = i, shown = 0;
		struct dangling_sym s = { 0 };

		while (k < nraw && !strcmp(raw[k].name, raw[i].name))
			k++;
		s.name = xstrdup(raw[i].name);
		s.refs = xcalloc(k - i, sizeof(*s.refs));
		for (size_t m = i; m < k; m++) {
			struct dangling_ref *r = &s.refs[s.nrefs++];

			r->path = xstrdup(raw[m].path);
			r->line = raw[m].line;
			r->kind = raw[m].kind;
			r->text = raw[m].text;
			r->sets = (raw[m].flags & RAW_SETS) != 0;
			r->excluded = raw[m].flags & RAW_TOOLS ? DRULE_TOOLS
				      : raw[m].flags & RAW_PASTE ? DRULE_PASTE
				      : raw[m].flags & RAW_MACRO ? DRULE_MACRO : DRULE_NONE;
			shown += under_paths(opt, r->path);
			free(raw[m].name);
		}
		s.cap = s.nrefs;
		if (shown) {
			judge(&an, &s);
			if (opt && opt->npaths) {
				/* judged on every reference; shown only those under the paths */
				size_t kept = 0;

				for (size_t m = 0; m < s.nrefs; m++) {
					if (under_paths(opt, s.refs[m].path))
						s.refs[kept++] = s.refs[m];
					else
						free(s.refs[m].path), free(s.refs[m].text);
				}
				s.nrefs = kept;
			}
			GROW(res->syms, symcap, res->n + 1);
			res->syms[res->n++] = s;
			if (s.verdict)
				res->ndangling++;
			else
				res->nexcluded++;
		} else {
			for (size_t m = 0; m < s.nrefs; m++)
				free(s.refs[m].path), free(s.refs[m].text);
			free(s.refs);
			free(s.name);
		}
		i = k;
	}
	free(raw);
	for (size_t i = 0; i < an.nobj; i++) {
		free(an.obj[i].sym);
		free(an.obj[i].var);
		sv_clear(&an.obj[i].words);
	}
	free(an.obj);
	free(an.symlen);
	res->seconds = seconds_now() - t0;
	return status;
}

void dangling_release(struct dangling_result *res)
{
	for (size_t i = 0; i < res->n; i++) {
		struct dangling_sym *s = &res->syms[i];

		for (size_t k = 0; k < s->nrefs; k++)
			free(s->refs[k].path), free(s->refs[k].text);
		free(s->refs);
		free(s->name);
		free(s->why);
		sv_clear(&s->similar);
	}
	free(res->syms);
	memset(res, 0, sizeof(*res));
}
