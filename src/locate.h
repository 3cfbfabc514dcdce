/*
 * locate.h - every reference to a subsystem in a tree, each with a kind,
 * an action (remove, kept, review) and a reason.
 */
#ifndef EXCISE_LOCATE_H
#define EXCISE_LOCATE_H

#include <stddef.h>

#include "kconfig.h"
#include "kind.h"
#include "progress.h"
#include "ref.h"
#include "target.h"
#include "walk.h"

/* What a pattern stands for. */
enum pattern_tag {
	PAT_CONFIG,      /* CONFIG_X, CONFIG_X_MODULE */
	PAT_SYMBOL,      /* bare X in Kconfig files */
	PAT_PATH,        /* an owned path, written out */
	PAT_STALE_PATH,  /* "/name" of an owned directory: older or shorter paths */
	PAT_BASENAME,    /* file name of an owned file ("slob.c") */
	PAT_OBJECT,      /* "slob.o", "ixgb/" in the Makefile of the directory */
	PAT_DOC_STEM,    /* stem of an owned Documentation page, for toctree entries */
	PAT_HEADER,      /* include name of a candidate header */
	PAT_IDENT,       /* a candidate identifier */
	PAT_WORD,        /* a spec word */
	PAT_HEADER_BASE, /* file name of a candidate header: includers that spell it otherwise */
	PAT_MACRO,       /* a compiler macro of a removed architecture ("__ia64__"), in #if lines */
};

struct locate_result {
	struct ref *refs;
	size_t n, cap;
	struct strvec owned_files;     /* files of the tree under the owned paths */
	struct strvec dropped;         /* candidates dropped, with the reason */
	struct strvec undefined;       /* symbols no Kconfig file defines */
	size_t files_scanned;
	double seconds;
};

/* A symbol of the footprint that no Kconfig file defines and nothing refers to. */
enum locate_unknown {
	LOCATE_UNKNOWN_FAIL,     /* an error, with the nearest defined names (locate, remove) */
	LOCATE_UNKNOWN_ALLOW,    /* expected: the tree after a removal (check) */
};

struct locate_options {
	int nthreads;            /* 0: one per CPU */
	enum locate_unknown unknown;
	const struct progress *progress;   /* the footprint, then the scan (NULL: none) */
};

/*
 * Locate every reference of fp in t.  Confirms or drops the candidate
 * headers and identifiers of fp (owned headers join fp->paths).  Returns
 * 0, or -1 with the messages in err (one a line): files that could not be
 * read, or (opt->unknown, default LOCATE_UNKNOWN_FAIL) a symbol neither
 * defined nor referenced anywhere, with the nearest names suggested.  res
 * is filled either way; locate_release() it.  db may be NULL when fp has
 * no symbols and no paths (footprint_needs_kconfig): only the Kconfig files
 * that hold a match are then parsed, after the scan, to classify them.
 */
int locate_run(struct footprint *fp, const struct tree *t, const struct kconfig_db *db,
	       const struct locate_options *opt, struct locate_result *res, struct strbuf *err);
void locate_release(struct locate_result *res);

/* Count of references with the given action. */
size_t locate_count(const struct locate_result *res, enum ref_action action);

#endif
