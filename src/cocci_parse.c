/*
 * cocci_parse.c - what spatch prints, read without running it: the unified
 * diff of patch mode into hunks, the report lines into findings, standard
 * error into unparsed and failed files; and the hunks and findings into the
 * plan (edits and review notes).  Pure: unit-tested on text (tests/unit/cocci.c).
 * Running spatch is cocci.c.
 */
#include "cocci.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void cocci_report_init(struct cocci_report *rep)
{
	memset(rep, 0, sizeof(*rep));
}

void cocci_report_release(struct cocci_report *rep)
{
	sv_clear(&rep->unparsed);
	sv_clear(&rep->failed);
	memset(rep, 0, sizeof(*rep));
}

/* ------------------------------------------------------------------------ */
/* The unified diff. */

void cocci_diff_release(struct cocci_diff *diff)
{
	for (size_t i = 0; i < diff->n; i++) {
		struct cocci_hunk *h = &diff->hunks[i];

		for (size_t j = 0; j < h->nlines; j++)
			free(h->lines[j].text);
		free(h->lines);
		free(h->path);
	}
	free(diff->hunks);
	memset(diff, 0, sizeof(*diff));
}

/* Parse "N" or "N,M" at *p (count defaults to 1); advances *p.  Returns 0 or -1. */
static int parse_range(const char **p, size_t *start, size_t *count)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(*p, &end, 10);
	if (end == *p || errno)
		return -1;
	*start = v;
	*count = 1;
	if (*end == ',') {
		const char *q = end + 1;

		v = strtoul(q, &end, 10);
		if (end == q || errno)
			return -1;
		*count = v;
	}
	*p = end;
	return 0;
}

/* The path of a "--- path" header: up to a tab (diff's timestamp), "a/" kept as is. */
static char *header_path(const char *s, size_t n)
{
	size_t k = 0;

	while (k < n && s[k] != '\t')
		k++;
	while (k > 0 && s[k - 1] == ' ')
		k--;
	if (k >= 2 && s[0] == '.' && s[1] == '/')
		s += 2, k -= 2;
	return xstrndup(s, k);
}

int cocci_parse_diff(const char *text, size_t len, struct cocci_diff *diff, struct strbuf *err)
{
	const char *p = text, *end = text + len;
	char *path = NULL;
	struct cocci_hunk *h = NULL;
	size_t want_old = 0, want_new = 0, lineno = 0;
	int status = 0;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t n = eol ? (size_t)(eol - p) : (size_t)(end - p);

		lineno++;
		if (h && (want_old || want_new || (n > 0 && p[0] == '\\'))) {
			char op = n ? p[0] : ' ';

			if (op == '\\') {
				/* "\ No newline at end of file": the line before has none. */
				if (h->nlines)
					h->lines[h->nlines - 1].newline = 0;
			} else if (op == ' ' || op == '-' || op == '+') {
				struct cocci_line *l;

				if ((op != '+' && !want_old) || (op != '-' && !want_new)) {
					sb_addf(err, "excise: spatch diff:%zu: hunk of %s longer than its header\n",
						lineno, h->path);
					status = -1;
					h = NULL;
					goto next;
				}
				GROW(h->lines, h->lines_cap, h->nlines + 1);
				l = &h->lines[h->nlines++];
				l->op = op;
				l->newline = 1;
				l->text = xstrndup(n ? p + 1 : p, n ? n - 1 : 0);
				if (op != '+')
					want_old--;
				if (op != '-')
					want_new--;
			} else {
				sb_addf(err, "excise: spatch diff:%zu: hunk of %s cut short\n", lineno, h->path);
				status = -1;
				h = NULL;
				want_old = want_new = 0;
				lineno--;
				continue;	/* reread the line as a header */
			}
			goto next;
		}
		h = NULL;
		if (n >= 4 && !memcmp(p, "--- ", 4)) {
			free(path);
			path = header_path(p + 4, n - 4);
		} else if (n >= 4 && !memcmp(p, "+++ ", 4)) {
			/*
			 * spatch names its temporary output here; the path is the "---"
			 * one, but with --dir it prints "--- a/path" and "+++ b/path".
			 */
			char *to = header_path(p + 4, n - 4);

			if (path && starts_with(path, "a/") && starts_with(to, "b/") &&
			    !strcmp(path + 2, to + 2))
				memmove(path, path + 2, strlen(path + 2) + 1);
			free(to);
		} else if (n >= 3 && !memcmp(p, "@@ ", 3)) {
			const char *q = p + 3;
			struct cocci_hunk hunk;

			memset(&hunk, 0, sizeof(hunk));
			if (!path || *q != '-' || (q++, parse_range(&q, &hunk.old_start, &hunk.old_count)) ||
			    strncmp(q, " +", 2) || (q += 2, parse_range(&q, &hunk.new_start, &hunk.new_count))) {
				sb_addf(err, "excise: spatch diff:%zu: bad hunk header: %.*s\n", lineno,
					(int)n, p);
				status = -1;
				goto next;
			}
			hunk.path = xstrdup(path);
			GROW(diff->hunks, diff->cap, diff->n + 1);
			diff->hunks[diff->n] = hunk;
			h = &diff->hunks[diff->n++];
			want_old = hunk.old_count;
			want_new = hunk.new_count;
		}
next:
		p = eol ? eol + 1 : end;
	}
	if (h && (want_old || want_new)) {
		sb_addf(err, "excise: spatch diff:%zu: hunk of %s cut short at the end\n", lineno, h->path);
		status = -1;
	}
	free(path);
	return status;
}

