#!/usr/bin/env bash
# cpp-slob.sh - `excise cpp -U SLOB` on the four 6.1 files with SLOB
# conditionals (include/linux/slab.h, mm/slab.h, mm/slab_common.c,
# security/tomoyo/common.h), checked against the oracle's c-sites.tsv
# (/work/shared/oracle/slob, what upstream did by 6.12):
#   - every row's conditional is resolved the way its shape says upstream
#     went: #ifdef CONFIG_SLOB / #if defined(CONFIG_SLOB) branches go with
#     their body, #ifndef CONFIG_SLOB keeps its body without the directive,
#     the #else of an #if defined(CONFIG_SLOB) stays without its directive,
#     and in mm/slab.h's SLAB/SLUB/SLOB #elif chain only the SLOB arm goes;
#   - exactly those lines are deleted, no other line of the file changes,
#     and no line of the result names CONFIG_SLOB;
#   - the oracle's body_in_6.12 column (how many lines of each branch 6.12
#     still has) is shown beside each row, as a weak hint, not checked.
# The diff is printed for reading.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${EXCISE:=$top/src/excise}"
oracle=${EXCISE_ORACLE:-/work/shared/oracle}/slob/c-sites.tsv
[ -x "$EXCISE" ] || { echo "no excise binary at $EXCISE"; exit 77; }
[ -f "$oracle" ] || { echo "no oracle at $oracle"; exit 77; }
tree=$("$top/scripts/tree.sh" 6.1) || { echo "no 6.1 tree"; exit 77; }
cd "$tree" || exit 2
files="include/linux/slab.h mm/slab.h mm/slab_common.c security/tomoyo/common.h"
# shellcheck disable=SC2086
"$EXCISE" cpp -U SLOB --diff $files
echo
# shellcheck disable=SC2086
"$EXCISE" cpp -U SLOB --list --stats $files
echo
export EXCISE ORACLE=$oracle
exec python3 - $files <<'PYEOF'
import difflib, os, re, subprocess, sys

excise, oracle = os.environ["EXCISE"], os.environ["ORACLE"]
files = sys.argv[1:]
rows = [l.rstrip("\n").split("\t") for l in open(oracle)][1:]
ok = True

def fail(msg):
    global ok
    ok = False
    print("FAIL: " + msg)

expected, deleted, results = {}, {}, {}
for path in files:
    orig = open(path, "rb").read().decode("utf-8", "replace").splitlines(keepends=True)
    p = subprocess.run([excise, "cpp", "-U", "SLOB", path], stdout=subprocess.PIPE)
    if p.returncode != 1:
        fail("%s: exit %d, expected 1 (changed)" % (path, p.returncode))
    out = p.stdout.decode("utf-8", "replace").splitlines(keepends=True)
    results[path] = (orig, out)
    dels = set()
    for op, a1, a2, b1, b2 in difflib.SequenceMatcher(None, orig, out, autojunk=False).get_opcodes():
        if op == "delete":
            dels.update(range(a1 + 1, a2 + 1))
        elif op != "equal":
            fail("%s: lines %d-%d %s, expected only deletions" % (path, a1 + 1, a2, op))
    deleted[path] = dels
    expected[path] = set()
    for n, line in enumerate(out, 1):
        if re.search(r"\bCONFIG_SLOB\b", line):
            fail("%s: result line %d still names CONFIG_SLOB: %s" % (path, n, line.strip()))

print("%-34s %-26s %-44s %s" % ("site", "condition", "expected (upstream's choice)", "body_in_6.12 / excise"))
agree = 0
for path, open_line, end_line, branches, cond, nlines, shape, fate, body in rows:
    if path not in results:
        fail("oracle row for %s, a file not checked" % path)
        continue
    orig = results[path][0]
    end = int(end_line)
    arms = [(b.split("@")[0], int(b.split("@")[1])) for b in branches.split(";")]
    bounds = [line for _, line in arms[1:]] + [end]
    exp, what = set(), []
    decided = emitted = False
    for (kind, line), nxt in zip(arms, bounds):
        text = orig[line - 1]
        names = re.search(r"\bCONFIG_SLOB\b", text)
        if decided:                              # after a branch known true
            exp.update(range(line, nxt))
            what.append(kind + " dropped")
        elif names and (kind == "ifndef" or re.search(r"!\s*defined", text)):
            exp.add(line)                        # SLOB off: true, body stays
            decided = True
            what.append(kind + " body kept")
        elif names:                              # SLOB off: false, branch goes
            exp.update(range(line, nxt))
            what.append(kind + " dropped")
        elif kind == "else" and not emitted:     # all before it went
            exp.add(line)
            decided = True
            what.append("else body kept")
        else:
            emitted = True
            what.append(kind + " stays")
    if not emitted:
        exp.add(end)                             # the #endif goes too
    expected[path] |= exp
    got = deleted[path] & set(range(int(open_line), end + 1))
    same = got == exp
    agree += same
    kept = [w.split()[0] for w in what if "kept" in w or "stays" in w]
    print("%-34s %-26s %-44s %s -> %s" % ("%s:%s" % (path, open_line), cond,
                                          ", ".join(what), body, "same" if same else "DIFFERENT"))
    if not same:
        fail("%s:%s: deleted %s, expected %s" % (path, open_line, sorted(got ^ exp)[:10],
                                                 "lines above"))
for path in files:
    extra = deleted[path] - expected[path]
    missing = expected[path] - deleted[path]
    if extra:
        fail("%s: lines deleted outside the oracle's sites: %s" % (path, sorted(extra)[:20]))
    if missing:
        fail("%s: lines not deleted: %s" % (path, sorted(missing)[:20]))
total = sum(len(d) for d in deleted.values())
print("result: SLOB c-sites: %d of %d rows resolved as upstream did (%d files)" % (agree, len(rows), len(files)))
print("result: %d lines deleted, %d expected from the oracle's rows, 0 lines rewritten, no CONFIG_SLOB left"
      % (total, sum(len(e) for e in expected.values())) if ok else "result: FAILED")
sys.exit(0 if ok else 1)
PYEOF
