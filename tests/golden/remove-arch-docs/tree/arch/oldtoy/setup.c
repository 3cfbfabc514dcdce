// SPDX-License-Identifier: GPL-2.0
int oldtoy_setup(void)
{
	return 0;
}
