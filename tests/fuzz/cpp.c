/*
 * Fuzz the C preprocessor evaluator: cpp_resolve() on f.c with X undefined
 * and Y defined returns an error (nothing planned) or sorted,
 * non-overlapping edits; the oracle is idempotence: a second run over the
 * result changes nothing.
 */
#include "cpp.h"
#include "fuzz.h"
#include "plan.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct strset off = STRSET_INIT, on = STRSET_INIT;
	struct strbuf err = STRBUF_INIT, out = STRBUF_INIT;
	struct plan plan;
	int rc;

	if (!off.n) {
		strset_add(&off, "X");
		strset_add(&off, "A");
		strset_add(&on, "Y");
	}
	fuzz_write("f.c", (const char *)data, size);
	plan_init(&plan, fuzz_dir());
	rc = cpp_resolve(&plan, "f.c", &off, &on, NULL, &err);
	if (rc < -1)
		fuzz_fail("cpp_resolve returned below -1", NULL);
	if (rc < 0) {
		if (plan.nedits)
			fuzz_fail("an error with edits planned", err.buf);
		if (!err.buf || !starts_with(err.buf, "excise: f.c:"))
			fuzz_fail("an error without file:line", err.buf);
	} else {
		for (size_t i = 1; i < plan.nedits; i++)
			if (plan.edits[i - 1].end > plan.edits[i].start)
				fuzz_fail("overlapping edits", NULL);
		if ((rc == 0) != (plan.nedits == 0))
			fuzz_fail("the count of changes and the edits disagree", NULL);
		plan_result(&plan, plan_file(&plan, "f.c"), &out);
		plan_release(&plan);
		fuzz_write("g.c", out.buf ? out.buf : "", out.len);
		plan_init(&plan, fuzz_dir());
		sb_reset(&err);
		rc = cpp_resolve(&plan, "g.c", &off, &on, NULL, &err);
		if (rc != 0) {
			sb_addf(&err, "second run: %d\n--- first result:\n%.*s", rc, (int)out.len,
				out.buf ? out.buf : "");
			fuzz_fail("not idempotent: a second run changes the result", err.buf);
		}
	}
	plan_release(&plan);
	sb_release(&err);
	sb_release(&out);
	return 0;
}
