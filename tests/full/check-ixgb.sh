#!/usr/bin/env bash
# After excise remove drivers/net/ethernet/intel/ixgb on 6.1, Kconfig still
# works: x86_64 allnoconfig, allyesconfig and defconfig, and make
# ARCH=<arch> <name> for each of the 10 defconfigs the removal touched,
# complete without a warning the pristine tree does not give; and nothing
# of the driver is left (excise check --only residue --only kconfig; the
# driver has no C reference outside its directory, so there is nothing for
# sparse, and tinyconfig does not build it).
# In make test-full: make test's run-intermezzo.sh runs the same steps on a
# removal that touches five defconfigs of three other architectures, and
# series-bisect-ixgb.sh configures these ten at the steps of the series.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)
a=$(workcopy check-ixgb)
"$EXCISE" remove -C "$a" drivers/net/ethernet/intel/ixgb >/dev/null || fail "remove failed"
"$EXCISE" check -C "$a" --before "$pristine" --only residue --only kconfig \
	drivers/net/ethernet/intel/ixgb > "$a.log" 2>&1
status=$?
cat "$a.log"
[ $status = 0 ] || fail "check failed"
echo "result: ixgb: $(grep '^kconfig ' "$a.log" | sed 's/  */ /g')"
rm -rf "$a" "$a.log"
