#!/usr/bin/env bash
# tests/kernel/series-bisect-slob.sh - every step of the SLOB removal series
# configures and builds (tests/lib/series-bisect.sh): x86_64 allnoconfig
# with EXPERT, SLOB chosen and TOMOYO on; mm/, init/ and security/tomoyo/
# compiled with SLOB on the base; the touched arm/openrisc/riscv/sh
# defconfigs configured at their steps; mm/, init/ and security/tomoyo/
# compiled again after the allocator goes (SLUB then).
top=$(cd "$(dirname "$0")/../.." && pwd)
NAME=slob TARGETS=SLOB SYM=SLOB KCONFIG=mm/Kconfig \
OPTIONS="-e 64BIT -e EXPERT -d SLAB -d SLUB -e SLOB -e NET -e SECURITY -e SECURITY_TOMOYO" \
BASE_DIRS="mm/ init/ security/tomoyo/" exec "$top/tests/lib/series-bisect.sh"
