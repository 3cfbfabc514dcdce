/*
 * clex.c - the C reader (clex.h): a one-pass tokenizer with just enough of
 * a parser for file scope: it tells definitions (a declarator followed by
 * a body, or a variable that is not extern) from declarations and from
 * uses, and it knows which braces hold code (a function body, an
 * initializer) and which hold members (struct, union, enum).  Conditional
 * branches are read as alternatives: each #else/#elif starts again from the
 * state of its #if, and the #endif keeps the state at the end of the first
 * branch, so that two versions of a function's head do not unbalance the
 * braces.
 */
#include "clex.h"

#include <stdlib.h>
#include <string.h>

enum region { R_NONE, R_BODY, R_INIT, R_AGG };

struct span {
	size_t off, len;
};

/* What a file-scope statement has seen so far. */
struct stmt {
	int is_static, is_extern, is_typedef, eq;
	int fparen;              /* a declarator's '(' was seen: a function */
	int first_set, first_paren;
	struct span first;       /* its first word (macro name if first_paren) */
	struct span decl;        /* the declared name so far */
	int has_decl, decl_func;
	struct span macro_last;  /* DEFINE_*(..., name): the last word at depth 1 */
	int macro_def;
	int macro_multi;         /* DEFINE_*(a, b): not a name this reader knows to take */
	int attr_paren;          /* the next '(' opens an attribute's arguments */
	int attr_depth;          /* pdepth inside an attribute's arguments, or 0 */
	int groups;              /* parenthesised groups opened at paren depth 0 */
	int is_weak;             /* __weak or __attribute__((weak)): a weak reference links alone */
	int sqdepth;             /* inside [ ] at paren depth 0: an array's size */
	int ptr_group;           /* pdepth of a declarator group "(*name)", or 0 */
	int ptr_named;           /* that group's name was seen */
};

/*
 * A function-like macro the buffer defines, and which of its parameters
 * its body uses; a macro defined more than once (in #if branches) uses a
 * parameter when any definition does.
 */
struct fmacro {
	struct span name;
	unsigned long long used;   /* bit k: parameter k appears in the body */
	int nparams;
	int weak;                  /* its body declares something weak (alpha's WEAK(X)) */
};

struct lstate {
	int depth, pdepth;
	enum region region;
	struct stmt st;
};

struct cond {
	struct lstate saved, first_end;
	int have_first;
};

struct lexer {
	const char *b;
	size_t n, i;
	want_fn want;
	emit_fn emit;
	void *ctx;
	struct lstate s;
	struct cond conds[64];
	int nconds, skip;
	char prev;               /* kind of the previous token: 'i' word, 's' struct/union/enum, '.', '>' (->), '&', '*', ... */
	char prev2;
	struct span prev_word;
	struct span *shadow;     /* parameters and locals of the current function */
	size_t nshadow, shadow_cap;
	struct span sue;         /* the last struct, union or enum keyword */
	char aggk[64];           /* per brace depth: 's', 'u', 'e' for a struct, union or enum body */
	int agg_paren, agg_sq;   /* ( and [ open in the current member declaration */
	struct fmacro *fm;       /* the buffer's function-like macros, built on first need */
	size_t nfm, fm_cap;
	int fm_built;
};

static int word_is(const char *b, struct span w, const char *s)
{
	return strlen(s) == w.len && !memcmp(b + w.off, s, w.len);
}

static int span_starts(const char *b, struct span w, const char *s)
{
	size_t n = strlen(s);

	return w.len >= n && !memcmp(b + w.off, s, n);
}

/* Attribute-like macros that may follow a declarator: never the declared name. */
static int is_attribute(const char *b, struct span w)
{
	static const char *const attrs[] = {
		"__initdata", "__initconst", "__read_mostly", "__ro_after_init", "__maybe_unused",
		"__aligned", "__section", "__used", "__weak", "__cacheline_aligned",
		"__cacheline_aligned_in_smp", "____cacheline_aligned", "____cacheline_aligned_in_smp",
		"__page_aligned_bss", "__page_aligned_data", "__refdata", "__exitdata", "__nosavedata",
		"__init", "__exit", "__cold", "__always_unused", "__must_check", "__printf", "__acquires",
		"__releases", "__must_hold", "__ref", "__meminit", "__meminitdata", "__initdata_memblock",
		"__nocfi", "__noreturn", "__latent_entropy", "__visible", "__bss_decrypted",
		"__randomize_layout", "__packed", "__percpu", "__rcu", "__iomem", "__user", "__force",
		"__alias", "__scanf", "__malloc", "__alloc_size", "__realloc_size", "__assume_aligned",
		"__diag", "asm", "__asm__", "__asm", "__attribute__", "__attribute", "__lockdep_no_validate__",
		"__guarded_by", "__counted_by", "__nonstring", "__mod_init", "__initlatent",
	};

	for (size_t i = 0; i < ARRAY_SIZE(attrs); i++)
		if (word_is(b, w, attrs[i]))
			return 1;
	return 0;
}

