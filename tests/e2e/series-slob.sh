#!/usr/bin/env bash
# tests/e2e/series-slob.sh - `excise remove --commit --series SLOB` on a git
# tree of pristine 6.1: one defconfig patch for every architecture, then the
# allocator with its #ifdefs, mm/Kconfig, mm/Makefile and
# kernel/configs/tiny.config; checkpatch, the cover letter, `git am` onto
# a pristine git tree, and the same tree as the in-place removal.  See
# tests/lib/series.sh.  Exit 0 pass, 77 skip, anything else fail.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/series.sh"
series_case slob SLOB <<'END'
arch: configs: drop CONFIG_SLOB
mm: remove the SLOB allocator
END
