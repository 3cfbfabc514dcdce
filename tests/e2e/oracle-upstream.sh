#!/usr/bin/env bash
# SLOB (mm/, a named case of the corpus) and ixgb removed from a work copy of
# 6.1, given nothing but the symbol, and scored by the corpus
# (bench/corpus/run.py) against what upstream did by 6.12, computed from the
# two trees: recall 100%, nothing over-removed, no link residue, no new
# x86_64 Kconfig warning.  Negative control: the same scoring of a removal
# that takes ixgbe with ixgb (6.12 keeps ixgbe) must fail.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine >/dev/null
pristine 6.12 >/dev/null
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
copy=$cache/work/test-corpus-oracle
# --no-api: no ctags index of the whole trees (half an hour each, cold); the
# API sites are make corpus's.
run() { python3 "$top/bench/corpus/run.py" --no-api --copy "$copy" "$@"; }
status=0

echo "== slob and ixgb"
run --kconfig --out "$scratch/ok" --min-recall 100 --min-case-recall 100 \
	slob drivers/net/ethernet/intel/ixgb > "$scratch/ok.log" 2>&1 || status=1
cat "$scratch/ok.log"
grep -Eq '^corpus: 2 cases, recall 100\.0% \(with API sites [0-9.]+%\), over-removed paths 0, over-removed symbols 0, residue 0, compile not run, refused 0, failed 0' "$scratch/ok.log" ||
	{ echo "FAIL: slob and ixgb are not 100% recall without over-removal"; status=1; }

echo "== negative control: ixgb and ixgbe"
if run --out "$scratch/bad" --min-recall 100 --symbols drivers/net/ethernet/intel/ixgb=IXGB,IXGBE \
	drivers/net/ethernet/intel/ixgb > "$scratch/bad.log" 2>&1; then
	cat "$scratch/bad.log"
	echo "FAIL: removing ixgbe too was not caught"
	status=1
else
	grep -E '^(corpus|FAIL):' "$scratch/bad.log"
	grep -q 'over-removal: [1-9]' "$scratch/bad.log" || { echo "FAIL: no over-removal reported"; status=1; }
fi
tail -1 "$scratch/ok.log" | sed 's/^corpus:/result: oracle-upstream:/'
exit $status
