// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>
#include "devs.h"

static struct platform_device *kept_devices[] __initdata = {
	&sam_device_rtc,
};

void __init kept_board_init(void)
{
	platform_add_devices(kept_devices, ARRAY_SIZE(kept_devices));
}
