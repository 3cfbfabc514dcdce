/* SPDX-License-Identifier: GPL-2.0 */
/* The Foo capture driver's platform data: the board still fills it in. */
#ifndef _MEDIA_FOO_CAPTURE_H
#define _MEDIA_FOO_CAPTURE_H

struct foo_capture_config {
	int channels;
};

#endif
