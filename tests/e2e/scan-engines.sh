#!/usr/bin/env bash
# Teddy and Hyperscan find the same hits in 32 MB of real kernel C (the
# 6.1 tree, tree order) for real strings of 2, 10, 48 and 100 (as
# bench/scaling.sh picks them), and SCAN_AUTO takes Teddy for the small
# sets (on a CPU with AVX2) and Hyperscan for the large one
# (bench/engines.sh, small).
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
tree=$(pristine)
make -s -C "$top" build/bench/scanrate || fail "cannot build bench/scanrate"
out=$(MB=32 SIZES="2 10 48 100" bash "$top/bench/engines.sh" 2>&1) ||
	fail "bench/engines.sh: $out"
echo "$out" | sed 's/^/     /'
choice() { echo "$out" | awk -v n="$1" '$1 == n { print $2 }'; }
# Without AVX2, Teddy goes a byte at a time: Hyperscan from 2 strings on.
few=hyperscan
grep -qw avx2 /proc/cpuinfo && few=teddy
[ "$(choice 2)" = $few ] && [ "$(choice 10)" = $few ] || fail "SCAN_AUTO should take $few for 2 and 10 strings"
[ "$(choice 100)" = hyperscan ] || fail "SCAN_AUTO should take Hyperscan for 100 strings"
hits=$(echo "$out" | awk '$1 ~ /^[0-9]+$/ { s += $3 } END { print s + 0 }')
[ "$hits" -gt 0 ] || fail "no hits at all: the strings were not found in the text"
echo "result: the engines agree on $hits hits in 32 MB; SCAN_AUTO: 2 $(choice 2), 10 $(choice 10), 48 $(choice 48), 100 $(choice 100)"
