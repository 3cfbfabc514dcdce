// SPDX-License-Identifier: GPL-2.0
#include <asm/acpi.h>

extern int (*const toy_hooks[2])(void);

static int acpi_suspend_enter(void)
{
	if (!acpi_suspend_lowlevel)
		return -1;
	return acpi_suspend_lowlevel() + toy_hooks[0]();
}
