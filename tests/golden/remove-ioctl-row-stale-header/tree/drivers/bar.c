// SPDX-License-Identifier: GPL-2.0
#include <linux/bar.h>
#include <linux/foo/user.h>
#include <media/foo/capture.h>

static struct foo_capture_config bar_capture = { 1 };

int bar_ioctl(int cmd)
{
	return cmd + bar_capture.channels + (cmd == FOO_CAPTURE_START);
}
