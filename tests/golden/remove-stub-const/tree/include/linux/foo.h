/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FOO_H
#define _LINUX_FOO_H

#include <stdbool.h>

#ifdef CONFIG_FOO_LEGACY
bool foo_legacy_enabled(void);
#define foo_deprecated 1
#else
static inline bool foo_legacy_enabled(void)
{
	return false;
}
#define foo_deprecated 0
#endif

void foo_new(int x);
void foo_old(int x);

#endif
