// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

int write_table(FILE *f)
{
	return fputs("{ 0 }\n", f) < 0;
}
