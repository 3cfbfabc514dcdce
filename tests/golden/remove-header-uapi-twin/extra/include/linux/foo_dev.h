/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FOO_DEV_H
#define _LINUX_FOO_DEV_H
#include <uapi/linux/foo_dev.h>
#define FOO_DEV_MAX 4
#endif
