/* builtin/main.c - excise: remove a dead subsystem from a Linux tree, and prove it. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "doc.h"
#include "run_command.h"
#include "suggest.h"
#include "target.h"
#include "util.h"
#include "version.h"

/*
 * The commands; what each is for is its doc (doc.c).  write_error: the
 * exit status when stdout could not be written (and the command would have
 * exited 0): 1 as coreutils, but 2 ("error") where 1 has a meaning of its
 * own: locate (none found, as grep), cpp (something changed, as unifdef),
 * spec (none), kconfig (not defined).
 */
static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	int hidden;   /* for debugging: not listed, not suggested, no help */
	int write_error;
} commands[] = {
	{ "locate", cmd_locate, 0, 2 },
	{ "remove", cmd_remove, 0, 1 },
	{ "check", cmd_check, 0, 1 },
	{ "cpp", cmd_cpp, 0, 2 },
	{ "spec", cmd_spec, 0, 2 },
	{ "kbuild", cmd_kbuild, 0, 1 },
	{ "kconfig", cmd_kconfig, 0, 2 },
	{ "boot-log", cmd_boot_log, 0, 1 },
	{ "help", cmd_help, 0, 1 },
	{ "version", NULL, 0, 1 },
	{ "kconfig-remove", cmd_kconfig_remove, 1, 1 },
};

/*
 * The end of every run that returns (as coreutils' close_stdout, without
 * atexit): stdout is flushed and closed, and output that did not all get
 * written (a full disk, /dev/full, an I/O error) is an error:
 * "excise: write error: No space left on device", and then what the
 * command has left behind (write_error_note).  Returns rc, or after
 * a write error the larger of rc and write_error (a status that says more,
 * remove's 3, stays).  A run that exits through die() has failed already;
 * a closed pipe ends it with SIGPIPE, as it does cat.
 */
static int close_stdout(int rc, int write_error)
{
	int failed = ferror(stdout), e = 0;

	if (fclose(stdout) != 0) {
		failed = 1;
		e = errno;
	}
	if (!failed)
		return rc;
	fprintf(stderr, "%s: write error%s%s%s%s\n", progname, e ? ": " : "", e ? strerror(e) : "",
		write_error_note ? "; " : "", write_error_note ? write_error_note : "");
	return rc > write_error ? rc : write_error;
}

