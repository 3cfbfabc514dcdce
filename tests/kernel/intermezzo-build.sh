#!/usr/bin/env bash
# tests/kernel/intermezzo-build.sh - the reconstructed InterMezzo compiles
# without a warning, built in (=y) and as a module (=m).
#
# Applies tests/fixtures/intermezzo/ to a work copy of the pristine 6.1
# tree, configures a small x86_64 kernel out of tree in
# $EXCISE_CACHE/build/intermezzo (tinyconfig + 64BIT, NET, INET, MODULES and
# INTERMEZZO_FS), runs "make prepare" and builds fs/intermezzo/ alone with
# W=1 and sparse (C=2), once with INTERMEZZO_FS=y and once with =m.  Any
# compiler or sparse diagnostic fails the test.  The =y build must leave
# the objects in fs/intermezzo/built-in.a, the =m one the module object
# intermezzo.o, with the aliases of the file system and the misc device.
# Exit 0 pass, 77 skip, anything else fail.
set -uo pipefail

top=${EXCISE_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
cache=${EXCISE_CACHE:-$HOME/.cache/excise}

skip() { echo "SKIP: $*"; exit 77; }
die() { echo "FAIL: $*"; exit 1; }

for tool in gcc make flex bison bc sparse git flock; do
	command -v $tool >/dev/null || skip "$tool is not installed"
done
[ -f /usr/include/libelf.h ] || [ -f /usr/include/gelf.h ] || skip "libelf-dev is not installed"
"$top/scripts/tree.sh" >/dev/null 2>&1 || skip "no pristine 6.1 tree (scripts/tree.sh failed)"

build=$cache/build/intermezzo
tree=$cache/work/intermezzo-build
mkdir -p "$build" "$cache/work"
# One run at a time uses the shared build directory and work copy.
exec 9>"$build.lock"
flock 9

# ccache as every build of excise's uses it (scripts/lib.sh).
me=${0##*/}
. "$top/scripts/lib.sh"
cc=gcc
use_ccache && cc="$ccache_cc gcc"
export ARCH=x86_64
kmake() { make -C "$tree" O="$build" CC="$cc" -j"$(nproc)" "$@"; }

"$top/scripts/worktree.sh" "$tree" >/dev/null || die "worktree.sh failed"
"$top/scripts/reconstruct.sh" "$tree" || die "reconstruct.sh failed"

# Compile fs/intermezzo/ with INTERMEZZO_FS=$1, W=1 and sparse; the log is
# $build/intermezzo-$1.log.
build_as() {
	local v=$1 opt log=$build/intermezzo-$1.log t0=$SECONDS
	case $v in y) opt=--enable ;; m) opt=--module ;; esac
	"$tree/scripts/config" --file "$build/.config" $opt INTERMEZZO_FS
	kmake -s olddefconfig >"$log" 2>&1 || { tail -20 "$log"; die "olddefconfig ($v) failed"; }
	grep -qx "CONFIG_INTERMEZZO_FS=$v" "$build/.config" ||
		die "CONFIG_INTERMEZZO_FS=$v did not stick: $(grep INTERMEZZO "$build/.config")"
	kmake prepare >>"$log" 2>&1 || { tail -20 "$log"; die "make prepare ($v) failed"; }
	# Rebuild every object: the source files are new, but say so anyway.
	rm -rf "$build/fs/intermezzo"
	echo "--- fs/intermezzo/ (INTERMEZZO_FS=$v, W=1, C=2)" >>"$log"
	if ! kmake W=1 C=2 fs/intermezzo/ >"$log.fs" 2>&1; then
		cat "$log.fs" >>"$log"
		tail -30 "$log.fs"
		die "fs/intermezzo/ does not build with INTERMEZZO_FS=$v"
	fi
	cat "$log.fs" >>"$log"
	# Everything but kbuild's own progress lines is a diagnostic.
	diags=$(grep -v -E '^  [A-Z0-9]+( \[M\])? +|^make(\[[0-9]+\])?: (Entering|Leaving) directory' "$log.fs")
	rm -f "$log.fs"
	if [ -n "$diags" ]; then
		echo "$diags"
		die "fs/intermezzo/ built with diagnostics (INTERMEZZO_FS=$v)"
	fi
	grep -c '^  CHECK .*fs/intermezzo/' "$log" | grep -qx 4 ||
		die "sparse did not check the 4 source files (INTERMEZZO_FS=$v)"
	echo "result: INTERMEZZO_FS=$v: fs/intermezzo/ built with W=1 and sparse, 0 warnings, $((SECONDS - t0))s"
}

t0=$SECONDS
kmake -s tinyconfig >"$build/config.log" 2>&1 || { tail -20 "$build/config.log"; die "tinyconfig failed"; }
"$tree/scripts/config" --file "$build/.config" --enable 64BIT --enable NET --enable INET --enable MODULES

build_as y
members=$(ar t "$build/fs/intermezzo/built-in.a" 2>/dev/null | xargs -n1 basename 2>/dev/null | sort | paste -sd' ')
[ "$members" = "inode.o kml.o psdev.o super.o" ] ||
	die "fs/intermezzo/built-in.a holds '$members', not the four objects"
echo "ok: built in: fs/intermezzo/built-in.a holds $members"

build_as m
obj=$build/fs/intermezzo/intermezzo.o
[ -f "$obj" ] || die "no module object fs/intermezzo/intermezzo.o"
modinfo=$(objcopy -O binary --only-section=.modinfo "$obj" /dev/stdout 2>/dev/null | tr '\0' '\n')
for want in alias=fs-intermezzo alias=char-major-10-248 license=GPL; do
	grep -qx "$want" <<<"$modinfo" || die "intermezzo.o lacks modinfo $want"
done
for sym in init_module cleanup_module; do
	nm "$obj" | grep -q " T $sym\$" || die "intermezzo.o has no $sym"
done
echo "ok: module: intermezzo.o has its init and exit and the aliases fs-intermezzo, char-major-10-248"

rm -rf "$tree"
echo "result: InterMezzo =y and =m builds in $((SECONDS - t0))s"
