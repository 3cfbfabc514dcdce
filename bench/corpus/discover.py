#!/usr/bin/env python3
"""discover.py [-o CASES.json] [--force] - the corpus of upstream removals from 6.1 to 6.12.

Kconfig symbols defined in 6.1 (linux-source-6.1) and nowhere in 6.12
(linux-source-6.12) whose Kconfig file is under drivers/, fs/, sound/ or
arch/{arm,alpha,mips,powerpc,sh,m68k}/, grouped into cases by what builds
them:
  - symbols defined in Kconfig files of one directory are one case;
  - symbols defined or built in a directory 6.12 no longer has are one case
    (the topmost such directory, unless its C files mostly moved elsewhere);
  - symbols inside an `if SYM` block of a removed SYM, or inside a `menu`
    whose line 6.12 no longer has, join that case;
  - a symbol that depends directly on a removed symbol of the same Kconfig
    file joins that symbol's case.
Excluded, and listed: symbols whose objects 6.12 still has at the same path
and no other symbol builds (still built: a renamed symbol, or a condition
upstream dropped; Kbuild lines inside `ifeq ($(CONFIG_X),y)` blocks count
as X's), or under another path with the same basename (or, for a file 6.12
added, its basename without a leading or trailing _/- part: drm_nomodeset.c
became video/nomodeset.c) and at least half of
the distinctive lines (moved), or in files 6.12 added to the same directory
that together hold half of them and each a fifth (renamed or split);
symbols without objects whose prompt a 6.12 symbol of the same directory
carries, or whose help text's first sentence (40 characters or more) a
symbol new in 6.12 opens its help with (renamed); symbols with no gone
objects whose #if blocks guard at least 20 lines of which 6.12 keeps half
or more in the same file (folded: upstream made the code unconditional,
which is not a removal).

For each case, the reference sites of 6.1 and their fate in 6.12: lines that
name CONFIG_SYM (or bare SYM in Kconfig files), an owned path (what its
Kbuild lines build and 6.12 no longer has), an owned header's include name
(a header gone from 6.12 that mostly the case's files include), an
identifier only the case exports (EXPORT_SYMBOL), or a Documentation page
6.12 no longer has that is named for an owned path or a symbol (as
"dir/page", its toctree spelling); outside the case's own files.
Fate: gone (GNU diff of the file: deleted or changed), kept, or file-gone (the
file went for other reasons).  The case's own paths are sites too (line 0).

Named cases outside the scope (-n NAME=SYM[,SYM]) are scored the same way
(SLOB, in mm/).  The result is cached: CASES.json (default
$EXCISE_CACHE/corpus/cases.json) is rebuilt when missing, when --force is
given, or when the trees changed (their .excise-complete stamps).
"""
import argparse, collections, hashlib, json, os, re, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import api  # noqa: E402
import defs  # noqa: E402
import trees  # noqa: E402

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
EXPORT = re.compile(r"\bEXPORT_SYMBOL(?:_GPL|_NS|_NS_GPL)?\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)")


def kind_of(path):
    b = os.path.basename(path)
    if b.startswith("Kconfig"):
        return "kconfig"
    if b in ("Makefile", "Kbuild") or b.startswith("Makefile."):
        return "makefile"
    if "/configs/" in path and (path.startswith("arch/") or path.startswith("kernel/")):
        return "defconfig"
    if path.startswith("tools/testing/"):
        return "selftest"
    if path == "MAINTAINERS":
        return "maintainers"
    if path.startswith("Documentation/"):
        return "doc"
    if b.endswith((".c", ".h", ".S")):
        return "c"
    if path.startswith(("scripts/", "tools/")):
        return "script"
    return "other"


class UF:
    def __init__(self):
        self.p = {}

    def find(self, x):
        self.p.setdefault(x, x)
        while self.p[x] != x:
            self.p[x] = self.p[self.p[x]]
            x = self.p[x]
        return x

    def union(self, a, b):
        a, b = self.find(a), self.find(b)
        if a != b:
            if b < a:
                a, b = b, a
            self.p[b] = a


def first_sentence(text, least=40):
    """The first sentence of a help text, blanks folded; None when shorter
    than least characters (too common to say two symbols are one)."""
    t = " ".join(text.split())
    m = re.match(r"(.+?[.!?])(\s|$)", t)
    t = m.group(1) if m else t
    return t if len(t) >= least else None


