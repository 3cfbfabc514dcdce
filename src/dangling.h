/*
 * dangling.h - references to Kconfig symbols that no Kconfig file of the
 * tree defines (any architecture counts): half-done removals, renames and
 * typos.
 *
 * One scan of the tree finds every CONFIG_ name outside Kconfig files, and
 * a pass over the parsed Kconfig files every symbol in an expression
 * (depends on, select, imply, default, if, visible, prompt conditions).
 * References are grouped by symbol; each symbol gets the similar defined
 * symbols and a verdict with its evidence, or an exclusion with its reason
 * (see dangling.c for the rules).
 *
 *   struct dangling_result res;
 *   dangling_find(&tree, &db, &plan, &opt, &res, &err);   // plan: the db's snapshots
 *   dangling_report(stdout, FORMAT_HUMAN, &res);
 */
#ifndef EXCISE_DANGLING_H
#define EXCISE_DANGLING_H

#include <stdio.h>

#include "kconfig.h"
#include "kind.h"
#include "plan.h"
#include "report.h"
#include "walk.h"

/* The rules that set a reference (or a whole symbol) aside: see dangling.c. */
enum dangling_rule_id {
	DRULE_NONE,             /* not set aside */
	DRULE_PROSE,
	DRULE_TOOLS,
	DRULE_PASTE,
	DRULE_MACRO,
	DRULE_C_NAME,
	DRULE_VARIABLE,
	DRULE_PLACEHOLDER,
	DRULE_HAND_SET,
	DRULE_COUNT
};

/* What a dangling symbol is, by its evidence: see dangling.c. */
enum dangling_verdict {
	VERDICT_NONE,           /* not dangling: excluded by a rule */
	VERDICT_LEFTOVER,
	VERDICT_TYPO,
	VERDICT_MODULE_OF_BOOL,
	VERDICT_PREFIXED,
	VERDICT_UNEXPLAINED,
	VERDICT_COUNT
};

/* One reference to an undefined symbol. */
struct dangling_ref {
	char *path;
	size_t line;
	enum ref_kind kind;
	enum dangling_rule_id excluded;   /* the rule that sets this reference aside, or DRULE_NONE */
	char *text;             /* the line, without its newline */
	int sets;               /* a config line that sets the symbol (=y, =m, a value) */
};

struct dangling_sym {
	char *name;             /* as referenced, without the CONFIG_ prefix */
	struct dangling_ref *refs;   /* sorted by path and line */
	size_t nrefs, cap;
	enum dangling_verdict verdict;   /* dangling: its verdict; VERDICT_NONE when excluded */
	enum dangling_rule_id rule;      /* excluded: the rule; DRULE_NONE when dangling */
	char *why;              /* the evidence for the verdict, or the reason of the exclusion */
	struct strvec similar;  /* defined symbols, "NAME (relation)", nearest first */
	size_t nfiles;          /* files with a reference */
	size_t nsets;           /* config lines that set it */
};

struct dangling_result {
	struct dangling_sym *syms;   /* sorted by name */
	size_t n;
	size_t ndangling, nexcluded;
	size_t module_refs;     /* CONFIG_X_MODULE of a defined tristate X: not dangling */
	size_t files_scanned;
	size_t nkconfig;        /* Kconfig files read */
	size_t ndefined;        /* symbols the Kconfig files define */
	double seconds;
};

struct dangling_options {
	int nthreads;           /* 0: one per CPU */
	char **paths;           /* report only symbols referenced under these (NULL: all) */
	size_t npaths;
};

/*
 * Find the references to undefined symbols in t.  db is the tree's Kconfig
 * database, loaded through snap (its file snapshots are read again here).
 * Returns 0, or -1 with the files that could not be read in err (res is
 * filled either way, without them; dangling_release() it).
 */
int dangling_find(const struct tree *t, const struct kconfig_db *db, struct plan *snap,
		  const struct dangling_options *opt, struct dangling_result *res, struct strbuf *err);
void dangling_release(struct dangling_result *res);

/* The exclusion rules, with what each means (for reports and --help), and the verdicts. */
struct dangling_rule {
	const char *name;       /* "c-name": what reports say */
	const char *meaning;
};
extern const struct dangling_rule dangling_rules[DRULE_COUNT];
extern const char *const dangling_verdicts[VERDICT_COUNT];

/* Print the result: human, TSV (one record per line) or JSON. */
void dangling_report(FILE *out, enum report_format fmt, const struct dangling_result *res);

#endif
