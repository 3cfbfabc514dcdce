// SPDX-License-Identifier: GPL-2.0
int aarp_send(void)
{
	return 0;
}
