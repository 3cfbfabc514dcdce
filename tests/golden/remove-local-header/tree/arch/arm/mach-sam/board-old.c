// SPDX-License-Identifier: GPL-2.0
#include "devs.h"
#include "old-core.h"
#include "pm.h"
#include "irq.h"
#include "force.h"

void __init old_board_init(void)
{
	old_core_setname("old-rtc");
	sam_pm_init();
	sam_irq_init();
}
