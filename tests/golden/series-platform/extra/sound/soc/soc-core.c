// SPDX-License-Identifier: GPL-2.0
int snd_soc_register(void) { return 0; }
