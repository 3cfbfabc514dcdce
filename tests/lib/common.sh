# tests/lib/common.sh - sourced by the end-to-end tests.
top=${EXCISE_TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
: "${EXCISE:=$top/src/excise}"
cache=${EXCISE_CACHE:-$HOME/.cache/excise}
export EXCISE EXCISE_TOP=$top

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

# The pristine tree of a version (6.1 by default), or skip.
pristine() {
	"$top/scripts/tree.sh" "${1:-6.1}" 2>/dev/null || skip "no pristine ${1:-6.1} tree (scripts/tree.sh)"
}

# Skip unless the cross compiler of ARCH (COMPILER, e.g. arm-linux-gnueabi-gcc)
# is installed or scripts/deps.sh --cross ARCH installs it.
need_cross() {
	command -v "$2" >/dev/null || "$top/scripts/deps.sh" --cross "$1" >/dev/null 2>&1 ||
		skip "no $1 cross compiler (scripts/deps.sh --cross $1)"
}

# A fresh hard-linked work copy at $cache/work/test-NAME; prints its path.
workcopy() {
	local dest=$cache/work/test-$1
	"$top/scripts/worktree.sh" "$dest" "${2:-6.1}" >/dev/null || fail "worktree.sh $dest"
	echo "$dest"
}

# rewrite FILE: standard input becomes FILE's contents, in a new file (never
# written into: a work copy shares its unchanged files with the cache).
rewrite() {
	cat > "$1.new" && mv "$1.new" "$1"
}

# panic_at_boot FILE TEXT: append to FILE (of a hard-linked work copy: the
# link is broken first) a late initcall that panics with TEXT, so that only
# a kernel built with FILE fails at boot.
panic_at_boot() {
	cp --remove-destination "$1" "$1.new" && mv "$1.new" "$1" || fail "copy $1"
	printf '\nstatic int __init excise_probe_panic(void)\n{\n\tpanic("%s");\n\treturn 0;\n}\nlate_initcall(excise_probe_panic);\n' "$2" >> "$1"
}