/* ------------------------------------------------------------------------ */
/* The report. */

void cocci_findings_release(struct cocci_findings *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->v[i].path);
		free(f->v[i].severity);
		free(f->v[i].message);
	}
	free(f->v);
	memset(f, 0, sizeof(*f));
}

/* Parse one "path:line:col-col: SEVERITY: message" line; returns 0 or -1. */
static int parse_finding(const char *s, size_t n, struct cocci_finding *out)
{
	const char *end = s + n, *colon = memchr(s, ':', n), *q, *sev, *msg;
	size_t line = 0;

	if (!colon || colon == s)
		return -1;
	q = colon + 1;
	if (q >= end || *q < '0' || *q > '9')
		return -1;
	while (q < end && *q >= '0' && *q <= '9')
		line = line * 10 + (size_t)(*q++ - '0');
	/* ":col-col: " (coccilib.report); the columns are not needed. */
	if (q >= end || *q++ != ':')
		return -1;
	while (q < end && ((*q >= '0' && *q <= '9') || *q == '-'))
		q++;
	if (end - q < 2 || q[0] != ':' || q[1] != ' ')
		return -1;
	sev = q + 2;
	for (q = sev; q < end && *q >= 'A' && *q <= 'Z'; q++)
		;
	if (q == sev || end - q < 2 || q[0] != ':' || q[1] != ' ')
		return -1;
	msg = q + 2;
	out->path = xstrndup(s, (size_t)(colon - s));
	if (starts_with(out->path, "./"))
		memmove(out->path, out->path + 2, strlen(out->path + 2) + 1);
	out->line = line;
	out->severity = xstrndup(sev, (size_t)(q - sev));
	out->message = xstrndup(msg, (size_t)(end - msg));
	return 0;
}

void cocci_parse_report(const char *text, size_t len, struct cocci_findings *out)
{
	const char *p = text, *end = text + len;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t n = eol ? (size_t)(eol - p) : (size_t)(end - p);
		struct cocci_finding f;

		if (!parse_finding(p, n, &f)) {
			GROW(out->v, out->cap, out->n + 1);
			out->v[out->n++] = f;
		}
		p = eol ? eol + 1 : end;
	}
}

/* ------------------------------------------------------------------------ */
/* From the diff to plan edits. */

/* True if text names a marker a patch uses while it folds code (excise_*__). */
static int has_marker(const char *text)
{
	return strstr(text, "excise_false__") || strstr(text, "excise_true__");
}

