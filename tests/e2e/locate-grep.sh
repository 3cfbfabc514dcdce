#!/usr/bin/env bash
# excise locate SLOB and excise locate drivers/net/ethernet/intel/ixgb on the
# pristine 6.1 tree find every line a careful grep finds for the derived
# footprint (symbols as whole identifiers: CONFIG_X and CONFIG_X_MODULE
# everywhere, bare X in Kconfig files; owned paths; confirmed headers and
# identifiers), nothing grep does not find but what the structural rules add
# (toctree entries, device tables, MAINTAINERS sections, older spellings of
# a path), and locate every site of the corpus case (bench/corpus: 6.1 lines
# naming the case that upstream removed by 6.12, computed from the two trees).
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
tree=$(pristine)
pristine 6.12 >/dev/null
cases=$(python3 "$top/bench/corpus/discover.py" --no-api) || fail "bench/corpus/discover.py failed"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0

for case in slob:SLOB drivers/net/ethernet/intel/ixgb:drivers/net/ethernet/intel/ixgb; do
	name=${case%%:*} target=${case#*:}
	json=$scratch/${name//\//_}.json
	"$EXCISE" locate -C "$tree" --format=json "$target" > "$json" ||
		fail "locate $target failed"
	python3 - "$tree" "$json" "$cases" "$name" <<'PY' || status=1
import json, re, subprocess, sys
tree, jpath, opath, name = sys.argv[1:]
d = json.load(open(jpath))
fp = d["footprint"]
owned = [p for p in fp["paths"]]
def is_owned(path):
    return any(path == p or (p.endswith("/") and path.startswith(p)) for p in owned)

def grep(pattern, fixed=False, include=None):
    """grep -rnI over the tree; pattern is PCRE (or fixed); returns {(path, line)}."""
    # --include first: grep includes files no option names only when the first is --include.
    args = ["grep", "-rnI"] + (["--include=" + include] if include else [])
    args += ["--exclude-dir=.git", "--exclude=.excise-complete"]
    args += ["-F", pattern] if fixed else ["-P", pattern]
    args.append(".")
    out = subprocess.run(args, cwd=tree, capture_output=True, text=True, errors="replace").stdout
    hits = set()
    for line in out.splitlines():
        m = re.match(r"\./([^:]+):(\d+):", line)
        if m and not is_owned(m.group(1)):
            hits.add((m.group(1), int(m.group(2))))
    return hits

W = "[A-Za-z0-9_]"
def word(s):
    pre = "(?<!%s)" % W if re.match(W, s[0]) else ""
    post = "(?!%s)" % W if re.match(W, s[-1]) else ""
    return pre + re.escape(s) + post

G = set()
for s in fp["symbols"]:
    G |= grep(word("CONFIG_" + s)) | grep(word("CONFIG_" + s + "_MODULE"))
    G |= grep(word(s), include="Kconfig*")
for p in owned:
    G |= grep(word(p.rstrip("/")))
    # Objects of owned files in their directory's Makefile: "slob.o", also after "_" (KCOV_INSTRUMENT_slob.o).
    m = re.match(r"(.*)/([^/]+)\.[cS]$", p)
    if m:
        obj = re.escape(m.group(2) + ".o") + "(?!%s)" % W
        G |= {h for h in grep("(?<![A-Za-z0-9])" + obj, include="Makefile")
              if h[0] == m.group(1) + "/Makefile"}
for h in fp["headers"] + fp["identifiers"]:
    G |= grep(word(h))

E, blocks, kinds = set(), {}, {}
for r in d["references"]:
    for l in range(r["line"], r["last_line"] + 1):
        E.add((r["path"], l))
        kinds[(r["path"], l)] = r["kind"]
missing = sorted(G - E)
extra = sorted((p, l) for (p, l) in E - G)
structural = {"doc-index", "doc-table", "maintainers", "doc", "kconfig-entry"}
bad_extra = [(p, l) for (p, l) in extra if kinds[(p, l)] not in structural]
print("%s: grep finds %d lines, excise %d references (%d lines); missing %d, extra %d"
      % (name, len(G), len(d["references"]), len(E), len(missing), len(extra)))
for p, l in missing:
    print("  missing: %s:%d" % (p, l))
for p, l in extra:
    print("  extra (%s): %s:%d" % (kinds[(p, l)], p, l))

# The corpus case's sites that upstream removed (its own paths aside), each located.
case = next(c for c in json.load(open(opath))["cases"] if c["name"] == name)
rows = [s for s in case["sites"] if s[3] == "gone" and s[1] > 0]
wrong = ["%s:%s (%s) %s" % (p, l, k, t) for p, l, k, f, t in rows if (p, l) not in kinds]
for w in wrong:
    print("  not located: " + w)
print("result: %s: %d corpus sites, %d located; grep lines %d, all found: %s"
      % (name, len(rows), len(rows) - len(wrong), len(G), "yes" if not missing else "NO"))
sys.exit(1 if missing or bad_extra or wrong else 0)
PY
done
exit $status
