/* SPDX-License-Identifier: GPL-2.0 */
extern void sam_pm_init(void);
