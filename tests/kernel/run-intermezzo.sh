#!/usr/bin/env bash
# The main job (make run, scripts/run.sh) end to end, and what it must show:
#   - it exits 0: the reconstructed tree builds and boots with intermezzo in
#     /proc/filesystems and /proc/misc; locate, remove --commit --series and
#     check (residue, Kconfig, sparse, build, boot without intermezzo) pass;
#   - the work tree after the removal is the pristine 6.1 tree but for the
#     stale char major 185 block of devices.txt, which excise removed;
#   - the patch series applies with git am to the reconstructed tree and
#     gives the same tree; scripts/checkpatch.pl finds no error in it.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)
out=$cache/work/test-run-out
rm -rf "$out"
"$top/scripts/run.sh" --out "$out" > "$out.log" 2>&1
status=$?
tail -n 60 "$out.log"
[ $status = 0 ] || fail "run.sh exited $status"
after=$cache/work/run-intermezzo/after
before=$cache/work/run-intermezzo/before

# 1. After = pristine, but for the 185 block.
diff -r -x .git -x .excise-complete "$pristine" "$after" > "$out/tree.diff"
files=$(grep -c '^diff -r' "$out/tree.diff")
[ "$files" = 1 ] || { cat "$out/tree.diff"; fail "the trees differ in $files files, want 1"; }
grep -q "^diff -r .*/Documentation/admin-guide/devices.txt " "$out/tree.diff" ||
	fail "the one difference is not devices.txt"
[ "$(grep -c '^< ' "$out/tree.diff")" = 8 ] && [ "$(grep -c '^> ' "$out/tree.diff")" = 0 ] ||
	{ cat "$out/tree.diff"; fail "devices.txt: want exactly the 8 lines of the 185 block deleted"; }
grep -q '^< .*185 char	InterMezzo' "$out/tree.diff" || fail "the deleted block is not char major 185"
echo "result: after the removal the tree is pristine 6.1 but for devices.txt's char major 185 block (8 lines)"

# 2. git am of the series on the reconstructed tree gives the same tree.
am=$cache/work/test-run-am
"$top/scripts/gittree.sh" --from "$before" "$am" >/dev/null || fail "gittree.sh"
git -C "$am" -c user.name=t -c user.email=t@t am -q $(ls "$out"/series/0*-*.patch | grep -v cover-letter) ||
	fail "git am of the series failed"
[ "$(git -C "$am" rev-parse 'HEAD^{tree}')" = "$(git -C "$after" rev-parse 'HEAD^{tree}')" ] ||
	fail "git am gives another tree than the run"
echo "result: git am of $(ls "$out"/series/0*-*.patch | grep -vc cover-letter) patches gives the same tree"

# 3. checkpatch: no errors (the warning about deleted files aside).
errors=0
for p in "$out"/series/0*-*.patch; do
	case $p in *cover-letter*) continue ;; esac
	(cd "$after" && perl scripts/checkpatch.pl --no-tree -q "$p") > "$out/checkpatch.txt" 2>&1
	e=$(grep -c '^ERROR' "$out/checkpatch.txt")
	w=$(grep '^WARNING' "$out/checkpatch.txt" | grep -vc 'FILE_PATH_CHANGES\|added, moved or deleted file')
	if [ "$e" != 0 ] || [ "$w" != 0 ]; then
		cat "$out/checkpatch.txt"
		errors=$((errors + 1))
	fi
done
[ $errors = 0 ] || fail "checkpatch complains about $errors patches"
echo "result: checkpatch: no errors or unexpected warnings in the series"
grep -E '^  (residue|kconfig|sparse|build|boot) ' "$out/report.txt" | sed 's/^ */result: check /'

# 4. The cross step: the removal touches m68k, mips and powerpc defconfigs
# only; the kconfig step configured them and the x86_64 connected build
# compiled fs/, so nothing is cross-compiled (each would be two cold
# builds of fs/ per defconfig).
for arch in m68k mips powerpc; do
	grep -q "^    $arch: .* configured by the kconfig step; nothing of $arch's own to compile" "$out/check.txt" ||
		{ grep -A12 '^check cross\|^    [a-z0-9]*: ' "$out/check.txt"; fail "the cross step did not take $arch's defconfigs as configured"; }
done
# A step that compiled nothing says so ("not needed"), never "pass" (issue 39).
grep -q '^check cross  *not needed' "$out/check.txt" || fail "the cross step built something for defconfig lines"
echo "result: check cross: m68k, mips, powerpc touched through defconfigs only: configured, nothing to cross-compile"
rm -rf "$am"
