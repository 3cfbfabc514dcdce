#!/usr/bin/env bash
# excise check --arch-board: a removal that touches arm (MTD_LART, set in
# lart_defconfig) boots arm's own multi-platform kernel, multi_v7_defconfig
# with scripts/boot/arm.config on top, on QEMU's virt board, besides the
# x86_64 boot kernel: the kernel arm's users build, not the smallest that
# boots.  The console must show that kernel (its compiler and the
# SMP of multi_v7, which the tiny boot kernel lacks) and reach the
# init.  A long build (a cold one takes tens of minutes on 2 cores), so
# make test-full only; its time is printed as a "result:" line.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)
need_cross arm arm-linux-gnueabi-gcc
logs=$(mktemp -d)
a=
trap 'rm -rf "$logs" ${a:+"$a"}' EXIT

a=$(workcopy check-arch-board)
"$EXCISE" remove -C "$a" MTD_LART > "$logs/remove" 2>&1 || { cat "$logs/remove"; fail "remove MTD_LART"; }
t0=$SECONDS
"$EXCISE" check -C "$a" --before "$pristine" --only build --only boot --arch-board --logs "$logs/d" MTD_LART \
	> "$logs/out" 2>&1 || { cat "$logs/out"; fail "build and boot fail with --arch-board"; }
grep -q '^    arm: boot.sh: PASS' "$logs/out" || { cat "$logs/out"; fail "no arm boot"; }
grep -q 'make multi_v7_defconfig\|multi_v7_defconfig +' "$logs/d/build-arm.log" ||
	{ cat "$logs/d/build-arm.log"; fail "arm's kernel was not configured from multi_v7_defconfig"; }
grep -q 'arm-linux-gnueabi-gcc' "$logs/d/console-arm.log" ||
	{ cat "$logs/out"; fail "the arm console does not show an arm kernel"; }
grep -q '#1 SMP' "$logs/d/console-arm.log" ||
	{ tail -40 "$logs/d/console-arm.log"; fail "the arm kernel that booted is not SMP: not multi_v7_defconfig's"; }
echo "result: arm multi_v7_defconfig of the removal boots on virt in $((SECONDS - t0)) s: $(grep -m1 '^    arm: boot.sh' "$logs/out" | sed 's/^ *//')"
