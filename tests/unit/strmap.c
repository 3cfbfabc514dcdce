/* Unit tests of strmap, the interned strings: indices in order of arrival, found again after growth. */
#include <stdio.h>

#include "util.h"
#include "unit.h"

int main(void)
{
	struct strmap m = STRMAP_INIT;
	char name[32];
	size_t bad = 0;

	CHECK(strmap_find(&m, "x") == STRMAP_NONE);
	CHECK(strmap_intern(&m, "b") == 0);
	CHECK(strmap_intern(&m, "a") == 1);
	CHECK(strmap_intern(&m, "b") == 0);
	CHECK(strmap_find(&m, "a") == 1);
	CHECK(strmap_intern(&m, "") == 2);
	CHECK(strmap_find(&m, "") == 2);
	CHECK(m.keys.n == 3);

	/* Through many growths, every string keeps its index and its text. */
	for (int i = 0; i < 10000; i++) {
		snprintf(name, sizeof(name), "CONFIG_%d", i);
		bad += strmap_intern(&m, name) != (size_t)i + 3;
	}
	CHECK(bad == 0);
	for (int i = 0; i < 10000; i++) {
		snprintf(name, sizeof(name), "CONFIG_%d", i);
		bad += strmap_find(&m, name) != (size_t)i + 3 || strcmp(m.keys.v[i + 3], name);
	}
	CHECK(bad == 0);
	CHECK(strmap_find(&m, "CONFIG_10000") == STRMAP_NONE);
	CHECK(strmap_find(&m, "b") == 0);
	CHECK(m.keys.n == 10003);
	strmap_clear(&m);
	CHECK(strmap_find(&m, "b") == STRMAP_NONE);
	return unit_done("strmap");
}
