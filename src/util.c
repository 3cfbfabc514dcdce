/* util.c - allocation, growable buffers, errors and file reading. */
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

const char *progname = "excise";

static void vmsg(const char *fmt, va_list ap, int errnum)
{
	fprintf(stderr, "%s: ", progname);
	vfprintf(stderr, fmt, ap);
	if (errnum)
		fprintf(stderr, ": %s", strerror(errnum));
	fputc('\n', stderr);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap, 0);
	va_end(ap);
	exit(2);
}

void die_errno(const char *fmt, ...)
{
	int e = errno;
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap, e);
	va_end(ap);
	exit(2);
}

void warnmsg(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(fmt, ap, 0);
	va_end(ap);
}

/*
 * Out of memory is the one failure the library does not return: the
 * allocators below (and grow_array) print it and exit 2, as git's do.
 * Everything else a library function can meet goes back to its caller.
 */
void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		die("out of memory (%zu x %zu bytes)", n, size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(&sb, fmt, ap);
	va_end(ap);
	return sb_detach(&sb, NULL);
}

void *grow_array(void *p, size_t *cap, size_t want, size_t elem)
{
	size_t n;

	if (want <= *cap)
		return p;
	n = *cap ? *cap : 8;
	while (n < want)
		n *= 2;
	if (n > SIZE_MAX / elem)
		die("out of memory (array of %zu)", n);
	*cap = n;
	return xrealloc(p, n * elem);
}

void sb_grow(struct strbuf *sb, size_t extra)
{
	size_t want = sb->len + extra + 1;

	if (want <= sb->cap)
		return;
	sb->buf = grow_array(sb->buf, &sb->cap, want, 1);
}

void sb_addn(struct strbuf *sb, const char *s, size_t n)
{
	sb_grow(sb, n);
	if (n)   /* s may be NULL then: an empty strbuf's buf */
		memcpy(sb->buf + sb->len, s, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void sb_adds(struct strbuf *sb, const char *s)
{
	sb_addn(sb, s, strlen(s));
}

void sb_addc(struct strbuf *sb, char c)
{
	sb_addn(sb, &c, 1);
}

void sb_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	va_copy(cp, ap);
	n = vsnprintf(NULL, 0, fmt, cp);
	va_end(cp);
	if (n < 0)
		die("bad format string");
	sb_grow(sb, (size_t)n);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	sb->len += (size_t)n;
}

void sb_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sb_vaddf(sb, fmt, ap);
	va_end(ap);
}

void sb_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void sb_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->cap = 0;
}

char *sb_detach(struct strbuf *sb, size_t *len)
{
	char *p;

	sb_grow(sb, 0);
	sb->buf[sb->len] = '\0';
	p = sb->buf;
	if (len)
		*len = sb->len;
	sb->buf = NULL;
	sb->len = sb->cap = 0;
	return p;
}

void sv_push(struct strvec *sv, const char *s)
{
	sv_push_owned(sv, xstrdup(s));
}

void sv_push_owned(struct strvec *sv, char *s)
{
	GROW(sv->v, sv->cap, sv->n + 2);
	sv->v[sv->n++] = s;
	sv->v[sv->n] = NULL;
}

