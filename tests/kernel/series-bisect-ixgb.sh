#!/usr/bin/env bash
# tests/kernel/series-bisect-ixgb.sh - every step of the ixgb removal series
# configures and builds (tests/lib/series-bisect.sh): x86_64 allnoconfig
# with the way to IXGB enabled, ixgb compiled on the base, the 10 touched
# loongarch/mips/powerpc defconfigs configured at their steps, and
# drivers/net/ethernet/intel/ compiled after the driver goes.
top=$(cd "$(dirname "$0")/../.." && pwd)
NAME=ixgb TARGETS=drivers/net/ethernet/intel/ixgb SYM=IXGB KCONFIG=drivers/net/ethernet/intel/Kconfig \
OPTIONS="-e 64BIT -e PCI -e NET -e NETDEVICES -e ETHERNET -e NET_VENDOR_INTEL -e IXGB" \
BASE_DIRS=drivers/net/ethernet/intel/ exec "$top/tests/lib/series-bisect.sh"
