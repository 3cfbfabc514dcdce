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

/* only with another option (pfn_valid under CONFIG_SPARSEMEM), which toy may never have */
#ifdef CONFIG_FOO_SPARSE
#ifndef CONFIG_HAVE_ARCH_FOO
static inline int foo_valid(int x)
{
	return x;
}
#endif
#endif

#endif
