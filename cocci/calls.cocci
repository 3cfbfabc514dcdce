// SPDX-License-Identifier: GPL-2.0-only
/// Remove calls of functions that only the removed code defines, or that
/// are no-op stubs once it is gone, with their prototypes and stubs; report
/// every other use.
///
//# The functions come from the command line, -D functions=NAME[,NAME...]
//# (only the removed code defines them) and -D noop=NAME[,NAME...] (what
//# is left of them, once the removal is done, is a stub that does nothing
//# or only returns a constant: stubs.cocci lists such stubs); one of the
//# two at least.
//# Patch mode removes a call made for its effect alone (a statement f(...);
//# or (void)f(...);), a prototype (T f(...); extern or not) and a static
//# inline definition (the stub a header gives when the code is configured
//# out).  Every other use, where the value of f or of a call to f matters
//# (an expression, an initializer, a function pointer), needs a person: report
//# mode lists those as WARNING, and lists what patch mode removes as INFO.  A
//# definition other than a static inline stub is reported too: the file
//# defines what the list says only the removed code defines.
//# For a no-op stub, patch mode removes its definitions that are stubs
//# (static or not: a function with an empty body, or one returning a
//# constant; a macro expanding to ((void)0) or a constant), its prototypes
//# and the EXPORT_SYMBOL of such a definition; other definitions, and their
//# exports, are the removal's (the #ifdef
//# branch it deletes) and are left alone.  A macro whose body is a
//# statement (do { } while (0)) cannot be matched by SmPL: its #define is
//# left to the planner, which has it from stubs.cocci.  A call whose value
//# is used is reported, never removed: the caller needs the value.
//
// Confidence: Moderate
// Copyright: (C) 2025 The excise authors.  GPLv2.
// Options: --no-includes --include-headers
// Keywords: function, call, prototype, stub
// Requires: 1.1.1

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import re

FUNCS = set()
NOOPS = set()
given = False

def removed_function(name):
    return name in FUNCS or name in NOOPS

def noop_function(name):
    return name in NOOPS and name not in FUNCS

def only_removed(name):
    return name in FUNCS

# Why a name's uses go, for the messages.
def why(name):
    if name in FUNCS:
        return "%s is defined only by the removed code" % name
    return "%s is a no-op stub once the removal is done" % name

# A stub's body value: a literal, or capitals only (NULL, -ENOTTY, LED_OFF),
# false or true; ((void)0) for a macro.  (The test stubs.cocci makes.)
def stub_value(text):
    t = re.sub(r"\s+", "", text)
    if t in ("false", "true", "((void)0)", "(void)0"):
        return True
    if not re.match(r"^[-+~!()\w]+$", t):
        return False
    return all(w == w.upper() for w in re.findall(r"[A-Za-z_]\w*", t))

# No call, assignment, ++ or -- in the text of an expression.  (Any name
# followed by a parenthesis counts as a call, sizeof included: that errs on
# the safe side.)
def pure(text):
    return re.search(r"\w\s*\(|\+\+|--|(?<![=!<>])=(?!=)", text) is None

@script:python@
functions << virtual.functions;
@@
for f in functions.split(","):
    f = f.strip()
    if f:
        FUNCS.add(f)
given = True

@script:python@
noops << virtual.noop;
@@
for f in noops.split(","):
    f = f.strip()
    if f:
        NOOPS.add(f)
given = True

@script:python@
@@
if not given:
    raise SystemExit("calls.cocci: no functions given: pass -D functions=NAME[,NAME...] or -D noop=NAME[,NAME...]")

//----------------------------------------------------------------------------
// Matching, in every mode.  What patch mode removes, and every other use.
// (Matched before any rule modifies the code: positions cannot be inherited
// across a modification.)
//----------------------------------------------------------------------------

// A call that is the whole body of an if without else, whose condition has
// no side effects and calls nothing: the if goes with it.
@deadif disable drop_else@
identifier f : script:python() { removed_function(f) };
expression E : script:python() { pure(E) };
position p;
@@
(
  if (E) f@p(...);
|
  if (E) { f@p(...); }
)

// A call that is the whole body of some other statement: removing it alone
// would leave an empty body, so a person decides.
@solebody disable drop_else@
identifier f : script:python() { removed_function(f) };
expression E;
statement S;
position p != deadif.p;
@@
(
  if (E) f@p(...); else S
|
  if (E) { f@p(...); } else S
|
  if (E) S else f@p(...);
|
  if (E) S else { f@p(...); }
|
  if (E) f@p(...);
|
  if (E) { f@p(...); }
|
  while (E) f@p(...);
|
  while (E) { f@p(...); }
|
  for (...;...;...) f@p(...);
|
  for (...;...;...) { f@p(...); }
)

// A call made for its effect alone.
@handled@
identifier f : script:python() { removed_function(f) };
position p != {deadif.p, solebody.p};
@@
(
  f@p(...);
|
  (void)f@p(...);
)

@prototype@
identifier f : script:python() { removed_function(f) };
type T;
position p;
@@
  T f@p(...);

@stub@
identifier f : script:python() { only_removed(f) };
type T;
position p;
@@
  static inline T f@p(...) { ... }

// A no-op stub's definitions that are stubs, static or not.
@noopstub@
identifier f : script:python() { noop_function(f) };
type T;
expression E : script:python() { stub_value(E) };
position p;
@@
(
  T f@p(...) { }
|
  T f@p(...) { return E; }
)

@noopmacro@
identifier m : script:python() { noop_function(m) };
identifier list ps;
expression E : script:python() { stub_value(E) };
position p;
@@
(
  #define m(ps) E@p
|
  #define m@p E
)

