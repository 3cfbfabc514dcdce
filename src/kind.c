/* kind.c - the table of reference kinds (see kind.h). */
#include "kind.h"

const struct kind_info kind_table[] = {
	{ "kconfig-entry", "a config or menuconfig entry that defines a symbol", 1 },
	{ "kconfig-depends", "a `depends on`, or an attribute's `if`, that names a symbol", 1 },
	{ "kconfig-select", "a `select` of a symbol", 1 },
	{ "kconfig-imply", "an `imply` of a symbol", 1 },
	{ "kconfig-default", "a `default` that names a symbol", 1 },
	{ "kconfig-if", "an `if` block on a symbol", 1 },
	{ "kconfig-source", "a `source` of a Kconfig file", 1 },
	{ "makefile", "a Kbuild line: a symbol's objects, or an object or directory", 1 },
	{ "defconfig", "a CONFIG_ line of a defconfig", 1 },
	{ "maintainers", "a MAINTAINERS section or F:/X: line", 1 },
	{ "doc", "a line of Documentation that names the subsystem", 1 },
	{ "doc-index", "a toctree entry of a removed page", 1 },
	{ "doc-table", "a row of a Documentation table (device numbers, ioctl codes)", 1 },
	{ "credits", "a CREDITS entry (history: kept)", 0 },
	{ "c-ifdef", "a preprocessor conditional on a symbol", 1 },
	{ "c-is-enabled", "IS_ENABLED() and the like on a symbol in C code", 1 },
	{ "c-include", "an #include of a removed header", 1 },
	{ "c-call", "C code that uses an identifier only the subsystem defines", 1 },
	{ "c-other", "other C code that names it", 0 },
	{ "selftest", "a file of tools/testing", 0 },
	{ "script", "a script that names it", 0 },
	{ "other", "anything else: a comment, text", 0 },
};

const size_t kind_count = sizeof(kind_table) / sizeof(kind_table[0]);
