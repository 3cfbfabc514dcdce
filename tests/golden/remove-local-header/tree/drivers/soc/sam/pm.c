// SPDX-License-Identifier: GPL-2.0
#include "../../../arch/arm/mach-sam/pm.h"

void sam_pm_init(void)
{
}
