/*
 * builtin/doc.c - the words of excise's help and manual pages, in one place
 * (doc.h).  The options are not here: each command's option table holds
 * them (parse_options.h), and help.c prints both.
 */
#include <string.h>

#include "doc.h"
#include "util.h"

#define TARGETS \
	"A TARGET is a bundled spec name (intermezzo), a spec file (path/to/name.spec), " \
	"a Kconfig symbol (SLOB or CONFIG_SLOB) or a path of the tree, relative to its top " \
	"(drivers/net/ethernet/intel/ixgb, a trailing slash optional)."

#define TREE \
	"The tree is the kernel tree the current directory (or -C TREE) is in: the nearest " \
	"directory from there up with a Makefile and a top-level Kconfig (scripts/kconfig/ " \
	"beside it, or a mainmenu line in it), as git finds the top of its work tree; it is " \
	"named on stderr when it is not the directory given."

static const char *const excise_usage[] = { "[--version] [--help] <command> [<args>]", NULL };
static const struct doc_exit excise_exits[] = {
	{ 0, "success (each command says what that is)" },
	{ 1, "locate found nothing, check failed a step, cpp changed something" },
	{ 2, "an error: a bad option or target, no kernel tree, a removal refused; nothing was "
	     "changed" },
	{ 3, "remove could not apply its plan nor put the tree back: every file is named in "
	     "its state" },
	{ 4, "remove --commit: HEAD moved while the removal was committed" },
	{ -1, NULL },
};

static const char *const locate_usage[] = {
	"locate [-C TREE] [--format FORMAT] [--jobs N] [--[no-]progress] TARGET...",
	"locate --dangling [-C TREE] [--format FORMAT] [--jobs N] [PATH...]",
	"locate --list-kinds",
	NULL,
};
static const struct doc_exit locate_exits[] = {
	{ 0, "references found (with --dangling: dangling symbols found)" },
	{ 1, "none found; a target removed already (git shows it) finds none" },
	{ 2, "an error: a bad option, no kernel tree, an unknown target (with the nearest "
	     "names), a bad spec line (FILE:LINE), a file that cannot be read" },
	{ -1, NULL },
};

static const char *const remove_usage[] = {
	"remove [-C TREE] [--dry-run] [--force] [--with-users] [options] TARGET...",
	"remove --commit [--series DIR] [--why TEXT] [options] TARGET...",
	NULL,
};
static const struct doc_exit remove_exits[] = {
	{ 0, "removed (or, with --dry-run, planned and printed); or nothing to remove: every "
	     "target removed already (nothing defines or names it, and git shows it was there)" },
	{ 1, "the removal is complete (committed with --commit; with --dry-run nothing was "
	     "changed), but what it writes besides the tree was not all written: stdout "
	     "(\"write error\") or the --series directory" },
	{ 2, "nothing was changed: a bad option or target (an unknown symbol or path, with the "
	     "nearest names), no kernel tree, a bad spec, Kconfig or Makefile line, a plan that "
	     "fails its checks, link residue, a dirty git work tree or a removal of more than 5% "
	     "of the tree without --force, another run working on the tree, or a write that "
	     "failed and was rolled back" },
	{ 3, "the plan could be neither applied nor rolled back: the tree is neither as it was "
	     "nor as planned, and every file is named in its state" },
	{ 4, "--commit: HEAD moved while the removal was committed: the work tree holds the "
	     "whole removal, uncommitted, HEAD is where it was moved to, and the removal's "
	     "commits are named" },
	{ 130, "stopped by SIGINT (128+N for signal N: SIGHUP 129, SIGQUIT 131, SIGTERM 143); "
	       "the last line says what was left (\"excise: interrupted: nothing was changed\")" },
	{ -1, NULL },
};

static const char *const check_usage[] = {
	"check [-C AFTER] --before BEFORE [--only STEP]... [options] TARGET...", NULL,
};
static const struct doc_exit check_exits[] = {
	{ 0, "every step that ran passed" },
	{ 1, "a step failed (the table at the end says which, its log says why)" },
	{ 2, "a bad option, no kernel tree, or the removal cannot be planned in BEFORE" },
	{ -1, NULL },
};

