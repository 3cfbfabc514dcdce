#!/usr/bin/env bash
# A removal that fails part way leaves the tree as it was, byte for byte,
# and says so; what would fail is found before anything is written; a file
# changed by someone else during the apply is not overwritten; two runs on
# one tree do not mix; a run killed by SIGKILL is undone or finished by the
# next one, which then completes the removal.  (--no-cocci: the semantic
# patches only add edits; the apply is the same, and the runs are faster.)
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
fixture=$top/tests/fixtures/mini
scratch=$(mktemp -d)
cleanup() { chattr -R -i "$scratch" 2>/dev/null; rm -rf "$scratch"; }
trap cleanup EXIT

fresh() { rm -rf "$scratch/t"; cp -a "$fixture" "$scratch/t"; }
# The tree is exactly the fixture: same files, same bytes, no leftovers.
same_as() { diff -r "$1" "$scratch/t" >"$scratch/diff" 2>&1 && [ -z "$(find "$scratch/t" -name '*excise-*')" ]; }

# The reference: a complete run.
cp -a "$fixture" "$scratch/new"
"$EXCISE" remove --force --no-cocci -C "$scratch/new" FOO_FS >/dev/null || fail "the reference run failed"

# 1. A failure at each operation of the apply in turn: rolled back every time.
fresh
n=0
for i in $(seq 1 40); do
	fresh
	EXCISE_TEST_APPLY_FAIL=$i "$EXCISE" remove --force --no-cocci -C "$scratch/t" FOO_FS >"$scratch/out" 2>"$scratch/err"
	rc=$?
	if [ $rc = 0 ]; then
		same_as "$scratch/new" || fail "run failing at operation $i exited 0 but the tree is not the complete removal"
		break
	fi
	n=$((n + 1))
	[ $rc = 2 ] || fail "failure at operation $i: exit $rc, not 2"
	grep -q "failed on purpose" "$scratch/err" || fail "failure at operation $i: no reason given"
	grep -q "nothing was changed" "$scratch/err" || fail "failure at operation $i: does not say nothing was changed"
	same_as "$fixture" || { cat "$scratch/diff"; fail "failure at operation $i left the tree changed"; }
done
[ $n -gt 10 ] || fail "only $n operations were tried"
echo "result: a failure injected at each of $n operations left the tree as it was"

# 2. An immutable file inside a deleted directory is found before anything is written.
if fresh && chattr +i "$scratch/t/fs/foo/psdev.c" 2>/dev/null; then
	"$EXCISE" remove --force --no-cocci -C "$scratch/t" FOO_FS >"$scratch/out" 2>"$scratch/err"
	rc=$?
	chattr -i "$scratch/t/fs/foo/psdev.c"
	[ $rc = 2 ] || fail "immutable file: exit $rc"
	grep -q "fs/foo/psdev.c: is immutable" "$scratch/err" || { cat "$scratch/err"; fail "immutable file not named"; }
	same_as "$fixture" || fail "immutable file: the tree was changed"
	echo "result: an immutable file in a deleted directory is refused before anything is written"
else
	echo "result: chattr +i not supported here; immutable case not run"
fi

# 3. A file changed by someone else after the plan was checked is not overwritten.
fresh
EXCISE_TEST_APPLY_DELAY=300000 "$EXCISE" remove --force --no-cocci -C "$scratch/t" FOO_FS >"$scratch/out" 2>"$scratch/err" &
pid=$!
sleep 0.15
echo "# someone else's line" >>"$scratch/t/fs/Makefile"
wait $pid
rc=$?
[ $rc = 2 ] || fail "a concurrent change: exit $rc, not 2"
grep -q "fs/Makefile: changed on disk" "$scratch/err" || { cat "$scratch/err"; fail "the changed file is not named"; }
tail -n 1 "$scratch/t/fs/Makefile" | grep -q "someone else's line" || fail "the other change was lost"
sed -i '$d' "$scratch/t/fs/Makefile"
same_as "$fixture" || { cat "$scratch/diff"; fail "a concurrent change: the tree was not put back"; }
echo "result: a file changed during the apply is kept and the rest rolled back"

# 4. Two runs on one tree: the second is refused while the first holds the lock.
fresh
EXCISE_TEST_APPLY_DELAY=200000 "$EXCISE" remove --force --no-cocci -C "$scratch/t" FOO_FS >/dev/null 2>&1 &
pid=$!
sleep 0.3
"$EXCISE" remove --force --no-cocci -C "$scratch/t" FOO_FS >"$scratch/out" 2>"$scratch/err"
rc=$?
wait $pid || fail "the first run failed"
[ $rc = 2 ] || fail "second run: exit $rc, not 2"
grep -q "another excise run" "$scratch/err" || { cat "$scratch/err"; fail "second run: no lock message"; }
same_as "$scratch/new" || fail "two runs: the tree is not the complete removal"
echo "result: a second run on the same tree is refused while the first holds the lock"

# 5. SIGKILL at random points, then a second run: always the complete removal.
kills=0
for i in $(seq 1 8); do
	fresh
	EXCISE_TEST_APPLY_DELAY=20000 "$EXCISE" remove --force --no-cocci -C "$scratch/t" FOO_FS >/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 1 2000); do
		[ -e "$scratch/t/.excise-journal" ] && break
		kill -0 $pid 2>/dev/null || break
		sleep 0.002
	done
	sleep "0.$(printf '%03d' $((RANDOM % 400)))"
	kill -KILL $pid 2>/dev/null && kills=$((kills + 1))
	wait $pid 2>/dev/null
	"$EXCISE" remove --force --no-cocci -C "$scratch/t" FOO_FS >"$scratch/out" 2>"$scratch/err" ||
		{ cat "$scratch/err"; fail "the run after a SIGKILL failed"; }
	same_as "$scratch/new" || { cat "$scratch/diff"; fail "after a SIGKILL and a second run the removal is not complete"; }
done
[ $kills -gt 0 ] || fail "no SIGKILL landed"
echo "result: $kills runs killed by SIGKILL were each completed by the next run"
