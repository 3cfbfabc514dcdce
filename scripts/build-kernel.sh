#!/usr/bin/env bash
# build-kernel.sh [--jobs N] [--name NAME] [--no-ccache] [--no-mount] [--distcc HOSTS]
#                 [--fresh | --seed DIR] [--arch ARCH [--board]] [--base TARGET] [--soft] [--make TARGET]...
#                 [--result FILE] TREE [FRAGMENT...]
#
# Builds an x86_64 bzImage (with --arch arm64 or arm and no --base: the
# Image or zImage of scripts/boot/ARCH.config for QEMU's virt board) of the
# Linux source tree TREE out of tree, in
# $EXCISE_CACHE/build/NAME (EXCISE_CACHE defaults to ~/.cache/excise), from
#   make tinyconfig + scripts/boot/kernel.config + each FRAGMENT in order,
# where a FRAGMENT is a config fragment file or one option given as an
# argument: CONFIG_FOO=y, CONFIG_BAR="text", CONFIG_BAZ=n.  Later ones win.
# TREE itself is never written to (make O=), so the pristine cached tree
# may be built directly.
#
# After configuring, every option the fragments ask for must be in .config
# with the requested value: Kconfig silently drops an option whose
# dependencies are missing, and that is reported as an error, with the
# option's "depends on" lines.
#
#   --base TARGET  start from make TARGET (defconfig, allnoconfig, ...)
#                instead of tinyconfig, without the boot fragment
#   --soft       an option that did not stick is reported ("not set: ...")
#                and the build goes on; the count goes to stderr as
#                "N of M requested options set"
#   --arch ARCH  build for the kernel architecture ARCH (arm, arm64, mips,
#                ...) with Debian's cross compiler (lib.sh's cross_prefix;
#                scripts/deps.sh --cross ARCH installs it); with --base and
#                --make, or alone for the boot kernel of arm64 and arm
#   --board      with --arch arm or arm64 (the boot kernel): start from the
#                architecture's own defconfig for QEMU's virt board
#                (multi_v7_defconfig, defconfig) instead of tinyconfig; the
#                boot fragment still applies on top.  A kernel its users
#                run, not the smallest that boots: a longer build.
#   --make TARGET  build TARGET (vmlinux, modules, ...; repeatable) instead
#                of bzImage, with make -k so that every error shows; the
#                last line on stdout is then the build directory
#
#   --jobs N     make -jN (default: the number of CPUs)
#   --name NAME  build directory name (default: TREE's base name and a hash
#                of its path); builds of one NAME are serialised by a lock
#   --no-ccache  compile without ccache (by default CC="ccache gcc" when
#                ccache is installed, with CCACHE_DIR=$EXCISE_CACHE/ccache)
#   --no-mount   build TREE at its own path (see below)
#   --distcc HOSTS  send the compile jobs to distcc's HOSTS (a DISTCC_HOSTS
#                list: "host1/8 host2:3633/4 ..."), behind ccache
#                (CCACHE_PREFIX=distcc: only what ccache misses goes out);
#                without --jobs, -j is what `distcc -j` says the hosts take.
#                distcc's own settings (DISTCC_FALLBACK, DISTCC_VERBOSE, ...)
#                pass through from the environment.
#
# The source path: kbuild puts the absolute path of TREE on every compiler
# command line, so ccache would miss for every file of a tree at a new path
# (a work copy with a removal applied, say).  When run as root with
# unshare(1), make therefore runs in a private mount namespace in which TREE
# is bind-mounted read-only at one fixed path, $EXCISE_CACHE/srcmnt: every
# tree has the same path there, ccache hits for every file the trees share,
# and nothing in make can write into TREE.  Nothing is mounted outside that
# namespace.
#
# The build directory: a kernel build that starts empty pays kbuild's cost
# for every object (ccache hits or not, each still runs objtool, nm and a
# few shells: about two minutes for the boot kernel here), one that goes on
# from a build of a nearly identical tree pays for what differs.  So NAME
# goes on from what it last built, whatever the tree (lib.sh's
# reuse_build_dir: every object depending on a file in which the trees
# differ is built again), and a NAME never built before starts from a copy
# of a finished build directory of the same architecture and base
# configuration (the one whose fragment differs least, then the latest):
#   --seed DIR   start an unbuilt NAME from a copy of the build directory DIR
#   --fresh      start NAME empty
#
#   --result FILE  the result as data (scripts/lib.sh: result files): a row
#                "unset CONFIG_X WANTED HAS" per requested option that is not
#                in .config as asked ("n" for unset), counts requested, set
#                and compiled (files compiled), "image PATH" (the boot
#                image) or "dir PATH" (with --make: the build directory),
#                "log PATH", "configured PATH" once .config is written and
#                checked, the verdict and the summary
#
# Progress and the build time go to stderr; the last line on stdout is the
# path of the bzImage.  On failure the last lines of the build log are shown
# and the exit status is 1; bad usage or arguments (no such tree, a fragment
# that is neither a file nor CONFIG_X=V) exit 2.
set -euo pipefail

