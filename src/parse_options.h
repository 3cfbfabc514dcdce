/*
 * parse_options.h - one option parser for every command, a small git
 * parse-options: each command describes its options in a table and
 * parse_options() walks its arguments in order against it.
 *
 *   static const struct option options[] = {
 *           OPT_STRING('C', NULL, &root, "TREE", "the tree (default .)"),
 *           OPT_FLAG('n', "dry-run", &dry_run, "print the change, touch nothing"),
 *           OPT_CALLBACK(0, "jobs", &jobs, "N", "threads", parse_opt_jobs),
 *           OPT_ARGS(&targets, "TARGET"),
 *           OPT_END(),
 *   };
 *
 * Each argument is taken where it stands, so an option after the
 * non-option arguments works and a callback that refuses its value stops
 * the parse there, before a later argument is looked at:
 *
 *   --name VALUE, -X VALUE   the next argument is the value, whatever it
 *                            looks like (--jobs -1 gives "-1")
 *   --name=VALUE, -XVALUE    the value attached (see PARSE_OPT_SEPARATE_VALUES)
 *   --                       the end of the options: every argument after it
 *                            is a non-option one (for every command)
 *   -h, --help               parse_options() returns PARSE_OPT_HELP; the
 *                            command prints its usage, the options from
 *                            the table (usage_options)
 *   -                        a non-option argument (stdin, for a file name),
 *                            unless PARSE_OPT_DASH_IS_OPTION
 *   anything else            a non-option argument, given to the table's
 *                            OPT_ARGS entry in order
 *
 * Short options are not bundled (-nf is not -n -f) and long ones are not
 * abbreviated.  Nothing is printed and nothing exits: what went wrong goes
 * back to the caller (the argument at fault and a message), and each
 * command says it in its own words.
 */
#ifndef EXCISE_PARSE_OPTIONS_H
#define EXCISE_PARSE_OPTIONS_H

#include <stdint.h>
#include <stdio.h>

#include "util.h"

enum parse_opt_type {
	OPTION_END,        /* the end of the table */
	OPTION_FLAG,       /* takes no value: sets the int at value to 1 */
	OPTION_STRING,     /* sets the const char * at value to the value (the last one given wins) */
	OPTION_INT,        /* sets the int at value to the value, a decimal number */
	OPTION_STRVEC,     /* pushes the value onto the struct strvec at value (repeatable) */
	OPTION_CALLBACK,   /* calls callback(option, value, err) */
};

/* What parse_options() and a callback return. */
enum {
	PARSE_OPT_DONE = 0,       /* every argument parsed (a callback: the value is taken) */
	PARSE_OPT_HELP = 1,       /* -h or --help: the command prints its usage to stdout */
	PARSE_OPT_STOP = 2,       /* a callback said so: the parse ends after its option
				     (--list-kinds does its work and the command exits) */
	PARSE_OPT_ERROR = -1,     /* a value was refused (by a callback, or not a number for
				     OPTION_INT): err says why */
	PARSE_OPT_UNKNOWN = -2,   /* the argument is no option of the table (or one given a
				     value it does not take: --dry-run=1) */
	PARSE_OPT_MISSING = -3,   /* an option that takes a value is the last argument */
};

/* Flags of an option. */
enum {
	PARSE_OPT_NOARG = 1,      /* a callback that takes no value (called with NULL) */
	PARSE_OPT_ATTACHED = 2,   /* takes an attached value (--name=V, -XV) even under
				     PARSE_OPT_SEPARATE_VALUES */
};

/* Flags of a parse. */
enum {
	/*
	 * A value is only ever the next argument: --jobs=4 and -Cdir are
	 * unknown options, save for options flagged PARSE_OPT_ATTACHED.  (The
	 * commands took their options so before they shared this parser.)
	 */
	PARSE_OPT_SEPARATE_VALUES = 1,
	PARSE_OPT_DASH_IS_OPTION = 4,   /* a lone "-" is an option (an unknown one), not an argument */
};

struct option;

