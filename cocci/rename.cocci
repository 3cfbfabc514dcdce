// SPDX-License-Identifier: GPL-2.0-only
/// Rename identifiers: each OLD becomes NEW, wherever C code names it.
///
//# The pairs come from the command line, -D rename=OLD=NEW[,OLD=NEW...].
//# Patch mode renames a name used in an expression or called (a function,
//# a variable, an enumerator, a macro used as a value or called), a
//# function's definition and prototypes, a variable's declaration, a
//# struct, union or enum tag where it is used and where it is defined, and
//# an enumerator where it is declared.  Report mode lists each as INFO.
//# SmPL takes a typedef name, a declarer (DEFINE_FOO(x);) and an iterator
//# (for_each_foo(x) { }) only when the patch names it: rename_types.sh
//# writes the patch for those.  Not renamed: the name of a #define (the
//# planner's, as preprocessor text), an attribute (__foo), a struct member,
//# and code spatch cannot parse (listed as parse errors).
//
// Confidence: High
// Copyright: (C) 2025 The excise authors.  GPLv2.
// Options: --no-includes --include-headers
// Keywords: rename, identifier, replace
// Requires: 1.1.1

virtual patch
virtual context
virtual org
virtual report

@initialize:python@
@@
RENAME = {}
given = False

def renamed(name):
    return name in RENAME

def new_name(name):
    return RENAME[name]

@script:python@
pairs << virtual.rename;
@@
for pair in pairs.split(","):
    old, eq, new = pair.strip().partition("=")
    if not eq or not old.strip() or not new.strip():
        raise SystemExit("rename.cocci: %s is not OLD=NEW" % pair.strip())
    RENAME[old.strip()] = new.strip()
given = True

@script:python@
@@
if not given:
    raise SystemExit("rename.cocci: nothing to rename: pass -D rename=OLD=NEW[,OLD=NEW...]")

//----------------------------------------------------------------------------
// Patch mode: one rule for each place a name can be.
//----------------------------------------------------------------------------

@depends on patch@
identifier i : script:python() { renamed(i) };
fresh identifier j = script:python(i) { new_name(i) };
@@
- i
+ j

@depends on patch@
identifier i : script:python() { renamed(i) };
fresh identifier j = script:python(i) { new_name(i) };
type T;
@@
  T
- i
+ j
  (...) { ... }

@depends on patch@
identifier i : script:python() { renamed(i) };
fresh identifier j = script:python(i) { new_name(i) };
type T;
@@
  T
- i
+ j
  (...);

@depends on patch@
identifier i : script:python() { renamed(i) };
fresh identifier j = script:python(i) { new_name(i) };
type T;
expression E;
@@
(
  T
- i
+ j
  ;
|
  T
- i
+ j
  = E;
)

@depends on patch@
identifier i : script:python() { renamed(i) };
fresh identifier j = script:python(i) { new_name(i) };
@@
(
  struct
- i
+ j
  { ... };
|
  union
- i
+ j
  { ... };
|
  enum
- i
+ j
  { ... };
)

@depends on patch@
identifier i : script:python() { renamed(i) };
fresh identifier j = script:python(i) { new_name(i) };
@@
  struct
- i
+ j

@depends on patch@
identifier i : script:python() { renamed(i) };
fresh identifier j = script:python(i) { new_name(i) };
@@
  union
- i
+ j

@depends on patch@
identifier i : script:python() { renamed(i) };
fresh identifier j = script:python(i) { new_name(i) };
@@
  enum
- i
+ j

@depends on patch@
identifier i : script:python() { renamed(i) };
fresh identifier j = script:python(i) { new_name(i) };
identifier e;
@@
  enum e { ...,
- i
+ j
  , ... };

@depends on patch@
identifier i : script:python() { renamed(i) };
fresh identifier j = script:python(i) { new_name(i) };
identifier e;
expression E;
@@
  enum e { ...,
- i
+ j
  = E, ... };

//----------------------------------------------------------------------------
// Report and org modes: the same places.
//----------------------------------------------------------------------------

@r_expression depends on report || org@
identifier i : script:python() { renamed(i) };
position p;
@@
  i@p

@script:python depends on report@
i << r_expression.i;
p << r_expression.p;
@@
coccilib.report.print_report(p[0], "INFO: %s renamed %s" % (i, new_name(i)))

@script:python depends on org@
i << r_expression.i;
p << r_expression.p;
@@
coccilib.org.print_todo(p[0], "%s renamed %s" % (i, new_name(i)))

@r_definition depends on report || org@
identifier i : script:python() { renamed(i) };
type T;
position p;
@@
  T i@p(...) { ... }

