#!/usr/bin/env bash
# remove stopped the polite ways says so, and leaves nothing behind:
#   1. SIGTERM during the apply: rolled back, "excise: interrupted: nothing
#      was changed", exit 128+15, the tree as it was, no .excise- file;
#   2. SIGHUP while spatch runs (planning): the same message and status
#      (128+1), the tree as it was; spatch's stderr file and its file list
#      are in $TMPDIR, not /tmp, and have no name there (SIGINT is handled
#      the same way, but a background job of a script ignores it);
#   3. SIGKILL while spatch runs: the file list spatch was given is gone
#      (it was /tmp/excise-cocci-groups-*, left behind), nothing in $TMPDIR.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
command -v spatch >/dev/null || skip "no spatch"
fixture=$top/tests/fixtures/mini
scratch=$(mktemp -d)
spatches=
cleanup() { for p in $spatches; do kill -KILL "$p" 2>/dev/null; done; rm -rf "$scratch"; }
trap cleanup EXIT
same_as_fixture() { diff -r "$fixture" "$scratch/t" >"$scratch/diff" 2>&1 && [ -z "$(find "$scratch/t" -name '*excise-*')" ]; }

# 1. SIGTERM during the apply.
cp -a "$fixture" "$scratch/t"
EXCISE_TEST_APPLY_DELAY=$((100000 * ${TEST_SLOW:-1})) "$EXCISE" remove --force --no-cocci -C "$scratch/t" FOO_FS \
	>"$scratch/out" 2>"$scratch/err" &
pid=$!
for _ in $(seq 1 3000); do
	[ -e "$scratch/t/.excise-journal" ] && break
	kill -0 $pid 2>/dev/null || break
	sleep 0.01
done
[ -e "$scratch/t/.excise-journal" ] || fail "the apply never started"
sleep 0.3
kill -TERM $pid
wait $pid
rc=$?
cat "$scratch/err"
[ $rc = 143 ] || fail "SIGTERM during the apply: exit $rc, not 143"
[ "$(tail -n 1 "$scratch/err")" = "excise: interrupted: nothing was changed" ] || fail "SIGTERM during the apply: not said"
same_as_fixture || { cat "$scratch/diff"; fail "SIGTERM during the apply: the tree is not as it was"; }
echo "result: SIGTERM during the apply: rolled back, said, exit 143"

# Start a removal with the semantic patches; wait for its first spatch; the
# spatch's pid in $spid, its --file-groups argument in $groups.
start_spatch() {
	rm -rf "$scratch/t" "$scratch/tmp"
	cp -a "$fixture" "$scratch/t"
	mkdir "$scratch/tmp"
	TMPDIR=$scratch/tmp "$EXCISE" remove --force -C "$scratch/t" FOO_FS >"$scratch/out" 2>"$scratch/err" &
	pid=$!
	spid=
	for _ in $(seq 1 6000); do
		spid=$(pgrep -P $pid -x spatch | head -n 1)
		[ -n "$spid" ] && break
		kill -0 $pid 2>/dev/null || break
		sleep 0.005
	done
	[ -n "$spid" ] || fail "no spatch run was seen"
	spatches="$spatches $(pgrep -P $pid -x spatch | tr '\n' ' ')"
	groups=$(tr '\0' '\n' <"/proc/$spid/cmdline" | sed -n '/^--file-groups$/{n;p}')
	errfile=$(readlink "/proc/$spid/fd/2")
}

# 2. SIGHUP while spatch runs.
start_spatch
echo "spatch: --file-groups $groups, stderr to $errfile" | sed "s#$scratch#<scratch>#g"
case $errfile in "$scratch/tmp/"*) ;; *) fail "spatch's stderr file is not in \$TMPDIR: $errfile" ;; esac
case $groups in /dev/fd/*) ;; *) fail "spatch's file list has a name: $groups" ;; esac
kill -HUP $pid
wait $pid
rc=$?
cat "$scratch/err"
[ $rc = 129 ] || fail "SIGHUP while spatch runs: exit $rc, not 129"
[ "$(tail -n 1 "$scratch/err")" = "excise: interrupted: nothing was changed" ] || fail "SIGHUP while spatch runs: not said"
same_as_fixture || { cat "$scratch/diff"; fail "SIGHUP while spatch runs: the tree is not as it was"; }
echo "result: SIGHUP while spatch runs: said, exit 129, temporary files in \$TMPDIR without a name"

# 3. SIGKILL while spatch runs: nothing is left.
start_spatch
kill -KILL $pid
wait $pid 2>/dev/null
for p in $spatches; do kill -KILL "$p" 2>/dev/null; done
sleep 0.2
[ -e "$groups" ] && case $groups in /dev/fd/*) ;; *) rm -f "$groups"; fail "SIGKILL: spatch's file list $groups is left" ;; esac
[ -z "$(ls -A "$scratch/tmp")" ] || { ls -la "$scratch/tmp"; fail "SIGKILL: files left in \$TMPDIR"; }
same_as_fixture || { cat "$scratch/diff"; fail "SIGKILL while spatch runs: the tree is not as it was"; }
echo "result: SIGKILL while spatch runs: no temporary file left"
