/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ASM_TOY_FOO_H
#define _ASM_TOY_FOO_H

static inline int foo_fast(void)
{
	return 1;
}

#define foo_valid(x) 1

#endif
