#!/usr/bin/env bash
# kconfig-check.sh [--no-default] [--name NAME] [--result FILE] [-v] TREE_BEFORE TREE_AFTER [ARCH:TARGET...]
#
# Runs Kconfig on both trees, out of tree (host gcc only, nothing compiled
# but Kconfig itself), for each of
#   x86_64:allnoconfig x86_64:allyesconfig x86_64:defconfig
# (unless --no-default) and each ARCH:TARGET argument, e.g.
# arm:multi_v7_defconfig, arm64:defconfig, x86_64:tinyconfig, and fails when
# TREE_AFTER gives a Kconfig warning or error that TREE_BEFORE does not.
# Build directories: $EXCISE_CACHE/build/kconfig-<tree>-<hash>/<ARCH>, one per
# architecture, with each configuration's .config kept in <ARCH>-<TARGET>/
# (EXCISE_CACHE defaults to ~/.cache/excise).  KCONFIG_WARN_UNKNOWN_SYMBOLS=1
# is set, so kernels that support it (6.7 on) also warn about symbols that a
# defconfig sets but no Kconfig file defines any more.
#
# What counts (everything else that Kconfig and make print is ignored):
#   warning  FILE:LINE:warning: MESSAGE       (Kconfig parser, and the loading
#                                            of a defconfig or .config)
#            warning: MESSAGE                 (Kconfig's messages without place)
#            WARNING: unmet direct dependencies detected for SYM, with its
#                     indented "Depends on"/"Selected by" lines
#   error    FILE:LINE:error: MESSAGE, with indented continuation lines
#                                            (e.g. recursive dependency)
#            FILE:LINE: MESSAGE               (syntax error, unknown statement)
#            make exiting non-zero: "make ARCH=A TARGET failed"
# Not warnings: "override: reassigning to symbol X" and "override: X changes
# choice state", bare or as FILE:LINE:warning: override: ... (fragments
# merged by a target such as tinyconfig reassign symbols on purpose),
# merge_config.sh's "Value of X is redefined by fragment" lines, "#" comments, "*** Default configuration is based on",
# make's directory lines, and the host compiler's FILE:LINE:COL: warnings
# while building Kconfig's own tools (they are not about the Kconfig files).
# Normalisation: paths relative to the tree, line numbers dropped.  The
# comparison counts duplicates.
#
# Output: one line per configuration
#   kconfig-check.sh: ARCH:TARGET  before W warning(s) E error(s)  after ...  ok|FAIL N new
# with each new warning or error indented below a FAIL, then a PASS or FAIL
# line.  A configuration that fails in both trees is reported as "broken in
# both" and does not fail the check.  Exit 0, 1 when something is new, 2 on
# bad usage.
#   --no-default  only the ARCH:TARGET arguments
#   --name NAME   build directories kconfig-NAME-before and -after instead of
#                 names derived from the trees' paths (for temporary trees)
#   -v            also print every warning of each configuration
#   --result FILE the result as data (scripts/lib.sh: result files): a row
#                 "config ARCH:TARGET ok|fail|broken BW BE AW AE NEW" per
#                 configuration (warnings and errors before and after, new
#                 ones), counts configurations, new and broken, the verdict
#                 and the summary (the last line of the output)
set -euo pipefail

me=kconfig-check.sh
cache=${EXCISE_CACHE:-$HOME/.cache/excise}

usage() { echo "usage: $me [--no-default] [--name NAME] [--result FILE] [-v] TREE_BEFORE TREE_AFTER [ARCH:TARGET...]" >&2; exit 2; }
die() { echo "$me: $*" >&2; exit 2; }

defaults=1 verbose=0 name= result_to=
while [ $# -gt 0 ]; do
	case $1 in
	--no-default) defaults=0; shift ;;
	-v|--verbose) verbose=1; shift ;;
	--name) [ $# -ge 2 ] || usage; name=$2; shift 2 ;;
	--name=*) name=${1#*=}; shift ;;
	--result) [ $# -ge 2 ] || usage; result_to=$2; shift 2 ;;
	-h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
	--) shift; break ;;
	-*) echo "$me: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
