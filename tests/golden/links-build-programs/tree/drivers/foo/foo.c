// SPDX-License-Identifier: GPL-2.0
/* Foo stays and still includes the header footab.asn1 generated. */
#include "footab.asn1.h"

int foo_init(void)
{
	return 0;
}
