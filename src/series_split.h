/*
 * series_split.h - inside the series: what series.c (which edit goes in
 * which commit) hands series_text.c (subjects, bodies, the cover letter),
 * one way: series_text.c asks, series.c never calls it.  Not part of the
 * library's interface.
 */
#ifndef EXCISE_SERIES_SPLIT_H
#define EXCISE_SERIES_SPLIT_H

#include "series.h"

#define WRAP 72

/* A commit's place in the series: its area, and its key (series_commit.key) and rank. */
struct slot {
	enum series_area area;
	const char *key;     /* points into the splitter's keys */
	size_t rank;
};

struct splitter {
	const struct removal *r;
	const struct plan *plan;
	const struct series_options *opt;
	struct strset own;          /* the subsystem's own symbols */
	struct strset dependents;   /* symbols removed because they depended on it */
	struct slot *edit_slot;
	struct slot *del_slot;
	struct strmap keys;         /* storage for slot.key: architectures, family directories */
	size_t *key_rank;           /* per key: a family's place among the families, else 0 */
	size_t key_rank_cap;
	struct strmap fam_syms;     /* the dependents, each with ... */
	size_t *fam_key;            /* ... the index in keys of its family */
	size_t fam_key_cap;
	int one_family;             /* the families refer to each other in a cycle: one commit */
	char *title;                /* "the ixgb driver" */
	char *prefix;               /* "net: ethernet: intel" */
};

/* series.c: the splitter of a checked plan (opt may be NULL), and which commit each entry takes. */
void splitter_init(struct splitter *sp, const struct removal *r, const struct series_options *opt);
void series_place(struct series *s, struct splitter *sp);
void splitter_release(struct splitter *sp);

char *dir_name(const char *path);
char *config_arch(const char *path);
int is_user(const struct removal *r, size_t i);
int is_dependent(const struct splitter *sp, const char *sym);
int area_keyed(enum series_area area);
/* The family of dependent sym: the key of its commit ("" when the dependents are one commit). */
const char *dependent_family(const struct splitter *sp, const char *sym);
const struct series_commit *find_area(const struct series *s, enum series_area area);
const struct series_commit *note_commit(const struct series *s, const struct note *n);


#endif
