# bench/lib.sh - sourced by the benchmarks.
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
EXCISE=${EXCISE:-$top/src/excise}
cache=${EXCISE_CACHE:-$HOME/.cache/excise}
RUNS=${RUNS:-5}

# measure OUTFILE CMD...: run CMD once; appends "seconds peak_kb" to OUTFILE
# (time(1) puts "Command exited with non-zero status N" first when CMD fails:
# only its last line counts).  CMD's stderr goes to OUTFILE.err.  Returns
# CMD's exit status.
measure() {
	local out=$1 rc
	shift
	/usr/bin/time -f '%e %M' -o "$out.one" "$@" >/dev/null 2>"$out.err"
	rc=$?
	tail -n 1 "$out.one" >> "$out"
	return $rc
}

# median FILE COLUMN: the median of a column of numbers.
median() {
	sort -n -k"$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

maxof() {
	sort -n -k"$2" "$1" | tail -n 1 | awk -v c="$2" '{ print $c }'
}

# real_strings TREE DIR: the tree's Kconfig symbols as CONFIG_NAME
# (DIR/symbols) and the names of its exported functions (DIR/exports),
# each sorted.
real_strings() {
	rg -IN --no-filename -g 'Kconfig*' -o '^\s*(?:menu)?config\s+([A-Za-z0-9_]+)' -r 'CONFIG_$1' \
		"$1" | LC_ALL=C sort -u > "$2/symbols"
	rg -IN --no-filename -g '*.c' -o 'EXPORT_SYMBOL(?:_GPL|_NS|_NS_GPL)?\(\s*([A-Za-z0-9_]+)' -r '$1' \
		"$1" | LC_ALL=C sort -u > "$2/exports"
}

# pick N FILE: N lines of FILE, evenly spaced.
pick() {
	awk -v n="$1" -v total="$(wc -l < "$2")" \
		'BEGIN { step = total / n } NR - 1 >= k * step && k < n { print; k++ }' "$2"
}

# pick_strings N DIR: N strings of real_strings' DIR, half of each list.
pick_strings() {
	pick $(($1 / 2)) "$2/symbols"
	pick $(($1 - $1 / 2)) "$2/exports"
}
