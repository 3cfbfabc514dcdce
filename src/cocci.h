/*
 * cocci.h - run a semantic patch of cocci/ with spatch over a list of files
 * of the tree, and turn what it prints into the plan: each hunk of its diff
 * into byte-range edits, each report line it leaves for review into a note.
 *
 * A patch runs twice, side by side, from the tree root: with -D patch for the
 * diff and with -D report for "file:line:col-col: SEVERITY: message" lines
 * (the files split over jobs such pairs of processes; never spatch --jobs,
 * whose workers write into the current directory, the tree).
 * INFO lines name what patch mode changes (they become the reasons of the
 * edits); WARNING and ERROR lines name what it leaves for a person (they
 * become "review" notes).  An INFO line that no edit covers becomes a review
 * note too: spatch failed to change what it promised to.
 */
#ifndef EXCISE_COCCI_H
#define EXCISE_COCCI_H

#include "plan.h"
#include "util.h"

/* What one cocci_apply() run did and could not do. */
struct cocci_report {
	struct strvec unparsed;  /* "path:line": code spatch could not parse, so did not see */
	struct strvec failed;    /* "path: message": files spatch gave up on (exception, timeout) */
	size_t files;            /* files given to spatch */
	size_t edits;            /* plan edits added */
	size_t reviews;          /* review notes added */
	double seconds;          /* wall time of the spatch runs */
};

void cocci_report_init(struct cocci_report *rep);
void cocci_report_release(struct cocci_report *rep);

/* One line of a diff hunk: op is ' ', '-' or '+'; text holds no newline. */
struct cocci_line {
	char op;
	int newline;     /* 0 if "\ No newline at end of file" followed */
	char *text;
};

/* One hunk of a unified diff, against the file path (relative to the tree). */
struct cocci_hunk {
	char *path;
	size_t old_start, old_count;
	size_t new_start, new_count;
	struct cocci_line *lines;
	size_t nlines, lines_cap;
};

struct cocci_diff {
	struct cocci_hunk *hunks;
	size_t n, cap;
};

/*
 * Parse the unified diff spatch prints ("--- path", "+++ tmpfile", "@@ -a,b
 * +c,d @@" and the hunk lines).  Lines outside hunks that are not headers are
 * ignored.  Returns 0, or -1 with "excise: <where>: what is wrong" in err.
 */
int cocci_parse_diff(const char *text, size_t len, struct cocci_diff *diff, struct strbuf *err);
void cocci_diff_release(struct cocci_diff *diff);

/* One report-mode line: "path:line:col-col: SEVERITY: message". */
struct cocci_finding {
	char *path;
	size_t line;
	char *severity;  /* "INFO", "WARNING", "ERROR", ... */
	char *message;   /* after "SEVERITY: " */
};

struct cocci_findings {
	struct cocci_finding *v;
	size_t n, cap;
};

/* Collect the report lines of spatch's report-mode output; other lines are skipped. */
void cocci_parse_report(const char *text, size_t len, struct cocci_findings *out);
void cocci_findings_release(struct cocci_findings *f);

/*
 * Add the edits of diff to the plan, one edit per run of removed and added
 * lines, each checked against the plan's snapshot of its file.  kind labels
 * the edits; the reason of an edit is the INFO finding on its lines (else on
 * its hunk, else fallback_reason).  A hunk that adds a line holding a marker
 * of an unfinished transformation (excise_false__, excise_true__) is not
 * applied: its file gets a review note instead.  Returns the number of
 * edits added, or -1 with a message per bad hunk in err (the good hunks are
 * still added).
 */
long cocci_diff_to_plan(struct plan *plan, const struct cocci_diff *diff,
			const struct cocci_findings *findings, enum ref_kind kind,
			const char *fallback_reason, struct strbuf *err);

/*
 * Turn findings into review notes: every WARNING or ERROR, and every INFO on
 * a line that no edit of this kind covers.  Returns the number of notes.
 */
size_t cocci_findings_to_notes(struct plan *plan, const struct cocci_findings *findings,
			       enum ref_kind kind, const char *patch);

/*
 * Parse spatch's standard error: parse errors ("path:line") into unparsed,
 * exceptions and timeouts ("path: message") into failed.
 */
void cocci_parse_stderr(const char *text, size_t len, struct strvec *unparsed,
			struct strvec *failed);

/*
 * The plan kind of a patch's edits: KIND_C_IS_ENABLED, KIND_C_INCLUDE,
 * KIND_C_CALL; KIND_C_OTHER for a patch kind.c has no row for.
 */
enum ref_kind cocci_kind(const char *patch);

/*
 * Run cocci_dir/patch (e.g. "is_enabled.cocci") over files (relative to the
 * plan's root), with each of defines ("name=value") passed as -D and
 * cocci_dir/kernel.h as --macro-file, the files split over jobs pairs of
 * processes, and add its edits and review notes to the plan.  Its
 * temporary files (the file lists, spatch's stderr) have no name, in
 * tmp_dir (NULL: /tmp; the front end passes $TMPDIR).  Returns 0, or
 * -1 with a message in err (spatch missing, the patch missing, spatch
 * failing as a whole, a hunk not matching the snapshot).  Files spatch could
 * not parse or gave up on are listed in rep, not errors.
 */
/*
 * The spatch runs of cocci_apply() without the plan: cocci_dir/patch over
 * files (relative to root, where spatch runs), in the modes asked for
 * (COCCI_PATCH: the diff appended to diff_text; COCCI_REPORT: the report
 * lines appended to report_text).  Parse errors and files spatch gave up
 * on go to rep.  Returns 0, or -1 with a message in err.
 */
#define COCCI_PATCH 1u
#define COCCI_REPORT 2u
int cocci_run(const char *root, const char *cocci_dir, const char *patch,
	      const struct strvec *defines, const struct strvec *files, int jobs,
	      const char *tmp_dir, unsigned modes, struct strbuf *diff_text,
	      struct strbuf *report_text, struct cocci_report *rep, struct strbuf *err);

int cocci_apply(struct plan *plan, const char *cocci_dir, const char *patch,
		const struct strvec *defines, const struct strvec *files, int jobs,
		const char *tmp_dir, struct cocci_report *rep, struct strbuf *err);

#endif
