/*
 * Fuzz the Kbuild reader: kbuild_parse() returns lines or a "Makefile:LINE:"
 * error; kbuild_remove() of CONFIG_X and the path x/ either fails with a
 * message or plans edits whose result, when the input parsed, parses again.
 */
#include "fuzz.h"
#include "kbuild.h"
#include "plan.h"
#include "target.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct strset syms = STRSET_INIT;
	static struct footprint fp;
	struct strbuf err = STRBUF_INIT, out = STRBUF_INIT;
	struct kbuild_file kf;
	struct plan plan;
	int parsed;

	if (!syms.n) {
		strset_add(&syms, "X");
		footprint_init(&fp);
		sv_push(&fp.symbols, "X");
		sv_push(&fp.paths, "x/");
		sv_push(&fp.paths, "y.c");
	}
	memset(&kf, 0, sizeof(kf));
	parsed = kbuild_parse(&kf, "Makefile", (const char *)data, size, &err) == 0;
	if (!parsed && (!err.buf || !starts_with(err.buf, "Makefile:")))
		fuzz_fail("a parse error without file:line", err.buf);
	kbuild_release(&kf);
	sb_reset(&err);
	fuzz_write("Makefile", (const char *)data, size);
	plan_init(&plan, fuzz_dir());
	if (kbuild_remove(&plan, "Makefile", &syms, &fp, &err) < 0) {
		if (!err.len)
			fuzz_fail("kbuild_remove failed without a message", NULL);
	} else if (plan_check(&plan, &err) < 0) {
		/* What the front end does: the plan is refused, with a message. */
		if (!err.len)
			fuzz_fail("plan_check failed without a message", NULL);
	} else if (parsed && plan.nedits) {
		struct kbuild_file again;

		plan_result(&plan, plan_file(&plan, "Makefile"), &out);
		memset(&again, 0, sizeof(again));
		sb_reset(&err);
		if (kbuild_parse(&again, "Makefile", out.buf ? out.buf : "", out.len, &err) != 0)
			fuzz_fail("the edited Makefile does not parse", err.buf);
		kbuild_release(&again);
	}
	plan_release(&plan);
	sb_release(&err);
	sb_release(&out);
	return 0;
}
