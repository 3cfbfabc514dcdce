/*
 * coverage.h - the lines a removal changed in the files it kept, and
 * whether a build compiled them (JMake's question: was each changed line
 * seen by the compiler?).
 *
 * A hunk is a run of changed lines of a kept C, header or assembly file
 * (diff -U0 of the file before and after), with two sides: its lines in
 * the tree before and in the tree after (a side of no lines is a position:
 * a deletion, seen from the other tree).  A kept use of a removed
 * definition (links.h) is a hunk too, with an after side only.
 *
 * The evidence is the preprocessor's: gcc -E -dD of an object (its exact
 * command, scripts/preprocessed-lines.sh) tells which lines of a file it
 * passed to the compiler.  A line is compiled when its branch of every
 * #if around it was taken (cpp.h: cpp_lines), and a branch was taken when
 * the compiler got a line of it (or of a branch inside it).  A side is
 * compiled when one of its lines of C (or #define, #include) is; a side
 * with none (directives, blanks, a position) when the branch it sits in
 * was taken.
 *
 * The module reads files and runs diff(1); it prints nothing and never
 * exits.
 */
#ifndef EXCISE_COVERAGE_H
#define EXCISE_COVERAGE_H

#include <stddef.h>

#include "cpp.h"
#include "util.h"

enum cov_side { COV_BEFORE, COV_AFTER };

struct cov_hunk {
	size_t file;             /* index into coverage.files */
	size_t start[2];         /* first line of each side (count 0: the position is after it) */
	size_t count[2];         /* its number of lines on each side */
	int has_side[2];         /* 0 for the before side of a kept use */
	char *use;               /* a kept use of a removed definition: the name, else NULL */
	int aux;                 /* not the removal's: the definition a kept use had, which the
				    tree before must build (its before side only); not counted */
	char *object;            /* a kept Makefile still builds this object, whose source the
				    removal deleted: built on both sides (file: the Makefile) */
	int object_built[2];     /* the object was built on that side */
	int compiled[2];         /* a build compiled the side */
	const char *by[2];       /* the configuration that did (the first one; in coverage.configs) */
	char *why;               /* not compiled: the reason, when one is known */
};

struct cov_file {
	char *path;
	struct cpp_lines lines[2];   /* the structure of each side (empty when the side has no file) */
	int have[2];
	size_t *taken[2];            /* per branch: 0, or 1 + the index in coverage.configs of
					the first configuration that took it */
};

struct coverage {
	struct cov_file *files;
	size_t nfiles, files_cap;
	struct cov_hunk *hunks;
	size_t n, cap;
	struct strvec problems;      /* "path: why" of files that could not be read or parsed */
	struct strvec configs;       /* the names coverage_mark was given */
};

void coverage_init(struct coverage *cov);
void coverage_release(struct coverage *cov);

/* True for the files whose lines coverage follows: .c, .h, .S. */
int coverage_wants(const char *path);

/*
 * The files of the tree after (paths: its files, sorted) that differ from
 * the same path in the tree before, among those coverage_wants: same
 * inode is the same file, else size and bytes are compared.  Appended to
 * out, sorted.
 */
void coverage_changed_files(const char *before, const char *after, const struct strvec *paths,
			    struct strvec *out);

/*
 * Add the hunks of path (in both trees) and read its structure on both
 * sides.  Returns the number of hunks added, or -1 with a message in
 * cov->problems when diff or a side cannot be read or parsed.
 */
int coverage_add_file(struct coverage *cov, const char *before, const char *after, const char *path);

/*
 * Add a kept use of a removed definition: line of path in the tree after,
 * and (aux) its definition, def_line of def_path in the tree before (may
 * be NULL).
 */
void coverage_add_use(struct coverage *cov, const char *before, const char *after, const char *path,
		      size_t line, const char *name, const char *def_path, size_t def_line);

/*
 * Add a kept Makefile (path) that still builds object, whose source is
 * gone from the tree after: a use of a removed file.
 */
void coverage_add_object(struct coverage *cov, const char *path, const char *object);

/* A build of side built object (kbuild made it): the hunks that wanted it are compiled. */
void coverage_mark_object(struct coverage *cov, enum cov_side side, const char *object);

/* The index of path in cov->files, or -1. */
long coverage_file_index(const struct coverage *cov, const char *path);

/*
 * A build of side compiled the lines of path listed in ranges ("a-b,c,d-e",
 * as scripts/preprocessed-lines.sh writes them): the branches they are in
 * are taken.  by names the configuration.  Returns 0, or -1 for a
 * malformed ranges string.
 */
int coverage_mark(struct coverage *cov, enum cov_side side, const char *path, const char *ranges,
		  const char *by);

/* Set compiled[] and by[] of every hunk from what was marked. */
void coverage_evaluate(struct coverage *cov);

/*
 * The branches a side's evidence is in: those of its lines of C, or else
 * the one branch it sits in (a position, directives, blanks); appended to
 * out (indices into the file's lines[side].branches).  Returns their count.
 */
size_t coverage_side_branches(const struct coverage *cov, const struct cov_hunk *h, enum cov_side side,
			      size_t *out, size_t max);

/* "path:line" of a side (the first line, or the position), a new string. */
char *coverage_where(const struct coverage *cov, const struct cov_hunk *h, enum cov_side side);

#endif
