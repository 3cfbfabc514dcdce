/*
 * scan.h - find many fixed strings in many files, fast.
 *
 * Few patterns are grouped under a few case-folded "anchors" (substrings
 * that every pattern of the group contains); a SIMD filter (Teddy: nibble
 * tables of three bytes of each anchor, spread over 8 buckets) finds where
 * an anchor may start, 64 bytes at a time, and only those candidates are
 * verified.  Many patterns go to Hyperscan's literal matcher.  Files are
 * read by several threads.
 *
 * A match follows identifier rules, like grep -w but only where the
 * pattern's own edge is a word character: "CONFIG_SLOB" does not match in
 * "CONFIG_SLOBBY", while "/ixgb" matches in "intel/ixgb".
 */
#ifndef EXCISE_SCAN_H
#define EXCISE_SCAN_H

#include <stddef.h>
#include <stdint.h>

#include "progress.h"
#include "walk.h"

/* File classes, for pattern scopes. */
enum {
	FILE_KCONFIG = 1 << 0,
	FILE_MAKEFILE = 1 << 1,
	FILE_DEFCONFIG = 1 << 2,
	FILE_C = 1 << 3,
	FILE_DOC = 1 << 4,
	FILE_OTHER = 1 << 5,
	FILE_ANY = (1 << 6) - 1,
};

/* The class of a path (one FILE_* bit). */
unsigned file_class(const char *path);

struct pattern {
	const char *text;
	size_t len;
	unsigned scope;     /* FILE_* bits of the files it applies to */
	const char *dir;    /* if set: only files directly in this directory ("mm") */
	int tag;            /* the caller's */
	unsigned flags;     /* PATF_* */
};

/* The pattern may follow a '_': "slob.o" in KCOV_INSTRUMENT_slob.o. */
#define PATF_AFTER_UNDERSCORE 1u
/* The pattern is a prefix: a word character may follow ("CONFIG_" in CONFIG_SLOB). */
#define PATF_PREFIX 2u

struct scan_hit {
	uint32_t pattern;   /* index into the pattern array */
	size_t offset;
};

struct scanner;

/*
 * The matching engines, with the same results: anchors under a SIMD
 * ("Teddy") filter, or Hyperscan's literal matcher, whose cost stays flat
 * as the pattern set grows.  SCAN_AUTO takes Teddy when the patterns need
 * at most 16 anchors, Hyperscan otherwise; SCAN_TEDDY_SCALAR is the Teddy
 * engine without AVX2 (for tests).
 */
enum scan_engine { SCAN_AUTO, SCAN_TEDDY, SCAN_TEDDY_SCALAR, SCAN_HYPERSCAN };

/* Build a scanner over n patterns (the array must outlive the scanner). */
struct scanner *scanner_new(const struct pattern *pats, size_t n);
/*
 * The same with a given engine (SCAN_HYPERSCAN falls back to SCAN_TEDDY
 * where Hyperscan cannot run).
 */
struct scanner *scanner_new_engine(const struct pattern *pats, size_t n, enum scan_engine engine);
/* The engine a scanner uses: SCAN_TEDDY or SCAN_HYPERSCAN. */
enum scan_engine scanner_engine(const struct scanner *s);
void scanner_free(struct scanner *s);

/*
 * Stop looking for a pattern (safe from scan_tree callbacks): no later
 * scanner_find reports it (the Teddy workers of a running scan_tree
 * rebuild their scanners without it).
 */
void scanner_retire(const struct scanner *s, uint32_t pattern);

/*
 * Find every match in buf (len bytes, followed by at least
 * scanner_padding() readable bytes) of the patterns that apply to a file
 * of class fclass at path.  Hits are appended to *hits (sorted by offset,
 * then pattern); returns their number.
 */
size_t scanner_find(const struct scanner *s, const char *buf, size_t len, unsigned fclass,
		    const char *path, struct scan_hit **hits, size_t *cap);
size_t scanner_padding(const struct scanner *s);

/*
 * Scan the files under these path prefixes before the others (where the
 * evidence that retires candidates is most likely: the subsystem's
 * neighbours).  The strvec must outlive the scans.
 */
void scanner_scan_first(struct scanner *s, const struct strvec *prefixes);

/*
 * Report PROGRESS_SCAN events of scan_tree to p (NULL: none): once before
 * the first file, as the scan passes each 2048th file, and once at the
 * end, all from the calling thread.  p must outlive the scans.
 */
void scanner_progress(struct scanner *s, const struct progress *p);

/* Called once per file with matches, from a worker thread. */
typedef void (*scan_fn)(void *ctx, const char *path, const char *buf, size_t len,
			const struct scan_hit *hits, size_t n);

/*
 * Scan the files of t for which skip(path, skip_ctx) is false, with
 * nthreads threads (0: one per CPU).  fn gets the matches of each text
 * file; binary_fn those of each binary file (a NUL byte in the first 8000,
 * as grep -I decides), which are not text to classify by line: a caller
 * that passes NULL skips them knowingly.  Both run in the worker threads
 * with ctx[thread index] as their first argument.  Returns the number of
 * files read.  Each file that could not be read adds "PATH: cannot read: WHY" to
 * unreadable; a scan that could not run (the tree's top unreadable, no
 * thread) adds what stopped it: the caller decides whether that is fatal.
 */
size_t scan_tree(const struct scanner *s, const struct tree *t, int nthreads,
		 int (*skip)(const char *path, void *skip_ctx), void *skip_ctx, scan_fn fn,
		 scan_fn binary_fn, void **ctx, struct strvec *unreadable);

/* Number of worker threads scan_tree would use for nthreads == 0. */
int scan_default_threads(void);

#endif
