/* dangling_report.c - print undefined symbols: human, TSV and JSON (see dangling.h). */
#include <string.h>

#include "dangling.h"

static size_t count_verdict(const struct dangling_result *res, enum dangling_verdict v)
{
	size_t n = 0;

	for (size_t i = 0; i < res->n; i++)
		n += res->syms[i].verdict == v;
	return n;
}

static size_t count_rule(const struct dangling_result *res, enum dangling_rule_id rule)
{
	size_t n = 0;

	for (size_t i = 0; i < res->n; i++)
		n += res->syms[i].rule == rule;
	return n;
}

/* What set s aside, or its verdict: the word of the reports. */
static const char *status_word(const struct dangling_sym *s)
{
	return s->verdict ? dangling_verdicts[s->verdict] : dangling_rules[s->rule].name;
}

static void human(FILE *out, const struct dangling_result *res)
{
	size_t refs = 0, files = 0;
	int first;

	for (size_t i = 0; i < res->n; i++) {
		const struct dangling_sym *s = &res->syms[i];

		if (!s->verdict)
			continue;
		fprintf(out, "%s: %s\n    why: %s\n", s->name, dangling_verdicts[s->verdict], s->why);
		if (s->similar.n) {
			fputs("    similar:", out);
			for (size_t k = 0; k < s->similar.n; k++)
				fprintf(out, "%s %s", k ? "," : "", s->similar.v[k]);
			fputc('\n', out);
		}
		for (size_t k = 0; k < s->nrefs; k++) {
			const struct dangling_ref *r = &s->refs[k];

			fprintf(out, "    %s:%zu: %s", r->path, r->line, kind_name(r->kind));
			if (r->excluded)
				fprintf(out, " (%s)", dangling_rules[r->excluded].name);
			fprintf(out, ": %s\n", r->text);
			refs += !r->excluded;
		}
		files += s->nfiles;
		fputc('\n', out);
	}
	if (res->nexcluded)
		fprintf(out, "excluded: referenced, not defined, and not dangling\n");
	for (size_t i = 0; i < res->n; i++) {
		const struct dangling_sym *s = &res->syms[i];

		if (s->verdict)
			continue;
		fprintf(out, "  %s: %s: %s; %zu reference%s in %zu file%s, first at %s:%zu\n", s->name,
			dangling_rules[s->rule].name, s->why, s->nrefs, s->nrefs == 1 ? "" : "s", s->nfiles,
			s->nfiles == 1 ? "" : "s", s->nrefs ? s->refs[0].path : "", s->nrefs ? s->refs[0].line : 0);
	}
	if (res->nexcluded)
		fputc('\n', out);
	fprintf(out, "%zu dangling symbol%s", res->ndangling, res->ndangling == 1 ? "" : "s");
	first = 1;
	for (enum dangling_verdict v = VERDICT_NONE + 1; v < VERDICT_COUNT; v++) {
		size_t n = count_verdict(res, v);

		if (n) {
			fprintf(out, "%s%zu %s", first ? " (" : ", ", n, dangling_verdicts[v]);
			first = 0;
		}
	}
	fprintf(out, "%s with %zu reference%s; %zu excluded", res->ndangling ? ")" : "", refs,
		refs == 1 ? "" : "s", res->nexcluded);
	first = 1;
	for (enum dangling_rule_id k = DRULE_NONE + 1; k < DRULE_COUNT; k++) {
		size_t n = count_rule(res, k);

		if (n) {
			fprintf(out, "%s%zu %s", first ? " (" : ", ", n, dangling_rules[k].name);
			first = 0;
		}
	}
	fprintf(out, "%s\n", res->nexcluded ? ")" : "");
	fprintf(out, "%zu reference%s to CONFIG_X_MODULE of a tristate X: not dangling, Kconfig "
		     "writes it for X=m\n", res->module_refs, res->module_refs == 1 ? "" : "s");
	fprintf(out, "%zu files read (%zu Kconfig files, %zu symbols defined)\n", res->files_scanned,
		res->nkconfig, res->ndefined);
}

