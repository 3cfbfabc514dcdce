#!/usr/bin/env bash
# bench/run: by hand (it compares two binaries given as arguments)
# bench/same-output.sh OLD NEW - do two excise binaries say the same thing
# on the real 6.1 tree?  For a change meant to keep behaviour (a
# restructure, a speed-up): the output of each command below, from OLD and
# from NEW, is compared byte for byte, and every difference is shown.
#
#   locate --format=json|tsv|human  SLOB, drivers/net/ethernet/intel/ixgb,
#                                    and specs/intermezzo.spec on 6.1 with
#                                    the InterMezzo reconstruction
#   locate --dangling               the whole tree
#   remove --dry-run                SLOB, ixgb (the diff and the summary)
#   remove --dry-run --commit       SLOB, ixgb, intermezzo (the series, as
#                                    make run makes it)
#
# Each binary finds its own cocci/ (EXCISE_COCCI=$(dirname NEW)/../../cocci
# is not needed when both are builds of a checkout).  Exit 0 when every
# output is the same, 1 otherwise.  About 5 minutes on 2 cores.
# SAME_OUTPUT_WORK=DIR keeps the work copies there instead of
# $EXCISE_CACHE/work (two runs at once each need their own).
set -uo pipefail
[ $# = 2 ] || { echo "usage: same-output.sh OLD NEW" >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2")
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${EXCISE_CACHE:-$HOME/.cache/excise}
tree=$("$top/scripts/tree.sh" 6.1) || exit 2
wdir=${SAME_OUTPUT_WORK:-$cache/work}
work=$wdir/same-output
git61=$wdir/same-output-git
imz=$wdir/same-output-imz
imzgit=$wdir/same-output-imz-git
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

"$top/scripts/worktree.sh" "$imz" 6.1 >/dev/null && "$top/scripts/reconstruct.sh" "$imz" >/dev/null ||
	{ echo "same-output: the InterMezzo reconstruction failed" >&2; exit 2; }
"$top/scripts/gittree.sh" "$git61" >/dev/null && "$top/scripts/gittree.sh" --from "$imz" "$imzgit" >/dev/null ||
	{ echo "same-output: gittree.sh failed" >&2; exit 2; }
spec=$top/specs/intermezzo.spec

n=0 differ=0
# same NAME DIR ARGS...: run both binaries in DIR, compare stdout, stderr and the status.
same() {
	local name=$1 dir=$2 bin side f
	shift 2
	n=$((n + 1))
	for side in old new; do
		bin=$old
		[ $side = new ] && bin=$new
		(cd "$dir" && "$bin" "$@") > "$out/$name.$side.out" 2> "$out/$name.$side.err"
		echo $? > "$out/$name.$side.rc"
		# timings are not output
		sed -i -E 's/[0-9]+\.[0-9]+ s\b/N s/g; s/in [0-9.]+ ?s\b/in N s/g' "$out/$name.$side.out" "$out/$name.$side.err"
	done
	local d=0
	for f in out err rc; do
		cmp -s "$out/$name.old.$f" "$out/$name.new.$f" || {
			d=1
			echo "same-output: $name: $f differs:"
			diff "$out/$name.old.$f" "$out/$name.new.$f" | head -20 | sed 's/^/  /'
		}
	done
	if [ $d = 0 ]; then echo "same     $name ($(wc -c < "$out/$name.new.out") bytes)"; else differ=$((differ + 1)); fi
}

for f in json tsv human; do
	same "locate-slob-$f" "$tree" locate --format=$f SLOB
	same "locate-ixgb-$f" "$tree" locate --format=$f drivers/net/ethernet/intel/ixgb
	same "locate-intermezzo-$f" "$imz" locate --format=$f "$spec"
done
same locate-dangling "$tree" locate --dangling
"$top/scripts/worktree.sh" "$work" 6.1 >/dev/null
same remove-slob "$work" remove --dry-run SLOB
same remove-ixgb "$work" remove --dry-run --force drivers/net/ethernet/intel/ixgb
same series-slob "$git61" remove --dry-run --commit SLOB
same series-ixgb "$git61" remove --dry-run --commit --force drivers/net/ethernet/intel/ixgb
same series-intermezzo "$imzgit" remove --dry-run --commit "$spec"
echo "same-output: $n outputs compared, $differ differ"
[ $differ = 0 ]