/* The INFO messages of findings on path within lines [first, last], "; "-joined, or NULL. */
static char *info_reason(const struct cocci_findings *findings, const char *path, size_t first,
			 size_t last)
{
	struct strbuf sb = STRBUF_INIT;
	struct strset seen = STRSET_INIT;

	for (size_t i = 0; findings && i < findings->n; i++) {
		const struct cocci_finding *f = &findings->v[i];

		if (strcmp(f->severity, "INFO") || f->line < first || f->line > last ||
		    strcmp(f->path, path) || !strset_add(&seen, f->message))
			continue;
		if (sb.len)
			sb_adds(&sb, "; ");
		sb_adds(&sb, f->message);
	}
	strset_clear(&seen);
	if (!sb.len) {
		sb_release(&sb);
		return NULL;
	}
	return sb_detach(&sb, NULL);
}

/* Offset of the start of 1-based line in buf (len if past the end). */
static size_t offset_of_line(const char *buf, size_t len, size_t line)
{
	size_t off = 0;

	for (size_t l = 1; l < line && off < len; l++) {
		const char *nl = memchr(buf + off, '\n', len - off);

		if (!nl)
			return len;
		off = (size_t)(nl - buf) + 1;
	}
	return off;
}

/* True if line [s, e) of buf is empty or white space only. */
static int blank_line(const char *buf, size_t s, size_t e)
{
	for (; s < e; s++)
		if (buf[s] != ' ' && buf[s] != '\t' && buf[s] != '\n')
			return 0;
	return 1;
}

/* The first non-white byte of line [s, e) of buf, or 0. */
static char first_char(const char *buf, size_t s, size_t e)
{
	for (; s < e; s++)
		if (buf[s] != ' ' && buf[s] != '\t' && buf[s] != '\n')
			return buf[s];
	return 0;
}

/* The last non-white byte of line [s, e) of buf, or 0. */
static char last_char(const char *buf, size_t s, size_t e)
{
	while (e > s && (buf[e - 1] == ' ' || buf[e - 1] == '\t' || buf[e - 1] == '\n'))
		e--;
	return e > s ? buf[e - 1] : 0;
}

/*
 * spatch deletes the blank line before removed code when a comment follows
 * it, gluing two paragraphs of code together.  For a deletion [start, end)
 * of whole lines that begins with a blank line, between a line that is not
 * blank and does not open a block and one that is not blank and does not
 * close one, keep that blank line: returns the new start.
 */
static size_t keep_separating_blank(const struct plan_file *f, size_t start, size_t end)
{
	size_t first_end, prev_start, next_end;

	if (start == 0 || end >= f->len || start >= end)
		return start;
	first_end = line_end(f->data, f->len, start);
	if (first_end >= end || !blank_line(f->data, start, first_end))
		return start;
	prev_start = line_start(f->data, start - 1);
	next_end = line_end(f->data, f->len, end);
	if (blank_line(f->data, prev_start, start) || last_char(f->data, prev_start, start) == '{' ||
	    blank_line(f->data, end, next_end) || first_char(f->data, end, next_end) == '}')
		return start;
	return first_end;
}

/* True if [s1, e1) and [s2, e2) overlap; an empty range is a point of insertion. */
static int ranges_overlap(size_t s1, size_t e1, size_t s2, size_t e2)
{
	if (s1 == e1 && s2 == e2)
		return s1 == s2;
	if (s1 == e1)
		return s2 < s1 && s1 < e2;
	if (s2 == e2)
		return s1 < s2 && s2 < e1;
	return s1 < e2 && s2 < e1;
}

/*
 * True if a change of the hunk (whose old lines start at offset off of f)
 * overlaps an edit already in the plan, other than by deleting it whole or
 * lying inside a deletion; *kind is then that edit's kind.
 */
