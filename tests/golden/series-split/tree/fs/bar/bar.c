// SPDX-License-Identifier: GPL-2.0
#include <linux/fs.h>

int bar_init(void)
{
	if (IS_ENABLED(CONFIG_FOO_FS))
		return 1;
	return 0;
}
