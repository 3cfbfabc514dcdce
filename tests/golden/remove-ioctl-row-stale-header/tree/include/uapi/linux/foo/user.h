/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FOO_CAPTURE_UAPI_H
#define _LINUX_FOO_CAPTURE_UAPI_H

#define FOO_CAPTURE_START	_IO('y', 0x01)

#endif
