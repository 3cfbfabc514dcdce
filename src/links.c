/*
 * links.c - link residue (see links.h).
 *
 * The C reader here is a one-pass tokenizer with just enough of a parser
 * for file scope: it tells definitions (a declarator followed by a body, or
 * a variable that is not extern) from declarations and from uses, and it
 * knows which braces hold code (a function body, an initializer) and which
 * hold members (struct, union, enum).  Conditional branches are read as
 * alternatives: each #else/#elif starts again from the state of its #if,
 * and the #endif keeps the state at the end of the first branch, so that
 * two versions of a function's head do not unbalance the braces.
 */
#include "links.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "scan.h"

enum ev_kind { EV_DEF, EV_DEF_STATIC, EV_MACRO, EV_USE };

struct ev {
	const char *name;
	size_t len, off;
	enum ev_kind kind;
	const char *use;
};

/* want(ctx, name, len): is the name one of interest (NULL: every name)? */
typedef int (*want_fn)(void *ctx, const char *name, size_t len);
typedef void (*emit_fn)(void *ctx, const struct ev *e);

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

/* Does body [i, end) hold the word p? */
static int body_has_word(const char *b, size_t i, size_t end, struct span p)
{
	for (; i + p.len <= end; i++)
		if (!memcmp(b + i, b + p.off, p.len) && (i == 0 || !is_word_char((unsigned char)b[i - 1])) &&
		    (i + p.len == end || !is_word_char((unsigned char)b[i + p.len])))
			return 1;
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

	if (st->has_decl && !st->decl_func && !st->is_extern && !st->is_typedef)
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
			st->decl = w;
			st->has_decl = 1;
			st->decl_func = nc == '(';
		}
		return;
	}
	if (st->attr_depth || member)
		return;
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

