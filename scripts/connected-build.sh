#!/usr/bin/env bash
# connected-build.sh [--jobs N] [--distcc HOSTS] [--base TARGET] [--name NAME]
#                    [--arch ARCH] [--make TARGET]... [--result FILE]
#                    TREE_BEFORE TREE_AFTER FRAGMENT_BEFORE FRAGMENT_AFTER
#
# Builds the configuration that exercises a removal in both trees and
# compares what the compiler, the linker and modpost say.  Each tree is
# configured from make TARGET (default defconfig) with its fragment on top
# (excise kconfig connected --fragment before|after: the removed symbols
# and the kept ones connected to them, all =y), then
#   make -k vmlinux modules
# out of tree, through build-kernel.sh (ccache, the read-only mount,
# --distcc).  With --arch ARCH and --make TARGET... (excise check's cross
# step: a defconfig of ARCH as --base, the touched directories as targets)
# the same comparison runs with ARCH's cross compiler and those targets.  An option of a fragment that Kconfig would not take is named,
# with its "depends on" lines, and the build goes on (a symbol AFTER no
# longer defines does not reach its fragment).
#
# An error (compiler error, undefined reference, modpost's undefined
# symbol) that AFTER has and BEFORE has not fails; so does a build of
# AFTER that fails when BEFORE's succeeds.  New warnings are listed, and do
# not fail.  Messages are compared without line numbers and with paths
# relative to the tree (normalise_warnings in lib.sh).
#
# Output: what each build did, every new error and warning, then PASS or
# FAIL.  Exit 0 when AFTER has no new error, 1 when it has, 2 on bad usage
# or when a tree cannot be configured.
#
#   --name NAME  build directories NAME-before and NAME-after in
#                $EXCISE_CACHE/build (default: connected-<hash of the trees>)
#   --result FILE  the result as data (scripts/lib.sh: result files): a row
#                "unset before|after CONFIG_X" per option of a fragment
#                that .config does not have as asked, "built before|after
#                yes|no", counts before_errors, before_warnings,
#                after_errors, after_warnings, new_errors, new_warnings and
#                compiled (files AFTER compiled), a row "new error|warning
#                TEXT" per new finding, the verdict and the summary (the
#                last line of the output)
set -euo pipefail

me=connected-build.sh
here=$(cd "$(dirname "$0")" && pwd)
usage() { echo "usage: $me [--jobs N] [--distcc HOSTS] [--base TARGET] [--name NAME] [--arch ARCH] [--make TARGET]... [--result FILE] TREE_BEFORE TREE_AFTER FRAGMENT_BEFORE FRAGMENT_AFTER" >&2; exit 2; }
say() { echo "$me: $*"; }

