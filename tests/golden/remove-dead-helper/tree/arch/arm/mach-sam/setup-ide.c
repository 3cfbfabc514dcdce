// SPDX-License-Identifier: GPL-2.0
#include "devs.h"

void sam_ide_setup_gpio(void)
{
	/* the CF pins */
}
