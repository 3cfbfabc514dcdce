/* SPDX-License-Identifier: GPL-2.0 */
#define FOO_REGS 4
