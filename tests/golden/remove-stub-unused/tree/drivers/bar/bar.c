// SPDX-License-Identifier: GPL-2.0
#include <linux/foo.h>

static int bar_checks;

static int bar_sum(const int *v, int n)
{
	int s = 0;

	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

static void bar_dump(const int *v, int n)
{
	bar_checks++;
	foo_print(bar_sum(v, n));
}

int bar_process(int *v, int n)
{
	int total;

	if (foo_debug_on())
		bar_dump(v, n);
	total = n * 2;
	return total;
}
