/*
 * target.h - what to remove: spec files, and the footprint of a subsystem
 * (footprint.h) derived from the tree (derive.c).
 *
 * A target is a bundled spec name ("intermezzo" -> specs/intermezzo.spec),
 * a spec file path, a Kconfig symbol ("SLOB", "CONFIG_SLOB") or a path in
 * the tree ("drivers/net/ethernet/intel/ixgb", trailing slash optional).
 */
#ifndef EXCISE_TARGET_H
#define EXCISE_TARGET_H

#include "footprint.h"
#include "util.h"
#include "walk.h"

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

#endif
