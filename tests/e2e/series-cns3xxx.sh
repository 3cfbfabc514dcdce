#!/usr/bin/env bash
# tests/e2e/series-cns3xxx.sh - `excise remove --commit --series ARCH_CNS3XXX`
# on a git tree of pristine 6.1: a platform with its defconfig, drivers that
# depend on it (some `|| COMPILE_TEST`) and a MAINTAINERS section; every
# patch with its own recipients, no step with a MAINTAINERS F: of a path
# gone, checkpatch, `git am`, the in-place removal.  See tests/lib/series.sh.
# The subjects are what excise writes today (upstream's are
# not compared here).  Exit 0 pass, 77 skip,
# anything else fail.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/series.sh"
series_case cns3xxx ARCH_CNS3XXX <<'END'
ARM: configs: remove cns3420vb_defconfig
ARM: remove DEBUG_CNS3XXX, which depends on ARCH_CNS3XXX support
mmc: host: remove MMC_SDHCI_CNS3XXX
usb: host: remove the 2 options that depend on ARCH_CNS3XXX support
ARM: remove ARCH_CNS3XXX support
END
