/*
 * Unit tests of the matcher: identifier boundaries, scopes, anchors, the
 * Teddy filter, file classes; and each engine against a naive reference on
 * thousands of random patterns and texts.
 */
#include <stdlib.h>
#include <unistd.h>

#include "scan.h"
#include "unit.h"

/* Offsets of the hits of pats in text with one engine, as "pattern@offset ..." */
static char *find_with(const struct pattern *pats, size_t n, const char *text, unsigned fclass,
		       const char *path, enum scan_engine engine)
{
	struct scanner *s = scanner_new_engine(pats, n, engine);
	size_t len = strlen(text), pad = scanner_padding(s), cap = 0, nh;
	char *buf = xcalloc(len + pad + 1, 1);
	struct scan_hit *hits = NULL;
	struct strbuf out = STRBUF_INIT;

	memcpy(buf, text, len);
	nh = scanner_find(s, buf, len, fclass, path, &hits, &cap);
	for (size_t i = 0; i < nh; i++)
		sb_addf(&out, "%s%s@%zu", i ? " " : "", pats[hits[i].pattern].text, hits[i].offset);
	free(hits);
	free(buf);
	scanner_free(s);
	return sb_detach(&out, NULL);
}

/* The same with the default engine, checking that every engine agrees with it. */
static char *find(const struct pattern *pats, size_t n, const char *text, unsigned fclass,
		  const char *path)
{
	static const enum scan_engine others[] = { SCAN_TEDDY, SCAN_TEDDY_SCALAR, SCAN_HYPERSCAN };
	char *s = find_with(pats, n, text, fclass, path, SCAN_AUTO);

	for (size_t e = 0; e < ARRAY_SIZE(others); e++) {
		char *o = find_with(pats, n, text, fclass, path, others[e]);

		CHECK_STR(o, s);
		free(o);
	}
	return s;
}

#define P(t, scope) { t, sizeof(t) - 1, scope, NULL, 0, 0 }

/* A small deterministic generator (the same cases on every run). */
static unsigned long long rng_state = 0x9e3779b97f4a7c15ull;

static unsigned rnd(unsigned n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned)(rng_state % n);
}

/* Word and non-word bytes, upper and lower case: edges, folding and overlaps all happen. */
static const char alphabet[] = "aAbBcC_x0/.- \n";

/* The rules of scan.h, position by position; edges == 0 ignores the word edges (a control). */
static size_t naive_find(const struct pattern *pats, size_t np, const unsigned char *retired,
			 const char *buf, size_t len, unsigned fclass, const char *path, int edges,
			 struct scan_hit **hits, size_t *cap)
{
	const unsigned char *u = (const unsigned char *)buf;
	size_t n = 0, *next = xmalloc(np * sizeof(*next)), first[256];

	/* The patterns by first byte, in index order: only those can start at a position. */
	for (int c = 0; c < 256; c++)
		first[c] = np;
	for (size_t k = np; k-- > 0;) {
		next[k] = first[(unsigned char)pats[k].text[0]];
		first[(unsigned char)pats[k].text[0]] = k;
	}
	for (size_t off = 0; off < len; off++)
		for (size_t k = first[u[off]]; k < np; k = next[k]) {
			const struct pattern *p = &pats[k];
			size_t end = off + p->len, dl;

			if (end > len || memcmp(buf + off, p->text, p->len) || (retired && retired[k]))
				continue;
			if (edges && is_word_char((unsigned char)p->text[0]) && off && is_word_char(u[off - 1]) &&
			    !(u[off - 1] == '_' && (p->flags & PATF_AFTER_UNDERSCORE)))
				continue;
			if (edges && is_word_char((unsigned char)p->text[p->len - 1]) && end < len &&
			    is_word_char(u[end]) && !(p->flags & PATF_PREFIX))
				continue;
			if (!(p->scope & fclass))
				continue;
			if (p->dir) {
				dl = strlen(p->dir);
				if (strncmp(path, p->dir, dl) || path[dl] != '/' || strchr(path + dl + 1, '/'))
					continue;
			}
			GROW(*hits, *cap, n + 1);
			(*hits)[n].pattern = (uint32_t)k;
			(*hits)[n].offset = off;
			n++;
		}
	free(next);
	return n;
}

