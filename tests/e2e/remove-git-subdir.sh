#!/usr/bin/env bash
# The dirty-tree guard of a kernel tree that is a directory of a larger git
# repository (repo/linux, no linux/.git): git is asked (rev-parse, then
# status limited to the tree), as `git rm` refuses "local modifications".
# An uncommitted edit, a staged edit or an untracked file inside a directory
# the removal deletes is refused, named relative to the tree, exit 2, the
# tree unchanged.  Negative controls: the same removal is written (exit 0)
# on a clean tree, with --force, with a change outside the tree only, and in
# a tree the enclosing repository does not track (a plain tree).
# (--replace-call: the mini tree's one link residue is renamed, so that the
# runs that go through finish with exit 0.)
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
command -v git >/dev/null || skip "no git"
fixture=$top/tests/fixtures/mini
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
repo=$scratch/repo
t=$repo/linux

g() { git -C "$repo" -c user.name=t -c user.email=t@t "$@"; }
# A repository with README at its top and the mini tree in linux/, committed
# (or, with "untracked", the tree left out of the repository).
fresh() {
	rm -rf "$repo"
	mkdir -p "$repo"
	cp -a "$fixture" "$t"
	echo readme >"$repo/README"
	g init -q && g add README || fail "git init"
	[ "${1:-}" = untracked ] || g add linux || fail "git add"
	g commit -qm base || fail "git commit"
}
tree_sum() { (cd "$t" && find . -type f -print0 | sort -z | xargs -0 sha1sum | sha1sum); }
run() {
	"$EXCISE" remove --no-cocci --replace-call foo_filter_count=bar_filter_count "$@" -C "$t" FOO_FS \
		>"$scratch/out" 2>"$scratch/err"
}
# refused WHAT PATH: the last run exited 2, named PATH and changed nothing.
refused() {
	[ $rc = 2 ] || { cat "$scratch/err"; fail "$1: exit $rc, not 2"; }
	grep -q "has uncommitted changes" "$scratch/err" || { cat "$scratch/err"; fail "$1: not refused as uncommitted"; }
	grep -q "^  .. $2\$" "$scratch/err" || { cat "$scratch/err"; fail "$1: $2 not named"; }
	[ "$(tree_sum)" = "$before" ] || fail "$1: the tree was changed"
	echo "result: $1: refused, exit 2, $2 named, tree unchanged"
}
# written WHAT: the last run exited 0 and deleted fs/foo.
written() {
	[ $rc = 0 ] || { cat "$scratch/err"; fail "$1: exit $rc, not 0"; }
	[ ! -e "$t/fs/foo" ] || fail "$1: fs/foo is still there"
	echo "result: $1: written, exit 0"
}

# 1. An uncommitted edit inside fs/foo, which the removal deletes.
fresh
echo "/* my uncommitted edit */" >>"$t/fs/foo/psdev.c"
before=$(tree_sum)
run; rc=$?
refused "an uncommitted edit in a deleted directory" fs/foo/psdev.c

# 2. The same edit staged.
g add linux/fs/foo/psdev.c
run; rc=$?
refused "a staged edit in a deleted directory" fs/foo/psdev.c

# 3. An uncommitted edit of a file the removal edits (fs/Kconfig).
fresh
echo "# my uncommitted edit" >>"$t/fs/Kconfig"
before=$(tree_sum)
run; rc=$?
refused "an uncommitted edit of an edited file" fs/Kconfig

# 4. An untracked file inside fs/foo: it would be deleted with it.
fresh
echo "my notes" >"$t/fs/foo/NOTES"
before=$(tree_sum)
run; rc=$?
refused "an untracked file in a deleted directory" fs/foo/NOTES

# 5. --force writes it anyway.
run --force; rc=$?
written "--force with an untracked file in a deleted directory"

# Negative controls: nothing to refuse.
fresh
run; rc=$?
written "a clean tree in a repository's directory"
fresh
echo "changed" >>"$repo/README"
echo "mine" >"$repo/untracked-outside"
run; rc=$?
written "changes outside the tree only"
fresh untracked
run; rc=$?
written "a tree the repository does not track"
