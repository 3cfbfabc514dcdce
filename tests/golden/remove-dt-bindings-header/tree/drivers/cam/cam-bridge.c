// SPDX-License-Identifier: GPL-2.0
#include <dt-bindings/cam/bridge.h>
#include <linux/cam-bridge.h>
