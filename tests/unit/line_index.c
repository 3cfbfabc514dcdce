/*
 * Unit tests of the line index: for every offset of a buffer, its line and
 * the start of that line are what line_of_offset() and line_start() say
 * (empty, without a final newline, CRLF, blank lines, one long line).
 */
#include <stdio.h>

#include "util.h"
#include "unit.h"

static void same_as_scans(const char *buf, size_t len)
{
	struct line_index li;
	size_t bad = 0;

	line_index_init(&li, buf, len);
	for (size_t off = 0; off <= len; off++)
		bad += line_index_line(&li, off) != line_of_offset(buf, off) ||
		       line_index_start(&li, off) != line_start(buf, off);
	CHECK(bad == 0);
	line_index_release(&li);
}

int main(void)
{
	static const char *const bufs[] = {
		"", "\n", "\n\n\n", "a", "a\n", "ab\ncd", "ab\ncd\n", "a\r\nb\r\n\r\nc",
		"#ifdef CONFIG_FOO\nint foo(void)\n{\n}\n#endif\n",
	};
	struct line_index li;
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < ARRAY_SIZE(bufs); i++)
		same_as_scans(bufs[i], strlen(bufs[i]));
	/* one long line, then many short ones (the index grows) */
	for (int i = 0; i < 5000; i++)
		sb_adds(&sb, "IS_ENABLED(CONFIG_FOO), ");
	for (int i = 0; i < 5000; i++)
		sb_adds(&sb, "\nx");
	same_as_scans(sb.buf, sb.len);
	line_index_init(&li, sb.buf, sb.len);
	CHECK(li.n == 5001);
	CHECK(line_index_line(&li, sb.len) == 5001);
	CHECK(line_index_start(&li, 7) == 0);
	line_index_release(&li);
	sb_release(&sb);
	return unit_done("line_index");
}
