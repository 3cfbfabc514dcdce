// SPDX-License-Identifier: GPL-2.0-only
/// List the stubs a file defines: functions and macros that do nothing, or
/// only give a constant.  Report mode only; the planner reads the list.
///
//# A stub is what a header gives when the code is configured out, in the
//# #else of #ifdef CONFIG_FOO: a function whose body is empty, or only
//# returns a constant (static inline int foo_init(void) { return 0; }), a
//# macro that expands to nothing, to ((void)0) or to do { } while (0), or
//# to a constant (#define foo_deprecated 0).  Each is reported as
//#   file:line:col-col: STUB: NAME noop|const VALUE function|macro()|macro [static|global]
//# where VALUE is false (0, false), true (1, true), NULL, or the constant's
//# text without spaces (-ENOTTY, LED_OFF); macro() is a function-like macro,
//# macro an object-like one; static or global says a function's linkage.  A body returning IS_ENABLED()
//# of a symbol given with -D config=SYM[,SYM...] (optional) is const false.
//# The planner keeps the stubs that stand in for definitions the removal
//# deletes, and passes them on: noop.cocci removes the calls of the no-op
//# ones, is_enabled.cocci folds the constant ones (see cocci/README.md).
//# Patch mode changes nothing.  A STUB line is a fact for the planner, not
//# a change (INFO) nor something left for a person (WARNING).
//
// Confidence: High
// Copyright: (C) 2025 The excise authors.  GPLv2.
// Options: --no-includes --include-headers
// Keywords: stub, static inline, macro, Kconfig
// Requires: 1.1.1

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import re

SYMS = set()
scanned = set()
# A C comment.  (Spelled so that spatch's lexer, which reads the script
# code too, sees no comment delimiter in it.)
SLASH, STAR, BACKSLASH = chr(47), chr(42), chr(92)
COMMENT = (re.escape(SLASH + STAR) + ".*?" + re.escape(STAR + SLASH) + "|" +
           re.escape(SLASH + SLASH) + r"[^\n]*")

# The value of a constant body, or None: the text without spaces and outer
# parentheses when it names no variable (every identifier in capitals, as
# constants and error codes are: 0, NULL, -ENOTTY, LED_OFF), false or true;
# a test of a symbol given with -D config is 0.  In a function returning
# bool, 0 and 1 are false and true.
def constant(text, typ=None):
    t = re.sub(r"\s+", "", text)
    while t.startswith("(") and t.endswith(")") and balanced(t[1:-1]):
        t = t[1:-1]
    m = re.match(r"(IS_ENABLED|IS_BUILTIN|IS_MODULE|IS_REACHABLE)\((\w+)\)$", t)
    if m:
        if m.group(2) not in SYMS:
            return None
        t = "0"
    elif t not in ("false", "true"):
        if t.startswith("(void)") or not re.match(r"^[-+~!()\w]+$", t):
            return None
        for word in re.findall(r"[A-Za-z_]\w*", t):
            if word != word.upper():
                return None
    if typ is not None and re.sub(r"\s+", " ", typ).strip() == "bool":
        t = {"0": "false", "1": "true"}.get(t, t)
    return t

def balanced(t):
    depth = 0
    for c in t:
        depth += c == "("
        depth -= c == ")"
        if depth < 0:
            return False
    return depth == 0

def noop_expression(text):
    return re.sub(r"\s+", "", text) in ("((void)0)", "(void)0", "((void)(0))")

# A statement-like macro body that does nothing and evaluates nothing:
# empty, { }, do { } while (0), do { if (0) ...; } while (0).  (spatch
# parses such bodies, but SmPL cannot match a #define whose body is a
# statement: these are found in the text.)
def noop_statement_body(body):
    b = re.sub(r"\s+", "", body)
    return (b in ("", "{}", "do{}while(0)", "do{;}while(0)") or
            re.match(r"^do\{if\(0\)[^{};]*;\}while\(0\)$", b) is not None)

