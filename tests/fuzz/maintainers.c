/*
 * Fuzz the MAINTAINERS reader: maintainers_sections() returns ordered,
 * non-overlapping sections inside the text; maintainers_remove() for the
 * path x/ plans edits or fails with a message.
 */
#include "fuzz.h"
#include "maintainers.h"
#include "plan.h"
#include "target.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct footprint fp;
	static int ready;
	struct maintainers_section *secs = NULL;
	struct strbuf err = STRBUF_INIT;
	struct plan plan;
	char *text = fuzz_text(data, size);
	size_t n;

	if (!ready) {
		ready = 1;
		footprint_init(&fp);
		sv_push(&fp.paths, "x/");
		sv_push(&fp.paths, "drivers/foo.c");
		sv_push(&fp.symbols, "X");
	}
	n = maintainers_sections(text, size, &fp, NULL, &secs);
	for (size_t i = 0; i < n; i++) {
		if (secs[i].start > secs[i].end || secs[i].end > size || secs[i].nowned > secs[i].nfiles)
			fuzz_fail("a section outside the text", NULL);
		if (i && secs[i - 1].end > secs[i].start)
			fuzz_fail("overlapping sections", NULL);
	}
	free(secs);
	fuzz_write("MAINTAINERS", text, size);
	plan_init(&plan, fuzz_dir());
	if (maintainers_remove(&plan, &fp, NULL, &err) < 0 && !err.len)
		fuzz_fail("maintainers_remove failed without a message", NULL);
	sb_reset(&err);
	/* What the front end does next: merge and check the plan. */
	if (plan_check(&plan, &err) < 0 && !err.len)
		fuzz_fail("plan_check failed without a message", NULL);
	for (size_t i = 1; i < plan.nedits && !err.len; i++)
		if (plan.edits[i - 1].end > plan.edits[i].start)
			fuzz_fail("overlapping edits", NULL);
	plan_release(&plan);
	sb_release(&err);
	free(text);
	return 0;
}
