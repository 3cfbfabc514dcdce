/* SPDX-License-Identifier: GPL-2.0 */
#define GPIO_FOO 1
