// SPDX-License-Identifier: GPL-2.0
#include <linux/foo.h>

#define __initmv __attribute__((section(".machvec.init")))

struct machine_vector foo_mv __initmv = {
	.name = "foo",
};
