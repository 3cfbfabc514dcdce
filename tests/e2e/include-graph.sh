#!/usr/bin/env bash
# src/ keeps its layers (scripts/include-graph.py): no file includes or calls
# one of a layer above it, and no files depend on each other in a cycle.
# The script is shown to find both first, on a fixture that has each.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
graph=$top/scripts/include-graph.py
out=$("$graph" --src "$top/tests/fixtures/include-graph/src") && fail "the fixture's problems were not found"
for want in "mystery.c: in no layer" "util.c (core) includes remove.h (pipeline:plan): points up the layers" \
	"cycle: series.h <-> series_text.h"; do
	grep -qF "$want" <<< "$out" || fail "the fixture: no \"$want\" in: $out"
done
obj=$top/build/obj
[ -d "$obj" ] || fail "no $obj: make all first"
"$graph" --src "$top/src" --obj "$obj" || fail "src/ breaks its layers"
