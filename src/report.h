/* report.h - print references and summaries: human, TSV and JSON. */
#ifndef EXCISE_REPORT_H
#define EXCISE_REPORT_H

#include <stdio.h>

#include "locate.h"
#include "target.h"

enum report_format { FORMAT_HUMAN, FORMAT_TSV, FORMAT_JSON };

/* Parse "human", "tsv" or "json" into *fmt: 0, or -1 for anything else. */
int report_format_parse(const char *s, enum report_format *fmt);

void report_locate(FILE *out, enum report_format fmt, const struct footprint *fp,
		   const struct locate_result *res);

/* Write s as a JSON string (with quotes). */
void json_string(FILE *out, const char *s);
/* Write s for a TSV field: TAB as \t, backslash as \\, newline as \n. */
void tsv_field(FILE *out, const char *s);

#endif
