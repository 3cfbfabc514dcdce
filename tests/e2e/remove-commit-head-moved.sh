#!/usr/bin/env bash
# remove --commit when HEAD moves while the removal is being written (another
# commit lands during the apply): HEAD is left where the other commit put it,
# the work tree holds the whole removal, uncommitted, and the exit status is
# 4, its own (not 2, "nothing was changed"); the message names the commits.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
fixture=$top/tests/fixtures/mini
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export GIT_AUTHOR_NAME='Ann Author' GIT_AUTHOR_EMAIL=ann@example.org
export GIT_COMMITTER_NAME='Ann Author' GIT_COMMITTER_EMAIL=ann@example.org

cp -a "$fixture" "$scratch/new"
"$EXCISE" remove --force --no-cocci -C "$scratch/new" FOO_FS >/dev/null || fail "the reference run failed"

cp -a "$fixture" "$scratch/t"
git -C "$scratch/t" init -q -b main && git -C "$scratch/t" add -f . && git -C "$scratch/t" commit -q -m base ||
	fail "git init"
base=$(git -C "$scratch/t" rev-parse HEAD)
EXCISE_TEST_APPLY_DELAY=$((100000 * ${TEST_SLOW:-1})) "$EXCISE" remove --commit --force --no-cocci -C "$scratch/t" FOO_FS \
	>"$scratch/out" 2>"$scratch/err" &
pid=$!
for _ in $(seq 1 3000); do
	[ -e "$scratch/t/.excise-journal" ] && break
	kill -0 $pid 2>/dev/null || break
	sleep 0.01
done
[ -e "$scratch/t/.excise-journal" ] || { wait $pid; cat "$scratch/err"; fail "the apply never started"; }
git -C "$scratch/t" commit -q --allow-empty -m "someone else's commit" || fail "the other commit"
other=$(git -C "$scratch/t" rev-parse HEAD)
wait $pid
rc=$?
cat "$scratch/err"
[ $rc = 4 ] || fail "HEAD moved during --commit: exit $rc, not 4"
grep -q "HEAD moved while the removal was committed" "$scratch/err" || fail "no message that HEAD moved"
grep -q "the work tree holds the whole removal, uncommitted" "$scratch/err" || fail "the state is not said"
[ "$(git -C "$scratch/t" rev-parse HEAD)" = "$other" ] || fail "HEAD is not the other commit"
diff -r -x .git "$scratch/new" "$scratch/t" >"$scratch/diff" || { cat "$scratch/diff"; fail "the work tree is not the whole removal"; }
echo "result: HEAD moved during --commit: exit 4, HEAD left at the other commit, the work tree the whole removal"
