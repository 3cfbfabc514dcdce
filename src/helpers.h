/*
 * helpers.h - the code of a prompt-less Kconfig helper, for the rule that
 * a helper a kept option still selects goes when its code serves only
 * removed code (remove.c: close_over_helpers).
 *
 * A helper's own code is what its symbol alone compiles: the files its
 * `obj-$(CONFIG_H) += x.o` lines build, and its `#ifdef CONFIG_H` blocks
 * (also `#if defined(CONFIG_H)`, `#if IS_ENABLED(CONFIG_H)`) in .c and .h
 * files.  helper_code() reads it from the tree as it is, and refuses (returns -1 with why) a helper whose effect is not only the
 * definitions of that code:
 *   - a mention of CONFIG_H in C other than such a block (IS_ENABLED() in
 *     code, an #else or #elif branch, a compound condition, assembly, a
 *     device tree), or a Makefile line other than obj-$(CONFIG_H);
 *   - a block that defines nothing at file scope (it does something in a
 *     function instead);
 *   - code that registers itself: an initcall, module_init, a
 *     module_*_driver or builtin_*_driver, an *_DECLARE, __setup,
 *     early_param, MACHINE_START;
 *   - no non-static definition at all (nothing to show it is unused);
 *   - code in a directory the removal deletes nothing from: an interface
 *     of another subsystem (LEDS_GPIO_REGISTER in drivers/leds/), not the
 *     removed code's own.
 * Whether kept code uses the definitions is the link residue's to say: a
 * residue or an assembly mention of a name the helper's code defines
 * (helper_defines) keeps the helper.
 */
#ifndef EXCISE_HELPERS_H
#define EXCISE_HELPERS_H

#include <stddef.h>

#include "locate.h"
#include "plan.h"
#include "util.h"

struct helper_region {
	char *path;
	size_t from, to;         /* lines; a whole file: 1 .. SIZE_MAX */
};

struct helper_code {
	char *name;
	struct helper_region *v;
	size_t n, cap;
	struct strvec defs;      /* its non-static definitions, "name (path:line)" */
	struct strset names;     /* their names */
};

/*
 * Where a helper's code is read: the tree, the references of the helpers'
 * symbols (locate_run with those alone), and the removal's plan, whose
 * deleted files hold nothing that matters.
 */
struct helper_scope {
	const struct tree *tree;
	const struct locate_result *loc;
	const struct plan *base;
};

/* Read the own code of helper sym.  Returns 0, or -1 with the reason in why. */
int helper_code(const struct helper_scope *sc, const char *sym, struct helper_code *out,
		struct strbuf *why);
void helper_code_release(struct helper_code *c);

/*
 * Into out, the names the helpers' code defines that a header under
 * include/ names: an interface for any code, the tree's or not, not the
 * removed code's own (LEDS_GPIO_REGISTER's gpio_led_register_device, in
 * <linux/leds.h>).  Not include/linux/platform_data/, a platform's
 * interface between its boards and drivers, which goes with it
 * (S3C64XX_SETUP_IDE's s3c64xx_ide_setup_gpio, in ata-samsung_cf.h).  One
 * pass over include/, for every helper at once.
 */
void helpers_public_names(const struct tree *t, const struct helper_code *codes, size_t n,
			  struct strset *out);
/* Does a header under include/ name one of c's definitions (out of helpers_public_names)? */
int helper_is_public(const struct helper_code *c, const struct strset *public_names);

/* Does c's code define name (non-static)? */
int helper_defines(const struct helper_code *c, const char *name);

#endif
