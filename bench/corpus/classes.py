#!/usr/bin/env python3
"""classes.py OUT_DIR - the misses and over-removals of a corpus run, by class.

Reads the per-case TSVs that run.py wrote and groups
  - missed sites (upstream removed the line, excise kept it; "rewritten
    upstream" when upstream replaced it rather than deleting it) by kind and by
    the shape of the line (a Kconfig `depends on`, `select`, `default ... if`,
    an `#include`, an `#ifdef`, a MAINTAINERS F: line, a call, ...);
  - own paths excise did not delete;
  - over-removed paths, symbols and lines (with excise's reason; paths and
    symbols that upstream's trees explain by the explanation's class);
  - residue names; failures (excise's message),
each class with its count, the number of cases and up to three example cases.
"""
import collections, glob, os, re, sys


def shape(kind, text):
    t = text.strip()
    if kind == "own":
        return "own path not deleted"
    if kind == "kconfig":
        for k in ("depends on", "select", "imply", "default", "config", "menuconfig", "source", "if", "range"):
            if t.startswith(k):
                return "kconfig " + k
        if t.startswith(("bool", "tristate")):
            return "kconfig prompt ... if"
        if t.startswith("||") or t.startswith("&&") or t.endswith("\\\\") or t.endswith(")"):
            return "kconfig continued expression"
        return "kconfig help text or other"
    if kind == "c":
        if re.match(r"#\s*include", t):
            return "c #include"
        if re.match(r"#\s*(if|ifdef|ifndef|elif|else|endif)", t):
            return "c #if/#ifdef line"
        if re.match(r"#\s*define", t):
            return "c #define"
        if t.startswith(("/*", "*", "//")):
            return "c comment"
        if "IS_ENABLED" in t or "IS_REACHABLE" in t or "IS_BUILTIN" in t:
            return "c IS_ENABLED()"
        return "c code (call, table, declaration)"
    if kind == "makefile":
        return "makefile " + ("ifdef/ifeq" if re.match(r"(ifdef|ifeq|ifneq|ifndef)", t) else
                              "object list" if "+=" in t or ":=" in t else "other")
    if kind == "maintainers":
        return "maintainers " + (t[:2] if re.match(r"[A-Z]:", t) else "section line")
    if kind == "doc":
        return "doc"
    return kind


def explained(label, text):
    """LABEL, with the class of run.py's "explained: ..." when TEXT has one
    (the chain of symbols and the symbols' names left out)."""
    m = re.search(r"explained: (?:built by \w+: )?(?:through \w+: )*(.*)$", text)
    if not m:
        return label
    return label + ", explained: " + re.sub(r"[A-Z0-9_]{3,}(, [A-Z0-9_]{3,})*", "X", m.group(1))


def main():
    out = sys.argv[1]
    classes = collections.defaultdict(list)   # class -> [(case, detail)]
    # Only the cases of the last run (summary.tsv): a TSV of a case the
    # corpus no longer has (one excluded since) is stale.
    try:
        rows = open(os.path.join(out, "summary.tsv")).read().split("\n")[1:]
        wanted = {r.split("\t")[0].replace("/", "_") + ".tsv" for r in rows if r and not r.startswith("#")}
    except OSError:
        wanted = None
    for f in sorted(glob.glob(os.path.join(out, "*.tsv"))):
        if os.path.basename(f) == "summary.tsv" or (wanted is not None and os.path.basename(f) not in wanted):
            continue
        lines = open(f, errors="replace").read().split("\n")
        case = re.match(r"# case (\S+)", lines[0]).group(1) if lines and lines[0].startswith("# case") else f
        for l in lines[2:]:
            r = l.split("\t")
            if len(r) < 7:
                continue
            sec, path, ln, kind, fate, ex, text = r[:7]
            if sec == "site" and ex.startswith("MISSED"):
                label = "missed, reported: " if ex == "MISSED-REPORTED" else "missed: "
                if fate == "rewritten":
                    label += "rewritten upstream: "
                classes[label + shape(kind, text)].append((case, "%s:%s %s" % (path, ln, text[:100])))
            elif sec == "site" and ex == "OVER-REMOVED":
                classes["over-removed site upstream kept"].append((case, "%s:%s %s" % (path, ln, text[:100])))
            elif sec == "over-path":
                classes[explained("over-removed path", text)].append((case, path))
            elif sec == "over-symbol":
                classes[explained("over-removed symbol", text)].append(
                    (case, "%s (%s:%s)" % (text.split("  [")[0], path, ln)))
            elif sec == "over-line":
                m = re.search(r"\[(?:in the block at line \d+: )?([a-z-]+) ", text)
                classes["over-removed line: " + (m.group(1) if m else "no locate reference")].append(
                    (case, "%s:%s %s" % (path, ln, text[:140])))
            elif sec == "residue":
                classes["residue"].append((case, "%s in %s:%s" % (kind, path, ln)))
            elif sec == "error":
                msg = re.sub(r"[^ ]*/[^ ]*|'[^']*'|\d+", "X", text)[:60]
                classes["failed: " + msg].append((case, text[:200]))
            elif sec == "kconfig":
                classes["new Kconfig warning"].append((case, text[:160]))
    for cl, items in sorted(classes.items(), key=lambda kv: -len(kv[1])):
        cases = collections.OrderedDict()
        for c, d in items:
            cases.setdefault(c, d)
        print("%-52s %5d in %3d cases" % (cl, len(items), len(cases)))
        for c, d in list(cases.items())[:3]:
            print("    %-40s %s" % (c, d))


if __name__ == "__main__":
    main()
