// SPDX-License-Identifier: GPL-2.0
void schedule(void) { }