/* The engine SCAN_AUTO takes for n patterns. */
static enum scan_engine engine_of(const struct pattern *pats, size_t n)
{
	struct scanner *s = scanner_new(pats, n);
	enum scan_engine e = scanner_engine(s);

	scanner_free(s);
	return e;
}

static int same_hits(const struct scan_hit *a, size_t na, const struct scan_hit *b, size_t nb)
{
	if (na != nb)
		return 0;
	for (size_t i = 0; i < na; i++)
		if (a[i].pattern != b[i].pattern || a[i].offset != b[i].offset)
			return 0;
	return 1;
}

/*
 * np random patterns (substrings of the texts, with some bytes' case
 * flipped, and random strings; 1 to 40 bytes: longer than an anchor too)
 * and ntexts random texts: each engine finds what the reference finds, in
 * the same order, before and after some patterns are retired.  Returns the
 * number of hits compared.
 */
static size_t random_round(size_t np, size_t ntexts, size_t maxlen)
{
	static const char *const dirs[] = { "d", "d/e" };
	static const char *const paths[] = { "d/f.c", "d/e/f.c", "x/f.c", "d/e/g/Makefile" };
	static const enum scan_engine engines[] = { SCAN_TEDDY, SCAN_TEDDY_SCALAR, SCAN_HYPERSCAN };
	char **texts = xcalloc(ntexts, sizeof(*texts));
	size_t *lens = xcalloc(ntexts, sizeof(*lens));
	struct pattern *pats = xcalloc(np, sizeof(*pats));
	unsigned char *retired = xcalloc(np, 1);
	struct scan_hit *want = NULL, *got = NULL, *loose = NULL;
	size_t wcap = 0, gcap = 0, lcap = 0, total = 0, differs = 0;

	for (size_t t = 0; t < ntexts; t++) {
		lens[t] = 1 + rnd((unsigned)maxlen);
		texts[t] = xcalloc(lens[t] + 128, 1);
		for (size_t i = 0; i < lens[t]; i++)
			texts[t][i] = alphabet[rnd(sizeof(alphabet) - 1)];
	}
	for (size_t k = 0; k < np; k++) {
		size_t len = 1 + (rnd(4) ? rnd(8) : rnd(40));
		char *text = xmalloc(len + 1);
		size_t t = rnd((unsigned)ntexts);

		if (rnd(4) && lens[t] >= len) {
			memcpy(text, texts[t] + rnd((unsigned)(lens[t] - len + 1)), len);
			if (!rnd(8))
				text[rnd((unsigned)len)] ^= 0x20;
		} else {
			for (size_t i = 0; i < len; i++)
				text[i] = alphabet[rnd(sizeof(alphabet) - 1)];
		}
		text[len] = '\0';
		pats[k] = (struct pattern){ text, len, rnd(3) ? FILE_ANY : (1u << rnd(6)),
					    rnd(6) ? NULL : dirs[rnd(2)], 0,
					    (rnd(5) ? 0 : PATF_AFTER_UNDERSCORE) | (rnd(5) ? 0 : PATF_PREFIX) };
	}
	for (int pass = 0; pass < 2; pass++) {
		struct scanner *sc[3];

		for (int e = 0; e < 3; e++) {
			sc[e] = scanner_new_engine(pats, np, engines[e]);
			CHECK(scanner_engine(sc[e]) == (engines[e] == SCAN_HYPERSCAN ? SCAN_HYPERSCAN : SCAN_TEDDY));
		}
		if (pass) {
			/* Retire a third of the patterns: no engine reports them any more. */
			for (size_t k = 0; k < np; k += 3) {
				retired[k] = 1;
				for (int e = 0; e < 3; e++)
					scanner_retire(sc[e], (uint32_t)k);
			}
		}
		for (size_t t = 0; t < ntexts; t++) {
			const char *path = paths[rnd(4)];
			unsigned fclass = 1u << rnd(6);
			size_t nw = naive_find(pats, np, retired, texts[t], lens[t], fclass, path, 1, &want, &wcap);
			size_t nl = naive_find(pats, np, retired, texts[t], lens[t], fclass, path, 0, &loose, &lcap);

			/* The control: the texts do exercise the edge rules. */
			differs += !same_hits(want, nw, loose, nl);
			total += nw;
			for (int e = 0; e < 3; e++) {
				size_t ng = scanner_find(sc[e], texts[t], lens[t], fclass, path, &got, &gcap);
				int same = same_hits(want, nw, got, ng);

				CHECK(same);
				if (!same) {
					fprintf(stderr, "engine %d, %zu patterns, text %zu: %zu hits, want %zu\n",
						(int)engines[e], np, t, ng, nw);
					break;
				}
			}
		}
		for (int e = 0; e < 3; e++)
			scanner_free(sc[e]);
	}
	CHECK(differs > 0);
	for (size_t t = 0; t < ntexts; t++)
		free(texts[t]);
	for (size_t k = 0; k < np; k++)
		free((char *)pats[k].text);
	free(texts), free(lens), free(pats), free(retired), free(want), free(got), free(loose);
	return total;
}

