/* SPDX-License-Identifier: GPL-2.0 */
struct platform_device *sam_led_register(int id);
