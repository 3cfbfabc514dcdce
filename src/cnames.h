/*
 * cnames.h - the names a C header declares, for telling whether a file that
 * includes it uses anything from it.
 *
 * Declared: a macro (#define NAME), a tag that is defined (struct NAME {;
 * not struct NAME;, a forward declaration of another header's type), an
 * enumerator, a typedef name, and the
 * file-scope declarators of prototypes, inline functions and variables
 * (NAME followed by '(', ';', '=', ',' or '[' outside braces and
 * parentheses).  Comments, strings and the bodies of macros and functions
 * are skipped; a tag that is only used (struct device *dev) is not the
 * header's.  A file-scope macro call (DECLARE_FOO(x);) counts its macro as
 * declared: that errs towards "used".
 */
#ifndef EXCISE_CNAMES_H
#define EXCISE_CNAMES_H
#include <stddef.h>

#include "util.h"

/*
 * Append the names buf declares to out, each once, in order of appearance.
 * Returns 1 if buf has an #include directive (its includers may use what
 * that header brings in), 0 if not.
 */
int cnames_declared(const char *buf, size_t len, struct strvec *out);

/* True if buf holds name as a whole word (comments and strings included). */
int cnames_mentions(const char *buf, size_t len, const char *name);

#endif