me=build-kernel.sh
here=$(cd "$(dirname "$0")" && pwd)

die() { echo "$me: $*" >&2; ! declare -F result_verdict >/dev/null || result_verdict fail "$me: $*"; exit 1; }
bad() { echo "$me: $*" >&2; exit 2; }
usage() { echo "usage: $me [--jobs N] [--name NAME] [--no-ccache] [--no-mount] [--distcc HOSTS] [--fresh | --seed DIR] [--arch ARCH [--board]] [--base TARGET] [--soft] [--make TARGET]... [--result FILE] TREE [FRAGMENT|CONFIG_X=V]..." >&2; exit 2; }
say() { echo "$me: $*" >&2; }
fmt_time() { printf '%dm%02ds' $(($1 / 60)) $(($1 % 60)); }

jobs= name= want_ccache=1 want_mount=1 distcc_hosts= base=tinyconfig soft=0 targets=() arch= board=0
fresh=0 seed= result_to=
while [ $# -gt 0 ]; do
	case $1 in
	--jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
	--jobs=*) jobs=${1#*=}; shift ;;
	--name) [ $# -ge 2 ] || usage; name=$2; shift 2 ;;
	--name=*) name=${1#*=}; shift ;;
	--no-ccache) want_ccache=0; shift ;;
	--no-mount) want_mount=0; shift ;;
	--distcc) [ $# -ge 2 ] || usage; distcc_hosts=$2; shift 2 ;;
	--distcc=*) distcc_hosts=${1#*=}; shift ;;
	--base) [ $# -ge 2 ] || usage; base=$2; shift 2 ;;
	--base=*) base=${1#*=}; shift ;;
	--soft) soft=1; shift ;;
	--fresh) fresh=1; shift ;;
	--seed) [ $# -ge 2 ] || usage; seed=$2; shift 2 ;;
	--seed=*) seed=${1#*=}; shift ;;
	--board) board=1; shift ;;
	--arch) [ $# -ge 2 ] || usage; arch=$2; shift 2 ;;
	--arch=*) arch=${1#*=}; shift ;;
	--make) [ $# -ge 2 ] || usage; targets+=("$2"); shift 2 ;;
	--make=*) targets+=("${1#*=}"); shift ;;
	--result) [ $# -ge 2 ] || usage; result_to=$2; shift 2 ;;
	-h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
	--) shift; break ;;
	-*) echo "$me: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || usage
if [ -n "$distcc_hosts" ]; then
	command -v distcc >/dev/null || bad "--distcc: distcc is not installed (scripts/deps.sh installs it)"
	# distcc -j: the number of jobs the hosts take at once.
	[ -n "$jobs" ] || jobs=$(DISTCC_HOSTS=$distcc_hosts distcc -j 2>/dev/null) ||
		bad "--distcc: distcc cannot read the host list '$distcc_hosts'"
fi
[ -n "$jobs" ] || jobs=$(nproc)
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "$me: --jobs wants a positive number, not '$jobs'" >&2; exit 2; }
[[ $base =~ ^[a-z0-9_.]+config$ ]] || bad "--base wants a config target (defconfig, allnoconfig, ...), not '$base'"
for t in "${targets[@]}"; do
	[[ $t =~ ^[A-Za-z0-9_./-]+$ ]] || bad "--make wants a make target, not '$t'"
done

