// SPDX-License-Identifier: GPL-2.0
void foo_core_init(void) { }
