// SPDX-License-Identifier: GPL-2.0
/* An ioctl table whose handlers FOO provided. */
#include <linux/foo.h>

#define IOCTL_DEF(nr, fn) [nr] = { .func = fn }
#ifdef CONFIG_FOO
#define FOO_IOCTL_DEF(nr, fn, flags) IOCTL_DEF(nr, fn)
#else
#define FOO_IOCTL_DEF(nr, fn, flags) IOCTL_DEF(nr, invalid_op)
#endif
#define KEEP_IOCTL_DEF(nr, fn, flags) \
	IOCTL_DEF(nr, fn)

static const struct ioctl_desc ioctls[] = {
	FOO_IOCTL_DEF(1, foo_do, 0),
	KEEP_IOCTL_DEF(2, foo_helper, 0),
};
