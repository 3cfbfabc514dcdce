"""api.py - the API sites of the corpus' cases (used by discover.py).

An API name of a case is a C name (function, variable, macro, enumerator,
typedef, struct/union/enum tag, struct member, a name a kernel definition
macro makes) that 6.1 defines only in the case's removed files (its owned
paths, its headers) or inside a conditional on the case's symbols (every
branch of an #if/#ifdef chain that names one: the real definitions and
the stubs of the #else alike), and that 6.12 defines nowhere.  Its API
sites are the lines of 6.1 outside the case's own files that use it in
code (comments and string literals do not count, nor a file whose own
local, parameter or macro parameter has the name), with their fate in
6.12 like any other site.  Definitions come from defs.Index (ctags); a
name defined anywhere else in 6.1 (another architecture, another driver,
a static of another file) is not the case's.
"""
import collections, os, re, subprocess

import defs
import trees


NOISE = re.compile(r'/\*.*?(?:\*/|\Z)|//[^\n]*|"(?:\\.|[^"\\\n])*"?|\'(?:\\.|[^\'\\\n])*\'?', re.S)


def code_lines(lines):
    """Each line with comments and string and character literals blanked
    (one regular expression over the file: a comment's or literal's
    newlines stay, so the lines stay where they were)."""
    text = NOISE.sub(lambda m: " " + "\n" * m.group(0).count("\n"), "\n".join(lines))
    return text.split("\n")


def owned_files(c, files61):
    out = []
    for o in c["owned"]:
        if o.endswith("/"):
            out += [p for p in files61.get(o.rstrip("/"), [])]
        else:
            out.append(o)
    return out


def api_sites(cases, t61, t612, f61, f612, log):
    """Sets c["api"] of each case: [path, line, fate, text, names] rows."""
    by_dir = collections.defaultdict(list)   # every ancestor directory -> files under it
    for p in f61:
        d = os.path.dirname(p)
        while d:
            by_dir[d].append(p)
            d = os.path.dirname(d)
    src = re.compile(r"\.[chS]$")
    removed, regions, region_files = {}, {}, set()
    for c in cases:
        rm = {p for p in owned_files(c, by_dir) if src.search(p) and p not in f612}
        for h in c.get("headers", ()):
            for p in ["include/" + h] + ["arch/%s/include/%s" % (a, h) for a in
                                           ("arm", "mips", "powerpc", "sh", "m68k", "alpha", "x86")]:
                if p in f61 and p not in f612:
                    rm.add(p)
        removed[c["name"]] = rm
        pat = re.compile(r"\bCONFIG_(%s)(_MODULE)?\b" % "|".join(map(re.escape, c["symbols"])))
        reg = {}
        for p in sorted({s[0] for s in c["sites"] if s[1] and src.search(s[0]) and
                         not s[0].startswith(defs.EXCLUDED_DIRS)}):
            lines = trees.read_lines(os.path.join(t61, p)) or []
            r = defs.symbol_regions(lines, pat)
            if r:
                reg[p] = r
                region_files.add(p)
        regions[c["name"]] = reg
    files = sorted(region_files | {p for rm in removed.values() for p in rm})
    tags = defs.file_tags(t61, files, locals_too=False)
    log("api: ctags over %d removed files and files with blocks on the cases' symbols" % len(files))
    cand = {}
    for c in cases:
        names = set()
        for p in removed[c["name"]]:
            names |= {n for n, k, _ in tags.get(p, []) if k in defs.DEF_KINDS}
        for p, r in regions[c["name"]].items():
            names |= {n for n, k, ln in tags.get(p, []) if k in defs.DEF_KINDS and ln in r}
        cand[c["name"]] = names
    allnames = set().union(*cand.values()) if cand else set()
    idx61, idx612 = defs.Index(t61, log), defs.Index(t612, log)
    where61, where612 = idx61.lookup(allnames), idx612.lookup(allnames)
    log("api: %d candidate names looked up" % len(allnames))
    api = {}
    for c in cases:
        rm, reg = removed[c["name"]], regions[c["name"]]
        api[c["name"]] = {n for n in cand[c["name"]] if n not in where612 and n in where61 and all(
            f in rm or ln in reg.get(f, ()) for _, f, ln in where61[n])}
    names = set().union(*api.values()) if api else set()
    own = {c["name"]: set(owned_files(c, by_dir)) for c in cases}
    cases_of = collections.defaultdict(list)
    for c in cases:
        for n in api[c["name"]]:
            cases_of[n].append(c["name"])
    hits = collections.defaultdict(list)   # name -> [(path, line)], outside its case's own files
    if names:
        for p, ln, text in defs.word_hits(t61, names):
            for w in set(trees.WORD.findall(text)) & names:
                if any(p not in own[cn] for cn in cases_of[w]):
                    hits[w].append((p, ln))
    hit_files = sorted({p for v in hits.values() for p, _ in v})
    local = collections.defaultdict(set)
    for p, ts in defs.file_tags(t61, hit_files, locals_too="only", regexes=False).items():
        local[p] = {n for n, k, _ in ts if k in defs.LOCAL_KINDS}
    code, text = {}, {}
    for p in hit_files:
        lines = trees.read_lines(os.path.join(t61, p)) or []
        text[p], code[p] = lines, code_lines(lines)
    log("api: %d names of %d cases, used on %d files" % (len(names), sum(1 for v in api.values() if v),
                                                          len(hit_files)))
    for c in cases:
        seen = {(s[0], s[1]) for s in c["sites"]}
        rows = collections.defaultdict(set)
        for n in api[c["name"]]:
            for p, ln in hits.get(n, ()):
                if p in own[c["name"]] or (p, ln) in seen or n in local[p] or ln > len(code[p]):
                    continue
                if not re.search(r"\b%s\b" % re.escape(n), code[p][ln - 1]):
                    continue
                rows[(p, ln)].add(n)
        out = []
        for (p, ln), ns in sorted(rows.items()):
            if p not in f612:
                fate = "file-gone"
            else:
                g = trees.gone_lines(os.path.join(t61, p), os.path.join(t612, p))
                fate = "gone" if ln in g else "kept"
            out.append([p, ln, fate, text[p][ln - 1].strip()[:200], ",".join(sorted(ns))])
        c["api"] = out
        c["api_names"] = sorted(api[c["name"]])
