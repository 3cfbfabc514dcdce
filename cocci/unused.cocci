// SPDX-License-Identifier: GPL-2.0-only
/// Remove what the removal left unused: static functions and variables used
/// only by code that went, to a fixpoint, unused locals and labels, and
/// static functions whose body is now empty, with their calls.
///
//# Run on the output of the patches that removed code (is_enabled.cocci,
//# calls.cocci), with -D names=NAME[,NAME...]: the identifiers of the code
//# they removed.  Only what one of those names, or what only such code
//# used, goes: code that was unused before is left alone.
//# - A static function or file-scope static variable goes when nothing
//#   reaches it any more from a root (a function or variable that is not
//#   static, a macro, a declarer such as module_init()), and one of the
//#   names, or a static that only the names' code used, is on the way: a
//#   chain of statics used only by each other goes whole.  Its prototypes go
//#   with it.  __maybe_unused and __used ones stay, and so do a header's
//#   (its includers use them).
//# - A name spatch did not see everywhere it is written (in code spatch
//#   could not parse, a macro body it does not parse, #if 0) is taken to be
//#   used.  Comments and strings do not count.
//# - A local variable named in names goes when nothing uses it, or when
//#   all that is left of it is assignments x = E; of expressions without
//#   side effects (they go too).
//# - A label named in names goes when no goto to it is left; its statement
//#   stays (when a return or goto comes just before the label, the code
//#   after it is now unreachable: reported).
//# - A member of a struct that a .c file defines (no other file can use
//#   it), named in names or used only by statics that go, goes when
//#   nothing uses it any more; not in a packed
//#   or otherwise attributed struct (a layout), nor a member whose name
//#   says it keeps a layout (reserved, pad, rsvd, unused).
//# - A static function whose every definition has an empty body, and that
//#   is only called as a statement, goes with its calls (it does nothing;
//#   a use as a function pointer keeps it).
//# Patch mode removes them; report mode lists each as INFO.  A function
//# whose body this emptied goes when the patch runs again on its own
//# output, with the names it removed added: the result is a fixpoint when a
//# run changes nothing.  (A second round inside one run, on the code the
//# first changed, took spatch past 3 GB on drivers/usb/core/hub.c.)
//
// Confidence: Moderate
// Copyright: (C) 2025 The excise authors.  GPLv2.
// Options: --no-includes --include-headers
// Keywords: unused, static, label, dead code
// Requires: 1.1.1

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import re

CANDS = set()
given = False
SLASH, STAR, QUOTE = chr(47), chr(42), chr(34)
COMMENT_OR_STRING = re.compile(
    re.escape(SLASH + STAR) + ".*?" + re.escape(STAR + SLASH) + "|" +
    re.escape(SLASH + SLASH) + r"[^\n]*|" +
    QUOTE + r"(?:[^" + QUOTE + r"\\\n]|\\.)*" + QUOTE + "|'(?:[^'\\\n]|\\.)*'",
    re.S)

# Per file: the statics (name to kind, function or variable), how often
# the parse has each name, which statics each container uses, the statics
# used from outside them, and the verdicts.
def reset():
    global statics, seen, edges, rooted, pinned, defs, empty_defs, refs, calls, text
    global dead, noop, locals_seen, local_writes, local_decls, gotos, labels, path
    global local_sites, unused_sites, unreachable, members, member_uses, member_gone
    statics, seen, edges, rooted, pinned = {}, {}, {}, set(), set()
    defs, empty_defs, refs, calls = {}, {}, {}, {}
    dead, noop = set(), set()
    locals_seen, local_writes, local_decls = {}, {}, {}
    gotos, labels = set(), []
    local_sites, unused_sites, unreachable = {}, set(), set()
    members, member_uses, member_gone = {}, {}, set()
    text = None
    path = None

reset()

def candidate(name):
    return name in CANDS

def is_static(name):
    return name in statics

def count(d, k):
    d[k] = d.get(k, 0) + 1

def source(where):
    global text, path
    path = where
    if text is None:
        try:
            with open(path, errors="replace") as f:
                text = f.read()
        except OSError:
            text = ""
    return text

