// SPDX-License-Identifier: GPL-2.0
/* Built only with BAR, which goes: goes with it. */
int bar_extra(void)
{
	return 1;
}