[ $# -ge 2 ] || usage

. "$(dirname "$0")/lib.sh"
[ -z "$result_to" ] || result_open "$result_to"
before=$(clean_source_tree "$1") || exit 2
after=$(clean_source_tree "$2") || exit 2
shift 2

configs=()
[ $defaults = 0 ] || configs=(x86_64:allnoconfig x86_64:allyesconfig x86_64:defconfig)
for c in "$@"; do
	[[ $c =~ ^[a-z0-9_]+:[A-Za-z0-9_.+-]*config$ ]] || die "'$c': want ARCH:TARGET, e.g. arm:multi_v7_defconfig"
	arch=${c%%:*}
	[ -d "$before/arch/$arch" ] || [ "$arch" = x86_64 ] || [ "$arch" = i386 ] ||
		die "'$c': $before has no arch/$arch"
	configs+=("$c")
done
[ ${#configs[@]} -gt 0 ] || die "no configuration to check (--no-default and no ARCH:TARGET)"

builddir() { echo "$cache/build/kconfig-$(tree_tag "$1")"; }
if [ -n "$name" ]; then
	[[ $name =~ ^[A-Za-z0-9._+-]+$ ]] || die "--name '$name' may hold only letters, digits and ._+-"
	bdir=$cache/build/kconfig-$name-before
	adir=$cache/build/kconfig-$name-after
else
	bdir=$(builddir "$before")
	adir=$(builddir "$after")
	[ "$bdir" != "$adir" ] || adir=$bdir-after
fi
mkdir -p "$bdir" "$adir"
exec 8>"$bdir.lock"
flock 8
exec 9>"$adir.lock"
flock 9

export KCONFIG_WARN_UNKNOWN_SYMBOLS=1

# run TREE DIR ARCH TARGET: DIR/ARCH-TARGET.log, DIR/ARCH-TARGET.rc and
# DIR/ARCH-TARGET/.config.  The configurations of one architecture share one
# build directory, DIR/ARCH, so that Kconfig's own tools (conf, its lexer
# and parser) are compiled once per tree and architecture, not once per
# configuration: half the cost of a configuration.  Every *config target
# writes .config anew, whatever the directory held before.
run() {
	local tree=$1 out=$2/$3-$4 rc=0
	mkdir -p "$out" "$2/$3"
	rm -f "$out/.config" "$2/$3/.config"
	make -C "$tree" O="$2/$3" ARCH="$3" CC=gcc HOSTCC=gcc "$4" > "$out.log" 2>&1 || rc=$?
	[ ! -f "$2/$3/.config" ] || cp "$2/$3/.config" "$out/.config"
	echo "$rc" > "$out.rc"
}

# normalise TREE OUT RC < LOG: one "KEY<TAB>DISPLAY" line per finding.
normalise() {
	awk -v tree="$1" -v out="$2" -v mnt= -v rc="$3" -v cfg="$4" "$awk_lib"'
	# FILE:LINE:REST -> KEY "FILE:REST", DISPLAY "FILE:LINE:REST"
	function placed(line, kind,    f, rest) {
		line = strip(line)
		f = line
		sub(/:[0-9]+:.*/, "", f)
		rest = substr(line, length(f) + 2)
		sub(/^[0-9]+:/, "", rest)
		sub(/^ /, "", rest)
		sub(/^(warning|error): ?/, "", rest)
		key = f ": " kind ": " rest
		disp = line
		n = 1
	}
	{
		line = $0
		gsub(/\r/, "", line)
	}
	# A continuation of the previous finding: indented and not empty.
	n > 0 && line ~ /^[ \t]+[^ \t]/ {
		c = strip(line)
		sub(/^[ \t]+/, "", c)
		gsub(/:[0-9]+:/, ":", c)
		key = key " | " c
		disp = disp " | " c
		next
	}
	# Recursive dependency details: "FILE:LINE:<TAB>symbol X depends on Y".
	n > 0 && line ~ /^[^ :]+:[0-9]+:\t/ {
		c = strip(line)
		sub(/:[0-9]+:\t/, ": ", c)
		key = key " | " c
		disp = disp " | " strip(line)
		next
	}
	{ flush() }
	line ~ /^[^ :]+:[0-9]+:[0-9]+: / { next }            # host compiler
	line ~ /^[^ :]+:[0-9]+:warning: override: / { next }  # fragment merges
	line ~ /^override: / { next }
	line ~ /^[^ :]+:[0-9]+:warning: / { placed(line, "warning"); next }
	line ~ /^[^ :]+:[0-9]+:error: / { placed(line, "error"); next }
	line ~ /^[^ :]+:[0-9]+: / { placed(line, "error"); next }
	line ~ /^warning: / { key = strip(line); disp = key; n = 1; next }
	line ~ /^WARNING: unmet direct dependencies/ { key = "warning: " substr(line, 10); disp = line; n = 1; next }
	END {
		flush()
		if (rc != 0)
			print "error: make " cfg " failed\terror: make " cfg " failed (exit " rc ")"
	}
	'
}


t_all=$SECONDS
echo "$me: before: $before"
echo "$me: after:  $after"
new_total=0 broken=0
for c in "${configs[@]}"; do
	arch=${c%%:*} target=${c#*:} t0=$SECONDS
	# Both trees at once: Kconfig is single-threaded.
	run "$before" "$bdir" "$arch" "$target" &
	pb=$!
	run "$after" "$adir" "$arch" "$target"
	wait "$pb"
	for side in b a; do
		if [ $side = b ]; then tree=$before dir=$bdir; else tree=$after dir=$adir; fi
		base=$dir/$arch-$target
		normalise "$tree" "$base" "$(cat "$base.rc")" "ARCH=$arch $target" < "$base.log" > "$base.findings"
	done
	fb=$bdir/$arch-$target.findings fa=$adir/$arch-$target.findings
	rcb=$(cat "$bdir/$arch-$target.rc") rca=$(cat "$adir/$arch-$target.rc")
	new=$(new_findings "$fb" "$fa")
	counts=("$(count_findings "$fb" warning)" "$(count_findings "$fb" error)"
		"$(count_findings "$fa" warning)" "$(count_findings "$fa" error)")
	summary=$(printf 'before %d warning(s) %d error(s), after %d warning(s) %d error(s)' "${counts[@]}")
	k=0
	[ -z "$new" ] || k=$(printf '%s\n' "$new" | wc -l)
	if [ "$rcb" != 0 ] && [ "$rca" != 0 ]; then
		broken=$((broken + 1))
		printf '%s: %-28s %s  broken in both (see %s.log)\n' "$me" "$c" "$summary" "$bdir/$arch-$target"
		result config "$c" broken "${counts[@]}" "$k"
	elif [ -n "$new" ]; then
		new_total=$((new_total + k))
		printf '%s: %-28s %s  FAIL %d new (%ds)\n' "$me" "$c" "$summary" "$k" $((SECONDS - t0))
		printf '%s\n' "$new" | sed 's/^/    /'
		result config "$c" fail "${counts[@]}" "$k"
	else
		printf '%s: %-28s %s  ok (%ds)\n' "$me" "$c" "$summary" $((SECONDS - t0))
		result config "$c" ok "${counts[@]}" "$k"
	fi
	if [ $verbose = 1 ]; then
		cut -f2- "$fa" | sed 's/^/    after: /'
	fi
done

result count configurations "${#configs[@]}"
result count new "$new_total"
result count broken "$broken"
if [ $new_total -gt 0 ]; then
	line="$me: FAIL $new_total new Kconfig warning(s)/error(s) in $((SECONDS - t_all))s"
	echo "$line"
	result_verdict fail "$line"
	exit 1
fi
note=
[ $broken = 0 ] || note=", $broken broken in both"
line="$me: PASS ${#configs[@]} configuration(s)$note in $((SECONDS - t_all))s"
echo "$line"
result_verdict pass "$line"
