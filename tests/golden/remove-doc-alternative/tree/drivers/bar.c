// SPDX-License-Identifier: GPL-2.0


int bar_ioctl(int cmd)
{
	return cmd;
}
