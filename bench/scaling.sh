#!/usr/bin/env bash
# How locate's cost grows with the number of patterns: excise locate against
# ripgrep (rg -n -F -f STRINGS) with the same real strings of the 6.1 tree,
# 10, 100, 1,000 and 10,000 of them: half Kconfig symbols as CONFIG_NAME,
# half names of exported functions (EXPORT_SYMBOL*), each half evenly
# sampled from its sorted list.  excise gets them as the `word` lines of a
# spec, so they go through the whole of locate (scan, classification,
# report).  Warm cache, RUNS runs each, interleaved: median wall time, the
# ratio, peak memory; then the curve as a PNG (gnuplot, log scales).
# SIZES="16 24 32 48 64" measures other sizes.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
tree=$("$top/scripts/tree.sh") || exit 1
out=${BENCH_OUT:-$top/build/bench}
mkdir -p "$out"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

real_strings "$tree" "$scratch"

# timed OUTFILE CMD...: like lib.sh's measure, with CPU seconds (user + sys)
# as a third column: on a shared machine wall time also counts the waiting.
timed() {
	local out=$1
	shift
	/usr/bin/time -f '%e %M %U %S' -o "$out.one" "$@" >/dev/null 2>"$out.err"
	tail -n 1 "$out.one" | awk '{ print $1, $2, $3 + $4 }' >> "$out"
}

printf '%6s %7s %7s | %-20s | %-20s %6s %6s\n' pats refs "rg lines" "excise s (cpu, MB)" \
	"rg s (cpu, MB)" "rg/ex" "cpu"
: > "$out/scaling.dat"
for n in ${SIZES:-10 100 1000 10000}; do
	strings=$scratch/strings$n spec=$scratch/scaling$n.spec
	pick_strings "$n" "$scratch" > "$strings"
	{ echo "name scaling$n"; sed 's/^/word /' "$strings"; } > "$spec"
	# Warm the page cache; count what each finds.
	refs=$("$EXCISE" locate -C "$tree" --format=tsv "$spec" 2>/dev/null | wc -l)
	lines=$(rg -n -F -f "$strings" "$tree" 2>/dev/null | wc -l)
	: > "$scratch/ex$n"
	: > "$scratch/rg$n"
	for _ in $(seq 1 "$RUNS"); do
		timed "$scratch/ex$n" "$EXCISE" locate -C "$tree" "$spec"
		timed "$scratch/rg$n" rg -n -F -f "$strings" "$tree"
	done
	ex=$(median "$scratch/ex$n" 1) rgt=$(median "$scratch/rg$n" 1)
	exc=$(median "$scratch/ex$n" 3) rgc=$(median "$scratch/rg$n" 3)
	exm=$(( $(maxof "$scratch/ex$n" 2) / 1024 )) rgm=$(( $(maxof "$scratch/rg$n" 2) / 1024 ))
	printf '%6s %7s %7s | %6.2f (%5.2f, %4s) | %6.2f (%5.2f, %4s) %6.2f %6.2f\n' \
		"$(wc -l < "$strings")" "$refs" "$lines" "$ex" "$exc" "$exm" "$rgt" "$rgc" "$rgm" \
		"$(echo "$rgt / $ex" | bc -l)" "$(echo "$rgc / $exc" | bc -l)"
	echo "$(wc -l < "$strings") $ex $rgt $exm $rgm $exc $rgc" >> "$out/scaling.dat"
done
echo "(median of $RUNS runs, wall and CPU seconds; rg/ex > 1 means excise is faster; excise"
echo " classifies each match of a whole word, rg prints every line that holds a string)"

if command -v gnuplot >/dev/null; then
	gnuplot <<EOF
set terminal pngcairo size 800,500 noenhanced
set output "$out/scaling.png"
set title "locate over the 6.1 tree: wall time against the number of strings (median of $RUNS)"
set xlabel "strings (half CONFIG_ symbols, half exported functions)"
set ylabel "seconds (wall; CPU dashed)"
set logscale xy
set xrange [5:20000]
set grid
set key top left
plot "$out/scaling.dat" using 1:2 with linespoints lw 2 pt 7 title "excise locate (wall)", \
     "$out/scaling.dat" using 1:3 with linespoints lw 2 pt 5 title "rg -n -F -f (wall)", \
     "$out/scaling.dat" using 1:6 with linespoints lw 1 dt 2 pt 6 title "excise locate (CPU)", \
     "$out/scaling.dat" using 1:7 with linespoints lw 1 dt 2 pt 4 title "rg -n -F -f (CPU)"
EOF
	echo "curve: $out/scaling.png"
fi
