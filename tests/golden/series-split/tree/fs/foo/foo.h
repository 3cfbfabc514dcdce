/* SPDX-License-Identifier: GPL-2.0 */
#define FOO_MINOR 242
