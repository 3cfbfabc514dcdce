#!/usr/bin/env bash
# cpp-gcc.sh - semantic check of `excise cpp` against the C preprocessor:
# random files of nested conditionals (fixed seed; every form excise knows,
# continuation lines, comments, strings) are resolved with CONFIG_X off and
# CONFIG_Y on; then for every assignment of the symbols left unknown
# (CONFIG_A, CONFIG_B, MODULE, GUARD_H) `gcc -E` of the original, with X off
# and Y on, must give the same tokens as `gcc -E` of the result.  IS_ENABLED
# and kin are given definitions that hold in #if for symbols defined to 1.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${EXCISE:=$top/src/excise}"
[ -x "$EXCISE" ] || { echo "no excise binary at $EXCISE"; exit 77; }
command -v gcc >/dev/null || { echo "gcc is not installed"; exit 77; }
export EXCISE
exec python3 - "${CPP_GCC_FILES:-600}" <<'PYEOF'
import itertools, os, random, subprocess, sys, tempfile

excise, nfiles = os.environ["EXCISE"], int(sys.argv[1])
rnd = random.Random(20240601)
ATOMS = ["defined(CONFIG_X)", "defined CONFIG_X", "CONFIG_X", "CONFIG_X_MODULE", "CONFIG_Y",
         "defined(CONFIG_Y_MODULE)", "IS_ENABLED(CONFIG_X)", "IS_BUILTIN(CONFIG_Y)",
         "IS_MODULE(CONFIG_Y)", "IS_REACHABLE(CONFIG_X)", "IS_REACHABLE(CONFIG_Y)",
         "IS_ENABLED(CONFIG_A)", "defined(CONFIG_A)", "CONFIG_B", "defined(MODULE)",
         "FOO(CONFIG_X)", "0", "1", "2"]
BINOPS = [" || ", " && ", "&&", " + ", " == ", " != ", " > ", " - ", " | ", " || \\\n\t", " &&\\\n "]
NAMES = ["CONFIG_X", "CONFIG_X_MODULE", "CONFIG_Y", "CONFIG_Y_MODULE", "CONFIG_A", "MODULE", "GUARD_H"]
COMMENTS = ["", "", "", " /* CONFIG_X */", " /* !CONFIG_X */", " /* CONFIG_A || CONFIG_X */",
            " // CONFIG_X", " /* spans\n lines */", " /* CONFIG_A */"]
counter = itertools.count()

def expr(depth=0):
    r = rnd.randrange(2 if depth > 3 else 7)
    if r <= 1:
        return rnd.choice(ATOMS)
    if r == 2:
        return "!" + expr(depth + 1)
    if r == 3:
        return "(" + expr(depth + 1) + ")"
    if r == 4:
        return "(%s ? %s : %s)" % (expr(depth + 1), expr(depth + 1), expr(depth + 1))
    return expr(depth + 1) + rnd.choice(BINOPS) + expr(depth + 1)

def text():
    n = next(counter)
    return rnd.choice(["int t%d;" % n, "/* #if CONFIG_X */ int t%d;" % n,
                       "const char *s%d = \"#ifdef CONFIG_X\";" % n, "char c%d = '\"';" % n,
                       "int t%d = \\\n 1;" % n, "/*\n#endif\n*/ int t%d;" % n, "int t%d; // #else" % n])

def random_file():
    out, stack = [], []
    for _ in range(rnd.randrange(1, 30)):
        r = rnd.randrange(100)
        if r < 18 and len(stack) < 8:
            k = rnd.randrange(3)
            line = ["#if " + expr(), "#ifdef " + rnd.choice(NAMES), "#ifndef " + rnd.choice(NAMES)][k]
            stack.append(False)
        elif r < 28 and stack and not stack[-1]:
            line = rnd.choice(["#elif ", "# elif "]) + expr()
        elif r < 36 and stack and not stack[-1]:
            line, stack[-1] = "#else", True
        elif r < 50 and stack:
            line = "#endif"
            stack.pop()
        else:
            out.append(text())
            continue
        out.append(line + rnd.choice(COMMENTS))
    out += ["#endif"] * len(stack)
    return "\n".join(out) + "\n"

MACROS = [  # hold in #if for symbols defined as 1 or undefined (## pastes the unexpanded name)
    "-DIS_BUILTIN(x)=(x+0)", "-DIS_MODULE(x)=(x##_MODULE+0)",
    "-DIS_ENABLED(x)=((x+0)||(x##_MODULE+0))",
    "-DIS_REACHABLE(x)=((x+0)||((x##_MODULE+0)&&(MODULE+0)))", "-DFOO(x)=(x+1)"]

def preprocess(path, defines):
    p = subprocess.run(["gcc", "-E", "-P", "-undef", "-x", "c"] + MACROS + defines + [path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode:
        sys.exit("gcc -E %s failed: %s" % (path, p.stderr.decode()))
    return p.stdout.decode().split()

with tempfile.TemporaryDirectory() as tmp:
    files = [random_file() for _ in range(nfiles)]
    src, res = os.path.join(tmp, "in.c"), os.path.join(tmp, "out.c")
    with open(src, "w") as f:
        f.write("".join(files))
    with open(res, "wb") as f:
        p = subprocess.run([excise, "cpp", "-U", "X", "-D", "Y", "--stats", src],
                           stdout=f, stderr=subprocess.PIPE)
    stats = p.stderr.decode().strip().splitlines()
    reviews = sum(1 for l in stats if ": warning: " in l)
    print("%d directives reported for review, e.g.:" % reviews)
    print("\n".join([l for l in stats if ": warning: " in l][:3] + stats[-1:]))
    if p.returncode != 1:
        sys.exit("excise cpp exited %d" % p.returncode)
    unknowns = ["CONFIG_A", "CONFIG_B", "MODULE", "GUARD_H"]
    bad = 0
    for bits in itertools.product([0, 1], repeat=len(unknowns)):
        defs = ["-D%s=1" % u for u, b in zip(unknowns, bits) if b]
        want = preprocess(src, defs + ["-DCONFIG_Y=1"])
        got = preprocess(res, defs + ["-DCONFIG_Y=1"])
        if want != got:
            bad += 1
            import difflib
            print("MISMATCH with %s:" % (" ".join(defs) or "all unknowns undefined"))
            print("\n".join(list(difflib.unified_diff(want, got, lineterm="", n=2))[:30]))
    lines = sum(f.count("\n") for f in files)
    print("result: %d random files, %d lines, resolved with X off and Y on: %s"
          % (nfiles, lines, stats[-1].split(" directives, ", 1)[-1] if stats else ""))
    print("result: gcc -E of the original and of the result agree under %d of %d assignments "
          "of CONFIG_A, CONFIG_B, MODULE, GUARD_H" % (16 - bad, 16))
    sys.exit(1 if bad else 0)
PYEOF