/* What the scan_tree callback collects: "path pattern@offset" lines; may retire what it sees. */
struct collect {
	struct strvec lines;
	const struct scanner *sc;
	int retire_even;        /* retire each even-numbered pattern once it was seen */
	struct strvec binary;   /* hits in binary files */
};

static void on_tree_hits(void *vctx, const char *path, const char *buf, size_t len,
			 const struct scan_hit *hits, size_t n)
{
	struct collect *c = vctx;

	(void)buf, (void)len;
	for (size_t i = 0; i < n; i++) {
		sv_push_owned(&c->lines, xasprintf("%s %u@%zu", path, hits[i].pattern, hits[i].offset));
		if (c->retire_even && hits[i].pattern % 2 == 0)
			scanner_retire(c->sc, hits[i].pattern);
	}
}

static void on_binary_hits(void *vctx, const char *path, const char *buf, size_t len,
			   const struct scan_hit *hits, size_t n)
{
	struct collect *c = vctx;

	(void)buf, (void)len;
	for (size_t i = 0; i < n; i++)
		sv_push_owned(&c->binary, xasprintf("%s %u@%zu", path, hits[i].pattern, hits[i].offset));
}

/*
 * scan_tree over nfiles random files with each engine: with 4 threads
 * (concurrent Hyperscan scratch), the reference's hits; with one thread
 * retiring even patterns as it sees them, no file after the one where a
 * pattern was seen reports it.  Returns the number of hits compared.
 */
