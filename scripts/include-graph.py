#!/usr/bin/env python3
"""include-graph.py [--src DIR] [--obj DIR] [--dot] - src/'s layers, and what breaks them.

The files of src/ sit in layers, bottom first (LAYERS below; the pipeline's
stages are layers of their own, in the order data flows: target ->
footprint -> references -> plan -> apply -> series -> check).  A file
depends on another when it includes it (#include "x.h", found as the
compiler does: beside the includer, then in src/) or, with --obj, when its
object calls a function or uses a variable the other's object defines (nm:
the edge an include of a shared header hides, as series_split.h did
between series.c and series_text.c).  The rules:

  - every file is in exactly one layer (a new file gets a row here);
  - no dependency points up: a file uses its own layer and those below;
  - no cycle among the files (a header and its .c are separate files).

Prints each violation and a summary line; exits 0 when there is none, 1
otherwise, 2 on bad usage.  --dot prints the graph (files grouped by layer)
instead.
"""
import argparse, fnmatch, os, re, subprocess, sys

# Bottom first.  A pattern is fnmatch'ed against a file's path under src/
# without its extension ("plan", "builtin/remove").
LAYERS = [
    ("core", ["util", "sha1", "kind", "progress", "walk", "scan", "run_command", "ref", "footprint",
              "parse_options", "plan", "apply", "git", "tree_top", "suggest"]),
    ("kconfig", ["kconfig", "kconfig_ast", "kconfig_parse", "kconfig_expr"]),
    ("rules", ["classify", "cnames", "clex", "docs", "kbuild", "defconfig", "maintainers",
               "cpp", "cpp_expr", "cocci", "cocci_parse", "kconfig_remove", "rules", "kbuild_needs",
               "stubs"]),
    ("pipeline:target", ["target", "spec", "derive", "derive_companions", "gone"]),
    ("pipeline:references", ["locate", "report", "dangling", "dangling_collect",
                             "dangling_report"]),
    ("pipeline:plan", ["links", "helpers", "remove"]),
    ("pipeline:series", ["series", "series_split", "series_text", "patchset"]),
    ("pipeline:check", ["connect", "check", "check_*", "coverage", "coverage_plan", "script_result"]),
    ("builtin", ["builtin/*"]),
]

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def layer_of(stem):
    hits = [i for i, (_, pats) in enumerate(LAYERS) if any(fnmatch.fnmatchcase(stem, p) for p in pats)]
    return hits


def sources(src):
    out = []
    for d, _, files in os.walk(src):
        for f in files:
            if f.endswith((".c", ".h")):
                out.append(os.path.relpath(os.path.join(d, f), src))
    return sorted(out)


def include_edges(src, files):
    edges = set()
    fileset = set(files)
    for f in files:
        with open(os.path.join(src, f), encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        for name in INCLUDE.findall(text):
            beside = os.path.normpath(os.path.join(os.path.dirname(f), name))
            target = beside if beside in fileset else os.path.normpath(name)
            if target in fileset and target != f:
                edges.add((f, target, "includes"))
    return edges


def nm(path, *args):
    r = subprocess.run(["nm"] + list(args) + [path], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       text=True)
    return r.stdout.splitlines() if r.returncode == 0 else []


def symbol_edges(obj, files):
    """X.c -> Y.c when X's object uses a global symbol Y's object defines."""
    cfiles = {f[:-2]: f for f in files if f.endswith(".c")}
    defs, uses = {}, {}
    for stem, f in cfiles.items():
        o = os.path.join(obj, stem + ".o")
        if not os.path.exists(o):
            continue
        for line in nm(o, "--defined-only", "-g"):
            parts = line.split()
            if len(parts) == 3 and parts[1] in "TDBRVW":
                defs.setdefault(parts[2], f)
        uses[f] = {line.split()[-1] for line in nm(o, "-u") if line.split()}
    edges = set()
    for f, names in uses.items():
        for n in names:
            g = defs.get(n)
            if g and g != f:
                edges.add((f, g, "uses " + n))
    return edges


def sccs(nodes, adj):
    """Tarjan's strongly connected components, iteratively."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(adj.get(root, ()))))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(adj.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    out.append(sorted(comp))
    return out


def main():
    ap = argparse.ArgumentParser(description="the layers of src/ and what breaks them")
    ap.add_argument("--src", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))
    ap.add_argument("--obj", help="the objects of src/ (build/obj): calls count as dependencies too")
    ap.add_argument("--dot", action="store_true", help="print the graph in dot")
    a = ap.parse_args()
    src = os.path.normpath(a.src)
    files = sources(src)
    problems = []
    layer = {}
    for f in files:
        hits = layer_of(os.path.splitext(f)[0])
        if len(hits) != 1:
            problems.append("%s: in %s" % (f, "no layer (add it to LAYERS in %s)" % os.path.basename(__file__)
                                           if not hits else "layers " + ", ".join(LAYERS[i][0] for i in hits)))
            continue
        layer[f] = hits[0]
    edges = include_edges(src, files)
    if a.obj:
        edges |= symbol_edges(a.obj, files)
    if a.dot:
        print("digraph src {\n\trankdir=BT;")
        for i, (name, _) in enumerate(LAYERS):
            print('\tsubgraph "cluster_%d" { label="%s";' % (i, name))
            for f in files:
                if layer.get(f) == i:
                    print('\t\t"%s";' % f)
            print("\t}")
        for f, t, _ in sorted(edges):
            print('\t"%s" -> "%s";' % (f, t))
        print("}")
        return 0
    up = {}
    for f, t, how in sorted(edges):
        if f in layer and t in layer and layer[t] > layer[f]:
            up.setdefault((f, t), how)
    for (f, t), how in sorted(up.items()):
        problems.append("%s (%s) %s %s (%s): points up the layers" %
                        (f, LAYERS[layer[f]][0], how, t, LAYERS[layer[t]][0]))
    adj = {}
    for f, t, _ in edges:
        adj.setdefault(f, set()).add(t)
    cycles = [c for c in sccs(files, adj) if len(c) > 1]
    for c in cycles:
        problems.append("cycle: %s" % " <-> ".join(c))
    for p in problems:
        print("include-graph: " + p)
    print("include-graph: %d files in %d layers, %d dependencies (%s), %d pointing up, %d cycle%s" %
          (len(files), len(LAYERS), len(edges), "includes and calls" if a.obj else "includes",
           len(up), len(cycles), "" if len(cycles) == 1 else "s"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
