#!/usr/bin/env bash
# The matching engines on their own: GB/s of one thread over the 6.1 tree's
# .c and .h files in memory (the first MB megabytes in tree order, 512 by
# default), with Teddy, with Hyperscan and with the choice SCAN_AUTO makes,
# for sets of real strings picked as bench/scaling.sh picks them.  This is
# the measure behind scan.c's threshold between the two: the automatic
# choice should be the faster engine at each size.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
tree=$("$top/scripts/tree.sh") || exit 1
bin=${SCANRATE:-$top/build/bench/scanrate}
[ -x "$bin" ] || make -C "$top" -s build/bench/scanrate || exit 1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

real_strings "$tree" "$scratch"
sets=()
for n in ${SIZES:-2 4 8 10 16 24 32 48 64 100 1000}; do
	pick_strings "$n" "$scratch" > "$scratch/strings$n"
	sets+=("$scratch/strings$n")
done
"$bin" "$tree" "${MB:-512}" "${sets[@]}"
echo "(GB/s of CPU time, one thread; '-': Teddy alone is not measured beyond 64 strings)"
