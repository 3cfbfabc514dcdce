/*
 * fuzz.h - shared by the libFuzzer harnesses of tests/fuzz/ (see the
 * Makefile's fuzz target).  Each harness defines LLVMFuzzerTestOneInput();
 * an oracle that fails calls fuzz_fail(), which aborts so libFuzzer keeps
 * the input as a crash.
 */
#ifndef EXCISE_FUZZ_H
#define EXCISE_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static inline void fuzz_fail(const char *what, const char *detail)
{
	fprintf(stderr, "oracle failed: %s\n%s\n", what, detail ? detail : "");
	abort();
}

/* The input as a NUL-terminated copy (it may hold NULs itself). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	char *s = xmalloc(size + 1);

	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* A scratch directory for harnesses that go through plan_file() (made once). */
static inline const char *fuzz_dir(void)
{
	static char dir[64];

	if (!dir[0]) {
		const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";

		snprintf(dir, sizeof(dir), "%s/excise-fuzz-XXXXXX", base);
		if (!mkdtemp(dir)) {
			perror("mkdtemp");
			abort();
		}
	}
	return dir;
}

/* Write len bytes to rel inside fuzz_dir() (rel has no directory part). */
static inline void fuzz_write(const char *rel, const char *text, size_t len)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", fuzz_dir(), rel);
	f = fopen(path, "wb");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
		perror(path);
		abort();
	}
}

#endif
