/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FS_H
#define _LINUX_FS_H

#ifdef CONFIG_FOO_FS
extern int foo_replicate(void);
#else
static inline int foo_replicate(void) { return 0; }
#endif /* CONFIG_FOO_FS */

#if defined(CONFIG_BAR_FS) || defined(CONFIG_FOO_FS)
#define HAVE_REPLICATED_FS 1
#endif

#endif
