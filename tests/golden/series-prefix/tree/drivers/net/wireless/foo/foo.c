// SPDX-License-Identifier: GPL-2.0
int foo_probe(void) { return 0; }
