#!/usr/bin/env bash
# tests/e2e/series-ixgb.sh - `excise remove --commit --series` of
# drivers/net/ethernet/intel/ixgb on a git tree of pristine 6.1: the series
# (subjects below, golden), checkpatch, the cover letter, `git am` onto a
# pristine git tree, and the same tree as the in-place removal.  See
# tests/lib/series.sh.  Exit 0 pass, 77 skip, anything else fail.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/series.sh"
series_case ixgb drivers/net/ethernet/intel/ixgb <<'END'
LoongArch: configs: drop CONFIG_IXGB
MIPS: configs: drop CONFIG_IXGB
powerpc/configs: drop CONFIG_IXGB
net: ethernet: intel: remove the ixgb driver
docs: remove the documentation of the ixgb driver
END
