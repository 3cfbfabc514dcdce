#!/usr/bin/env bash
# boot-check-fail: a check the kernel does not meet fails the boot with the
# init's reason, and so does an unknown excise.* parameter.
set -euo pipefail
. "$(dirname "$0")/../lib/kernel.sh"
need qemu-system-x86_64 cpio
kernel=$(test_kernel)
trap 'rm -f "$kernel"; cleanup_kernel_test' EXIT
run_expect 1 '^boot\.sh: FAIL fail: fs:intermezzo: not listed in /proc/filesystems; !fs:proc: unexpectedly listed in /proc/filesystems; unknown parameter .excise\.bogus=1. \(after ' \
	"$scripts/boot.sh" --timeout 120 --expect fs:intermezzo --expect '!fs:proc' \
	--expect misc:nvram --append excise.bogus=1 "$kernel"
