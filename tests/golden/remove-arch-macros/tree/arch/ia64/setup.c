// SPDX-License-Identifier: GPL-2.0
int ia64_setup(void)
{
	return 0;
}
