/* SPDX-License-Identifier: GPL-2.0 */
extern void sam_devs_init(void);
