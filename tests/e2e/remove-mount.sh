#!/usr/bin/env bash
# A mount point inside the tree is a boundary a removal never crosses: an
# outside directory bind-mounted inside a directory the removal deletes
# (fs/foo/mnt), an outside file bind-mounted over a file it deletes, and a
# directory holding files it edits (drivers/) mounted from elsewhere are each
# refused before anything is written, naming the mount point, exit 2; the
# tree, the mounts and what they show are as they were.  (Bind mounts of one
# file system keep st_dev: statx says a mount's root.)  Negative
# control: the same removal once unmounted is written, exit 0.  Skipped
# (77) where mount is not permitted; every mount is undone on exit.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
fixture=$top/tests/fixtures/mini
scratch=$(mktemp -d)
t=$scratch/t
mounts=()
cleanup() {
	for m in "${mounts[@]}"; do
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
	done
	# whatever a failed run renamed aside, still mounted
	findmnt -rn -o TARGET | grep -F "$scratch/" | sort -r | while read -r m; do umount -l "$m"; done
	rm -rf "$scratch"
}
trap cleanup EXIT

fresh() { rm -rf "$t"; cp -a "$fixture" "$t"; }
tree_sum() { (cd "$t" && find . -type f -print0 | sort -z | xargs -0 sha1sum | sha1sum); }
bind() { mount --bind "$1" "$2" && mounts+=("$2"); }

mkdir -p "$scratch/outside/keep" "$scratch/probe-a" "$scratch/probe-b"
mount --bind "$scratch/probe-a" "$scratch/probe-b" 2>/dev/null || skip "mount --bind is not permitted here"
umount "$scratch/probe-b"
echo "precious" >"$scratch/outside/data"
echo "precious too" >"$scratch/outside/keep/more"
echo "outside file" >"$scratch/outside-file"
outside_sum() { (cd "$scratch" && find outside outside-file -type f -print0 | sort -z | xargs -0 sha1sum | sha1sum); }
out_before=$(outside_sum)

# refused WHAT MOUNTPOINT ARGS...: remove exits 2 naming the mount point; nothing changed.
refused() {
	local what=$1 mp=$2 before rc
	shift 2
	before=$(tree_sum)
	"$EXCISE" remove --no-cocci "$@" -C "$t" FOO_FS >"$scratch/out" 2>"$scratch/err"
	rc=$?
	[ $rc = 2 ] || { cat "$scratch/err"; fail "$what: exit $rc, not 2"; }
	grep -q "^excise: $mp: .*mount point" "$scratch/err" || { cat "$scratch/err"; fail "$what: $mp not named as a mount point"; }
	[ "$(tree_sum)" = "$before" ] || fail "$what: the tree was changed"
	[ "$(outside_sum)" = "$out_before" ] || fail "$what: the mounted files outside the tree were changed"
	mountpoint -q "$t/$mp" || fail "$what: $mp is no longer mounted there"
	echo "result: $what: refused, exit 2, $mp named, tree and mount unchanged"
}

# 1. An outside directory mounted inside fs/foo, which the removal deletes.
fresh
mkdir "$t/fs/foo/mnt"
bind "$scratch/outside" "$t/fs/foo/mnt" || fail "mount"
refused "a directory mounted in a deleted directory" fs/foo/mnt --force
refused "the same, --dry-run" fs/foo/mnt --dry-run

# 2. An outside file mounted over a file of fs/foo.
umount "$t/fs/foo/mnt"
rmdir "$t/fs/foo/mnt"
bind "$scratch/outside-file" "$t/fs/foo/psdev.c" || fail "mount"
refused "a file mounted over a deleted file" fs/foo/psdev.c --force
umount "$t/fs/foo/psdev.c"

# 3. drivers/ (drivers/Kconfig and Makefile are edited) mounted from a copy elsewhere.
cp -a "$t/drivers" "$scratch/drivers-copy"
copy_before=$(cd "$scratch/drivers-copy" && find . -type f -print0 | sort -z | xargs -0 sha1sum | sha1sum)
bind "$scratch/drivers-copy" "$t/drivers" || fail "mount"
refused "edited files under a mount point" drivers --force
[ "$(cd "$scratch/drivers-copy" && find . -type f -print0 | sort -z | xargs -0 sha1sum | sha1sum)" = "$copy_before" ] ||
	fail "the mounted copy of drivers/ was changed"
umount "$t/drivers"

# Negative control: nothing mounted, the same removal is written.
"$EXCISE" remove --no-cocci --force -C "$t" FOO_FS >"$scratch/out" 2>"$scratch/err" ||
	{ cat "$scratch/err"; fail "the removal without mounts failed"; }
[ ! -e "$t/fs/foo" ] || fail "without mounts: fs/foo is still there"
echo "result: without the mounts the same removal is written, exit 0"
