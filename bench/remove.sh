#!/usr/bin/env bash
# The whole excise remove (locate, plan, Kconfig, preprocessor, spatch on the
# files locate found, apply) on a work copy of the 6.1 tree, next to a plain
# `spatch --dir` run of the same semantic patch over the whole tree, which
# is what a user would otherwise run (and which covers only the C
# expressions).  Run on its own: bench/run remove.  Wall time and peak memory of both, and the ratio.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
scratch=$(mktemp -d "$cache/work/bench-remove.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
jobs=$(getconf _NPROCESSORS_ONLN)
printf '%-8s | %-22s | %-28s %8s\n' case "excise remove s (MB)" "spatch --dir -j$jobs s (MB)" "ratio"
# SLOB only: the spatch run parses the whole tree (36 min to over an hour on two
# cores), whatever the symbol; CASES="SLOB:SLOB ixgb:drivers/net/ethernet/intel/ixgb"
# adds ixgb.
for case in ${CASES:-SLOB:SLOB}; do
	name=${case%%:*} target=${case#*:}
	sym=$name; [ "$name" = ixgb ] && sym=IXGB
	"$top/scripts/worktree.sh" "$scratch/$name" >/dev/null
	: > "$scratch/ex"; : > "$scratch/sp"
	measure "$scratch/ex" "$EXCISE" remove -C "$scratch/$name" "$target"
	"$top/scripts/worktree.sh" "$scratch/$name" >/dev/null
	(cd "$scratch/$name" && measure "$scratch/sp" spatch --very-quiet \
		--sp-file "$top/cocci/is_enabled.cocci" -D patch -D "config=$sym" \
		--no-includes --include-headers --macro-file "$top/cocci/kernel.h" \
		--dir . --jobs "$jobs" --chunksize 1)
	sprc=$?
	read -r ex exm < "$scratch/ex"
	read -r sp spm < "$scratch/sp"
	printf '%-8s | %8.2f (%6.0f)      | %8.2f (%6.0f)             %8.2f\n' "$name" "$ex" "$((exm / 1024))" \
		"$sp" "$((spm / 1024))" "$(echo "$sp / $ex" | bc -l)"
	[ "$sprc" = 0 ] || echo "  (spatch exited with status $sprc; $(grep -c . "$scratch/sp.err") lines on stderr, the last: $(tail -n 1 "$scratch/sp.err"))"
	rm -rf "$scratch/$name"
done
echo "(ratio: spatch time / excise time; excise also removes the Kconfig, Kbuild, defconfig,"
echo " MAINTAINERS, Documentation and #if references, which spatch does not)"
