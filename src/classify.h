/*
 * classify.h - the kind of a reference from where it stands: the file it is
 * in and the line around it (Kconfig statement, C directive, comment, ...).
 */
#ifndef EXCISE_CLASSIFY_H
#define EXCISE_CLASSIFY_H

#include <stddef.h>

#include "kind.h"

/* Where a byte of C source is. */
enum c_context { C_CODE, C_COMMENT, C_STRING, C_DIRECTIVE };

/*
 * A lexer that tells the context of increasing offsets of one C buffer in
 * a single pass over it.
 */
struct c_lexer {
	const char *buf;
	size_t len;
	size_t i;            /* next byte to read */
	size_t until;        /* end of the comment or string the lexer is in */
	enum c_context in;   /* C_COMMENT or C_STRING while i < until */
	int bol, directive;
	/*
	 * The last offset c_lexer_line_start() was asked about and the start
	 * of its logical line: the next answer scans back no further than that
	 * offset (50,000 hits on one line are one pass, not 50,000).
	 */
	int line_known;
	size_t line_off, line_logical;
};

void c_lexer_init(struct c_lexer *lx, const char *buf, size_t len);
/* Context of offset off (offsets must not decrease between calls). */
enum c_context c_lexer_at(struct c_lexer *lx, size_t off);

/* Start of the logical line holding off (backslash continuations followed backwards). */
size_t logical_line_start(const char *buf, size_t off);
/* The same, for offsets of lx's buffer that do not decrease between calls. */
size_t c_lexer_line_start(struct c_lexer *lx, size_t off);

/*
 * Kind of a reference in C source at off (mlen bytes matched):
 * KIND_C_INCLUDE, KIND_C_IFDEF, KIND_C_IS_ENABLED, KIND_C_CALL (ident: it
 * names an identifier), KIND_C_OTHER, or KIND_OTHER in a comment.
 */
enum ref_kind classify_c(struct c_lexer *lx, size_t off, int ident);

/*
 * Kind by the file alone, or KIND_NONE when the content decides:
 * KIND_CREDITS, KIND_MAINTAINERS, KIND_SELFTEST, KIND_MAKEFILE,
 * KIND_DEFCONFIG, KIND_SCRIPT.
 */
enum ref_kind classify_path(const char *path);

/*
 * Is the line starting at ls a config line, "CONFIG_X=value" or
 * "# CONFIG_X is not set", for the name X that ends at name_end?  *sets
 * tells which (a value other than n sets it).
 */
int classify_config_line(const char *buf, size_t len, size_t ls, size_t name_end, int *sets);

/* A directory of config fragments under tools/ that configure a kernel (selftests, kunit). */
int classify_config_fragment_dir(const char *path);

#endif
