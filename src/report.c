/* report.c - print references and summaries: human, TSV and JSON. */
#include "report.h"

#include <string.h>

#include "kind.h"

int report_format_parse(const char *s, enum report_format *fmt)
{
	if (!strcmp(s, "human"))
		*fmt = FORMAT_HUMAN;
	else if (!strcmp(s, "tsv"))
		*fmt = FORMAT_TSV;
	else if (!strcmp(s, "json"))
		*fmt = FORMAT_JSON;
	else
		return -1;
	return 0;
}

void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

void tsv_field(FILE *out, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '\t')
			fputs("\\t", out);
		else if (*s == '\\')
			fputs("\\\\", out);
		else if (*s == '\n')
			fputs("\\n", out);
		else
			fputc(*s, out);
	}
}

static void json_strvec(FILE *out, const char *name, const struct strvec *sv, int last)
{
	fprintf(out, "    ");
	json_string(out, name);
	fputs(": [", out);
	for (size_t i = 0; i < sv->n; i++) {
		if (i)
			fputs(", ", out);
		json_string(out, sv->v[i]);
	}
	fprintf(out, "]%s\n", last ? "" : ",");
}

static void report_json(FILE *out, const struct footprint *fp, const struct locate_result *res)
{
	fputs("{\n  \"footprint\": {\n    \"name\": ", out);
	json_string(out, fp->name);
	fputs(",\n    \"title\": ", out);
	json_string(out, fp->title);
	fputs(",\n", out);
	json_strvec(out, "symbols", &fp->symbols, 0);
	json_strvec(out, "undefined_symbols", &res->undefined, 0);
	json_strvec(out, "paths", &fp->paths, 0);
	json_strvec(out, "headers", &fp->headers, 0);
	json_strvec(out, "identifiers", &fp->identifiers, 0);
	json_strvec(out, "words", &fp->words, 0);
	json_strvec(out, "chrdevs", &fp->chrdevs, 0);
	json_strvec(out, "misc_minors", &fp->misc_minors, 0);
	json_strvec(out, "derivation", &fp->derivation, 0);
	json_strvec(out, "dropped", &res->dropped, 0);
	json_strvec(out, "owned_files", &res->owned_files, 1);
	fputs("  },\n  \"references\": [\n", out);
	for (size_t i = 0; i < res->n; i++) {
		const struct ref *r = &res->refs[i];

		fputs("    {\"path\": ", out);
		json_string(out, r->path);
		fprintf(out, ", \"line\": %zu, \"last_line\": %zu, \"kind\": ", r->line, r->last_line);
		json_string(out, kind_name(r->kind));
		fputs(", \"match\": ", out);
		json_string(out, r->match);
		fputs(", \"text\": ", out);
		json_string(out, r->text);
		fputs(", \"action\": ", out);
		json_string(out, action_name(r->action));
		fputs(", \"reason\": ", out);
		json_string(out, r->reason ? r->reason : "");
		fprintf(out, "}%s\n", i + 1 < res->n ? "," : "");
	}
	fputs("  ]\n}\n", out);
}

static void report_tsv(FILE *out, const struct footprint *fp, const struct locate_result *res)
{
	for (size_t i = 0; i < fp->paths.n; i++) {
		const char *p = fp->paths.v[i];
		int dir = p[strlen(p) - 1] == '/';
		size_t files = 0;

		for (size_t k = 0; k < res->owned_files.n; k++)
			files += starts_with(res->owned_files.v[k], p) || !strcmp(res->owned_files.v[k], p);
		if (!files)
			continue;
		tsv_field(out, p);
		fprintf(out, "\t0\t%s\t", dir ? "own-dir" : "own-file");
		tsv_field(out, p);
		fprintf(out, "\t%zu files\n", files);
	}
	for (size_t i = 0; i < res->n; i++) {
		const struct ref *r = &res->refs[i];

		tsv_field(out, r->path);
		fprintf(out, "\t%zu\t%s\t", r->line, kind_name(r->kind));
		tsv_field(out, r->match);
		fputc('\t', out);
		tsv_field(out, r->text);
		fputc('\n', out);
	}
}

static void report_human(FILE *out, const struct footprint *fp, const struct locate_result *res)
{
	size_t files = 0;

	fprintf(out, "%s", fp->title);
	if (strcmp(fp->title, fp->name))
		fprintf(out, " (%s)", fp->name);
	fputs("\n", out);
	fprintf(out, "  symbols:");
	for (size_t i = 0; i < fp->symbols.n; i++)
		fprintf(out, " %s%s", fp->symbols.v[i],
			sv_contains(&res->undefined, fp->symbols.v[i]) ? " (not defined by any Kconfig)" : "");
	fprintf(out, "%s\n  own paths:", fp->symbols.n ? "" : " none");
	for (size_t i = 0; i < fp->paths.n; i++) {
		size_t n = 0;

		for (size_t k = 0; k < res->owned_files.n; k++)
			n += starts_with(res->owned_files.v[k], fp->paths.v[i]) ||
			     !strcmp(res->owned_files.v[k], fp->paths.v[i]);
		fprintf(out, " %s", fp->paths.v[i]);
		if (!n)
			fputs(" (absent)", out);
		else if (fp->paths.v[i][strlen(fp->paths.v[i]) - 1] == '/')
			fprintf(out, " (%zu files)", n);
	}
	fprintf(out, "%s\n", fp->paths.n ? "" : " none");
	if (fp->identifiers.n) {
		fputs("  identifiers only it defines:", out);
		for (size_t i = 0; i < fp->identifiers.n; i++)
			fprintf(out, " %s", fp->identifiers.v[i]);
		fputc('\n', out);
	}
	for (size_t i = 0; i < fp->derivation.n; i++)
		fprintf(out, "  derived: %s\n", fp->derivation.v[i]);
	for (size_t k = 0; k < KIND_COUNT; k++) {
		size_t n = 0;

		for (size_t i = 0; i < res->n; i++)
			n += res->refs[i].kind == k;
		if (!n)
			continue;
		fprintf(out, "\n%s (%zu)\n", kind_table[k].name, n);
		for (size_t i = 0; i < res->n; i++) {
			const struct ref *r = &res->refs[i];

			if (r->kind != k)
				continue;
			fprintf(out, "  %s:%zu: %s", r->path, r->line, r->text);
			if (r->action != ACTION_REMOVE || r->last_line > r->line)
				fprintf(out, "\n      %s%s%s", r->action != ACTION_REMOVE ? action_name(r->action) : "",
					r->action != ACTION_REMOVE && r->reason ? ": " : "",
					r->reason ? r->reason : "");
			fputc('\n', out);
		}
	}
	for (size_t i = 0; i < res->n; i++)
		files += !i || strcmp(res->refs[i].path, res->refs[i - 1].path);
	fprintf(out, "\n%zu references in %zu files: %zu to remove, %zu kept, %zu for review\n", res->n,
		files, locate_count(res, ACTION_REMOVE), locate_count(res, ACTION_KEPT), locate_count(res, ACTION_REVIEW));
}

void report_locate(FILE *out, enum report_format fmt, const struct footprint *fp,
		   const struct locate_result *res)
{
	if (fmt == FORMAT_JSON)
		report_json(out, fp, res);
	else if (fmt == FORMAT_TSV)
		report_tsv(out, fp, res);
	else
		report_human(out, fp, res);
}
