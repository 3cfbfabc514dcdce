# scripts/lib.sh - sourced by the scripts that build out of tree: the tree, its
# build directory, ccache, the mount namespace, the excise binary.  The caller
# sets $me (its name, for messages).

# clean_source_tree DIR: the absolute, symlink-free path of DIR, a Linux
# source tree never configured or built in place (out-of-tree builds refuse
# such a tree); otherwise a message and exit 2.
clean_source_tree() {
	local t
	[ -d "$1" ] || { echo "$me: $1: no such directory" >&2; exit 2; }
	t=$(cd "$1" && pwd -P)
	[ -f "$t/Makefile" ] && [ -f "$t/Kconfig" ] && [ -d "$t/arch/x86" ] || {
		echo "$me: $t does not look like a Linux source tree (no Makefile, Kconfig or arch/x86)" >&2
		exit 2
	}
	if [ -e "$t/.config" ] || [ -d "$t/include/config" ]; then
		echo "$me: $t has been configured or built in place (.config or include/config exists);" \
			"out-of-tree builds need a clean source tree" >&2
		exit 2
	fi
	echo "$t"
}

cache=${EXCISE_CACHE:-$HOME/.cache/excise}

# excise_bin: the excise binary the scripts ask about Kbuild, Kconfig and
# specs ($EXCISE, which excise check sets, or src/excise of this repository),
# as $excise; otherwise a message and return 1.
excise_bin() {
	excise=${EXCISE:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/src/excise}
	[ -x "$excise" ] || { echo "$me: $excise is missing (make)" >&2; return 1; }
}

# tree_tag TREE: "NAME-HASH", TREE's base name and 8 hex digits of the sha1
# of its path, which names the build directories of a tree.
tree_tag() {
	echo "$(basename "$1")-$(printf '%s' "$1" | sha1sum | cut -c1-8)"
}

# claim_build_dir TREE OUT: OUT is TREE's build directory from now on.  One
# last used for another tree, or for an earlier tree at the same path (a
# work copy made again: another inode or birth time), starts afresh: kbuild
# would trust the time stamps of the other tree's files.
claim_build_dir() {
	local tree=$1 out=$2 id
	id="$tree $(stat -c '%i %W' "$tree")"
	if [ -f "$out/.excise-tree" ] && [ "$(cat "$out/.excise-tree")" != "$id" ]; then
		echo "$me: $out was last used for another tree ($(cut -d' ' -f1 "$out/.excise-tree")); starting it afresh" >&2
		find "$out" -mindepth 1 -delete
	fi
	mkdir -p "$out"
	printf '%s\n' "$id" > "$out/.excise-tree"
}

# use_ccache: when ccache is installed, one cache for every tree in
# $EXCISE_CACHE/ccache (CCACHE_NOHASHDIR: the build directory is not part of
# the hash) and ccache_args=(CC=... HOSTCC=...) for make; else return 1.
ccache_args=()
use_ccache() {
	command -v ccache >/dev/null || return 1
	export CCACHE_DIR=$cache/ccache CCACHE_NOHASHDIR=1
	mkdir -p "$CCACHE_DIR"
	ccache_args=(CC="ccache gcc" HOSTCC="ccache gcc")
}

# The source path: kbuild puts the absolute path of the tree on every
# compiler command line, so ccache would miss for every file of a tree at a
# new path.  As root with unshare(1), make runs in a private mount namespace
# in which the tree is bind-mounted read-only at one fixed path, $srcmnt:
# every tree has the same path there, ccache hits for every file the trees
# share, and nothing in make can write into the tree.  Nothing is mounted
# outside that namespace.
srcmnt=$cache/srcmnt
use_mount=0

# mount_init TREE: use the mount namespace (use_mount=1) if TREE can be
# mounted so; else return 1 and make runs at the tree's own path.
mount_init() {
	[ "$(id -u)" = 0 ] && command -v unshare >/dev/null || return 1
	mkdir -p "$srcmnt"
	unshare -m --propagation private sh -c 'mount --bind -o ro "$1" "$2" && test -f "$2/Makefile"' \
		sh "$1" "$srcmnt" 2>/dev/null || return 1
	use_mount=1
}

# kmake TREE ARGS...: make -C TREE ARGS..., with TREE at $srcmnt when the
# mount namespace is in use.
kmake() {
	local tree=$1
	shift
	if [ $use_mount = 1 ]; then
		unshare -m --propagation private sh -c 'mount --bind -o ro "$1" "$2" && shift 2 && exec make -C "$@"' \
			sh "$tree" "$srcmnt" "$srcmnt" "$@"
	else
		make -C "$tree" "$@"
	fi
}
