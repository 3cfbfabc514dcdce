/* scan.c - find many fixed strings in many files, fast (see scan.h). */
#include "scan.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <hs/hs.h>

/*
 * The SIMD filters use compiler intrinsics; sparse (__CHECKER__) does not
 * know them and checks the portable code instead.  -DSCAN_NO_AVX2 builds
 * the code of a CPU without AVX2 (to test it on one with).
 */
#if defined(__SSE2__) && !defined(__CHECKER__)
#define HAVE_SSE2_FILTER 1
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__CHECKER__) && !defined(SCAN_NO_AVX2)
#define HAVE_AVX2_FILTER 1
#include <immintrin.h>
#endif

#define ANCHOR_MAX 32

/* A pattern that contains an anchor at offset off (of the folded text). */
struct member {
	uint32_t pat;
	uint32_t off;
};

/* A case-folded substring shared by a group of patterns. */
struct anchor {
	unsigned char fold[ANCHOR_MAX];
	size_t len;
	size_t r1, r2;          /* offsets of its two rarest bytes, tested first */
	size_t fp;              /* offset of its rarest 3 bytes, its Teddy fingerprint */
	struct member *m;
	size_t nm, cap;
};

struct scanner {
	const struct pattern *pats;
	size_t npats;
	struct anchor *anchors;
	size_t nanchors;
	size_t padding;
	unsigned scope_union;
	int avx2;               /* the CPU has AVX2: filter 32 bytes at a time */
	/*
	 * With many anchors, one pass finds them all (the "Teddy" method of
	 * Hyperscan): anchors are spread over 8 buckets; for each of the first
	 * three bytes of a window, a 16-entry table indexed by the byte's low
	 * nibble and one by its high nibble give the buckets whose anchors
	 * allow that nibble there; the AND of the six lookups is the set of
	 * buckets that may start at that position.
	 */
	int teddy;
	unsigned char lo[3][16], hi[3][16];
	size_t *bucket[8];      /* anchor indices of each bucket */
	size_t nbucket[8];
	/*
	 * Patterns can be retired while a scan runs (a candidate proven not to
	 * be the subsystem's): each worker then rebuilds its own scanner over
	 * the patterns left.  The flags and the generation count are shared by
	 * a scanner and the copies built from it.
	 */
	atomic_uchar *retired;
	atomic_uint *generation;
	int owns_retired;
	const struct strvec *first;   /* path prefixes to scan first */
	const struct progress *progress;   /* PROGRESS_SCAN events, or NULL */
	/*
	 * With many patterns, Hyperscan's literal matcher (hs_compile_lit_multi)
	 * finds them instead: its cost hardly grows with their number, where
	 * the buckets above verify more anchors per candidate as the set grows.
	 * Identical texts are one literal; a literal's patterns are
	 * lit_pats[lit_first[id] .. lit_first[id + 1]).
	 */
	enum scan_engine engine;      /* SCAN_TEDDY or SCAN_HYPERSCAN, never SCAN_AUTO */
	hs_database_t *hs;
	uint32_t *lit_first, *lit_pats;
	size_t nlits;
	/* Scratch spaces of hs_scan, one per concurrent scanner_find. */
	pthread_mutex_t lock;
	hs_scratch_t *proto;          /* cloned for each new concurrent user */
	hs_scratch_t **pool;
	size_t npool, pool_cap;
	size_t maxlen;                /* of the live patterns */
};

/* The first read buffer of a scanning thread: most source files fit. */
#define SCAN_BUFFER ((size_t)256 << 10)

/*
 * Use one Teddy pass instead of one pass per anchor from this many anchors
 * on; without AVX2, from TEDDY_MIN_ANCHORS_SCALAR (Teddy then goes a byte
 * at a time, and a few SSE2 passes are faster).
 */
#define TEDDY_MIN_ANCHORS 2
#define TEDDY_MIN_ANCHORS_SCALAR 4

/*
 * SCAN_AUTO groups up to TEDDY_TRY_PATTERNS patterns under anchors and
 * keeps the Teddy engine when they need at most TEDDY_MAX_ANCHORS anchors
 * (two a bucket); otherwise it uses Hyperscan.  bench/engines.sh measures
 * both (one thread, 537 MB of the 6.1 tree's .c and .h files in memory,
 * CPU time, real strings picked as bench/scaling.sh picks them): Teddy
 * 15 GB/s from 2 to 8 strings, 10.7 at 10, 5.9 at 16, against Hyperscan's
 * 13.8, 10.9, 6.3, 5.0; from 24 on Hyperscan wins (24: 4.4 against 2.2;
 * 32: 3.5 against 0.8), since each bucket's nibble tables admit more bytes
 * as it holds more anchors.  Tried and dropped: 48 patterns as three Teddy
 * passes of 16 (0.58-0.64 s a GB, Hyperscan 0.58-0.68), or as 6 groups of
 * 8 tested at each window (0.49 s a GB, but 10 patterns then took twice
 * as long), or each anchor put in the bucket whose nibble tables it widens
 * least (24 patterns: 0.33 s a GB, Hyperscan 0.29; 48: 2.2 s).  One anchor
 * alone takes the two-byte filter (28 GB/s).  Compiling takes 25-45 ms for
 * 1,000 literals, 0.4 s for 10,000 (scanning them: 1.3 and 0.5 GB/s).
 * -DTEDDY_TRY_PATTERNS=0 builds a scanner that always takes Hyperscan.
 */
