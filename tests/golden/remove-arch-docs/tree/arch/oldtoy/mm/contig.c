// SPDX-License-Identifier: GPL-2.0
int oldtoy_contig(void)
{
	return 0;
}
