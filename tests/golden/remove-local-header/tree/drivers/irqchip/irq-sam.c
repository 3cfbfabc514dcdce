// SPDX-License-Identifier: GPL-2.0
#include "irq.h"

void sam_irq_init(void)
{
}
