#!/usr/bin/env bash
# git-tree.sh SRC DEST - make DEST a git work tree of SRC, fast.
#
# DEST is a hard-linked copy of SRC (cp -al) with a git repository whose
# history is one commit of the pristine Linux 6.1 tree ("base") and, if SRC
# differs from it, one more commit with the differences.  The pristine
# commit lives in a cached repository, $EXCISE_CACHE/git/linux-6.1.git, made
# once (about a minute); DEST borrows its objects (objects/info/alternates),
# so only the differences are written.  The Debian tree's top-level
# .gitignore ignores everything ("/*"): files are added with --force.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cache=${EXCISE_CACHE:-$HOME/.cache/excise}
[ $# -eq 2 ] || { echo "usage: git-tree.sh SRC DEST" >&2; exit 2; }
src=$(cd "$1" && pwd -P)
dest=$2
pristine=$("$here/tree.sh" 6.1)
repo=$cache/git/linux-6.1.git
ident=(-c user.name="excise" -c user.email="excise@localhost")

mkdir -p "$cache/git"
exec 8>"$repo.lock"
flock 8
if ! git --git-dir="$repo" rev-parse -q --verify refs/heads/base >/dev/null 2>&1; then
	echo "git-tree.sh: making $repo from $pristine (once, about a minute)" >&2
	rm -rf "$repo"
	git init -q --bare "$repo"
	GIT_DIR=$repo GIT_WORK_TREE=$pristine git add -A -f .
	tree=$(GIT_DIR=$repo git write-tree)
	commit=$(GIT_DIR=$repo git "${ident[@]}" commit-tree -m "Linux $(sed -n 's/^SUBLEVEL = //p' "$pristine/Makefile" | sed 's/^/6.1./') (Debian linux-source-6.1)" "$tree")
	git --git-dir="$repo" update-ref refs/heads/base "$commit"
	rm -f "$repo/index"
fi
base=$(git --git-dir="$repo" rev-parse refs/heads/base)
flock -u 8

rm -rf "$dest"
cp -al "$src" "$dest"
rm -f "$dest/.excise-complete"
cd "$dest"
git init -q .
echo "$repo/objects" > .git/objects/info/alternates
git update-ref refs/heads/main "$base"
git symbolic-ref HEAD refs/heads/main
git read-tree "$base"
# Stat information for every file (hashing finds the objects already there).
git update-index -q --refresh >/dev/null 2>&1 || true
git add -A -f .
if ! git diff --cached --quiet; then
	git "${ident[@]}" commit -q -m "The tree excise works on" -m "Differences from the pristine tree: $(git diff --cached --shortstat)"
fi
git log --oneline | head -n 2 >&2
