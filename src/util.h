/* util.h - allocation, growable buffers, errors and file reading. */
#ifndef EXCISE_UTIL_H
#define EXCISE_UTIL_H

#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Program name used as the prefix of every diagnostic ("excise"). */
extern const char *progname;

/*
 * Print "excise: <message>" to stderr and exit with status 2.  For the
 * front ends (src/builtin/); the library uses it only for out of
 * memory (xmalloc) and "internal error" checks of its own invariants.
 */
void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* Like die(), with ": strerror(errno)" appended. */
void die_errno(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
/* Print "excise: <message>" to stderr and continue. */
void warnmsg(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
struct strbuf;
/* Print the lines of err to stderr, each as "excise: <line>" (a prefix already there is kept). */
void print_error_lines(const struct strbuf *err);

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow an array *p of *cap elements of size elem to hold at least want. */
void *grow_array(void *p, size_t *cap, size_t want, size_t elem);
#define GROW(arr, cap, want) ((arr) = grow_array((arr), &(cap), (want), sizeof(*(arr))))

/* A growable, always NUL-terminated byte buffer. */
struct strbuf {
	char *buf;
	size_t len;
	size_t cap;
};
#define STRBUF_INIT { NULL, 0, 0 }

void sb_grow(struct strbuf *sb, size_t extra);
void sb_addn(struct strbuf *sb, const char *s, size_t n);
void sb_adds(struct strbuf *sb, const char *s);
void sb_addc(struct strbuf *sb, char c);
void sb_addf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
void sb_reset(struct strbuf *sb);
void sb_release(struct strbuf *sb);
/* Take ownership of the buffer (never NULL); sb is reset to empty. */
char *sb_detach(struct strbuf *sb, size_t *len);

/* A growable array of owned strings. */
struct strvec {
	char **v;
	size_t n;
	size_t cap;
};
#define STRVEC_INIT { NULL, 0, 0 }

void sv_push(struct strvec *sv, const char *s);
void sv_push_owned(struct strvec *sv, char *s);
int sv_contains(const struct strvec *sv, const char *s);
void sv_sort_uniq(struct strvec *sv);
void sv_clear(struct strvec *sv);

/*
 * Read a whole file into sb (appended, NUL-terminated), through symbolic
 * links: a regular file, or a pipe (to its end; a FIFO no one writes to is
 * empty, never waited for).  Returns 0, or -1 with errno set: EISDIR for a
 * directory, ENODEV for a device or socket (never read).
 */
int read_file(const char *path, struct strbuf *sb);

/*
 * The signals that stop a run the polite way: SIGINT, SIGTERM, SIGHUP,
 * SIGQUIT (as apply.c holds them).  stop_signals_set() fills set with
 * them; stop_signal_pending() is the first of them pending while it is
 * blocked, or 0: where a section that writes can stop cleanly, it asks.
 */
void stop_signals_set(sigset_t *set);
int stop_signal_pending(void);

/*
 * A temporary file without a name, in directory dir (NULL: /tmp): nothing
 * is left of it once the descriptor is closed, even after SIGKILL
 * (O_TMPFILE; where the file system lacks it, mkstemp and unlink at once).
 * A child reads it as /dev/fd/N when the descriptor is not close-on-exec
 * (cloexec 0).  Returns the descriptor, or -1 with errno set.
 */
int tmp_unnamed(const char *dir, int cloexec);

/* Join a directory and a relative path into a new string ("dir/rel"). */
char *path_join(const char *dir, const char *rel);

/*
 * A path relative to a tree's top, normalised the way every module names
 * files: empty and "." components dropped, ".." resolved lexically, no
 * leading or trailing '/' ("./fs//foo/." -> "fs/foo"; "." -> "", the top
 * itself).  *is_dir is set if the path ended in '/', "/." or "/.." (may be
 * NULL).  Returns NULL for an absolute path or one that climbs out of the
 * top ("include/../../x.h").
 */
char *path_normalize(const char *path, int *is_dir);

/* FNV-1a hash of a string, for open-addressing tables. */
size_t hash_str(const char *s);

/* Seconds on the monotonic clock, for durations. */
double seconds_now(void);

int starts_with(const char *s, const char *prefix);
int ends_with(const char *s, const char *suffix);

/* True for the bytes grep -w and C treat as word characters: [A-Za-z0-9_]. */
static inline int is_word_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/*
 * Length of a UTF-8 byte order mark at the start of buf (3), or 0.  Readers
 * of C and Kconfig text treat it as a blank before the first line (as gcc
 * does) and keep it when they rewrite the file.
 */
static inline size_t utf8_bom_len(const char *buf, size_t len)
{
	return len >= 3 && (unsigned char)buf[0] == 0xef && (unsigned char)buf[1] == 0xbb &&
	       (unsigned char)buf[2] == 0xbf ? 3 : 0;
}

/* 1-based line number of offset off in buf (counts '\n' before off). */
size_t line_of_offset(const char *buf, size_t off);
/* Offsets of the start and end (past the '\n', or len) of the line holding off. */
size_t line_start(const char *buf, size_t off);
size_t line_end(const char *buf, size_t len, size_t off);

/*
 * The offsets where the lines of a buffer start, found in one pass: the line
 * of an offset is then a binary search.  line_of_offset() and line_start()
 * scan from the top or back to the last newline on each call, which makes a
 * loop over a file's hits quadratic (40,000 definitions, 50,000 references
 * on one line).
 */
struct line_index {
	size_t *start;   /* start[i]: where line i + 1 starts; start[0] = 0 */
	size_t n;
};

void line_index_init(struct line_index *li, const char *buf, size_t len);
void line_index_release(struct line_index *li);
/* line_of_offset(buf, off) and line_start(buf, off), for off <= len. */
size_t line_index_line(const struct line_index *li, size_t off);
size_t line_index_start(const struct line_index *li, size_t off);

/*
 * line_start() for offsets of one buffer that come in order (the hits of a
 * file): each answer scans back no further than the offset before, so the
 * hits of one long line cost one pass over it, not one each.  An offset
 * below the last one is answered by line_start().
 */
struct line_cursor {
	size_t off, start;   /* the last offset asked about, the start of its line */
};
#define LINE_CURSOR_INIT { 0, 0 }

size_t line_cursor_start(struct line_cursor *lc, const char *buf, size_t off);

/* Levenshtein distance between two strings. */
size_t edit_distance(const char *a, const char *b);

/*
 * A directory that ships with excise (specs, cocci, scripts): the one
 * resource_dir_set() gave, else name/ or share/excise/name/ (where make
 * install puts it) in the first of the binary's three nearest ancestors
 * that has one, else name relative to the current directory.
 * The result is cached per name.  The library reads no environment: the
 * front end (src/builtin/main.c) sets $EXCISE_SPECS, $EXCISE_COCCI and
 * $EXCISE_SCRIPTS.
 */
const char *resource_dir(const char *name);

/*
 * The path of the running binary (/proc/self/exe), newly allocated; when it
 * was rebuilt while running, the path, which holds the new one.  NULL if
 * unknown.
 */
char *self_exe(void);
void resource_dir_set(const char *name, const char *dir);

/* A set of strings (open addressing); keys are copied. */
struct strset {
	char **slot;
	size_t cap;   /* power of two, or 0 */
	size_t n;
};
#define STRSET_INIT { NULL, 0, 0 }

/* Insert s; returns 1 if it was new, 0 if already present. */
int strset_add(struct strset *set, const char *s);
int strset_addn(struct strset *set, const char *s, size_t n);
int strset_has(const struct strset *set, const char *s);
int strset_hasn(const struct strset *set, const char *s, size_t n);
void strset_clear(struct strset *set);
/* The members, sorted, as a new strvec (copies). */
void strset_to_sorted(const struct strset *set, struct strvec *out);

/*
 * Interned strings: each distinct string gets the next index (0, 1, ...),
 * kept in keys in the order they came; a hashed table finds the index.
 * Arrays indexed alike carry what belongs to each string.
 */
struct strmap {
	struct strvec keys;
	size_t *slot;  /* index + 1 of the key in each slot, 0 for none */
	size_t cap;    /* power of two, or 0 */
};
#define STRMAP_INIT { STRVEC_INIT, NULL, 0 }
#define STRMAP_NONE ((size_t)-1)

/* The index of s, added if new. */
size_t strmap_intern(struct strmap *map, const char *s);
/* The index of s, or STRMAP_NONE. */
size_t strmap_find(const struct strmap *map, const char *s);
void strmap_clear(struct strmap *map);

/*
 * Call fn(ctx, worker, i) for every i in [0, n), on up to nthreads threads
 * (0: one per CPU, at most 16); worker is the calling thread's number, below
 * the count parallel_threads() gives for the same nthreads.  The items are
 * handed out one by one in order.  Without threads (one CPU, or a thread
 * that cannot start) the calling thread does the rest.
 */
int parallel_threads(int nthreads);
void parallel_for(size_t n, int nthreads, void (*fn)(void *ctx, int worker, size_t i), void *ctx);

#endif
