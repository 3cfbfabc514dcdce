#!/usr/bin/env bash
# cocci/bench-stubs.sh [WORKTREE] - run the stub pipeline, as the planner
# is to run it, on real 6.1 options that 6.12 removed and whose header keeps
# stubs in the #else of their #ifdef, and time spatch on each file.
#
# For each OPTION:HEADER below (drivers/, fs/, sound/ and non-x86 arch/
# options only), on a hard-linked work copy (scripts/worktree.sh; made if
# WORKTREE is not given; never the cached tree):
#   1. stubs.cocci (report) on the header; the STUB lines inside the #else
#      (or #ifndef) of the option's conditional are the stubs;
#   2. the files that name one of them or the option (rg -w), but for the
#      held-out kernel/, mm/, lib/, net/core/, init/ and arch/x86/;
#   3. on each file, in a scratch copy, the stages one after the other:
#      is_enabled.cocci -D config=OPTION [-D false=...] [-D true=...],
#      calls.cocci -D noop=..., unused.cocci -D names=<removed identifiers>,
#      each in patch mode and in report mode with --verbose-parsing.
# Prints per case the stubs, and per file and stage the CPU seconds of the
# two runs, the lines changed, the WARNING lines, and the parse errors
# (path:line and the function around it); "result:" lines at the end.
# KEEP_DIFF=FILE keeps the diff of every file against the tree.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
wt=${1:-}
scratch=$(mktemp -d /tmp/excise-bench-stubs.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
command -v spatch >/dev/null || { echo "spatch is not installed"; exit 77; }
if [ -z "$wt" ]; then
	"$top/scripts/worktree.sh" "$scratch/tree" >/dev/null
	wt=$scratch/tree
fi
if [ "$(cd "$wt" && pwd -P)" = "$(cd "$("$top/scripts/tree.sh")" && pwd -P)" ]; then
	echo "cocci/bench-stubs.sh: $wt is the cached tree; give a work copy (scripts/worktree.sh)" >&2
	exit 2
fi

cases=(
	PWM_SYSFS:include/linux/pwm.h
	LEDS_TRIGGER_AUDIO:include/linux/leds.h
	USB_ONBOARD_HUB:include/linux/usb/onboard_hub.h
	VFIO_SPAPR_EEH:include/linux/vfio.h
	SAMSUNG_PM_DEBUG:include/linux/soc/samsung/s3c-pm.h
	ARM_S3C24XX_CPUFREQ_DEBUG:include/linux/soc/samsung/s3c-cpufreq-core.h
	S3C2410_IOTIMING:include/linux/soc/samsung/s3c-cpufreq-core.h
	IOASID:include/linux/ioasid.h
	WILINK_PLATFORM_DATA:include/linux/wl12xx.h
	PCI_MSI_IRQ_DOMAIN:include/linux/msi.h
)

opts=(--no-includes --include-headers --macro-file "$top/cocci/kernel.h")
[ -x /usr/bin/python3 ] && opts+=(--python /usr/bin/python3)

# "CPU WALL KB" of a command (CPU: user + sys seconds; KB: peak resident),
# its stdout to $1, stderr to $2.  On a loaded machine wall time is a
# multiple of CPU time: compare CPU seconds.
timed() {
	local out=$1 err=$2
	shift 2
	/usr/bin/time -o "$scratch/time" -f '%U %S %e %M' "$@" >"$out" 2>"$err" || true
	tail -n 1 "$scratch/time" | awk '{ printf "%.2f %.2f %d\n", $1 + $2, $3, $4 }'
}

# The lines of HEADER in the kept branch of OPTION's conditionals: the
# #else of #ifdef/#if IS_ENABLED(CONFIG_OPTION), the body of #ifndef.
kept_lines() {
	python3 - "$1" "$2" <<'EOF'
import re, sys
path, sym = sys.argv[1], "CONFIG_" + sys.argv[2]
lines = open(path, errors="replace").read().split("\n")
stack, out = [], []
for i, l in enumerate(lines, 1):
    m = re.match(r"\s*#\s*(ifdef|ifndef|if|elif|else|endif)\b(.*)", l)
    if not m:
        continue
    d, rest = m.group(1), m.group(2)
    mine = re.search(r"\b" + sym + r"\b", rest) is not None
    if d in ("ifdef", "if"):
        neg = d == "if" and re.match(r"\s*!", rest) is not None
        stack.append([mine and not neg, mine and neg, i])
    elif d == "ifndef":
        stack.append([False, mine, i])
    elif d == "else" and stack:
        top = stack[-1]
        if top[0]:
            top[1], top[2] = True, i
        elif top[1]:
            top[1] = False
    elif d == "endif" and stack:
        pos, kept, start = stack.pop()
        if kept:
            out.append("%d %d" % (start, i))
    if d in ("ifndef",) and stack and stack[-1][1]:
        stack[-1][2] = i
print("\n".join(out))
EOF
}

total_files=0 total_runs=0 total_secs=0 total_wall=0 max_kb=0 parse_errors=0 warnings=0
: >"$scratch/perfile"
for c in "${cases[@]}"; do
	opt=${c%%:*} header=${c#*:}
	echo "== $opt ($header)"
	ranges=$(kept_lines "$wt/$header" "$opt")
	(cd "$wt" && spatch --sp-file "$top/cocci/stubs.cocci" -D report --no-show-diff --very-quiet \
		"${opts[@]}" "$header" 2>/dev/null) >"$scratch/stubs" || true
	noop=() false=() true=() names=()
	while read -r loc _ name what rest; do
		line=$(cut -d: -f2 <<<"$loc")
		inside=0
		while read -r a b; do
			[ -n "$a" ] && [ "$line" -gt "$a" ] && [ "$line" -lt "$b" ] && inside=1
		done <<<"$ranges"
		[ $inside = 1 ] || continue
		names+=("$name")
		read -r -a w <<<"$what $rest"
		if [ "${w[0]}" = noop ]; then
			noop+=("$name")
		else
			value=${w[1]} kind=${w[2]}
			suffix=
			[ "$kind" != macro ] && suffix="()"
			case $value:$kind in
			false:* | 0:macro*) false+=("$name$suffix") ;;
			true:* | 1:macro*) true+=("$name$suffix") ;;
			*) noop+=("$name") ;;
			esac
		fi
	done < <(grep ': STUB: ' "$scratch/stubs")
	echo "   no-op:  ${noop[*]:-}"
	echo "   false:  ${false[*]:-}"
	echo "   true:   ${true[*]:-}"
	words=("CONFIG_$opt" "${names[@]}")
	pattern=$(printf '%s\n' "${words[@]}" | paste -sd'|' -)
	# (Files of the held-out part of the tree are left out: kernel/, mm/,
	# lib/, net/core/, init/, arch/x86/.)
	mapfile -t files < <(cd "$wt" && rg -lw --type c -e "$pattern" . | sed 's|^\./||' |
		grep -Ev '^(kernel|mm|lib|net/core|init|arch/x86)/' | LC_ALL=C sort)
	echo "   files:  ${#files[@]}"
	join() { local IFS=,; echo "$*"; }
	for f in "${files[@]}"; do
		total_files=$((total_files + 1))
		d=$scratch/run/$f
		mkdir -p "$(dirname "$d")"
		cp "$wt/$f" "$d"
		: >"$scratch/removed"
		stages=("is_enabled.cocci -D config=$opt")
		[ ${#false[@]} -gt 0 ] && stages[0]+=" -D false=$(join "${false[@]}")"
		[ ${#true[@]} -gt 0 ] && stages[0]+=" -D true=$(join "${true[@]}")"
		[ ${#noop[@]} -gt 0 ] && stages+=("calls.cocci -D noop=$(join "${noop[@]}")")
		stages+=("unused.cocci -D names=@")
		line="   $f:"
		for s in "${stages[@]}"; do
			read -r -a sw <<<"$s"
			args=()
			for a in "${sw[@]:1}"; do
				[ "$a" = names=@ ] && a=names=$(sort -u "$scratch/removed" | paste -sd, -)
				args+=("$a")
			done
			[ "${args[*]}" = "-D names=" ] && continue
			(cd "$scratch/run" && timed "$scratch/out" "$scratch/err" spatch --sp-file "$top/cocci/${sw[0]}" \
				-D patch --very-quiet "${args[@]}" "${opts[@]}" "$f" -o "$scratch/new" >"$scratch/tp")
			(cd "$scratch/run" && timed "$scratch/rep" "$scratch/rerr" spatch --sp-file "$top/cocci/${sw[0]}" \
				-D report --no-show-diff --quiet --verbose-parsing "${args[@]}" "${opts[@]}" "$f" >"$scratch/tr")
			read -r tp wp kp <"$scratch/tp"
			read -r tr wr kr <"$scratch/tr"
			total_runs=$((total_runs + 2))
			total_secs=$(awk -v a="$total_secs" -v b="$tp" -v c="$tr" 'BEGIN { print a + b + c }')
			total_wall=$(awk -v a="$total_wall" -v b="$wp" -v c="$wr" 'BEGIN { print a + b + c }')
			[ "$kp" -gt "$max_kb" ] && max_kb=$kp
			[ "$kr" -gt "$max_kb" ] && max_kb=$kr
			echo "${sw[0]%.cocci} $f $(wc -l <"$d") $tp $tr" >>"$scratch/perfile"
			changed=0
			if [ -f "$scratch/new" ]; then
				changed=$(diff "$d" "$scratch/new" | grep -c '^[<>]' || true)
				diff "$d" "$scratch/new" | sed -n 's/^< //p' | grep -o '[A-Za-z_][A-Za-z0-9_]*' >>"$scratch/removed" || true
				mv "$scratch/new" "$d"
			fi
			nw=$(grep -c ': WARNING: ' "$scratch/rep" || true)
			warnings=$((warnings + nw))
			line+=" ${sw[0]%.cocci} ${tp}+${tr}s ${changed}l ${nw}w"
			[ "$nw" -gt 0 ] && sed -n 's/^/      /; /WARNING/p' "$scratch/rep" >>"$scratch/warnings.$total_files"
			# Parse errors: path:line and the function around it.
			while read -r pl; do
				parse_errors=$((parse_errors + 1))
				ln=${pl##*:}
				fn=$(awk -v n="$ln" 'NR <= n { l[NR] = $0 } END {
					i = n; while (i > 1 && l[i - 1] ~ /\\$/) i--
					if (l[i] ~ /^[ \t]*#[ \t]*define/) { sub(/^[ \t]*#[ \t]*define[ \t]+/, "", l[i]); sub(/[( \t].*/, "", l[i]); print "#define " l[i]; exit }
					for (i = n; i > 0; i--) if (l[i] ~ /^[a-zA-Z_].*\(/) { print substr(l[i], 1, 60); exit } }' "$wt/$f")
				line+=$'\n'"      parse error ${sw[0]%.cocci}: $f:$ln in: $fn"
			done < <(grep -A1 '^parse error' "$scratch/rerr" | sed -n 's/.*File "\([^"]*\)", line \([0-9]*\).*/\1:\2/p' | sort -u)
		done
		echo "$line"
		[ -f "$scratch/warnings.$total_files" ] && cat "$scratch/warnings.$total_files"
		diff -u "$wt/$f" "$d" >>"$scratch/all.diff" || true
	done
done
echo "result: $total_files files, $total_runs spatch runs, ${total_secs}s of CPU" \
	"($(awk -v a="$total_secs" -v b="$total_runs" 'BEGIN { printf "%.2f", b ? a / b : 0 }')s a run, ${total_wall}s wall)," \
	"peak $((max_kb / 1024)) MB, $parse_errors parse errors, $warnings WARNING lines"
# CPU seconds per 1000 lines, per patch (patch and report run together).
awk '{ cpu[$1] += $4 + $5; lines[$1] += $3; n[$1]++ }
     END { for (p in cpu) printf "result: %s: %d files, %.2f s CPU a file, %.2f s per 1000 lines\n", p, n[p], cpu[p] / n[p], 1000 * cpu[p] / lines[p] }' \
	"$scratch/perfile" | sort
[ -n "${KEEP_DIFF:-}" ] && cp "$scratch/all.diff" "$KEEP_DIFF"
exit 0
