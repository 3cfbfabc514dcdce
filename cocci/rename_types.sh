#!/usr/bin/env bash
# rename_types.sh KIND:OLD=NEW... - print a semantic patch that renames
# typedef names, declarers (DEFINE_FOO(x);) and iterators (for_each_foo(x)
# { }): what rename.cocci cannot, since SmPL takes those only when the patch
# names them, each as one kind (KIND is typedef, declarer or iterator; a
# name declared as one kind stays that kind to the end of a patch).  Run the
# patch as rename.cocci runs, with -D patch, or -D report (INFO per site).
#
#   cocci/rename_types.sh typedef:old_t=new_t >/tmp/r.cocci
#   spatch --sp-file /tmp/r.cocci -D patch --no-includes --include-headers f.c
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: rename_types.sh typedef|declarer|iterator:OLD=NEW..." >&2; exit 2; }
for arg in "$@"; do
	kind=${arg%%:*} pair=${arg#*:}
	case $kind in
	typedef | declarer | iterator) ;;
	*) echo "rename_types.sh: $arg: the kind is typedef, declarer or iterator" >&2; exit 2 ;;
	esac
	case $pair in
	*[!A-Za-z0-9_=]* | =* | *= | *=*=* | [0-9]* | *=[0-9]*)
		echo "rename_types.sh: $arg is not KIND:OLD=NEW (C identifiers)" >&2; exit 2 ;;
	*=*) ;;
	*) echo "rename_types.sh: $arg is not KIND:OLD=NEW" >&2; exit 2 ;;
	esac
done

cat <<'HEAD'
// SPDX-License-Identifier: GPL-2.0-only
/// Rename typedef names, declarers and iterators (written by rename_types.sh).
//
// Confidence: High
// Copyright: (C) 2025 The excise authors.  GPLv2.
// Options: --no-includes --include-headers
// Keywords: rename, typedef, declarer, iterator
// Requires: 1.1.1

virtual patch
virtual context
virtual org
virtual report
HEAD

n=0
for arg in "$@"; do
	kind=${arg%%:*} pair=${arg#*:}
	old=${pair%%=*} new=${pair#*=}
	n=$((n + 1))
	case $kind in
	declarer)
		cat <<RULES

@depends on patch@
declarer name $old, $new;
@@
- $old
+ $new
  (...);

@r$n depends on report@
declarer name $old;
position p;
@@
$old@p(...);
RULES
		;;
	iterator)
		cat <<RULES

@depends on patch@
iterator name $old, $new;
statement S;
@@
- $old
+ $new
  (...) S

@r$n depends on report@
iterator name $old;
statement S;
position p;
@@
$old@p(...) S
RULES
		;;
	typedef)
		cat <<RULES

@depends on patch@
type T;
@@
  typedef T
- $old
+ $new
  ;

@depends on patch@
typedef $old, $new;
@@
- $old
+ $new

@r$n depends on report@
typedef $old;
position p;
@@
$old@p
RULES
		;;
	esac
	cat <<RULES

@script:python depends on report@
p << r$n.p;
@@
coccilib.report.print_report(p[0], "INFO: $old renamed $new")
RULES
done
