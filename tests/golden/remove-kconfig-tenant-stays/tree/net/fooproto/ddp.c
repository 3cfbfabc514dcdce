// SPDX-License-Identifier: GPL-2.0
int ddp_rcv(void)
{
	return 0;
}
