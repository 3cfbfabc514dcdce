#!/usr/bin/env bash
# kconfig-no-change: an unchanged copy passes, also for a foreign arch whose
# defconfig already warns in 6.1 (arm multi_v7: NTFS_FS is gone) and for
# tinyconfig, whose fragment merge prints "override:" lines.
set -euo pipefail
. "$(dirname "$0")/../lib/kernel.sh"
need gcc make flex bison
before=$(pristine_tree)
work_tree kconfig-same
after=$work
t0=$SECONDS
run_expect 0 '^kconfig-check\.sh: PASS 5 configuration\(s\) in ' \
	"$scripts/kconfig-check.sh" "$before" "$after" arm:multi_v7_defconfig x86_64:tinyconfig
echo "result: kconfig-check of 5 configurations $((SECONDS - t0))s"
