/* SPDX-License-Identifier: GPL-2.0 */
extern int (*acpi_suspend_lowlevel)(void);
#define acpi_lowlevel_ptr() (&acpi_suspend_lowlevel)
