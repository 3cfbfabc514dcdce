#!/usr/bin/env bash
# reconstruct.sh TREE - put InterMezzo's footprint back into a Linux 6.1 work tree.
#
# Applies the patch series tests/fixtures/intermezzo/ (the files its
# "series" lists, in order) to TREE with git apply, after checking that the
# whole series applies cleanly: TREE is changed completely or not at all.
# TREE must be a work copy (scripts/worktree.sh), never the pristine cache:
# git apply replaces the files it changes by new ones, so a hard-linked copy
# is safe.  A tree that already has the reconstruction is refused.
# See tests/fixtures/intermezzo/README.md for what the series adds.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
fixture=$here/../tests/fixtures/intermezzo

die() { echo "reconstruct.sh: $*" >&2; exit 1; }

[ $# -eq 1 ] || { echo "usage: reconstruct.sh TREE" >&2; exit 2; }
[ -d "$1" ] || die "$1: no such directory"
tree=$(cd "$1" && pwd -P)

[ -f "$tree/Makefile" ] && [ -f "$tree/fs/Kconfig" ] || die "$tree is not a Linux source tree"
version=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p' "$tree/Makefile" | paste -sd.)
[ "$version" = 6.1 ] || die "$tree is Linux $version, the series is for 6.1"

cache=${EXCISE_CACHE:-$HOME/.cache/excise}
pristine=$cache/linux-source-6.1
if [ -d "$pristine" ] && [ "$tree" = "$(cd "$pristine" && pwd -P)" ]; then
	die "$tree is the pristine cache; make a work copy first (scripts/worktree.sh DEST)"
fi

if [ -e "$tree/fs/intermezzo" ] || [ -e "$tree/include/linux/fsfilter.h" ] ||
	grep -q '^config INTERMEZZO_FS$' "$tree/fs/Kconfig"; then
	die "$tree already has the InterMezzo reconstruction (fs/intermezzo/ or INTERMEZZO_FS is there); apply it to a fresh work copy (scripts/worktree.sh DEST)"
fi

patches=()
while read -r p; do
	case $p in '' | '#'*) continue ;; esac
	[ -f "$fixture/$p" ] || die "series lists $p, which is not in $fixture"
	patches+=("$fixture/$p")
done < "$fixture/series"
[ ${#patches[@]} -gt 0 ] || die "$fixture/series lists no patch"

# Keep git from taking TREE for part of an enclosing repository (it would
# then skip the paths outside the current directory): look no higher than
# TREE's parent.  TREE may be a repository itself.
export GIT_CEILING_DIRECTORIES
GIT_CEILING_DIRECTORIES=$(dirname "$tree")

cd "$tree"
git apply --check "${patches[@]}" ||
	die "the series does not apply cleanly to $tree; nothing was changed"
git apply "${patches[@]}"
echo "reconstruct.sh: applied ${#patches[@]} patches to $tree"
