/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_FOO_BAR_H
#define _LINUX_FOO_BAR_H

struct device;

extern int foo_bind(struct device *dev, unsigned int id,
		    unsigned long flags);

extern int bar_attach(struct device *dev);

#endif
