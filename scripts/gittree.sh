#!/usr/bin/env bash
# gittree.sh [--from SRC] DEST [VERSION] - make DEST a git work tree of the
# pristine tree, with one commit ("Linux 6.1.N") holding every file.
# With --from SRC, DEST is a copy of SRC (a work copy of the pristine tree
# with changes, e.g. the InterMezzo reconstruction) and the changes are a
# second commit on top of the pristine one.
#
# Committing the 75,000 files takes about a minute, so it is done once:
# the repository is cached as $EXCISE_CACHE/git-VERSION/ (a .git directory,
# packed, made from a hard-linked work copy).  DEST is a hard-linked work
# copy (scripts/worktree.sh) whose .git/objects are hard links to the
# cached pack (git never writes into a pack) and whose index is a copy.
# The Debian tree's top-level .gitignore ends with `/*`; the files are
# added with `git add -f`, so the commit is the pristine tree byte for byte.
# core.trustctime is off: making hard links changes the files' ctime, and
# the index would otherwise look stale and make git hash every file again.
#
# The commit is reproducible: fixed author, committer and dates, so its id
# is the same on every machine with the same tree.  Prints DEST.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
from=
if [ "${1:-}" = --from ]; then
	[ $# -ge 3 ] || { echo "usage: gittree.sh [--from SRC] DEST [VERSION]" >&2; exit 2; }
	from=$(cd "$2" && pwd -P)
	shift 2
fi
[ $# -ge 1 ] || { echo "usage: gittree.sh [--from SRC] DEST [VERSION]" >&2; exit 2; }
dest=$1
version=${2:-6.1}
cache=${EXCISE_CACHE:-$HOME/.cache/excise}
repo=$cache/git-$version
src=$("$here/tree.sh" "$version")

die() { echo "gittree.sh: $*" >&2; exit 2; }

ident() {
	export GIT_AUTHOR_NAME=excise GIT_AUTHOR_EMAIL=excise@example.invalid
	export GIT_COMMITTER_NAME=excise GIT_COMMITTER_EMAIL=excise@example.invalid
	export GIT_AUTHOR_DATE='2024-01-01T00:00:00Z' GIT_COMMITTER_DATE='2024-01-01T00:00:00Z'
}

# Build the cache once; concurrent callers wait for the lock.
mkdir -p "$cache"
exec 8>"$cache/.lock-git-$version"
flock 8
if [ ! -f "$repo/excise-complete" ] || [ "$(cat "$repo/excise-complete")" != "$(cat "$src/.excise-complete")" ]; then
	echo "gittree.sh: committing $src into $repo (once, about a minute)" >&2
	tmp=$(mktemp -d "$cache/.gittree.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	"$here/worktree.sh" "$tmp/w" "$version" >/dev/null
	v=$(sed -n 's/^VERSION = //p' "$src/Makefile")
	p=$(sed -n 's/^PATCHLEVEL = //p' "$src/Makefile")
	s=$(sed -n 's/^SUBLEVEL = //p' "$src/Makefile")
	(
		cd "$tmp/w"
		ident
		git init -q -b main .
		git config core.trustctime false
		git config gc.auto 0
		git add -f .
		git commit -q -m "Linux $v.$p.$s" -m "The pristine linux-source-$version tree (Debian), as excise's tests use it."
		git repack -adq
		git prune-packed
	) || die "could not commit the tree"
	rm -rf "$repo"
	mv "$tmp/w/.git" "$repo"
	cat "$src/.excise-complete" >"$repo/excise-complete"
	rm -rf "$tmp"
	trap - EXIT
fi
exec 8>&-

if [ -n "$from" ]; then
	rm -rf "$dest"
	cp -al "$from" "$dest"
	rm -f "$dest/.excise-complete"
else
	"$here/worktree.sh" "$dest" "$version" >/dev/null
fi
mkdir -p "$dest/.git"
for f in "$repo"/*; do
	case ${f##*/} in
	objects) mkdir -p "$dest/.git/objects"; cp -al "$f/." "$dest/.git/objects/" ;;
	excise-complete) ;;
	*) cp -a "$f" "$dest/.git/" ;;
	esac
done
git -C "$dest" update-index -q --refresh >/dev/null 2>&1 || true
if [ -n "$from" ]; then
	(
		cd "$dest"
		git add -A -f .
		if ! git diff --cached --quiet; then
			ident
			git commit -q -m "The tree excise works on" -m "$from, with these changes to the pristine tree:" \
				-m "$(git diff --cached --stat | tail -n 1)"
		fi
	) || die "could not commit the changes of $from"
fi
echo "$dest"
