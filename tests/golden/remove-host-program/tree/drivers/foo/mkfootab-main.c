// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

int write_table(FILE *f);

int main(void)
{
	return write_table(stdout);
}