int sv_contains(const struct strvec *sv, const char *s)
{
	for (size_t i = 0; i < sv->n; i++)
		if (!strcmp(sv->v[i], s))
			return 1;
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void sv_sort_uniq(struct strvec *sv)
{
	size_t j = 0;

	if (!sv->n)
		return;
	qsort(sv->v, sv->n, sizeof(*sv->v), cmp_str);
	for (size_t i = 1; i < sv->n; i++) {
		if (!strcmp(sv->v[i], sv->v[j]))
			free(sv->v[i]);
		else
			sv->v[++j] = sv->v[i];
	}
	sv->n = j + 1;
	sv->v[sv->n] = NULL;
}

void sv_clear(struct strvec *sv)
{
	for (size_t i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	sv->v = NULL;
	sv->n = sv->cap = 0;
}

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

void stop_signals_set(sigset_t *set)
{
	sigemptyset(set);
	for (size_t i = 0; i < ARRAY_SIZE(stop_signals); i++)
		sigaddset(set, stop_signals[i]);
}

int stop_signal_pending(void)
{
	sigset_t pending;

	if (sigpending(&pending) < 0)
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(stop_signals); i++)
		if (sigismember(&pending, stop_signals[i]))
			return stop_signals[i];
	return 0;
}

int tmp_unnamed(const char *dir, int cloexec)
{
	char *name;
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	fd = open(dir, O_TMPFILE | O_RDWR | (cloexec ? O_CLOEXEC : 0), 0600);
	if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
		return fd;
	name = xasprintf("%s/excise-XXXXXX", dir);
	fd = mkostemp(name, cloexec ? O_CLOEXEC : 0);
	if (fd >= 0)
		unlink(name);
	free(name);
	return fd;
}

int read_file(const char *path, struct strbuf *sb)
{
	struct stat st;
	/* O_NONBLOCK: opening a FIFO no one writes to does not wait */
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0)
		goto fail;
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		goto fail;
	}
	if (S_ISFIFO(st.st_mode)) {
		/* a pipe (a <(command) argument): read it to its end, as it comes */
		if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) < 0)
			goto fail;
	} else if (!S_ISREG(st.st_mode)) {
		errno = ENODEV;   /* a device or a socket: never read (/dev/zero has no end) */
		goto fail;
	}
	sb_grow(sb, st.st_size > 0 ? (size_t)st.st_size : 4096);
	for (;;) {
		ssize_t n;

		sb_grow(sb, 4096);
		n = read(fd, sb->buf + sb->len, sb->cap - sb->len - 1);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			goto fail;
		}
		if (n == 0)
			break;
		sb->len += (size_t)n;
	}
	sb->buf[sb->len] = '\0';
	close(fd);
	return 0;
fail:;
	int e = errno;
	close(fd);
	errno = e;
	return -1;
}

double seconds_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

char *path_join(const char *dir, const char *rel)
{
	size_t n = strlen(dir);

	if (!n || !strcmp(dir, "."))
		return xstrdup(rel);
	if (dir[n - 1] == '/')
		return xasprintf("%s%s", dir, rel);
	return xasprintf("%s/%s", dir, rel);
}

int starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

int ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !memcmp(s + a - b, suffix, b);
}

size_t line_of_offset(const char *buf, size_t off)
{
	size_t line = 1;
	const char *p = buf, *end = buf + off;

	while ((p = memchr(p, '\n', (size_t)(end - p)))) {
		line++;
		p++;
	}
	return line;
}

size_t line_start(const char *buf, size_t off)
{
	while (off > 0 && buf[off - 1] != '\n')
		off--;
	return off;
}

size_t line_end(const char *buf, size_t len, size_t off)
{
	const char *nl = memchr(buf + off, '\n', len - off);

	return nl ? (size_t)(nl - buf) + 1 : len;
}

void line_index_init(struct line_index *li, const char *buf, size_t len)
{
	size_t cap = 0;
	const char *p = buf, *end = buf + len;

	li->start = NULL;
	li->n = 0;
	GROW(li->start, cap, 1);
	li->start[li->n++] = 0;
	while (p < end && (p = memchr(p, '\n', (size_t)(end - p)))) {
		p++;
		GROW(li->start, cap, li->n + 1);
		li->start[li->n++] = (size_t)(p - buf);
	}
}

void line_index_release(struct line_index *li)
{
	free(li->start);
	li->start = NULL;
	li->n = 0;
}