#ifndef TEDDY_TRY_PATTERNS
#define TEDDY_TRY_PATTERNS 64
#endif
#define TEDDY_MAX_ANCHORS 16
/* The largest piece of a buffer one hs_scan call gets. */
#define HS_PIECE ((size_t)1 << 30)

/* Fold as the SIMD filter does: set bit 0x20 (A-Z become a-z). */
static inline unsigned char fold(unsigned char c)
{
	return c | 0x20;
}

unsigned file_class(const char *path)
{
	if (is_kconfig_file(path))
		return FILE_KCONFIG;
	if (is_makefile(path))
		return FILE_MAKEFILE;
	if (is_defconfig(path) || is_selftest_config(path))
		return FILE_DEFCONFIG;
	if (is_c_file(path) || ends_with(path, ".S"))
		return FILE_C;
	if (is_doc_file(path))
		return FILE_DOC;
	return FILE_OTHER;
}

/*
 * Folded bytes from most to least frequent in kernel sources (measured on a
 * sample of 6.1: C, Documentation, defconfigs, MAINTAINERS); 0x7f is the
 * folded '_'.  The filter tests an anchor's two rarest bytes.
 */
static const char byte_rank[] = " et)a*rin\x7foslcdpumfghb(;v,k-/wy=.x>0:{}z&14`2\"<j+|!q3#'~86%579?$@";

static int rarity(unsigned char c)
{
	const char *p = strchr(byte_rank, c);

	return c && p ? (int)(p - byte_rank) : 200;
}

/* Pick the offsets of the two rarest bytes of an anchor. */
static void pick_rare(struct anchor *a)
{
	a->r1 = a->r2 = 0;
	for (size_t i = 1; i < a->len; i++)
		if (rarity(a->fold[i]) > rarity(a->fold[a->r1]))
			a->r1 = i;
	a->r2 = a->r1 ? 0 : (a->len > 1 ? 1 : 0);
	for (size_t i = 0; i < a->len; i++)
		if (i != a->r1 && rarity(a->fold[i]) > rarity(a->fold[a->r2]))
			a->r2 = i;
	/* The rarest window of three bytes: "pci" rather than "lin" in "linux/pci.h". */
	a->fp = 0;
	if (a->len > 3) {
		int best = -1;

		for (size_t i = 0; i + 3 <= a->len; i++) {
			int r = rarity(a->fold[i]) + rarity(a->fold[i + 1]) + rarity(a->fold[i + 2]);

			if (r > best) {
				best = r;
				a->fp = i;
			}
		}
	}
}

static int cmp_len(const void *a, const void *b, void *ctx)
{
	const struct pattern *p = ctx;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	if (p[x].len != p[y].len)
		return p[x].len < p[y].len ? -1 : 1;
	return x < y ? -1 : x > y;
}

/* Offsets of every occurrence of anchor a in the folded pattern text. */
static void add_member(struct anchor *a, uint32_t pat, const unsigned char *ft, size_t n)
{
	for (size_t off = 0; off + a->len <= n; off++) {
		if (memcmp(ft + off, a->fold, a->len))
			continue;
		GROW(a->m, a->cap, a->nm + 1);
		a->m[a->nm].pat = pat;
		a->m[a->nm].off = (uint32_t)off;
		a->nm++;
	}
}

/* Spread the anchors over 8 buckets and fill the nibble tables. */
static void teddy_build(struct scanner *s)
{
	size_t caps[8] = { 0 };

	s->teddy = 1;
	for (size_t a = 0; a < s->nanchors; a++) {
		const struct anchor *an = &s->anchors[a];
		int b = (int)(a % 8);

		/* Anchors with the same fingerprint share a bucket. */
		for (size_t e = 0; e < a; e++) {
			const struct anchor *o = &s->anchors[e];

			if (o->len >= 3 && an->len >= 3 && !memcmp(o->fold + o->fp, an->fold + an->fp, 3)) {
				b = (int)(e % 8);
				break;
			}
		}
		GROW(s->bucket[b], caps[b], s->nbucket[b] + 1);
		s->bucket[b][s->nbucket[b]++] = a;
		for (int k = 0; k < 3; k++) {
			if (an->fp + (size_t)k >= an->len) {
				/* A short anchor accepts any byte there. */
				for (int x = 0; x < 16; x++) {
					s->lo[k][x] |= (unsigned char)(1u << b);
					s->hi[k][x] |= (unsigned char)(1u << b);
				}
				continue;
			}
			s->lo[k][an->fold[an->fp + k] & 15] |= (unsigned char)(1u << b);
			s->hi[k][an->fold[an->fp + k] >> 4] |= (unsigned char)(1u << b);
		}
	}
}

