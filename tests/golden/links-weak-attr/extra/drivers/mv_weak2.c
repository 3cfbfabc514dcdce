// SPDX-License-Identifier: GPL-2.0
#include <linux/foo.h>

extern struct machine_vector foo_mv __weak;
void *mv_weak = &foo_mv;
