/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __FOO_H__
#define __FOO_H__

#define FOO_CHARGE_AC	(1 << 0)

struct device;

struct foo_pdata {
	int (*init)(struct device *dev);
	unsigned int flags;
};

#endif
