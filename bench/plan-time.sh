#!/usr/bin/env bash
# bench/run: by hand (it compares two binaries given as arguments)
# bench/plan-time.sh OLD NEW [CASE...] - the time two excise binaries take to
# plan corpus cases, and whether they plan the same.
#
# Each case (a corpus case name, bench/corpus/run.py --list; default: the
# largest cases and those tuned by hand) runs as the corpus runs it,
# `remove --dry-run --with-users --force SYM...`, on one hard-linked work
# copy of 6.1 (a dry run writes nothing), OLD then NEW.  Prints per case
# the wall and CPU (user + system) seconds of each, the ratios NEW/OLD, and
# whether stdout and stderr are the same (timings aside); NEW's
# EXCISE_TIMES phases go to $out/CASE.new.times.  RUNS=N takes the median of
# N runs of each (default 1: on a loaded machine, compare CPU).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
# bench/run calls every benchmark without arguments: this one compares two binaries.
[ $# = 0 ] && { echo "plan-time.sh: compares two builds: bench/plan-time.sh OLD NEW [CASE...]"; exit 0; }
[ $# -ge 2 ] || { echo "usage: plan-time.sh OLD NEW [CASE...]" >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2")
shift 2
cases=("$@")
[ ${#cases[@]} = 0 ] && cases=(arch/arm/mach-pxa arch/arm/mach-s3c arch/arm drivers/gpu/drm
	drivers/media/v4l2-core drivers/irqchip drivers/media/platform/ti/davinci drivers/net/pcs)
runs=${PLAN_TIME_RUNS:-1}
work=${PLAN_TIME_WORK:-$cache/work/plan-time}
out=${PLAN_TIME_OUT:-$(mktemp -d)}
"$top/scripts/worktree.sh" "$work" 6.1 >/dev/null || exit 2
list=$(python3 "$top/bench/corpus/run.py" --list 2>/dev/null) || { echo "plan-time: run.py --list failed" >&2; exit 2; }

# one BIN NAME SYMS: run BIN RUNS times; prints "wall cpu" medians.
one() {
	local bin=$1 name=$2 syms=$3 i
	: > "$out/$name.t"
	for ((i = 0; i < runs; i++)); do
		(cd "$work" && EXCISE_TIMES=1 /usr/bin/time -f '%e %U %S' -o "$out/$name.t1" \
			"$bin" remove --dry-run --with-users --force ${syms//,/ }) > "$out/$name.out" 2> "$out/$name.err"
		tail -n 1 "$out/$name.t1" | awk '{ printf "%s %.2f\n", $1, $2 + $3 }' >> "$out/$name.t"
	done
	echo "$(median "$out/$name.t" 1) $(median "$out/$name.t" 2)"
}

printf '%-36s %9s %9s %7s %9s %9s %7s  %s\n' case "old wall" "new wall" ratio "old cpu" "new cpu" ratio output
for c in "${cases[@]}"; do
	syms=$(awk -F'\t' -v c="$c" '$1 == "case" && $2 == c { print $3 }' <<< "$list")
	[ -n "$syms" ] || { echo "plan-time: no case $c" >&2; continue; }
	n=${c//\//_}
	read -r ow oc < <(one "$old" "$n.old" "$syms")
	read -r nw nc < <(one "$new" "$n.new" "$syms")
	grep -E '^excise: (links|load) ' "$out/$n.new.err" > "$out/$n.new.times"
	for f in out err; do
		sed -i -E '/^excise: (links|load) /d; s/[0-9]+\.[0-9]+ s\b/N s/g' "$out/$n.old.$f" "$out/$n.new.$f"
	done
	same=same
	cmp -s "$out/$n.old.out" "$out/$n.new.out" && cmp -s "$out/$n.old.err" "$out/$n.new.err" || same=DIFFERENT
	printf '%-36s %9.1f %9.1f %7.2f %9.1f %9.1f %7.2f  %s\n' "$c" "$ow" "$nw" \
		"$(awk -v a="$nw" -v b="$ow" 'BEGIN { print (b > 0 ? a / b : 0) }')" "$oc" "$nc" \
		"$(awk -v a="$nc" -v b="$oc" 'BEGIN { print (b > 0 ? a / b : 0) }')" "$same"
done
echo "plan-time: outputs in $out"
