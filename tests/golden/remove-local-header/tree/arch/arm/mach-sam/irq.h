/* SPDX-License-Identifier: GPL-2.0 */
extern void sam_irq_init(void);