static int cmp_text(const void *a, const void *b, void *ctx)
{
	const struct pattern *p = ctx;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	int c;

	if (p[x].len != p[y].len)
		return p[x].len < p[y].len ? -1 : 1;
	c = memcmp(p[x].text, p[y].text, p[x].len);
	if (c)
		return c;
	return x < y ? -1 : x > y;
}

/*
 * Compile the live patterns (order[0..n)) into a Hyperscan database, one
 * literal per distinct text, and allocate the first scratch.  Returns 0, or
 * -1 if Hyperscan cannot run here or fails (the caller falls back).
 */
static int hs_build(struct scanner *s, uint32_t *order, size_t n)
{
	const struct pattern *pats = s->pats;
	const char **texts;
	size_t *lens;
	unsigned *ids;
	hs_compile_error_t *err = NULL;
	hs_scratch_t *scratch = NULL;
	size_t k = 0;

	if (!n || hs_valid_platform() != HS_SUCCESS)
		return -1;
	qsort_r(order, n, sizeof(*order), cmp_text, (void *)pats);
	s->lit_first = xmalloc((n + 1) * sizeof(*s->lit_first));
	s->lit_pats = xmalloc(n * sizeof(*s->lit_pats));
	texts = xmalloc(n * sizeof(*texts));
	lens = xmalloc(n * sizeof(*lens));
	ids = xmalloc(n * sizeof(*ids));
	for (size_t i = 0; i < n; i++) {
		const struct pattern *p = &pats[order[i]];

		if (!i || p->len != pats[order[i - 1]].len || memcmp(p->text, pats[order[i - 1]].text, p->len)) {
			texts[s->nlits] = p->text;
			lens[s->nlits] = p->len;
			ids[s->nlits] = (unsigned)s->nlits;
			s->lit_first[s->nlits++] = (uint32_t)k;
		}
		s->lit_pats[k++] = order[i];
		if (p->len > s->maxlen)
			s->maxlen = p->len;
	}
	s->lit_first[s->nlits] = (uint32_t)k;
	if (hs_compile_lit_multi(texts, NULL, ids, lens, (unsigned)s->nlits, HS_MODE_BLOCK, NULL,
				 &s->hs, &err) != HS_SUCCESS) {
		hs_free_compile_error(err);
		s->hs = NULL;
	} else if (hs_alloc_scratch(s->hs, &scratch) != HS_SUCCESS) {
		hs_free_database(s->hs);
		s->hs = NULL;
	}
	free(texts);
	free(lens);
	free(ids);
	if (!s->hs) {
		free(s->lit_first);
		free(s->lit_pats);
		s->lit_first = s->lit_pats = NULL;
		s->nlits = 0;
		return -1;
	}
	pthread_mutex_init(&s->lock, NULL);
	s->proto = scratch;
	return 0;
}

/* Forget the anchors and the Teddy tables. */
static void anchors_free(struct scanner *s)
{
	for (int b = 0; b < 8; b++) {
		free(s->bucket[b]);
		s->bucket[b] = NULL;
		s->nbucket[b] = 0;
	}
	for (size_t i = 0; i < s->nanchors; i++)
		free(s->anchors[i].m);
	free(s->anchors);
	s->anchors = NULL;
	s->nanchors = 0;
	s->teddy = 0;
	memset(s->lo, 0, sizeof(s->lo));
	memset(s->hi, 0, sizeof(s->hi));
}

/* Group the live patterns (order[0..n)) under anchors for the Teddy engine. */
static void anchors_build(struct scanner *s, uint32_t *order, size_t n)
{
	const struct pattern *pats = s->pats;
	size_t acap = 0;

	qsort_r(order, n, sizeof(*order), cmp_len, (void *)pats);
	/* Shortest patterns first: longer ones usually contain them. */
	for (size_t k = 0; k < n; k++) {
		const struct pattern *p = &pats[order[k]];
		unsigned char *ft = xmalloc(p->len);
		size_t before;
		int attached = 0;

		for (size_t i = 0; i < p->len; i++)
			ft[i] = fold((unsigned char)p->text[i]);
		for (size_t a = 0; a < s->nanchors; a++) {
			before = s->anchors[a].nm;
			add_member(&s->anchors[a], order[k], ft, p->len);
			if (s->anchors[a].nm != before) {
				attached = 1;
				break;
			}
		}
		if (!attached) {
			struct anchor *a;

			GROW(s->anchors, acap, s->nanchors + 1);
			a = &s->anchors[s->nanchors++];
			memset(a, 0, sizeof(*a));
			a->len = p->len < ANCHOR_MAX ? p->len : ANCHOR_MAX;
			memcpy(a->fold, ft, a->len);
			pick_rare(a);
			add_member(a, order[k], ft, p->len);
		}
		free(ft);
	}
	if (s->nanchors >= (s->avx2 ? TEDDY_MIN_ANCHORS : TEDDY_MIN_ANCHORS_SCALAR))
		teddy_build(s);
}

