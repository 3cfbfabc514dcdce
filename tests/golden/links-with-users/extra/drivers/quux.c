// SPDX-License-Identifier: GPL-2.0
/* Quux selects FOO but uses nothing of it: only its select goes. */
int quux_probe(void)
{
	return 0;
}
