/* SPDX-License-Identifier: GPL-2.0 */
extern struct platform_device sam_device_wdt;
extern struct platform_device sam_device_rtc;
extern void sam_ide_setup_gpio(void);
