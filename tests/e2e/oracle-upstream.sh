#!/usr/bin/env bash
# SLOB and ixgb removed from the pristine 6.1 tree, given nothing but the
# symbol or the path, judged against upstream's own removals by 6.12
# (../shared/oracle): per kind, recall (sites upstream removed that excise
# removed too) and over-removal (sites excise removed that upstream kept).
# Targets: recall 100% of what upstream removed, no over-removal.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
tree=$(pristine)
oracle=$top/../shared/oracle
[ -d "$oracle" ] || skip "no oracle in $oracle"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
for case in slob:SLOB ixgb:drivers/net/ethernet/intel/ixgb; do
	name=${case%%:*} target=${case#*:}
	t0=$(date +%s.%N)
	"$EXCISE" remove -C "$tree" --dry-run "$target" > "$scratch/$name.diff" 2> "$scratch/$name.err" ||
		{ cat "$scratch/$name.err"; fail "remove --dry-run $target failed"; }
	t1=$(date +%s.%N)
	echo "== $name ($target)"
	python3 "$top/tests/lib/oracle.py" "$scratch/$name.diff" "$oracle/$name" \
		"$(printf '%.1f' "$(echo "$t1 - $t0" | bc)")" || status=1
done
exit $status
