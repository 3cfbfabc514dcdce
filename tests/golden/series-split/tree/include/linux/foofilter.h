/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FOOFILTER_H
#define _LINUX_FOOFILTER_H
int foo_filter_count(void);
#endif
