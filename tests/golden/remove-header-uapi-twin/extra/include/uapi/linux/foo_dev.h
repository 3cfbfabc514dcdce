/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
#ifndef _UAPI_LINUX_FOO_DEV_H
#define _UAPI_LINUX_FOO_DEV_H
#define FOO_IOCTL 0x4601
#endif
