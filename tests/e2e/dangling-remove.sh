#!/usr/bin/env bash
# dangling-remove.sh - finish the half-done removals of the 6.1 tree:
# `excise remove NTFS_FS` and `excise remove NET_SCH_CBQ` (symbols the
# Debian stable backports left undefined) on a work copy.
#
#  1. Both removals apply; NTFS_FS takes its undefined companions NTFS_RW
#     and NTFS_DEBUG with it (dependents in the summary).
#  2. Nothing is left: `excise locate` of each symbol finds no reference to
#     remove (kept and review items only), ripgrep finds no CONFIG_ line of
#     them, and `excise locate --dangling` lists exactly those symbols fewer
#     than on the pristine tree, and nothing new.
#  3. Every touched arch defconfig still configures: scripts/kconfig-check.sh
#     runs `make ARCH=<arch> O=<dir> <name>_defconfig` (Kconfig only, host
#     gcc) on the pristine tree and on the work copy and finds no new Kconfig
#     warning or error; and the two .config files are identical, since the
#     lines removed named symbols Kconfig ignores.
# Step 3 checks one touched defconfig per architecture (the first); with
# EXCISE_FULL=1 (make bench's matrix) every touched defconfig.  Figures are
# printed as "result:" lines.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${EXCISE:=$top/src/excise}"
[ -x "$EXCISE" ] || { echo "no excise binary at $EXCISE"; exit 77; }
cache=${EXCISE_CACHE:-$HOME/.cache/excise}
t61=$("$top/scripts/tree.sh" 6.1) || { echo "no 6.1 tree"; exit 77; }
targets="NTFS_FS NET_SCH_CBQ"
gone="NTFS_FS NTFS_RW NTFS_DEBUG NET_SCH_CBQ"
fail=0
bad() { echo "FAIL: $*"; fail=1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

work=$cache/work/dangling-remove-6.1
"$top/scripts/worktree.sh" "$work" 6.1 >/dev/null || { echo "cannot make a work copy"; exit 1; }
touch "$tmp/stamp"

# 1. remove
for s in $targets; do
	t0=$(date +%s.%N)
	if ! "$EXCISE" remove -C "$work" "$s" >"$tmp/$s.out" 2>"$tmp/$s.err"; then
		cat "$tmp/$s.out" "$tmp/$s.err"
		bad "excise remove $s"
		continue
	fi
	t1=$(date +%s.%N)
	deps=$(sed -n 's/^  dependent: \([A-Z0-9_]*\):.*/\1/p' "$tmp/$s.out" | tr '\n' ' ')
	printf 'result: remove %s: %s; dependents: %s(%.1f s)\n' "$s" "$(tail -n 1 "$tmp/$s.out")" \
		"${deps:-none }" "$(echo "$t1 - $t0" | bc)"
done
grep -q '^  dependent: NTFS_RW: ' "$tmp/NTFS_FS.out" || bad "NTFS_RW did not go with NTFS_FS"
grep -q '^  dependent: NTFS_DEBUG: ' "$tmp/NTFS_FS.out" || bad "NTFS_DEBUG did not go with NTFS_FS"
(cd "$work" && find . -type f -newer "$tmp/stamp" -printf '%P\n' | LC_ALL=C sort) >"$tmp/changed"

# 2. nothing left
for s in $gone; do
	"$EXCISE" locate -C "$work" --format=json "$s" >"$tmp/loc.json" 2>"$tmp/loc.err"
	rc=$?
	if [ $rc = 1 ] || { [ $rc = 2 ] && grep -q "no Kconfig file defines it and nothing refers to it" "$tmp/loc.err"; }; then
		continue   # no reference at all (an undefined symbol nothing names is locate's error)
	elif [ $rc != 0 ]; then
		cat "$tmp/loc.err"
		bad "excise locate $s exited $rc"
	elif ! python3 -c '
import json, sys
refs = json.load(open(sys.argv[1]))["references"]
left = [r for r in refs if r["action"] not in ("kept", "review")]
for r in left:
    print("  %s:%d: %s: %s" % (r["path"], r["line"], r["kind"], r["text"]))
sys.exit(1 if left else 0)' "$tmp/loc.json"; then
		bad "references to $s left to remove"
	fi
done
pattern=$(echo "$gone" | sed 's/ /|/g')
hits=$(cd "$work" && rg -n -e "CONFIG_($pattern)\b" . | head -20)
[ -z "$hits" ] || { bad "ripgrep still finds:"; echo "$hits"; }
"$EXCISE" locate --dangling -C "$t61" --format=tsv | awk -F'\t' '$1 == "symbol" && $3 == "dangling" { print $2 }' | LC_ALL=C sort >"$tmp/before"
"$EXCISE" locate --dangling -C "$work" --format=tsv | awk -F'\t' '$1 == "symbol" && $3 == "dangling" { print $2 }' | LC_ALL=C sort >"$tmp/after"
fewer=$(LC_ALL=C comm -23 "$tmp/before" "$tmp/after" | tr '\n' ' ')
new=$(LC_ALL=C comm -13 "$tmp/before" "$tmp/after" | tr '\n' ' ')
[ "$fewer" = "$(echo "$gone" | tr ' ' '\n' | LC_ALL=C sort | tr '\n' ' ')" ] || bad "dangling symbols gone: '$fewer', expected '$gone'"
[ -z "$new" ] || bad "new dangling symbols: $new"
echo "result: locate --dangling: $(wc -l <"$tmp/before") dangling symbols before, $(wc -l <"$tmp/after") after (gone: $fewer); $(wc -l <"$tmp/changed") files changed"

# 3. the touched defconfigs configure as before
configs=() skipped=() skipped_full=0
declare -A per_arch=()
while read -r f; do
	case $f in
	arch/*/configs/*defconfig)
		arch=${f#arch/}; arch=${arch%%/*}; name=${f#arch/$arch/configs/}
		if [[ $name == */* ]]; then
			skipped+=("$f")   # kconfig-check.sh takes ARCH:TARGET without a directory
			continue
		fi
		if [ "${EXCISE_FULL:-0}" != 1 ] && [ -n "${per_arch[$arch]:-}" ]; then
			skipped_full=$((skipped_full + 1))
			continue
		fi
		per_arch[$arch]=1
		configs+=("$arch:$name") ;;
	*config*) skipped+=("$f") ;;
	esac
done <"$tmp/changed"
echo "result: ${#configs[@]} touched defconfigs to configure (one per architecture; $skipped_full more with EXCISE_FULL=1); not configured: ${skipped[*]:-none}"
t0=$SECONDS
if ! "$top/scripts/kconfig-check.sh" --no-default --name dangling-remove "$t61" "$work" "${configs[@]}" >"$tmp/check" 2>&1; then
	cat "$tmp/check"
	bad "kconfig-check.sh found new Kconfig warnings or errors"
else
	tail -n 1 "$tmp/check" | sed 's/^kconfig-check.sh: /result: kconfig-check.sh: /'
fi
same=0
for c in "${configs[@]}"; do
	d=${c/:/-}
	b=$cache/build/kconfig-dangling-remove-before/$d/.config a=$cache/build/kconfig-dangling-remove-after/$d/.config
	if [ -f "$b" ] && cmp -s "$b" "$a"; then
		same=$((same + 1))
	else
		bad "$c: the .config differs from the pristine tree's"
		diff "$b" "$a" | head -10
	fi
done
echo "result: $same of ${#configs[@]} .config files identical before and after ($((SECONDS - t0)) s)"
exit $fail