static void tsv(FILE *out, const struct dangling_result *res)
{
	for (size_t i = 0; i < res->n; i++) {
		const struct dangling_sym *s = &res->syms[i];

		fprintf(out, "symbol\t%s\t%s\t%s\t%zu\t%zu\t", s->name, s->verdict ? "dangling" : "excluded",
			status_word(s), s->nrefs, s->nfiles);
		for (size_t k = 0; k < s->similar.n; k++) {
			fputs(k ? "," : "", out);
			tsv_field(out, s->similar.v[k]);
		}
		fputc('\t', out);
		tsv_field(out, s->why);
		fputc('\n', out);
		for (size_t k = 0; k < s->nrefs; k++) {
			const struct dangling_ref *r = &s->refs[k];

			fprintf(out, "ref\t%s\t%s\t%s\t", s->name, kind_name(r->kind), r->excluded ? dangling_rules[r->excluded].name : "-");
			tsv_field(out, r->path);
			fprintf(out, "\t%zu\t", r->line);
			tsv_field(out, r->text);
			fputc('\n', out);
		}
	}
}

static void json_refs(FILE *out, const struct dangling_sym *s)
{
	fputs("\"references\": [", out);
	for (size_t k = 0; k < s->nrefs; k++) {
		const struct dangling_ref *r = &s->refs[k];

		fprintf(out, "%s\n      {\"path\": ", k ? "," : "");
		json_string(out, r->path);
		fprintf(out, ", \"line\": %zu, \"kind\": ", r->line);
		json_string(out, kind_name(r->kind));
		fputs(", \"excluded\": ", out);
		if (r->excluded)
			json_string(out, dangling_rules[r->excluded].name);
		else
			fputs("null", out);
		fprintf(out, ", \"sets\": %s, \"text\": ", r->sets ? "true" : "false");
		json_string(out, r->text);
		fputc('}', out);
	}
	fputs(s->nrefs ? "\n    ]" : "]", out);
}

static void json(FILE *out, const struct dangling_result *res)
{
	int first = 1;

	fprintf(out, "{\n  \"files_read\": %zu,\n  \"kconfig_files\": %zu,\n  \"defined_symbols\": %zu,\n"
		     "  \"module_references\": %zu,\n  \"seconds\": %.3f,\n  \"rules\": {",
		res->files_scanned, res->nkconfig, res->ndefined, res->module_refs, res->seconds);
	for (size_t k = DRULE_NONE + 1; k < DRULE_COUNT; k++) {
		fprintf(out, "%s\n    ", k > DRULE_NONE + 1 ? "," : "");
		json_string(out, dangling_rules[k].name);
		fputs(": ", out);
		json_string(out, dangling_rules[k].meaning);
	}
	fputs("\n  },\n  \"symbols\": [", out);
	for (size_t i = 0; i < res->n; i++) {
		const struct dangling_sym *s = &res->syms[i];

		fprintf(out, "%s\n    {\"name\": ", first ? "" : ",");
		first = 0;
		json_string(out, s->name);
		fputs(", \"status\": ", out);
		json_string(out, s->verdict ? "dangling" : "excluded");
		fputs(s->verdict ? ", \"verdict\": " : ", \"rule\": ", out);
		json_string(out, status_word(s));
		fputs(", \"why\": ", out);
		json_string(out, s->why);
		fputs(", \"similar\": [", out);
		for (size_t k = 0; k < s->similar.n; k++) {
			fputs(k ? ", " : "", out);
			json_string(out, s->similar.v[k]);
		}
		fprintf(out, "], \"files\": %zu, \"sets\": %zu,\n    ", s->nfiles, s->nsets);
		json_refs(out, s);
		fputc('}', out);
	}
	fprintf(out, "%s]\n}\n", res->n ? "\n  " : "");
}

void dangling_report(FILE *out, enum report_format fmt, const struct dangling_result *res)
{
	if (fmt == FORMAT_JSON)
		json(out, res);
	else if (fmt == FORMAT_TSV)
		tsv(out, res);
	else
		human(out, res);
}
