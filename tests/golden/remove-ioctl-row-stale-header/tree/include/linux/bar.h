/* SPDX-License-Identifier: GPL-2.0 */
#define BAR_RESET 1
