// SPDX-License-Identifier: GPL-2.0
#include <linux/foo.h>

extern struct machine_vector foo_mv;
void *mv_strong = &foo_mv;