static const char *const cpp_usage[] = {
	"cpp [-U SYM]... [-D SYM]... [-B] [-o OUT] [--diff | --list] [--stats] FILE...", NULL,
};
static const struct doc_exit cpp_exits[] = {
	{ 0, "nothing changed (as unifdef)" },
	{ 1, "something changed" },
	{ 2, "an error: a bad option, a file that cannot be read or written, an unterminated "
	     "conditional" },
	{ -1, NULL },
};

static const char *const spec_usage[] = { "spec [--get KEY] TARGET", NULL };
static const struct doc_exit spec_exits[] = {
	{ 0, "something was printed" },
	{ 1, "nothing: no such value, or TARGET is a symbol or a path, which have no spec" },
	{ 2, "a bad spec (FILE:LINE) or a bad option" },
	{ -1, NULL },
};

static const char *const kbuild_usage[] = { "kbuild needs [-C TREE] [--config DOTCONFIG] OBJ...",
					    NULL };
static const struct doc_exit usage_exits[] = {
	{ 0, "done" },
	{ 2, "a bad option or argument, no kernel tree, a file that cannot be read" },
	{ -1, NULL },
};

static const char *const kconfig_usage[] = {
	"kconfig depends [-C TREE] SYM...",
	"kconfig connected [-C TREE] [--fragment before|after] TARGET...",
	NULL,
};
static const struct doc_exit kconfig_exits[] = {
	{ 0, "done" },
	{ 1, "depends: a symbol is defined nowhere" },
	{ 2, "a bad option or argument, no kernel tree, a removal that cannot be planned" },
	{ -1, NULL },
};

static const char *const connected_usage[] = {
	"kconfig connected [-C TREE] [--fragment before|after] TARGET...", NULL,
};

static const char *const boot_log_usage[] = { "boot-log [--word WORD]... LOG", NULL };

static const char *const help_usage[] = {
	"help [COMMAND]", "help --man PAGE", "help --completion", NULL,
};
static const struct doc_exit help_exits[] = {
	{ 0, "printed" },
	{ 2, "no such command or page (with the nearest names)" },
	{ -1, NULL },
};

static const char *const spec_format_usage[] = { NULL };
static const struct doc_exit spec_format_exits[] = {
	{ 0, "(locate, remove, check, spec) the spec was read" },
	{ 2, "a line of the spec is wrong: an unknown key, a bad value, a path outside the tree "
	     "or with a pattern; the message names FILE:LINE, and nothing was changed" },
	{ -1, NULL },
};