static size_t tree_round(size_t np, size_t nfiles)
{
	static const enum scan_engine engines[] = { SCAN_TEDDY, SCAN_HYPERSCAN };
	struct pattern *pats = xcalloc(np, sizeof(*pats));
	unsigned char *retired = xcalloc(np, 1);
	char **texts = xcalloc(nfiles, sizeof(*texts)), **paths = xcalloc(nfiles, sizeof(*paths));
	size_t *lens = xcalloc(nfiles, sizeof(*lens)), total = 0, cap = 0;
	struct scan_hit *want = NULL;
	struct strvec expect[2] = { STRVEC_INIT, STRVEC_INIT };
	struct strbuf err = STRBUF_INIT;
	struct tree t;

	unit_mkdir("scan");
	for (size_t f = 0; f < nfiles; f++) {
		static const char *const names[] = { "a/f%02zu.c", "a/Kconfig.%02zu", "b/Makefile%02zu" };

		paths[f] = xasprintf(names[f % 3], f);
		lens[f] = 1 + rnd(4000);
		texts[f] = xcalloc(lens[f] + 1, 1);
		for (size_t i = 0; i < lens[f]; i++)
			texts[f][i] = alphabet[rnd(sizeof(alphabet) - 1)];
		unit_write(paths[f], texts[f], lens[f]);
	}
	for (size_t k = 0; k < np; k++) {
		size_t f = rnd((unsigned)nfiles), len = 1 + rnd(10);
		char *text = xcalloc(len + 1, 1);

		if (lens[f] >= len)
			memcpy(text, texts[f] + rnd((unsigned)(lens[f] - len + 1)), len);
		else
			memset(text, 'a', len);
		pats[k] = (struct pattern){ text, len, rnd(4) ? FILE_ANY : FILE_KCONFIG, NULL, 0, 0 };
	}
	unit_put("Kconfig", "");   /* tree_load wants a kernel tree's top */
	unit_put("Makefile", "");
	CHECK(tree_load(&t, unit_dir, &err) == 0);
	CHECK(t.files.n == nfiles + 2);
	/* The reference, in tree order (t.files is sorted), without and with retiring. */
	for (int r = 0; r < 2; r++) {
		memset(retired, 0, np);
		for (size_t i = 0; i < t.files.n; i++) {
			size_t f = 0, nw;

			while (f < nfiles && strcmp(paths[f], t.files.v[i]))
				f++;
			if (f == nfiles)
				continue;   /* the empty top-level files */
			nw = naive_find(pats, np, retired, texts[f], lens[f], file_class(paths[f]), paths[f],
					1, &want, &cap);
			for (size_t h = 0; h < nw; h++)
				sv_push_owned(&expect[r], xasprintf("%s %u@%zu", paths[f], want[h].pattern,
								    want[h].offset));
			for (size_t h = 0; r && h < nw; h++)
				retired[want[h].pattern] |= want[h].pattern % 2 == 0;
		}
		sv_sort_uniq(&expect[r]);
	}
	for (size_t e = 0; e < ARRAY_SIZE(engines); e++)
		for (int r = 0; r < 2; r++) {
			struct scanner *sc = scanner_new_engine(pats, np, engines[e]);
			struct collect c[4];
			void *ctx[4];
			struct strvec got = STRVEC_INIT;
			struct strvec unreadable = STRVEC_INIT;
			size_t nread;
			int same;

			for (int i = 0; i < 4; i++) {
				c[i] = (struct collect){ STRVEC_INIT, sc, r };
				ctx[i] = &c[i];
			}
			nread = scan_tree(sc, &t, r ? 1 : 4, NULL, NULL, on_tree_hits, NULL, ctx, &unreadable);
			CHECK(nread == nfiles + 2 && !unreadable.n);
			sv_clear(&unreadable);
			for (int i = 0; i < 4; i++) {
				for (size_t k = 0; k < c[i].lines.n; k++)
					sv_push(&got, c[i].lines.v[k]);
				sv_clear(&c[i].lines);
			}
			sv_sort_uniq(&got);
			same = got.n == expect[r].n;
			for (size_t k = 0; same && k < got.n; k++)
				same = !strcmp(got.v[k], expect[r].v[k]);
			CHECK(same);
			if (!same)
				fprintf(stderr, "scan_tree: engine %d, retiring %d: %zu hits, want %zu\n",
					(int)engines[e], r, got.n, expect[r].n);
			total += got.n;
			sv_clear(&got);
			scanner_free(sc);
		}
	/* The control: retiring does remove hits. */
	CHECK(expect[1].n < expect[0].n);
	for (size_t f = 0; f < nfiles + 2; f++) {
		char *full = path_join(unit_dir, f < nfiles ? paths[f] : f == nfiles ? "Kconfig" : "Makefile");

		unlink(full);
		if (f >= nfiles) {
			free(full);
			continue;
		}
		free(full);
		free(paths[f]);
		free(texts[f]);
	}
	for (size_t k = 0; k < np; k++)
		free((char *)pats[k].text);
	tree_release(&t);
	sv_clear(&expect[0]);
	sv_clear(&expect[1]);
	{
		char *a = path_join(unit_dir, "a"), *b = path_join(unit_dir, "b");

		rmdir(a);
		rmdir(b);
		rmdir(unit_dir);
		free(a);
		free(b);
	}
	free(pats), free(retired), free(texts), free(paths), free(lens), free(want);
	return total;
}

/*
 * Binary files (a NUL byte in the first 8000) go to binary_fn, text files
 * to fn; with no binary_fn they are skipped.  Returns "text|binary" hits.
 */
