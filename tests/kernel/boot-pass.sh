#!/usr/bin/env bash
# boot-pass: the pristine 6.1 kernel boots to the init and passes its checks.
set -euo pipefail
. "$(dirname "$0")/../lib/kernel.sh"
need qemu-system-x86_64 cpio
kernel=$(test_kernel)
trap 'rm -f "$kernel"; cleanup_kernel_test' EXIT
t0=$(date +%s.%N)
run_expect 0 '^boot\.sh: PASS in ' "$scripts/boot.sh" -v --timeout 120 \
	--expect fs:proc --expect fs:sysfs --expect '!fs:intermezzo' \
	--expect misc:nvram --expect '!misc:intermezzo' \
	--expect slab:kmalloc-64 --expect file:/sys/kernel --expect '!file:/proc/fs/intermezzo' \
	--expect 'log:Linux version 6.1' "$kernel"
# Each check ran, and said why it passed.
expect_line '^  \| excise-boot: ok fs:proc \(listed in /proc/filesystems\)$'
expect_line '^  \| excise-boot: ok !fs:intermezzo \(not listed in /proc/filesystems\)$'
expect_line '^  \| excise-boot: ok misc:nvram \(listed in /proc/misc\)$'
expect_line '^  \| excise-boot: ok slab:kmalloc-64 \(listed in /proc/slabinfo\)$'
expect_line '^  \| excise-boot: ok !file:/proc/fs/intermezzo \(does not exist\)$'
expect_line '^  \| excise-boot: ok log:Linux version 6\.1 \(in the kernel log\)$'
[ "$(grep -c '^  | excise-boot: ok ' "$last_output")" = 9 ] || fail "not 9 checks passed"
expect_line '^  \| EXCISE-BOOT: PASS$'
echo "result: boot $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')s under TCG"