def line_of(p):
    lines = source(p.file).split("\n")
    n = int(p.line)
    return lines[n - 1] if 0 < n <= len(lines) else ""

# A static of a header is its includers' too: only a .c file's statics are
# the file's own.
def add_static(name, kind, p):
    source(p.file)
    if not p.file.endswith(".c"):
        return
    statics.setdefault(name, kind)
    count(seen, name)
    if re.search(r"\b__(maybe_unused|used)\b", line_of(p)):
        pinned.add(name)

# A use of a static at p: an edge from the static it is in, or a root.
def add_use(name, p):
    count(seen, name)
    count(refs, name)
    where = p.current_element
    if where in statics and where != name:
        edges.setdefault(where, set()).add(name)
    elif where != name:
        rooted.add(name)

# The verdicts: noop, the static functions with only empty definitions
# called only as statements; dead, the statics no root reaches any more,
# that a name reaches (through statics no root reaches).
def decide():
    words = {}
    for w in re.findall(r"[A-Za-z_]\w*", COMMENT_OR_STRING.sub(" ", source(path))):
        if w in statics:
            count(words, w)
    for name in statics:
        if words.get(name, 0) > seen.get(name, 0):
            pinned.add(name)
    for name in statics:
        if (statics[name] == "function" and name not in pinned and
                defs.get(name, 0) and empty_defs.get(name, 0) == defs[name] and
                refs.get(name, 0) == calls.get(name, 0)):
            noop.add(name)
    reached = set()
    todo = [n for n in statics if n in rooted or n in pinned]
    while todo:
        n = todo.pop()
        if n in reached or n in noop:
            continue
        reached.add(n)
        todo.extend(edges.get(n, ()))
    unreached = set(statics) - reached
    todo = [n for n in unreached if n in CANDS or n in noop]
    while todo:
        n = todo.pop()
        if n in dead:
            continue
        dead.add(n)
        todo.extend(m for m in edges.get(n, ()) if m in unreached)
    dead.update(noop)

def gone(name):
    return name in dead

def noop_call(name):
    return name in noop


def where(p):
    return (p.file, int(p.line), int(p.column))

# Locals, keyed (function, name): one declaration, and nothing but plain
# assignments left (or nothing at all).  Labels: no goto left.  The
# positions of what goes are kept in unused_sites.
def decide_locals():
    for key, sites in local_sites.items():
        if local_decls.get(key) == 1 and locals_seen.get(key, 0) == local_writes.get(key, 0):
            unused_sites.update(sites)
    for fn, l, w in labels:
        if (fn, l) not in gotos:
            unused_sites.add(w)
            if after_jump(w[1]):
                unreachable.add(w)

# The statement before line n (blank lines and comments skipped) leaves the
# block: a return, goto, break or continue.
def after_jump(n):
    lines = COMMENT_OR_STRING.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), source(path)).split("\n")
    i = n - 2
    while i >= 0 and not lines[i].strip():
        i -= 1
    return i >= 0 and re.match(r"^\s*(return\b[^;]*|goto\s+\w+|break|continue)\s*;\s*$", lines[i]) is not None

def unused_at(p):
    return where(p[0]) in unused_sites

# Members named in names: (struct, member) for each declaration, and where
# the parse has the member used.  One used only in statics that go goes;
# one that the text has more often than the parse (a designated
# initializer, a macro) stays.
def decide_members():
    if not path or not path.endswith(".c"):
        return
    names = {}
    for (s, m) in members:
        names.setdefault(m, []).append(s)
    words = {}
    for w in re.findall(r"[A-Za-z_]\w*", COMMENT_OR_STRING.sub(" ", source(path))):
        if w in names:
            count(words, w)
    for m, structs in names.items():
        uses = member_uses.get(m, [])
        live = [u for u in uses if u not in dead]
        if (len(structs) == 1 and not live and (m in CANDS or uses) and
                words.get(m, 0) == 1 + len(uses) and
                not re.match(r"(__)?(reserved|rsvd|pad|unused)", m) and
                plain_struct(structs[0])):
            member_gone.add(m)

def member_unused(m):
    return m in member_gone