/*
 * A scanner over the patterns not retired; shares the retirement state with
 * from, if given.
 */
static struct scanner *scanner_build(const struct pattern *pats, size_t n, enum scan_engine engine,
				     const struct scanner *from)
{
	struct scanner *s = xcalloc(1, sizeof(*s));
	uint32_t *order = xmalloc((n ? n : 1) * sizeof(*order));
	size_t live = 0;
	int teddy = 0;

	s->pats = pats;
	s->npats = n;
#ifdef HAVE_AVX2_FILTER
	s->avx2 = engine != SCAN_TEDDY_SCALAR && __builtin_cpu_supports("avx2");
#endif
	if (from) {
		s->retired = from->retired;
		s->generation = from->generation;
	} else {
		s->retired = xcalloc(n ? n : 1, sizeof(*s->retired));
		s->generation = xcalloc(1, sizeof(*s->generation));
		s->owns_retired = 1;
	}
	for (uint32_t i = 0; i < n; i++) {
		if (!pats[i].len)
			die("internal error: empty scan pattern");
		if (atomic_load(&s->retired[i]))
			continue;
		order[live++] = i;
		s->scope_union |= pats[i].scope;
	}
	s->engine = SCAN_TEDDY;
	/*
	 * Without AVX2, Hyperscan from 2 patterns on (bench/engines.sh of a
	 * -DSCAN_NO_AVX2 build: 1 pattern 15.2 GB/s against 14.1; 2: 7.6
	 * against 10.0; 4: Teddy a byte at a time 0.5, Hyperscan 7.1).
	 */
	if (engine == SCAN_AUTO && live <= (s->avx2 ? TEDDY_TRY_PATTERNS : 1)) {
		anchors_build(s, order, live);
		teddy = s->nanchors <= TEDDY_MAX_ANCHORS;
		if (!teddy)
			anchors_free(s);
	}
	if (!teddy) {
		if (engine != SCAN_TEDDY && engine != SCAN_TEDDY_SCALAR && !hs_build(s, order, live))
			s->engine = SCAN_HYPERSCAN;
		else
			anchors_build(s, order, live);
	}
	free(order);
	s->padding = ANCHOR_MAX + 64 + 2;   /* teddy_avx2 reads 64 windows of 3 bytes */
	return s;
}

struct scanner *scanner_new_engine(const struct pattern *pats, size_t n, enum scan_engine engine)
{
	return scanner_build(pats, n, engine, NULL);
}

struct scanner *scanner_new(const struct pattern *pats, size_t n)
{
	return scanner_build(pats, n, SCAN_AUTO, NULL);
}

enum scan_engine scanner_engine(const struct scanner *s)
{
	return s->engine;
}

void scanner_scan_first(struct scanner *s, const struct strvec *prefixes)
{
	s->first = prefixes;
}

void scanner_progress(struct scanner *s, const struct progress *p)
{
	s->progress = p;
}

void scanner_retire(const struct scanner *s, uint32_t pattern)
{
	unsigned char was = 0;

	if (pattern < s->npats &&
	    atomic_compare_exchange_strong(&s->retired[pattern], &was, (unsigned char)1))
		atomic_fetch_add(s->generation, 1);
}

void scanner_free(struct scanner *s)
{
	if (!s)
		return;
	if (s->owns_retired) {
		free((void *)s->retired);
		free((void *)s->generation);
	}
	anchors_free(s);
	if (s->hs) {
		for (size_t i = 0; i < s->npool; i++)
			hs_free_scratch(s->pool[i]);
		hs_free_scratch(s->proto);
		free(s->pool);
		hs_free_database(s->hs);
		pthread_mutex_destroy(&s->lock);
	}
	free(s->lit_first);
	free(s->lit_pats);
	free(s);
}

size_t scanner_padding(const struct scanner *s)
{
	return s->padding;
}

static int applies(const struct pattern *p, unsigned fclass, const char *path)
{
	size_t n;

	if (!(p->scope & fclass))
		return 0;
	if (!p->dir)
		return 1;
	n = strlen(p->dir);
	return !strncmp(path, p->dir, n) && path[n] == '/' && !strchr(path + n + 1, '/');
}

/*
 * Pattern pat occurs at start: keep it if its edges are word edges (or may
 * touch a word by its flags), it applies to the file and is not retired.
 */
static void accept(const struct scanner *s, uint32_t pat, const char *buf, size_t len, size_t start,
		   unsigned fclass, const char *path, struct scan_hit **hits, size_t *n, size_t *cap)
{
	const unsigned char *u = (const unsigned char *)buf;
	const struct pattern *p = &s->pats[pat];
	size_t end = start + p->len;

	if (is_word_char((unsigned char)p->text[0]) && start > 0 && is_word_char(u[start - 1]) &&
	    !(u[start - 1] == '_' && (p->flags & PATF_AFTER_UNDERSCORE)))
		return;
	if (is_word_char((unsigned char)p->text[p->len - 1]) && end < len && is_word_char(u[end]) &&
	    !(p->flags & PATF_PREFIX))
		return;
	if (!applies(p, fclass, path) || atomic_load_explicit(&s->retired[pat], memory_order_relaxed))
		return;
	GROW(*hits, *cap, *n + 1);
	(*hits)[*n].pattern = pat;
	(*hits)[*n].offset = start;
	(*n)++;
}

