# tests/lib/hostile.sh - helpers for golden cases that feed excise hostile input.
# Source it from a case's cmd:  . "$EXCISE_TOP/tests/lib/hostile.sh"
#
#   repeat N TEXT          print TEXT N times (no newline)
#   chain N SEP WORD...    print the words cycled N times, joined by SEP
#   cpu_limit N CMD...     run CMD with at most N seconds of CPU (ulimit -t:
#                          SIGXCPU, status 152, past it), and a wall-clock
#                          limit 20 times that for a hang; CPU, not wall time,
#                          says whether excise is too slow on a loaded machine
#   unchanged CMD...       run CMD; print "tree unchanged" or "tree changed"
#                          on stdout (every file's bytes, before and after);
#                          return CMD's status

repeat() {
	awk -v n="$1" -v t="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", t }'
}

chain() {
	local n=$1 sep=$2
	shift 2
	awk -v n="$n" -v sep="$sep" -v words="$*" 'BEGIN {
		k = split(words, w, " ")
		for (i = 0; i < n; i++) printf "%s%s", (i ? sep : ""), w[i % k + 1]
	}'
}

cpu_limit() {
	local n=$1
	shift
	( ulimit -t "$n"; exec timeout $((n * 20)) "$@" )
}

tree_sum() {
	find . -path ./.git -prune -o -type f -print0 | sort -z | xargs -0 sha1sum | sha1sum
}

unchanged() {
	local before after rc
	before=$(tree_sum)
	"$@"
	rc=$?
	after=$(tree_sum)
	if [ "$before" = "$after" ]; then echo "tree unchanged"; else echo "tree changed"; fi
	return $rc
}
