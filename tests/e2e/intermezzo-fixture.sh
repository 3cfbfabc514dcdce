#!/usr/bin/env bash
# tests/e2e/intermezzo-fixture.sh - the InterMezzo reconstruction applies,
# has the footprint it claims, configures, and comes off exactly.
#
# On a work copy of the pristine 6.1 tree: scripts/reconstruct.sh applies
# tests/fixtures/intermezzo/; the Kconfig entry, the Makefile line, the
# MAINTAINERS section, the defconfig lines and the files must then be where
# README.md says; x86_64 defconfig plus INTERMEZZO_FS (=y, then =m) must
# keep the symbol after olddefconfig; and deleting the units README.md
# lists, and nothing else, must give back the pristine tree byte for byte.
# Exit 0 pass, 77 skip, anything else fail.
set -uo pipefail

top=${EXCISE_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
cache=${EXCISE_CACHE:-$HOME/.cache/excise}
fixture=$top/tests/fixtures/intermezzo

skip() { echo "SKIP: $*"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

for tool in git make gcc flex bison diff awk; do
	command -v $tool >/dev/null || skip "$tool is not installed"
done
pristine=$("$top/scripts/tree.sh" 2>/dev/null) || skip "no pristine 6.1 tree (scripts/tree.sh failed)"

mkdir -p "$cache/work" "$cache/build"
tree=$(mktemp -d "$cache/work/intermezzo-fixture.XXXXXX")
build=$(mktemp -d "$cache/build/intermezzo-fixture.XXXXXX")
trap 'rm -rf "$tree" "$build"' EXIT

"$top/scripts/worktree.sh" "$tree" >/dev/null || { echo "FAIL: worktree.sh"; exit 1; }
t0=$SECONDS
"$top/scripts/reconstruct.sh" "$tree" || { echo "FAIL: reconstruct.sh did not apply the series"; exit 1; }
if "$top/scripts/reconstruct.sh" "$tree" 2>/dev/null; then
	fail "reconstruct.sh applied the series twice"
else
	ok "reconstruct.sh refuses a second application"
fi

# --- the footprint --------------------------------------------------------

# line N of FILE (1-based)
line() { sed -n "$2p" "$1"; }
# 1-based number of the only line of FILE equal to TEXT, or nothing
lineno() {
	awk -v t="$2" '$0 == t { n++; at = NR } END { if (n == 1) print at }' "$1"
}

for f in Makefile super.c inode.c kml.c psdev.c intermezzo_fs.h intermezzo_idl.h intermezzo_psdev.h; do
	[ -f "$tree/fs/intermezzo/$f" ] || fail "fs/intermezzo/$f missing"
done
[ -f "$tree/include/linux/fsfilter.h" ] || fail "include/linux/fsfilter.h missing"
grep -qx 'obj-$(CONFIG_INTERMEZZO_FS) += intermezzo.o' "$tree/fs/intermezzo/Makefile" &&
	grep -qx 'intermezzo-objs := .*' "$tree/fs/intermezzo/Makefile" ||
	fail "fs/intermezzo/Makefile lacks obj-\$(CONFIG_INTERMEZZO_FS) or intermezzo-objs"
grep -q '^#define INTERMEZZO_MINOR[[:space:]]\+248$' "$tree/fs/intermezzo/intermezzo_psdev.h" ||
	fail "INTERMEZZO_MINOR 248 not defined in intermezzo_psdev.h"
grep -q 'register_filesystem(&' "$tree/fs/intermezzo/super.c" &&
	grep -q 'misc_register(&' "$tree/fs/intermezzo/psdev.c" ||
	fail "fs/intermezzo does not register both the file system and the misc device"
users=$(cd "$tree" && grep -rlI --exclude=MAINTAINERS 'linux/fsfilter\.h' . | grep -v '^\./fs/intermezzo/' | grep -v '^\./include/linux/fsfilter\.h$')
[ -z "$users" ] || fail "fsfilter.h is included outside fs/intermezzo/: $users"
ok "fs/intermezzo/ and include/linux/fsfilter.h"

k=$tree/fs/Kconfig
n=$(lineno "$k" 'config INTERMEZZO_FS')
if [ -z "$n" ]; then
	fail "fs/Kconfig has no single 'config INTERMEZZO_FS'"
else
	[ "$(line "$k" $((n - 1)))" = 'source "fs/coda/Kconfig"' ] ||
		fail "fs/Kconfig: the entry does not follow Coda's source line"
	[ "$(line "$k" $((n + 1)))" = '	tristate "InterMezzo file system support (replicating fs) (EXPERIMENTAL)"' ] ||
		fail "fs/Kconfig: wrong prompt"
	[ "$(line "$k" $((n + 2)))" = '	depends on INET' ] || fail "fs/Kconfig: not 'depends on INET'"
	[ "$(line "$k" $((n + 11)))" = '	  from <http://www.inter-mezzo.org/>.' ] &&
		[ "$(line "$k" $((n + 12)))" = 'source "fs/afs/Kconfig"' ] ||
		fail "fs/Kconfig: the entry is not 12 lines right before AFS's source line"
	ok "fs/Kconfig:$n-$((n + 11)) (the entry, no blank line around it)"
fi

m=$tree/fs/Makefile
n=$(lineno "$m" 'obj-$(CONFIG_INTERMEZZO_FS)	+= intermezzo/')
if [ -n "$n" ] && [ "$(line "$m" $((n - 1)))" = 'obj-$(CONFIG_CODA_FS)		+= coda/' ]; then
	ok "fs/Makefile:$n"
else
	fail "fs/Makefile: no intermezzo/ line right after coda/"
fi

mt=$tree/MAINTAINERS
n=$(lineno "$mt" 'INTERMEZZO FILE SYSTEM')
if [ -z "$n" ]; then
	fail "MAINTAINERS has no INTERMEZZO FILE SYSTEM section"
else
	end=$(awk -v n="$n" 'NR > n && $0 == "" { print NR; exit }' "$mt")
	sec=$(sed -n "$n,${end}p" "$mt")
	for want in 'M:	' 'L:	' 'S:	' 'W:	' 'F:	fs/intermezzo/' 'F:	include/linux/fsfilter.h'; do
		grep -q "^$want" <<<"$sec" || fail "MAINTAINERS section lacks '$want'"
	done
	prev=$(awk -v n="$n" 'NR < n && /^[A-Z0-9]/ && !/^[A-Z]:\t/ { h = $0 } NR == n { print h; exit }' "$mt")
	next=$(line "$mt" $((end + 1)))
	[ "$prev" = 'INTERCONNECT API' ] && [ "$next" = 'INTERRUPT COUNTER DRIVER' ] ||
		fail "MAINTAINERS: section not between INTERCONNECT API and INTERRUPT COUNTER DRIVER ('$prev', '$next')"
	ok "MAINTAINERS:$n-$end (section and its blank line)"
fi

ndef=0
for d in arch/m68k/configs/amiga_defconfig:CONFIG_INTERMEZZO_FS=m \
	arch/m68k/configs/multi_defconfig:CONFIG_INTERMEZZO_FS=m \
	arch/powerpc/configs/ppc6xx_defconfig:CONFIG_INTERMEZZO_FS=m \
	'arch/mips/configs/ip22_defconfig:# CONFIG_INTERMEZZO_FS is not set' \
	'arch/mips/configs/rm200_defconfig:# CONFIG_INTERMEZZO_FS is not set'; do
	f=${d%%:*} want=${d#*:}
	n=$(lineno "$tree/$f" "$want")
	if [ -n "$n" ] && [ "$(line "$tree/$f" $((n - 1)))" = CONFIG_CODA_FS=m ]; then
		ndef=$((ndef + 1))
	else
		fail "$f: no '$want' right after CONFIG_CODA_FS=m"
	fi
done
others=$(cd "$tree" && grep -rl 'INTERMEZZO_FS' arch | sort | paste -sd' ')
[ "$others" = "arch/m68k/configs/amiga_defconfig arch/m68k/configs/multi_defconfig arch/mips/configs/ip22_defconfig arch/mips/configs/rm200_defconfig arch/powerpc/configs/ppc6xx_defconfig" ] ||
	fail "INTERMEZZO_FS is in other arch files too: $others"
ok "$ndef defconfig lines"

# --- configuration ----------------------------------------------------------

export ARCH=x86_64
if ! make -s -C "$tree" O="$build" defconfig >"$build/kconfig.log" 2>&1; then
	fail "make defconfig failed"; tail -20 "$build/kconfig.log"
else
	for v in y m; do
		case $v in y) opt=--enable ;; m) opt=--module ;; esac
		"$tree/scripts/config" --file "$build/.config" $opt INTERMEZZO_FS
		make -s -C "$tree" O="$build" olddefconfig >>"$build/kconfig.log" 2>&1 || fail "olddefconfig failed"
		if grep -qx "CONFIG_INTERMEZZO_FS=$v" "$build/.config"; then
			ok "x86_64 defconfig + INTERMEZZO_FS=$v survives olddefconfig"
		else
			fail "CONFIG_INTERMEZZO_FS=$v did not survive olddefconfig: $(grep INTERMEZZO "$build/.config")"
		fi
	done
fi

# --- removal gives back the pristine tree ----------------------------------

# Rewrite FILE through AWK-PROGRAM, replacing it (never in place: the
# work copy shares its unchanged files with the pristine cache).
rewrite() {
	awk "$2" "$1" >"$1.tmp" && mv "$1.tmp" "$1"
}
if diff -rq --exclude=.excise-complete "$pristine" "$tree" >/dev/null; then
	fail "the reconstructed tree does not differ from the pristine one"
fi
rm -r "$tree/fs/intermezzo" "$tree/include/linux/fsfilter.h"
# the config block: up to the next line in column 0 (source \"fs/afs/Kconfig\")
rewrite "$tree/fs/Kconfig" '$0 == "config INTERMEZZO_FS" { skip = 1; next } skip && /^[^ \t]/ { skip = 0 } !skip'
rewrite "$tree/fs/Makefile" '$0 != "obj-$(CONFIG_INTERMEZZO_FS)\t+= intermezzo/"'
# the section and the blank line that ends it
rewrite "$tree/MAINTAINERS" '$0 == "INTERMEZZO FILE SYSTEM" { skip = 1; next } skip { if ($0 == "") skip = 0; next } 1'
for f in arch/m68k/configs/amiga_defconfig arch/m68k/configs/multi_defconfig \
	arch/powerpc/configs/ppc6xx_defconfig arch/mips/configs/ip22_defconfig \
	arch/mips/configs/rm200_defconfig; do
	rewrite "$tree/$f" '$0 != "CONFIG_INTERMEZZO_FS=m" && $0 != "# CONFIG_INTERMEZZO_FS is not set"'
done
if out=$(diff -r --exclude=.excise-complete "$pristine" "$tree"); then
	ok "removing the documented units gives back the pristine tree"
else
	fail "after removal the tree differs from the pristine one:"
	head -40 <<<"$out"
fi

echo "result: reconstruction checked in $((SECONDS - t0))s"
if [ $fails -gt 0 ]; then
	echo "$fails checks failed"
	exit 1
fi
echo "all checks passed"