# The function-like #defines of a file whose body is a no-op statement:
# (name, line) for each.  Comments are blanked, continuation lines
# joined.
def macro_stubs(path):
    try:
        with open(path, errors="replace") as f:
            text = f.read()
    except OSError:
        return []
    text = re.sub(COMMENT, lambda m: re.sub(r"[^\n]", " ", m.group(0)), text, flags=re.S)
    out = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        start = i
        logical = lines[i]
        while logical.endswith(BACKSLASH) and i + 1 < len(lines):
            i += 1
            logical = logical[:-1] + " " + lines[i]
        i += 1
        m = re.match(r"^\s*#\s*define\s+(\w+)\(([^)]*)\)(.*)$", logical)
        if m and noop_statement_body(m.group(3)):
            out.append((m.group(1), start + 1))
    return out

def scan_macros(p):
    if p.file in scanned:
        return
    scanned.add(p.file)
    for name, line in macro_stubs(p.file):
        print_macro(p.file, line, name, "STUB: %s noop macro()" % name)

# One STUB line.  A macro's position is its name's (spatch gives the
# #define's or the body's).
def print_stub(p, name, what, kind, linkage=None):
    msg = "STUB: %s %s %s" % (name, what, kind)
    if linkage:
        msg += " " + linkage
    if kind.startswith("macro"):
        print_macro(p.file, int(p.line), name, msg)
    else:
        coccilib.report.print_report(p, msg)

def print_macro(path, line, name, msg):
    col = 0
    try:
        with open(path, errors="replace") as f:
            text = f.read().split("\n")[line - 1]
        m = re.search(r"#\s*define\s+(" + re.escape(name) + r")\b", text)
        if m:
            col = m.start(1)
    except (OSError, IndexError):
        pass
    print("%s:%d:%d-%d: %s" % (path, line, col, col + len(name), msg))

@script:python@
config << virtual.config;
@@
for s in config.split(","):
    s = s.strip()
    if s:
        SYMS.add(s if s.startswith("CONFIG_") else "CONFIG_" + s)

//----------------------------------------------------------------------------
// Functions.
//----------------------------------------------------------------------------

// The static ones first: with the optional_storage isomorphism, a pattern
// without "static" matches both.
@snoop depends on report@
identifier f;
type T;
position p;
@@
static T f@p(...) { }

@sconst depends on report@
identifier f;
type T;
expression E;
position p;
@@
static T f@p(...) { return E; }

@gnoop depends on report@
identifier f;
type T;
position p != snoop.p;
@@
T f@p(...) { }

@gconst depends on report@
identifier f;
type T;
expression E;
position p != sconst.p;
@@
T f@p(...) { return E; }

@script:python depends on report@
f << snoop.f;
p << snoop.p;
@@
print_stub(p[0], f, "noop", "function", "static")

@script:python depends on report@
f << gnoop.f;
p << gnoop.p;
@@
print_stub(p[0], f, "noop", "function", "global")

@script:python depends on report@
f << sconst.f;
p << sconst.p;
E << sconst.E;
T << sconst.T;
@@
value = constant(E, T)
if value is not None:
    print_stub(p[0], f, "const " + value, "function", "static")

@script:python depends on report@
f << gconst.f;
p << gconst.p;
E << gconst.E;
T << gconst.T;
@@
value = constant(E, T)
if value is not None:
    print_stub(p[0], f, "const " + value, "function", "global")

//----------------------------------------------------------------------------
// Macros.  SmPL matches a #define whose body is an expression; the others
// are read from the text of the file, once per file, when spatch matches
// any #include or object-like #define in it (a header's include guard).
//----------------------------------------------------------------------------

@exprmacro depends on report@
identifier m;
identifier list ps;
expression E;
position p;
@@
#define m(ps) E@p

@objmacro depends on report@
identifier m;
expression E;
position p;
@@
#define m@p E

@script:python depends on report@
m << exprmacro.m;
E << exprmacro.E;
p << exprmacro.p;
@@
if noop_expression(E):
    print_stub(p[0], m, "noop", "macro()")
else:
    value = constant(E)
    if value is not None:
        print_stub(p[0], m, "const " + value, "macro()")

@script:python depends on report@
m << objmacro.m;
E << objmacro.E;
p << objmacro.p;
@@
value = constant(E)
if value is not None:
    print_stub(p[0], m, "const " + value, "macro")

@anyinclude depends on report@
position p;
@@
#include ...@p

@anyguard depends on report@
identifier m;
position p;
@@
#define m@p

@script:python depends on report@
p << anyinclude.p;
@@
scan_macros(p[0])

@script:python depends on report@
p << anyguard.p;
@@
scan_macros(p[0])
