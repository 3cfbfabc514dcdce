// SPDX-License-Identifier: GPL-2.0-only
/// Remove calls of functions that only the removed code defines, with their
/// prototypes and static inline stubs; report every other use.
///
//# The functions come from the command line, -D functions=NAME[,NAME...].
//# Patch mode removes a call made for its effect alone (a statement f(...);
//# or (void)f(...);), a prototype (T f(...); extern or not) and a static
//# inline definition (the stub a header gives when the code is configured
//# out).  Every other use, where the value of f or of a call to f matters
//# (an expression, an initializer, a function pointer), needs a person: report
//# mode lists those as WARNING, and lists what patch mode removes as INFO.  A
//# definition other than a static inline stub is reported too: the file
//# defines what the list says only the removed code defines.
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
given = False

def removed_function(name):
    return name in FUNCS

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
@@
if not given:
    raise SystemExit("calls.cocci: no functions given: pass -D functions=NAME[,NAME...]")

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
identifier f : script:python() { removed_function(f) };
type T;
position p;
@@
  static inline T f@p(...) { ... }

// A definition that is not a static inline stub: the file defines what the
// list says only the removed code defines (a file that should go too?).
@definition@
identifier f : script:python() { removed_function(f) };
type T;
position p != stub.p;
@@
  T f@p(...) { ... }

// Every other use: the value of f, or of a call to f, matters.
@use@
identifier f : script:python() { removed_function(f) };
position p != {deadif.p, solebody.p, handled.p, prototype.p, stub.p};
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
identifier f : script:python() { removed_function(f) };
type T;
@@
- static inline T f(...) { ... }

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
coccilib.report.print_report(p[0], "INFO: %s is defined only by the removed code: call removed" % f)

@script:python depends on report@
p << prototype.p;
f << prototype.f;
@@
coccilib.report.print_report(p[0], "INFO: %s is defined only by the removed code: prototype removed" % f)

@script:python depends on report@
p << stub.p;
f << stub.f;
@@
coccilib.report.print_report(p[0], "INFO: %s is defined only by the removed code: static inline stub removed" % f)

@script:python depends on report@
p << use.p;
f << use.f;
@@
coccilib.report.print_report(p[0], "WARNING: %s is defined only by the removed code, and its value is used here: review by hand" % f)

@script:python depends on org@
p << handled.p;
f << handled.f;
@@
coccilib.org.print_todo(p[0], "%s is defined only by the removed code: call removed" % f)

@script:python depends on org@
p << prototype.p;
f << prototype.f;
@@
coccilib.org.print_todo(p[0], "%s is defined only by the removed code: prototype removed" % f)

@script:python depends on org@
p << stub.p;
f << stub.f;
@@
coccilib.org.print_todo(p[0], "%s is defined only by the removed code: static inline stub removed" % f)

@script:python depends on org@
p << use.p;
f << use.f;
@@
coccilib.org.print_todo(p[0], "%s is defined only by the removed code, and its value is used here: review by hand" % f)

@script:python depends on report@
p << deadif.p;
f << deadif.f;
@@
coccilib.report.print_report(p[0], "INFO: %s is defined only by the removed code: call removed with the if around it" % f)

@script:python depends on report@
p << solebody.p;
f << solebody.f;
@@
coccilib.report.print_report(p[0], "WARNING: %s is defined only by the removed code, and its call is the whole body of a statement: review by hand" % f)

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
coccilib.org.print_todo(p[0], "%s is defined only by the removed code: call removed with the if around it" % f)

@script:python depends on org@
p << solebody.p;
f << solebody.f;
@@
coccilib.org.print_todo(p[0], "%s is defined only by the removed code, and its call is the whole body of a statement: review by hand" % f)
