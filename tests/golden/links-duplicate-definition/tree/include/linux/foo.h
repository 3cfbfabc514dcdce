/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FOO_H
#define _LINUX_FOO_H
#include <asm/foo.h>

int foo_copy(int x);

#if !IS_ENABLED(CONFIG_HAVE_ARCH_FOO)
static inline int foo_fast(void)
{
	return 0;
}
#endif

#endif
