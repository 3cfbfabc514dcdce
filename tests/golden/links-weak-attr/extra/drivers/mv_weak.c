// SPDX-License-Identifier: GPL-2.0
#include <linux/foo.h>

#define WEAK(X) extern struct machine_vector X __attribute__((weak))
WEAK(foo_mv);

static void *mv_table[] = { &foo_mv };
