#!/usr/bin/env bash
# kconfig-6.1.sh - the Kconfig module on real trees.
#
#  1. Every Kconfig file of Linux 6.1 and 6.12 parses (excise kconfig-remove
#     --stats: all files, every arch, each on its own).
#  2. On a hard-linked work copy of 6.1, `excise kconfig-remove --apply`
#     removes SLOB, IXGB and symbols with long cascades (HAMRADIO, ISDN,
#     FIREWIRE, ATM: menus, `if` blocks, files sourced only under them).
#  3. No removed symbol is left in a Kconfig statement (only help text and
#     comments may still name one), outside the files no longer sourced.
#  4. scripts/kconfig-check.sh: x86_64 allnoconfig, allyesconfig and
#     defconfig give no Kconfig warning or error the pristine tree does not.
#  5. The removal changes nothing else: in each of those .config files every
#     symbol that stays has the value it had before.
#  6. Every 150th symbol of 6.1, removed alone (with its dependents): the
#     plan checks, every edited file parses again and no statement of any
#     Kconfig file still names a removed symbol.
# Figures are printed as "result:" lines.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${EXCISE:=$top/src/excise}"
[ -x "$EXCISE" ] || { echo "no excise binary at $EXCISE"; exit 77; }
cache=${EXCISE_CACHE:-$HOME/.cache/excise}
t61=$("$top/scripts/tree.sh" 6.1) || { echo "no 6.1 tree"; exit 77; }
symbols="SLOB IXGB HAMRADIO ISDN FIREWIRE ATM"
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# 1. parse everything
for v in 6.1 6.12; do
	tree=$("$top/scripts/tree.sh" "$v") || { echo "no $v tree: skipped"; continue; }
	if out=$("$EXCISE" kconfig-remove -C "$tree" --stats 2>&1); then
		# "parsed N Kconfig files (S symbols, D definitions) in X s"
		echo "result: $v: $out"
	else
		bad "$v: Kconfig files that do not parse:"
		echo "$out" | head -20
	fi
done

# 2. remove, on a work copy
work=$cache/work/kconfig-e2e-6.1
"$top/scripts/worktree.sh" "$work" 6.1 >/dev/null || { echo "cannot make a work copy"; exit 1; }
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
t0=$(date +%s.%N)
# shellcheck disable=SC2086
if ! "$EXCISE" kconfig-remove -C "$work" --apply --delete drivers/net/ethernet/intel/ixgb \
	$symbols 2>"$log/err" >"$log/out"; then
	cat "$log/err"
	echo "FAIL: kconfig-remove"
	exit 1
fi
t1=$(date +%s.%N)
grep '^removed ' "$log/err" | awk '{ print $2 }' >"$log/removed"
grep '^note .* no longer sourced' "$log/err" | sed -E 's/^note ([^:]*):.*/\1/' >"$log/orphans"
printf 'result: removed %d symbols (%s and their dependents) with %d edits, %d Kconfig files no longer sourced, in %.2f s\n' \
	"$(wc -l <"$log/removed")" "$symbols" "$(grep -c '^edit ' "$log/err")" \
	"$(wc -l <"$log/orphans")" "$(echo "$t1 - $t0" | bc)"
for s in $symbols; do
	grep -qx "$s" "$log/removed" || bad "$s was not removed"
done
grep -q '^removed MEMCG_KMEM ' "$log/err" && bad "MEMCG_KMEM must stay (depends on MEMCG && !SLOB)"
grep -qE '^\s+depends on MEMCG$' "$work/init/Kconfig" || bad "init/Kconfig: MEMCG_KMEM should read 'depends on MEMCG'"
grep -qw SLOB "$work/mm/Kconfig" && bad "mm/Kconfig still names SLOB"

# 3. nothing left in a Kconfig statement
# shellcheck disable=SC2046
"$EXCISE" kconfig-remove -C "$work" --refs $(cat "$log/removed") >"$log/refs"
grep -vF -f <(sed 's/$/:/' "$log/orphans") "$log/refs" | grep -v '^[^ ]*: other ' >"$log/left"
if [ -s "$log/left" ]; then
	bad "removed symbols still referenced in Kconfig statements:"
	head -20 "$log/left"
fi
echo "result: $(grep -c ': other ' "$log/refs") mentions left in Kconfig help text and comments, $(wc -l <"$log/left") in statements"

# 4. Kconfig warnings, before and after
if ! "$top/scripts/kconfig-check.sh" --name kconfig-e2e "$t61" "$work" >"$log/check" 2>&1; then
	cat "$log/check"
	bad "kconfig-check.sh found new Kconfig warnings or errors"
else
	grep -E 'x86_64|PASS' "$log/check" | sed 's/^kconfig-check.sh: /result: /'
fi

# 5. the same values for every symbol that stays (kconfig-check.sh --name's build directories)
bdir=$cache/build/kconfig-kconfig-e2e-before
adir=$cache/build/kconfig-kconfig-e2e-after
sed 's/^/CONFIG_/' "$log/removed" >"$log/removed-config"
for t in allnoconfig defconfig allyesconfig; do
	b=$bdir/x86_64-$t/.config a=$adir/x86_64-$t/.config
	if [ ! -f "$b" ] || [ ! -f "$a" ]; then
		bad "no .config of x86_64 $t in $bdir or $adir"
		continue
	fi
	values() { grep -E '^(CONFIG_|# CONFIG_)' "$1" | grep -vwF -f "$log/removed-config" | sort; }
	changed=$(diff <(values "$b") <(values "$a") | grep -c '^[<>]')
	gone=$(grep -E '^(CONFIG_|# CONFIG_)' "$b" | grep -cwF -f "$log/removed-config")
	echo "result: x86_64 $t: $gone lines of removed symbols gone, $changed changed values of symbols that stay"
	[ "$changed" = 0 ] || { bad "x86_64 $t: symbols that stay changed value"; diff <(values "$b") <(values "$a") | head; }
done

rm -rf "$work"

# 6. many symbols, each alone
if out=$("$EXCISE" kconfig-remove -C "$t61" --every "${KCONFIG_EVERY:-150}"); then
	echo "result: $(tail -n 1 <<<"$out")"
else
	bad "removing symbols one at a time:"
	echo "$out" | tail -20
fi

[ $fail = 0 ] && echo "PASS" || echo "FAIL"
exit $fail
