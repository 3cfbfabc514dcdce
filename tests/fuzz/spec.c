/*
 * Fuzz the spec parser: spec_parse() fills a footprint or returns -1 with
 * a "f.spec:LINE: ..." (or "f.spec: ...") message; it never exits.
 */
#include "fuzz.h"
#include "target.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct footprint fp;
	struct strbuf err = STRBUF_INIT;

	footprint_init(&fp);
	if (spec_parse(&fp, "f.spec", (const char *)data, size, &err) < 0) {
		if (!err.buf || !starts_with(err.buf, "f.spec:"))
			fuzz_fail("an error without the file name", err.buf);
	} else if (!fp.name || (!fp.symbols.n && !fp.paths.n && !fp.words.n)) {
		fuzz_fail("a spec accepted that names nothing", NULL);
	}
	footprint_release(&fp);
	sb_release(&err);
	return 0;
}