const struct doc docs[] = {
	{
		"locate", "excise-locate", 1,
		"find every reference to a subsystem (or --dangling symbols)",
		locate_usage,
		TARGETS,
		"Every reference of the targets in the tree, each with a kind (--list-kinds "
		"prints them), an action (remove, kept, review) and a reason.  From a symbol "
		"or a path excise derives the rest of the footprint from the tree itself: the "
		"objects and directories its Kbuild lines build, the symbols defined in its "
		"Kconfig files, the Documentation pages its help text names, headers outside "
		"its directory that only it includes, and functions only it defines.  "
		"--format=json shows the footprint and how each part was found.\n"
		"\n"
		TREE "\n"
		"\n"
		"A target that matches nothing is an error with the nearest names (did you "
		"mean), never a search of the whole tree: a path the tree neither has nor "
		"names, a symbol no Kconfig file defines and nothing names.  Such a target is "
		"no error when git shows it removed already (HEAD still has it, or one of "
		"HEAD's last 1000 commits removed it): it finds nothing.\n"
		"\n"
		"Symbols match as whole identifiers: CONFIG_X and CONFIG_X_MODULE anywhere, "
		"bare X in Kconfig files.  Paths match as written, and as /name after another "
		"path component.  A git work tree is read through its index; a plain tree is "
		"walked, without build outputs.\n"
		"\n"
		"--format=tsv columns: path, line, kind, the matched text, the line (TAB as \\t, "
		"backslash as \\\\).  The subsystem's own files come first, as own-dir and "
		"own-file rows with line 0.\n"
		"\n"
		"--dangling reports every reference to a Kconfig symbol that no Kconfig file "
		"defines (under PATH... only, if given), grouped by symbol, with the similar "
		"defined symbols and a verdict (leftover, typo, module-of-bool, prefixed, "
		"unexplained) or the rule that excludes it as a false alarm.",
		locate_exits,
		"excise(1), excise-remove(1), excise-spec(5)",
	},
	{
		"remove", "excise-remove", 1,
		"remove a subsystem: plan, check, then apply atomically",
		remove_usage,
		TARGETS,
		"Every edit and every deletion is planned first, from what locate finds: Kconfig "
		"entries and every expression that names a removed symbol (evaluated with it "
		"off; options that can no longer be enabled go too, as dependents), Kbuild "
		"lines and objects, defconfig lines, MAINTAINERS sections and lines, "
		"Documentation pages, their index entries and table rows, preprocessor "
		"conditionals (as excise cpp), and C code that uses what only the subsystem "
		"defines (semantic patches, run by spatch).  The plan is checked before "
		"anything is written: no conflicting edits, every file unchanged since it was "
		"read, every deletion possible, no path outside the tree.  Kept C code that "
		"would use a definition the removal deletes (link residue) refuses the plan.\n"
		"\n"
		"Then it is applied reversibly: a journal (.excise-journal) lists every "
		"operation, each file is written beside its original and renamed over it, "
		"deletions are renames aside.  A failure part way, or SIGINT, SIGTERM, SIGHUP "
		"or SIGQUIT, puts every original back.  A run killed by SIGKILL is undone (or "
		"finished) by the next run.  A lock on the tree's top keeps two runs apart.\n"
		"\n"
		TREE "\n"
		"\n"
		"Running it again after a removal does nothing: a target that nothing defines "
		"or names and that git shows removed is already removed (exit 0, with the "
		"evidence).  Without git history a removed target cannot be told from a typo: "
		"an unknown symbol or path is an error (exit 2) with the nearest names.\n"
		"\n"
		"With --commit, in a git work tree, the removal becomes a patch series on HEAD, "
		"one commit per area (the defconfigs of each architecture, device trees, the "
		"dependent drivers by family, the subsystem, MAINTAINERS, Documentation) in an "
		"order where every step configures and builds; --series DIR adds git "
		"format-patch output with a cover letter and its Cc: list.\n"
		"\n"
		"The rules of what goes and what stays are in docs/rules.md of excise's "
		"sources.",
		remove_exits,
		"excise(1), excise-locate(1), excise-check(1), excise-spec(5)",
	},
	{
		"check", "excise-check", 1,
		"prove a removal: residue, Kconfig, sparse, build, boot",
		check_usage,
		"AFTER is the tree after the removal (-C; default: the tree the current "
		"directory is in), BEFORE the same tree before it.  STEP is one of residue, "
		"links, kconfig, sparse, connected, cross, build, boot.",
		"Each step prints one line, and a table ends the run:\n"
		"\n"
		"  residue    the footprint, from BEFORE, located in AFTER: only references\n"
		"             kept on purpose may remain\n"
		"  links      kept C code of AFTER that uses a definition the removal took\n"
		"             away (link residue) fails\n"
		"  kconfig    x86_64 allnoconfig, allyesconfig, defconfig and every touched\n"
		"             defconfig: no new Kconfig warnings\n"
		"  sparse     make C=2 on every touched C file, in both trees: no new warning\n"
		"  connected  the configuration that exercises the removal, built in both\n"
		"             trees: no new compiler, linker or modpost error\n"
		"  cross      the other architectures the removal touches, cross-built\n"
		"  build      the boot kernel of AFTER (and of arm64 and arm when touched)\n"
		"  boot       it boots under QEMU and passes the --expect checks\n"
		"\n"
		"The logs are in --logs DIR (default: a new /tmp/excise-check-*).  The build "
		"steps need a compiler, ccache and QEMU (scripts/deps.sh of excise's sources "
		"installs them on Debian).",
		check_exits,
		"excise(1), excise-remove(1)",
	},
	{
		"cpp", "excise-cpp", 1,
		"resolve preprocessor conditionals with symbols off (like unifdef)",
		cpp_usage,
		"SYM may be given with or without its CONFIG_ prefix; -USYM works too; the last "
		"-U or -D of a symbol wins.",
		"Resolve the #if, #ifdef, #ifndef, #elif, #else and #endif blocks of each FILE "
		"with Kconfig symbol SYM off (-U: CONFIG_SYM and CONFIG_SYM_MODULE undefined, "
		"IS_ENABLED(CONFIG_SYM) and its kind false in #if) or on (-D: CONFIG_SYM defined "
		"as 1, CONFIG_SYM_MODULE undefined), and print the result.  Conditions that "
		"name none of the symbols stay as written; one where a symbol appears that cannot "
		"be evaluated (an unknown macro, a syntax error) stays with a FILE:LINE warning "
		"to check by hand.  This is the evaluator excise remove uses on C files.",
		cpp_exits,
		"excise(1), unifdef(1)",
	},
	{
		"spec", NULL, 1,
		"what a spec says (--get KEY), for scripts",
		spec_usage,
		"TARGET is a bundled spec name (intermezzo) or a spec file.  Without --get, every "
		"\"key value\" line, in the order of excise-spec(5).",
		NULL, spec_exits, "excise-spec(5)",
	},
	{
		"kbuild", NULL, 1,
		"what the Makefiles say: the options an object needs",
		kbuild_usage,
		"The CONFIG_ options each object needs, a level per directory: \"OBJ<TAB>A; B "
		"or C\"; with --config, only what DOTCONFIG misses.",
		NULL, usage_exits, "excise(1)",
	},
	{
		"kconfig", NULL, 1,
		"what Kconfig says: where a symbol is defined, its dependencies",
		kconfig_usage,
		"depends: where each symbol (CONFIG_ optional) is defined and what it depends "
		"on, \"FILE:LINE: config SYM\" and its \"depends on\" lines.  connected: the "
		"symbols a removal of TARGET takes away and the kept symbols connected to them "
		"(check's connected step), or with --fragment the config fragment it builds "
		"the tree before or after with (see 'excise kconfig connected --help').",
		NULL, kconfig_exits, "excise-check(1)",
	},
	{
		"kconfig connected", NULL, 0,
		"the symbols check's connected step enables, and why",
		connected_usage,
		"The symbols a removal of TARGET takes away and the kept symbols connected to "
		"them (they select, imply or depend on a removed one, share its if block, menu "
		"or choice, or build a C file the removal edits or that uses a removed "
		"definition): \"HOW SYM: why\" lines.",
		NULL, usage_exits, "excise-check(1)",
	},
	{
		"boot-log", NULL, 1,
		"the lines of a boot's console log that show what it did",
		boot_log_usage,
		"The kernel's \"Linux version\" line, excise's init (its result and checks), the "
		"slab allocator, and lines holding a WORD; the first 8, each after \"| \".",
		NULL, usage_exits, "excise-check(1)",
	},
	{
		"help", NULL, 1,
		"a command's help, a manual page, the shell completion",
		help_usage,
		"With COMMAND, its help (as COMMAND --help); without, the commands.  --man PAGE "
		"prints the manual page PAGE (excise, locate, remove, check, cpp, spec-format) "
		"as roff, --completion the bash completion script: both are made from the same "
		"words and option tables as --help, and make install installs them.",
		NULL, help_exits, "excise(1)",
	},
	{
		"excise", "excise", 1,
		"remove a dead subsystem from a Linux tree, completely, and prove it",
		excise_usage,
		NULL,
		"excise removes a dead subsystem from a Linux kernel tree: it locates every "
		"reference to it (locate), plans every edit and applies the plan atomically "
		"(remove), and proves the result (check): no residue, no new Kconfig or sparse "
		"warnings, the configuration that exercises the removal builds, the kernel "
		"boots.\n"
		"\n"
		TARGETS "  From a symbol or a path excise derives the rest from the tree itself.  "
		"A spec (excise-spec(5)) names a footprint by hand, leftovers of an old "
		"removal included.\n"
		"\n"
		TREE "\n"
		"\n"
		"Each command has --help; 'excise help COMMAND' prints the same.  The commands "
		"spec, kbuild, kconfig and boot-log answer the scripts of excise's own "
		"pipeline.\n"
		"\n"
		"Environment: EXCISE_SPECS, EXCISE_COCCI and EXCISE_SCRIPTS name the bundled "
		"specs/, cocci/ and scripts/ directories (default: beside the binary's "
		"directory, or PREFIX/share/excise/ for an installed one); EXCISE_TIMES=1 "
		"prints how long each phase took; DISTCC_HOSTS is check's --distcc.",
		excise_exits,
		"excise-locate(1), excise-remove(1), excise-check(1), excise-cpp(1), "
		"excise-spec(5)",
	},
	{
		"spec-format", "excise-spec", 5,
		"the spec file of a subsystem to remove",
		spec_format_usage,
		NULL,
		"A spec names a subsystem's footprint by hand: what excise cannot derive from "
		"the tree (the words that name it, its device numbers), and what is left of an "
		"old, partial removal.  The bundled specs are in specs/ (excise remove "
		"intermezzo); any other is given by its path (excise remove path/to/x.spec).\n"
		"\n"
		"One \"key value\" a line; # starts a comment.  Keys:\n"
		"\n"
		"  name NAME            short name (default: the file name)\n"
		"  title TEXT           \"the InterMezzo filesystem\", for reports and commits\n"
		"  area PREFIX          commit subject prefix: fs\n"
		"  symbol SYM           a Kconfig symbol (CONFIG_ optional)\n"
		"  path PATH            an owned file, or a directory with a trailing /;\n"
		"                       one path, not a pattern\n"
		"  header NAME          an owned header by include name (linux/fsfilter.h)\n"
		"  identifier NAME      a C identifier only the subsystem defines\n"
		"  word TEXT            another word that names it (/dev/intermezzo)\n"
		"  chrdev N, blkdev N   device majors listed in devices.txt\n"
		"  misc N               a misc device minor\n"
		"  ioctl CODE           an ioctl-number.rst code\n"
		"  keep PATTERN REASON  references in matching paths are kept\n"
		"                       (CREDITS always)\n"
		"  replace OLD=NEW      as remove --replace\n"
		"  replace-call OLD=NEW as remove --replace-call\n"
		"  boot-config CONFIG_X=y      for check's boot kernel\n"
		"  boot-expect SPEC            boot checks before the removal\n"
		"  boot-expect-after SPEC      boot checks after it: [!]fs:NAME,\n"
		"                              [!]misc:NAME, [!]file:PATH, [!]log:TEXT\n"
		"  history TEXT         what an earlier, partial removal deleted\n"
		"\n"
		"Every key but name, title and area may be repeated.  A path the tree does not "
		"have is kept (the spec may name what an old removal deleted, for its "
		"leftovers).  Errors name the line: \"excise: x.spec:3: unknown key\".\n"
		"\n"
		"An example, specs/intermezzo.spec in part:\n"
		"\n"
		"  name        intermezzo\n"
		"  title       the InterMezzo filesystem\n"
		"  area        fs\n"
		"  symbol      INTERMEZZO_FS\n"
		"  path        fs/intermezzo/\n"
		"  word        InterMezzo\n"
		"  chrdev      185\n"
		"  keep        CREDITS  history: CREDITS records who did what\n"
		"  history     fs/intermezzo/ (removed in 2.6.7)",
		spec_format_exits,
		"excise(1), excise-locate(1), excise-remove(1)",
	},
};

const size_t ndocs = ARRAY_SIZE(docs);

const struct doc *doc_find(const char *name)
{
	for (size_t i = 0; i < ndocs; i++)
		if (!strcmp(docs[i].name, name) || (docs[i].page && !strcmp(docs[i].page, name)))
			return &docs[i];
	return NULL;
}
