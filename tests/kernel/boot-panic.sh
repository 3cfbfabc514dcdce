#!/usr/bin/env bash
# boot-panic: an initramfs without /init makes the kernel panic; boot.sh
# must fail with the reason "panic", not "timeout".
set -euo pipefail
. "$(dirname "$0")/../lib/kernel.sh"
need qemu-system-x86_64 cpio
kernel=$(test_kernel)
trap 'rm -f "$kernel"; cleanup_kernel_test' EXIT
run_expect 1 '^boot\.sh: FAIL panic: Kernel panic - not syncing: No working init found' \
	"$scripts/boot.sh" --timeout 120 --no-init "$kernel"
