// SPDX-License-Identifier: GPL-2.0
static int toy_suspend_lowlevel(void)
{
	return 0;
}

#ifdef CONFIG_ACPI_SLEEP
int (*acpi_suspend_lowlevel)(void) = toy_suspend_lowlevel;
#else
int (*acpi_suspend_lowlevel)(void);
#endif

/* an array of them, and a typedef that is no definition */
typedef int (*toy_hook_t)(void);
int (*const toy_hooks[2])(void) = { toy_suspend_lowlevel, 0 };
