#!/usr/bin/env bash
# fuzz-seeds.sh OUTDIR - seed inputs for the libFuzzer harnesses, taken from
# the real 6.1 tree: OUTDIR/NAME/ gets small real files of the kind that
# harness reads (Kconfig files, Kbuild Makefiles, MAINTAINERS sections, C
# files with conditionals, the project's specs, spatch-style diffs).  The
# choice is fixed (sorted, every Nth), so two runs seed the same inputs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: fuzz-seeds.sh OUTDIR}
mkdir -p "$out" && out=$(cd "$out" && pwd)   # absolute: the rest runs in the tree
tree=$("$here/tree.sh" 6.1)
max=16384   # bytes: libFuzzer's -max_len for these runs

# every_nth N: of the paths on stdin (sorted), every Nth below $max bytes
every_nth() {
	sort | awk -v n="$1" 'NR % n == 0' | while read -r f; do
		if [ "$(stat -c %s "$tree/$f")" -le $max ]; then echo "$f"; fi
	done
}
# seed NAME: copy the paths on stdin into $out/NAME, one file each
seed() {
	mkdir -p "$out/$1"
	while read -r f; do cp "$tree/$f" "$out/$1/$(echo "$f" | tr / _)"; done
}

cd "$tree"
find . -name 'Kconfig*' -type f | sed 's#^\./##' | every_nth 20 | seed kconfig
find . -name Makefile -path './drivers/*' -type f | sed 's#^\./##' | every_nth 30 | seed kbuild
grep -rlE --include='*.c' --include='*.h' '^#[[:space:]]*(if|elif)' drivers/net drivers/gpu/drm/i915 fs mm 2>/dev/null |
	every_nth 40 | seed cpp
# MAINTAINERS: pieces of about 60 sections each, cut at blank lines
mkdir -p "$out/maintainers"
awk -v dir="$out/maintainers" 'BEGIN { n = 0; s = 0 }
	{ print > (dir "/part-" n) }
	/^$/ { if (++s % 60 == 0) { close(dir "/part-" n); n++ } }' MAINTAINERS
find "$out/maintainers" -type f | sort | awk 'NR % 3 != 0' | xargs rm -f   # keep a third
mkdir -p "$out/spec"
cp "$here"/../specs/*.spec "$out/spec/" 2>/dev/null || true
# spatch's output is a unified diff: real diffs of a C file against itself
# with its #if lines dropped
mkdir -p "$out/cocci"
ls "$out/cpp" | head -40 | while read -r f; do
	sed '/^#[[:space:]]*if/d' "$out/cpp/$f" | diff -u --label "a/$f" --label "b/$f" "$out/cpp/$f" - \
		> "$out/cocci/$f.diff" || true
done
for d in "$out"/*/; do echo "fuzz-seeds: $(ls "$d" | wc -l) inputs in $d"; done
