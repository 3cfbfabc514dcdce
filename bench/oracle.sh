#!/usr/bin/env bash
# SLOB and ixgb judged against upstream's own removals by 6.12, scored by the
# corpus (bench/corpus/run.py, from the two trees): case, symbols, sites
# upstream removed, recall, over-removed paths/symbols/lines, seconds of
# excise remove on a work copy.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
python3 "$top/bench/corpus/run.py" --copy "$cache/work/bench-oracle" --out "$scratch" \
	slob drivers/net/ethernet/intel/ixgb | grep -v '^per-case'
