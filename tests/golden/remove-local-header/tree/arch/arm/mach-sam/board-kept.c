// SPDX-License-Identifier: GPL-2.0
#include "devs.h"

void __init kept_board_init(void)
{
	sam_devs_init();
}
