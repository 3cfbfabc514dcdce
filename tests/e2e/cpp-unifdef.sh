#!/usr/bin/env bash
# cpp-unifdef.sh - differential test of `excise cpp -U SYM` against
# `unifdef -U CONFIG_SYM -U CONFIG_SYM_MODULE` on every .c/.h file of the
# Linux 6.1 tree that names CONFIG_SYM or CONFIG_SYM_MODULE, for several
# symbols (CPP_UNIFDEF_SYMBOLS overrides the list).  +SYM in the list checks
# the symbol on instead: `excise cpp -D SYM` against
# `unifdef -D CONFIG_SYM -U CONFIG_SYM_MODULE`; SYM/B gives both -B
# (squeeze the blank line after a removed run between two blank lines).
#
# unifdef's options: none beyond -U.  Without -k it leaves "#if 0"-style
# constant conditions alone, as excise does; with -U a condition naming the
# symbol is evaluated (short-circuit && and ||), one it cannot evaluate is
# kept as written.  Its output differs from excise's where excise does more:
#   is-enabled   IS_ENABLED()/IS_BUILTIN()/IS_MODULE()/IS_REACHABLE() of the
#                symbol: function-like macros unifdef cannot evaluate
#   partial      a condition that stays unknown but loses decided operands
#                (A || X -> A): unifdef keeps such lines as written
#   continued    a directive continued with backslash-newline: unifdef reads
#                one physical line
#   comment      the #else/#endif comment rule (unifdef keeps comments)
#   unifdef-error unifdef gives up on the file (e.g. a comment spanning lines
#                hangs off a directive it would remove)
# A differing file is explained only if excise, run again on unifdef's output,
# gives exactly its own output on the original (so unifdef did nothing excise
# disagrees with), and every conditional excise still changes there is of a
# kind above.  Anything else fails the test, and so does a result that a
# second run of excise would change again.  Whitespace after "#if" is
# normalized (unifdef turns "#elif X" into "#if   X", excise into "#if X").
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${EXCISE:=$top/src/excise}"
[ -x "$EXCISE" ] || { echo "no excise binary at $EXCISE"; exit 77; }
command -v unifdef >/dev/null || { echo "unifdef is not installed"; exit 77; }
command -v rg >/dev/null || { echo "ripgrep is not installed"; exit 77; }
tree=$("$top/scripts/tree.sh" 6.1) || { echo "no 6.1 tree"; exit 77; }
export EXCISE TREE=$tree
exec python3 - "${CPP_UNIFDEF_SYMBOLS:-SLOB SLAB NUMA SMP HIGHMEM MODULES PM_SLEEP +NUMA +MODULES SMP/B}" <<'PYEOF'
import os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

excise, tree = os.environ["EXCISE"], os.environ["TREE"]
symbols = sys.argv[1].split()
tmpdir = tempfile.mkdtemp(prefix="excise-cpp-unifdef-")