static char *binary_round(int with_binary)
{
	struct pattern pats[] = { P("CONFIG_FOO", FILE_ANY), P("CONFIG_BAR", FILE_ANY),
				  P("CONFIG_BAZ", FILE_ANY), P("CONFIG_QUX", FILE_ANY) };
	struct collect text = { STRVEC_INIT, NULL, 0, STRVEC_INIT };
	struct strvec unreadable = STRVEC_INIT;
	struct strbuf err = STRBUF_INIT, out = STRBUF_INIT;
	struct scanner *sc = scanner_new(pats, ARRAY_SIZE(pats));
	void *ctx_text[1] = { &text };
	struct tree t;
	static const char *const names[] = { "Kconfig", "Makefile", "t.c", "b.bin", "late.bin" };

	unit_mkdir("scan-binary");
	unit_put("Kconfig", "");
	unit_put("Makefile", "");
	unit_put("t.c", "#ifdef CONFIG_FOO\n#endif\n");
	unit_write("b.bin", "\x7f" "ELF\0\0CONFIG_BAR=y\0", 18);
	{
		/* A NUL byte past the first 8000: text, as for grep -I. */
		char *late = xcalloc(9001, 1);

		memset(late, 'x', 9000);
		memcpy(late + 9, "\nCONFIG_BAZ\n", 12);
		late[8500] = '\0';
		unit_write("late.bin", late, 9000);
		free(late);
	}
	CHECK(tree_load(&t, unit_dir, &err) == 0);
	/* One thread, one context: the callback tells text and binary apart. */
	CHECK(scan_tree(sc, &t, 1, NULL, NULL, on_tree_hits, with_binary ? on_binary_hits : NULL,
			ctx_text, &unreadable) == 5);
	CHECK(!unreadable.n);
	for (size_t i = 0; i < text.lines.n; i++)
		sb_addf(&out, "%s%s", i ? " " : "", text.lines.v[i]);
	sb_addf(&out, "|");
	for (size_t i = 0; i < text.binary.n; i++)
		sb_addf(&out, "%s%s", i ? " " : "", text.binary.v[i]);
	sv_clear(&text.lines), sv_clear(&text.binary);
	sv_clear(&unreadable);
	sb_release(&err);
	scanner_free(sc);
	tree_release(&t);
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		char *full = path_join(unit_dir, names[i]);

		unlink(full);
		free(full);
	}
	rmdir(unit_dir);
	return sb_detach(&out, NULL);
}

