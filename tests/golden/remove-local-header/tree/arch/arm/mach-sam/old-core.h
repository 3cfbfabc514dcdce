/* SPDX-License-Identifier: GPL-2.0 */
static inline void old_core_setname(const char *name)
{
	sam_device_rtc.name = name;
}
