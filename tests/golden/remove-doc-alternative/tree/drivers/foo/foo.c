// SPDX-License-Identifier: GPL-2.0


int foo_ioctl(int cmd)
{
	return cmd == 1;
}
