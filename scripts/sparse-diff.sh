#!/usr/bin/env bash
# sparse-diff.sh [--jobs N] [--name NAME] [--keep-logs] [--result FILE] TREE_BEFORE TREE_AFTER CONFIG FILE...
#
# Compiles each FILE (path/to/file.c or path/to/file.o, relative to the
# trees) with sparse in both trees, out of tree, with the same .config:
#   make C=2 CHECK="sparse -fmax-warnings=unlimited" path/to/file.o ...
# and compares the warnings and errors (sparse's and the compiler's).
#
# CONFIG is a Kconfig target (allmodconfig, allyesconfig, defconfig, ...),
# made in TREE_BEFORE's build directory, or a .config file; TREE_AFTER's
# build directory gets a copy of the result, passed through olddefconfig
# (which drops the symbols that AFTER no longer has).  ARCH is x86_64.  The
# files must be enabled by CONFIG to mean anything: kbuild compiles a
# single object even when CONFIG does not select it, usually with errors
# (the same in both trees, so they cancel out).
#
# A FILE missing from TREE_AFTER (removed) is compiled in BEFORE only; one
# missing from TREE_BEFORE (new) in AFTER only; one missing from both is an
# error.  An object that CONFIG does not build (by the obj-$(CONFIG_X)
# lines of the Makefiles on its path) gets a note.
#
# Build directories: $EXCISE_CACHE/build/sparse-<tree>-<hash>-<config>
# (EXCISE_CACHE defaults to ~/.cache/excise), kept between runs and going
# on from what they last prepared, whatever the tree (lib.sh's
# reuse_build_dir); a new one starts from a copy of the latest prepared
# directory of the same configuration (AFTER's from BEFORE's), so that
# `make prepare` (15-35 s for allmodconfig) is rarely paid in full.  As
# root, make runs in a private mount namespace that shows the tree
# read-only at $EXCISE_CACHE/srcmnt, as in build-kernel.sh.
#
# Normalisation: a warning is "path: warning|error: message", with sparse's
# continuation lines ("    expected ...", "    got ...") appended.  Paths are
# made relative to the tree (or the build directory, for generated headers);
# line and column numbers are dropped (a removal shifts lines), also inside
# messages, as are objtool's +0x offsets.  Compiler notes, "In function"
# lines and source excerpts are not warnings.  "No rule to make target X"
# counts as an error for X.  The comparison counts duplicates: a warning
# that BEFORE has twice and AFTER three times is one new warning.
#
# Output: a line with the counts for each tree, every new warning or error
# (with its AFTER location), then PASS or FAIL.  Exit 0 when AFTER has
# nothing new, 1 when it has, 2 on bad usage or when a tree cannot be
# configured or prepared.
#
#   --jobs N      make -jN (default: the number of CPUs)
#   --name NAME   build directories sparse-NAME-before-CONFIG and
#                 sparse-NAME-after-CONFIG instead of names derived from the
#                 trees' paths: for trees at temporary paths, so that the
#                 next run reuses the prepared directories
#   --keep-logs   print the paths of the two make logs
#   --result FILE the result as data (scripts/lib.sh: result files): counts
#                 before_warnings, before_errors, after_warnings,
#                 after_errors, objects_before, objects_after, new, gone; a
#                 row "new TEXT" per new warning or error; the verdict and
#                 the summary (the last line of the output)
set -euo pipefail

me=sparse-diff.sh

usage() { echo "usage: $me [--jobs N] [--name NAME] [--keep-logs] [--result FILE] TREE_BEFORE TREE_AFTER CONFIG FILE..." >&2; exit 2; }
die() { echo "$me: $*" >&2; exit 2; }
say() { echo "$me: $*" >&2; }

jobs=$(nproc) keep_logs=0 name= result_to=
while [ $# -gt 0 ]; do
	case $1 in
	--jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
	--jobs=*) jobs=${1#*=}; shift ;;
	--keep-logs) keep_logs=1; shift ;;
	--name) [ $# -ge 2 ] || usage; name=$2; shift 2 ;;
	--name=*) name=${1#*=}; shift ;;
	--result) [ $# -ge 2 ] || usage; result_to=$2; shift 2 ;;
	-h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
	--) shift; break ;;
	-*) echo "$me: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
