#!/usr/bin/env bash
# bench/stubs-remove.sh OLD NEW [WORKTREE] [OPTION...] - what the stubs rule
# adds to `excise remove --dry-run`, and what it costs, on real 6.1 options
# that 6.12 removed (the cases of cocci/bench-stubs.sh by default).
#
# OLD and NEW are excise binaries (OLD: one built from main before the
# stubs rule; NEW: this tree's src/excise).  Each runs, one after the other,
# `remove --dry-run --no-progress OPTION` in WORKTREE, a hard-linked work
# copy of the 6.1 tree (scripts/worktree.sh; made if not given; never the
# cached tree; --dry-run writes nothing).  Per option it prints, for OLD and
# NEW: the exit status, the lines the diff removes and adds in .c and .h
# files (the sites), the c-stub edits and the review notes of the report,
# and the CPU seconds (user + system, spatch's included); then the ratio
# NEW/OLD of the CPU time.  The diffs are kept in $KEEP (default: a
# temporary directory, removed at the end) as OPTION.old.diff/.new.diff.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: bench/stubs-remove.sh OLD NEW [WORKTREE] [OPTION...]" >&2; exit 2; }
old=$(realpath "$1") new=$(realpath "$2")
shift 2
scratch=$(mktemp -d /tmp/excise-stubs-remove.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
wt=${1:-}
[ $# -gt 0 ] && shift
if [ -z "$wt" ]; then
	"$top/scripts/worktree.sh" "$scratch/tree" >/dev/null
	wt=$scratch/tree
fi
if [ "$(cd "$wt" && pwd -P)" = "$(cd "$("$top/scripts/tree.sh")" && pwd -P)" ]; then
	echo "bench/stubs-remove.sh: $wt is the cached tree; give a work copy (scripts/worktree.sh)" >&2
	exit 2
fi
keep=${KEEP:-$scratch/diffs}
mkdir -p "$keep"
opts=("$@")
if [ ${#opts[@]} -eq 0 ]; then
	opts=(PWM_SYSFS LEDS_TRIGGER_AUDIO USB_ONBOARD_HUB VFIO_SPAPR_EEH SAMSUNG_PM_DEBUG
	      ARM_S3C24XX_CPUFREQ_DEBUG S3C2410_IOTIMING IOASID WILINK_PLATFORM_DATA PCI_MSI_IRQ_DOMAIN)
fi

# "RC CPU SITES STUBEDITS REVIEWS" of one run.
one() {
	local bin=$1 opt=$2 tag=$3 rc=0
	(cd "$wt" && /usr/bin/time -o "$scratch/time" -f '%U %S' "$bin" remove --dry-run --no-progress \
		"$opt" >"$keep/$opt.$tag.diff" 2>"$scratch/err") || rc=$?
	cpu=$(tail -n 1 "$scratch/time" | awk '{ printf "%.2f", $1 + $2 }')
	sites=$(awk '/^diff --git/ { c = ($3 ~ /\.[ch]$/) } c && /^[-+][^-+]/ { n++ } END { print n + 0 }' \
		"$keep/$opt.$tag.diff")
	stub=$(sed -n 's/^  c-stub  *\([0-9]*\) edits\?$/\1/p' "$scratch/err")
	rev=$(sed -n 's/.*, \([0-9]*\) for review$/\1/p' "$scratch/err" | tail -n 1)
	echo "$rc $cpu $sites ${stub:-0} ${rev:-?}"
}

printf '%-28s %-28s %-28s %s\n' option "old: rc cpu sites stub rev" "new: rc cpu sites stub rev" "cpu new/old"
for opt in "${opts[@]}"; do
	read -r orc ocpu osites ostub orev < <(one "$old" "$opt" old)
	read -r nrc ncpu nsites nstub nrev < <(one "$new" "$opt" new)
	ratio=$(awk -v a="$ncpu" -v b="$ocpu" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')
	printf '%-28s %-28s %-28s %s\n' "$opt" "$orc $ocpu $osites $ostub $orev" \
		"$nrc $ncpu $nsites $nstub $nrev" "$ratio"
done