size_t line_index_line(const struct line_index *li, size_t off)
{
	size_t lo = 1, hi = li->n;

	/* the number of lines that start at or before off */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (li->start[mid] <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t line_index_start(const struct line_index *li, size_t off)
{
	return li->start[line_index_line(li, off) - 1];
}

size_t line_cursor_start(struct line_cursor *lc, const char *buf, size_t off)
{
	size_t s = off, last = lc->off;

	lc->off = off;
	if (off < last)
		return lc->start = line_start(buf, off);
	while (s > last && buf[s - 1] != '\n')
		s--;
	if (s > last)   /* a newline since the last offset: a new line */
		lc->start = s;
	return lc->start;
}

char *path_normalize(const char *path, int *is_dir)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = path;
	int dir = 0;

	if (path[0] == '/')
		return NULL;
	sb_grow(&sb, strlen(path) + 1);
	sb.buf[0] = '\0';
	while (*p) {
		size_t n = strcspn(p, "/");

		dir = 1;
		if (n == 0 || (n == 1 && p[0] == '.')) {
			/* an empty or "." component: nothing */
		} else if (n == 2 && p[0] == '.' && p[1] == '.') {
			char *slash;

			if (!sb.len) {
				sb_release(&sb);
				return NULL;
			}
			slash = strrchr(sb.buf, '/');
			sb.len = slash ? (size_t)(slash - sb.buf) : 0;
			sb.buf[sb.len] = '\0';
		} else {
			if (sb.len)
				sb_addc(&sb, '/');
			sb_addn(&sb, p, n);
			dir = 0;
		}
		p += n;
		if (*p == '/') {
			p++;
			dir = 1;
		}
	}
	if (is_dir)
		*is_dir = dir || !sb.len;
	return sb_detach(&sb, NULL);
}

static size_t hash_bytes(const char *s, size_t n)
{
	size_t h = 1469598103934665603ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
	return h;
}

size_t hash_str(const char *s)
{
	return hash_bytes(s, strlen(s));
}

static size_t strset_find(const struct strset *set, const char *s, size_t n)
{
	size_t mask = set->cap - 1, i = hash_bytes(s, n) & mask;

	while (set->slot[i] && (strncmp(set->slot[i], s, n) || set->slot[i][n]))
		i = (i + 1) & mask;
	return i;
}

int strset_addn(struct strset *set, const char *s, size_t n)
{
	size_t i;

	if ((set->n + 1) * 2 > set->cap) {
		struct strset bigger = { NULL, set->cap ? set->cap * 2 : 64, 0 };

		bigger.slot = xcalloc(bigger.cap, sizeof(char *));
		for (size_t j = 0; j < set->cap; j++) {
			if (!set->slot[j])
				continue;
			bigger.slot[strset_find(&bigger, set->slot[j], strlen(set->slot[j]))] = set->slot[j];
			bigger.n++;
		}
		free(set->slot);
		*set = bigger;
	}
	i = strset_find(set, s, n);
	if (set->slot[i])
		return 0;
	set->slot[i] = xstrndup(s, n);
	set->n++;
	return 1;
}

int strset_add(struct strset *set, const char *s)
{
	return strset_addn(set, s, strlen(s));
}

int strset_hasn(const struct strset *set, const char *s, size_t n)
{
	return set->cap && set->slot[strset_find(set, s, n)] != NULL;
}

int strset_has(const struct strset *set, const char *s)
{
	return strset_hasn(set, s, strlen(s));
}

void strset_clear(struct strset *set)
{
	for (size_t i = 0; i < set->cap; i++)
		free(set->slot[i]);
	free(set->slot);
	set->slot = NULL;
	set->cap = set->n = 0;
}

static size_t strmap_slot(const struct strmap *map, const char *s)
{
	size_t mask = map->cap - 1, i = hash_str(s) & mask;

	while (map->slot[i] && strcmp(map->keys.v[map->slot[i] - 1], s))
		i = (i + 1) & mask;
	return i;
}

size_t strmap_find(const struct strmap *map, const char *s)
{
	size_t i;

	if (!map->cap)
		return STRMAP_NONE;
	i = strmap_slot(map, s);
	return map->slot[i] ? map->slot[i] - 1 : STRMAP_NONE;
}

size_t strmap_intern(struct strmap *map, const char *s)
{
	size_t i;

	if ((map->keys.n + 1) * 2 > map->cap) {
		free(map->slot);
		map->cap = map->cap ? map->cap * 2 : 64;
		map->slot = xcalloc(map->cap, sizeof(*map->slot));
		for (size_t k = 0; k < map->keys.n; k++)
			map->slot[strmap_slot(map, map->keys.v[k])] = k + 1;
	}
	i = strmap_slot(map, s);
	if (!map->slot[i]) {
		sv_push(&map->keys, s);
		map->slot[i] = map->keys.n;
	}
	return map->slot[i] - 1;
}

void strmap_clear(struct strmap *map)
{
	sv_clear(&map->keys);
	free(map->slot);
	map->slot = NULL;
	map->cap = 0;
}

void strset_to_sorted(const struct strset *set, struct strvec *out)
{
	for (size_t i = 0; i < set->cap; i++)
		if (set->slot[i])
			sv_push(out, set->slot[i]);
	sv_sort_uniq(out);
}

/* The directories found (or set by resource_dir_set), by name. */
static struct {
	char name[16];
	char dir[PATH_MAX + 32];
} resource_cache[8];

void resource_dir_set(const char *name, const char *dir)
{
	size_t slot;

	for (slot = 0; slot < ARRAY_SIZE(resource_cache) && resource_cache[slot].name[0]; slot++)
		if (!strcmp(resource_cache[slot].name, name))
			break;
	if (slot == ARRAY_SIZE(resource_cache))
		slot = 0;
	snprintf(resource_cache[slot].name, sizeof(resource_cache[slot].name), "%s", name);
	snprintf(resource_cache[slot].dir, sizeof(resource_cache[slot].dir), "%s", dir);
}

char *self_exe(void)
{
	static const char deleted[] = " (deleted)";
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	size_t len;

	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	len = (size_t)n;
	/* the binary was rebuilt while it ran: its path holds the new one */
	if (len > sizeof(deleted) - 1 && !strcmp(exe + len - (sizeof(deleted) - 1), deleted))
		exe[len - (sizeof(deleted) - 1)] = '\0';
	return xstrdup(exe);
}

const char *resource_dir(const char *name)
{
	char *exe;
	size_t slot;

	for (slot = 0; slot < ARRAY_SIZE(resource_cache) && resource_cache[slot].name[0]; slot++)
		if (!strcmp(resource_cache[slot].name, name))
			return resource_cache[slot].dir;
	if (slot == ARRAY_SIZE(resource_cache))
		slot = 0;
	snprintf(resource_cache[slot].name, sizeof(resource_cache[slot].name), "%s", name);
	snprintf(resource_cache[slot].dir, sizeof(resource_cache[slot].dir), "%s", name);
	exe = self_exe();
	if (!exe)
		return resource_cache[slot].dir;
	/*
	 * src/excise or build/asan/excise: look upwards for name/; an
	 * installed PREFIX/bin/excise: for share/excise/name/ (make install).
	 */
	for (int up = 0; up < 3; up++) {
		static const char *const where[] = { "%s/%s", "%s/share/excise/%s" };
		char *slash = strrchr(exe, '/');

		if (!slash)
			break;
		*slash = '\0';
		for (size_t w = 0; w < ARRAY_SIZE(where); w++) {
			snprintf(resource_cache[slot].dir, sizeof(resource_cache[slot].dir), where[w], exe,
				 name);
			if (access(resource_cache[slot].dir, R_OK) == 0) {
				free(exe);
				return resource_cache[slot].dir;
			}
		}
	}
	free(exe);
	snprintf(resource_cache[slot].dir, sizeof(resource_cache[slot].dir), "%s", name);
	return resource_cache[slot].dir;
}

size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t *row = xmalloc((lb + 1) * sizeof(*row));
	size_t d;

	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	d = row[lb];
	free(row);
	return d;
}