[ $# -ge 4 ] || usage
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "--jobs wants a positive number, not '$jobs'"
[ -z "$name" ] || [[ $name =~ ^[A-Za-z0-9._+-]+$ ]] || die "--name '$name' may hold only letters, digits and ._+-"
command -v sparse >/dev/null || die "sparse is not installed (apt-get install sparse)"

. "$(dirname "$0")/lib.sh"
[ -z "$result_to" ] || result_open "$result_to"
excise_bin || exit 2
before=$(clean_source_tree "$1") || exit 2
after=$(clean_source_tree "$2") || exit 2
config=$3
shift 3
[ "$before" != "$after" ] || say "note: TREE_BEFORE and TREE_AFTER are the same directory"

# CONFIG: a file, or a Kconfig target.
if [ -f "$config" ]; then
	config_file=$(cd "$(dirname "$config")" && pwd -P)/$(basename "$config")
	config_id=cfg-$(sha1sum < "$config_file" | cut -c1-8)
	config_desc=$config_file
elif [[ $config =~ ^[a-z0-9_.-]*config$ ]]; then
	config_file=
	config_id=$config
	config_desc=$config
else
	die "CONFIG '$config' is neither a file nor a Kconfig target like allmodconfig"
fi

# The objects, and which tree has each.
objs_before=() objs_after=() skipped_after=() new_in_after=()
for f in "$@"; do
	f=${f#./}
	case $f in
	/*) die "$f: give files relative to the trees" ;;
	*.c) o=${f%.c}.o src=$f ;;
	*.o) o=$f src=${f%.o}.c ;;
	*) die "$f: want a .c or .o file" ;;
	esac
	inb=0 ina=0
	[ -f "$before/$src" ] && inb=1
	[ -f "$after/$src" ] && ina=1
	[ $inb = 1 ] || [ $ina = 1 ] || die "$src is in neither tree"
	[ $inb = 1 ] && objs_before+=("$o")
	if [ $ina = 1 ]; then objs_after+=("$o"); else skipped_after+=("$src"); fi
	[ $inb = 1 ] || new_in_after+=("$src")
done

builddir() { echo "$cache/build/sparse-$(tree_tag "$1")-$config_id"; }
if [ -n "$name" ]; then
	out_before=$cache/build/sparse-$name-before-$config_id
	out_after=$cache/build/sparse-$name-after-$config_id
else
	out_before=$(builddir "$before")
	out_after=$(builddir "$after")
fi

# As in build-kernel.sh: the trees at one path in a mount namespace, and
# ccache (scripts/lib.sh).
mount_init "$before" || true
mnt=$srcmnt
common=(ARCH=x86_64 KBUILD_BUILD_USER=excise KBUILD_BUILD_HOST=excise
	KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 2015")
nm_args
common+=("${nm_args[@]}")
if use_ccache; then
	common+=("${ccache_args[@]}")
fi

# configure TREE OUT CONFIG [SEED]: make OUT/.config (from CONFIG, a file,
# or else $config); keep the old file (and its time stamp) when nothing
# changed.  OUT goes on from what it last built (lib.sh's reuse_build_dir);
# one never used starts from a copy of SEED, or else of the latest
# prepared directory of the same configuration.
configure() {
	local tree=$1 out=$2 src=$3 seed=${4:-} log=$2/excise-config.log
	if [ ! -f "$out/.excise-manifest" ] && [ -z "$seed" ]; then
		seed=$(find_seed "$out" "sparse $config_id" "")
		[ -z "$seed" ] || lock_seed "$seed" -n || seed=
	fi
	reuse_build_dir "$tree" "$out" "$seed"
	unlock_seed
	printf 'sparse %s\n' "$config_id" > "$out/.excise-key"
	: > "$out/.excise-fragment"
	[ -f "$out/.config" ] && cp -p "$out/.config" "$out/.config.excise-prev"
	if [ -n "$src" ]; then
		cp "$src" "$out/.config"
		kmake "$tree" O="$out" "${common[@]}" olddefconfig > "$log" 2>&1
	else
		kmake "$tree" O="$out" "${common[@]}" "$config" > "$log" 2>&1
	fi || {
		say "configuring $tree failed; last lines of $log:"
		tail -n 20 "$log" | sed 's/^/  | /' >&2
		exit 2
	}
	if [ -f "$out/.config.excise-prev" ]; then
		if cmp -s "$out/.config" "$out/.config.excise-prev"; then
			mv "$out/.config.excise-prev" "$out/.config"
		else
			rm -f "$out/.config.excise-prev"
		fi
	fi
}

prepare() {
	local tree=$1 out=$2 log=$2/excise-prepare.log t0=$SECONDS
	kmake "$tree" O="$out" "${common[@]}" -j"$jobs" prepare > "$log" 2>&1 || {
		say "make prepare in $out failed; last lines of $log:"
		tail -n 30 "$log" | sed 's/^/  | /' >&2
		exit 2
	}
	touch "$out/.excise-built"
	say "prepared $(basename "$out") in $((SECONDS - t0))s"
}

# check SIDE TREE OUT OBJ...: compile the objects with sparse, log in
# OUT/excise-sparse-SIDE.log.
check() {
	local tree=$2 out=$3 log=$3/excise-sparse-$1.log t0=$SECONDS
	shift 3
	: > "$log"
	[ $# -gt 0 ] || return 0
	# Compile afresh, so that the compiler's warnings are seen too (ccache
	# replays them); C=2 runs sparse on up-to-date objects anyway.
	(cd "$out" && rm -f -- "$@")
	kmake "$tree" O="$out" "${common[@]}" -j"$jobs" -k C=2 \
		CHECK="sparse -fmax-warnings=unlimited" "$@" > "$log" 2>&1 || true
	say "checked $# object(s) in $(basename "$out") in $((SECONDS - t0))s"
}

# notes CONFIGFILE TREE WHERE TAIL OBJ...: a note for each object that
# CONFIGFILE does not build, by the obj-$(CONFIG_X) lines of the Makefiles
# on its path (excise kbuild needs; ifeq blocks and variables are not read).
notes() {
	local config=$1 tree=$2 where=$3 tail=$4 found o m
	shift 4
	[ $# -gt 0 ] || return 0
	found=$("$excise" kbuild needs -C "$tree" --config "$config" "$@") ||
		die "excise kbuild needs failed in $tree"
	while IFS=$'\t' read -r o m; do
		[ -z "$o" ] || echo "$me: note: $config_desc does not build $o$where (it needs $m)$tail"
	done <<< "$found"
}


t0=$SECONDS
say "before: $before"
say "after:  $after"
say "config: $config_desc; ${#objs_before[@]} object(s) before, ${#objs_after[@]} after"
exec 8>"$out_before.lock"
flock 8
if [ "$out_after" != "$out_before" ]; then
	exec 9>"$out_after.lock"
	flock 9
fi

configure "$before" "$out_before" "$config_file"
prepare "$before" "$out_before"
if [ "$out_after" != "$out_before" ]; then
	configure "$after" "$out_after" "$out_before/.config" "$out_before"
fi
check before "$before" "$out_before" ${objs_before[@]+"${objs_before[@]}"}
wbefore=$out_before/excise-sparse-before.warnings
normalise_warnings "$before" "$out_before" "$mnt" < "$out_before/excise-sparse-before.log" > "$wbefore"
if [ "$out_after" != "$out_before" ]; then
	prepare "$after" "$out_after"
fi
check after "$after" "$out_after" ${objs_after[@]+"${objs_after[@]}"}
wafter=$out_after/excise-sparse-after.warnings
normalise_warnings "$after" "$out_after" "$mnt" < "$out_after/excise-sparse-after.log" > "$wafter"

wb=$(count_findings "$wbefore" warning)
eb=$(count_findings "$wbefore" error)
wa=$(count_findings "$wafter" warning)
ea=$(count_findings "$wafter" error)

new=$(new_findings "$wbefore" "$wafter")
gone=$(new_findings "$wafter" "$wbefore" | wc -l)
result count before_warnings "$wb"
result count before_errors "$eb"
result count after_warnings "$wa"
result count after_errors "$ea"
result count objects_before "${#objs_before[@]}"
result count objects_after "${#objs_after[@]}"
result count gone "$gone"

notes "$out_before/.config" "$before" "" ": its warnings may be meaningless" \
	${objs_before[@]+"${objs_before[@]}"}
notes "$out_after/.config" "$after" " in after" "" \
	${new_in_after[@]+"${new_in_after[@]/%.c/.o}"}
echo "$me: before: $wb warning(s), $eb error(s) in ${#objs_before[@]} object(s)"
echo "$me: after:  $wa warning(s), $ea error(s) in ${#objs_after[@]} object(s)${skipped_after:+, ${#skipped_after[@]} removed file(s) skipped}${new_in_after:+, ${#new_in_after[@]} new file(s)}"
for s in ${skipped_after[@]+"${skipped_after[@]}"}; do echo "$me:   removed in after: $s"; done
if [ $keep_logs = 1 ]; then
	echo "$me: logs: $out_before/excise-sparse-before.log $out_after/excise-sparse-after.log"
fi
if [ -n "$new" ]; then
	nnew=$(printf '%s\n' "$new" | wc -l)
	echo "$me: $nnew new in after:"
	printf '%s\n' "$new" | sed 's/^/  /'
	result count new "$nnew"
	while IFS= read -r w; do result new "$w"; done <<< "$new"
	line="$me: FAIL $nnew new warning(s)/error(s) ($gone gone) in $((SECONDS - t0))s"
	echo "$line"
	result_verdict fail "$line"
	exit 1
fi
result count new 0
line="$me: PASS no new warnings or errors ($gone gone) in $((SECONDS - t0))s"
echo "$line"
result_verdict pass "$line"
