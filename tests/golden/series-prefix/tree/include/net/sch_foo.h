/* SPDX-License-Identifier: GPL-2.0 */
#define FOO_LIMIT 1
