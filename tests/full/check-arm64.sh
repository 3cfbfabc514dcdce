#!/usr/bin/env bash
# excise check's build and boot steps on a removal that touches arm64:
# SND_SOC_IMX_SPDIF (6.1; gone upstream in 6.3) is set in arm64's defconfig
# and in arm's imx_v6_v7_defconfig, so check builds the boot kernels of both
# architectures (tinyconfig + scripts/boot/ARCH.config) besides x86_64's and
# boots each on QEMU's virt board: qemu-system-aarch64 for arm64.  The
# console must show an aarch64 kernel that reached the init.  Negative
# control: an arm64-only panic at boot, which the x86_64 and arm boots never
# run; the boot step must fail and name arm64.  A cold arm64 build takes
# minutes, so make test-full; its time is printed as a "result:" line.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)
need_cross arm64 aarch64-linux-gnu-gcc
need_cross arm arm-linux-gnueabi-gcc
logs=$(mktemp -d)
a= c=
trap 'rm -rf "$logs" ${a:+"$a"} ${c:+"$c"}' EXIT

a=$(workcopy check-arm64)
"$EXCISE" remove -C "$a" SND_SOC_IMX_SPDIF > "$logs/remove" 2>&1 || { cat "$logs/remove"; fail "remove SND_SOC_IMX_SPDIF"; }
grep -q 'CONFIG_SND_SOC_IMX_SPDIF' "$a/arch/arm64/configs/defconfig" &&
	fail "the removal left arm64's defconfig line: the test would not touch arm64"
t0=$SECONDS
"$EXCISE" check -C "$a" --before "$pristine" --only build --only boot --logs "$logs/ok.d" SND_SOC_IMX_SPDIF \
	> "$logs/ok" 2>&1 || { cat "$logs/ok"; fail "build and boot fail on excise's removal"; }
grep -q '^    arm64: boot.sh: PASS' "$logs/ok" || { cat "$logs/ok"; fail "no arm64 boot"; }
grep -q 'aarch64-linux-gnu-gcc' "$logs/ok.d/console-arm64.log" ||
	{ tail -40 "$logs/ok.d/console-arm64.log"; fail "the arm64 console does not show an aarch64 kernel"; }
echo "result: arm64's boot kernel of the removal boots on virt in $((SECONDS - t0)) s: $(grep -m1 '^    arm64: boot.sh' "$logs/ok" | sed 's/^ *//')"

# Negative control: the same removal with an arm64-only panic at boot.
c=$(workcopy check-arm64-panic)
"$EXCISE" remove -C "$c" SND_SOC_IMX_SPDIF > "$logs/remove-c" 2>&1 || { cat "$logs/remove-c"; fail "remove SND_SOC_IMX_SPDIF (c)"; }
panic_at_boot "$c/arch/arm64/kernel/setup.c" "excise probe: arm64 only"
"$EXCISE" check -C "$c" --before "$pristine" --only build --only boot --logs "$logs/panic.d" SND_SOC_IMX_SPDIF \
	> "$logs/panic" 2>&1 && { cat "$logs/panic"; fail "check passes a tree whose arm64 kernel panics at boot"; }
grep -q '^boot  *FAIL  .*arm64: boot.sh: FAIL panic' "$logs/panic" ||
	{ cat "$logs/panic"; fail "the boot step does not fail on arm64's panic"; }
grep -q '^    arm: boot.sh: PASS' "$logs/panic" || { cat "$logs/panic"; fail "arm's boot did not pass beside arm64's panic"; }
echo "result: an arm64-only panic fails the boot step: $(grep -m1 '^boot ' "$logs/panic" | sed 's/  */ /g')"
