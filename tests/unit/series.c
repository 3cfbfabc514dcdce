/* series.c - unit tests of series_wrap(), the 72-column wrapping of commit messages. */
#include <stdlib.h>

#include "series.h"
#include "unit.h"

static char *wrapped(const char *text, size_t width)
{
	struct strbuf sb = STRBUF_INIT;

	series_wrap(&sb, text, width);
	return sb_detach(&sb, NULL);
}

static void check_wrap(const char *text, size_t width, const char *want)
{
	char *got = wrapped(text, width);

	CHECK_STR(got, want);
	free(got);
}

/* Every line of the result fits, unless it is a single word longer than width. */
static void check_fits(const char *text, size_t width)
{
	char *got = wrapped(text, width);
	size_t col = 0, words = 0;
	int ok = 1;

	for (const char *p = got; *p; p++) {
		if (*p == '\n') {
			if (col > width && words > 1)
				ok = 0;
			col = words = 0;
		} else {
			if (*p != ' ' && (col == 0 || p[-1] == ' '))
				words++;
			col++;
		}
	}
	CHECK(ok);
	free(got);
}

int main(void)
{
	/* A paragraph flows and wraps. */
	check_wrap("one two three four five", 10, "one two\nthree four\nfive\n");
	/* Lines of one paragraph are joined, blank lines separate paragraphs. */
	check_wrap("one\ntwo\n\nthree\n", 72, "one two\n\nthree\n");
	/* A list item that fits stays as it is, spaces and all (tables). */
	check_wrap("  kind      count\n  deleted      12\n", 72, "  kind      count\n  deleted      12\n");
	/* A long item wraps with its continuation two columns deeper. */
	check_wrap("  path/to/file.c: a reason that is long\n", 24,
		   "  path/to/file.c: a\n    reason that is long\n");
	/* A word longer than the width stays whole on its own line. */
	check_wrap("see drivers/net/ethernet/intel/ixgb/ixgb_main.c now", 20,
		   "see\ndrivers/net/ethernet/intel/ixgb/ixgb_main.c\nnow\n");
	/* A paragraph followed by a list. */
	check_wrap("Deleted:\n  fs/foo/ (4 files)\n", 72, "Deleted:\n  fs/foo/ (4 files)\n");
	/* Empty input, and text without a final newline. */
	check_wrap("", 72, "");
	check_wrap("word", 72, "word\n");
	check_fits("The SLOB allocator is removed later in this series, and with it CONFIG_SLOB. "
		   "Drop it from the arm defconfigs that name it, so that no configuration names an "
		   "option that no longer exists.", 72);
	check_fits("  include/linux/foofilter.h: foo_filter_count is defined only by the removed "
		   "code: prototype removed", 72);
	return unit_done("series");
}