static int hunk_conflicts(const struct plan *plan, const struct cocci_hunk *h,
			  const struct plan_file *f, size_t off, enum ref_kind *kind)
{
	for (size_t i = 0; i < h->nlines;) {
		size_t start = off, end = off;
		int adds = 0;

		if (h->lines[i].op == ' ') {
			off += strlen(h->lines[i].text) + 1;
			i++;
			continue;
		}
		for (; i < h->nlines && h->lines[i].op != ' '; i++) {
			if (h->lines[i].op == '-')
				end += strlen(h->lines[i].text) + (h->lines[i].newline ? 1 : 0);
			else
				adds = 1;
		}
		off = end;
		for (size_t k = 0; k < plan->nedits; k++) {
			const struct edit *e = &plan->edits[k];
			int overlap;

			if (strcmp(e->path, f->path))
				continue;
			overlap = ranges_overlap(start, end, e->start, e->end);
			if (!overlap)
				continue;
			if (!e->repl[0] && e->start <= start && end <= e->end)
				continue;	/* inside a planned deletion */
			if (!adds && start <= e->start && e->end <= end)
				continue;	/* deletes the planned edit whole */
			*kind = e->kind;
			return 1;
		}
	}
	return 0;
}

/* text without its leading and trailing white space, as [*s, *s + *n). */
static void trim(const char *text, const char **s, size_t *n)
{
	size_t len = strlen(text);

	while (len && (*text == ' ' || *text == '\t'))
		text++, len--;
	while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
		len--;
	*s = text;
	*n = len;
}

/*
 * spatch keeps the trailing comment of a line it removes, alone on a line of
 * its own ("x += 1; // why" becomes " // why").  True if the added line
 * cl, in the run of changed lines starting at line index run, is such an
 * orphan: nothing but a comment that ends a removed line of the run.
 */
static int orphan_comment(const struct cocci_hunk *h, size_t run, const struct cocci_line *cl)
{
	const char *c;
	size_t n;

	trim(cl->text, &c, &n);
	if (n < 4 || !((c[0] == '/' && c[1] == '*' && c[n - 2] == '*' && c[n - 1] == '/') ||
		       (c[0] == '/' && c[1] == '/')))
		return 0;
	for (size_t i = run; i < h->nlines && h->lines[i].op != ' '; i++) {
		const char *m;
		size_t k;

		if (h->lines[i].op != '-')
			continue;
		trim(h->lines[i].text, &m, &k);
		if (k > n && !memcmp(m + k - n, c, n))
			return 1;
	}
	return 0;
}