. "$(dirname "$0")/lib.sh"
[ -z "$result_to" ] || result_open "$result_to"
cross=
if [ -n "$arch" ] && [ "$arch" != x86_64 ] && [ "$arch" != x86 ]; then
	cross=$(cross_prefix "$arch") || bad "--arch: no cross compiler known for '$arch'"
	command -v "${cross}gcc" >/dev/null ||
		bad "--arch $arch: ${cross}gcc is not installed (scripts/deps.sh --cross $arch)"
	if [ "$base" = tinyconfig ] && [ ${#targets[@]} = 0 ]; then
		# The boot kernel of ARCH: only where QEMU has a board for it.
		[ -f "$here/boot/$arch.config" ] ||
			bad "--arch $arch: no boot kernel for $arch (scripts/boot/ has none); give --base (a defconfig of $arch) and --make"
	elif [ "$base" = tinyconfig ] || [ ${#targets[@]} = 0 ]; then
		bad "--arch $arch wants both --base (a defconfig of $arch) and --make, or neither (the boot kernel)"
	fi
fi
if [ $board = 1 ]; then
	[ "$base" = tinyconfig ] && [ ${#targets[@]} = 0 ] ||
		bad "--board builds the boot kernel: no --base, no --make"
	case $arch in
	arm) base=multi_v7_defconfig ;;
	arm64) base=defconfig ;;
	*) bad "--board: QEMU's virt board is for arm and arm64 only, not '${arch:-x86_64}'" ;;
	esac
fi
tree=$(clean_source_tree "$1") || exit 2
shift

[ -n "$name" ] || name=$(tree_tag "$tree")
[[ $name =~ ^[A-Za-z0-9._+-]+$ ]] || bad "--name '$name' may hold only letters, digits and ._+-"
out=$cache/build/$name
case $out/ in "$tree"/*) die "build directory $out would be inside the source tree" ;; esac

# The fragments, in order: the boot fragment first (tinyconfig, --board), then the arguments.
frags=()
if [ "$base" = tinyconfig ] || [ $board = 1 ]; then
	frags=("$here/boot/kernel.config")
	[ -z "$cross" ] || frags=("$here/boot/$arch.config")
	[ -f "${frags[0]}" ] || die "${frags[0]} is missing"
fi
extra=
for f in "$@"; do
	if [[ $f =~ ^CONFIG_[A-Za-z0-9_]+=(.*)$ ]]; then
		if [[ $f =~ ^(CONFIG_[A-Za-z0-9_]+)=n$ ]]; then
			extra+="# ${BASH_REMATCH[1]} is not set"$'\n'
		else
			extra+="$f"$'\n'
		fi
	elif [ -f "$f" ]; then
		frags+=("$(cd "$(dirname "$f")" && pwd -P)/$(basename "$f")")
	else
		bad "'$f' is neither a fragment file nor an option like CONFIG_FOO=y"
	fi
done

mkdir -p "$out"
exec 9>"$out.lock"
if ! flock -n 9; then
	say "waiting for another build in $out"
	flock 9
fi

# All settings (assignments and "is not set" lines) of the fragments, in order.
fragment=$({
	for f in "${frags[@]}"; do
		cat "$f"
		echo
	done
	printf '%s' "$extra"
})
key="${arch:-x86_64} $base $board"

# A seed is copied while no build runs in it; one found here is skipped if busy.
if [ $fresh = 1 ]; then
	find "$out" -mindepth 1 -delete
elif [ -n "$seed" ]; then
	[ -d "$seed" ] || bad "--seed: $seed: no such build directory"
	lock_seed "$seed"
elif [ ! -f "$out/.excise-manifest" ]; then
	seed=$(find_seed "$out" "$key" "$fragment")
	[ -z "$seed" ] || lock_seed "$seed" -n || seed=
fi
reuse_build_dir "$tree" "$out" "$seed"
unlock_seed
printf '%s\n' "$key" > "$out/.excise-key"
merged=$out/.excise-fragment
printf '%s\n' "$fragment" > "$merged.tmp"
mv "$merged.tmp" "$merged"

# Where make sees the tree: a read-only bind mount at a fixed path in a
# private mount namespace (see the header and scripts/lib.sh), or the tree.
srcpath=$tree
if [ $want_mount = 1 ] && [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
	if mount_init "$tree"; then
		srcpath=$srcmnt
	else
		say "note: cannot bind-mount $tree in a private mount namespace; building it at its own path"
	fi
fi

makeargs=(O="$out" ARCH="${arch:-x86_64}"
	KBUILD_BUILD_USER=excise KBUILD_BUILD_HOST=excise
	KBUILD_BUILD_TIMESTAMP="${KBUILD_BUILD_TIMESTAMP:-Thu Jan  1 00:00:00 UTC 2015}")
[ -z "$cross" ] || makeargs+=(CROSS_COMPILE="$cross")
nm_args "$cross"
makeargs+=("${nm_args[@]}")
if [ $want_ccache = 1 ] && use_ccache; then
	makeargs+=("${ccache_args[@]}")
	[ -z "$cross" ] || makeargs+=(CC="$ccache_cc ${cross}gcc")
	ccache_note="ccache in $CCACHE_DIR"
	if [ -n "$distcc_hosts" ]; then
		# Host programs (scripts/, objtool) compile here: they run on this
		# machine, and distcc's preprocessed source loses the "fall
		# through" comments tools/lib/subcmd needs under -Werror.
		export CCACHE_PREFIX=distcc
		makeargs+=(HOSTCC="env CCACHE_PREFIX= $ccache_cc gcc")
		ccache_note+=", misses through distcc to $distcc_hosts"
	fi
elif [ -n "$distcc_hosts" ]; then
	makeargs+=(CC="distcc ${cross}gcc")
	ccache_note="no ccache, distcc to $distcc_hosts"
else
	makeargs+=(CC="${cross}gcc")
	ccache_note="no ccache"
fi
[ -z "$distcc_hosts" ] || export DISTCC_HOSTS=$distcc_hosts

log=$out/excise-build.log
: > "$log"
result log "$log"
fail_log() {
	local errors
	# With -j the first error is usually far from the end: show errors first.
	errors=$(grep -E ': (fatal )?error: |^ERROR: |: undefined reference to ' "$log" | head -n 20 |
		sed "s|$srcpath/|$tree/|g" || true)
	if [ -n "$errors" ]; then
		echo "$me: $1; errors in $log:" >&2
		printf '%s\n' "$errors" | sed 's/^/  | /' >&2
		echo "$me: last lines of $log:" >&2
		tail -n 15 "$log" | sed 's/^/  | /' >&2
	else
		echo "$me: $1; last lines of $log:" >&2
		tail -n 40 "$log" | sed 's/^/  | /' >&2
	fi
	result count compiled "$(grep -c '^  CC ' "$log" || true)"
	result_verdict fail "$me: $1"
	exit 1
}

# Configure.  The previous .config is kept when the new one is identical,
# with its old time stamp, so that make does not even re-run syncconfig.
t0=$SECONDS
say "configuring $tree in $out ($base + ${#frags[@]} fragment(s)${extra:+ + options})"
[ -f "$out/.config" ] && cp -p "$out/.config" "$out/.config.excise-prev"
kmake "$tree" "${makeargs[@]}" "$base" >>"$log" 2>&1 || fail_log "make $base failed"
cat "$merged" >> "$out/.config"
kmake "$tree" "${makeargs[@]}" olddefconfig >>"$log" 2>&1 || fail_log "make olddefconfig failed"
if [ -f "$out/.config.excise-prev" ]; then
	if cmp -s "$out/.config" "$out/.config.excise-prev"; then
		mv "$out/.config.excise-prev" "$out/.config"
	else
		rm -f "$out/.config.excise-prev"
	fi
fi

# Every requested option must have stuck.  The last setting of a symbol wins.
declare -A want=()
order=()
while IFS= read -r line; do
	if [[ $line =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]]; then
		sym=${BASH_REMATCH[1]} val=${BASH_REMATCH[2]}
	elif [[ $line =~ ^#\ (CONFIG_[A-Za-z0-9_]+)\ is\ not\ set$ ]]; then
		sym=${BASH_REMATCH[1]} val=n
	else
		continue
	fi
	[ -n "${want[$sym]+x}" ] || order+=("$sym")
	want[$sym]=$val
done < "$merged"

declare -A have=()
while IFS= read -r line; do
	if [[ $line =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]]; then
		have[${BASH_REMATCH[1]}]=${BASH_REMATCH[2]}
	fi
done < "$out/.config"

bad=0 what=error missing=()
[ $soft = 0 ] || what="not set"
for sym in "${order[@]}"; do
	w=${want[$sym]} h=${have[$sym]:-n}
	[ "$w" = "$h" ] && continue
	bad=$((bad + 1))
	missing+=("$sym")
	result unset "$sym" "$w" "$h"
	if [ "$h" = n ]; then
		say "$what: $sym=$w was requested but is not set in .config"
	else
		say "$what: $sym=$w was requested but .config has $sym=$h"
	fi
done
# Where each is defined and what it depends on (excise's Kconfig parser, one run).
if [ $bad != 0 ] && excise_bin; then
	"$excise" kconfig depends -C "$tree" "${missing[@]}" 2>&1 | sed 's/^/    /' >&2 || true
fi
result count requested "${#order[@]}"
result count set "$((${#order[@]} - bad))"
if [ $soft = 1 ]; then
	say "$((${#order[@]} - bad)) of ${#order[@]} requested options set"
	bad=0
fi
[ $bad = 0 ] || die "$bad requested option(s) did not stick in $out/.config: missing dependencies (the \"depends on\" lines above, and any if/menu around the option or around the source line of its Kconfig file), or a choice that another option wins"
[ $soft = 1 ] || say "configured in $(fmt_time $((SECONDS - t0))), ${#order[@]} requested options all set"
result configured "$out/.config"

# Build, with a progress line now and then.
t1=$SECONDS
# The boot image of each architecture with a boot kernel.
case ${arch:-x86_64} in
arm64) image=$out/arch/arm64/boot/Image ;;
arm) image=$out/arch/arm/boot/zImage ;;
*) image=$out/arch/x86/boot/bzImage ;;
esac
# make modules fails in a configuration without modules (tinyconfig's).
if [ ${#targets[@]} != 0 ] && ! grep -qx 'CONFIG_MODULES=y' "$out/.config"; then
	kept=()
	for t in "${targets[@]}"; do
		[ "$t" = modules ] || kept+=("$t")
	done
	[ ${#kept[@]} = ${#targets[@]} ] || say "no modules in this configuration (CONFIG_MODULES is not set): not building modules"
	[ ${#kept[@]} != 0 ] || kept=(vmlinux)
	targets=("${kept[@]}")
fi
if [ ${#targets[@]} = 0 ]; then
	goals=("$(basename "$image")")
else
	goals=(-k "${targets[@]}")
fi
say "building ${goals[*]} with -j$jobs, $ccache_note (log: $log)"
kmake "$tree" "${makeargs[@]}" -j"$jobs" "${goals[@]}" >>"$log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT INT TERM
last=$SECONDS
while kill -0 "$pid" 2>/dev/null; do
	sleep 1
	if [ $((SECONDS - last)) -ge 30 ]; then
		last=$SECONDS
		n=$(grep -c '^  CC ' "$log" || true)
		say "  $(fmt_time $((SECONDS - t1))): $n files compiled"
	fi
done
if wait "$pid"; then rc=0; else rc=$?; fi
trap - EXIT INT TERM
[ $rc = 0 ] || fail_log "make ${goals[*]} failed (exit $rc) after $(fmt_time $((SECONDS - t1)))"
if [ ${#targets[@]} != 0 ]; then
	n=$(grep -c '^  CC ' "$log" || true)
	touch "$out/.excise-built"
	line="built ${targets[*]} in $(fmt_time $((SECONDS - t1))) ($n files compiled), total $(fmt_time $((SECONDS - t0)))"
	say "$line"
	result count compiled "$n"
	result dir "$out"
	result_verdict pass "$me: $line"
	echo "$out"
	exit 0
fi

[ -f "$image" ] || fail_log "make succeeded but $image is missing"
touch "$out/.excise-built"
n=$(grep -c '^  CC ' "$log" || true)
line="built in $(fmt_time $((SECONDS - t1))) ($n files compiled), total $(fmt_time $((SECONDS - t0)))"
say "$line"
result count compiled "$n"
result image "$image"
result_verdict pass "$me: $line"
echo "$image"