void print_error_lines(const struct strbuf *err)
{
	size_t prefix = strlen(progname) + 2;

	for (size_t i = 0; i < err->len;) {
		const char *line = err->buf + i, *nl = memchr(line, '\n', err->len - i);
		size_t n = nl ? (size_t)(nl - line) : err->len - i;

		if (n) {
			if (n >= prefix && !strncmp(line, progname, prefix - 2) && line[prefix - 2] == ':')
				fprintf(stderr, "%.*s\n", (int)n, line);
			else
				fprintf(stderr, "%s: %.*s\n", progname, (int)n, line);
		}
		i += n + 1;
	}
}

int parallel_threads(int nthreads)
{
	long n = nthreads > 0 ? nthreads : sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 16 ? 16 : (int)n;
}

struct parallel {
	size_t n;
	atomic_size_t next;
	void (*fn)(void *ctx, int worker, size_t i);
	void *ctx;
};

struct parallel_worker {
	struct parallel *job;
	int index;
	pthread_t tid;
};

static void *parallel_worker(void *arg)
{
	struct parallel_worker *w = arg;
	size_t i;

	while ((i = atomic_fetch_add(&w->job->next, 1)) < w->job->n)
		w->job->fn(w->job->ctx, w->index, i);
	return NULL;
}

void parallel_for(size_t n, int nthreads, void (*fn)(void *ctx, int worker, size_t i), void *ctx)
{
	struct parallel job = { n, 0, fn, ctx };
	int k = parallel_threads(nthreads), started;
	struct parallel_worker *w = xcalloc((size_t)k, sizeof(*w));

	for (int i = 0; i < k; i++) {
		w[i].job = &job;
		w[i].index = i;
	}
	for (started = 1; started < k && (size_t)started < n; started++)
		if (pthread_create(&w[started].tid, NULL, parallel_worker, &w[started]))
			break;
	parallel_worker(&w[0]);
	for (int i = 1; i < started; i++)
		pthread_join(w[i].tid, NULL);
	free(w);
}
