/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FOO_H
#define _LINUX_FOO_H

#ifdef CONFIG_FOO_HOOKS
int foo_hook_init(void);
void foo_hook_run(int x);
#else
static inline int foo_hook_init(void)
{
	return 0;
}
static inline void foo_hook_run(int x) { }
#endif

#endif
