#!/usr/bin/env bash
# tree.sh [VERSION] - print the path of a pristine, complete Linux source tree.
#
# Extracts /usr/src/linux-source-VERSION.tar.xz (Debian package
# linux-source-VERSION) once into $EXCISE_CACHE (default ~/.cache/excise),
# checks that the extraction completed, and prints the tree's path.
# The cached tree is read-only by convention: callers work on copies
# (scripts/worktree.sh).  VERSION defaults to 6.1.
set -euo pipefail

version=${1:-6.1}
cache=${EXCISE_CACHE:-$HOME/.cache/excise}
tarball=/usr/src/linux-source-$version.tar.xz
tree=$cache/linux-source-$version
stamp=$tree/.excise-complete

die() { echo "tree.sh: $*" >&2; exit 2; }

# One extraction at a time: concurrent callers wait for the lock.
mkdir -p "$cache"
exec 9>"$cache/.lock-$version"
flock 9

if [ -f "$stamp" ] && [ -f "$tree/Makefile" ] && [ -f "$tree/Kconfig" ]; then
	# Cheap completeness check: the file count recorded at extraction.
	want=$(cat "$stamp")
	have=$(find "$tree" -type f ! -name .excise-complete | wc -l)
	# A file changed in place through a hard-linked work copy has a newer
	# mtime than the stamp: the cache is no longer pristine.
	changed=$(find "$tree" -newer "$stamp" -print -quit)
	if [ "$want" = "$have" ] && [ -z "$changed" ]; then
		echo "$tree"
		exit 0
	fi
	echo "tree.sh: $tree is incomplete or modified ($have of $want files${changed:+, $changed changed}), extracting again" >&2
fi

if [ ! -f "$tarball" ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		echo "tree.sh: installing linux-source-$version" >&2
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q "linux-source-$version" >&2 ||
			die "cannot install linux-source-$version"
	fi
	[ -f "$tarball" ] || die "$tarball not found (apt-get install linux-source-$version)"
fi

mkdir -p "$cache"
tmp=$(mktemp -d "$cache/.extract.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
echo "tree.sh: extracting $tarball into $cache (about 15 s)" >&2
tar -C "$tmp" -xJf "$tarball" || die "extraction of $tarball failed"
[ -f "$tmp/linux-source-$version/Makefile" ] || die "$tarball does not hold linux-source-$version/"
count=$(find "$tmp/linux-source-$version" -type f | wc -l)
echo "$count" > "$tmp/linux-source-$version/.excise-complete"
# Every file must be older than the stamp (tar restores the archive's mtimes).
touch "$tmp/linux-source-$version/.excise-complete"
rm -rf "$tree"
mv -T "$tmp/linux-source-$version" "$tree"
echo "$tree"
