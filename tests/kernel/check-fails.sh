#!/usr/bin/env bash
# excise check fails, with the right reason, on deliberately broken results of
# excise remove SLOB (6.1): a leftover reference (residue), a Kconfig file
# made invalid (kconfig), a C file with a new sparse warning and a C file
# that no longer compiles (sparse: both trees compiled with the same
# config), and a boot that does not show what it must (boot).  It passes on
# the unbroken result first.  The harness's own failures (panic, timeout)
# are tested in tests/kernel/boot-*.sh.
#
# The boot is that of excise remove TTY_PRINTK, not SLOB: SLOB's removal
# edits <linux/slab.h>, which nearly every file includes, so its kernels
# (x86_64 and arm: SLOB's defconfigs touch arm) share no object with the
# other tests' and would be compiled anew, where TTY_PRINTK's differ from
# the pristine tree's boot kernels only in drivers/char/ (ccache).
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)
a=$(workcopy check-fails)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
"$EXCISE" remove -C "$a" SLOB >/dev/null || fail "remove SLOB"

check() {	# check NAME STEP [options]: run one step, output in $logs/NAME
	local name=$1 step=$2
	shift 2
	"$EXCISE" check -C "$a" --before "$pristine" --only "$step" --logs "$logs/$name.d" \
		--configs x86_64:allnoconfig,arm:pxa_defconfig --sparse-config defconfig "$@" SLOB \
		> "$logs/$name" 2>&1
}
expect_fail() {	# expect_fail NAME PATTERN: the check failed and says PATTERN
	if grep -q "excise check: PASS" "$logs/$1"; then
		cat "$logs/$1"
		fail "$1: check passed"
	fi
	grep -q -- "$2" "$logs/$1" || { cat "$logs/$1"; fail "$1: the failure does not say '$2'"; }
	echo "result: $1: fails as it should: $(grep -m1 -- "$2" "$logs/$1" | sed 's/^ *//')"
}

# 0. The real result passes.
check ok-residue residue || { cat "$logs/ok-residue"; fail "residue fails on the real result"; }
check ok-kconfig kconfig || { cat "$logs/ok-kconfig"; fail "kconfig fails on the real result"; }
check ok-sparse sparse || { cat "$logs/ok-sparse"; fail "sparse fails on the real result"; }
echo "result: the real removal passes residue, kconfig and sparse"

# 1. A leftover reference.
f=$a/arch/arm/configs/pxa_defconfig
cp "$f" "$logs/saved"
{ cat "$logs/saved"; echo "CONFIG_SLOB=y"; } | rewrite "$f"
check residue residue
expect_fail residue "residue: arch/arm/configs/pxa_defconfig"
cp "$logs/saved" "$f.new" && mv "$f.new" "$f"

# 2. A Kconfig file made invalid.
f=$a/mm/Kconfig
cp "$f" "$logs/saved"
{ cat "$logs/saved"; printf 'config BROKEN\n\tbool "unterminated\n'; } | rewrite "$f"
check kconfig kconfig
expect_fail kconfig "FAIL"
cp "$logs/saved" "$f.new" && mv "$f.new" "$f"

# 3. A new sparse warning: a function that is neither static nor declared.
f=$a/mm/slab_common.c
cp "$f" "$logs/saved"
{ cat "$logs/saved"; printf '\nint excise_new_function(void)\n{\n\treturn 0;\n}\n'; } | rewrite "$f"
check sparse-warning sparse
expect_fail sparse-warning "excise_new_function"

# 4. A C file that no longer compiles.
{ cat "$logs/saved"; printf '\nint excise_broken(void) { return undeclared_thing; }\n'; } | rewrite "$f"
check sparse-error sparse
expect_fail sparse-error "undeclared_thing"
cp "$logs/saved" "$f.new" && mv "$f.new" "$f"

# 5. A boot that does not show what it must: the console, which the tree
# after must not print (an expectation the removal cannot meet).
t=$(workcopy check-fails-boot)
"$EXCISE" remove -C "$t" TTY_PRINTK >/dev/null || fail "remove TTY_PRINTK"
"$EXCISE" check -C "$t" --before "$pristine" --only boot --logs "$logs/boot.d" \
	--expect '!log:console [ttyS0] enabled' TTY_PRINTK > "$logs/boot" 2>&1
expect_fail boot "EXCISE-BOOT: FAIL"
rm -rf "$a" "$t"
