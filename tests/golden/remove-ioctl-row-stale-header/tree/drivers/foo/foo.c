// SPDX-License-Identifier: GPL-2.0
#include <linux/foo_ioctl.h>
#include <linux/foo/user.h>
#include <media/foo/capture.h>

int foo_ioctl(int cmd)
{
	return cmd == FOO_RESET || cmd == FOO_CAPTURE_START;
}
