#!/usr/bin/env bash
# checkkconfigsymbols.sh [--fresh] TREE - run the kernel's own finder of
# undefined Kconfig symbols, scripts/checkkconfigsymbols.py, on TREE, and
# print the path of its cached output.
#
# The script lists its files with `git ls-files`, so it needs a git
# repository of the tree.  TREE stays untouched: a temporary repository
# outside it (GIT_DIR) gets every file of TREE in its index with
# `git update-index --add --info-only` (no objects written, and no
# .gitignore applies: the Debian tree's top-level .gitignore ends with "/*",
# which would hide almost everything from `git add`), and the script runs in
# TREE with GIT_DIR and GIT_WORK_TREE set.  It takes a minute or more.
#
# Cache: $EXCISE_CACHE/checkkconfigsymbols/KEY.{out,time} (EXCISE_CACHE
# defaults to ~/.cache/excise), KEY the SHA-1 of the tree's file list with
# sizes and modification times, and of the script itself.  KEY.out is the
# script's output (--no-color); KEY.time is "SECONDS KBYTES USER SYS" of its
# run (wall time, peak resident memory, CPU seconds in user and kernel mode:
# /usr/bin/time -f '%e %M %U %S').
# --fresh runs the script again even when the cache has it.
set -euo pipefail
me=checkkconfigsymbols.sh
fresh=0
if [ "${1:-}" = --fresh ]; then fresh=1; shift; fi
[ $# = 1 ] || { echo "usage: $me [--fresh] TREE" >&2; exit 2; }
tree=$(cd "$1" && pwd)
script=$tree/scripts/checkkconfigsymbols.py
[ -f "$script" ] || { echo "$me: $script not found" >&2; exit 2; }
command -v python3 >/dev/null || { echo "$me: python3 not found" >&2; exit 2; }
cache=${EXCISE_CACHE:-$HOME/.cache/excise}/checkkconfigsymbols
mkdir -p "$cache"

key=$( (cd "$tree" && find . -type f ! -name .excise-complete -printf '%P %s %T@\n' | LC_ALL=C sort;
	sha1sum <"$script") | sha1sum | cut -c1-16)
out=$cache/$key.out
if [ $fresh = 0 ] && [ -s "$out" ] && [ "$(wc -w <"$cache/$key.time" 2>/dev/null)" = 4 ]; then
	echo "$out"
	exit 0
fi

tmp=$(mktemp -d "$cache/.run.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
git init -q "$tmp/repo"
export GIT_DIR=$tmp/repo/.git GIT_WORK_TREE=$tree
(cd "$tree" && find . -type f ! -name .excise-complete -printf '%P\n' |
	git update-index --add --info-only --stdin)
echo "$me: running scripts/checkkconfigsymbols.py on $tree ($(git ls-files | wc -l) files)" >&2
(cd "$tree" && /usr/bin/time -o "$tmp/time" -f '%e %M %U %S' python3 "$script" --no-color >"$tmp/out" 2>"$tmp/err") || {
	cat "$tmp/err" >&2
	echo "$me: checkkconfigsymbols.py failed" >&2
	exit 1
}
mv "$tmp/time" "$cache/$key.time"
mv "$tmp/out" "$out"
echo "$out"