/* Verify the anchor at pos, then each pattern of its group. */
static void verify(const struct scanner *s, const struct anchor *a, const char *buf, size_t len,
		   size_t pos, unsigned fclass, const char *path, struct scan_hit **hits,
		   size_t *n, size_t *cap)
{
	const unsigned char *u = (const unsigned char *)buf;

	if (pos + a->len > len)
		return;
	for (size_t k = 0; k < a->len; k++)
		if (fold(u[pos + k]) != a->fold[k])
			return;
	for (size_t i = 0; i < a->nm; i++) {
		const struct pattern *p = &s->pats[a->m[i].pat];
		size_t start;

		if (pos < a->m[i].off)
			continue;
		start = pos - a->m[i].off;
		if (start + p->len > len || memcmp(buf + start, p->text, p->len))
			continue;
		accept(s, a->m[i].pat, buf, len, start, fclass, path, hits, n, cap);
	}
}

static int cmp_hit(const void *a, const void *b)
{
	const struct scan_hit *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return x->pattern < y->pattern ? -1 : x->pattern > y->pattern;
}

/* Candidates of anchor a in buf: 16 positions at a time (SSE2) or one at a time. */
static void filter_sse2(const struct scanner *s, const struct anchor *a, const char *buf,
			size_t len, unsigned fclass, const char *path, struct scan_hit **hits,
			size_t *n, size_t *cap)
{
	const unsigned char *u = (const unsigned char *)buf;
#ifdef HAVE_SSE2_FILTER
	const __m128i bit = _mm_set1_epi8(0x20);
	const __m128i c1 = _mm_set1_epi8((char)a->fold[a->r1]);
	const __m128i c2 = _mm_set1_epi8((char)a->fold[a->r2]);
	const unsigned char *p1 = u + a->r1, *p2 = u + a->r2;

	for (size_t i = 0; i < len; i += 16) {
		__m128i b1 = _mm_or_si128(_mm_loadu_si128((const __m128i *)(p1 + i)), bit);
		__m128i b2 = _mm_or_si128(_mm_loadu_si128((const __m128i *)(p2 + i)), bit);
		unsigned mask = (unsigned)_mm_movemask_epi8(
			_mm_and_si128(_mm_cmpeq_epi8(b1, c1), _mm_cmpeq_epi8(b2, c2)));

		while (mask) {
			size_t pos = i + (size_t)__builtin_ctz(mask);

			mask &= mask - 1;
			verify(s, a, buf, len, pos, fclass, path, hits, n, cap);
		}
	}
#else
	for (size_t i = 0; i < len; i++)
		if (fold(u[i + a->r1]) == a->fold[a->r1] && fold(u[i + a->r2]) == a->fold[a->r2])
			verify(s, a, buf, len, i, fclass, path, hits, n, cap);
#endif
}

#ifdef HAVE_AVX2_FILTER

/* The same filter, 32 positions at a time, for CPUs with AVX2. */
__attribute__((target("avx2")))
static void filter_avx2(const struct scanner *s, const struct anchor *a, const char *buf,
			size_t len, unsigned fclass, const char *path, struct scan_hit **hits,
			size_t *n, size_t *cap)
{
	const unsigned char *u = (const unsigned char *)buf;
	const __m256i bit = _mm256_set1_epi8(0x20);
	const __m256i c1 = _mm256_set1_epi8((char)a->fold[a->r1]);
	const __m256i c2 = _mm256_set1_epi8((char)a->fold[a->r2]);
	const unsigned char *p1 = u + a->r1, *p2 = u + a->r2;

	for (size_t i = 0; i < len; i += 32) {
		__m256i b1 = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(p1 + i)), bit);
		__m256i b2 = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(p2 + i)), bit);
		unsigned mask = (unsigned)_mm256_movemask_epi8(
			_mm256_and_si256(_mm256_cmpeq_epi8(b1, c1), _mm256_cmpeq_epi8(b2, c2)));

		while (mask) {
			size_t pos = i + (size_t)__builtin_ctz(mask);

			mask &= mask - 1;
			verify(s, a, buf, len, pos, fclass, path, hits, n, cap);
		}
	}
}
#endif

/* Verify the anchors of the buckets in mask at pos. */
static void teddy_verify(const struct scanner *s, unsigned mask, const char *buf, size_t len,
			 size_t pos, unsigned fclass, const char *path, struct scan_hit **hits,
			 size_t *n, size_t *cap)
{
	while (mask) {
		int b = __builtin_ctz(mask);

		mask &= mask - 1;
		for (size_t i = 0; i < s->nbucket[b]; i++) {
			const struct anchor *a = &s->anchors[s->bucket[b][i]];

			/* The window matched at pos: the anchor starts fp bytes before. */
			if (pos >= a->fp)
				verify(s, a, buf, len, pos - a->fp, fclass, path, hits, n, cap);
		}
	}
}

