#!/usr/bin/env bash
# After excise remove SLOB and excise remove drivers/net/ethernet/intel/ixgb
# on 6.1, Kconfig still works: x86_64 allnoconfig, allyesconfig and
# defconfig, and make ARCH=<arch> <name> for every defconfig the removal
# touched, complete without a warning the pristine tree does not give
# (excise check --only kconfig, scripts/kconfig-check.sh; host gcc only).
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)
status=0
for case in SLOB:SLOB ixgb:drivers/net/ethernet/intel/ixgb; do
	name=${case%%:*} target=${case#*:}
	a=$(workcopy "kconfig-$name")
	"$EXCISE" remove -C "$a" "$target" >/dev/null || fail "$name: remove failed"
	if "$EXCISE" check -C "$a" --before "$pristine" --only kconfig "$target" > "$a.log" 2>&1; then
		echo "result: $name: $(grep '^kconfig ' "$a.log" | sed 's/  */ /g')"
	else
		cat "$a.log"
		status=1
	fi
	rm -rf "$a" "$a.log"
done
exit $status
