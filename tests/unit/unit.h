/* unit.h - a minimal harness for unit tests: CHECK() records failures, done() reports. */
#ifndef EXCISE_UNIT_H
#define EXCISE_UNIT_H

#include <stdio.h>
#include <string.h>

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

static inline int unit_done(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, unit_checks, unit_failures);
	return unit_failures ? 1 : 0;
}

#endif