int main(void)
{
	struct pattern sym[] = { P("CONFIG_SLOB", FILE_ANY), P("SLOB", FILE_KCONFIG),
				 P("CONFIG_SLOB_MODULE", FILE_ANY) };
	struct pattern paths[] = { P("/ixgb", FILE_ANY), P("ixgb/", FILE_MAKEFILE) };
	struct pattern obj[] = { { "slob.o", 6, FILE_MAKEFILE, "mm", 0, PATF_AFTER_UNDERSCORE } };
	struct pattern many[] = { P("linux/pci.h", FILE_ANY), P("linux/module.h", FILE_ANY),
				  P("kfree", FILE_ANY), P("kmalloc", FILE_ANY), P("ixgb", FILE_ANY),
				  P("InterMezzo", FILE_ANY), P("e1000", FILE_ANY), P("xyzzy", FILE_ANY),
				  P("pci", FILE_ANY) };
	char *s;

	/* Whole identifiers: CONFIG_SLOBBY and xCONFIG_SLOB are not CONFIG_SLOB. */
	s = find(sym, 3, "CONFIG_SLOB=y\nCONFIG_SLOBBY=y\nxCONFIG_SLOB\n#ifdef CONFIG_SLOB_MODULE\n",
		 FILE_C, "a.c");
	CHECK_STR(s, "CONFIG_SLOB@0 CONFIG_SLOB_MODULE@50");
	free(s);
	/* Bare symbols only in Kconfig files. */
	s = find(sym, 3, "depends on MEMCG && !SLOB\n", FILE_C, "a.c");
	CHECK_STR(s, "");
	free(s);
	s = find(sym, 3, "depends on MEMCG && !SLOB\n", FILE_KCONFIG, "init/Kconfig");
	CHECK_STR(s, "SLOB@21");
	free(s);
	/* A pattern edge that is not a word character needs no boundary there. */
	s = find(paths, 2, "   - drivers/net/ixgb\n   intel/ixgb\n   intel/ixgbe\n", FILE_DOC, "x.rst");
	CHECK_STR(s, "/ixgb@16 /ixgb@30");
	free(s);
	s = find(paths, 2, "obj-$(CONFIG_IXGB) += ixgb/\n", FILE_MAKEFILE, "drivers/Makefile");
	CHECK_STR(s, "ixgb/@22");
	free(s);
	/* Objects: in the Makefile of their directory only, also after '_'. */
	s = find(obj, 1, "KCOV_INSTRUMENT_slob.o := n\nobj-y += slob.o\nobj-y += xslob.o\n",
		 FILE_MAKEFILE, "mm/Makefile");
	CHECK_STR(s, "slob.o@16 slob.o@37");
	free(s);
	s = find(obj, 1, "obj-y += slob.o\n", FILE_MAKEFILE, "mm/sub/Makefile");
	CHECK_STR(s, "");
	free(s);
	/* Case: anchors are folded, matches are not. */
	s = find(many, 9, "intermezzo InterMezzo INTERMEZZO\n", FILE_DOC, "d.txt");
	CHECK_STR(s, "InterMezzo@11");
	free(s);
	/* Many anchors (the Teddy filter): every hit, at the end of the buffer too. */
	s = find(many, 9,
		 "#include <linux/pci.h>\n#include <linux/module.h>\nkfree(kmalloc(1));\n"
		 "/* pci ixgb e1000 */ xyzzy", FILE_C, "a.c");
	CHECK_STR(s, "linux/pci.h@10 pci@16 linux/module.h@33 kfree@49 kmalloc@55 pci@71 ixgb@75 "
		     "e1000@80 xyzzy@89");
	free(s);
	/*
	 * SCAN_AUTO: Teddy while the patterns need at most 16 anchors, then
	 * Hyperscan; without AVX2, Hyperscan from 2 patterns on.
	 */
	{
		struct pattern w[30];
		char text[30][24];
		enum scan_engine few = SCAN_HYPERSCAN;

#if defined(__x86_64__) && defined(__GNUC__) && !defined(__CHECKER__) && !defined(SCAN_NO_AVX2)
		if (__builtin_cpu_supports("avx2"))
			few = SCAN_TEDDY;
#endif

		for (int k = 0; k < 17; k++) {
			snprintf(text[k], sizeof(text[k]), "word%02d", k);
			w[k] = (struct pattern){ text[k], strlen(text[k]), FILE_ANY, NULL, 0, 0 };
		}
		CHECK(engine_of(w, 1) == SCAN_TEDDY);
		CHECK(engine_of(w, 3) == few);
		CHECK(engine_of(w, 16) == few);
		CHECK(engine_of(w, 17) == SCAN_HYPERSCAN);
		/* A symbol's three spellings share one anchor: 30 patterns, 10 anchors. */
		for (int k = 0; k < 30; k++) {
			snprintf(text[k], sizeof(text[k]), k % 3 == 0 ? "SYM%d" : k % 3 == 1 ? "CONFIG_SYM%d"
				 : "CONFIG_SYM%d_MODULE", k / 3);
			w[k] = (struct pattern){ text[k], strlen(text[k]), FILE_ANY, NULL, 0, 0 };
		}
		CHECK(engine_of(w, 30) == few);
	}
	/* Every engine against the reference: few, some, and thousands of patterns. */
	CHECK(random_round(10, 300, 2000) > 100);
	CHECK(random_round(300, 100, 2000) > 1000);
	CHECK(random_round(3000, 40, 3000) > 10000);
	/* Whole trees, several threads, retired patterns. */
	CHECK(tree_round(300, 40) > 1000);
	/* Binary files: to their own callback, or skipped knowingly; a late NUL is text. */
	s = binary_round(1);
	CHECK_STR(s, "late.bin 2@10 t.c 0@7|b.bin 1@6");
	free(s);
	s = binary_round(0);
	CHECK_STR(s, "late.bin 2@10 t.c 0@7|");
	free(s);
	/* File classes. */
	CHECK(file_class("mm/Kconfig") == FILE_KCONFIG);
	CHECK(file_class("arch/x86/Kconfig.debug") == FILE_KCONFIG);
	CHECK(file_class("drivers/net/Makefile") == FILE_MAKEFILE);
	CHECK(file_class("arch/arm/Kbuild") == FILE_MAKEFILE);
	CHECK(file_class("arch/arm/configs/pxa_defconfig") == FILE_DEFCONFIG);
	CHECK(file_class("kernel/configs/tiny.config") == FILE_DEFCONFIG);
	CHECK(file_class("tools/testing/selftests/net/config") == FILE_DEFCONFIG);
	CHECK(file_class("mm/slab.h") == FILE_C);
	CHECK(file_class("arch/x86/entry/entry_64.S") == FILE_C);
	CHECK(file_class("Documentation/admin-guide/devices.txt") == FILE_DOC);
	CHECK(file_class("MAINTAINERS") == FILE_OTHER);
	CHECK(is_build_output("mm/slab.o") && is_build_output("mm/.slab.o.cmd"));
	CHECK(is_build_output("include/generated/autoconf.h") && is_build_output("vmlinux"));
	CHECK(!is_build_output("mm/slab.c") && !is_build_output("scripts/kconfig/conf.c"));
	return unit_done("scan");
}
