#!/usr/bin/env python3
"""maintainers-dangling.py MAINTAINERS FILES DELETED - the F: patterns of
MAINTAINERS that match no path of FILES (a tree's file list, one a line)
but matched one of DELETED (the files a series deletes, one a line): the
lines a step of the series left naming what is gone.  Prints them, one a
line; exit 0 either way."""
import bisect
import fnmatch
import re
import sys


def lines(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return [line.rstrip("\n") for line in f if line.strip()]


def matches(pattern, files):
    """True if pattern (get_maintainer's: "dir/", a file, a glob) matches a path of sorted files."""
    fixed = re.split(r"[*?\[]", pattern, 1)[0]
    i = bisect.bisect_left(files, fixed)
    glob = fixed != pattern
    while i < len(files) and files[i].startswith(fixed):
        f = files[i]
        if not glob:
            if f == pattern or pattern.endswith("/") or f.startswith(pattern + "/"):
                return True
        elif fnmatch.fnmatch(f, pattern) or any(fnmatch.fnmatch(f[:k], pattern)
                                                 for k in range(len(fixed), len(f)) if f[k] == "/"):
            return True
        i += 1
    return False


def main():
    maintainers, files, deleted = sys.argv[1:4]
    tree = sorted(lines(files))
    gone = sorted(lines(deleted))
    for line in lines(maintainers):
        if not line.startswith("F:"):
            continue
        pattern = line[2:].strip()
        if matches(pattern, gone) and not matches(pattern, tree):
            print(pattern)


main()
