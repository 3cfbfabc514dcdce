// SPDX-License-Identifier: GPL-2.0
int ade_i2c_probe(void) { return 0; }
