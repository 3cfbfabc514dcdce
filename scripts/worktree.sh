#!/usr/bin/env bash
# worktree.sh DEST [VERSION] - make DEST a work copy of the pristine tree.
#
# The copy is hard-linked to the cache (cp -al: about 2 s, no extra space).
# That is safe for excise, which replaces files by rename, and for make O=,
# git apply and patch, which write new files.  Anything that writes into an
# existing file in place would change the cache too: tree.sh notices (the
# file's mtime) and extracts again.  Use --copy for a full, independent copy.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mode=-al
if [ "${1:-}" = --copy ]; then mode=-a; shift; fi
[ $# -ge 1 ] || { echo "usage: worktree.sh [--copy] DEST [VERSION]" >&2; exit 2; }
dest=$1
src=$("$here/tree.sh" "${2:-6.1}")
rm -rf "$dest"
mkdir -p "$(dirname "$dest")"
cp $mode "$src" "$dest"
rm -f "$dest/.excise-complete"
echo "$dest"