opts=() base=defconfig name= goals=() result_to=
while [ $# -gt 0 ]; do
	case $1 in
	--jobs|--distcc|--arch) [ $# -ge 2 ] || usage; opts+=("$1" "$2"); shift 2 ;;
	--make) [ $# -ge 2 ] || usage; goals+=("$2"); shift 2 ;;
	--base) [ $# -ge 2 ] || usage; base=$2; shift 2 ;;
	--name) [ $# -ge 2 ] || usage; name=$2; shift 2 ;;
	--result) [ $# -ge 2 ] || usage; result_to=$2; shift 2 ;;
	-h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "$me: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
[ $# = 4 ] || usage
[ ${#goals[@]} != 0 ] || goals=(vmlinux modules)
makes=()
for g in "${goals[@]}"; do makes+=(--make "$g"); done
. "$here/lib.sh"
[ -z "$result_to" ] || result_open "$result_to"
before=$(clean_source_tree "$1") || exit 2
after=$(clean_source_tree "$2") || exit 2
for f in "$3" "$4"; do [ -f "$f" ] || { echo "$me: $f: no such fragment" >&2; exit 2; }; done
[ -n "$name" ] || name=connected-$(printf '%s\n%s\n' "$before" "$after" | sha1sum | cut -c1-8)

t0=$SECONDS
# build SIDE TREE FRAGMENT: build-kernel.sh's messages go to OUT/SIDE.out,
# its result to OUT/SIDE.result; 0 if it built.
build() {
	local side=$1 tree=$2 frag=$3 rc=0
	shift 3
	"$here/build-kernel.sh" "${opts[@]}" "$@" --name "$name-$side" --base "$base" --soft \
		"${makes[@]}" --result "$tmp/$side.result" "$tree" "$frag" > "$tmp/$side.stdout" 2> "$tmp/$side.out" || rc=$?
	grep -E 'requested options set|not set: |^ +|^build-kernel.sh: (/.*: (a copy of|its last build)|built |no modules)' "$tmp/$side.out" | sed "s/^build-kernel.sh: /  $side: /; s/^    /  $side:     /" || true
	awk -F'\t' -v side="$side" '$1 == "unset" { print "unset\t" side "\t" $2 }' "$tmp/$side.result" >> "$tmp/unset"
	grep -q '^configured	' "$tmp/$side.result" || {
		# configuring failed: not a result about the removal
		sed 's/^/  | /' "$tmp/$side.out"
		echo "$me: FAIL: the tree $side the removal could not be configured ($base + fragment)"
		result_verdict error "$me: FAIL: the tree $side the removal could not be configured ($base + fragment)"
		exit 2
	}
	return $rc
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/unset"

# Both builds go on from earlier ones (build-kernel.sh: BEFORE from its
# last build or a seed of the same base configuration, AFTER from a copy of
# BEFORE's directory), so each compiles only what differs.  A log then has
# the warnings of what its build compiled: ccache replays a hit's, but an
# object kbuild did not build again says nothing.  So what AFTER compiled
# that BEFORE did not is compiled once more in BEFORE's directory (its
# objects deleted, vmlinux and modpost again), and BEFORE's warnings are
# those of both of its logs.  Every object AFTER compiled is then compared
# with BEFORE's own words for it: what AFTER's log has and BEFORE's have
# not is new; what it lost is not counted.
rb=0 ra=0
out_b=$cache/build/$name-before out_a=$cache/build/$name-after
build before "$before" "$3" || rb=$?
cp "$out_b/excise-build.log" "$tmp/before.log"
rm -rf "$out_a"
build after "$after" "$4" --seed "$out_b" || ra=$?
# compiled LOG: the objects a build log says were compiled or assembled.
compiled() { sed -n 's/^  \(CC\|AS\)\( \[M\]\)\{0,1\} *\([^ ]*\.o\)$/\3/p' "$1" | LC_ALL=C sort -u; }
LC_ALL=C comm -13 <(compiled "$tmp/before.log") <(compiled "$out_a/excise-build.log") > "$tmp/again"
# linked LOG: the build linked vmlinux or ran modpost (their messages too are compared).
linked() { grep -qE '^  (LD +vmlinux\.o|MODPOST) ' "$1"; }
if [ -s "$tmp/again" ] || { linked "$out_a/excise-build.log" && ! linked "$tmp/before.log"; }; then
	while IFS= read -r o; do
		rm -f "$out_b/$o" "$out_b/$(dirname "$o")/.$(basename "$o").cmd"
	done < "$tmp/again"
	rm -f "$out_b/vmlinux.o" "$out_b/vmlinux"
	build before "$before" "$3" > /dev/null || true
	say "before: compiled again the $(wc -l < "$tmp/again") file(s) that after compiled and it had not"
	cat "$out_b/excise-build.log" >> "$tmp/before.log"
fi
normalise_warnings "$before" "$out_b" "$srcmnt" < "$tmp/before.log" > "$tmp/wb"
normalise_warnings "$after" "$out_a" "$srcmnt" < "$out_a/excise-build.log" > "$tmp/wa"
built() { [ "$1" = 0 ] && echo built || echo "did not build"; }
counts=("$(count_findings "$tmp/wb" error)" "$(count_findings "$tmp/wb" warning)"
	"$(count_findings "$tmp/wa" error)" "$(count_findings "$tmp/wa" warning)"
	"$(grep -c '^  CC ' "$out_a/excise-build.log" || true)")
say "before: $(built $rb) (${counts[0]} error(s), ${counts[1]} warning(s)); after: $(built $ra) (${counts[2]} error(s), ${counts[3]} warning(s) in the ${counts[4]} file(s) it compiled again)"
new_findings "$tmp/wb" "$tmp/wa" > "$tmp/new"
grep ': error' "$tmp/new" > "$tmp/errors" || true
grep -v ': error' "$tmp/new" > "$tmp/warnings" || true
ne=$(wc -l < "$tmp/errors") nw=$(wc -l < "$tmp/warnings")
if [ -n "$result_file" ]; then
	LC_ALL=C sort -u "$tmp/unset" >> "$result_file"
	result built before "$([ $rb = 0 ] && echo yes || echo no)"
	result built after "$([ $ra = 0 ] && echo yes || echo no)"
	result count before_errors "${counts[0]}"
	result count before_warnings "${counts[1]}"
	result count after_errors "${counts[2]}"
	result count after_warnings "${counts[3]}"
	result count compiled "${counts[4]}"
	result count new_errors "$ne"
	result count new_warnings "$nw"
	while IFS= read -r w; do result new error "$w"; done < "$tmp/errors"
	while IFS= read -r w; do result new warning "$w"; done < "$tmp/warnings"
fi
if [ "$nw" -gt 0 ]; then
	say "$nw new warning(s) in after:"
	sed 's/^/  /' "$tmp/warnings"
fi
if [ "$ne" -gt 0 ]; then
	say "$ne new error(s) in after:"
	sed 's/^/  /' "$tmp/errors"
fi
if [ "$ne" -gt 0 ] || { [ $rb = 0 ] && [ $ra != 0 ]; }; then
	line="$me: FAIL $ne new error(s), $nw new warning(s); after $(built $ra) in $((SECONDS - t0))s"
	echo "$line"
	result_verdict fail "$line"
	exit 1
fi
line="$me: PASS no new errors, $nw new warning(s) in $((SECONDS - t0))s"
echo "$line"
result_verdict pass "$line"