/*
 * A callback: arg is the option's value (NULL for a PARSE_OPT_NOARG one),
 * or the non-option argument for an OPT_ARGS_CALLBACK entry.  Returns
 * PARSE_OPT_DONE, PARSE_OPT_STOP, PARSE_OPT_ERROR with a message in err,
 * or PARSE_OPT_UNKNOWN to have arg taken as an unknown option.
 */
typedef int parse_opt_cb(const struct option *opt, const char *arg, struct strbuf *err);

struct option {
	enum parse_opt_type type;
	int short_name;            /* 'C' for -C, or 0 */
	const char *long_name;     /* "jobs" for --jobs, or NULL; neither name: the
				      entry takes the non-option arguments */
	void *value;               /* where the value goes; a callback's context */
	const char *argh;          /* the value's name ("N"), in messages */
	const char *help;          /* what the option is for, for --help and the manual
				      (usage_options; NULL: not shown) */
	unsigned flags;            /* PARSE_OPT_NOARG, PARSE_OPT_ATTACHED */
	parse_opt_cb *callback;    /* OPTION_CALLBACK */
	intptr_t defval;           /* for a callback's use (-U and -D share one) */
};

#define OPT_END()                          { OPTION_END, 0, NULL, NULL, NULL, NULL, 0, NULL, 0 }
#define OPT_FLAG(s, l, v, h)               { OPTION_FLAG, (s), (l), (v), NULL, (h), 0, NULL, 0 }
#define OPT_STRING(s, l, v, a, h)          { OPTION_STRING, (s), (l), (v), (a), (h), 0, NULL, 0 }
#define OPT_INT(s, l, v, a, h)             { OPTION_INT, (s), (l), (v), (a), (h), 0, NULL, 0 }
#define OPT_STRVEC(s, l, v, a, h)          { OPTION_STRVEC, (s), (l), (v), (a), (h), 0, NULL, 0 }
#define OPT_CALLBACK(s, l, v, a, h, cb)    { OPTION_CALLBACK, (s), (l), (v), (a), (h), 0, (cb), 0 }
/* Every field: flags and defval as well. */
#define OPT_CALLBACK_F(s, l, v, a, h, f, cb, d) \
	{ OPTION_CALLBACK, (s), (l), (v), (a), (h), (f), (cb), (d) }
/* The non-option arguments, in order: pushed onto a strvec, or each given to a callback. */
#define OPT_ARGS(v, a)                     { OPTION_STRVEC, 0, NULL, (v), (a), NULL, 0, NULL, 0 }
#define OPT_ARGS_CALLBACK(v, a, cb)        { OPTION_CALLBACK, 0, NULL, (v), (a), NULL, 0, (cb), 0 }

/*
 * Parse argv[1] to argv[argc - 1] (argv[0] is the command) against the
 * table options (ended by OPT_END()), in order; flags are
 * PARSE_OPT_SEPARATE_VALUES, PARSE_OPT_DASH_IS_OPTION.
 * Returns PARSE_OPT_DONE, PARSE_OPT_HELP or PARSE_OPT_STOP (at once: the
 * arguments after it are not looked at), or on an error PARSE_OPT_ERROR,
 * PARSE_OPT_UNKNOWN or PARSE_OPT_MISSING with *bad (if bad is not NULL)
 * the argument at fault as given ("--frobnicate", "--jobs=4", the "--jobs"
 * that lacks its value, or the value a callback refused) and a message in
 * err, without "excise: " in front ("unknown option '--frobnicate'").  A
 * table without an OPT_ARGS entry refuses non-option arguments
 * (PARSE_OPT_ERROR).
 */
int parse_options(int argc, char **argv, const struct option *options, unsigned flags,
		  const char **bad, struct strbuf *err);

/*
 * How an option is written in a usage text: "-n, --dry-run", "-C TREE",
 * "--jobs N", "--[no-]progress" is two options of the table; appended to sb.
 */
void option_spelling(const struct option *o, struct strbuf *sb);

/* True if the option is shown in usage texts (it has a help line and a name). */
int option_shown(const struct option *o);

/*
 * Print the options of the table with a help line, one each (git's
 * usage_with_options): the spelling indented by 4, the help from column
 * 26, wrapped at 80 columns.
 */
void usage_options(FILE *out, const struct option *options);

#endif
