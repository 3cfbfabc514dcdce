#!/usr/bin/env bash
# boot-timeout: an init that never prints its result line (excise.hang)
# makes boot.sh fail with the reason "timeout" once the timeout is over.
set -euo pipefail
. "$(dirname "$0")/../lib/kernel.sh"
need qemu-system-x86_64 cpio
kernel=$(test_kernel)
trap 'rm -f "$kernel"; cleanup_kernel_test' EXIT
run_expect 1 '^boot\.sh: FAIL timeout: no result line within 20s' \
	"$scripts/boot.sh" --timeout 20 --hang "$kernel"
# The init did get to run: the console shows it hanging, not a slow kernel.
expect_line '^  \| excise-boot: hanging on request \(excise\.hang\)'
