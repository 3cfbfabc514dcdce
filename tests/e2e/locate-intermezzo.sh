#!/usr/bin/env bash
# On the pristine 6.1 tree, excise locate intermezzo finds exactly what the
# 2004 removal left behind: the char major 185 block of devices.txt (to
# remove) and the CREDITS line (kept).
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
tree=$(pristine)

out=$("$EXCISE" locate -C "$tree" --format=tsv intermezzo); rc=$?
[ $rc = 0 ] || fail "exit status $rc, want 0"
want=$(printf '%s\n' \
	'CREDITS	481	credits	InterMezzo	D: Coda & InterMezzo filesystems' \
	'Documentation/admin-guide/devices.txt	2516	doc-table	char major 185	 185 char\tInterMezzo high availability file system')
if [ "$out" != "$want" ]; then
	diff -u <(echo "$want") <(echo "$out")
	fail "locate intermezzo on 6.1 found something else"
fi
json=$("$EXCISE" locate -C "$tree" --format=json intermezzo)
echo "$json" | python3 -c '
import json, sys
d = json.load(sys.stdin)
acts = {(r["path"], r["line"]): (r["action"], r["last_line"]) for r in d["references"]}
assert acts[("CREDITS", 481)][0] == "kept", acts
assert acts[("Documentation/admin-guide/devices.txt", 2516)] == ("remove", 2523), acts
assert d["footprint"]["owned_files"] == [], d["footprint"]["owned_files"]
' || fail "JSON: actions or the block's extent are wrong"
human=$("$EXCISE" locate -C "$tree" intermezzo)
echo "$human"
echo "$human" | grep -q "kept: history" || fail "the human report does not say why CREDITS is kept"
echo "result: locate intermezzo on 6.1: 2 references (devices.txt 185 block: remove, CREDITS: kept)"