def distinctive(lines):
    return {l.strip() for l in lines if len(l.strip()) >= 12}


CPP_IF = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)")


def folded(t61, t612, syms, least=20):
    """Symbols of syms whose positive #if blocks (#ifdef CONFIG_X, #if IS_ENABLED(CONFIG_X), ...)
    in 6.1 hold at least `least` distinctive lines of which 6.12 keeps at least half in the
    same file: {symbol: why}."""
    if not syms:
        return {}
    pat = r"^\s*#\s*(if|ifdef|elif).*\bCONFIG_(%s)(_MODULE)?\b" % "|".join(sorted(syms))
    r = subprocess.run(["rg", "-l", "-g", "*.[ch]", pat, t61], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True)
    body = collections.defaultdict(lambda: [0, 0])   # symbol -> [guarded, kept]
    for path in r.stdout.split():
        rel = os.path.relpath(path, t61)
        new = distinctive(trees.read_lines(os.path.join(t612, rel)) or [])
        stack = []   # per open #if: the symbols it is positive on, or None
        for l in trees.read_lines(path) or []:
            m = CPP_IF.match(l)
            if m:
                d, rest = m.groups()
                if d in ("if", "ifdef", "elif"):
                    if d == "elif" and stack:
                        stack.pop()
                    # Only a block on these symbols alone: `#if defined(CONFIG_X) ||
                    # defined(CONFIG_KEPT)` guards code that stays for KEPT's sake.
                    words = {re.sub(r"_MODULE$", "", w[7:]) for w in re.findall(r"CONFIG_\w+", rest)}
                    stack.append(words if words and words <= syms and "!" not in rest else None)
                elif d == "ifndef":
                    stack.append(None)
                elif d == "else" and stack:
                    stack[-1] = None
                elif d == "endif" and stack:
                    stack.pop()
                continue
            t = l.strip()
            if len(t) < 12:
                continue
            for x in {x for st in stack if st for x in st}:
                body[x][0] += 1
                body[x][1] += t in new
    return {x: "folded: 6.12 keeps %d of the %d lines its #if blocks guarded" % (k, g)
            for x, (g, k) in body.items() if g >= least and 2 * k >= g}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-o", "--out")
    ap.add_argument("--force", action="store_true")
    # The API sites need a ctags index of each whole tree (defs.Index: half
    # an hour a tree, cold): make corpus and make bench count them; the
    # tests (corpus-small, locate-grep) score the sites without them.
    ap.add_argument("--no-api", action="store_true")
    ap.add_argument("-n", "--named", action="append", default=["slob=SLOB"])
    a = ap.parse_args()
    cache = os.environ.get("EXCISE_CACHE", os.path.expanduser("~/.cache/excise"))
    # The code that made the list is part of its name: two checkouts of
    # excise (two work trees) keep a list each instead of rebuilding it in turns.
    me = hashlib.sha1(b"".join(open(f, "rb").read() for f in (
        __file__, trees.__file__, api.__file__, defs.__file__))).hexdigest()[:12]
    out = a.out or os.path.join(cache, "corpus", "cases-%s%s.json" % (me, "-noapi" if a.no_api else ""))
    t61, t612 = trees.tree_path("6.1"), trees.tree_path("6.12")
    stamp = [open(os.path.join(t, ".excise-complete")).read().strip() + "@%d" %
             os.stat(os.path.join(t, ".excise-complete")).st_mtime for t in (t61, t612)]
    if not a.force and os.path.exists(out):
        try:
            old = json.load(open(out))
            if old.get("stamp") == stamp and old.get("named") == a.named and old.get("code") == me:
                print(out)
                return
        except ValueError:
            pass
    t0 = time.time()
    L61, L612 = trees.listing(t61), trees.listing(t612)
    f61 = {p for p, (t, _) in L61.items() if t == "f"}
    f612 = {p for p, (t, _) in L612.items() if t == "f"}
    d61 = {p for p, (t, _) in L61.items() if t == "d"}
    d612 = {p for p, (t, _) in L612.items() if t == "d"}
    log = lambda m: print("discover: %s (%.0f s)" % (m, time.time() - t0), file=sys.stderr)

    # Kconfig definitions.
    defs61 = collections.defaultdict(list)
    for p in sorted(f61):
        if os.path.basename(p).startswith("Kconfig"):
            for e in trees.parse_kconfig(os.path.join(t61, p)):
                e["file"] = p
                defs61[e["sym"]].append(e)
    syms612 = set()
    prompts612 = collections.defaultdict(set)   # (dir, prompt) -> syms
    helps612 = collections.defaultdict(set)     # first sentence of the help -> syms
    for p in sorted(f612):
        if os.path.basename(p).startswith("Kconfig"):
            for e in trees.parse_kconfig(os.path.join(t612, p)):
                syms612.add(e["sym"])
                if e["prompt"]:
                    prompts612[(os.path.dirname(p), e["prompt"])].add(e["sym"])
                h = first_sentence(e["help"])
                if h and e["sym"] not in defs61:
                    helps612[h].add(e["sym"])
    removed = sorted(s for s in defs61 if s not in syms612)
    log("%d symbols in 6.1, %d in 6.12, %d removed" % (len(defs61), len(syms612), len(removed)))
    kb = trees.Kbuild(t61, f61)
    log("Kbuild read")

    by_base = collections.defaultdict(list)
    for p in f612:
        by_base[os.path.basename(p)].append(p)
    line_cache = {}

    def lines_of(tree, p):
        k = (tree, p)
        if k not in line_cache:
            line_cache[k] = distinctive(trees.read_lines(os.path.join(tree, p)) or [])
        return line_cache[k]

    new_by_dir = collections.defaultdict(list)   # files 6.12 added, by directory
    new_by_base = collections.defaultdict(list)  # and by basename
    for p in f612 - f61:
        new_by_dir[os.path.dirname(p)].append(p)
        new_by_base[os.path.basename(p)].append(p)

    def shorter_names(base):
        """The basenames base has without a leading or trailing part
        (drm_nomodeset.c: nomodeset.c, drm.c)."""
        stem, ext = os.path.splitext(base)
        parts = re.split(r"([_-])", stem)
        out = []
        for i in range(2, len(parts), 2):
            out.append("".join(parts[i:]) + ext)
            out.append("".join(parts[:len(parts) - i]) + ext)
        return out

    def moved_to(src):
        """Where a 6.1 source file is in 6.12: its own path, another with the
        same basename, a new file named without a leading or trailing part of
        its name (drm_nomodeset.c: video/nomodeset.c), new files of its own directory (renamed or split:
        rk808.c became rk8xx-core.c, intel-m10-bmc.c became -core.c and
        -spi.c), or None."""
        if src in f612:
            return src
        old = lines_of(t61, src)
        if not old:
            return None
        best, score = None, 0.0
        for cand in by_base.get(os.path.basename(src), []):
            s = len(old & lines_of(t612, cand)) / len(old)
            if s > score:
                best, score = cand, s
        if score >= 0.5:
            return best
        # a file 6.12 added elsewhere under the name without a part
        # (drivers/gpu/drm/drm_nomodeset.c became drivers/video/nomodeset.c)
        for cand in (c for b in shorter_names(os.path.basename(src)) for c in new_by_base.get(b, [])):
            s = len(old & lines_of(t612, cand)) / len(old)
            if s > score:
                best, score = cand, s
        if score >= 0.5:
            return best
        ext = os.path.splitext(src)[1]
        parts = [(len(old & lines_of(t612, c)) / len(old), c)
                 for c in sorted(new_by_dir.get(os.path.dirname(src), [])) if c.endswith(ext)]
        parts = sorted((x for x in parts if x[0] >= 0.2), reverse=True)
        union = set().union(*(lines_of(t612, c) for _, c in parts)) if parts else set()
        return parts[0][1] if parts and len(old & union) / len(old) >= 0.5 else None

    def files_under(d):
        pre = d.rstrip("/") + "/"
        return [p for p in f61 if p.startswith(pre)]

    def topgone(d):
        if not d or d in d612 or d not in d61:
            return None
        while True:
            parent = os.path.dirname(d)
            if not parent or parent in d612:
                return d
            d = parent

    # source -> symbols whose Kbuild lines build it.  A line that names the
    # source's own object is the one that decides whether it is built: soc.c
    # of `mt7915e-$(CONFIG_MT7986_WMAC) += soc.o` is MT7986_WMAC's, not also
    # MT7915E's, whose obj- line builds the composite mt7915e.o.
    src_syms = collections.defaultdict(set)
    src_direct = collections.defaultdict(set)
    for sym, rows in kb.by_sym.items():
        for mk, ln, objs in rows:
            for o in objs:
                for src in kb.sources(o):
                    src_syms[src].add(sym)
                    if os.path.splitext(src)[0] == o[:-2]:
                        src_direct[src].add(sym)
    for src, syms in src_direct.items():
        src_syms[src] = syms
    excluded, info = [], {}
    for s in removed:
        e = next((e for e in defs61[s] if e["file"].startswith(trees.SCOPE)), None)
        if e is None:
            continue
        arch = re.match(r"arch/([^/]+)/", e["file"])
        if arch and "arch/" + arch.group(1) not in d612:
            excluded.append((s, e["file"], "whole architecture removed"))
            continue
        srcs = []
        for mk, ln, objs in kb.by_sym.get(s, []):
            for o in objs:
                srcs += kb.sources(o)
        srcs = sorted(set(srcs))
        # A source other symbols build too (a shared directory or helper) says
        # nothing about this symbol's fate.
        srcs = [x for x in srcs if src_syms[x] == {s} or x.rstrip("/") not in f612 | d612]
        kept, moved, gone = [], [], []
        for src in srcs:
            if src.endswith("/"):
                d = src.rstrip("/")
                if d in d612:
                    kept.append(src)
                    continue
                cs = [p for p in files_under(d) if p.endswith(".c")]
                mv = [(p, moved_to(p)) for p in cs]
                mv = [(p, q) for p, q in mv if q]
                if cs and len(mv) * 2 >= len(cs):
                    moved.append("%s -> %s" % (src, os.path.dirname(mv[0][1]) + "/"))
                else:
                    gone.append(src)
            else:
                q = moved_to(src)
                if q == src:
                    kept.append(src)
                elif q:
                    moved.append("%s -> %s" % (src, q))
                else:
                    gone.append(src)
        if srcs and (len(kept) + len(moved)) * 2 >= len(srcs):
            if kept and not moved:
                why = "still built: 6.12 builds its objects at the same paths, " \
                    "under another symbol or none (%s)" % ", ".join(kept)
            else:
                why = "moved: %s" % ", ".join(moved + ["%s kept" % k for k in kept])
            excluded.append((s, e["file"], why))
            continue
        if not gone and e["prompt"]:
            ren = prompts612.get((os.path.dirname(e["file"]), e["prompt"]))
            if ren:
                excluded.append((s, e["file"], "renamed: 6.12 %s has its prompt \"%s\"" %
                                 ("/".join(sorted(ren)), e["prompt"])))
                continue
        # FSCACHE_DEBUG: fs/netfs's NETFS_DEBUG (new in 6.12) opens its help
        # with FSCACHE_DEBUG's first sentence, word for word.
        ren = helps612.get(first_sentence(e["help"])) if not gone else None
        if ren:
            excluded.append((s, e["file"], "renamed: 6.12 %s (new) has its help text \"%s\"" %
                             ("/".join(sorted(ren)), first_sentence(e["help"]))))
            continue
        info[s] = {"entry": e, "gone": gone}
    # A symbol upstream folded in (made unconditional, DRM_AMD_DC_DCN): its
    # objects are not gone and 6.12 keeps most of what its #if blocks
    # guarded.  Removing the symbol with it off is another job than the
    # one upstream did: excluded and listed.
    for s, why in folded(t61, t612, {x for x, i in info.items() if not i["gone"]}).items():
        excluded.append((s, info[s]["entry"]["file"], why))
        del info[s]
    log("%d symbols in the corpus, %d excluded" % (len(info), len(excluded)))

    moved_dirs = {}

    def dir_moved(d):
        """A gone directory whose C files mostly reappear elsewhere in 6.12 (saa7146 went back
        from staging to drivers/media/common): not owned by the symbols built in it."""
        if d not in moved_dirs:
            cs = [p for p in files_under(d) if p.endswith(".c")]
            moved_dirs[d] = bool(cs) and sum(1 for p in cs if moved_to(p)) * 2 >= len(cs)
        return moved_dirs[d]

    def kconfig_moved(d):
        """A gone directory most of whose Kconfig symbols 6.12 still defines (fs/fscache/: its
        FSCACHE and FSCACHE_STATS live on in fs/netfs/): it moved, FSCACHE_DEBUG does not own it."""
        here = [x for x, es in defs61.items() if any(os.path.dirname(e["file"]) == d for e in es)]
        return bool(here) and sum(1 for x in here if x in syms612) * 2 >= len(here)

    def owned_dir(d):
        g = topgone(d)
        return g if g and not dir_moved(g) and not kconfig_moved(g) else None

    uf = UF()
    for s, i in info.items():
        e = i["entry"]
        uf.union("sym:" + s, "kdir:" + os.path.dirname(e["file"]))
        g = owned_dir(os.path.dirname(e["file"]))
        if g:
            uf.union("sym:" + s, "dir:" + g)
        for src in i["gone"]:
            g = owned_dir(src.rstrip("/")) if src.endswith("/") else owned_dir(os.path.dirname(src))
            if g:
                uf.union("sym:" + s, "dir:" + g)
        for kind, what, ln in e["blocks"]:
            if kind == "if":
                for w in trees.WORD.findall(what):
                    if w in info:
                        uf.union("sym:" + s, "sym:" + w)
            elif kind == "menu":
                new = trees.read_lines(os.path.join(t612, e["file"])) or []
                if not any(l.strip() == ("menu " + what).strip() for l in new):
                    uf.union("sym:" + s, "menu:%s:%d" % (e["file"], ln))
        for w in e["deps"]:
            if w in info and info[w]["entry"]["file"] == e["file"]:
                uf.union("sym:" + s, "sym:" + w)
    groups = collections.defaultdict(list)
    for node in list(uf.p):
        groups[uf.find(node)].append(node)

    cases = []
    for root, nodes in groups.items():
        syms = sorted(n[4:] for n in nodes if n.startswith("sym:"))
        if not syms:
            continue
        dirs = sorted(n[4:] for n in nodes if n.startswith("dir:"))
        owned = set(d + "/" for d in dirs)
        for s in syms:
            for src in info[s]["gone"]:
                if not any(src.startswith(d) for d in owned if d.endswith("/")):
                    owned.add(src)
        kdirs = sorted(n[5:] for n in nodes if n.startswith("kdir:"))
        name = dirs[0] if len(dirs) == 1 else kdirs[0] if len(kdirs) == 1 else syms[0]
        cases.append({"name": name, "symbols": syms, "owned": sorted(owned),
                      "kconfig": sorted({info[s]["entry"]["file"] for s in syms})})
    for spec in a.named:
        nm, _, ss = spec.partition("=")
        syms = ss.split(",")
        owned = set()
        for s in syms:
            for mk, ln, objs in kb.by_sym.get(s, []):
                for o in objs:
                    owned.update(x for x in kb.sources(o) if x.rstrip("/") not in f612 | d612)
        cases.append({"name": nm, "symbols": syms, "owned": sorted(owned), "named": True,
                      "kconfig": sorted({e["file"] for s in syms for e in defs61.get(s, [])})})
    log("%d cases" % len(cases))

    # Documentation pages 6.12 no longer has (nor under another path), named for an owned directory or
    # file or for a symbol (Documentation/.../intel/ixgb.rst): owned, and
    # their toctree entries ("intel/ixgb") are sites.
    docs = collections.defaultdict(list)
    for p in f61:
        if p.startswith("Documentation/") and p not in f612 and p.endswith((".rst", ".txt")) \
                and not moved_to(p):
            docs[os.path.splitext(os.path.basename(p))[0].lower()].append(p)
    # A file's name is the case's only when 6.12 keeps no file of that name: mach-iop32x/i2c.c
    # and pmu.c do not make bindings/i2c/i2c.txt or amlogic/pmu.txt the case's.
    kept_stems = collections.Counter(os.path.splitext(os.path.basename(p))[0].lower() for p in f612
                                     if p.endswith((".c", ".h", ".S")))
    for c in cases:
        names = {os.path.splitext(os.path.basename(o.rstrip("/")))[0].lower() for o in c["owned"]
                 if o.endswith("/") or not kept_stems[os.path.splitext(os.path.basename(o))[0].lower()]}
        names |= {x.lower() for x in c["symbols"]}
        c["docs"] = sorted(p for n in names for p in docs.get(n, []))
        c["owned"] = sorted(set(c["owned"]) | set(c["docs"]))

    # Owned files, headers only the case includes, identifiers it exports.
    def owned_files(c):
        out = []
        for o in c["owned"]:
            out += files_under(o) if o.endswith("/") else [o]
        return out
    cand = collections.defaultdict(set)   # include name -> cases
    for ci, c in enumerate(cases):
        c["identifiers"] = set()
        for p in owned_files(c):
            for l in trees.read_lines(os.path.join(t61, p)) or []:
                m = INCLUDE.match(l)
                if m and m.group(1).endswith(".h"):
                    inc = m.group(1)
                    for h in ["include/" + inc] + ["arch/%s/include/%s" % (x, inc) for x in
                                                   ("arm", "mips", "powerpc", "sh", "m68k", "alpha")]:
                        if h in f61 and h not in f612:
                            cand[inc].add(ci)
                m = EXPORT.search(l)
                if m:
                    c["identifiers"].add(m.group(1))
    # An identifier counts only when no file outside the case exports it
    # (slob.c exports kmalloc, and so do slab.c and slub.c).
    r = subprocess.run(["rg", "-uu", "-n", "--no-heading", "-g", "*.c", r"EXPORT_SYMBOL", "."],
                       cwd=t61, stdout=subprocess.PIPE, text=True, errors="replace")
    exporters = collections.defaultdict(set)
    for l in r.stdout.splitlines():
        p, _, rest = l.partition(":")
        m = EXPORT.search(rest)
        if m:
            exporters[m.group(1)].add(p[2:] if p.startswith("./") else p)
    # Nor when a file outside the case defines a function of that name
    # (rtl8192e has its own SendDisassociation, which 6.12 renamed).
    allids = sorted({i for c in cases for i in c["identifiers"]})
    if allids:
        pat = os.path.join(os.path.dirname(out), "identifiers.%d.pat" % os.getpid())
        os.makedirs(os.path.dirname(out), exist_ok=True)
        open(pat, "w").write("".join(i + "\n" for i in allids))
        r = subprocess.run(["rg", "-uu", "-n", "-w", "--no-heading", "-g", "*.[ch]", "-f", pat, "."],
                           cwd=t61, stdout=subprocess.PIPE, text=True, errors="replace")
        os.unlink(pat)
        for l in r.stdout.splitlines():
            p, _, rest = l.partition(":")
            _, _, text = rest.partition(":")
            # a definition's first line: at column 0, a call of the name, no ';'
            if not re.match(r"[A-Za-z_]", text) or text.rstrip().endswith(";"):
                continue
            for i in set(trees.WORD.findall(text)):
                if re.search(r"\b%s\s*\(" % re.escape(i), text) and i in allids:
                    exporters[i].add(p[2:] if p.startswith("./") else p)
    for c in cases:
        c["identifiers"] = {i for i in c["identifiers"] if all(
            any(p == o or (o.endswith("/") and p.startswith(o)) for o in c["owned"]) for p in exporters[i])}
    includers = collections.defaultdict(set)
    if cand:
        pats = os.path.join(os.path.dirname(out), "includes.%d.pat" % os.getpid())
        os.makedirs(os.path.dirname(out), exist_ok=True)
        open(pats, "w").write("".join(sorted(k + "\n" for k in cand)))
        r = subprocess.run(["rg", "-uu", "-o", "-n", "-F", "-f", pats, "--no-heading", "-g", "*.[chS]", "."],
                           cwd=t61, stdout=subprocess.PIPE, text=True, errors="replace")
        os.unlink(pats)
        for l in r.stdout.splitlines():
            p, _, rest = l.partition(":")
            _, _, inc = rest.partition(":")
            includers[inc].add(p[2:] if p.startswith("./") else p)
    for inc, cis in cand.items():
        for ci in cis:
            c = cases[ci]
            mine = [p for p in includers[inc] if any(p == o or (o.endswith("/") and p.startswith(o))
                                                     for o in c["owned"])]
            if mine and len(mine) * 2 >= len(includers[inc]):
                c.setdefault("headers", set()).add(inc)
    log("headers and identifiers")

    # One search for every case's tokens; then each line's tokens, cases and fate.
    words, bare, paths = collections.defaultdict(set), collections.defaultdict(set), collections.defaultdict(set)
    for ci, c in enumerate(cases):
        for s in c["symbols"]:
            words["CONFIG_" + s].add(ci)
            words["CONFIG_" + s + "_MODULE"].add(ci)
            bare[s].add(ci)
        for i in c["identifiers"]:
            words[i].add(ci)
        for o in c["owned"]:
            paths[o.rstrip("/")].add(ci)
        for p in c["docs"]:
            stem = os.path.splitext(p)[0]
            paths["/".join(stem.split("/")[-2:])].add(ci)
        for h in c.get("headers", ()):
            paths[h].add(ci)
            for pre in ("include/",):
                paths[pre + h].add(ci)
    d = os.path.dirname(out)

    def rg(tokens, extra):
        pat = os.path.join(d, "tokens.%d.pat" % os.getpid())
        open(pat, "w").write("".join(sorted(t + "\n" for t in tokens)))
        r = subprocess.run(["rg", "-uu", "-n", "-I", "--with-filename", "--no-heading", "-F",
                            "-f", pat] + extra + ["."], cwd=t61, stdout=subprocess.PIPE,
                           errors="replace", text=True)
        os.unlink(pat)
        for l in r.stdout.splitlines():
            p, _, rest = l.partition(":")
            ln, _, text = rest.partition(":")
            if ln.isdigit():
                yield (p[2:] if p.startswith("./") else p), int(ln), text
    hits = collections.defaultdict(dict)   # ci -> (path, line) -> text
    for p, ln, text in rg(words, ["-w"]):
        for w in set(trees.WORD.findall(text)) & words.keys():
            for ci in words[w]:
                hits[ci][(p, ln)] = text
    # A bare name in a Kconfig file is a reference on an expression line,
    # not in a prompt or help text ("ATMEL Image Sensor Controller" does
    # not name the ATMEL wireless driver).
    kexpr = re.compile(r"^\s*(config|menuconfig|depends\s+on|select|imply|default|def_bool|"
                       r"def_tristate|if|visible\s+if|range|bool|tristate|prompt|choice|"
                       r"string|int|hex)\b.*")
    prose = re.compile(r"^\s*(bool|tristate|prompt|string|int|hex)\s+\"[^\"]*\"\s*$")
    for p, ln, text in rg(bare, ["-w", "-g", "Kconfig*"]):
        if not kexpr.match(text) or prose.match(text):
            continue
        # the quoted prompt never counts: `bool "Foo" if BAR` names BAR only
        expr = re.sub(r'"[^"]*"', '""', text)
        for w in set(trees.WORD.findall(expr)) & bare.keys():
            for ci in bare[w]:
                hits[ci][(p, ln)] = text
    pathre = {t: re.compile(r"(?<![A-Za-z0-9_-])" + re.escape(t) + r"(?![A-Za-z0-9_-])") for t in paths}
    for p, ln, text in rg(paths, []):
        for t, rx in pathre.items():
            if t in text and rx.search(text):
                for ci in paths[t]:
                    hits[ci][(p, ln)] = text
    log("searched")
    import concurrent.futures
    need = sorted({p for h in hits.values() for (p, ln) in h if p in f612})
    with concurrent.futures.ThreadPoolExecutor(4) as ex:
        list(ex.map(lambda p: trees.gone_lines(os.path.join(t61, p), os.path.join(t612, p)), need))
    for ci, c in enumerate(cases):
        own = c["owned"]
        sites = []
        for o in own:
            sites.append([o, 0, "own", "gone" if o.rstrip("/") not in f612 | d612 else "kept", ""])
        for (p, ln), text in sorted(hits[ci].items()):
            if any(p == o or (o.endswith("/") and p.startswith(o)) for o in own):
                continue
            if p not in f612:
                fate = "file-gone"
            else:
                g = trees.gone_lines(os.path.join(t61, p), os.path.join(t612, p))
                fate = "gone" if ln in g else "kept"
            sites.append([p, ln, kind_of(p), fate, text.strip()[:200]])
        c["sites"] = sites
        c["identifiers"] = sorted(c["identifiers"])
        c["headers"] = sorted(c.get("headers", ()))
    log("fates")
    if not a.no_api:
        api.api_sites(cases, t61, t612, f61, f612, log)
        log("api sites")
    cases.sort(key=lambda c: c["name"])
    os.makedirs(os.path.dirname(out), exist_ok=True)
    tmp = out + ".tmp"
    json.dump({"stamp": stamp, "named": a.named, "code": me, "trees": [t61, t612],
               "cases": cases, "excluded": sorted(excluded),
               "symbols612": sorted(syms612)}, open(tmp, "w"), indent=0)
    os.replace(tmp, out)
    print(out)


if __name__ == "__main__":
    main()