/* Add the edits of one hunk; returns the number added, or -1 (message in err). */
static long hunk_to_plan(struct plan *plan, const struct cocci_hunk *h,
			 const struct cocci_findings *findings, enum ref_kind kind,
			 const char *fallback_reason, struct strbuf *err)
{
	const struct plan_file *f = plan_file(plan, h->path);
	size_t off, line, first_change = 0;
	enum ref_kind conflict = KIND_NONE;
	long added = 0;

	if (!f) {
		sb_addf(err, "excise: %s: cannot read the file spatch changed: %s\n", h->path,
			strerror(errno));
		return -1;
	}
	/* A hunk of 0 old lines inserts after line old_start. */
	line = h->old_count ? h->old_start : h->old_start + 1;
	off = offset_of_line(f->data, f->len, line);

	/* First pass: every old line must be the snapshot's; no unfinished marker. */
	{
		size_t o = off, l = line;

		for (size_t i = 0; i < h->nlines; i++) {
			const struct cocci_line *cl = &h->lines[i];
			size_t n = strlen(cl->text);

			if (cl->op == '+') {
				if (has_marker(cl->text)) {
					plan_note(plan, h->path, first_change ? first_change : l, kind,
						  ACTION_REVIEW, &CAUSE(RULE_C, NULL),
						  "spatch left a transformation unfinished here; nothing changed",
						  cl->text);
					return 0;
				}
				continue;
			}
			if (cl->op == '-' && !first_change)
				first_change = l;
			if (o + n > f->len || memcmp(f->data + o, cl->text, n) ||
			    (cl->newline ? (o + n >= f->len || f->data[o + n] != '\n')
					 : o + n != f->len)) {
				sb_addf(err, "excise: %s:%zu: spatch's diff does not match the file as read\n",
					h->path, l);
				return -1;
			}
			o += n + (cl->newline ? 1 : 0);
			l++;
		}
	}

	/* Second pass: each run of '-' and '+' lines is one edit. */
	if (hunk_conflicts(plan, h, f, off, &conflict)) {
		char *reason = xasprintf("spatch's change here overlaps a change already planned (%s): "
					 "left for review", kind_name(conflict));
		char *text = xstrndup(f->data + off, line_end(f->data, f->len, off) - off);

		if (*text && text[strlen(text) - 1] == '\n')
			text[strlen(text) - 1] = '\0';
		plan_note(plan, h->path, first_change ? first_change : line, kind, ACTION_REVIEW,
			  &CAUSE(RULE_C, NULL), reason, text);
		free(reason);
		free(text);
		return 0;
	}
	for (size_t i = 0; i < h->nlines;) {
		size_t start, end, first_line, last_line, run;
		struct strbuf repl = STRBUF_INIT;
		char *reason;

		if (h->lines[i].op == ' ') {
			off += strlen(h->lines[i].text) + 1;
			line++;
			i++;
			continue;
		}
		start = end = off;
		first_line = last_line = line;
		run = i;
		for (; i < h->nlines && h->lines[i].op != ' '; i++) {
			const struct cocci_line *cl = &h->lines[i];

			if (cl->op == '-') {
				end += strlen(cl->text) + (cl->newline ? 1 : 0);
				last_line = line++;
			} else if (!orphan_comment(h, run, cl)) {
				sb_adds(&repl, cl->text);
				if (cl->newline)
					sb_addc(&repl, '\n');
			}
		}
		off = end;
		if (start == end && !repl.len) {
			sb_release(&repl);
			continue;
		}
		if (!repl.len)
			start = keep_separating_blank(f, start, end);
		reason = info_reason(findings, h->path, first_line, last_line);
		if (!reason)
			reason = info_reason(findings, h->path, h->old_start,
					     h->old_start + (h->old_count ? h->old_count - 1 : 0));
		plan_edit(plan, h->path, start, end, repl.buf ? repl.buf : "", kind, &CAUSE(RULE_C, NULL),
			  reason ? reason : fallback_reason);
		free(reason);
		sb_release(&repl);
		added++;
	}
	return added;
}

long cocci_diff_to_plan(struct plan *plan, const struct cocci_diff *diff,
			const struct cocci_findings *findings, enum ref_kind kind,
			const char *fallback_reason, struct strbuf *err)
{
	long total = 0;
	int bad = 0;

	for (size_t i = 0; i < diff->n; i++) {
		long n = hunk_to_plan(plan, &diff->hunks[i], findings, kind, fallback_reason, err);

		if (n < 0)
			bad = 1;
		else
			total += n;
	}
	return bad ? -1 : total;
}

/* True if an edit of kind on path covers 1-based line. */
static int line_edited(struct plan *plan, const char *path, size_t line, enum ref_kind kind)
{
	const struct plan_file *f = NULL;

	for (size_t i = 0; i < plan->nedits; i++) {
		const struct edit *e = &plan->edits[i];
		size_t first, last;

		if (strcmp(e->path, path) || e->kind != kind)
			continue;
		if (!f && !(f = plan_file(plan, path)))
			return 0;
		first = line_of_offset(f->data, e->start);
		last = e->end > e->start ? line_of_offset(f->data, e->end - 1) : first;
		if (line >= first && line <= last)
			return 1;
	}
	return 0;
}

/* True if a planned deletion (of any rule) takes 1-based line of path whole. */
static int line_deleted(struct plan *plan, const char *path, size_t line)
{
	const struct plan_file *f = plan_file(plan, path);
	size_t s, e;

	if (!f || !line)
		return 0;
	s = offset_of_line(f->data, f->len, line);
	if (s >= f->len)
		return 0;
	e = line_end(f->data, f->len, s);
	for (size_t i = 0; i < plan->nedits; i++) {
		const struct edit *x = &plan->edits[i];

		if (!x->repl[0] && x->start <= s && x->end >= e && !strcmp(x->path, path))
			return 1;
	}
	return 0;
}

