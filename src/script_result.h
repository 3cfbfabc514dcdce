/*
 * script_result.h - the result file of one of excise's scripts: what it
 * found, as data, so that no caller reads the script's output meant for
 * people.  Every script excise check runs takes --result FILE and writes
 * TSV rows "KEY<TAB>FIELD<TAB>..." (scripts/lib.sh: result_open, result):
 *
 *   verdict  pass | fail | error      (error: it could not do its job: bad
 *                                      usage, a tree it cannot configure)
 *   summary  TEXT                      one line for people
 *   count    NAME  N                   a number (counts of what it found)
 *   ...                                rows of its own, named in its header
 *
 * A field holds no TAB or newline (the scripts turn them into blanks).
 * A file without a verdict row (the script died) reads as verdict error.
 * The module prints nothing and never exits.
 */
#ifndef EXCISE_SCRIPT_RESULT_H
#define EXCISE_SCRIPT_RESULT_H

#include <stddef.h>

#include "util.h"

enum script_verdict { SCRIPT_PASS, SCRIPT_FAIL, SCRIPT_ERROR };

struct script_row {
	char **f;          /* f[0] is the key */
	size_t n;
};

struct script_result {
	struct script_row *rows;
	size_t n, cap;
	enum script_verdict verdict;
	const char *summary;     /* the summary row's text, or "" */
};

/*
 * Read path.  Returns 0, or -1 with errno set when it cannot be read (r is
 * then empty, with verdict error).
 */
int script_result_load(struct script_result *r, const char *path);
void script_result_release(struct script_result *r);

/* The first field after key of the first row with that key, or NULL. */
const char *script_result_get(const struct script_result *r, const char *key);
/* The count NAME (a "count NAME N" row), or -1 if there is none. */
long script_result_count(const struct script_result *r, const char *name);
/*
 * The next row with key after row *at (start with *at = 0); NULL when there
 * is no more.
 */
const struct script_row *script_result_next(const struct script_result *r, const char *key,
					    size_t *at);

const char *script_verdict_name(enum script_verdict v);

#endif