static int is_word_start(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/* The offset past the comment that starts at i (slash, star), or n. */
static size_t comment_end(const char *b, size_t i, size_t n)
{
	const char *e = i + 2 < n ? memmem(b + i + 2, n - i - 2, "*/", 2) : NULL;

	return e ? (size_t)(e - b) + 2 : n;
}

/* The next significant byte at or after i (blanks, newlines and comments skipped). */
static char next_char(const struct lexer *lx, size_t i)
{
	const char *b = lx->b;

	while (i < lx->n) {
		if (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r' || b[i] == '\f' ||
		    b[i] == '\v') {
			i++;
		} else if (b[i] == '\\' && i + 1 < lx->n && b[i + 1] == '\n') {
			i += 2;
		} else if (b[i] == '/' && i + 1 < lx->n && b[i + 1] == '*') {
			i = comment_end(b, i, lx->n);
		} else {
			return b[i];
		}
	}
	return '\0';
}

static size_t skip_blanks(const char *b, size_t i, size_t end)
{
	while (i < end && (b[i] == ' ' || b[i] == '\t' || (b[i] == '\\' && i + 1 < end && b[i + 1] == '\n')))
		i += b[i] == '\\' ? 2 : 1;
	return i;
}

static size_t directive_end(const char *b, size_t n, size_t i);

/*
 * Does body [i, end) hold the word p as itself: not pasted (a ## b) and not
 * stringified (#a)?  RTW89_TYPE_MAPPING(ADHOC) pastes NL80211_IFTYPE_ ##
 * _type: ADHOC names nothing.
 */
static int body_has_word(const char *b, size_t i, size_t end, struct span p)
{
	size_t start = i;

	for (; i + p.len <= end; i++)
		if (!memcmp(b + i, b + p.off, p.len) && (i == 0 || !is_word_char((unsigned char)b[i - 1])) &&
		    (i + p.len == end || !is_word_char((unsigned char)b[i + p.len]))) {
			size_t a = i, z = i + p.len;

			while (a > start && (b[a - 1] == ' ' || b[a - 1] == '\t'))
				a--;
			while (z < end && (b[z] == ' ' || b[z] == '\t'))
				z++;
			if ((a > start && b[a - 1] == '#') || (z + 1 < end && b[z] == '#' && b[z + 1] == '#'))
				continue;
			return 1;
		}
	return 0;
}

/* Record `#define NAME(params) body` at offset i (the word after "define"). */
static void add_fmacro(struct lexer *lx, size_t i, size_t end)
{
	const char *b = lx->b;
	struct span name = { i, 0 }, params[64];
	int np = 0, variadic = 0, weak;
	unsigned long long used = 0;
	struct fmacro *m = NULL;

	while (i < end && is_word_char((unsigned char)b[i]))
		i++;
	name.len = i - name.off;
	if (!name.len || i >= end || b[i] != '(')
		return;
	for (i++;;) {
		i = skip_blanks(b, i, end);
		if (i >= end)
			return;
		if (b[i] == ')')
			break;
		if (b[i] == '.') {
			variadic = 1;
			i += 3;
		} else if (is_word_start((unsigned char)b[i])) {
			size_t s0 = i;

			while (i < end && is_word_char((unsigned char)b[i]))
				i++;
			if (np == (int)ARRAY_SIZE(params))
				return;
			params[np++] = (struct span){ s0, i - s0 };
			if (i + 2 < end && b[i] == '.')
				variadic = 1, i += 3;
		} else if (b[i] == ',') {
			i++;
		} else {
			return;
		}
	}
	i++;
	for (int k = 0; k < np; k++)
		if (variadic || body_has_word(b, i, end, params[k]))
			used |= 1ULL << k;
	weak = memmem(b + i, end - i, "weak", 4) != NULL;
	for (size_t k = 0; k < lx->nfm; k++)
		if (lx->fm[k].name.len == name.len && !memcmp(b + lx->fm[k].name.off, b + name.off, name.len))
			m = &lx->fm[k];
	if (m) {
		m->used |= used;
		m->weak &= weak;
		if (m->nparams != np)
			m->used = ~0ULL;
		return;
	}
	GROW(lx->fm, lx->fm_cap, lx->nfm + 1);
	lx->fm[lx->nfm++] = (struct fmacro){ name, used, np, weak };
}

/* The function-like macros of the whole buffer, every #define line. */
static void build_fmacros(struct lexer *lx)
{
	const char *b = lx->b;

	lx->fm_built = 1;
	for (size_t i = 0; i < lx->n;) {
		size_t j = skip_blanks(b, i, lx->n), end;

		if (j < lx->n && b[j] == '#') {
			end = directive_end(b, lx->n, j);
			j = skip_blanks(b, j + 1, end);
			if (end - j > 6 && !memcmp(b + j, "define", 6) && (b[j + 6] == ' ' || b[j + 6] == '\t'))
				add_fmacro(lx, skip_blanks(b, j + 6, end), end);
			i = end;
		}
		while (i < lx->n && b[i] != '\n')
			i++;
		i++;
	}
}

/*
 * Is the word at off an argument a macro of this buffer drops?  With
 * CONFIG_DRM_LEGACY off, drm_ioctl.c keeps `#define DRM_LEGACY_IOCTL_DEF(
 * ioctl, _func, _flags) DRM_IOCTL_DEF(ioctl, drm_invalid_op, _flags)`, so
 * `DRM_LEGACY_IOCTL_DEF(DRM_IOCTL_ADD_MAP, drm_legacy_addmap_ioctl, ...)`
 * names no function the linker looks for.  The enclosing calls are found
 * by a bounded backward scan over the statement (up to four levels).
 */
static int dropped_argument(struct lexer *lx, size_t off)
{
	const char *b = lx->b;
	size_t limit = off > 8192 ? off - 8192 : 0;

	for (int level = 0; level < 4; level++) {
		size_t i = off, ws;
		int depth = 0, commas = 0;
		struct span m;

		for (;;) {
			char c;

			if (i <= limit)
				return 0;
			c = b[--i];
			if (c == ')' || c == ']' || c == '}') {
				depth++;
			} else if (c == '(' || c == '[' || c == '{') {
				if (depth) {
					depth--;
					continue;
				}
				if (c != '(')
					return 0;
				break;
			} else if (c == ',' && !depth) {
				commas++;
			} else if (c == ';' && !depth) {
				return 0;
			}
		}
		off = i;
		while (i > limit && (b[i - 1] == ' ' || b[i - 1] == '\t'))
			i--;
		ws = i;
		while (i > limit && is_word_char((unsigned char)b[i - 1]))
			i--;
		if (i == ws)
			continue;
		m = (struct span){ i, ws - i };
		if (!lx->fm_built)
			build_fmacros(lx);
		for (size_t k = 0; k < lx->nfm; k++) {
			const struct fmacro *f = &lx->fm[k];

			if (f->name.len == m.len && !memcmp(b + f->name.off, b + m.off, m.len) &&
			    commas < f->nparams && commas < 64 && !(f->used & (1ULL << commas)))
				return 1;
		}
	}
	return 0;
}

/* Is w a function-like macro of this buffer whose body declares its argument weak? */
static int weak_maker(struct lexer *lx, struct span w)
{
	if (!lx->fm_built)
		build_fmacros(lx);
	for (size_t k = 0; k < lx->nfm; k++)
		if (lx->fm[k].name.len == w.len && !memcmp(lx->b + lx->fm[k].name.off, lx->b + w.off, w.len))
			return lx->fm[k].weak;
	return 0;
}

static void emit(struct lexer *lx, struct span w, enum ev_kind kind, const char *use)
{
	struct ev e = { lx->b + w.off, w.len, w.off, kind, use };

	if (lx->want && !lx->want(lx->ctx, e.name, e.len))
		return;
	if (kind == EV_USE && dropped_argument(lx, w.off))
		return;
	lx->emit(lx->ctx, &e);
}

static int is_shadowed(const struct lexer *lx, struct span w)
{
	for (size_t i = 0; i < lx->nshadow; i++)
		if (lx->shadow[i].len == w.len && !memcmp(lx->b + lx->shadow[i].off, lx->b + w.off, w.len))
			return 1;
	return 0;
}

static void add_shadow(struct lexer *lx, struct span w)
{
	GROW(lx->shadow, lx->shadow_cap, lx->nshadow + 1);
	lx->shadow[lx->nshadow++] = w;
}

static void reset_stmt(struct lexer *lx)
{
	memset(&lx->s.st, 0, sizeof(lx->s.st));
}

/* The declarator ends (',' ';' '=' or a body): a variable is defined unless extern. */
static void finish_decl(struct lexer *lx)
{
	struct stmt *st = &lx->s.st;

	if (st->has_decl && st->is_typedef)
		emit(lx, st->decl, EV_TYPEDEF, NULL);
	else if (st->has_decl && !st->decl_func && !st->is_extern)
		emit(lx, st->decl, st->is_static ? EV_DEF_STATIC : EV_DEF, NULL);
	else if (st->has_decl && st->is_extern && st->is_weak)
		emit(lx, st->decl, EV_DEF_STATIC, NULL);   /* this file's uses link without it */
	st->has_decl = 0;
	st->decl_func = 0;
}

static const char *macro_use(const struct lexer *lx)
{
	return span_starts(lx->b, lx->s.st.first, "EXPORT_SYMBOL") ? "export" : "macro argument";
}

/*
 * Is w the first argument of a macro whose first argument is a name the
 * macro makes, not a C reference: a module parameter's name
 * (module_param_named(no_overlay, saa7134_no_overlay, ...) in saa7134 names
 * no variable no_overlay; bttv defines one), an attribute's
 * (DEVICE_ATTR(dbg_level, ...) defines dev_attr_dbg_level)?
 * module_param(x, ...) is not one: x is its variable.
 */
static int parameter_name(const struct lexer *lx, struct span w)
{
	static const char *const makers[] = { "module_param_named", "module_param_array_named",
					      "module_param_string", "module_param_cb", "module_param_call",
					      "core_param", "MODULE_PARM_DESC" };
	const char *b = lx->b;
	size_t i = w.off, end;

	while (i > 0 && (b[i - 1] == ' ' || b[i - 1] == '\t'))
		i--;
	if (i == 0 || b[--i] != '(')
		return 0;
	while (i > 0 && (b[i - 1] == ' ' || b[i - 1] == '\t'))
		i--;
	end = i;
	while (i > 0 && is_word_char((unsigned char)b[i - 1]))
		i--;
	/* DEVICE_ATTR(dbg_level, ...), DEVICE_ATTR_RW(x), DRIVER_ATTR_RO(x): dev_attr_x is the name */
	if (memmem(b + i, end - i, "_ATTR", 5))
		return 1;
	for (size_t k = 0; k < ARRAY_SIZE(makers); k++)
		if (end - i == strlen(makers[k]) && !memcmp(b + i, makers[k], end - i))
			return 1;
	return 0;
}

static int is_define_macro(const struct lexer *lx)
{
	struct span f = lx->s.st.first;

	return span_starts(lx->b, f, "DEFINE_") ||
	       (memmem(lx->b + f.off, f.len, "_DEFINE", 7) && !memmem(lx->b + f.off, f.len, "SYSCALL", 7));
}

/*
 * DEFINE_SHOW_ATTRIBUTE(board), DEFINE_SIMPLE_ATTRIBUTE(fops, ...) and the
 * other *_ATTRIBUTE makers define static things (board_fops, fops): the
 * argument is no global another file could use (drivers/cpufreq/
 * s3c24xx-cpufreq-debugfs.c has DEFINE_SHOW_ATTRIBUTE(io) and (board); a
 * local "io" in arch/arm/mm/pmsa-v8.c is no user of it).
 */
static int is_static_define(const struct lexer *lx)
{
	struct span f = lx->s.st.first;

	return f.len > 10 && !memcmp(lx->b + f.off + f.len - 10, "_ATTRIBUTE", 10);
}

static int prev_is_word(const struct lexer *lx, const char *s)
{
	return lx->prev == 'i' && word_is(lx->b, lx->prev_word, s);
}

/* A word in a function body: a use, or a local variable being declared. */
static void word_in_body(struct lexer *lx, struct span w, char nc)
{
	int after_type = (lx->prev == 'i' && !prev_is_word(lx, "return") && !prev_is_word(lx, "case") &&
			  !prev_is_word(lx, "sizeof") && !prev_is_word(lx, "else") &&
			  !prev_is_word(lx, "do") && !prev_is_word(lx, "goto")) ||
			 (lx->prev == '*' && lx->prev2 == 'i');

	if (is_shadowed(lx, w) || prev_is_word(lx, "goto"))
		return;
	/* a label: "out:" after a statement or a brace (not case X:, not a ? b : c) */
	if (nc == ':' && (lx->prev == ';' || lx->prev == '{' || lx->prev == '}' || lx->prev == ':'))
		return;
	if (after_type && (nc == '=' || nc == ';' || nc == ',' || nc == '[')) {
		add_shadow(lx, w);
		return;
	}
	emit(lx, w, EV_USE, nc == '(' ? "call" : lx->prev == '&' ? "address" : "reference");
}

/* A word at file scope. */
static void word_at_file_scope(struct lexer *lx, struct span w, char nc, int member)
{
	const char *b = lx->b;
	struct stmt *st = &lx->s.st;

	if (word_is(b, w, "static")) {
		st->is_static = 1;
		return;
	}
	if (word_is(b, w, "extern")) {
		st->is_extern = 1;
		return;
	}
	if (word_is(b, w, "typedef")) {
		st->is_typedef = 1;
		return;
	}
	if (word_is(b, w, "__weak") || (st->attr_depth && word_is(b, w, "weak"))) {
		st->is_weak = 1;
		return;
	}
	if (!st->first_set) {
		st->first_set = 1;
		st->first = w;
		st->first_paren = nc == '(' && !is_attribute(b, w);
	}
	if (lx->s.pdepth == 0) {
		if (st->eq) {
			if (!member)
				emit(lx, w, EV_USE, "initializer");
		} else if (st->sqdepth) {
			/* an array's size (i2c_pdata[OMAP_I2C_MAX_CONTROLLERS]): a constant, no declarator */
		} else if (is_attribute(b, w) ||
			   (st->has_decl && lx->prev == 'i' && lx->prev_word.off == st->decl.off &&
			    w.len > 2 && b[w.off] == '_' && b[w.off + 1] == '_')) {
			/* an attribute, or a macro of attributes after the declarator:
			   `struct alpha_machine_vector xl_mv __initmv = {` */
			st->attr_paren = nc == '(';
		} else if (lx->prev != 's' && !st->fparen && !member) {
			/* .name = ... of an initializer a macro opened (MACHINE_START) is no declarator */
			if (st->has_decl && (lx->prev == 'i' || lx->prev == '*'))
				emit(lx, st->decl, EV_USE, "type");   /* foo_t bar: foo_t names a type */
			st->decl = w;
			st->has_decl = 1;
			st->decl_func = nc == '(';
		}
		return;
	}
	if (st->attr_depth || member)
		return;
	if (st->ptr_group && lx->s.pdepth == st->ptr_group && !st->eq) {
		/* int (*acpi_suspend_lowlevel)(void) = ...: the group's name is the declarator */
		if (!st->ptr_named && !is_attribute(b, w) && !word_is(b, w, "const") &&
		    !word_is(b, w, "volatile") && !word_is(b, w, "restrict")) {
			st->ptr_named = 1;
			st->decl = w;
			st->has_decl = 1;
			st->decl_func = nc == '(';
		}
		return;
	}
	if (st->eq) {
		emit(lx, w, EV_USE, "initializer");
	} else if (st->first_paren && st->groups == 1) {
		/* MACRO(args) at file scope: EXPORT_SYMBOL(x), module_init(x), DEFINE_MUTEX(x) */
		if (is_define_macro(lx)) {
			/* DEFINE_PER_CPU(type, name); else DEFINE_MUTEX(name) with one argument */
			if (lx->s.pdepth == 1 &&
			    (!st->macro_def || span_starts(b, st->first, "DEFINE_PER_CPU"))) {
				st->macro_last = w;
				st->macro_def = 1;
			}
		} else if ((!lx->want || lx->want(lx->ctx, b + w.off, w.len)) && weak_maker(lx, st->first)) {
			emit(lx, w, EV_DEF_STATIC, NULL);   /* WEAK(xl_mv): a weak declaration */
		} else if (!span_starts(b, st->first, "DECLARE_") && !parameter_name(lx, w)) {
			emit(lx, w, EV_USE, macro_use(lx));
		}
	} else if (st->fparen && lx->s.pdepth == 1 && (nc == ',' || nc == ')' || nc == '[')) {
		add_shadow(lx, w);   /* a parameter */
	}
}

/* The word after struct, union or enum: a tag's definition (a body follows) or a use by value. */
static void tag_word(struct lexer *lx, struct span w, char nc)
{
	int decls = lx->s.depth == 0 || lx->s.region == R_AGG;

	if (nc == '{') {
		if (decls)
			emit(lx, w, EV_TAG, NULL);
	} else if (nc != '*' && !(nc == ';' && decls) && lx->s.st.attr_depth == 0) {
		emit(lx, w, EV_USE, "tag");   /* sizeof(struct x), struct x obj: the type must be complete */
	}
}

/* Is the innermost brace a struct, union or enum body (at file scope or in a function)? */
static int in_agg(const struct lexer *lx)
{
	int d = lx->s.depth < (int)sizeof(lx->aggk) ? lx->s.depth : (int)sizeof(lx->aggk) - 1;

	return lx->s.region == R_AGG || (lx->s.region == R_BODY && lx->aggk[d]);
}

/*
 * A word in a struct, union or enum body: an enumerator, a member, or a
 * use (a type name, an array's size, an enumerator's value).
 */
static void word_in_agg(struct lexer *lx, struct span w, char nc)
{
	const char *b = lx->b;
	int d = lx->s.depth < (int)sizeof(lx->aggk) ? lx->s.depth : (int)sizeof(lx->aggk) - 1;
	char k = lx->aggk[d];

	if (k == 'e') {
		if (lx->prev == '{' || lx->prev == ',')
			emit(lx, w, EV_ENUM, NULL);
		else
			emit(lx, w, EV_USE, "reference");
		return;
	}
	if (k != 's' && k != 'u')
		return;
	if (lx->agg_sq || lx->prev == ':') {
		emit(lx, w, EV_USE, "reference");   /* int v[FOO_MAX], unsigned x : FOO_BITS */
	} else if (lx->agg_paren) {
		if (lx->agg_paren == 1 && lx->prev == '*' && nc == ')')
			emit(lx, w, EV_MEMBER, NULL);   /* int (*fn)(void) */
	} else if (is_attribute(b, w)) {
		/* int x __aligned(8) */
	} else if (nc == ';' || nc == ',' || nc == ':' || nc == '[') {
		emit(lx, w, EV_MEMBER, NULL);
	} else if (is_word_start((unsigned char)nc) || nc == '*') {
		emit(lx, w, EV_USE, "type");
	}
}

static void on_word(struct lexer *lx, struct span w)
{
	const char *b = lx->b;
	char nc = next_char(lx, w.off + w.len);
	int dot = lx->prev == '.' || lx->prev == '>';
	int member = dot || lx->prev == 's';
	char kind = 'i';

	if (lx->prev == 's')
		tag_word(lx, w, nc);
	else if (dot && !(lx->s.depth > 0 && in_agg(lx)))
		emit(lx, w, EV_USE, "member");
	if (word_is(b, w, "struct") || word_is(b, w, "union") || word_is(b, w, "enum"))
		kind = 's', lx->sue = w;
	else if (lx->s.depth > 0 && in_agg(lx) && !member)
		word_in_agg(lx, w, nc);
	else if (lx->s.depth > 0 && lx->s.region == R_INIT && !member)
		emit(lx, w, EV_USE, "initializer");
	else if (lx->s.depth > 0 && lx->s.region == R_BODY && !member)
		word_in_body(lx, w, nc);
	else if (lx->s.depth == 0)
		word_at_file_scope(lx, w, nc, member);
	lx->prev2 = lx->prev;
	lx->prev = kind;
	lx->prev_word = w;
}

static void on_punct(struct lexer *lx, char c, char c2)
{
	struct stmt *st = &lx->s.st;
	char kind = 'o';

	if (c == '.')
		kind = '.';
	else if (c == '-' && c2 == '>')
		kind = '>', lx->i++;
	else if (c == '&' && c2 != '&')
		kind = '&';
	else if (c == '*')
		kind = '*';
	else if (c == '{' || c == '}' || c == ',' || c == ':' || c == ';')
		kind = c;
	if (lx->s.depth > 0 && in_agg(lx)) {
		if (c == '(')
			lx->agg_paren++;
		else if (c == ')' && lx->agg_paren)
			lx->agg_paren--;
		else if (c == '[')
			lx->agg_sq++;
		else if (c == ']' && lx->agg_sq)
			lx->agg_sq--;
		else if (c == ';' || c == '{' || c == '}')
			lx->agg_paren = lx->agg_sq = 0;
	}
	if (c == '{') {
		int d = lx->s.depth + 1 < (int)sizeof(lx->aggk) ? lx->s.depth + 1 : (int)sizeof(lx->aggk) - 1;

		lx->aggk[d] = lx->prev == 's' || (lx->prev == 'i' && lx->prev2 == 's') ? lx->b[lx->sue.off] : 0;
		if (lx->s.depth++ == 0) {
			if (st->eq) {
				lx->s.region = R_INIT;
			} else if (st->fparen || st->first_paren) {
				lx->s.region = R_BODY;
				if (st->fparen && st->has_decl && st->decl_func)
					emit(lx, st->decl, st->is_static ? EV_DEF_STATIC : EV_DEF, NULL);
				st->has_decl = 0;
				st->macro_def = 0;
			} else {
				lx->s.region = R_AGG;
			}
		}
	} else if (c == '}') {
		if (lx->s.depth > 0 && --lx->s.depth == 0) {
			if (lx->s.region == R_BODY) {
				reset_stmt(lx);
				lx->nshadow = 0;
			}
			lx->s.region = R_NONE;
		}
	} else if (lx->s.depth == 0) {
		if (c == '(') {
			if (st->attr_paren) {
				st->attr_paren = 0;
				st->attr_depth = lx->s.pdepth + 1;
			} else if (lx->s.pdepth == 0) {
				st->groups++;
				/* "int (*name)(...)": a pointer declarator, not MACRO(args) */
				if (!st->eq && !st->fparen && !st->ptr_group && st->first_set &&
				    lx->prev == 'i' && next_char(lx, lx->i) == '*') {
					st->ptr_group = 1;
					st->first_paren = 0;
					st->has_decl = 0;
				}
				if (!st->eq && !st->fparen && st->has_decl && st->decl_func && lx->prev == 'i' &&
				    lx->prev_word.off == st->decl.off)
					st->fparen = 1;
			} else if (st->ptr_group && st->ptr_named && !st->fparen && st->decl_func &&
				   lx->s.pdepth == st->ptr_group && lx->prev == 'i' &&
				   lx->prev_word.off == st->decl.off) {
				st->fparen = 1;   /* int (*name(int))(void) { ...: a function */
			}
			lx->s.pdepth++;
		} else if (c == ')') {
			if (lx->s.pdepth > 0)
				lx->s.pdepth--;
			if (st->attr_depth && lx->s.pdepth < st->attr_depth)
				st->attr_depth = 0;
		} else if (lx->s.pdepth == 0 && c == '[' && !st->eq) {
			st->sqdepth++;
		} else if (lx->s.pdepth == 0 && c == ']' && st->sqdepth) {
			st->sqdepth--;
		} else if (lx->s.pdepth == 0 && c == ';') {
			finish_decl(lx);
			if (st->macro_def && !st->macro_multi)
				emit(lx, st->macro_last,
				     st->is_static || is_static_define(lx) ? EV_DEF_STATIC : EV_DEF, NULL);
			reset_stmt(lx);
			lx->nshadow = 0;
		} else if (lx->s.pdepth == 1 && c == ',' && st->first_paren && st->groups == 1 &&
			   !span_starts(lx->b, st->first, "DEFINE_PER_CPU")) {
			st->macro_multi = 1;
		} else if (lx->s.pdepth == 0 && c == ',') {
			finish_decl(lx);
			st->eq = 0;
			st->fparen = 0;
		} else if (lx->s.pdepth == 0 && c == '=' && c2 != '=') {
			finish_decl(lx);
			st->eq = 1;
			st->macro_def = 0;
		}
	}
	lx->prev2 = lx->prev;
	lx->prev = kind;
}

/* The end of the logical line from i (backslash continuations, comments spanning lines). */
static size_t directive_end(const char *b, size_t n, size_t i)
{
	while (i < n && b[i] != '\n') {
		if (b[i] == '\\' && i + 1 < n && b[i + 1] == '\n') {
			i += 2;
		} else if (b[i] == '/' && i + 1 < n && b[i + 1] == '*') {
			i = comment_end(b, i, n);
		} else if (b[i] == '/' && i + 1 < n && b[i + 1] == '/') {
			while (i < n && b[i] != '\n')
				i++;
		} else {
			i++;
		}
	}
	return i;
}

/* "#if 0", with blanks and comments around the 0. */
static int is_if0(const struct lexer *lx, size_t i, size_t end)
{
	while (i < end && (lx->b[i] == ' ' || lx->b[i] == '\t'))
		i++;
	if (i >= end || lx->b[i] != '0')
		return 0;
	i++;
	while (i < end && (lx->b[i] == ' ' || lx->b[i] == '\t' || lx->b[i] == '\r'))
		i++;
	return i == end || (lx->b[i] == '/' && i + 1 < end && (lx->b[i + 1] == '*' || lx->b[i + 1] == '/'));
}

static void on_directive(struct lexer *lx)
{
	const char *b = lx->b;
	size_t i = lx->i + 1, end = directive_end(lx->b, lx->n, lx->i), ws;
	struct span d;

	while (i < end && (b[i] == ' ' || b[i] == '\t'))
		i++;
	ws = i;
	while (i < end && is_word_char((unsigned char)b[i]))
		i++;
	d = (struct span){ ws, i - ws };
	lx->i = end;
	if (word_is(b, d, "if") || word_is(b, d, "ifdef") || word_is(b, d, "ifndef")) {
		if (lx->skip) {
			lx->skip++;
		} else if (lx->nconds < (int)ARRAY_SIZE(lx->conds)) {
			struct cond *c = &lx->conds[lx->nconds++];

			c->saved = lx->s;
			c->have_first = 0;
			if (word_is(b, d, "if") && is_if0(lx, i, end))
				lx->skip = 1;
		}
	} else if (word_is(b, d, "else") || word_is(b, d, "elif") || word_is(b, d, "elifdef") ||
		   word_is(b, d, "elifndef")) {
		if (lx->skip == 1) {
			lx->skip = 0;
		} else if (!lx->skip && lx->nconds) {
			struct cond *c = &lx->conds[lx->nconds - 1];

			if (!c->have_first) {
				c->first_end = lx->s;
				c->have_first = 1;
			}
			lx->s = c->saved;
		}
	} else if (word_is(b, d, "endif")) {
		if (lx->skip) {
			if (--lx->skip == 0 && lx->nconds)
				lx->nconds--;
		} else if (lx->nconds) {
			struct cond *c = &lx->conds[--lx->nconds];

			if (c->have_first)
				lx->s = c->first_end;
		}
	} else if (word_is(b, d, "define") && !lx->skip) {
		while (i < end && (b[i] == ' ' || b[i] == '\t'))
			i++;
		ws = i;
		while (i < end && is_word_char((unsigned char)b[i]))
			i++;
		if (i > ws)
			emit(lx, (struct span){ ws, i - ws }, EV_MACRO, NULL);
	}
}

void lex_c(const char *buf, size_t len, want_fn want, emit_fn fn, void *ctx)
{
	struct lexer lx;
	int bol = 1;

	memset(&lx, 0, sizeof(lx));
	lx.b = buf;
	lx.n = len;
	lx.want = want;
	lx.emit = fn;
	lx.ctx = ctx;
	while (lx.i < len) {
		char c = buf[lx.i], c2 = lx.i + 1 < len ? buf[lx.i + 1] : '\0';

		if (c == '\n') {
			bol = 1;
			lx.i++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			lx.i++;
		} else if (c == '\\' && c2 == '\n') {
			lx.i += 2;
		} else if (c == '/' && c2 == '*') {
			lx.i = comment_end(buf, lx.i, len);
		} else if (c == '/' && c2 == '/') {
			while (lx.i < len && buf[lx.i] != '\n')
				lx.i++;
		} else if (c == '#' && bol) {
			on_directive(&lx);
		} else if (lx.skip) {
			bol = 0;
			lx.i++;
		} else if (c == '"' || c == '\'') {
			bol = 0;
			for (lx.i++; lx.i < len && buf[lx.i] != c && buf[lx.i] != '\n'; lx.i++)
				if (buf[lx.i] == '\\' && lx.i + 1 < len)
					lx.i++;
			lx.i++;
			lx.prev2 = lx.prev;
			lx.prev = 'l';
		} else if (is_word_start((unsigned char)c)) {
			size_t s = lx.i;

			bol = 0;
			while (lx.i < len && is_word_char((unsigned char)buf[lx.i]))
				lx.i++;
			on_word(&lx, (struct span){ s, lx.i - s });
		} else if (c >= '0' && c <= '9') {
			bol = 0;
			while (lx.i < len && (is_word_char((unsigned char)buf[lx.i]) || buf[lx.i] == '.'))
				lx.i++;
			lx.prev2 = lx.prev;
			lx.prev = 'n';
		} else {
			bol = 0;
			lx.i++;
			on_punct(&lx, c, c2);
		}
	}
	free(lx.shadow);
	free(lx.fm);
}

/* ---- the definitions a change takes away ---- */

void collect_def(void *vctx, const struct ev *e)
{
	struct name_defs *d = vctx;

	if (e->kind != EV_DEF || (!strset_addn(&d->names, e->name, e->len) && !d->every))
		return;
	GROW(d->offs, d->cap, d->order.n + 1);
	d->offs[d->order.n] = e->off;
	sv_push_owned(&d->order, xstrndup(e->name, e->len));
}

void name_defs_release(struct name_defs *d)
{
	strset_clear(&d->names);
	sv_clear(&d->order);
	free(d->offs);
}

static void definitions(const char *buf, size_t len, int every, struct strvec *out)
{
	struct name_defs d = { every, STRSET_INIT, STRVEC_INIT, NULL, 0 };
	struct line_index li;

	lex_c(buf, len, NULL, collect_def, &d);
	line_index_init(&li, buf, len);
	for (size_t i = 0; i < d.order.n; i++)
		sv_push_owned(out, xasprintf("%s:%zu", d.order.v[i], line_index_line(&li, d.offs[i])));
	line_index_release(&li);
	name_defs_release(&d);
}

void c_definitions(const char *buf, size_t len, struct strvec *out)
{
	definitions(buf, len, 0, out);
}

void c_definitions_each(const char *buf, size_t len, struct strvec *out)
{
	definitions(buf, len, 1, out);
}