/* The text of 1-based line of path as read by the plan (new string), or NULL. */
static char *line_text(struct plan *plan, const char *path, size_t line)
{
	const struct plan_file *f = plan_file(plan, path);
	size_t s, e;

	if (!f || !line)
		return NULL;
	s = offset_of_line(f->data, f->len, line);
	if (s >= f->len)
		return NULL;
	e = line_end(f->data, f->len, s);
	if (e > s && f->data[e - 1] == '\n')
		e--;
	return xstrndup(f->data + s, e - s);
}

/* True for a line that is an #if or #elif directive. */
static int conditional_directive(const char *line)
{
	line += strspn(line, " \t");
	if (*line++ != '#')
		return 0;
	line += strspn(line, " \t");
	return starts_with(line, "if") || starts_with(line, "elif");
}

size_t cocci_findings_to_notes(struct plan *plan, const struct cocci_findings *findings,
			       enum ref_kind kind, const char *patch)
{
	size_t notes = 0;

	for (size_t i = 0; i < findings->n; i++) {
		const struct cocci_finding *f = &findings->v[i];
		char *reason, *text;

		text = line_text(plan, f->path, f->line);
		if (text && conditional_directive(text)) {
			/* #if IS_ENABLED(...): not C code spatch changes (excise cpp's). */
			free(text);
			continue;
		}
		if (line_deleted(plan, f->path, f->line)) {
			/* the code it is about goes (is_enabled.cocci folded it away) */
			free(text);
			continue;
		}
		if (!strcmp(f->severity, "INFO")) {
			if (line_edited(plan, f->path, f->line, kind)) {
				free(text);
				continue;
			}
			reason = xasprintf("%s (%s in report mode) but patch mode left it unchanged",
					   f->message, patch);
		} else {
			reason = xasprintf("%s (%s)", f->message, patch);
		}
		plan_note(plan, f->path, f->line, kind, ACTION_REVIEW, &CAUSE(RULE_C, NULL), reason, text);
		free(reason);
		free(text);
		notes++;
	}
	return notes;
}

/* ------------------------------------------------------------------------ */
/* spatch's standard error. */

void cocci_parse_stderr(const char *text, size_t len, struct strvec *unparsed, struct strvec *failed)
{
	const char *p = text, *end = text + len;
	struct strset seen = STRSET_INIT;

	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		size_t n = eol ? (size_t)(eol - p) : (size_t)(end - p);
		char *line = xstrndup(p, n), *entry = NULL, *q;

		if (starts_with(line, " = File \"") && (q = strstr(line + 9, "\", line "))) {
			/* After "parse error": ` = File "path", line N, column C, ...`. */
			unsigned long l = strtoul(q + 8, NULL, 10);
			const char *path = line + 9;

			*q = '\0';
			if (starts_with(path, "./"))
				path += 2;
			entry = xasprintf("%s:%lu", path, l);
			if (strset_add(&seen, entry))
				sv_push(unparsed, entry);
		} else if (starts_with(line, "EXN: ") && (q = strstr(line, " in "))) {
			/* "EXN: Failure(...) in path": the last " in " precedes the path. */
			char *last = q, *r;

			while ((r = strstr(last + 4, " in ")))
				last = r;
			entry = xasprintf("%s: spatch failed: %.*s", last + 4,
					  (int)(last - (line + 5)) > 160 ? 160 : (int)(last - (line + 5)),
					  line + 5);
			for (char *c = entry; *c; c++)
				if (*c == '\\' && c[1] == 'n')
					c[0] = ' ', c[1] = ' ';
			if (strset_add(&seen, entry))
				sv_push(failed, entry);
		} else if (strstr(line, "timeout (we abort)") || starts_with(line, "Timeout at")) {
			entry = xasprintf("%s", line);
			if (strset_add(&seen, entry))
				sv_push(failed, entry);
		}
		free(entry);
		free(line);
		p = eol ? eol + 1 : end;
	}
	strset_clear(&seen);
}