static const struct command *find_command(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

/* `excise help`: the commands and what each is for. */
static void list_commands(FILE *out)
{
	const struct doc *top = doc_find("excise");

	fprintf(out, "usage: excise %s\n\ncommands:\n", top->usage[0]);
	for (size_t i = 0; i < ndocs; i++) {
		const struct command *c = find_command(docs[i].name);

		if (c && !c->hidden && c->fn)
			fprintf(out, "  %-9s %s\n", docs[i].name, docs[i].summary);
	}
	fputs("\nA TARGET is a bundled spec name (intermezzo), a spec file, a Kconfig symbol\n"
	      "(SLOB, CONFIG_SLOB) or a path of the tree (drivers/net/ethernet/intel/ixgb).\n"
	      "See 'excise help <command>' (or excise <command> --help) and man excise.\n", out);
}

/* "'NAME' is not an excise command; did you mean ...", exit 2. */
static void __attribute__((noreturn)) unknown_command(const char *name)
{
	const char *names[ARRAY_SIZE(commands)];
	struct strvec near = STRVEC_INIT;
	size_t n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (!commands[i].hidden)
			names[n++] = commands[i].name;
	suggest_nearest(name, names, n, 3, &near);
	fprintf(stderr, "%s: '%s' is not an excise command", progname, name);
	for (size_t k = 0; k < near.n; k++)
		fprintf(stderr, "%s%s", k ? ", " : "; did you mean ", near.v[k]);
	fprintf(stderr, " (see 'excise help')\n");
	sv_clear(&near);
	exit(2);
}

/*
 * The help of doc name as help_format says: its command run with --help
 * (which prints the help from its option table, and exits), or the doc
 * alone for a page of no command.
 */
static int help_of(const char *name)
{
	const struct doc *d = doc_find(name);
	const struct command *c;
	char *argv[4];
	int argc = 0;

	if (!d)
		unknown_command(name);
	if (help_format == HELP_MAN && !d->page)
		die("help: %s has no manual page (excise help %s prints its help; the pages: excise, "
		    "locate, remove, check, cpp, spec-format)", d->name, d->name);
	c = find_command(d->name);
	if (!c && !strncmp(d->name, "kconfig ", 8))   /* "kconfig connected": a query of kconfig */
		c = find_command("kconfig");
	if (!c || !c->fn || c->hidden) {
		show_doc(stdout, d, NULL);
		return 0;
	}
	argv[argc++] = (char *)c->name;
	if (strcmp(d->name, c->name))
		argv[argc++] = (char *)d->name + strlen(c->name) + 1;
	argv[argc++] = "--help";
	argv[argc] = NULL;
	return c->fn(argc, argv);
}

/* The options of doc name ("--name<TAB>ARG" lines), from a run of this excise. */
static void options_of(const char *name, struct strbuf *out)
{
	char *self = self_exe();
	char *argv[] = { self ? self : "excise", "help", "--options", (char *)name, NULL };

	if (run_capture(NULL, argv, out, 1) != 0)
		die("help: cannot list the options of %s", name);
	free(self);
}

/*
 * bash's `case` pattern of the options that take a value of the kind kind,
 * from lines, into sb; returns 0 when there is none.
 */
static int value_options(struct strbuf *sb, const char *lines, int (*kind)(const char *arg))
{
	int any = 0;

	for (const char *l = lines; *l;) {
		const char *tab = strchr(l, '\t'), *nl = strchr(l, '\n');

		if (!tab || !nl)
			break;
		if (tab + 1 < nl) {
			char *arg = xstrndup(tab + 1, (size_t)(nl - tab - 1));

			if (kind(arg)) {
				sb_addf(sb, "%s%.*s", any ? "|" : "", (int)(tab - l), l);
				any = 1;
			}
			free(arg);
		}
		l = nl + 1;
	}
	return any;
}

static int is_dir_arg(const char *a)
{
	return !strcmp(a, "TREE") || !strcmp(a, "DIR") || !strcmp(a, "AFTER") || !strcmp(a, "BEFORE");
}

static int is_file_arg(const char *a)
{
	return !strcmp(a, "OUT") || !strcmp(a, "DOTCONFIG") || !strcmp(a, "FILE");
}

static int is_choice_arg(const char *a)
{
	return strchr(a, '|') != NULL;
}

static int is_other_arg(const char *a)
{
	return !is_dir_arg(a) && !is_file_arg(a) && !is_choice_arg(a);
}

/* `excise help --completion`: the bash completion, from every command's option table. */
static void print_completion(FILE *out)
{
	struct strvec specs = STRVEC_INIT;
	const char *dir = spec_dir();
	char *ls[] = { "ls", (char *)dir, NULL };
	struct strbuf sb = STRBUF_INIT, names = STRBUF_INIT;

	/* The bundled specs' names, as targets. */
	if (run_capture(NULL, ls, &sb, 1) == 0)
		for (char *l = sb.buf, *nl; l && (nl = strchr(l, '\n')); l = nl + 1)
			if (nl - l > 5 && !strncmp(nl - 5, ".spec", 5))
				sv_push_owned(&specs, xstrndup(l, (size_t)(nl - l - 5)));
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (!commands[i].hidden)
			sb_addf(&names, "%s%s", names.len ? " " : "", commands[i].name);
	fprintf(out, "# bash completion for excise(1), made by `excise help --completion` from the\n"
		     "# option tables of excise %s.\n\n", EXCISE_VERSION);
	fprintf(out, "_excise()\n{\n"
		     "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
		     "\tlocal cmd= i opts= targets=\"");
	for (size_t i = 0; i < specs.n; i++)
		fprintf(out, "%s%s", i ? " " : "", specs.v[i]);
	fprintf(out, "\"\n"
		     "\tfor ((i = 1; i < COMP_CWORD; i++)); do\n"
		     "\t\tcase ${COMP_WORDS[i]} in -*) ;; *) cmd=${COMP_WORDS[i]}; break ;; esac\n"
		     "\tdone\n"
		     "\tif [ -z \"$cmd\" ]; then\n"
		     "\t\tCOMPREPLY=($(compgen -W \"%s --help --version\" -- \"$cur\"))\n"
		     "\t\treturn\n"
		     "\tfi\n"
		     "\tcase $cmd in\n", names.buf);
	for (size_t i = 0; i < ndocs; i++) {
		const struct command *c = find_command(docs[i].name);
		struct strbuf opts = STRBUF_INIT, pat = STRBUF_INIT;

		if (!c || c->hidden || !c->fn)
			continue;
		options_of(docs[i].name, &opts);
		fprintf(out, "\t%s)\n\t\topts=\"", docs[i].name);
		for (const char *l = opts.buf ? opts.buf : ""; *l;) {
			const char *tab = strchr(l, '\t'), *nl = strchr(l, '\n');

			if (!tab || !nl)
				break;
			fprintf(out, "%s%.*s", l == opts.buf ? "" : " ", (int)(tab - l), l);
			l = nl + 1;
		}
		fputs("\"\n\t\tcase $prev in\n", out);
		if (value_options(&pat, opts.buf ? opts.buf : "", is_dir_arg))
			fprintf(out, "\t\t%s) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n", pat.buf);
		sb_reset(&pat);
		if (value_options(&pat, opts.buf ? opts.buf : "", is_file_arg))
			fprintf(out, "\t\t%s) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n", pat.buf);
		/* a choice: the words of its ARG, "human|tsv|json" */
		for (const char *l = opts.buf ? opts.buf : ""; *l;) {
			const char *tab = strchr(l, '\t'), *nl = strchr(l, '\n');
			char *arg;

			if (!tab || !nl)
				break;
			arg = xstrndup(tab + 1, (size_t)(nl - tab - 1));
			if (is_choice_arg(arg)) {
				for (char *p = arg; *p; p++)
					if (*p == '|')
						*p = ' ';
				fprintf(out, "\t\t%.*s) COMPREPLY=($(compgen -W \"%s\" -- \"$cur\")); return ;;\n",
					(int)(tab - l), l, arg);
			}
			free(arg);
			l = nl + 1;
		}
		sb_reset(&pat);
		if (value_options(&pat, opts.buf ? opts.buf : "", is_other_arg))
			fprintf(out, "\t\t%s) return ;;\n", pat.buf);
		fputs("\t\tesac\n", out);
		/* a query word first: kbuild needs, kconfig depends|connected (from the usage lines) */
		sb_reset(&pat);
		for (size_t u = 0; docs[i].usage[u]; u++) {
			const char *w = strchr(docs[i].usage[u], ' ');
			size_t n = w ? strcspn(w + 1, " ") : 0;

			if (w && n && islower((unsigned char)w[1]))
				sb_addf(&pat, "%s%.*s", pat.len ? " " : "", (int)n, w + 1);
		}
		if (pat.len)
			fprintf(out, "\t\t[ $i = $((COMP_CWORD - 1)) ] && { COMPREPLY=($(compgen -W \"%s\" "
				"-- \"$cur\")); return; }\n", pat.buf);
		fputs("\t\t;;\n", out);
		sb_release(&opts);
		sb_release(&pat);
	}
	fputs("\t*) return ;;\n\tesac\n"
	      "\tcase $cur in\n"
	      "\t-*) COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\")) ;;\n", out);
	fputs("\t*)\n"
	      "\t\tcase $cmd in\n"
	      "\t\thelp) COMPREPLY=($(compgen -W \"", out);
	fputs(names.buf, out);
	for (size_t i = 0; i < ndocs; i++)
		if (docs[i].page && !find_command(docs[i].name))
			fprintf(out, " %s", docs[i].name);
	fputs("\" -- \"$cur\")) ;;\n"
	      "\t\tlocate|remove|check) COMPREPLY=($(compgen -W \"$targets\" -- \"$cur\") "
	      "$(compgen -f -- \"$cur\")) ;;\n"
	      "\t\t*) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
	      "\t\tesac\n\t\t;;\n\tesac\n}\n"
	      "complete -o filenames -F _excise excise\n", out);
	sv_clear(&specs);
	sb_release(&sb);
	sb_release(&names);
}

int cmd_help(int argc, char **argv)
{
	if (argc < 2) {
		list_commands(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		show_doc(stdout, doc_find("help"), NULL);
		return 0;
	}
	if (!strcmp(argv[1], "--completion") && argc == 2) {
		print_completion(stdout);
		return 0;
	}
	if (argc == 3 && (!strcmp(argv[1], "--man") || !strcmp(argv[1], "--options"))) {
		help_format = !strcmp(argv[1], "--man") ? HELP_MAN : HELP_OPTIONS;
		return help_of(argv[2]);
	}
	if (argc == 2 && argv[1][0] != '-')
		return help_of(argv[1]);
	if (argc == 3 && argv[1][0] != '-' && argv[2][0] != '-') {   /* help kconfig connected */
		static char name[64];

		snprintf(name, sizeof(name), "%s %s", argv[1], argv[2]);
		return help_of(name);
	}
	fprintf(stderr, "%s: help: unknown arguments; see 'excise help help'\n", progname);
	return 2;
}

int main(int argc, char **argv)
{
	/* Where the bundled files are, when not next to the binary. */
	static const char *const dirs[][2] = {
		{ "specs", "EXCISE_SPECS" }, { "cocci", "EXCISE_COCCI" }, { "scripts", "EXCISE_SCRIPTS" },
	};
	const struct command *c;

	for (size_t i = 0; i < ARRAY_SIZE(dirs); i++)
		if (getenv(dirs[i][1]))
			resource_dir_set(dirs[i][0], getenv(dirs[i][1]));
	if (argc < 2) {
		list_commands(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		list_commands(stdout);
		return close_stdout(0, 1);
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("excise version %s\n", EXCISE_VERSION);
		return close_stdout(0, 1);
	}
	c = find_command(argv[1]);
	if (!c || !c->fn)
		unknown_command(argv[1]);
	return close_stdout(c->fn(argc - 1, argv + 1), c->write_error);
}