@script:python depends on report@
i << r_definition.i;
p << r_definition.p;
@@
coccilib.report.print_report(p[0], "INFO: %s renamed %s" % (i, new_name(i)))

@script:python depends on org@
i << r_definition.i;
p << r_definition.p;
@@
coccilib.org.print_todo(p[0], "%s renamed %s" % (i, new_name(i)))

@r_prototype depends on report || org@
identifier i : script:python() { renamed(i) };
type T;
position p;
@@
  T i@p(...);

@script:python depends on report@
i << r_prototype.i;
p << r_prototype.p;
@@
coccilib.report.print_report(p[0], "INFO: %s renamed %s" % (i, new_name(i)))

@script:python depends on org@
i << r_prototype.i;
p << r_prototype.p;
@@
coccilib.org.print_todo(p[0], "%s renamed %s" % (i, new_name(i)))

@r_declaration depends on report || org@
identifier i : script:python() { renamed(i) };
type T;
expression E;
position p != r_prototype.p;
@@
(
  T i@p;
|
  T i@p = E;
)

@script:python depends on report@
i << r_declaration.i;
p << r_declaration.p;
@@
coccilib.report.print_report(p[0], "INFO: %s renamed %s" % (i, new_name(i)))

@script:python depends on org@
i << r_declaration.i;
p << r_declaration.p;
@@
coccilib.org.print_todo(p[0], "%s renamed %s" % (i, new_name(i)))

@r_tagdef depends on report || org@
identifier i : script:python() { renamed(i) };
position p;
@@
(
  struct i@p { ... };
|
  union i@p { ... };
|
  enum i@p { ... };
)

@script:python depends on report@
i << r_tagdef.i;
p << r_tagdef.p;
@@
coccilib.report.print_report(p[0], "INFO: %s renamed %s" % (i, new_name(i)))

@script:python depends on org@
i << r_tagdef.i;
p << r_tagdef.p;
@@
coccilib.org.print_todo(p[0], "%s renamed %s" % (i, new_name(i)))

@r_struct depends on report || org@
identifier i : script:python() { renamed(i) };
position p;
@@
  struct i@p

@script:python depends on report@
i << r_struct.i;
p << r_struct.p;
@@
coccilib.report.print_report(p[0], "INFO: %s renamed %s" % (i, new_name(i)))

@script:python depends on org@
i << r_struct.i;
p << r_struct.p;
@@
coccilib.org.print_todo(p[0], "%s renamed %s" % (i, new_name(i)))

@r_union depends on report || org@
identifier i : script:python() { renamed(i) };
position p;
@@
  union i@p

@script:python depends on report@
i << r_union.i;
p << r_union.p;
@@
coccilib.report.print_report(p[0], "INFO: %s renamed %s" % (i, new_name(i)))

@script:python depends on org@
i << r_union.i;
p << r_union.p;
@@
coccilib.org.print_todo(p[0], "%s renamed %s" % (i, new_name(i)))

@r_enum depends on report || org@
identifier i : script:python() { renamed(i) };
position p;
@@
  enum i@p

@script:python depends on report@
i << r_enum.i;
p << r_enum.p;
@@
coccilib.report.print_report(p[0], "INFO: %s renamed %s" % (i, new_name(i)))

@script:python depends on org@
i << r_enum.i;
p << r_enum.p;
@@
coccilib.org.print_todo(p[0], "%s renamed %s" % (i, new_name(i)))

@r_enumerator depends on report || org@
identifier i : script:python() { renamed(i) };
identifier e;
position p;
@@
  enum e { ..., i@p, ... };

@script:python depends on report@
i << r_enumerator.i;
p << r_enumerator.p;
@@
coccilib.report.print_report(p[0], "INFO: %s renamed %s" % (i, new_name(i)))

@script:python depends on org@
i << r_enumerator.i;
p << r_enumerator.p;
@@
coccilib.org.print_todo(p[0], "%s renamed %s" % (i, new_name(i)))

@r_enumvalue depends on report || org@
identifier i : script:python() { renamed(i) };
identifier e;
expression E;
position p;
@@
  enum e { ..., i@p = E, ... };

@script:python depends on report@
i << r_enumvalue.i;
p << r_enumvalue.p;
@@
coccilib.report.print_report(p[0], "INFO: %s renamed %s" % (i, new_name(i)))

@script:python depends on org@
i << r_enumvalue.i;
p << r_enumvalue.p;
@@
coccilib.org.print_todo(p[0], "%s renamed %s" % (i, new_name(i)))

//----------------------------------------------------------------------------
// Context mode.
//----------------------------------------------------------------------------

@depends on context@
identifier i : script:python() { renamed(i) };
@@
* i
