/* SPDX-License-Identifier: GPL-2.0 */
int cam_bridge_probe(void);
