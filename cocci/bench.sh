#!/usr/bin/env bash
# cocci/bench.sh [--no-dir] [WORKTREE] - time is_enabled.cocci -D config=SLOB
# on the 4 C files of the SLOB removal against spatch --dir on the whole tree.
#
# Runs in a hard-linked work copy (scripts/worktree.sh; made if WORKTREE is
# not given), never in the cached tree: spatch --jobs writes its workers'
# output into a directory it creates in the current directory.  Prints
# "result:" lines (seconds of wall time, and of CPU).  --no-dir skips the
# whole-tree run (several minutes on 2 cores).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
dir_run=1
if [ "${1:-}" = --no-dir ]; then dir_run=0; shift; fi
wt=${1:-}
scratch=$(mktemp -d /tmp/excise-cocci-bench.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
if [ -z "$wt" ]; then
	"$top/scripts/worktree.sh" "$scratch/tree" >/dev/null
	wt=$scratch/tree
fi
command -v spatch >/dev/null || { echo "spatch is not installed"; exit 77; }
if [ "$(cd "$wt" && pwd -P)" = "$(cd "$("$top/scripts/tree.sh")" && pwd -P)" ]; then
	echo "cocci/bench.sh: $wt is the cached tree; give a work copy (scripts/worktree.sh)" >&2
	exit 2
fi
patch=$top/cocci/is_enabled.cocci
macros=$top/cocci/kernel.h
jobs=$(getconf _NPROCESSORS_ONLN)
groups=$scratch/groups
printf '%s\n\n' include/linux/slab.h mm/slab.h mm/slab_common.c security/tomoyo/common.h >"$groups"

# seconds of wall time and of CPU (user + sys) of a command: "W C"
timed() {
	/usr/bin/time -o "$scratch/time" -f '%e %U %S' "$@" >/dev/null 2>&1 || true
	awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' "$scratch/time"
}

cd "$wt"
read -r w c < <(timed spatch --very-quiet --sp-file "$patch" -D patch -D config=SLOB \
	--no-includes --include-headers --macro-file "$macros" --file-groups "$groups")
echo "result: spatch is_enabled.cocci, 4 SLOB files, patch mode: ${w}s wall, ${c}s CPU"
read -r w c < <(timed spatch --quiet --verbose-parsing --no-show-diff --sp-file "$patch" -D report \
	-D config=SLOB --no-includes --include-headers --macro-file "$macros" --file-groups "$groups")
echo "result: spatch is_enabled.cocci, 4 SLOB files, report mode: ${w}s wall, ${c}s CPU"
if [ $dir_run = 1 ]; then
	read -r w c < <(timed spatch --very-quiet --sp-file "$patch" -D patch -D config=SLOB \
		--no-includes --include-headers --macro-file "$macros" --dir "$wt" --jobs "$jobs" --chunksize 1)
	echo "result: spatch is_enabled.cocci --dir (whole tree, --jobs $jobs): ${w}s wall, ${c}s CPU"
fi
