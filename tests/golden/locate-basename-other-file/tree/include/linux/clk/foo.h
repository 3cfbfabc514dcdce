/* SPDX-License-Identifier: GPL-2.0 */
#define CLK_FOO 1
