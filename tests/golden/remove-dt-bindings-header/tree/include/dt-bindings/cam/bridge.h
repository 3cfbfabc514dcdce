/* SPDX-License-Identifier: GPL-2.0 */
#define CAM_BRIDGE_PORT0 0
