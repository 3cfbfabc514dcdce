#!/usr/bin/env python3
"""oracle.py DIFF ORACLE_DIR [SECONDS] - judge a removal against upstream's.

DIFF is excise remove --dry-run output on the pristine 6.1 tree; ORACLE_DIR
holds refs-6.1.tsv and fate.tsv (see ../shared/oracle/README.md).  For every
reference site of 6.1, fate.tsv says what upstream did by 6.12: gone, kept or
file-gone (the file went for other reasons).  A site is removed by excise if
the diff deletes or changes its line, or deletes its file.

Per kind: recall = sites upstream removed that excise removed too, over the
sites upstream removed (file-gone sites aside: the file went for other
reasons); over-removal = sites excise removed that upstream kept.  Sites
excise removed that the oracle does not list are printed with their lines.
Exit status 1 when recall is below 100% or anything is over-removed.
"""
import collections, re, sys

diff_path, odir = sys.argv[1], sys.argv[2]
seconds = sys.argv[3] if len(sys.argv) > 3 else "?"

removed = collections.defaultdict(set)   # path -> old line numbers deleted or changed
deleted_files = set()
path = None
old = 0
for line in open(diff_path, errors="replace"):
    if line.startswith("diff --git a/"):
        path = line.split(" b/")[0][len("diff --git a/"):]
    elif line.startswith("deleted file mode"):
        deleted_files.add(path)
    elif line.startswith("@@"):
        old = int(re.match(r"@@ -(\d+)", line).group(1))
    elif line.startswith("-") and not line.startswith("---"):
        removed[path].add(old)
        old += 1
    elif line.startswith(" "):
        old += 1

def excise_removed(p, l):
    return p in deleted_files or l in removed[p]

refs = [r.rstrip("\n").split("\t") for r in open(odir + "/refs-6.1.tsv")][1:]
fate = [r.rstrip("\n").split("\t") for r in open(odir + "/fate.tsv")][1:]
stats = collections.OrderedDict()
problems = []
for (path, line, kind, text), (_, _, _, f, note) in zip(refs, fate):
    s = stats.setdefault(kind, collections.Counter())
    s["sites"] += 1
    gone = excise_removed(path, int(line))
    if f == "gone":
        s["upstream"] += 1
        s["both"] += gone
        if not gone:
            problems.append("missed %s:%s (%s) %s" % (path, line, kind, text))
    elif f == "kept":
        s["kept"] += 1
        if gone:
            s["over"] += 1
            problems.append("over-removed %s:%s (%s): upstream kept it: %s" % (path, line, kind, note))
    else:
        s["file-gone"] += 1
        s["fg-removed"] += gone
    if kind == "defconfig" and "replaced by" in note and gone:
        s["replaced"] += 1

listed = {(p, int(l)) for p, l, _, _ in refs}
extra = []
for p, lines in sorted(removed.items()):
    if p in deleted_files:
        continue
    for l in sorted(lines):
        if (p, l) not in listed:
            extra.append((p, l))

total = collections.Counter()
print("%-16s %5s %8s %6s %8s %6s %9s" % ("kind", "sites", "upstream", "excise", "recall", "over", "file-gone"))
for kind, s in stats.items():
    total.update(s)
    rec = 100.0 * s["both"] / s["upstream"] if s["upstream"] else 100.0
    print("%-16s %5d %8d %6d %7.1f%% %6d %9d" % (kind, s["sites"], s["upstream"], s["both"], rec, s["over"], s["file-gone"]))
rec = 100.0 * total["both"] / total["upstream"] if total["upstream"] else 100.0
print("%-16s %5d %8d %6d %7.1f%% %6d %9d" % ("all", total["sites"], total["upstream"], total["both"], rec, total["over"], total["file-gone"]))
if total["replaced"]:
    print("note: upstream replaced %d defconfig lines rather than deleting them (fate.tsv says with"
          " what, e.g. CONFIG_SLUB_TINY=y, which 6.1 does not have); excise deleted them (--replace"
          " OLD=NEW rewrites them instead)" % total["replaced"])
if total["file-gone"]:
    print("note: %d sites are in files upstream deleted for other reasons; excise removed %d of them"
          % (total["file-gone"], total["fg-removed"]))
print("lines excise removed or changed outside the oracle's sites (inside blocks it removes, and"
      " their directives): %d" % len(extra))
for p in problems:
    print("  " + p)
print("result: %s: %d sites, recall %.1f%%, over-removal %d, %s s"
      % (odir.rstrip("/").split("/")[-1], total["sites"], rec, total["over"], seconds))
sys.exit(1 if rec < 100.0 or total["over"] else 0)
