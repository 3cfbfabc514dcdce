#!/usr/bin/env python3
"""maintainers-touched.py BEFORE AFTER OUT_BEFORE OUT_AFTER

Writes the MAINTAINERS sections a removal touched: those whose lines differ
between BEFORE and AFTER (a section removed whole counts), as they are in
BEFORE to OUT_BEFORE and, those still there, as they are in AFTER to
OUT_AFTER.  Prints the touched section names, one a line.  Used by
tests/lib/series.sh to run get_maintainer.pl --self-test on just those."""
import re
import sys

entry = re.compile(r"^[A-Z]:\s")


def sections(path):
    """Section name -> its lines (the header and the X: lines below it)."""
    out, name = {}, None
    with open(path, encoding="utf-8", errors="surrogateescape") as fp:
        lines = fp.read().split("\n")
    for i, line in enumerate(lines):
        if entry.match(line) and name is not None:
            out[name].append(line)
        elif line and not entry.match(line) and i + 1 < len(lines) and entry.match(lines[i + 1]):
            name = line
            out[name] = [line]
        else:
            name = None
    return out


before, after = sections(sys.argv[1]), sections(sys.argv[2])
touched = [n for n in before if after.get(n) != before[n]]
with open(sys.argv[3], "w") as fp:
    fp.write("".join("\n".join(before[n]) + "\n\n" for n in touched))
with open(sys.argv[4], "w") as fp:
    fp.write("".join("\n".join(after[n]) + "\n\n" for n in touched if n in after))
print("\n".join(touched))