#ifdef HAVE_AVX2_FILTER
/* The buckets that may start at each of the 32 positions from p (folded bytes). */
__attribute__((target("avx2")))
static inline __m256i teddy_window(const unsigned char *p, const __m256i *lo, const __m256i *hi)
{
	const __m256i bit = _mm256_set1_epi8(0x20), nib = _mm256_set1_epi8(0x0f);
	__m256i v0 = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)p), bit);
	__m256i v1 = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(p + 1)), bit);
	__m256i v2 = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(p + 2)), bit);
	__m256i a0 = _mm256_and_si256(_mm256_shuffle_epi8(lo[0], _mm256_and_si256(v0, nib)),
				      _mm256_shuffle_epi8(hi[0], _mm256_and_si256(_mm256_srli_epi16(v0, 4), nib)));
	__m256i a1 = _mm256_and_si256(_mm256_shuffle_epi8(lo[1], _mm256_and_si256(v1, nib)),
				      _mm256_shuffle_epi8(hi[1], _mm256_and_si256(_mm256_srli_epi16(v1, 4), nib)));
	__m256i a2 = _mm256_and_si256(_mm256_shuffle_epi8(lo[2], _mm256_and_si256(v2, nib)),
				      _mm256_shuffle_epi8(hi[2], _mm256_and_si256(_mm256_srli_epi16(v2, 4), nib)));

	return _mm256_and_si256(a0, _mm256_and_si256(a1, a2));
}

/*
 * The tables live in registers: the three positions are spelled out, and
 * 64 bytes are filtered before one test for candidates (gcc kept a loop
 * over the positions with its tables on the stack: 6.5 GB/s against 9.4).
 */
__attribute__((target("avx2")))
static void teddy_avx2(const struct scanner *s, const char *buf, size_t len, unsigned fclass,
		       const char *path, struct scan_hit **hits, size_t *n, size_t *cap)
{
	const unsigned char *u = (const unsigned char *)buf;
	const __m256i zero = _mm256_setzero_si256();
	__m256i lo[3], hi[3];

	for (int k = 0; k < 3; k++) {
		lo[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)s->lo[k]));
		hi[k] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)s->hi[k]));
	}
	for (size_t i = 0; i < len; i += 64) {
		__m256i x = teddy_window(u + i, lo, hi), y = teddy_window(u + i + 32, lo, hi);
		uint64_t nz;

		if (_mm256_testz_si256(_mm256_or_si256(x, y), _mm256_or_si256(x, y)))
			continue;
		nz = ~(((uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(y, zero)) << 32) |
		       (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, zero)));
		/* Positions at len or beyond are in the padding: verify finds nothing there. */
		{
			unsigned char m[64];

			_mm256_storeu_si256((__m256i *)m, x);
			_mm256_storeu_si256((__m256i *)(m + 32), y);
			while (nz) {
				int j = __builtin_ctzll(nz);

				nz &= nz - 1;
				teddy_verify(s, m[j], buf, len, i + (size_t)j, fclass, path, hits, n, cap);
			}
		}
	}
}
#endif

/* The same method one byte at a time, for CPUs without AVX2. */
static void teddy_scalar(const struct scanner *s, const char *buf, size_t len, unsigned fclass,
			 const char *path, struct scan_hit **hits, size_t *n, size_t *cap)
{
	const unsigned char *u = (const unsigned char *)buf;

	for (size_t i = 0; i < len; i++) {
		unsigned m = 0xff;

		for (int k = 0; k < 3 && m; k++) {
			unsigned char c = fold(u[i + (size_t)k]);

			m &= s->lo[k][c & 15] & s->hi[k][c >> 4];
		}
		if (m)
			teddy_verify(s, m, buf, len, i, fclass, path, hits, n, cap);
	}
}

/* What a Hyperscan match callback needs to verify and record a hit. */
struct hs_find {
	const struct scanner *s;
	const char *buf;
	size_t len;
	size_t base;            /* offset of the piece being scanned */
	unsigned fclass;
	const char *path;
	struct scan_hit **hits;
	size_t *n, *cap;
};

/* Literal id ends at offset to: check each of its patterns there. */
static int on_literal(unsigned int id, unsigned long long from, unsigned long long to,
		      unsigned int flags, void *ctx)
{
	struct hs_find *f = ctx;
	const struct scanner *s = f->s;
	size_t start = f->base + (size_t)to - s->pats[s->lit_pats[s->lit_first[id]]].len;

	(void)from, (void)flags;
	for (uint32_t k = s->lit_first[id]; k < s->lit_first[id + 1]; k++)
		accept(s, s->lit_pats[k], f->buf, f->len, start, f->fclass, f->path, f->hits, f->n,
		       f->cap);
	return 0;
}

