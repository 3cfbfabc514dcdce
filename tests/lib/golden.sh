#!/usr/bin/env bash
# golden.sh CASEDIR - run one golden test case.
#
# CASEDIR holds
#   cmd       a shell command, run in a scratch copy of the fixture tree,
#             with $EXCISE set to the binary under test
#   tree      (optional) the fixture's name: tests/fixtures/<name>; or
#   tree/     (optional) the fixture itself, inside the case
#   extra/    (optional, with a tree file) files laid over the named fixture
#   out, err  expected stdout and stderr (missing means empty)
#   rc        expected exit status (missing means 0)
#   diff      (optional) expected change of the tree, as `diff -ruN`
#             (timestamps removed, paths relative to the tree)
# With GOLDEN_UPDATE=1 the expected files are rewritten from the actual run.
set -uo pipefail
case=$(cd "${1%/}" && pwd)   # absolute: cmd is read after cd into the scratch tree
top=${EXCISE_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
: "${EXCISE:=$top/src/excise}"
export EXCISE_TOP=$top
export EXCISE

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
if [ -d "$case/tree" ]; then
	fixture=$case/tree
elif [ -f "$case/tree" ]; then
	fixture=$top/tests/fixtures/$(cat "$case/tree")
else
	fixture=
fi
mkdir -p "$scratch/orig" "$scratch/work"
if [ -n "$fixture" ]; then
	cp -a "$fixture/." "$scratch/orig/"
	cp -a "$fixture/." "$scratch/work/"
fi
if [ -f "$case/tree" ] && [ -d "$case/extra" ]; then
	cp -a "$case/extra/." "$scratch/orig/"
	cp -a "$case/extra/." "$scratch/work/"
fi

(cd "$scratch/work" && bash -c "$(cat "$case/cmd")") >"$scratch/out" 2>"$scratch/err"
echo $? >"$scratch/rc"

(cd "$scratch" && diff -ruN orig work) |
	sed -E 's#^(---|\+\+\+) (orig|work)/([^\t]*)\t.*#\1 \3#; s#^diff -ruN orig/([^ ]*) work/.*#diff \1#' \
	>"$scratch/diff"

if [ "${GOLDEN_UPDATE:-0}" = 1 ]; then
	for f in out err; do
		if [ -s "$scratch/$f" ]; then cp "$scratch/$f" "$case/$f"; else rm -f "$case/$f"; fi
	done
	if [ "$(cat "$scratch/rc")" = 0 ]; then rm -f "$case/rc"; else cp "$scratch/rc" "$case/rc"; fi
	if [ -s "$scratch/diff" ]; then cp "$scratch/diff" "$case/diff"; else rm -f "$case/diff"; fi
	echo "updated $case"
	exit 0
fi

status=0
check() { # name expected-file actual-file
	local exp=$2
	[ -f "$exp" ] || exp=/dev/null
	if ! diff -u --label "expected $1" --label "actual $1" "$exp" "$3"; then
		status=1
	fi
}
check stdout "$case/out" "$scratch/out"
check stderr "$case/err" "$scratch/err"
want_rc=0
[ -f "$case/rc" ] && want_rc=$(cat "$case/rc")
if [ "$want_rc" != "$(cat "$scratch/rc")" ]; then
	echo "exit status: expected $want_rc, got $(cat "$scratch/rc")"
	status=1
fi
check tree-diff "$case/diff" "$scratch/diff"
exit $status
