#!/usr/bin/env bash
# tests/kernel/intermezzo-boot.sh - the reconstructed InterMezzo works in a
# booted kernel.
#
# Applies tests/fixtures/intermezzo/ to a work copy of the pristine 6.1
# tree, builds a small x86_64 kernel of it with INTERMEZZO_FS=y
# (scripts/build-kernel.sh, build directory $EXCISE_CACHE/build/intermezzo-boot)
# and boots it under QEMU (scripts/boot.sh) with tests/fixtures/intermezzo/
# izo-check.c as /init: the file system type and /dev/intermezzo must be
# registered, a fileset must mount, and every change made in it must come
# out of /dev/intermezzo as the expected upcall.
# Exit 0 pass, 77 skip, anything else fail.
set -uo pipefail

top=${EXCISE_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
cache=${EXCISE_CACHE:-$HOME/.cache/excise}

skip() { echo "SKIP: $*"; exit 77; }
die() { echo "FAIL: $*"; exit 1; }

for tool in gcc make flex bison bc git flock cpio qemu-system-x86_64; do
	command -v $tool >/dev/null || skip "$tool is not installed"
done
"$top/scripts/tree.sh" >/dev/null 2>&1 || skip "no pristine 6.1 tree (scripts/tree.sh failed)"

name=intermezzo-boot
out=$cache/build/$name
tree=$cache/work/$name
mkdir -p "$out" "$cache/work"
exec 9>"$out.test.lock"
flock 9

# The init and the console log live beside the build directory, not in it:
# build-kernel.sh starts a build directory afresh when the work tree is new.
init=$out.izo-check
gcc -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Os -static \
	-o "$init" "$top/tests/fixtures/intermezzo/izo-check.c" ||
	skip "cannot link a static program (libc6-dev's libc.a missing?)"

"$top/scripts/worktree.sh" "$tree" >/dev/null || die "worktree.sh failed"
"$top/scripts/reconstruct.sh" "$tree" || die "reconstruct.sh failed"

t0=$SECONDS
kernel=$("$top/scripts/build-kernel.sh" --name "$name" "$tree" \
	CONFIG_NET=y CONFIG_INET=y CONFIG_INTERMEZZO_FS=y | tail -n 1) ||
	die "the kernel of the reconstructed tree does not build"
echo "result: kernel with INTERMEZZO_FS=y built in $((SECONDS - t0))s"

t1=$SECONDS
log=$out.boot.log
if ! "$top/scripts/boot.sh" --init "$init" --log "$log" --timeout 120 "$kernel"; then
	grep -a 'izo-check: FAILED' "$log"
	die "the boot test failed (console log: $log)"
fi
grep -a '^izo-check: ok' "$log" | sed 's/^/  /'
echo "result: izo-check passed $(grep -ac '^izo-check: ok' "$log") checks in a booted kernel ($((SECONDS - t1))s)"
rm -rf "$tree"