/* Every literal in buf, with a scratch space no other thread uses meanwhile. */
static void hs_find_all(const struct scanner *s, const char *buf, size_t len, unsigned fclass,
			const char *path, struct scan_hit **hits, size_t *n, size_t *cap)
{
	struct scanner *m = (struct scanner *)s;   /* the pool is the mutable part */
	struct hs_find f = { s, buf, len, 0, fclass, path, hits, n, cap };
	hs_scratch_t *scratch = NULL;

	pthread_mutex_lock(&m->lock);
	if (m->npool)
		scratch = m->pool[--m->npool];
	else if (hs_clone_scratch(m->proto, &scratch) != HS_SUCCESS)
		scratch = NULL;
	pthread_mutex_unlock(&m->lock);
	if (!scratch)
		die("out of memory");   /* as xmalloc (util.c): the one failure not returned */
	/*
	 * hs_scan takes an unsigned length: a buffer beyond 1 GB is scanned in
	 * pieces that overlap by the longest pattern (the duplicates go with
	 * the others in scanner_find).
	 */
	for (f.base = 0;; f.base += HS_PIECE - s->maxlen) {
		size_t piece = len - f.base > HS_PIECE ? HS_PIECE : len - f.base;

		if (hs_scan(s->hs, buf + f.base, (unsigned)piece, 0, scratch, on_literal, &f) != HS_SUCCESS)
			die("internal error: hs_scan failed");
		if (f.base + piece >= len)
			break;
	}
	pthread_mutex_lock(&m->lock);
	GROW(m->pool, m->pool_cap, m->npool + 1);
	m->pool[m->npool++] = scratch;
	pthread_mutex_unlock(&m->lock);
}

size_t scanner_find(const struct scanner *s, const char *buf, size_t len, unsigned fclass,
		    const char *path, struct scan_hit **hits, size_t *cap)
{
	size_t n = 0, j = 0;

	if (!(s->scope_union & fclass))
		return 0;
	if (s->engine == SCAN_HYPERSCAN)
		hs_find_all(s, buf, len, fclass, path, hits, &n, cap);
	else if (s->teddy) {
#ifdef HAVE_AVX2_FILTER
		if (s->avx2)
			teddy_avx2(s, buf, len, fclass, path, hits, &n, cap);
		else
#endif
			teddy_scalar(s, buf, len, fclass, path, hits, &n, cap);
	}
	for (size_t k = 0; k < s->nanchors && !s->teddy; k++) {
#ifdef HAVE_AVX2_FILTER
		if (s->avx2)
			filter_avx2(s, &s->anchors[k], buf, len, fclass, path, hits, &n, cap);
		else
#endif
			filter_sse2(s, &s->anchors[k], buf, len, fclass, path, hits, &n, cap);
	}
	if (n < 2)
		return n;
	qsort(*hits, n, sizeof(**hits), cmp_hit);
	for (size_t i = 1; i < n; i++)
		if (cmp_hit(&(*hits)[i], &(*hits)[j]))
			(*hits)[++j] = (*hits)[i];
	return j + 1;
}

int scan_default_threads(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 16 ? 16 : (int)n;
}

struct scan_job {
	const struct scanner *s;
	const struct tree *t;
	int rootfd;
	int (*skip)(const char *path, void *skip_ctx);
	void *skip_ctx;
	scan_fn fn, binary_fn;
	void **ctx;
	const size_t *order;    /* the files in scanning order (indices into t->files) */
	atomic_size_t next;
	atomic_size_t read;
	pthread_mutex_t lock;   /* of unreadable */
	struct strvec *unreadable;
};

/* Note a problem in job->unreadable (from any worker). */
static void job_problem(struct scan_job *job, char *msg)
{
	pthread_mutex_lock(&job->lock);
	sv_push_owned(job->unreadable, msg);
	pthread_mutex_unlock(&job->lock);
}

struct worker {
	struct scan_job *job;
	int index;
	size_t report_at;       /* worker 0: the file index of its next progress report */
};

