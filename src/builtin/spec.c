/*
 * builtin/spec.c - excise spec: what a spec says, for scripts (run.sh asks it
 * for boot-config, boot-expect, history, ...), so that only spec.c reads
 * spec files.
 *
 *   excise spec [--get KEY] TARGET
 *
 * TARGET is a bundled spec name or a spec file.  With --get, the values of
 * KEY one a line (a keep rule as "PATTERN REASON"); without it, every key
 * and value as "key value" lines, in the order of excise-spec(5).  Exit
 * 0 when something was printed; 1 when the spec has no such value, or
 * TARGET is not a spec (a symbol or a path, which have no spec values);
 * 2 for a bad spec ("excise: FILE:LINE: ...") or bad usage.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "target.h"

/* The keys of a spec, in excise-spec(5)'s order, and where the footprint keeps each. */
static const struct spec_key {
	const char *key;
	enum { ONE, MANY, KEEP } kind;   /* a char *, a strvec, the keep rules */
	size_t off;                      /* offsetof the field (ONE, MANY) */
} spec_keys[] = {
	{ "name", ONE, offsetof(struct footprint, name) },
	{ "title", ONE, offsetof(struct footprint, title) },
	{ "area", ONE, offsetof(struct footprint, area) },
	{ "symbol", MANY, offsetof(struct footprint, symbols) },
	{ "path", MANY, offsetof(struct footprint, paths) },
	{ "header", MANY, offsetof(struct footprint, headers) },
	{ "identifier", MANY, offsetof(struct footprint, identifiers) },
	{ "word", MANY, offsetof(struct footprint, words) },
	{ "chrdev", MANY, offsetof(struct footprint, chrdevs) },
	{ "blkdev", MANY, offsetof(struct footprint, blkdevs) },
	{ "misc", MANY, offsetof(struct footprint, misc_minors) },
	{ "ioctl", MANY, offsetof(struct footprint, ioctls) },
	{ "keep", KEEP, 0 },
	{ "replace", MANY, offsetof(struct footprint, replace) },
	{ "boot-config", MANY, offsetof(struct footprint, boot_config) },
	{ "boot-expect", MANY, offsetof(struct footprint, boot_expect) },
	{ "boot-expect-after", MANY, offsetof(struct footprint, boot_expect_after) },
	{ "history", MANY, offsetof(struct footprint, history) },
};

/* Print the values of one key (prefixed by "key " when with_key); returns how many. */
static size_t print_key(const struct footprint *fp, const struct spec_key *k, int with_key)
{
	const char *prefix = with_key ? k->key : "";
	const char *sep = with_key ? " " : "";
	size_t n = 0;

	if (k->kind == ONE) {
		const char *v = *(char *const *)((const char *)fp + k->off);

		if (v) {
			printf("%s%s%s\n", prefix, sep, v);
			n++;
		}
	} else if (k->kind == MANY) {
		const struct strvec *sv = (const struct strvec *)((const char *)fp + k->off);

		for (size_t i = 0; i < sv->n; i++, n++)
			printf("%s%s%s\n", prefix, sep, sv->v[i]);
	} else {
		for (size_t i = 0; i < fp->nkeeps; i++, n++)
			printf("%s%s%s %s\n", prefix, sep, fp->keeps[i].pattern, fp->keeps[i].reason);
	}
	return n;
}

/*
 * --get KEY, into the const struct spec_key * at value.  The first --get
 * is the one: a later one is not even looked at.
 */
static int parse_get(const struct option *opt, const char *arg, struct strbuf *err)
{
	const struct spec_key **want = opt->value;

	for (size_t k = 0; k < ARRAY_SIZE(spec_keys) && !*want; k++)
		if (!strcmp(spec_keys[k].key, arg))
			*want = &spec_keys[k];
	if (!*want) {
		sb_addf(err, "spec: unknown key '%s'", arg);
		return PARSE_OPT_ERROR;
	}
	return PARSE_OPT_DONE;
}

/* TARGET, the one non-option argument; a second one is refused ("-": an unknown option). */
static int parse_target(const struct option *opt, const char *arg, struct strbuf *err)
{
	const char **target = opt->value;

	if (!*target) {
		*target = arg;
		return PARSE_OPT_DONE;
	}
	if (arg[0] == '-')
		return PARSE_OPT_UNKNOWN;
	sb_addf(err, "spec: one TARGET only, not '%s'", arg);
	return PARSE_OPT_ERROR;
}

int cmd_spec(int argc, char **argv)
{
	const struct spec_key *want = NULL;
	const char *target = NULL, *bad;
	struct footprint fp;
	char *file = NULL;
	struct strbuf err = STRBUF_INIT;
	size_t printed = 0;
	int parsed;
	const struct option options[] = {
		OPT_CALLBACK(0, "get", &want, "KEY", "the values of KEY (a key of excise-spec(5)), "
			     "one a line (a keep rule as \"PATTERN REASON\")", parse_get),
		OPT_ARGS_CALLBACK(&target, "TARGET", parse_target),
		OPT_END(),
	};

	parsed = parse_options(argc, argv, options, PARSE_OPT_SEPARATE_VALUES,
			       &bad, &err);
	if (parsed == PARSE_OPT_HELP) {
		show_help(stdout, "spec", options);
		return 0;
	}
	if (parsed != PARSE_OPT_DONE) {
		usage_option_error("spec", parsed, bad, &err, "spec", options);
		sb_release(&err);
		return 2;
	}
	if (!target) {
		show_help(stderr, "spec", options);
		return 2;
	}
	/* As target_resolve() tells a spec from a symbol or a path. */
	if (ends_with(target, ".spec")) {
		file = xstrdup(target);
	} else if (!strchr(target, '/')) {
		file = xasprintf("%s/%s.spec", spec_dir(), target);
		if (access(file, R_OK) < 0) {
			free(file);
			return 1;
		}
	} else {
		return 1;
	}
	footprint_init(&fp);
	if (spec_read(&fp, file, &err) < 0) {
		print_error_lines(&err);
		exit(2);
	}
	for (size_t k = 0; k < ARRAY_SIZE(spec_keys); k++)
		if (!want || want == &spec_keys[k])
			printed += print_key(&fp, &spec_keys[k], !want);
	footprint_release(&fp);
	free(file);
	return printed ? 0 : 1;
}
