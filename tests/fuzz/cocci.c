/*
 * Fuzz the readers of spatch's output in cocci.c: the unified diff
 * (cocci_parse_diff: hunks, or an "excise: ..." error), the report lines
 * and stderr.  Hunks must hold as many lines as their headers say.
 */
#include "cocci.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cocci_diff diff;
	struct cocci_findings findings;
	struct strbuf err = STRBUF_INIT;
	struct strvec unparsed = STRVEC_INIT, failed = STRVEC_INIT;
	char *text = fuzz_text(data, size);

	memset(&diff, 0, sizeof(diff));
	if (cocci_parse_diff(text, size, &diff, &err) < 0) {
		if (!err.len)
			fuzz_fail("a diff error without a message", NULL);
	} else {
		for (size_t i = 0; i < diff.n; i++) {
			const struct cocci_hunk *h = &diff.hunks[i];
			size_t old = 0, new = 0;

			if (!h->path)
				fuzz_fail("a hunk without a path", NULL);
			for (size_t k = 0; k < h->nlines; k++) {
				old += h->lines[k].op != '+';
				new += h->lines[k].op != '-';
			}
			if (old != h->old_count || new != h->new_count)
				fuzz_fail("a hunk whose lines disagree with its header", h->path);
		}
	}
	cocci_diff_release(&diff);
	memset(&findings, 0, sizeof(findings));
	cocci_parse_report(text, size, &findings);
	cocci_findings_release(&findings);
	cocci_parse_stderr(text, size, &unparsed, &failed);
	sv_clear(&unparsed);
	sv_clear(&failed);
	sb_release(&err);
	free(text);
	return 0;
}
