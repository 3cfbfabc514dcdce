// SPDX-License-Identifier: GPL-2.0-only
/// Remove #include directives of headers that the removal deletes.
///
//# The headers come from the command line, -D headers=PATH[,PATH...].  A
//# PATH is the header's path in the tree (include/linux/fsfilter.h) or the
//# spelling an #include uses (linux/fsfilter.h).  An #include <x> or
//# #include "x" names a deleted header when x is its spelling, when x is its
//# path below an include directory (include/, include/uapi/,
//# arch/*/include/, ...), or, for "x", when x is its path relative to the
//# including file.
//
// Confidence: High
// Copyright: (C) 2025 The excise authors.  GPLv2.
// Options: --no-includes --include-headers
// Keywords: include, header
// Requires: 1.1.1

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import os
import re

HEADERS = set()
given = False
file_lines = {}
DIRECTIVE = re.compile(r"^\s*#\s*include\s*([<\"])([^>\"]+)[>\"]")

def include_dir(prefix):
    return (prefix == "include" or prefix.endswith("/include") or
            prefix == "include/uapi" or prefix.endswith("/include/uapi"))

# True if the #include at position p names a deleted header.
def removed_include(p):
    name = p[0].file
    if name not in file_lines:
        try:
            with open(name, errors="replace") as f:
                file_lines[name] = f.read().split("\n")
        except OSError:
            file_lines[name] = []
    lines = file_lines[name]
    line = int(p[0].line)
    if line < 1 or line > len(lines):
        return False
    m = DIRECTIVE.match(lines[line - 1])
    if not m:
        return False
    quoted, spelled = m.group(1) == "\"", os.path.normpath(m.group(2))
    if spelled in HEADERS:
        return True
    if quoted:
        here = os.path.normpath(os.path.join(os.path.dirname(name), spelled))
        if here.startswith("./"):
            here = here[2:]
        if here in HEADERS:
            return True
    for h in HEADERS:
        if h.endswith("/" + spelled) and include_dir(h[:-len(spelled) - 1]):
            return True
    return False

@script:python@
headers << virtual.headers;
@@
for h in headers.split(","):
    h = h.strip()
    if h:
        h = os.path.normpath(h)
        HEADERS.add(h[2:] if h.startswith("./") else h)
given = True

@script:python@
@@
if not given:
    raise SystemExit("include.cocci: no headers given: pass -D headers=PATH[,PATH...]")

@depends on patch@
position p : script:python() { removed_include(p) };
@@
- #include ...@p

@depends on context@
position p : script:python() { removed_include(p) };
@@
* #include ...@p

@found depends on org || report@
position p : script:python() { removed_include(p) };
@@
#include ...@p

@script:python depends on report@
p << found.p;
@@
coccilib.report.print_report(p[0], "INFO: #include of a header the removal deletes")

@script:python depends on org@
p << found.p;
@@
coccilib.org.print_todo(p[0], "#include of a header the removal deletes")
