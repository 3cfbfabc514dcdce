// SPDX-License-Identifier: GPL-2.0
#include <linux/foo.h>

int foo_probe(struct foo_pdata *pdata)
{
	return pdata->flags & FOO_CHARGE_AC;
}
