/*
 * kind.h - the kinds of reference (and of edit): one enum and one table, in
 * the order a reader expects them, that locate's human report, remove's
 * summary, `excise locate --list-kinds` and the README's list all follow
 * (the golden case locate-list-kinds compares the README with it).  A new
 * kind of reference is a value here and a row in kind.c.  References,
 * edits, deletions and notes carry the kind as this enum; the name is only
 * for output.  The last values are kinds only the dangling report tells
 * apart (a comment, a string, a definition); locate does not list them.
 */
#ifndef EXCISE_KIND_H
#define EXCISE_KIND_H

#include <stddef.h>

enum ref_kind {
	KIND_NONE,              /* not a reference */
	KIND_KCONFIG_ENTRY,
	KIND_KCONFIG_DEPENDS,
	KIND_KCONFIG_SELECT,
	KIND_KCONFIG_IMPLY,
	KIND_KCONFIG_DEFAULT,
	KIND_KCONFIG_IF,
	KIND_KCONFIG_SOURCE,
	KIND_MAKEFILE,
	KIND_IGNORE_ENTRY,      /* a .gitignore or dontdiff entry of a file that goes (a program) */
	KIND_DEFCONFIG,
	KIND_MAINTAINERS,
	KIND_DOC,
	KIND_DOC_INDEX,
	KIND_DOC_TABLE,
	KIND_DOC_DIRECTIVE,
	KIND_DOC_SENTENCE,      /* a whole sentence of prose about a removed option */
	KIND_DOC_ALTERNATIVE,   /* a removed option as one side of an "or" in prose */
	KIND_DOC_LIST_ITEM,     /* a removed path as a middle item of a comma list in prose */
	KIND_CREDITS,
	KIND_C_IFDEF,
	KIND_C_IS_ENABLED,
	KIND_C_INCLUDE,
	KIND_C_CALL,
	KIND_C_VALUE,           /* CONFIG_X of an int, hex or string option as a value */
	KIND_C_STUB,            /* the stubs a removed option leaves, their uses, what goes unused */
	KIND_C_OTHER,
	KIND_SELFTEST,
	KIND_SCRIPT,
	KIND_OTHER,
	KIND_BINARY,            /* a file with a NUL byte: not read as lines */
	/* the dangling report's own distinctions */
	KIND_KCONFIG_TEXT,      /* help text, a comment or a prompt of a Kconfig file */
	KIND_C_COMMENT,
	KIND_C_STRING,
	KIND_C_DEFINE,          /* #define CONFIG_X */
	KIND_C_ENUM,            /* an enum constant CONFIG_X */
	KIND_MAKEFILE_DEFINE,   /* -DCONFIG_X in a Makefile */
	KIND_CHANGELOG,
	KIND_DEFCONFIG_COMMENT,
	KIND_MAKEFILE_COMMENT,
	KIND_MAKE_VARIABLE,      /* CONFIG_X = ... in a Makefile */
	KIND_SCRIPT_VARIABLE,    /* a script's variable named CONFIG_X */
	/* what a deletion is (plan.h): no reference, a path */
	KIND_OWN_PATH,           /* a file or directory of the subsystem, deleted whole */
	KIND_COUNT
};

/* Where a kind of reference stands: what series and dangling group on. */
enum kind_family {
	FAMILY_NONE,
	FAMILY_KCONFIG,         /* a Kconfig file: kconfig-* */
	FAMILY_MAKEFILE,
	FAMILY_DEFCONFIG,
	FAMILY_MAINTAINERS,
	FAMILY_DOC,             /* doc, doc-index, doc-table */
	FAMILY_C,               /* c-* */
	FAMILY_OTHER,           /* credits, selftests, scripts, changelogs, anything else */
};

/*
 * The families of rules, each of which knows one kind of file or of code
 * (rules.h: the table of what each does).  A kind of reference names the
 * family that plans it; a plan entry's cause names the one that planned it
 * (plan.h); rule_names[] says it in output.  Their order is the order the
 * families plan in.
 */
enum rule_id {
	RULE_NONE,
	RULE_OWN,               /* the footprint's own files and directories go whole */
	RULE_KCONFIG,           /* Kconfig entries, attributes, sources (kconfig_remove.c) */
	RULE_KBUILD,            /* Kbuild lines (kbuild.c) */
	RULE_PLATFORM,          /* a removed platform's own defconfig */
	RULE_DEFCONFIG,         /* defconfig and config fragment lines */
	RULE_MAINTAINERS,       /* MAINTAINERS sections and F:/X: lines */
	RULE_DOCS,              /* Documentation lines, sentences, list items */
	RULE_CPP,               /* preprocessor conditionals (cpp.c) */
	RULE_C,                 /* C code: semantic patches (cocci/), a removed option's value */
	RULE_STUBS,             /* the API a removed option leaves dead (stubs.c) */
	RULE_LINKS,             /* kept users of lost definitions (links.c: replace-call) */
	RULE_LOCATE,            /* a reference locate kept, or left for review */
	RULE_USER,              /* asked for on the command line (excise kconfig-remove --delete) */
	RULE_COUNT
};

extern const char *const rule_names[RULE_COUNT];

struct kind_info {
	const char *name;          /* "kconfig-depends": what reports, plans and TSV say */
	const char *description;   /* one line, for --list-kinds and the README */
	enum kind_family family;
	unsigned planned : 1;      /* remove edits references of this kind (its summary counts them) */
	unsigned listed : 1;       /* a kind locate reports (--list-kinds, the README) */
	enum rule_id rule;         /* the family that plans references of this kind (RULE_NONE:
				      none does, they are left for review) */
};

extern const struct kind_info kind_table[KIND_COUNT];


/* What is done with a reference: locate's verdict, a note's reason for being. */
enum ref_action {
	ACTION_REMOVE,          /* remove edits it */
	ACTION_KEPT,            /* stays on purpose (history, the spec's keep rules) */
	ACTION_REVIEW,          /* left for a person to judge */
};

static inline const char *action_name(enum ref_action a)
{
	return a == ACTION_REMOVE ? "remove" : a == ACTION_KEPT ? "kept" : "review";
}

static inline const char *kind_name(enum ref_kind k)
{
	return kind_table[k].name;
}

static inline enum kind_family kind_family(enum ref_kind k)
{
	return kind_table[k].family;
}

#endif
