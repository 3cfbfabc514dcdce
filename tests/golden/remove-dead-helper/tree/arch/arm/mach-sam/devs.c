// SPDX-License-Identifier: GPL-2.0
#include <linux/platform_device.h>
#include "devs.h"

#ifdef CONFIG_SAM_DEV_WDT
static struct resource sam_wdt_resource[] = {
	[0] = DEFINE_RES_MEM(0x53000000, 0x100),
};

struct platform_device sam_device_wdt = {
	.name		= "sam-wdt",
	.id		= -1,
	.resource	= sam_wdt_resource,
};
#endif /* CONFIG_SAM_DEV_WDT */

#ifdef CONFIG_SAM_DEV_RTC
struct platform_device sam_device_rtc = {
	.name		= "sam-rtc",
	.id		= -1,
};
#endif /* CONFIG_SAM_DEV_RTC */
