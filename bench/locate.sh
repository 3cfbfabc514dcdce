#!/usr/bin/env bash
# excise locate against ripgrep (rg -n -F -f patterns) and grep -rnF -f
# patterns over the whole pristine 6.1 tree, with the same pattern set: every
# string excise searched for the target (symbols, paths, objects, candidate
# headers and identifiers, spec words).  Warm cache, RUNS runs each; the
# median wall time, its ratio to excise's, and the peak memory.  excise also
# classifies what it finds; rg and grep only print lines.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
tree=$("$top/scripts/tree.sh") || exit 1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

printf '%-11s %4s %5s | %-16s | %-16s %6s | %-16s %6s\n' case pats refs \
	"excise s (MB)" "rg s (MB)" "rg/ex" "grep -rnF s (MB)" "gr/ex"
for case in SLOB drivers/net/ethernet/intel/ixgb intermezzo; do
	name=$(basename "$case")
	"$EXCISE" locate -C "$tree" --format=json "$case" > "$scratch/$name.json"
	python3 - "$scratch/$name.json" > "$scratch/$name.pats" <<'PY'
import json, re, sys
fp = json.load(open(sys.argv[1]))["footprint"]
pats = set()
for s in fp["symbols"]:
    pats |= {"CONFIG_" + s, "CONFIG_%s_MODULE" % s, s}
for p in fp["paths"]:
    p = p.rstrip("/")
    pats.add(p)
    base = p.rsplit("/", 1)[-1]
    pats.add("/" + base)
    stem = base.rsplit(".", 1)[0]
    pats |= {base, stem + ".o"}
pats |= set(fp["headers"]) | set(fp["identifiers"]) | set(fp["words"])
for d in fp["dropped"]:
    pats.add(d.split()[1].rstrip(":"))
print("\n".join(sorted(pats)))
PY
	npats=$(wc -l < "$scratch/$name.pats")
	refs=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["references"]))' "$scratch/$name.json")
	# Warm the page cache.
	rg -n -F -f "$scratch/$name.pats" "$tree" >/dev/null 2>&1
	: > "$scratch/ex" ; : > "$scratch/rg" ; : > "$scratch/gr"
	for _ in $(seq 1 "$RUNS"); do
		measure "$scratch/ex" "$EXCISE" locate -C "$tree" "$case"
		measure "$scratch/rg" rg -n -F -f "$scratch/$name.pats" "$tree"
	done
	for _ in $(seq 1 $(( RUNS > 2 ? 2 : RUNS ))); do
		measure "$scratch/gr" grep -rnF -f "$scratch/$name.pats" "$tree"
	done
	ex=$(median "$scratch/ex" 1) rgt=$(median "$scratch/rg" 1) grt=$(median "$scratch/gr" 1)
	printf '%-11s %4s %5s | %6.2f (%5.0f)   | %6.2f (%5.0f)   %6.2f | %6.2f (%5.0f)   %6.2f\n' \
		"$name" "$npats" "$refs" "$ex" "$(( $(maxof "$scratch/ex" 2) / 1024 ))" \
		"$rgt" "$(( $(maxof "$scratch/rg" 2) / 1024 ))" "$(echo "$rgt / $ex" | bc -l)" \
		"$grt" "$(( $(maxof "$scratch/gr" 2) / 1024 ))" "$(echo "$grt / $ex" | bc -l)"
done
echo "(median of $RUNS runs; rg/ex > 1 means excise is faster; 6.1 tree: $(find "$tree" -type f | wc -l) files)"
