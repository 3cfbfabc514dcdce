// SPDX-License-Identifier: GPL-2.0
int foo_init(void)
{
	return 0;
}
