/* SPDX-License-Identifier: GPL-2.0 */
extern void sam_ide_setup_gpio(void);
