#!/usr/bin/env bash
# excise check on excise remove SLOB (6.1), every step: no residue; Kconfig
# (x86_64 allnoconfig/allyesconfig/defconfig, tinyconfig, the 17 touched
# arch defconfigs) without new warnings; sparse on the touched C files of
# both trees (allyesconfig), nothing new; the boot kernel builds; and it
# boots.  tinyconfig selects SLOB in 6.1: after the removal the choice
# falls back to SLUB, and the boot shows it ("SLUB: HWalign=...").
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)
a=$(workcopy check-slob)
"$EXCISE" remove -C "$a" SLOB >/dev/null || fail "remove failed"
"$EXCISE" check -C "$a" --before "$pristine" --expect 'log:HWalign=' SLOB > "$a.log" 2>&1
status=$?
cat "$a.log"
[ $status = 0 ] || fail "check failed"
sed -n '/^step /,/^excise check/p' "$a.log" | sed 's/^/result: /'
grep -a -m1 'SLUB: HWalign' "$a.log" | sed 's/^ *| */result: boot shows /'
rm -rf "$a" "$a.log"
