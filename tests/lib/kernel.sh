# shellcheck shell=bash
# tests/lib/kernel.sh - helpers for tests/kernel/*.sh; source it.
#
# The tests share one kernel build directory ($EXCISE_CACHE/build/test-boot-6.1)
# and the ccache, and keep their work trees in $EXCISE_CACHE/work/test-*,
# so that after the first build (about 2.5 min) each test takes seconds.
# Exit status: 0 pass, 77 skip (a tool or the kernel tree is missing),
# anything else fails.  Figures are printed as "result: ..." lines.

top=${EXCISE_TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
cache=${EXCISE_CACHE:-$HOME/.cache/excise}
scripts=$top/scripts

skip() { echo "skip: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

# need TOOL...: skip unless every tool is installed.
need() {
	local t
	for t in "$@"; do
		command -v "$t" >/dev/null || skip "$t is not installed"
	done
}

# pristine_tree: the path of the cached 6.1 tree (skips when there is none).
pristine_tree() {
	local t
	t=$("$scripts/tree.sh" 6.1 2>/dev/null) || skip "no Linux 6.1 source tree (scripts/tree.sh failed)"
	echo "$t"
}

# work_tree NAME: set $work to a fresh hard-linked copy of the 6.1 tree,
# $EXCISE_CACHE/work/test-NAME, locked for the rest of the test (another
# tests/run may run the same test at the same time).  Not in $(...): the
# lock belongs to the calling shell.
work_tree() {
	mkdir -p "$cache/work"
	exec 7>"$cache/work/test-$1.lock"
	flock 7
	work=$cache/work/test-$1
	"$scripts/worktree.sh" "$work" 6.1 >/dev/null || fail "worktree.sh failed"
}

# replace_file FILE < CONTENT: write FILE by rename, never in place (the
# work trees share their files with the pristine cache through hard links).
replace_file() {
	cat > "$1.excise-new" && mv "$1.excise-new" "$1"
}

# test_kernel: build (or bring up to date) the shared test kernel, copy it
# while holding the build's lock (a concurrent test may relink it), and print
# the copy's path.
test_kernel() {
	local tree t0=$SECONDS image copy
	need gcc make flex bison bc flock
	tree=$(pristine_tree) || exit
	mkdir -p "$cache/tmp"
	image=$("$scripts/build-kernel.sh" --name test-boot-6.1 "$tree" 2>"$cache/tmp/test-build-kernel.$$" | tail -n 1) || {
		cat "$cache/tmp/test-build-kernel.$$"
		rm -f "$cache/tmp/test-build-kernel.$$"
		fail "build-kernel.sh failed"
	}
	sed 's/^/  /' "$cache/tmp/test-build-kernel.$$" >&2
	rm -f "$cache/tmp/test-build-kernel.$$"
	echo "result: kernel build (test-boot-6.1) $((SECONDS - t0))s" >&2
	copy=$cache/tmp/test-bzImage.$$
	flock "$cache/build/test-boot-6.1.lock" cp "$image" "$copy"
	echo "$copy"
}

# run_expect RC PATTERN CMD...: run CMD, show its output, and fail unless it
# exits with RC and prints a line matching the extended regex PATTERN.  The
# output stays in $last_output for expect_line.
last_output=
run_expect() {
	local want=$1 pattern=$2 rc
	shift 2
	mkdir -p "$cache/tmp"
	[ -n "$last_output" ] || last_output=$cache/tmp/test-output.$$
	set +e
	"$@" > "$last_output" 2>&1
	rc=$?
	set -e
	echo "\$ ${*##*/}"
	sed 's/^/  /' "$last_output"
	[ "$rc" = "$want" ] || fail "exit status $rc, expected $want"
	expect_line "$pattern"
}

# expect_line PATTERN: the last run_expect printed a line matching PATTERN.
expect_line() {
	grep -Eq -- "$1" "$last_output" || fail "no line matches: $1"
}

cleanup_kernel_test() {
	[ -z "$last_output" ] || rm -f "$last_output"
}
trap cleanup_kernel_test EXIT
