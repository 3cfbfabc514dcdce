/*
 * dangling_collect.h - inside the dangling report: the references to
 * undefined names that the collector (dangling_collect.c) hands the judge
 * (dangling.c).  Not part of the library's interface.
 */
#ifndef EXCISE_DANGLING_COLLECT_H
#define EXCISE_DANGLING_COLLECT_H

#include "dangling.h"

/* Flags of a raw reference. */
#define RAW_SETS 1u     /* a config line that sets it */
#define RAW_PASTE 2u    /* pasted by the preprocessor */
#define RAW_TOOLS 4u    /* under tools/, not a config fragment */
#define RAW_MACRO 8u    /* inside a $(...) of a Kconfig expression */

/* A reference as a worker finds it. */
struct raw {
	const char *path;       /* the tree's string */
	char *name;
	size_t line;
	enum ref_kind kind;
	char *text;
	unsigned flags;
};

/* A Makefile line that builds objects under a symbol: obj-$(CONFIG_X) += a.o b/ */
struct objline {
	const char *makefile;   /* the tree's string */
	size_t line;
	char *sym;
	char *var;              /* the variable without the $(CONFIG_X) part: "obj-" */
	struct strvec words;
};

/* What the collector found. */
struct dangling_collection {
	struct raw *raw;           /* every reference to an undefined name, unsorted */
	size_t nraw;
	struct objline *obj;       /* every Makefile line that builds objects under a symbol */
	size_t nobj;
	size_t module_refs;        /* CONFIG_X_MODULE of a defined tristate X */
	size_t files_scanned;      /* files outside Kconfig, plus the Kconfig files */
	size_t nkconfig;           /* Kconfig files read */
};

/*
 * Collect the references to undefined names in t: one scan of the files
 * outside Kconfig (nthreads workers), then every Kconfig file the database
 * parsed, through its snapshot in snap.  Files that could not be read are
 * named in err (one a line, then their count) and make it return -1, else
 * it returns 0; out is filled either way.
 */
int dangling_collect(const struct tree *t, const struct kconfig_db *db, struct plan *snap,
		      int nthreads, struct dangling_collection *out, struct strbuf *err);

#endif