def run(argv, cwd=tree):
    p = subprocess.run(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")

IF_BLANKS = re.compile(rb"^([ \t]*#[ \t]*)if[ \t]+", re.M)
def norm(text):
    return IF_BLANKS.sub(rb"\1if ", text)

COMMENT = re.compile(rb"/\*.*?\*/|//.*", re.S)
def strip_directive_comments(text):
    """The text with the comments of one-line directives removed (and blanks before them)."""
    return [re.sub(rb"[ \t]+$", b"", COMMENT.sub(b"", l)) if re.match(rb"\s*#", l) else l
            for l in norm(text).splitlines()]

def directives(lines, lo, hi):
    """The logical directive lines (continuations joined) among lines lo..hi (1-based)."""
    out, i = [], lo - 1
    while i < min(hi, len(lines)):
        line = lines[i]
        if re.match(rb"\s*#", line):
            text, cont = line, line.rstrip(b"\r\n").endswith(b"\\")
            while cont and i + 1 < len(lines):
                i += 1
                text += lines[i]
                cont = lines[i].rstrip(b"\r\n").endswith(b"\\")
            out.append(text)
        i += 1
    return out

def classify(sym, text, lo, hi, reason):
    """Why unifdef left a conditional excise changes; None if no known reason."""
    names = rb"CONFIG_" + sym.encode() + rb"(?:_MODULE)?\b"
    dirs = [d for d in directives(text.splitlines(keepends=True), lo, hi)]
    naming = [d for d in dirs if re.search(names, d)]
    tags = []
    if any(re.search(rb"\bIS_(?:ENABLED|BUILTIN|MODULE|REACHABLE)\s*\(\s*" + names, d) for d in naming):
        tags.append("is-enabled")
    if re.search(r" -> #(?:if|elif|ifdef|ifndef)\b", reason):
        tags.append("partial")
    if any(b"\\\n" in d or b"\\\r\n" in d for d in naming):
        tags.append("continued")
    if not tags and reason and all(part.endswith(" comment fixed") for part in reason.split("; ")):
        tags.append("comment")
    return "+".join(tags) or None

def compare(spec, path):
    sym, flag = spec.lstrip("+").split("/")[0], "-D" if spec.startswith("+") else "-U"
    b = ["-B"] if spec.endswith("/B") else []
    erc, eout, eerr = run([excise, "cpp"] + b + [flag, sym, path])
    urc, uout, uerr = run(["unifdef"] + b + [flag, "CONFIG_" + sym, "-U", "CONFIG_" + sym + "_MODULE", path])
    if erc not in (0, 1):
        return ("unexplained", ["excise failed: " + eerr.strip()])
    if erc == 1:
        # Resolving is idempotent: a second run over the result changes nothing.
        again = os.path.join(tmpdir, "again-%s-%s" % (spec.replace("/", "_"), path.replace("/", "_")))
        with open(again, "wb") as f:
            f.write(eout)
        arc, aout, aerr = run([excise, "cpp"] + b + [flag, sym, again])
        os.unlink(again)
        if arc != 0:
            return ("unexplained", ["a second run changes the result again (exit %d)" % arc])
    if urc not in (0, 1):
        msg = uerr.strip().splitlines()[0] if uerr.strip() else "exit %d" % urc
        return ("differ", ["unifdef-error: " + msg.replace(path + ": ", "")])
    if norm(eout) == norm(uout):
        return ("same", [])
    # Finish unifdef's output with excise: it must come out as excise's own.
    tmp = os.path.join(tmpdir, "%s-%s" % (spec.replace("/", "_"), path.replace("/", "_")))
    with open(tmp, "wb") as f:
        f.write(uout)
    rrc, rout, rerr = run([excise, "cpp"] + b + [flag, sym, tmp])
    comments = []
    if rrc in (0, 1) and norm(rout) != norm(eout) and \
            strip_directive_comments(rout) == strip_directive_comments(eout):
        # Only comments of directive lines differ: unifdef resolved the block
        # but kept a comment that names the symbol; excise fixed it.
        a, b = norm(rout).splitlines(), norm(eout).splitlines()
        comments = ["comment" for x, y in zip(a, b) if x != y]
        rout = eout
    if rrc not in (0, 1) or norm(rout) != norm(eout):
        import difflib
        d = difflib.unified_diff(norm(eout).decode("utf-8", "replace").splitlines(),
                                 norm(rout).decode("utf-8", "replace").splitlines(),
                                 "excise", "excise(unifdef)", lineterm="", n=1)
        return ("unexplained", ["excise(unifdef(f)) != excise(f)"] + list(d)[:30])
    lrc, lout, lerr = run([excise, "cpp", flag, sym, "--list", tmp])
    reasons = []
    for line in lout.decode("utf-8", "replace").splitlines():
        m = re.match(r"[^:]*:(\d+)-(\d+): (.*)", line)
        why = classify(sym, uout, int(m.group(1)), int(m.group(2)), m.group(3)) if m else None
        reasons.append("%s (unifdef output line %s: %s)" % (why, m.group(1), m.group(3))
                       if why is None else why)
        if why is None:
            return ("unexplained", ["no known reason: " + line])
    os.unlink(tmp)
    return ("differ", reasons + comments)

failed = 0
totals = {}
for sym in symbols:
    rc, out, err = run(["rg", "-l", "--type", "c", r"\bCONFIG_%s(_MODULE)?\b" % sym.lstrip("+").split("/")[0], "."])
    files = sorted(p[2:] if p.startswith("./") else p for p in out.decode().split())
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda p: (p, compare(sym, p)), files))
    same = sum(1 for _, (k, _r) in results if k == "same")
    differ = [(p, r) for p, (k, r) in results if k == "differ"]
    bad = [(p, r) for p, (k, r) in results if k == "unexplained"]
    kinds = {}
    label = (sym[1:] + "=y" if sym[0] == "+" else sym).replace("/B", " -B")
    print("== %s: %d files" % (label, len(files)))
    for p, r in differ:
        summary = {}
        for why in r:
            key = why.split(":")[0] if why.startswith("unifdef-error") else why
            summary[key] = summary.get(key, 0) + 1
            kinds[key] = kinds.get(key, 0) + 1
        print("  differs  %s: %s" % (p, ", ".join("%s x%d" % kv if kv[1] > 1 else kv[0]
                                                  for kv in sorted(summary.items()))))
        for why in r:
            if why.startswith("unifdef-error"):
                print("           %s" % why)
    for p, r in bad:
        print("  UNEXPLAINED %s:" % p)
        for line in r:
            print("           %s" % line)
    failed += len(bad)
    print("result: %-9s %4d files compared, %4d identical, %3d differing, %d unexplained; "
          "differences per conditional: %s"
          % (label, len(files), same, len(differ) + len(bad),
             len(bad), ", ".join("%s %d" % kv for kv in sorted(kinds.items(), key=lambda kv: -kv[1]))
             or "-"))
    for k in ("files", "same", "differ", "bad"):
        totals[k] = totals.get(k, 0) + {"files": len(files), "same": same,
                                         "differ": len(differ), "bad": len(bad)}[k]
print("result: all       %4d files compared, %4d identical, %3d differing, all explained but %d"
      % (totals["files"], totals["same"], totals["differ"], totals["bad"]))
os.rmdir(tmpdir) if not os.listdir(tmpdir) else None
sys.exit(1 if failed else 0)
PYEOF
