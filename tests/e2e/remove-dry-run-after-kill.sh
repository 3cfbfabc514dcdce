#!/usr/bin/env bash
# --dry-run after a run killed part way writes nothing (it restored the tree,
# though its help says it touches nothing): it says what a real run would
# restore, file by file, and exits 2; the tree, .excise- files and journal
# included, is byte for byte as the killed run left it.  The real run then
# restores it and completes the removal.  After a run killed once it was
# complete, --dry-run says a real run finishes the clean-up, and previews.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
fixture=$top/tests/fixtures/mini
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
snapshot() { (cd "$scratch/t" && find . -print0 | sort -z | xargs -0 stat -c '%n %s %Y' && find . -type f -print0 | sort -z | xargs -0 md5sum); }

cp -a "$fixture" "$scratch/new"
"$EXCISE" remove --force --no-cocci -C "$scratch/new" FOO_FS >/dev/null || fail "the reference run failed"

# Kill a run in the middle of its renames (a journal "planned", some files replaced).
cp -a "$fixture" "$scratch/t"
EXCISE_TEST_APPLY_DELAY=$((100000 * ${TEST_SLOW:-1})) "$EXCISE" remove --force --no-cocci -C "$scratch/t" FOO_FS >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 3000); do
	[ -n "$(find "$scratch/t" -name '.*.excise-old' -print -quit)" ] && break
	kill -0 $pid 2>/dev/null || break
	sleep 0.01
done
kill -KILL $pid
wait $pid 2>/dev/null
head -n 1 "$scratch/t/.excise-journal" | grep -q planned || fail "the run was not killed part way"
before=$(snapshot)
"$EXCISE" remove --dry-run --no-cocci -C "$scratch/t" FOO_FS >"$scratch/out" 2>"$scratch/err"
rc=$?
sed "s#$scratch#<scratch>#g" "$scratch/err"
[ "$(snapshot)" = "$before" ] || fail "--dry-run after a killed run changed the tree"
[ $rc = 2 ] || fail "--dry-run after a killed run: exit $rc, not 2"
grep -q "a real run first restores the tree" "$scratch/err" || fail "--dry-run does not say what a real run restores"
grep -q ": replaced: its original comes back from " "$scratch/err" || fail "the replaced files are not named"
[ ! -s "$scratch/out" ] || fail "--dry-run printed a preview of a half-changed tree"
echo "result: --dry-run after a run killed part way: said what a real run restores, wrote nothing, exit 2"

"$EXCISE" remove --force --no-cocci -C "$scratch/t" FOO_FS >/dev/null 2>"$scratch/err" || { cat "$scratch/err"; fail "the real run failed"; }
grep -q "restored the tree as it was" "$scratch/err" || fail "the real run did not restore first"
diff -r "$scratch/new" "$scratch/t" >/dev/null || fail "the real run after it is not the complete removal"
echo "result: the real run then restored the tree and completed the removal"

# A run killed after its commit: the clean-up is what is left.
rm -rf "$scratch/t" && cp -a "$fixture" "$scratch/t"
"$EXCISE" remove --force --no-cocci -C "$scratch/t" FOO_FS >/dev/null || fail "the second reference run failed"
printf 'excise-journal 1 committed\nD\tfs/foo\n' >"$scratch/t/.excise-journal"
mkdir "$scratch/t/fs/.foo.excise-del" && echo stale >"$scratch/t/fs/.foo.excise-del/x.c"
before=$(snapshot)
"$EXCISE" remove --dry-run --no-cocci -C "$scratch/t" FOO_FS >"$scratch/out" 2>"$scratch/err"
rc=$?
cat "$scratch/err"
[ "$(snapshot)" = "$before" ] || fail "--dry-run after a complete killed run changed the tree"
grep -q "a real run first finishes its clean-up" "$scratch/err" || fail "--dry-run does not say a real run finishes the clean-up"
echo "result: --dry-run after a run killed once complete: said, wrote nothing (exit $rc)"
