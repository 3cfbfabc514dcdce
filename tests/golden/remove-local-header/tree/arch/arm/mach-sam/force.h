/* SPDX-License-Identifier: GPL-2.0 */
#define SAM_FORCED 1
