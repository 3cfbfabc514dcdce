// SPDX-License-Identifier: GPL-2.0
int cardman_probe(void) { return 0; }