// The export of a stub this file defines (the export of a real definition
// goes with the file or the branch that holds it).
@noopexport@
identifier noopstub.f;
declarer name EXPORT_SYMBOL, EXPORT_SYMBOL_GPL;
position p;
@@
(
  EXPORT_SYMBOL(f@p);
|
  EXPORT_SYMBOL_GPL(f@p);
)

// A definition that is not a static inline stub: the file defines what the
// list says only the removed code defines (a file that should go too?).
@definition@
identifier f : script:python() { only_removed(f) };
type T;
position p != stub.p;
@@
  T f@p(...) { ... }

// Every other use: the value of f, or of a call to f, matters.
@use@
identifier f : script:python() { removed_function(f) };
position p != {deadif.p, solebody.p, handled.p, prototype.p, stub.p, noopstub.p, noopexport.p};
@@
  f@p

//----------------------------------------------------------------------------
// Patch mode.
//----------------------------------------------------------------------------

@depends on patch disable drop_else@
identifier f : script:python() { removed_function(f) };
expression E;
position p1 = deadif.p;
position p2 = handled.p;
@@
(
- if (E) f@p1(...);
|
- if (E) { f@p1(...); }
|
- f@p2(...);
|
- (void)f@p2(...);
)

@depends on patch@
identifier f : script:python() { removed_function(f) };
type T;
@@
- T f(...);

@depends on patch@
identifier f : script:python() { only_removed(f) };
type T;
@@
- static inline T f(...) { ... }

@depends on patch@
identifier f : script:python() { noop_function(f) };
type T;
expression E : script:python() { stub_value(E) };
@@
(
- T f(...) { }
|
- T f(...) { return E; }
)

@depends on patch@
identifier m : script:python() { noop_function(m) };
identifier list ps;
expression E : script:python() { stub_value(E) };
@@
(
- #define m(ps) E
|
- #define m E
)

@depends on patch@
identifier noopstub.f;
declarer name EXPORT_SYMBOL, EXPORT_SYMBOL_GPL;
@@
(
- EXPORT_SYMBOL(f);
|
- EXPORT_SYMBOL_GPL(f);
)

//----------------------------------------------------------------------------
// Context, org and report modes.
//----------------------------------------------------------------------------

@depends on context@
identifier f : script:python() { removed_function(f) };
@@
* f

@script:python depends on report@
p << handled.p;
f << handled.f;
@@
coccilib.report.print_report(p[0], "INFO: %s: call removed" % why(f))

@script:python depends on report@
p << prototype.p;
f << prototype.f;
@@
coccilib.report.print_report(p[0], "INFO: %s: prototype removed" % why(f))

@script:python depends on report@
p << stub.p;
f << stub.f;
@@
coccilib.report.print_report(p[0], "INFO: %s is defined only by the removed code: static inline stub removed" % f)

@script:python depends on report@
p << use.p;
f << use.f;
@@
coccilib.report.print_report(p[0], "WARNING: %s, and its value is used here: review by hand" % why(f))

@script:python depends on org@
p << handled.p;
f << handled.f;
@@
coccilib.org.print_todo(p[0], "%s: call removed" % why(f))

@script:python depends on org@
p << prototype.p;
f << prototype.f;
@@
coccilib.org.print_todo(p[0], "%s: prototype removed" % why(f))

@script:python depends on org@
p << stub.p;
f << stub.f;
@@
coccilib.org.print_todo(p[0], "%s is defined only by the removed code: static inline stub removed" % f)

@script:python depends on org@
p << use.p;
f << use.f;
@@
coccilib.org.print_todo(p[0], "%s, and its value is used here: review by hand" % why(f))

@script:python depends on report@
p << deadif.p;
f << deadif.f;
@@
coccilib.report.print_report(p[0], "INFO: %s: call removed with the if around it" % why(f))

@script:python depends on report@
p << solebody.p;
f << solebody.f;
@@
coccilib.report.print_report(p[0], "WARNING: %s, and its call is the whole body of a statement: review by hand" % why(f))

@script:python depends on report@
p << definition.p;
f << definition.f;
@@
coccilib.report.print_report(p[0], "WARNING: %s is listed as defined only by the removed code, but it is defined here: review by hand" % f)

@script:python depends on org@
p << definition.p;
f << definition.f;
@@
coccilib.org.print_todo(p[0], "%s is listed as defined only by the removed code, but it is defined here: review by hand" % f)

@script:python depends on org@
p << deadif.p;
f << deadif.f;
@@
coccilib.org.print_todo(p[0], "%s: call removed with the if around it" % why(f))

@script:python depends on org@
p << solebody.p;
f << solebody.f;
@@
coccilib.org.print_todo(p[0], "%s, and its call is the whole body of a statement: review by hand" % why(f))

@script:python depends on report@
p << noopstub.p;
f << noopstub.f;
@@
coccilib.report.print_report(p[0], "INFO: %s: stub removed" % why(f))

@script:python depends on report@
p << noopmacro.p;
m << noopmacro.m;
@@
coccilib.report.print_report(p[0], "INFO: %s: stub removed" % why(m))

@script:python depends on report@
p << noopexport.p;
f << noopstub.f;
@@
coccilib.report.print_report(p[0], "INFO: %s: export removed" % why(f))

@script:python depends on org@
p << noopstub.p;
f << noopstub.f;
@@
coccilib.org.print_todo(p[0], "%s: stub removed" % why(f))

@script:python depends on org@
p << noopmacro.p;
m << noopmacro.m;
@@
coccilib.org.print_todo(p[0], "%s: stub removed" % why(m))

@script:python depends on org@
p << noopexport.p;
f << noopstub.f;
@@
coccilib.org.print_todo(p[0], "%s: export removed" % why(f))