static void on_word(struct lexer *lx, struct span w)
{
	const char *b = lx->b;
	char nc = next_char(lx, w.off + w.len);
	int member = lx->prev == '.' || lx->prev == '>' || lx->prev == 's';
	char kind = 'i';

	if (word_is(b, w, "struct") || word_is(b, w, "union") || word_is(b, w, "enum"))
		kind = 's';
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
	if (c == '{') {
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
				if (!st->eq && !st->fparen && st->has_decl && st->decl_func && lx->prev == 'i' &&
				    lx->prev_word.off == st->decl.off)
					st->fparen = 1;
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

/* Read buf once, reporting definitions and uses of the names want() takes. */
static void lex_c(const char *buf, size_t len, want_fn want, emit_fn fn, void *ctx)
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

struct name_defs {
	int every;               /* every definition, not only each name's first */
	struct strset names;
	struct strvec order;     /* "name" in file order */
	size_t *offs;            /* first offset of each, parallel to order */
	size_t cap;
};

static void collect_def(void *vctx, const struct ev *e)
{
	struct name_defs *d = vctx;

	if (e->kind != EV_DEF || (!strset_addn(&d->names, e->name, e->len) && !d->every))
		return;
	GROW(d->offs, d->cap, d->order.n + 1);
	d->offs[d->order.n] = e->off;
	sv_push_owned(&d->order, xstrndup(e->name, e->len));
}

static void name_defs_release(struct name_defs *d)
{
	strset_clear(&d->names);
	sv_clear(&d->order);
	free(d->offs);
}

/* One lost definition. */
struct lost {
	char *name, *path, *why;
	size_t line;
};

struct job {
	struct lost *lost;       /* sorted by name */
	size_t nlost, lost_cap;
	struct strset skip;      /* paths not to scan from the tree */
	struct pattern *pats;
	struct scanner *sc;
	_Atomic unsigned char *retired;   /* per name: a surviving definition was found */
	_Atomic size_t *nretired;         /* when all are, the scan reads no more files */
};

static int cmp_lost(const void *a, const void *b)
{
	return strcmp(((const struct lost *)a)->name, ((const struct lost *)b)->name);
}

/* Compare one file's non-static definitions before and after; the lost go to job. */
static void compare_file(struct job *job, const char *path, const char *before, size_t blen,
			 const char *after, size_t alen, const struct plan *plan)
{
	struct name_defs b = { 0, STRSET_INIT, STRVEC_INIT, NULL, 0 };
	struct name_defs a = { 0, STRSET_INIT, STRVEC_INIT, NULL, 0 };

	lex_c(before, blen, NULL, collect_def, &b);
	if (after)
		lex_c(after, alen, NULL, collect_def, &a);
	for (size_t i = 0; i < b.order.n; i++) {
		struct lost *l;

		if (strset_has(&a.names, b.order.v[i]))
			continue;
		GROW(job->lost, job->lost_cap, job->nlost + 1);
		l = &job->lost[job->nlost++];
		l->name = xstrdup(b.order.v[i]);
		l->path = xstrdup(path);
		l->line = line_of_offset(before, b.offs[i]);
		l->why = NULL;
		if (!after) {
			l->why = xstrdup(plan ? "the file is deleted" : "the file is gone");
		} else if (plan) {
			for (size_t k = 0; k < plan->nedits && !l->why; k++) {
				const struct edit *e = &plan->edits[k];

				if (!strcmp(e->path, path) && e->start <= b.offs[i] && b.offs[i] < e->end)
					l->why = xasprintf("dropped with lines %zu-%zu (%s)",
							   line_of_offset(before, e->start),
							   line_of_offset(before, e->end ? e->end - 1 : 0),
							   e->reason ? e->reason : kind_name(e->kind));
			}
		}
		if (!l->why)
			l->why = xstrdup("no longer defined there");
	}
	name_defs_release(&b);
	name_defs_release(&a);
}

static void definitions(const char *buf, size_t len, int every, struct strvec *out)
{
	struct name_defs d = { every, STRSET_INIT, STRVEC_INIT, NULL, 0 };

	lex_c(buf, len, NULL, collect_def, &d);
	for (size_t i = 0; i < d.order.n; i++)
		sv_push_owned(out, xasprintf("%s:%zu", d.order.v[i], line_of_offset(buf, d.offs[i])));
	name_defs_release(&d);
}

void links_definitions(const char *buf, size_t len, struct strvec *out)
{
	definitions(buf, len, 0, out);
}

void links_definitions_each(const char *buf, size_t len, struct strvec *out)
{
	definitions(buf, len, 1, out);
}

/* ---- finding the users ---- */

struct use {
	uint32_t name;
	char *path;
	size_t off, len, line;
	const char *use;
	char *text;
};

struct pairs {
	uint32_t name;
	char *path;   /* NULL: everywhere */
};

struct worker {
	const struct job *job;
	const char *path;
	const char *buf;
	size_t len;
	struct use *uses;
	size_t nuses, uses_cap;
	struct pairs *defs;      /* surviving definitions */
	size_t ndefs, defs_cap;
};

static long find_name(const struct job *job, const char *name, size_t len)
{
	size_t lo = 0, hi = job->nlost;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(job->lost[mid].name, name, len);

		if (c == 0 && job->lost[mid].name[len])
			c = 1;
		if (c == 0)
			return (long)mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

static int want_lost(void *vctx, const char *name, size_t len)
{
	const struct worker *w = vctx;

	return find_name(w->job, name, len) >= 0;
}

static void add_def(struct worker *w, uint32_t name, const char *path)
{
	GROW(w->defs, w->defs_cap, w->ndefs + 1);
	w->defs[w->ndefs++] = (struct pairs){ name, path ? xstrdup(path) : NULL };
	if (!path && w->job->sc && !atomic_exchange(&w->job->retired[name], 1)) {
		scanner_retire(w->job->sc, name);
		atomic_fetch_add(w->job->nretired, 1);
	}
}

/* What an assembly file's mention of a lost name that defines nothing is. */
static const char USE_ASM[] = "assembly";

static void add_use(struct worker *w, uint32_t name, size_t off, size_t len, const char *use)
{
	size_t ls = line_start(w->buf, off), le = line_end(w->buf, w->len, off);
	struct use *u;

	while (le > ls && (w->buf[le - 1] == '\n' || w->buf[le - 1] == '\r'))
		le--;
	GROW(w->uses, w->uses_cap, w->nuses + 1);
	u = &w->uses[w->nuses++];
	*u = (struct use){ name, xstrdup(w->path), off, len, line_of_offset(w->buf, off), use,
			   xstrndup(w->buf + ls, le - ls) };
}

static void on_event(void *vctx, const struct ev *e)
{
	struct worker *w = vctx;
	long k = find_name(w->job, e->name, e->len);
	int header = ends_with(w->path, ".h");

	if (k < 0)
		return;
	switch (e->kind) {
	case EV_DEF:
		add_def(w, (uint32_t)k, NULL);
		break;
	case EV_DEF_STATIC:
	case EV_MACRO:
		add_def(w, (uint32_t)k, header ? NULL : w->path);
		break;
	case EV_USE:
		add_use(w, (uint32_t)k, e->off, e->len, e->use);
		break;
	}
}

/*
 * Assembly: its definitions (ENTRY, SYM_*_START, .globl) count; any other
 * mention goes to asm_uses, not to the residue (this reader does not
 * evaluate an assembly file's #if blocks or comments).
 */
static void asm_hits(struct worker *w, const struct scan_hit *hits, size_t n)
{
	static const char *const defs[] = { "ENTRY(", "SYM_FUNC_START", "SYM_CODE_START", "SYM_DATA",
					     ".globl", ".global", "SYM_FUNC_ALIAS", "SYM_TYPED_FUNC_START",
					     "GLOBAL(" };

	for (size_t i = 0; i < n; i++) {
		size_t ls = line_start(w->buf, hits[i].offset), k;
		char *line = xstrndup(w->buf + ls, hits[i].offset - ls);

		for (k = 0; k < ARRAY_SIZE(defs); k++)
			if (strstr(line, defs[k])) {
				add_def(w, hits[i].pattern, NULL);
				break;
			}
		if (k == ARRAY_SIZE(defs))
			add_use(w, hits[i].pattern, hits[i].offset,
				strlen(w->job->lost[hits[i].pattern].name), USE_ASM);
		free(line);
	}
}

static void on_file(void *vctx, const char *path, const char *buf, size_t len,
		    const struct scan_hit *hits, size_t n)
{
	struct worker *w = vctx;

	w->path = path;
	w->buf = buf;
	w->len = len;
	if (ends_with(path, ".S"))
		asm_hits(w, hits, n);
	else
		lex_c(buf, len, want_lost, on_event, w);
}

static int not_kernel_code(const char *path)
{
	return starts_with(path, "tools/") || starts_with(path, "scripts/") ||
	       starts_with(path, "Documentation/") || starts_with(path, "usr/");
}

static int skip_path(const char *path, void *vctx)
{
	const struct job *job = vctx;

	return file_class(path) != FILE_C || not_kernel_code(path) || strset_has(&job->skip, path) ||
	       atomic_load(job->nretired) == job->nlost;
}

static int is_c_source(const char *path)
{
	return ends_with(path, ".c") || ends_with(path, ".h");
}

/* An overlay file: its new text, with offsets mapped back to the plan's snapshot. */
struct overlay {
	const struct plan_file *f;
	struct strbuf text;
};

static size_t map_back(const struct plan *plan, const char *path, size_t off)
{
	size_t delta_add = 0, delta_sub = 0;   /* new = old + add - sub */

	for (size_t k = 0; k < plan->nedits; k++) {
		const struct edit *e = &plan->edits[k];
		size_t nstart, rlen;

		if (strcmp(e->path, path))
			continue;
		nstart = e->start + delta_add - delta_sub;
		if (off < nstart)
			break;
		rlen = strlen(e->repl);
		if (off < nstart + rlen)
			return e->start;
		delta_add += rlen;
		delta_sub += e->end - e->start;
	}
	return off + delta_sub - delta_add;
}

/*
 * Scan the tree (and the overlays), then keep the uses of names that have
 * no surviving definition.
 */
static void find_users(struct job *job, const struct tree *t, const struct plan *plan,
		       struct overlay *ov, size_t nov, int nthreads, struct links_result *res)
{
	int nt = nthreads > 0 ? nthreads : scan_default_threads();
	struct worker *w = xcalloc((size_t)nt + 1, sizeof(*w));
	void **ctxp = xcalloc((size_t)nt, sizeof(*ctxp));
	struct strvec first = STRVEC_INIT;
	char *survives = xcalloc(job->nlost ? job->nlost : 1, 1);
	struct strset local = STRSET_INIT;

	if (job->nlost)   /* qsort(NULL, 0) is undefined (UBSan) */
		qsort(job->lost, job->nlost, sizeof(*job->lost), cmp_lost);
	/* A name lost in two files is one pattern. */
	{
		size_t o = 0;

		for (size_t i = 0; i < job->nlost; i++) {
			if (o && !strcmp(job->lost[o - 1].name, job->lost[i].name)) {
				free(job->lost[i].name), free(job->lost[i].path), free(job->lost[i].why);
				continue;
			}
			job->lost[o++] = job->lost[i];
		}
		job->nlost = o;
	}
	res->ngone = job->nlost;
	job->pats = xcalloc(job->nlost ? job->nlost : 1, sizeof(*job->pats));
	for (size_t i = 0; i < job->nlost; i++) {
		char *dir = xstrdup(job->lost[i].path), *slash = strrchr(dir, '/');

		job->pats[i] = (struct pattern){ job->lost[i].name, strlen(job->lost[i].name), FILE_C,
						  NULL, (int)i, 0 };
		if (slash) {
			slash[1] = '\0';
			if (!sv_contains(&first, dir))
				sv_push(&first, dir);
		}
		free(dir);
	}
	for (int i = 0; i <= nt; i++)
		w[i].job = job;
	if (job->nlost) {
		job->retired = xcalloc(job->nlost, sizeof(*job->retired));
		job->nretired = xcalloc(1, sizeof(*job->nretired));
		job->sc = scanner_new(job->pats, job->nlost);
		sv_push(&first, "include/");
		scanner_scan_first(job->sc, &first);
		for (int i = 0; i < nt; i++)
			ctxp[i] = &w[i];
		/* The overlays first: their definitions retire names before the tree is read. */
		for (size_t i = 0; i < nov; i++) {
			const struct plan_file *f = ov[i].f;
			size_t from = w[nt].nuses;

			w[nt].path = f->path;
			w[nt].buf = ov[i].text.buf ? ov[i].text.buf : "";
			w[nt].len = ov[i].text.len;
			lex_c(w[nt].buf, w[nt].len, want_lost, on_event, &w[nt]);
			/* Report each use where the tree has it now, before the removal. */
			for (size_t k = from; k < w[nt].nuses; k++) {
				struct use *u = &w[nt].uses[k];
				size_t ls, le;

				u->off = map_back(plan, f->path, u->off);
				u->line = line_of_offset(f->data, u->off);
				ls = line_start(f->data, u->off);
				le = line_end(f->data, f->len, u->off);
				while (le > ls && (f->data[le - 1] == '\n' || f->data[le - 1] == '\r'))
					le--;
				free(u->text);
				u->text = xstrndup(f->data + ls, le - ls);
			}
		}
		/* Binary files (NULL) hold no C that links against a definition. */
		res->files_scanned = scan_tree(job->sc, t, nt, skip_path, job, on_file, NULL, ctxp,
					       &res->unreadable);
	}
	/* Surviving definitions. */
	for (int i = 0; i <= nt; i++)
		for (size_t k = 0; k < w[i].ndefs; k++) {
			if (!w[i].defs[k].path) {
				survives[w[i].defs[k].name] = 1;
			} else {
				char *key = xasprintf("%u\t%s", w[i].defs[k].name, w[i].defs[k].path);
				char *slash = strrchr(key, '/');

				strset_add(&local, key);
				/* and "name\tdir/": a header beside it may use it (below) */
				if (slash) {
					slash[1] = '\0';
					strset_add(&local, key);
				}
				free(key);
			}
			free(w[i].defs[k].path);
		}
	for (size_t i = 0; i < job->nlost; i++)
		if (!survives[i]) {
			res->nlost++;
			sv_push_owned(&res->lost, xasprintf("%s (%s:%zu)", job->lost[i].name,
							    job->lost[i].path, job->lost[i].line));
		}
	for (int i = 0; i <= nt; i++) {
		for (size_t k = 0; k < w[i].nuses; k++) {
			struct use *u = &w[i].uses[k];
			const struct lost *l = &job->lost[u->name];
			char *key = xasprintf("%u\t%s", u->name, u->path);
			struct link_residue *r;

			/*
			 * A header's use of a name a C file of its own directory
			 * defines static is that file's (isp1362.h's dbg_level is
			 * isp1362-hcd.c's static dbg_level, which includes it).
			 */
			if (ends_with(u->path, ".h") && strrchr(key, '/'))
				strrchr(key, '/')[1] = '\0';
			if (survives[u->name] || strset_has(&local, key)) {
				free(key);
				free(u->path);
				free(u->text);
				continue;
			}
			free(key);
			if (u->use == USE_ASM) {
				GROW(res->asm_uses, res->asm_cap, res->nasm + 1);
				r = &res->asm_uses[res->nasm++];
			} else {
				GROW(res->v, res->cap, res->n + 1);
				r = &res->v[res->n++];
			}
			*r = (struct link_residue){ xstrdup(l->name), xstrdup(l->path), l->line, xstrdup(l->why),
						    u->path, u->line, u->off, u->len, u->use, u->text, NULL };
		}
		free(w[i].uses);
		free(w[i].defs);
	}
	strset_clear(&local);
	free(survives);
	free(w);
	free(ctxp);
	sv_clear(&first);
}

/* ---- the entry points ---- */

void links_release(struct links_result *res)
{
	for (size_t i = 0; i < res->n + res->nasm; i++) {
		struct link_residue *r = i < res->n ? &res->v[i] : &res->asm_uses[i - res->n];

		free(r->name), free(r->def_path), free(r->def_why), free(r->path), free(r->text);
		free(r->replacement);
	}
	free(res->v);
	free(res->asm_uses);
	sv_clear(&res->lost);
	for (size_t i = 0; i < res->nselectors; i++)
		free(res->selectors[i].option), free(res->selectors[i].path), free(res->selectors[i].symbol);
	free(res->selectors);
	sv_clear(&res->unreadable);
	memset(res, 0, sizeof(*res));
}

static int cmp_residue(const void *a, const void *b)
{
	const struct link_residue *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	if (c)
		return c;
	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return strcmp(x->name, y->name);
}

char *links_selector_describe(const struct link_selector *sel)
{
	return xasprintf("%s (%s:%zu) %s %s", sel->option, sel->path, sel->line,
			 sel->implied ? "implied" : "selected", sel->symbol);
}

/*
 * Kept options whose select or imply the plan drops or renames: the
 * edits whose cause names the option and what it selected.
 */
static void find_selectors(const struct plan *plan, struct links_result *res)
{
	for (size_t i = 0; i < plan->nedits; i++) {
		const struct edit *e = &plan->edits[i];
		const struct plan_file *f = plan_find(plan, e->path);

		if ((e->kind != KIND_KCONFIG_SELECT && e->kind != KIND_KCONFIG_IMPLY) ||
		    !e->cause.option || !e->cause.selects)
			continue;
		GROW(res->selectors, res->selectors_cap, res->nselectors + 1);
		res->selectors[res->nselectors++] = (struct link_selector){
			xstrdup(e->cause.option), xstrdup(e->path),
			f ? line_of_offset(f->data, e->start) : 0, e->kind != KIND_KCONFIG_SELECT,
			xstrdup(e->cause.selects) };
	}
}

/*
 * The macros that must be defined for offset off of buf to be compiled:
 * the names of the enclosing "#ifdef NAME" and "#if defined(NAME)" (their
 * first branch only), not CONFIG_ symbols and not the compiler's own
 * (__x86_64__, _LP64).  Appended to out.
 */
static void positive_guards(const char *buf, size_t off, struct strvec *out)
{
	char *stack[64];
	int depth = 0;

	for (size_t ls = 0; ls < off;) {
		size_t le = line_end(buf, off, ls);
		const char *p = buf + ls, *e = buf + le;
		char *name = NULL;

		p += strspn(p, " \t");
		if (p < e && *p == '#') {
			const char *w;
			size_t n;

			p++;
			p += strspn(p, " \t");
			for (w = p; p < e && is_word_char((unsigned char)*p); p++)
				;
			n = (size_t)(p - w);
			p += strspn(p, " \t(");
			if ((n == 5 && !strncmp(w, "ifdef", 5)) || (n == 2 && !strncmp(w, "if", 2))) {
				const char *a;

				if (n == 2 && !strncmp(p, "defined", 7) && !is_word_char((unsigned char)p[7])) {
					p += 7;
					p += strspn(p, " \t(");
				} else if (n == 2) {
					p = e;   /* another expression: no single guard */
				}
				for (a = p; p < e && is_word_char((unsigned char)*p); p++)
					;
				/* the name alone: "#if defined(A) && B" is no single guard */
				if (p > a && (n == 5 || strspn(p, " \t)\r\n") == (size_t)(e - p)))
					name = xstrndup(a, (size_t)(p - a));
				if (depth < (int)ARRAY_SIZE(stack))
					stack[depth] = name;
				else
					free(name);
				depth++;
			} else if ((n == 6 && !strncmp(w, "ifndef", 6))) {
				if (depth < (int)ARRAY_SIZE(stack))
					stack[depth] = NULL;
				depth++;
			} else if ((n == 4 && (!strncmp(w, "else", 4) || !strncmp(w, "elif", 4))) ||
				   (n == 7 && !strncmp(w, "elifdef", 7)) || (n == 8 && !strncmp(w, "elifndef", 8))) {
				if (depth > 0 && depth <= (int)ARRAY_SIZE(stack)) {
					free(stack[depth - 1]);
					stack[depth - 1] = NULL;
				}
			} else if (n == 5 && !strncmp(w, "endif", 5) && depth > 0) {
				depth--;
				if (depth < (int)ARRAY_SIZE(stack))
					free(stack[depth]);
			}
		}
		ls = le;
	}
	for (int i = 0; i < depth && i < (int)ARRAY_SIZE(stack); i++) {
		if (stack[i] && !starts_with(stack[i], "CONFIG_") && stack[i][0] != '_' &&
		    !sv_contains(out, stack[i]))
			sv_push(out, stack[i]);
		free(stack[i]);
	}
}

/* Per scan thread: the names a line defines (#define NAME, -DNAME). */
struct defined_ctx {
	const struct pattern *pats;
	struct strset defined;
};

static void on_define_hits(void *vctx, const char *path, const char *buf, size_t len,
			   const struct scan_hit *hits, size_t n)
{
	struct defined_ctx *c = vctx;

	(void)path;
	(void)len;
	for (size_t i = 0; i < n; i++) {
		size_t off = hits[i].offset;
		const char *p = buf + line_start(buf, off);
		int def = off >= 2 && buf[off - 2] == '-' && buf[off - 1] == 'D';   /* -DNAME */

		p += strspn(p, " \t");
		if (!def && starts_with(c->pats[hits[i].pattern].text, "-D")) {
			strset_add(&c->defined, c->pats[hits[i].pattern].text + 2);
			continue;
		}
		if (!def && *p == '#') {   /* #define NAME, on the name's own line */
			p++;
			p += strspn(p, " \t");
			def = !strncmp(p, "define", 6) && p + 6 <= buf + off;
		}
		if (def)
			strset_add(&c->defined, c->pats[hits[i].pattern].text);
	}
}

/*
 * Link residue in code nothing compiles: a user inside "#ifdef NAME" where
 * no file of the tree defines NAME (#define, -D) is dead code, as under
 * "#if 0" (drivers/usb/misc/sisusbvga/sisusb.c, 6.1: sisusb_testreadwrite()
 * under #ifdef SISUSBENDIANTEST calls sisusb_copy_memory(), which
 * USB_SISUSBVGA_CON's block defines).  Those residues are dropped.
 */
static void drop_dead_guarded(struct links_result *res, const struct tree *t, int nthreads)
{
	struct strvec *guards = xcalloc(res->n ? res->n : 1, sizeof(*guards)), names = STRVEC_INIT;
	struct strvec dflags = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct pattern *pats;
	struct strset defined = STRSET_INIT;
	size_t k = 0;

	for (size_t i = 0; i < res->n; i++) {
		char *full = path_join(t->root, res->v[i].path);

		sb_reset(&sb);
		if (read_file(full, &sb) == 0 && res->v[i].off <= sb.len)
			positive_guards(sb.buf, res->v[i].off, &guards[i]);
		free(full);
		for (size_t g = 0; g < guards[i].n; g++)
			if (!sv_contains(&names, guards[i].v[g]))
				sv_push(&names, guards[i].v[g]);
	}
	if (names.n) {
		struct scanner *sc;
		int nt = nthreads > 0 ? nthreads : scan_default_threads();
		struct defined_ctx *ctx = xcalloc((size_t)nt, sizeof(*ctx));
		void **ctxp = xcalloc((size_t)nt, sizeof(*ctxp));
		struct strvec unreadable = STRVEC_INIT;

		/* NAME for #define NAME; "-DNAME" (a word character before NAME) on its own. */
		pats = xcalloc(2 * names.n, sizeof(*pats));
		for (size_t i = 0; i < names.n; i++) {
			char *d = xasprintf("-D%s", names.v[i]);

			pats[2 * i] = (struct pattern){ names.v[i], strlen(names.v[i]), FILE_ANY, NULL, 0, 0 };
			sv_push_owned(&dflags, d);
			pats[2 * i + 1] = (struct pattern){ d, strlen(d), FILE_ANY, NULL, 0, 0 };
		}
		sc = scanner_new(pats, 2 * names.n);
		for (int i = 0; i < nt; i++) {
			ctx[i].pats = pats;
			ctxp[i] = &ctx[i];
		}
		scan_tree(sc, t, nt, NULL, NULL, on_define_hits, NULL, ctxp, &unreadable);
		for (int i = 0; i < nt; i++) {
			for (size_t n = 0; n < names.n; n++)
				/* A file it could not read might define any of them. */
				if (unreadable.n || strset_has(&ctx[i].defined, names.v[n]))
					strset_add(&defined, names.v[n]);
			strset_clear(&ctx[i].defined);
		}
		scanner_free(sc);
		free(pats);
		free(ctx);
		free(ctxp);
		sv_clear(&unreadable);
		sv_clear(&dflags);
	}
	for (size_t i = 0; i < res->n; i++) {
		int dead = 0;

		for (size_t g = 0; g < guards[i].n && !dead; g++)
			dead = !strset_has(&defined, guards[i].v[g]);
		if (dead) {
			struct link_residue *r = &res->v[i];

			free(r->name), free(r->def_path), free(r->def_why), free(r->path), free(r->text);
			free(r->replacement);
		} else {
			res->v[k++] = res->v[i];
		}
		sv_clear(&guards[i]);
	}
	res->n = k;
	free(guards);
	sv_clear(&names);
	strset_clear(&defined);
	sb_release(&sb);
}

static void finish(struct links_result *res)
{
	if (res->n)
		qsort(res->v, res->n, sizeof(*res->v), cmp_residue);
	if (res->nasm)
		qsort(res->asm_uses, res->nasm, sizeof(*res->asm_uses), cmp_residue);
}

static void job_release(struct job *job)
{
	for (size_t i = 0; i < job->nlost; i++)
		free(job->lost[i].name), free(job->lost[i].path), free(job->lost[i].why);
	free(job->lost);
	strset_clear(&job->skip);
	free(job->pats);
	free((void *)job->retired);
	free((void *)job->nretired);
	if (job->sc)
		scanner_free(job->sc);
}

int links_plan(const struct plan *plan, const struct tree *t, int nthreads,
	       struct links_result *res, struct strbuf *err)
{
	struct job job;
	struct overlay *ov = NULL;
	size_t nov = 0, ov_cap = 0;

	(void)err;
	memset(res, 0, sizeof(*res));
	memset(&job, 0, sizeof(job));
	/* Deleted files. */
	for (size_t i = 0; i < t->files.n; i++) {
		const char *p = t->files.v[i];
		char *full;
		struct strbuf sb = STRBUF_INIT;

		if (!plan_is_deleted(plan, p))
			continue;
		strset_add(&job.skip, p);
		if (!is_c_source(p) || not_kernel_code(p))
			continue;
		full = path_join(plan->root, p);
		if (read_file(full, &sb) == 0) {
			compare_file(&job, p, sb.buf ? sb.buf : "", sb.len, NULL, 0, plan);
			res->nchanged++;
		}
		sb_release(&sb);
		free(full);
	}
	/* Edited files: their planned text replaces the tree's in the scan. */
	for (size_t i = 0; i < plan->nfiles; i++) {
		const struct plan_file *f = &plan->files[i];
		int edited = 0;

		for (size_t k = 0; k < plan->nedits && !edited; k++)
			edited = !strcmp(plan->edits[k].path, f->path);
		if (!edited || !is_c_source(f->path) || plan_is_deleted(plan, f->path) ||
		    not_kernel_code(f->path))
			continue;
		GROW(ov, ov_cap, nov + 1);
		ov[nov].f = f;
		memset(&ov[nov].text, 0, sizeof(ov[nov].text));
		plan_result(plan, f, &ov[nov].text);
		compare_file(&job, f->path, f->data, f->len, ov[nov].text.buf ? ov[nov].text.buf : "",
			     ov[nov].text.len, plan);
		strset_add(&job.skip, f->path);
		res->nchanged++;
		nov++;
	}
	find_users(&job, t, plan, ov, nov, nthreads, res);
	drop_dead_guarded(res, t, nthreads);
	find_selectors(plan, res);
	finish(res);
	for (size_t i = 0; i < nov; i++)
		sb_release(&ov[i].text);
	free(ov);
	job_release(&job);
	return 0;
}

static int read_in(const char *root, const char *path, struct strbuf *sb)
{
	char *full = path_join(root, path);
	int rc = read_file(full, sb);

	free(full);
	return rc;
}

int links_trees(const struct plan *before_plan, const struct tree *before,
		const struct tree *after, const struct strvec *paths, int nthreads,
		struct links_result *res, struct strbuf *err)
{
	struct job job;
	struct strset seen = STRSET_INIT;
	struct strvec files = STRVEC_INIT;

	(void)err;
	memset(res, 0, sizeof(*res));
	memset(&job, 0, sizeof(job));
	for (size_t i = 0; i < before->files.n; i++)
		if (plan_is_deleted(before_plan, before->files.v[i]))
			sv_push(&files, before->files.v[i]);
	for (size_t i = 0; i < before_plan->nedits; i++)
		sv_push(&files, before_plan->edits[i].path);
	for (size_t i = 0; paths && i < paths->n; i++)
		sv_push(&files, paths->v[i]);
	for (size_t i = 0; i < files.n; i++) {
		const char *p = files.v[i];
		struct strbuf b = STRBUF_INIT, a = STRBUF_INIT;

		if (!is_c_source(p) || not_kernel_code(p) || !strset_add(&seen, p))
			continue;
		if (read_in(before->root, p, &b) == 0) {
			int gone = read_in(after->root, p, &a) < 0;

			if (gone || b.len != a.len || (b.len && memcmp(b.buf, a.buf, b.len))) {
				compare_file(&job, p, b.buf ? b.buf : "", b.len,
					     gone ? NULL : a.buf ? a.buf : "", a.len, NULL);
				res->nchanged++;
			}
		}
		sb_release(&b);
		sb_release(&a);
	}
	find_users(&job, after, NULL, NULL, 0, nthreads, res);
	drop_dead_guarded(res, after, nthreads);
	find_selectors(before_plan, res);
	finish(res);
	strset_clear(&seen);
	sv_clear(&files);
	job_release(&job);
	return 0;
}

char *links_describe(const struct link_residue *r)
{
	const char *u = r->use;
	char *what = !strcmp(u, "call") ? xasprintf("calls %s()", r->name)
		     : !strcmp(u, "address") ? xasprintf("takes the address of %s", r->name)
		     : !strcmp(u, "initializer") ? xasprintf("names %s in an initializer", r->name)
		     : !strcmp(u, "export") ? xasprintf("exports %s", r->name)
		     : !strcmp(u, "macro argument") ? xasprintf("passes %s to a macro", r->name)
		     : xasprintf("refers to %s", r->name);
	char *s = xasprintf("%s:%zu: %s, whose definition goes (%s:%zu: %s)", r->path, r->line, what,
			    r->def_path, r->def_line, r->def_why);

	free(what);
	return s;
}

size_t links_apply_replacements(struct plan *plan, struct links_result *res,
				const struct strvec *pairs)
{
	size_t o = 0, done = 0;

	for (size_t i = 0; i < res->n; i++) {
		struct link_residue *r = &res->v[i];
		const char *repl = NULL;
		size_t n = strlen(r->name);

		for (size_t k = 0; pairs && k < pairs->n && !repl; k++)
			if (!strncmp(pairs->v[k], r->name, n) && pairs->v[k][n] == '=')
				repl = pairs->v[k] + n + 1;
		if (repl && plan_file(plan, r->path)) {
			char *why = xasprintf("replace-call %s=%s: %s lost its definition (%s:%zu)", r->name,
					      repl, r->name, r->def_path, r->def_line);
			struct cause c = CAUSE(RULE_LINKS, NULL);

			c.name = r->name;
			c.replacement = repl;
			plan_edit(plan, r->path, r->off, r->off + r->len, repl, KIND_C_CALL, &c, why);
			free(why);
			free(r->name), free(r->def_path), free(r->def_why), free(r->path), free(r->text);
			done++;
			continue;
		}
		res->v[o++] = *r;
	}
	res->n = o;
	return done;
}
