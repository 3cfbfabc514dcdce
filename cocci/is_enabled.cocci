// SPDX-License-Identifier: GPL-2.0-only
/// Fold IS_ENABLED(), IS_BUILTIN(), IS_MODULE() and IS_REACHABLE() tests of
/// removed Kconfig symbols: each such test is always false.  So is a call of
/// a removed machine's own predicate (alpha_jensen() for ALPHA_JENSEN), and
/// a use of a constant stub (static inline bool foo_enabled(void) { return
/// false; }, #define foo_deprecated 0), whose stub definitions go.
///
//# The symbols come from the command line, -D config=SYM[,SYM...], with or
//# without the CONFIG_ prefix; the predicates, functions without arguments,
//# from -D predicates=NAME[,NAME...] (optional): each call NAME() is folded
//# as the tests are.  Patch mode folds every test into the code
//# around it: if (IS_ENABLED(X)) A else B becomes B, if (IS_ENABLED(X)) A
//# goes, if (!IS_ENABLED(X)) A becomes A, a && IS_ENABLED(X) is false,
//# a || IS_ENABLED(X) is a, IS_ENABLED(X) ? a : b is b, and a test left as
//# a value becomes false/true when a bool function returns it, 0/1 elsewhere;
//# a while or for loop whose test is always false goes (a for keeps its
//# first clause).
//# A kept branch that is a block without declarations loses its braces.
//# The operand a that folding drops (a && IS_ENABLED(X), a || !IS_ENABLED(X))
//# is assumed to have no side effects; when it visibly has some (an
//# assignment, ++ or --) the test is reported and left alone.
//# The constant stubs come from -D false=NAME[,NAME...] and -D true=...
//# (optional; stubs.cocci lists them): NAME() names a function or
//# function-like macro, whose calls fold (arguments with visible side
//# effects: reported, left alone; a use of the name that is not a call:
//# reported), NAME an object-like macro, whose uses fold.  Their stub
//# definitions (a function returning a constant, a macro expanding to
//# one), prototypes and EXPORT_SYMBOLs go; other definitions are the
//# removal's (the #ifdef branch it deletes) and are left alone.
//# Macro bodies that are expressions or statements (do { } while (0)) are
//# C to spatch: tests in them fold too; other bodies do not parse and are
//# listed as parse errors.
//
// Confidence: High
// Copyright: (C) 2025 The excise authors.  GPLv2.
// Options: --no-includes --include-headers
// Keywords: IS_ENABLED, IS_BUILTIN, IS_MODULE, IS_REACHABLE, Kconfig
// Requires: 1.1.1

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
import re

SYMS = set()
PREDICATES = set()
FALSE_CALLS, TRUE_CALLS = set(), set()
FALSE_NAMES, TRUE_NAMES = set(), set()
given = False
# Where a constant stub's use is not folded (its arguments, or the operand
# folding would drop, have side effects): (file, line, column).
kept = set()

def false_call(name):
    return name in FALSE_CALLS

def true_call(name):
    return name in TRUE_CALLS

def const_call(name):
    return name in FALSE_CALLS or name in TRUE_CALLS

def false_name(name):
    return name in FALSE_NAMES

def true_name(name):
    return name in TRUE_NAMES

def const_name(name):
    return name in FALSE_NAMES or name in TRUE_NAMES

def where(p):
    return (p.file, p.line, p.column)

def folded(p):
    return where(p[0]) not in kept

# Add the names of a -D false= or true= value to calls and names.
def add_constants(value, calls, names):
    for n in value.split(","):
        n = n.strip()
        if n.endswith("()"):
            calls.add(n[:-2].strip())
        elif n:
            names.add(n)

# A stub's body value: a literal, or capitals only (NULL, -ENOTTY, LED_OFF),
# false or true.  (The test stubs.cocci makes.)
def stub_value(text):
    t = re.sub(r"\s+", "", text)
    if t in ("false", "true"):
        return True
    if not re.match(r"^[-+~!()\w]+$", t):
        return False
    return all(w == w.upper() for w in re.findall(r"[A-Za-z_]\w*", t))

def const_value(name):
    return "false" if name in FALSE_CALLS or name in FALSE_NAMES else "true"

def removed_symbol(name):
    return name in SYMS

def removed_predicate(name):
    return name in PREDICATES

# An assignment, ++ or -- in the text of an expression.  (A string literal
# holding one of them is taken for one too: that errs on the safe side.)
def visible_side_effects(text):
    return re.search(r"\+\+|--|(?<![=!<>])=(?!=)", text) is not None

