/*
 * footprint.h - what a removal takes away, as data: the subsystem's
 * symbols, owned paths, headers, identifiers and the rest (target.h says
 * how targets and specs become one; derive.c derives it from the tree),
 * with the queries every stage of the pipeline asks of it.
 */
#ifndef EXCISE_FOOTPRINT_H
#define EXCISE_FOOTPRINT_H

#include "util.h"

/* A path of the footprint found through a Kbuild line conditional on a symbol. */
struct built_path {
	char *path;         /* as in fp->paths: a file, or a directory with a trailing '/' */
	char *symbol;       /* the symbol of that line: what the series splits on */
};

/* A path pattern whose references are kept, with the reason. */
struct keep_rule {
	char *pattern;      /* fnmatch pattern on the path ("CREDITS", "Documentation/translations/...") */
	char *reason;
};

struct footprint {
	char *name;                  /* "intermezzo", "SLOB", "ixgb" */
	char *title;                 /* "the InterMezzo filesystem" */
	char *area;                  /* commit subject prefix: "fs", "mm/slab", "net: ethernet: intel" */
	struct strvec symbols;       /* Kconfig symbols, without CONFIG_ */
	struct strvec paths;         /* owned files, and directories with a trailing '/'; a
					program its Kbuild lines build is one too, though the
					tree has only its sources (derive.c: derive_programs) */
	struct strvec headers;       /* owned headers by include name ("linux/fsfilter.h") */
	struct strvec local_headers; /* candidate headers outside include/ by tree path, that
					owned files include as "x.h" beside them (locate confirms) */
	struct strvec identifiers;   /* C identifiers only the subsystem defines */
	struct strvec predicates;    /* of those, functions that ask "is this the removed
					machine?" (alpha_jensen() for ALPHA_JENSEN): false now */
	struct strvec words;         /* other words that name it (spec only) */
	struct strvec chrdevs;       /* char major numbers ("185") */
	struct strvec blkdevs;       /* block major numbers */
	struct strvec misc_minors;   /* misc device minors ("248") */
	struct strvec ioctls;        /* ioctl-number.rst codes ("0xDA") */
	struct keep_rule *keeps;
	size_t nkeeps, keeps_cap;
	struct strvec replace;       /* "OLD=NEW": rewrite OLD to NEW instead of deleting */
	struct strvec replace_call;  /* "OLD=NEW": kept users of a lost function call NEW (links.h) */
	struct strvec boot_config;   /* extra CONFIG_ lines for the boot kernel */
	struct strvec boot_expect;   /* boot checks before the removal */
	struct strvec boot_expect_after; /* boot checks after it */
	struct strvec history;       /* what an earlier, partial removal deleted (report) */
	struct strvec derivation;    /* how each derived item was found, for the report */
	struct built_path *built;    /* paths derived from a Kbuild line conditional on a symbol */
	size_t nbuilt, built_cap;
	struct strvec tenant_files;  /* Kconfig files of owned directories that stay: they define
					options whose code is elsewhere (derive.c: is_tenant()), */
	struct strvec arches;        /* architectures removed whole: "ia64" for arch/ia64/ */
	struct strvec macros;        /* compiler-defined macros of a removed architecture
					("__ia64__"): undefined, like the symbols, in #if */
	struct strvec tenant_syms;   /* and such an option (same index; a file once per option) */
	struct strvec spec_files;    /* spec files read */
	struct strvec gone;          /* targets that nothing in the tree names and that git
					shows removed already (gone.h), */
	struct strvec gone_how;      /* and that evidence, for people (same index) */
	/*
	 * Hash sets of paths and symbols (paths and symbols are only ever
	 * appended to): footprint_index() brings them up to date, and while
	 * they are, footprint_owns and footprint_has_symbol look up instead of
	 * comparing with every entry.
	 */
	struct strset path_index, sym_index;
	size_t paths_indexed, syms_indexed;
};

void footprint_init(struct footprint *fp);
void footprint_release(struct footprint *fp);

/*
 * Why a normalised path (path_normalize) can never be a subsystem's own:
 * the tree's top, or a top-level directory or file that other subsystems
 * share.  NULL if it can.
 */
const char *footprint_path_problem(const char *norm);

/* Index the paths and symbols added since the last call (not thread-safe: call before scans). */
void footprint_index(struct footprint *fp);
/* True if path (a file or "dir/") is one of the footprint's own files. */
int footprint_owns(const struct footprint *fp, const char *path);
/* The keep rule that applies to path, or NULL. */
const struct keep_rule *footprint_keep(const struct footprint *fp, const char *path);
/*
 * The symbol whose Kbuild line made path (a file, or a directory when
 * is_dir: with or without its trailing '/') part of the footprint, or NULL.
 */
const char *footprint_built_by(const struct footprint *fp, const char *path, int is_dir);
/* True if sym is one of the footprint's symbols. */
/* O(1): keeps an index of fp->symbols up to date (do not call from two threads at once). */
int footprint_has_symbol(const struct footprint *fp, const char *sym);
/* The replacement of sym ("SLUB" for SLOB=SLUB), or NULL. */
const char *footprint_replacement(const struct footprint *fp, const char *sym);

#endif
