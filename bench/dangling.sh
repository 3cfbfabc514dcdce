#!/usr/bin/env bash
# excise locate --dangling against the kernel's scripts/checkkconfigsymbols.py
# over the whole pristine 6.1 tree: wall time and peak memory of each, their
# ratio, and what each reports.  excise runs RUNS times (median time, largest
# peak), with one thread and with one per CPU; the script runs once and is
# cached by scripts/checkkconfigsymbols.sh (it takes a minute or more; FRESH=1
# runs it again, now, beside excise).  The script needs a git repository of
# the tree; the helper builds a temporary one outside the tree.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
tree=$("$top/scripts/tree.sh") || exit 1
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

fresh=()
[ "${FRESH:-0}" = 1 ] && fresh=(--fresh)
out=$("$top/scripts/checkkconfigsymbols.sh" "${fresh[@]}" "$tree") || exit 1
read -r cks_s cks_kb cks_user cks_sys < "${out%.out}.time"
cks_cpu=$(echo "${cks_user:-0} + ${cks_sys:-0}" | bc)
when=$(date -r "${out%.out}.time" '+%Y-%m-%d %H:%M')
cks_n=$(grep -cv -e '^Referencing files:' -e '^Similar symbols:' -e '^$' "$out")

"$EXCISE" locate --dangling -C "$tree" --format=tsv > "$scratch/tsv"   # also warms the page cache
: > "$scratch/ex"; : > "$scratch/ex1"
# "wall peak_kb user sys" per run
for _ in $(seq 1 "$RUNS"); do
	/usr/bin/time -a -o "$scratch/ex" -f '%e %M %U %S' "$EXCISE" locate --dangling -C "$tree" --format=tsv >/dev/null
	/usr/bin/time -a -o "$scratch/ex1" -f '%e %M %U %S' "$EXCISE" locate --dangling --jobs 1 -C "$tree" --format=tsv >/dev/null
done
ex=$(median "$scratch/ex" 1) ex1=$(median "$scratch/ex1" 1)
cpu() { awk '{ print $3 + $4 }' "$1" > "$1.cpu"; median "$1.cpu" 1; }
ex_cpu=$(cpu "$scratch/ex") ex1_cpu=$(cpu "$scratch/ex1")
dangling=$(awk -F'\t' '$1 == "symbol" && $3 == "dangling"' "$scratch/tsv" | wc -l)
excluded=$(awk -F'\t' '$1 == "symbol" && $3 == "excluded"' "$scratch/tsv" | wc -l)
# the script's symbols that excise excludes: its false alarms, by excise's rule
grep -v -e '^Referencing files:' -e '^Similar symbols:' -e '^$' "$out" | LC_ALL=C sort > "$scratch/cks"
awk -F'\t' '$1 == "symbol" { print $2 "\t" $3 "\t" $4 }' "$scratch/tsv" | LC_ALL=C sort > "$scratch/exs"
alarms=$(LC_ALL=C join -t "$(printf '\t')" "$scratch/cks" "$scratch/exs" | awk -F'\t' '$2 == "excluded" { print $3 }' |
	sort | uniq -c | sort -rn | awk '{ printf "%s%d %s", (NR > 1 ? ", " : ""), $1, $2 }')
nalarms=$(LC_ALL=C join -t "$(printf '\t')" "$scratch/cks" "$scratch/exs" | awk -F'\t' '$2 == "excluded"' | wc -l)

printf '%-44s %8s %8s %8s  %s\n' tool "wall s" "CPU s" "peak MB" "symbols"
printf '%-44s %8.2f %8.2f %8d  %s\n' "checkkconfigsymbols.py (run $when)" "$cks_s" "$cks_cpu" \
	$((cks_kb / 1024)) "$cks_n"
printf '%-44s %8.2f %8.2f %8d  %s\n' "excise locate --dangling" "$ex" "$ex_cpu" \
	$(($(maxof "$scratch/ex" 2) / 1024)) "$dangling dangling, $excluded excluded with a reason"
printf '%-44s %8.2f %8.2f %8d  %s\n' "excise locate --dangling --jobs 1" "$ex1" "$ex1_cpu" \
	$(($(maxof "$scratch/ex1" 2) / 1024)) "the same"
printf 'speed-up, wall: %.1fx (%.1fx with one thread); CPU: %.1fx; median of %d excise runs; load average now %s\n' \
	"$(echo "$cks_s / $ex" | bc -l)" "$(echo "$cks_s / $ex1" | bc -l)" \
	"$(echo "$cks_cpu / $ex_cpu" | bc -l)" "$RUNS" "$(cut -d' ' -f1-3 /proc/loadavg)"
echo "false alarms of the script that excise excludes, with a reason each: $nalarms ($alarms)"
echo "(tree: $(find "$tree" -type f | wc -l) files; FRESH=1 re-runs the script now)"
