#!/usr/bin/env bash
# Interrupted removals: excise remove is killed (SIGKILL) at random points
# while it writes; every file must then be either as it was or as a complete
# run leaves it, never partial.  Then it is stopped the polite ways (SIGTERM,
# SIGINT, SIGHUP) at random points: the same holds, and it leaves no
# temporary file behind.  $EXCISE_TEST_APPLY_DELAY slows the writing
# down (microseconds between files) so that kills land inside it.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
fixture=$top/tests/fixtures/mini
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The tree after a complete run: the reference.
cp -a "$fixture" "$scratch/new"
"$EXCISE" remove --force -C "$scratch/new" FOO_FS >/dev/null || fail "the reference run failed"

# 16 runs (12 SIGKILL, 4 handled signals); 40 under EXCISE_FULL=1 (make test-full).
runs=${KILL_RUNS:-$([ "${EXCISE_FULL:-0}" = 1 ] && echo 40 || echo 16)} partial=0 interrupted=0 complete=0 untouched=0 leftover=0
signals=(KILL TERM INT HUP)
for i in $(seq 1 "$runs"); do
	# Three runs in four get SIGKILL, the fourth a signal excise handles.
	sig=${signals[$(( i % 4 == 0 ? (i / 4) % 3 + 1 : 0 ))]}
	rm -rf "$scratch/t"
	cp -a "$fixture" "$scratch/t"
	EXCISE_TEST_APPLY_DELAY=3000 "$EXCISE" remove --force -C "$scratch/t" FOO_FS >/dev/null 2>&1 &
	pid=$!
	# Wait for the first temporary file (writing has begun), then kill at a
	# random point of the next ~100 ms: about 30 files at 3 ms each.
	for _ in $(seq 1 3000); do
		[ -n "$(find "$scratch/t" -name '*.excise-*' -print -quit)" ] && break
		kill -0 $pid 2>/dev/null || break
		sleep 0.002
	done
	sleep "0.$(printf '%03d' $((RANDOM % 100)))"
	kill -$sig $pid 2>/dev/null
	wait $pid 2>/dev/null
	old=0 new=0
	while IFS= read -r -d '' f; do
		rel=${f#"$fixture"/}
		if [ -e "$scratch/t/$rel" ] && cmp -s "$f" "$scratch/t/$rel"; then
			old=$((old + 1))
		elif { [ -e "$scratch/new/$rel" ] && cmp -s "$scratch/new/$rel" "$scratch/t/$rel"; } ||
		     { [ ! -e "$scratch/new/$rel" ] && [ ! -e "$scratch/t/$rel" ]; }; then
			new=$((new + 1))
		else
			echo "run $i: $rel is neither old nor new"
			partial=$((partial + 1))
		fi
	done < <(find "$fixture" -type f -print0)
	# No file appears that is in neither tree (temporary files aside).
	while IFS= read -r -d '' f; do
		rel=${f#"$scratch/t"/}
		case $rel in *.excise-*) continue ;; esac
		[ -e "$fixture/$rel" ] || { echo "run $i: unexpected file $rel"; partial=$((partial + 1)); }
	done < <(find "$scratch/t" -type f -print0)
	if [ "$sig" != KILL ] && [ -n "$(find "$scratch/t" -name '*.excise-*' -print -quit)" ]; then
		echo "run $i: SIG$sig left temporary files:"; find "$scratch/t" -name '*.excise-*'
		leftover=$((leftover + 1))
	fi
	changed=$(diff -rq "$fixture" "$scratch/t" 2>/dev/null | grep -vc excise-)
	if [ "$new" -gt 0 ] && [ "$old" -gt 0 ] && [ "$changed" -gt 0 ]; then
		interrupted=$((interrupted + 1))
	elif diff -rq "$scratch/new" "$scratch/t" >/dev/null 2>&1; then
		complete=$((complete + 1))
	else
		untouched=$((untouched + 1))
	fi
done
echo "result: $runs kills: $interrupted left some files new and some old, $complete after the last write, $untouched before the first rename; $partial partial files; $leftover of $((runs / 4)) runs stopped by TERM/INT/HUP left temporary files"
[ "$leftover" = 0 ] || fail "$leftover runs left temporary files after a signal excise handles"
[ "$partial" = 0 ] || fail "$partial files were partially written"
[ "$interrupted" -gt 0 ] || fail "no kill landed while files were written (timing?)"
