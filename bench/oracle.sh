#!/usr/bin/env bash
# The removals judged against upstream's (../shared/oracle): case, sites,
# recall, over-removal, seconds of excise remove --dry-run on the pristine tree.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
tree=$("$top/scripts/tree.sh") || exit 1
oracle=$top/../shared/oracle
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
printf '%-6s %6s %8s %13s %8s\n' case sites recall over-removal seconds
for case in slob:SLOB ixgb:drivers/net/ethernet/intel/ixgb; do
	name=${case%%:*} target=${case#*:}
	/usr/bin/time -f '%e' -o "$scratch/t" "$EXCISE" remove -C "$tree" --dry-run "$target" > "$scratch/d" 2>/dev/null
	line=$(python3 "$top/tests/lib/oracle.py" "$scratch/d" "$oracle/$name" "$(cat "$scratch/t")" | grep '^result:')
	echo "$line" | sed -E 's/result: ([a-z]+): ([0-9]+) sites, recall ([0-9.]+%), over-removal ([0-9]+), ([0-9.]+) s/\1 \2 \3 \4 \5/' |
		awk '{ printf "%-6s %6s %8s %13s %8s\n", $1, $2, $3, $4, $5 }'
done