static void *scan_worker(void *arg)
{
	struct worker *w = arg;
	struct scan_job *job = w->job;
	size_t cap = 0, hcap = 0, pad = scanner_padding(job->s);
	char *buf = NULL;
	struct scan_hit *hits = NULL;
	const struct scanner *cur = job->s;
	struct scanner *mine = NULL;
	unsigned seen = atomic_load(job->s->generation);

	for (;;) {
		size_t i = atomic_fetch_add(&job->next, 1), len = 0, nh;
		const char *path;
		struct stat st;
		unsigned fclass;
		int fd, binary, sized;

		if (i >= job->t->files.n)
			break;
		/*
		 * The calling thread (worker 0) reports as the scan passes each
		 * 2048th file; scan_tree reported file 0 before the workers
		 * started.  (Worker 0 reporting when it took an index divisible by
		 * 2048 missed the first line whenever another worker took file
		 * 0: a loaded machine, golden locate-progress.)
		 */
		if (w->index == 0 && job->s->progress && i >= w->report_at) {
			struct progress_event ev = { PROGRESS_SCAN, i, job->t->files.n, NULL, NULL };

			progress_report(job->s->progress, &ev);
			w->report_at = (i / 2048 + 1) * 2048;
		}
		path = job->t->files.v[job->order[i]];
		fclass = file_class(path);
		if (job->skip && job->skip(path, job->skip_ctx))
			continue;
		/* (O_NONBLOCK: a file replaced by a FIFO since the walk is not waited for) */
		fd = openat(job->rootfd, path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
		if (fd < 0) {
			if (errno != ENOENT)
				job_problem(job, xasprintf("%s: cannot read: %s", path, strerror(errno)));
			continue;
		}
		/*
		 * Most files fit the buffer: the file's size is asked (fstat)
		 * only when a read fills it, to grow it once to the whole file.
		 */
		sized = 0;
		for (;;) {
			ssize_t r;

			if (len + pad + 1 + 65536 > cap) {
				size_t want = len + pad + 1 + (len ? len : SCAN_BUFFER);

				if (!sized && len && fstat(fd, &st) == 0 &&
				    (size_t)st.st_size + pad + 1 + 1 > want)
					want = (size_t)st.st_size + pad + 1 + 1;
				sized = 1;
				buf = grow_array(buf, &cap, want, 1);
			}
			r = read(fd, buf + len, cap - len - pad - 1);
			if (r < 0 && errno == EINTR)
				continue;
			if (r < 0) {
				job_problem(job, xasprintf("%s: cannot read: %s", path, strerror(errno)));
				break;
			}
			if (r == 0)
				break;
			len += (size_t)r;
		}
		close(fd);
		atomic_fetch_add(&job->read, 1);
		memset(buf + len, 0, pad + 1);
		binary = memchr(buf, '\0', len < 8000 ? len : 8000) != NULL;
		if (binary && !job->binary_fn)
			continue;
		if (atomic_load(job->s->generation) != seen && job->s->engine == SCAN_TEDDY) {
			/* Patterns were retired: scan for the others only (Hyperscan skips them). */
			seen = atomic_load(job->s->generation);
			scanner_free(mine);
			mine = scanner_build(job->s->pats, job->s->npats, SCAN_TEDDY, job->s);
			cur = mine;
		}
		nh = scanner_find(cur, buf, len, fclass, path, &hits, &hcap);
		if (nh)
			(binary ? job->binary_fn : job->fn)(job->ctx ? job->ctx[w->index] : NULL, path,
							    buf, len, hits, nh);
	}
	scanner_free(mine);
	free(buf);
	free(hits);
	return NULL;
}

size_t scan_tree(const struct scanner *s, const struct tree *t, int nthreads,
		 int (*skip)(const char *path, void *skip_ctx), void *skip_ctx, scan_fn fn,
		 scan_fn binary_fn, void **ctx, struct strvec *unreadable)
{
	struct scan_job job = { s, t, -1, skip, skip_ctx, fn, binary_fn, ctx, NULL, 0, 0 };
	size_t *order = xmalloc((t->files.n ? t->files.n : 1) * sizeof(*order)), k = 0;
	pthread_t *tid;
	struct worker *w;
	int started, rc;

	/* The files under the "first" prefixes, then the rest, each in tree order. */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < t->files.n; i++) {
			int early = 0;

			for (size_t p = 0; s->first && p < s->first->n && !early; p++)
				early = starts_with(t->files.v[i], s->first->v[p]);
			if (early == !pass)
				order[k++] = i;
		}
	job.order = order;
	job.unreadable = unreadable;
	pthread_mutex_init(&job.lock, NULL);

	if (nthreads <= 0)
		nthreads = scan_default_threads();
	job.rootfd = open(t->root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (job.rootfd < 0) {
		sv_push_owned(unreadable, xasprintf("%s: %s", t->root, strerror(errno)));
		pthread_mutex_destroy(&job.lock);
		free(order);
		return 0;
	}
	tid = xcalloc((size_t)nthreads, sizeof(*tid));
	w = xcalloc((size_t)nthreads, sizeof(*w));
	if (s->progress) {
		struct progress_event ev = { PROGRESS_SCAN, 0, t->files.n, NULL, NULL };

		progress_report(s->progress, &ev);
		w[0].report_at = 2048;
	}
	for (started = 1; started < nthreads; started++) {
		w[started].job = &job;
		w[started].index = started;
		if ((rc = pthread_create(&tid[started], NULL, scan_worker, &w[started]))) {
			/* The workers that started stop early: the scan is incomplete. */
			job_problem(&job, xasprintf("cannot create a thread: %s", strerror(rc)));
			atomic_store(&job.next, t->files.n);
			break;
		}
	}
	w[0].job = &job;
	w[0].index = 0;
	scan_worker(&w[0]);
	for (int i = 1; i < started; i++)
		pthread_join(tid[i], NULL);
	if (s->progress) {
		struct progress_event ev = { PROGRESS_SCAN, t->files.n, t->files.n, NULL, NULL };

		progress_report(s->progress, &ev);
	}
	close(job.rootfd);
	pthread_mutex_destroy(&job.lock);
	free(order);
	free(tid);
	free(w);
	return job.read;
}
