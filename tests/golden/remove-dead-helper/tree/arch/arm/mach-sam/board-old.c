// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>
#include "devs.h"

static struct platform_device *old_devices[] __initdata = {
	&sam_device_wdt,
	&sam_device_rtc,
};

void __init old_board_init(void)
{
	sam_ide_setup_gpio();
	sled_register_device(0);
	sam_led_register(0);
	platform_add_devices(old_devices, ARRAY_SIZE(old_devices));
}