def is_member(m):
    return any(m == mm for (_, mm) in members)

# The struct's definition carries no attribute: its layout is the
# compiler's to choose, no one else's.
def plain_struct(name):
    t = COMMENT_OR_STRING.sub(" ", source(path))
    m = re.search(r"\bstruct\s+" + re.escape(name) + r"\s*\{", t)
    if not m:
        return False
    depth, i = 0, m.end() - 1
    while i < len(t):
        depth += t[i] == "{"
        depth -= t[i] == "}"
        if depth == 0:
            break
        i += 1
    whole = t[m.start():t.find(";", i) + 1]
    return re.search(r"__packed|__attribute__|__aligned|__randomize_layout", whole) is None

def side_effect_free(t):
    return re.search(r"\w\s*\(|\+\+|--|(?<![=!<>])=(?!=)", t) is None

@script:python@
names << virtual.names;
@@
for n in names.split(","):
    n = n.strip()
    if n:
        CANDS.add(n)
given = True

@script:python@
@@
if not given:
    raise SystemExit("unused.cocci: no names given: pass -D names=NAME[,NAME...]")
reset()

//----------------------------------------------------------------------------
// Every mode: the statics, where spatch sees them, and what uses them.
// (Matched before any rule modifies the code: positions cannot be inherited
// across a modification.)
//----------------------------------------------------------------------------

@sfn@
identifier f;
type T;
position p;
@@
static T f@p(...) { ... }

@sfnempty@
identifier f;
type T;
position p;
@@
static T f@p(...) { }

@sproto@
identifier f;
type T;
position p;
@@
static T f@p(...);

@svar@
identifier x;
type T;
initializer I;
position p != sproto.p;
@@
(
static T x@p;
|
static T x@p = I;
)

@script:python@
f << sfn.f;
p << sfn.p;
@@
add_static(f, "function", p[0])
count(defs, f)

@script:python@
f << sfnempty.f;
p << sfnempty.p;
@@
count(empty_defs, f)

@script:python@
f << sproto.f;
p << sproto.p;
@@
add_static(f, "function", p[0])

@script:python@
x << svar.x;
p << svar.p;
@@
if x not in statics or statics[x] == "variable":
    add_static(x, "variable", p[0])
else:
    rooted.add(x)

@use@
identifier n : script:python() { is_static(n) };
position p;
@@
n@p

@callstmt@
identifier f : script:python() { is_static(f) };
position p;
@@
f@p(...);

@script:python@
n << use.n;
p << use.p;
@@
add_use(n, p[0])

@script:python@
f << callstmt.f;
p << callstmt.p;
@@
count(calls, f)

// Locals named in names: declarations, uses and plain assignments.
@ldecl@
identifier x : script:python() { candidate(x) };
type T;
expression E;
position p;
@@
(
T x@p;
|
T x@p = E;
)

@luse@
identifier x : script:python() { candidate(x) };
position p;
@@
x@p

@lwrite@
identifier x : script:python() { candidate(x) };
expression E : script:python() { side_effect_free(E) };
position p;
@@
x@p = E;

@script:python@
x << ldecl.x;
p << ldecl.p;
@@
if p[0].current_element not in (x, "something_else"):
    count(local_decls, (p[0].current_element, x))
    local_sites.setdefault((p[0].current_element, x), []).append(where(p[0]))

@script:python@
x << luse.x;
p << luse.p;
@@
count(locals_seen, (p[0].current_element, x))

@script:python@
x << lwrite.x;
p << lwrite.p;
@@
count(local_writes, (p[0].current_element, x))
local_sites.setdefault((p[0].current_element, x), []).append(where(p[0]))

// Labels named in names, and the gotos left.
@lgoto@
identifier l : script:python() { candidate(l) };
position p;
@@
goto l@p;

@script:python@
l << lgoto.l;
p << lgoto.p;
@@
gotos.add((p[0].current_element, l))

@llabel@
identifier l : script:python() { candidate(l) };
position p;
@@
l@p:

@script:python@
l << llabel.l;
p << llabel.p;
@@
labels.append((p[0].current_element, l, where(p[0])))

