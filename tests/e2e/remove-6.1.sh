#!/usr/bin/env bash
# excise remove SLOB and excise remove drivers/net/ethernet/intel/ixgb on
# work copies of the pristine 6.1 tree:
#   - the --dry-run diff, applied with git apply to another copy, gives
#     exactly the tree of the real run;
#   - no reference is left but what is kept on purpose (excise check
#     --only residue, which locates the footprint taken from the tree before);
#   - none of the kinds of the issue remains for the symbol (grep);
#   - a second run changes nothing and says there is nothing of the target
#     left: the work copies have no git history, so excise cannot tell a
#     target removed already from a typo (src/gone.h) and exits 2 for both,
#     a symbol with locate's "nothing refers to it", a path with "no file or
#     directory of the tree", each saying it has no history to ask (in a
#     git tree that shows the removal it is "already removed", exit 0:
#     golden remove-rerun);
#   - the pristine cache is untouched (hard-linked copies stay independent).
# The Kconfig configurations are checked by tests/kernel/remove-kconfig-6.1.sh.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)

for case in SLOB:SLOB ixgb:drivers/net/ethernet/intel/ixgb; do
	name=${case%%:*} target=${case#*:}
	a=$(workcopy "remove-$name-a") b=$(workcopy "remove-$name-b")
	"$EXCISE" remove -C "$a" --dry-run "$target" > "$a.diff" 2> "$a.summary" || fail "$name: --dry-run failed"
	[ -n "$(git -C "$b" status 2>/dev/null)" ] && fail "$b is inside a git repository"
	t0=$SECONDS
	"$EXCISE" remove -C "$a" "$target" > "$a.out" || fail "$name: remove failed"
	cat "$a.out"
	(cd "$b" && git apply --whitespace=nowarn "$a.diff") || fail "$name: git apply of the --dry-run diff failed"
	diff -r "$a" "$b" >/dev/null || { diff -r "$a" "$b" | head -20; fail "$name: --dry-run diff and real run differ"; }
	echo "result: $name: --dry-run diff ($(grep -c '^diff --git' "$a.diff") files) applied = real run"

	"$EXCISE" check -C "$a" --before "$pristine" --only residue "$target" || fail "$name: residue"

	sym=$name
	[ "$name" = ixgb ] && sym=IXGB
	left=$(grep -rnw -e "CONFIG_$sym" -e "CONFIG_${sym}_MODULE" "$a" --exclude=CREDITS | grep -v '/Documentation/' || true)
	left+=$(grep -rnw "$sym" "$a" --include='Kconfig*' || true)
	[ -z "$left" ] || { echo "$left"; fail "$name: references to $sym are left"; }

	"$EXCISE" remove -C "$a" "$target" > "$a.second" 2>&1; rc=$?
	want=2 says="nothing refers to it"
	[ "$name" = SLOB ] || says="no file or directory of the tree"
	grep -q "no git history here" "$a.second" || { cat "$a.second"; fail "$name: the second run does not say it has no git history to ask"; }
	[ $rc = $want ] || { cat "$a.second"; fail "$name: the second run exits $rc, not $want"; }
	grep -q "$says" "$a.second" || { cat "$a.second"; fail "$name: the second run does not say '$says'"; }
	diff -r "$a" "$b" >/dev/null || fail "$name: the second run changed the tree"
	echo "result: $name: second run: $(head -n 1 "$a.second")"
	rm -rf "$a" "$b" "$a".*
done
"$top/scripts/tree.sh" >/dev/null 2>"$cache/tree-check.err"
grep -q "extracting" "$cache/tree-check.err" && fail "the pristine cache was modified (tree.sh had to extract it again)"
exit 0