# No call, assignment, ++ or -- in the text of an expression.  (Any name
# followed by a parenthesis counts as a call, sizeof included: that errs on
# the safe side.)
def pure(text):
    return re.search(r"\w\s*\(|\+\+|--|(?<![=!<>])=(?!=)", text) is None

# An expression whose value is 0 or 1 by its top-level operator (a
# comparison, a negation, a && or ||) or being a test of another symbol.
# (A rough test on the text.)
def boolean_shaped(text):
    t = text.strip()
    if t.startswith("!") and not t.startswith("!="):
        return True
    if re.match(r"(IS_ENABLED|IS_BUILTIN|IS_MODULE|IS_REACHABLE)\s*\([^()]*\)$", t):
        return True
    depth = 0
    i = 0
    while i < len(t):
        c = t[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0:
            two = t[i:i + 2]
            if two in ("&&", "||", "==", "!=", "<=", ">="):
                return True
            if c in "<>" and t[i + 1:i + 2] not in ("<", ">", "=") and t[i - 1:i] not in ("<", ">", "-"):
                return True
        i += 1
    return False

# The name of the test (IS_ENABLED, ...) whose argument is at position p.
def test_name(p):
    try:
        with open(p.file, errors="replace") as f:
            line = f.read().split("\n")[int(p.line) - 1]
    except (OSError, IndexError):
        return "IS_ENABLED"
    m = re.search(r"(IS_[A-Z]+)\s*\(\s*$", line[:int(p.column)])
    return m.group(1) if m else "IS_ENABLED"

# A comment in the text of a statement.  (A string literal holding // or /*
# is taken for one too: that errs on the safe side.)
def has_comment(text):
    return "/*" in text or "//" in text

@script:python@
config << virtual.config;
@@
for s in config.split(","):
    s = s.strip()
    if s:
        SYMS.add(s if s.startswith("CONFIG_") else "CONFIG_" + s)
given = True

@script:python@
preds << virtual.predicates;
@@
for f in preds.split(","):
    if f.strip():
        PREDICATES.add(f.strip())

@script:python@
value << virtual.false;
@@
add_constants(value, FALSE_CALLS, FALSE_NAMES)
given = True

@script:python@
value << virtual.true;
@@
add_constants(value, TRUE_CALLS, TRUE_NAMES)
given = True

@script:python@
@@
if not given:
    raise SystemExit("is_enabled.cocci: no symbols given: pass -D config=SYM[,SYM...] (or -D false=NAME[,NAME...])")

//----------------------------------------------------------------------------
// Every mode: tests whose folding would drop an operand with side effects.
//----------------------------------------------------------------------------

@effects@
identifier sym : script:python() { removed_symbol(sym) };
expression E : script:python() { visible_side_effects(E) };
position p;
@@
(
  E && \(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p)
|
  E || !\(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p)
)

@peffects@
identifier fn : script:python() { removed_predicate(fn) };
expression E : script:python() { visible_side_effects(E) };
position p;
@@
(
  E && fn@p()
|
  E || !fn@p()
)

// Constant stubs: a call whose arguments visibly have side effects, and an
// operand that folding would drop with side effects, keep their use.
@ccall@
identifier fn : script:python() { const_call(fn) };
expression list es;
position p;
@@
fn@p(es)

@script:python@
p << ccall.p;
es << ccall.es;
@@
if visible_side_effects(str(es)):
    kept.add(where(p[0]))

@ceffects@
identifier fn : script:python() { false_call(fn) };
identifier tn : script:python() { true_call(tn) };
identifier n : script:python() { false_name(n) };
identifier tm : script:python() { true_name(tm) };
expression E : script:python() { visible_side_effects(E) };
position p;
@@
(
  E && fn@p(...)
|
  E || !fn@p(...)
|
  E && n@p
|
  E || !n@p
|
  E || tn@p(...)
|
  E && !tn@p(...)
|
  E || tm@p
|
  E && !tm@p
)

@script:python@
p << ceffects.p;
@@
kept.add(where(p[0]))

// Their stub definitions, prototypes and exports.
@cdef@
identifier fn : script:python() { const_call(fn) };
type T;
expression E : script:python() { stub_value(E) };
position p;
@@
  T fn@p(...) { return E; }

@cmacro@
identifier m : script:python() { const_call(m) or const_name(m) };
identifier list ps;
expression E : script:python() { stub_value(E) };
position p;
@@
(
  #define m(ps) E@p
|
  #define m@p E
)

@cproto@
identifier fn : script:python() { const_call(fn) };
type T;
position p;
@@
  T fn@p(...);

@cexport@
identifier cdef.fn;
declarer name EXPORT_SYMBOL, EXPORT_SYMBOL_GPL;
position p;
@@
(
  EXPORT_SYMBOL(fn@p);
|
  EXPORT_SYMBOL_GPL(fn@p);
)

// A use of a constant stub function that is not a call (a function
// pointer): the value stays, for a person.
@cpointer@
identifier fn : script:python() { const_call(fn) };
position p != {ccall.p, cdef.p, cproto.p, cexport.p};
@@
  fn@p

// Tests that folding replaces, in a || or && whose value stays, by the other
// operand E: exact where the value is only tested for truth (a condition, a
// bool function's return), but where it is used as a number, E may be other
// than 0 or 1: reported for review (still folded).
@truthctx@
identifier sym : script:python() { removed_symbol(sym) };
statement S;
position p;
@@
(
  if (<+... \(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p) ...+>) S
|
  while (<+... \(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p) ...+>) S
|
  for (...; <+... \(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p) ...+>; ...) S
)

@truthret@
identifier sym : script:python() { removed_symbol(sym) };
typedef bool;
identifier fn;
position p;
@@
bool fn(...)
{
<...
return <+... \(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p) ...+>;
...>
}

@valuectx@
identifier sym : script:python() { removed_symbol(sym) };
expression E : script:python() { not boolean_shaped(E) };
position p != {truthctx.p, truthret.p};
@@
(
  E || \(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p)
|
  \(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p) || E
|
  E && !\(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p)
|
  !\(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p) && E
)

// An if (!IS_ENABLED(X)) that leaves its block: folded to the return or goto
// alone, so the statements after it become unreachable (reported, for a
// person to delete them).
@deadafter@
identifier sym : script:python() { removed_symbol(sym) };
identifier l;
statement S;
position p;
@@
(
  if (!\(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p)) return ...;
|
  if (!\(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p)) goto l;
|
  if (!\(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p)) { ... return ...; }
|
  if (!\(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p)) { ... goto l; }
)
  S

@cdeadafter@
identifier fn : script:python() { false_call(fn) };
identifier n : script:python() { false_name(n) };
identifier tn : script:python() { true_call(tn) };
identifier l;
statement S;
position p;
@@
(
  if (\(!fn@p(...)\|!n@p\|tn@p(...)\)) return ...;
|
  if (\(!fn@p(...)\|!n@p\|tn@p(...)\)) goto l;
|
  if (\(!fn@p(...)\|!n@p\|tn@p(...)\)) { ... return ...; }
|
  if (\(!fn@p(...)\|!n@p\|tn@p(...)\)) { ... goto l; }
)
  S

//----------------------------------------------------------------------------
// Patch mode.  The tests are first replaced by a marker, excise_false__; the
// rules after fold the markers (excise_true__ is its negation) into the
// expressions and statements around them; the last rules turn any marker
// left into a constant.
//----------------------------------------------------------------------------

@mark depends on patch@
symbol excise_false__;
identifier sym : script:python() { removed_symbol(sym) };
position p != effects.p;
@@
(
- IS_ENABLED(sym@p)
+ excise_false__
|
- IS_BUILTIN(sym@p)
+ excise_false__
|
- IS_MODULE(sym@p)
+ excise_false__
|
- IS_REACHABLE(sym@p)
+ excise_false__
)

@pmark depends on patch@
symbol excise_false__;
identifier fn : script:python() { removed_predicate(fn) };
position p != peffects.p;
@@
- fn@p()
+ excise_false__

@cmark depends on patch@
symbol excise_false__, excise_true__;
identifier fn : script:python() { false_call(fn) };
identifier tn : script:python() { true_call(tn) };
position p : script:python() { folded(p) };
@@
(
- fn@p(...)
+ excise_false__
|
- tn@p(...)
+ excise_true__
)

@cnmark depends on patch@
symbol excise_false__, excise_true__;
identifier n : script:python() { false_name(n) };
identifier tm : script:python() { true_name(tm) };
position p : script:python() { folded(p) };
@@
(
- n@p
+ excise_false__
|
- tm@p
+ excise_true__
)

@depends on patch@
identifier fn : script:python() { const_call(fn) };
type T;
expression E : script:python() { stub_value(E) };
@@
- T fn(...) { return E; }

@depends on patch@
identifier m : script:python() { const_call(m) or const_name(m) };
identifier list ps;
expression E : script:python() { stub_value(E) };
@@
(
- #define m(ps) E
|
- #define m E
)

@depends on patch@
identifier fn : script:python() { const_call(fn) };
type T;
@@
- T fn(...);

@depends on patch@
identifier cdef.fn;
declarer name EXPORT_SYMBOL, EXPORT_SYMBOL_GPL;
@@
(
- EXPORT_SYMBOL(fn);
|
- EXPORT_SYMBOL_GPL(fn);
)

// Fold the markers into the expressions around them: (false) is false,
// !false is true, false && E is false, false || E is E, and so on.  Each
// round folds one level of nesting, innermost first; four rounds are run.
// An operand kept alone in parentheses loses them when it binds tighter than
// any binary operator: a && (b || IS_ENABLED(X)) becomes a && b.
@fold_1 depends on patch disable paren@
symbol excise_false__, excise_true__;
expression E, F;
idexpression I;
identifier fld;
@@
(
- (excise_false__)
+ excise_false__
|
- (excise_true__)
+ excise_true__
|
- !excise_false__
+ excise_true__
|
- !excise_true__
+ excise_false__
|
- (
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- || excise_false__)
|
- (excise_false__ ||
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- )
|
- (
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- && excise_true__)
|
- (excise_true__ &&
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- )
|
- excise_false__ && E
+ excise_false__
|
- E && excise_false__
+ excise_false__
|
- excise_true__ &&
  E
|
  E
- && excise_true__
|
- excise_true__ || E
+ excise_true__
|
- E || excise_true__
+ excise_true__
|
- excise_false__ ||
  E
|
  E
- || excise_false__
)

@fold_2 depends on patch disable paren@
symbol excise_false__, excise_true__;
expression E, F;
idexpression I;
identifier fld;
@@
(
- (excise_false__)
+ excise_false__
|
- (excise_true__)
+ excise_true__
|
- !excise_false__
+ excise_true__
|
- !excise_true__
+ excise_false__
|
- (
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- || excise_false__)
|
- (excise_false__ ||
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- )
|
- (
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- && excise_true__)
|
- (excise_true__ &&
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- )
|
- excise_false__ && E
+ excise_false__
|
- E && excise_false__
+ excise_false__
|
- excise_true__ &&
  E
|
  E
- && excise_true__
|
- excise_true__ || E
+ excise_true__
|
- E || excise_true__
+ excise_true__
|
- excise_false__ ||
  E
|
  E
- || excise_false__
)

@fold_3 depends on patch disable paren@
symbol excise_false__, excise_true__;
expression E, F;
idexpression I;
identifier fld;
@@
(
- (excise_false__)
+ excise_false__
|
- (excise_true__)
+ excise_true__
|
- !excise_false__
+ excise_true__
|
- !excise_true__
+ excise_false__
|
- (
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- || excise_false__)
|
- (excise_false__ ||
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- )
|
- (
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- && excise_true__)
|
- (excise_true__ &&
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- )
|
- excise_false__ && E
+ excise_false__
|
- E && excise_false__
+ excise_false__
|
- excise_true__ &&
  E
|
  E
- && excise_true__
|
- excise_true__ || E
+ excise_true__
|
- E || excise_true__
+ excise_true__
|
- excise_false__ ||
  E
|
  E
- || excise_false__
)

@fold_4 depends on patch disable paren@
symbol excise_false__, excise_true__;
expression E, F;
idexpression I;
identifier fld;
@@
(
- (excise_false__)
+ excise_false__
|
- (excise_true__)
+ excise_true__
|
- !excise_false__
+ excise_true__
|
- !excise_true__
+ excise_false__
|
- (
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- || excise_false__)
|
- (excise_false__ ||
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- )
|
- (
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- && excise_true__)
|
- (excise_true__ &&
  \(I\|F(...)\|F->fld\|F.fld\|!F\)
- )
|
- excise_false__ && E
+ excise_false__
|
- E && excise_false__
+ excise_false__
|
- excise_true__ &&
  E
|
  E
- && excise_true__
|
- excise_true__ || E
+ excise_true__
|
- E || excise_true__
+ excise_true__
|
- excise_false__ ||
  E
|
  E
- || excise_false__
)

// Conditional expressions: the arm that is never taken goes (and the
// parentheses around the conditional, when the arm kept needs none).
@cond depends on patch disable paren@
symbol excise_false__, excise_true__;
expression A, B;
idexpression I;
constant C;
@@
(
- (excise_false__ ? A : I)
+ I
|
- (excise_false__ ? A : C)
+ C
|
- (excise_true__ ? I : B)
+ I
|
- (excise_true__ ? C : B)
+ C
|
- excise_false__ ? A :
  B
|
- excise_true__ ?
  A
- : B
)

// An always-false or always-true test in an else-if chain: the chain closes
// over it.
@elseif depends on patch disable drop_else, neg_if@
symbol excise_false__, excise_true__;
expression E != {excise_false__, excise_true__};
statement S1, S2, S3;
@@
(
  if (E) S1 else
- if (excise_false__) S2 else
  S3
|
  if (E) S1
- else if (excise_false__) S2
|
  if (E) S1 else
- if (excise_true__)
  S2
- else S3
|
  if (E) S1 else
- if (excise_true__)
  S2
)

// An if whose whole body is an if with an always-false test and no else
// goes with it, when its own test has no side effects.
@nested depends on patch disable drop_else, neg_if, braces0, braces1, braces2, braces3, braces4@
symbol excise_false__;
expression E : script:python() { pure(E) };
statement S;
@@
(
- if (E) { if (excise_false__) S }
|
- if (E) if (excise_false__) S
)

// A kept branch that is a block keeps its braces when it declares variables
// (unbraced, they would follow statements) or holds comments (spatch does
// not reindent comments).
@keepbraces depends on patch disable braces0, braces1, braces2, braces3, braces4, drop_else, neg_if@
symbol excise_false__, excise_true__;
statement S1, S2;
statement B : script:python() { has_comment(B) };
declaration d;
position p;
@@
(
  if@p (excise_false__) S1 else { ... d ... }
|
  if@p (excise_true__) { ... d ... } else S2
|
  if@p (excise_true__) { ... d ... }
|
  if@p (excise_false__) S1 else B
|
  if@p (excise_true__) B else S2
|
  if@p (excise_true__) B
)

// Other kept blocks are spliced into the code around them.
@unbrace depends on patch disable braces0, braces1, braces2, braces3, braces4, drop_else, neg_if@
symbol excise_false__, excise_true__;
statement S1, S2;
position p != keepbraces.p;
@@
(
- if@p (excise_false__) S1 else {
  ...
- }
|
- if@p (excise_true__) {
  ...
- } else S2
|
- if@p (excise_true__) {
  ...
- }
)

// Other if statements: the branch never taken goes, with the test.
@branches depends on patch disable drop_else, neg_if@
symbol excise_false__, excise_true__;
statement S1, S2;
@@
(
- if (excise_false__) S1 else
  S2
|
- if (excise_false__) S1
|
- if (excise_true__)
  S1
- else S2
|
- if (excise_true__)
  S1
|
- while (excise_false__) S1
|
- for (; excise_false__; ...) S1
)

// A for loop whose test is always false runs its first clause alone.
@deadfor depends on patch@
symbol excise_false__;
expression E;
statement S;
@@
- for (E; excise_false__; ...) S
+ E;

// A test left as a value: false or true when a bool function returns it or
// a bool variable is initialized with it.
@boolret depends on patch@
symbol excise_false__, excise_true__;
typedef bool;
identifier fn;
@@
bool fn(...)
{
<...
(
- return excise_false__;
+ return false;
|
- return excise_true__;
+ return true;
)
...>
}

@boolinit depends on patch@
symbol excise_false__, excise_true__;
typedef bool;
identifier x;
@@
(
- bool x = excise_false__;
+ bool x = false;
|
- bool x = excise_true__;
+ bool x = true;
)

// Anywhere else 0 or 1, the values of the tests.
@constant depends on patch@
symbol excise_false__, excise_true__;
@@
(
- excise_false__
+ 0
|
- excise_true__
+ 1
)

//----------------------------------------------------------------------------
// Context, org and report modes.  Report lines are "file:line:col-col: MSG";
// INFO marks a test patch mode folds, WARNING one it leaves for review.
//----------------------------------------------------------------------------

@ctx depends on context@
identifier sym : script:python() { removed_symbol(sym) };
@@
* \(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym)

@tests depends on org || report@
identifier sym : script:python() { removed_symbol(sym) };
position p != effects.p;
@@
\(IS_ENABLED\|IS_BUILTIN\|IS_MODULE\|IS_REACHABLE\)(sym@p)

@script:python depends on report@
p << tests.p;
sym << tests.sym;
@@
coccilib.report.print_report(p[0], "INFO: %s(%s) is always false: %s is removed" % (test_name(p[0]), sym, sym))

@script:python depends on org@
p << tests.p;
sym << tests.sym;
@@
coccilib.org.print_todo(p[0], "%s(%s) is always false: %s is removed" % (test_name(p[0]), sym, sym))

@script:python depends on report@
p << effects.p;
sym << effects.sym;
@@
coccilib.report.print_report(p[0], "WARNING: %s(%s) is always false, but the operand folding would drop has side effects: review by hand" % (test_name(p[0]), sym))

@script:python depends on report@
p << valuectx.p;
sym << valuectx.sym;
@@
coccilib.report.print_report(p[0], "WARNING: %s(%s) is always false and folded away, leaving the other operand of a || or && whose value is used as a number: check it is 0 or 1" % (test_name(p[0]), sym))

@script:python depends on report@
p << deadafter.p;
sym << deadafter.sym;
@@
coccilib.report.print_report(p[0], "WARNING: %s(%s) is always false: the if leaves the block unconditionally, the code after it becomes unreachable: delete it by hand" % (test_name(p[0]), sym))

@script:python depends on org@
p << effects.p;
sym << effects.sym;
@@
coccilib.org.print_todo(p[0], "%s(%s) is always false, but the operand folding would drop has side effects: review by hand" % (test_name(p[0]), sym))

@ptests depends on org || report@
identifier fn : script:python() { removed_predicate(fn) };
position p != peffects.p;
@@
fn@p()

@script:python depends on report@
p << ptests.p;
fn << ptests.fn;
@@
coccilib.report.print_report(p[0], "INFO: %s() is always false: it tests for the removed machine" % fn)

@script:python depends on report@
p << peffects.p;
fn << peffects.fn;
@@
coccilib.report.print_report(p[0], "WARNING: %s() is always false, but the operand folding would drop has side effects: review by hand" % fn)

//----------------------------------------------------------------------------
// Report mode: constant stubs.
//----------------------------------------------------------------------------

@cuses depends on org || report@
identifier fn : script:python() { const_call(fn) };
identifier n : script:python() { const_name(n) };
position p : script:python() { folded(p) };
@@
(
  fn@p(...)
|
  n@p
)

@script:python depends on report@
p << cuses.p;
fn << cuses.fn = "";
n << cuses.n = "";
@@
name = fn or n
coccilib.report.print_report(p[0], "INFO: %s%s is always %s: it is a constant stub once the removal is done" % (name, "()" if fn else "", const_value(name)))

@script:python depends on report@
p << cdef.p;
fn << cdef.fn;
@@
coccilib.report.print_report(p[0], "INFO: %s() is a constant stub once the removal is done: stub removed" % fn)

@script:python depends on report@
p << cmacro.p;
m << cmacro.m;
@@
coccilib.report.print_report(p[0], "INFO: %s is a constant stub once the removal is done: stub removed" % m)

@script:python depends on report@
p << cproto.p;
fn << cproto.fn;
@@
coccilib.report.print_report(p[0], "INFO: %s() is a constant stub once the removal is done: prototype removed" % fn)

@script:python depends on report@
p << cexport.p;
fn << cdef.fn;
@@
coccilib.report.print_report(p[0], "INFO: %s() is a constant stub once the removal is done: export removed" % fn)

@script:python depends on report@
p << cpointer.p;
fn << cpointer.fn;
@@
coccilib.report.print_report(p[0], "WARNING: %s() is a constant stub once the removal is done, and it is used here other than called: review by hand" % fn)

@script:python depends on report@
p << ccall.p;
fn << ccall.fn;
@@
if not folded(p):
    coccilib.report.print_report(p[0], "WARNING: %s() is always %s, but its arguments have side effects: not folded, review by hand" % (fn, const_value(fn)))

@script:python depends on report@
p << ceffects.p;
@@
coccilib.report.print_report(p[0], "WARNING: a constant stub is always %s here, but the operand folding would drop has side effects: not folded, review by hand" % "false/true")

@script:python depends on report@
p << cdeadafter.p;
fn << cdeadafter.fn = "";
n << cdeadafter.n = "";
tn << cdeadafter.tn = "";
@@
name = fn or n or tn
coccilib.report.print_report(p[0], "WARNING: %s is a constant stub: the if leaves the block unconditionally, the code after it becomes unreachable: delete it by hand" % name)
