#!/usr/bin/env bash
# slob-upstream-files.sh - the four C files `excise remove SLOB` transforms
# (mm/slab.h, mm/slab_common.c, include/linux/slab.h, security/tomoyo/
# common.h), each compared with the same file in linux-source-6.12, after
# upstream's own removal of SLOB (6.4).
#
# The files changed for other reasons too between 6.1 and 6.12 (SLAB went in
# 6.8 and SLUB's struct kmem_cache moved into mm/slab.h, kmalloc buckets
# came), so the comparison is by line text, counted: a line excise deletes
# must be one of which 6.12 has fewer copies than 6.1 (upstream deleted it
# too), and every line naming SLOB that upstream deleted excise deletes too.
# The exceptions are listed below, each with the reason the files differ;
# any other difference fails.  Lines upstream changed that excise leaves
# are counted per file ("other reasons"): the SLOB part is the rest.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
command -v python3 >/dev/null || skip "python3 is not installed"
p61=$(pristine 6.1)
p612=$(pristine 6.12)
a=$(workcopy slob-upstream)
trap 'rm -rf "$a"' EXIT
"$EXCISE" remove -C "$a" SLOB >/dev/null || fail "excise remove SLOB failed"

python3 - "$p61" "$a" "$p612" <<'PY' || fail "the transformed files differ from upstream's beyond the listed exceptions"
import re, sys
from collections import Counter

before, after, upstream = sys.argv[1:4]
files = ["mm/slab.h", "mm/slab_common.c", "include/linux/slab.h", "security/tomoyo/common.h"]

# (file, line text): why excise and 6.12 differ there for a reason other
# than the removal itself.
exceptions = {
    ("mm/slab.h", "struct kmem_cache {"):
        "SLOB's struct kmem_cache goes; 6.12 has SLUB's here instead (moved from "
        "include/linux/slub_def.h when SLAB was removed in 6.8)",
    ("mm/slab.h", "static inline struct kmem_cache *"):
        "the same move brought SLUB's helpers of that shape into mm/slab.h",
    ("include/linux/slab.h", " * by kmalloc(), because the SLOB allocator cannot handle this."):
        "prose in a comment: excise reports it for review and never rewrites it; "
        "upstream reworded the comment",
}
# Lines that say nothing alone: braces, comment edges, blank, #else/#endif.
trivial = re.compile(r"^\s*(\{|\}|\};|/\*|\*/|\*|#endif.*|#else.*|)\s*$")


def read(root, f):
    with open(f"{root}/{f}", encoding="utf-8", errors="surrogateescape") as fp:
        return fp.read().split("\n")


bad = 0
used = set()


def differ(f, t, how, failure):
    """A difference at line text t of f: explained by an exception (0) or not (1)."""
    if (f, t) in exceptions:
        used.add((f, t))
        print(f"  {how}: {t!r}: {exceptions[(f, t)]}")
        return 0
    print(f"  FAIL: {failure}")
    return 1


print(f"result: {'file':28} {'excise -':>8} {'upstream too':>12} {'other reasons':>13}")
for f in files:
    A, E, U = read(before, f), read(after, f), read(upstream, f)
    cA, cE, cU = Counter(A), Counter(E), Counter(U)
    removed = sum(max(cA[t] - cE[t], 0) for t in cA)
    also = sum(min(max(cA[t] - cE[t], 0), max(cA[t] - cU[t], 0)) for t in cA)
    other = sum(max(cA[t] - cU[t], 0) for t in cA) - also
    print(f"result: {f:28} {removed:8} {also:12} {other:13}")
    for t in cA:
        k, m = cA[t] - cE[t], cA[t] - cU[t]
        if k > 0 and k > m and not trivial.match(t):
            bad += differ(f, t, "excise deletes, 6.12 keeps",
                          f"excise deletes {k} of {t!r}, upstream {max(m, 0)}")
        if "SLOB" in t and m > 0 and k < m:
            bad += differ(f, t, "6.12 changes, excise keeps", f"upstream deletes {t!r}, excise keeps it")
    for t in cE:
        if cE[t] > cA[t] and cE[t] > cU[t]:
            print(f"  FAIL: excise adds {t!r}, which 6.12 does not have")
            bad += 1
    if any("CONFIG_SLOB" in t for t in E):
        print(f"  FAIL: {f} still names CONFIG_SLOB")
        bad += 1
for f, t in sorted(set(exceptions) - used):
    print(f"  FAIL: the exception for {f}: {t!r} is not needed any more")
    bad += 1
print(f"result: {len(files)} files: every line excise deletes (blank, brace, #else, #endif aside) upstream deleted too, "
      f"{len(used)} listed exceptions" if not bad else f"result: {bad} unexplained differences")
sys.exit(1 if bad else 0)
PY
