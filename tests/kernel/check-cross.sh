#!/usr/bin/env bash
# excise check's cross step on a removal that touches another architecture:
# MTD_LART (6.1; gone upstream in 6.3) is set in arm's lart_defconfig, so
# the step configures lart_defconfig in both trees with arm-linux-gnueabi-gcc
# and compiles drivers/mtd/devices/ in both: no new error.  The negative
# control is the removal by hand that InterMezzo got in 2004: the driver's
# file deleted, its Kconfig entry, Makefile line and defconfig line left.
# No x86 configuration builds lart.o, so only the arm build can tell: it has
# no rule for lart.o, and the step must fail and say so.
# The removal touches arm, so check's build and boot steps also build arm's
# boot kernel (tinyconfig + scripts/boot/arm.config) and boot it on QEMU's
# virt board.  Their negative control: an arm-only initcall that panics,
# which x86_64's boot never runs; the boot step must fail and name arm.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)
need_cross arm arm-linux-gnueabi-gcc
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

check() {	# check NAME TREE: the cross step of MTD_LART on TREE, output in $logs/NAME
	"$EXCISE" check -C "$2" --before "$pristine" --only cross --logs "$logs/$1.d" MTD_LART \
		> "$logs/$1" 2>&1
}

# 0. excise's removal passes, and the step built what it should.
a=$(workcopy check-cross)
"$EXCISE" remove -C "$a" MTD_LART > "$logs/remove" 2>&1 || { cat "$logs/remove"; fail "remove MTD_LART"; }
t0=$SECONDS
check ok "$a" || { cat "$logs/ok"; fail "the cross step fails on excise's removal"; }
grep -q 'arm: 1 configuration(s), 1 directory: drivers/mtd/devices/' "$logs/ok" ||
	{ cat "$logs/ok"; fail "the step did not pick arm's lart_defconfig and drivers/mtd/devices/"; }
grep -q 'arm lart_defconfig: connected-build.sh: PASS' "$logs/ok" || { cat "$logs/ok"; fail "no PASS line for arm lart_defconfig"; }
# (the object, not the log's CC line: a warm build directory compiles nothing again)
[ -f "$cache/build/check-MTD_LART-arm-lart_defconfig-before/drivers/mtd/devices/lart.o" ] ||
	{ cat "$logs/ok"; fail "BEFORE's arm build did not compile lart.c: the comparison would prove nothing"; }
echo "result: excise remove MTD_LART passes the cross step (arm lart_defconfig, drivers/mtd/devices/) in $((SECONDS - t0)) s"

# 1. The removal by hand: the file goes, its Kconfig, Makefile and defconfig lines stay.
b=$(workcopy check-cross-hand)
rm "$b/drivers/mtd/devices/lart.c"
check hand "$b" && { cat "$logs/hand"; fail "the cross step passes a removal that breaks the arm build"; }
grep -q 'lart.o' "$logs/hand" || { cat "$logs/hand"; fail "the failure does not name lart.o"; }
echo "result: the removal by hand fails as it should: $(grep -m1 'lart.o' "$logs/hand" | sed 's/^ *//')"
# 2. Build and boot: arm's boot kernel of excise's removal boots on virt.
"$EXCISE" check -C "$a" --before "$pristine" --only build --only boot --logs "$logs/boot.d" MTD_LART \
	> "$logs/boot" 2>&1 || { cat "$logs/boot"; fail "build and boot fail on excise's removal"; }
grep -q '^    arm: boot.sh: PASS' "$logs/boot" || { cat "$logs/boot"; fail "no arm boot"; }
grep -q 'arm-linux-gnueabi-gcc' "$logs/boot.d/console-arm.log" ||
	{ cat "$logs/boot"; fail "the arm console does not show an arm kernel"; }
echo "result: arm's boot kernel of the removal boots: $(grep -m1 '^    arm: boot.sh' "$logs/boot" | sed 's/^ *//')"

# 3. Negative control: the same tree with an arm-only panic at boot.
c=$(workcopy check-cross-panic)
"$EXCISE" remove -C "$c" MTD_LART > "$logs/remove-c" 2>&1 || { cat "$logs/remove-c"; fail "remove MTD_LART (c)"; }
panic_at_boot "$c/arch/arm/kernel/setup.c" "excise probe: arm only"
"$EXCISE" check -C "$c" --before "$pristine" --only build --only boot --logs "$logs/panic.d" MTD_LART \
	> "$logs/panic" 2>&1 && { cat "$logs/panic"; fail "check passes a tree whose arm kernel panics at boot"; }
grep -q '^boot  *FAIL  .*arm: boot.sh: FAIL panic' "$logs/panic" ||
	{ cat "$logs/panic"; fail "the boot step does not fail on arm's panic"; }
grep -q 'x86/boot/bzImage' "$logs/panic" || { cat "$logs/panic"; fail "x86_64's kernel was not built"; }
echo "result: an arm-only panic fails the boot step: $(grep -m1 '^boot ' "$logs/panic" | sed 's/  */ /g')"
rm -rf "$a" "$b" "$c"
