/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FOO_H
#define _LINUX_FOO_H

#include <stdbool.h>

#ifdef CONFIG_FOO_DEBUG
bool foo_debug_on(void);
#else
static inline bool foo_debug_on(void)
{
	return false;
}
#endif

void foo_print(int v);

#endif
