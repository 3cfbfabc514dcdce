#!/usr/bin/env bash
# build-reuse: a build directory goes on from a build of another tree
# (build-kernel.sh, lib.sh's reuse_build_dir) and builds again exactly what
# the new tree changed, even a file older than the objects, which kbuild's
# time stamps alone would keep.  A work copy whose init/main.c panics at
# boot, dated 2001: its first build starts from a copy of the shared test
# kernel's directory and must compile main.c and panic; the same directory
# given the pristine tree back (main.c older than main.o again) must
# compile it once more and boot.
set -euo pipefail
. "$(dirname "$0")/../lib/kernel.sh"
need qemu-system-x86_64 cpio
kernel=$(test_kernel)
work_tree build-reuse
tree=$(pristine_tree)
panicking_main() {
	{ cat "$tree/init/main.c"; printf '\nstatic int __init excise_probe_panic(void)\n{\n\tpanic("excise probe: reuse");\n\treturn 0;\n}\nlate_initcall(excise_probe_panic);\n'; } |
		replace_file "$work/init/main.c"
	touch -d '2001-01-01' "$work/init/main.c"
}
panicking_main
out=$cache/build/test-build-reuse
rm -rf "$out"
trap 'rm -f "$kernel" "$out.image"; rm -rf "$work"; cleanup_kernel_test' EXIT

# build TREE: build-kernel.sh's boot kernel of TREE in $out, copied to $out.image.
build() {
	local image
	image=$("$scripts/build-kernel.sh" --name test-build-reuse "$1" \
		2> "$out.err" | tail -n 1) || { cat "$out.err"; fail "build-kernel.sh failed on $1"; }
	sed 's/^/  /' "$out.err"
	cp "$image" "$out.image"
}

# 1. The work copy: a copy of test-boot-6.1, main.c compiled, a panic at boot.
build "$work"
grep -q "a copy of $cache/build/test-boot-6.1, 1 file(s) differ" "$out.err" ||
	fail "the first build did not start from a copy of test-boot-6.1 with one file differing"
grep -q '^  CC      init/main.o' "$out/excise-build.log" || fail "init/main.c was not compiled"
n=$(grep -c '^  CC ' "$out/excise-build.log" || true)
[ "$n" -lt 30 ] || fail "$n files compiled: the build did not go on from the copy"
echo "result: seeded build of a one-file change: $n file(s) compiled"
run_expect 1 '^boot\.sh: FAIL panic: Kernel panic - not syncing: excise probe: reuse' \
	"$scripts/boot.sh" --timeout 120 "$out.image"

# 2. The pristine tree back in the same directory: main.c is older than main.o.
build "$tree"
grep -q "its last build, 1 file(s) differ" "$out.err" || fail "the switch back did not see main.c differ"
grep -q '^  CC      init/main.o' "$out/excise-build.log" ||
	fail "the pristine init/main.c (older than main.o) was not compiled again"
run_expect 0 '^boot\.sh: PASS' "$scripts/boot.sh" --timeout 120 "$out.image"
echo "result: a file older than its object is compiled again when the tree changes; the kernel boots"
rm -f "$out.err"
