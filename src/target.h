/*
 * target.h - what to remove: spec files, and the footprint of a subsystem
 * derived from the tree (symbols, owned paths, headers, identifiers).
 *
 * A target is a bundled spec name ("intermezzo" -> specs/intermezzo.spec),
 * a spec file path, a Kconfig symbol ("SLOB", "CONFIG_SLOB") or a path in
 * the tree ("drivers/net/ethernet/intel/ixgb", trailing slash optional).
 */
#ifndef EXCISE_TARGET_H
#define EXCISE_TARGET_H

#include "util.h"
#include "walk.h"

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
	struct strvec paths;         /* owned files, and directories with a trailing '/' */
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
 * Parse the len bytes of data, the spec file named file, into fp (adding to
 * what is there).  Returns 0, or -1 with "<file>:<line>: what\n" in err.
 * spec_read() reads the file first.
 */
int spec_parse(struct footprint *fp, const char *file, const char *data, size_t len,
	       struct strbuf *err);
int spec_read(struct footprint *fp, const char *file, struct strbuf *err);

/* The directory of bundled specs (resource_dir: $EXCISE_SPECS, or specs/ next to the binary's parent). */
const char *spec_dir(void);

/*
 * The object lines of every Makefile of a tree, indexed: what derivation
 * reads of the Makefiles.  Loaded once (makefiles_load) and passed to each
 * derivation of a run; where a function takes mk, NULL reads them for that
 * call alone.
 */
struct makefiles;
struct makefiles *makefiles_load(const struct tree *t);
void makefiles_free(struct makefiles *mk);

/*
 * Resolve the targets named on the command line into one footprint and
 * derive the rest from the tree (see derive.c).  Returns 0, or -1 with the
 * message in err: a spec that does not parse (file:line), a path outside
 * the tree or one no subsystem can own, a target that is none of these.
 */
struct kconfig_db;
int target_resolve(struct footprint *fp, const struct tree *t, const struct kconfig_db *db,
		   const struct makefiles *mk, char **targets, int ntargets, struct strbuf *err);
/*
 * target_resolve in two steps, for a caller that loads the Kconfig model
 * only when the footprint needs it: target_add reads the targets (no
 * model needed), target_finish derives the rest (the model is needed when
 * the footprint has symbols or paths; db may be NULL otherwise).
 */
int target_add(struct footprint *fp, const struct tree *t, char **targets, int ntargets,
	       struct strbuf *err);
void target_finish(struct footprint *fp, const struct tree *t, const struct kconfig_db *db,
		   const struct makefiles *mk);
/* Does the footprint need the Kconfig model: it has symbols or paths to derive from? */
int footprint_needs_kconfig(const struct footprint *fp);

/*
 * What builds each of paths (files of the tree): the Kconfig symbols of the
 * Kbuild lines that name its object or the composite object it is part of,
 * else of the nearest line that builds a directory above it, when one
 * symbol alone does; headers have none.  out has
 * paths->n vectors; symbols are appended to out[i], each once.
 */
void kbuild_builders(const struct tree *t, const struct makefiles *mk, const struct strvec *paths,
		     struct strvec *out);

/* Derive more of the footprint from what it has (after symbols were added). */
void footprint_derive(struct footprint *fp, const struct tree *t, const struct kconfig_db *db,
		      const struct makefiles *mk);

/*
 * The undefined symbols that went with the undefined symbol target, for
 * `excise remove TARGET`: named in its namespace (the shortest leading part
 * of its name, cut at a '_', that no defined symbol's name starts with:
 * "NTFS_" for NTFS_FS, "NET_SCH_CBQ_" for NET_SCH_CBQ), and named only in
 * config files that name target too.  Appends "NAME" to names and the
 * reason to reasons.
 */
void footprint_companions(const struct tree *t, const struct kconfig_db *db, const char *target,
			   struct strvec *names, struct strvec *reasons);

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
