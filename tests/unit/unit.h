/* unit.h - a minimal harness for unit tests: CHECK() records failures, done() reports. */
#ifndef EXCISE_UNIT_H
#define EXCISE_UNIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int unit_failures, unit_checks;

#define CHECK(cond)                                                                  \
	do {                                                                         \
		unit_checks++;                                                       \
		if (!(cond)) {                                                       \
			unit_failures++;                                             \
			fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
		}                                                                    \
	} while (0)

#define CHECK_STR(got, want)                                                         \
	do {                                                                         \
		const char *g_ = (got), *w_ = (want);                                \
		unit_checks++;                                                       \
		if (!g_ || strcmp(g_, w_)) {                                         \
			unit_failures++;                                             \
			fprintf(stderr, "%s:%d: %s\n  got:  [%s]\n  want: [%s]\n", __FILE__, \
				__LINE__, #got, g_ ? g_ : "(null)", w_);             \
		}                                                                    \
	} while (0)

/* The scratch directory of a test that needs files (unit_mkdir). */
static char unit_dir[64];

/* Make /tmp/excise-NAME-XXXXXX as unit_dir; exit 2 when it cannot. */
static inline const char *unit_mkdir(const char *name)
{
	snprintf(unit_dir, sizeof(unit_dir), "/tmp/excise-%s-XXXXXX", name);
	if (!mkdtemp(unit_dir)) {
		perror("mkdtemp");
		exit(2);
	}
	return unit_dir;
}

/* Write len bytes of text to unit_dir/rel, making its directories. */
static inline void unit_write(const char *rel, const char *text, size_t len)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", unit_dir, rel);
	for (char *p = path + strlen(unit_dir) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		mkdir(path, 0755);
		*p = '/';
	}
	f = fopen(path, "wb");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f)) {
		perror(path);
		exit(2);
	}
}

/* Write the string text to unit_dir/rel. */
static inline void unit_put(const char *rel, const char *text)
{
	unit_write(rel, text, strlen(text));
}

static inline int unit_done(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, unit_checks, unit_failures);
	return unit_failures ? 1 : 0;
}

#endif
