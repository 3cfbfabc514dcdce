// SPDX-License-Identifier: GPL-2.0
/* Names that go with the Foo core, and that kept code spells too. */
int no_overlay;
int dbg_level;
int qux_level;
int qux_table;