// Members named in names, of structs this file defines.
@smember@
identifier s, m;
type T;
position p;
@@
struct s { ... T m@p; ... };

@script:python@
s << smember.s;
m << smember.m;
p << smember.p;
@@
source(p[0].file)
count(members, (s, m))

@smemberuse@
identifier m : script:python() { is_member(m) };
expression E;
position p;
@@
(
E->m@p
|
E.m@p
)

@script:python@
m << smemberuse.m;
p << smemberuse.p;
@@
member_uses.setdefault(m, []).append(p[0].current_element)

@script:python@
@@
if statics:
    decide()
decide_locals()
decide_members()

//----------------------------------------------------------------------------
// Patch mode.
//----------------------------------------------------------------------------

// Locals and labels first, in one rule: their positions are those of the
// code as it was read, and a function a rule modified has none any more.
@depends on patch@
identifier x, l;
type T;
expression E : script:python() { side_effect_free(E) };
position p : script:python() { unused_at(p) };
@@
(
- T x@p;
|
- T x@p = E;
|
- x@p = E;
|
- l@p:
)

@depends on patch@
identifier f : script:python() { noop_call(f) };
@@
- f(...);

@depends on patch@
identifier f : script:python() { gone(f) };
type T;
@@
- static T f(...) { ... }

@depends on patch@
identifier f : script:python() { gone(f) };
type T;
@@
- static T f(...);

@depends on patch@
identifier x : script:python() { gone(x) };
type T;
initializer I;
@@
(
- static T x;
|
- static T x = I;
)

@depends on patch@
identifier s;
identifier m : script:python() { member_unused(m) };
type T;
@@
struct s { ...
- T m;
  ... };

//----------------------------------------------------------------------------
// Report mode.
//----------------------------------------------------------------------------

@rgone depends on report@
identifier f : script:python() { gone(f) };
type T;
position p;
@@
static T f@p(...) { ... }

@rgonevar depends on report@
identifier f : script:python() { gone(f) };
type T;
initializer I;
position p;
@@
(
static T f@p;
|
static T f@p = I;
)

@rnoopcall depends on report@
identifier f : script:python() { noop_call(f) };
position p;
@@
f@p(...);

@rlocal depends on report@
identifier x;
type T;
expression E : script:python() { side_effect_free(E) };
position p : script:python() { unused_at(p) };
@@
(
T x@p;
|
T x@p = E;
|
x@p = E;
)

@rlabel depends on report@
identifier l;
position p : script:python() { unused_at(p) };
@@
l@p:

@script:python depends on report@
f << rgone.f;
p << rgone.p;
@@
if f in noop:
    what = "its body is empty and it is only called: removed with its calls"
else:
    what = "nothing that stays uses it: removed"
coccilib.report.print_report(p[0], "INFO: static %s %s: %s" % (statics.get(f, "function"), f, what))

@script:python depends on report@
f << rgonevar.f;
p << rgonevar.p;
@@
if statics.get(f) == "variable":
    coccilib.report.print_report(p[0], "INFO: static variable %s: nothing that stays uses it: removed" % f)

@script:python depends on report@
f << rnoopcall.f;
p << rnoopcall.p;
@@
coccilib.report.print_report(p[0], "INFO: %s does nothing: call removed" % f)

@script:python depends on report@
x << rlocal.x;
p << rlocal.p;
@@
coccilib.report.print_report(p[0], "INFO: local %s is not used any more: removed" % x)

@script:python depends on report@
l << rlabel.l;
p << rlabel.p;
@@
coccilib.report.print_report(p[0], "INFO: label %s has no goto any more: removed" % l)
if where(p[0]) in unreachable:
    coccilib.report.print_report(p[0], "WARNING: label %s came after a return or goto: the code it labelled is unreachable now: delete it by hand" % l)

@rmember depends on report@
identifier s;
identifier m : script:python() { member_unused(m) };
type T;
position p;
@@
struct s { ... T m@p; ... };

@script:python depends on report@
s << rmember.s;
m << rmember.m;
p << rmember.p;
@@
coccilib.report.print_report(p[0], "INFO: member %s of struct %s: nothing that stays uses it: removed" % (m, s))
