#!/usr/bin/env bash
# compile-files.sh [--jobs N] [--name NAME] [--arch ARCH] [--out TSV] [--errors TSV]
#                  TREE_BEFORE TREE_AFTER FILE...
#
# The compiler as judge of a change to a Linux tree: each FILE (a .c file,
# relative to the trees; `-` reads more from standard input, one a line) is
# compiled as a single object (make -k path/file.o) in both trees, out of
# tree, in an allmodconfig of its architecture with CONFIG_WERROR and the
# instrumentation (KASAN, UBSAN, KCOV, GCOV, debug info) off, and the errors
# and warnings AFTER has that BEFORE has not are counted.  Nothing builds a
# whole kernel.
#
# The architecture: a file under arch/ARCH/ is ARCH's (its cross compiler:
# lib.sh's cross_prefix; scripts/deps.sh --cross ARCH installs a missing
# one); any other file is x86_64's when x86_64's allmodconfig builds it (by
# the obj-$(CONFIG_X) lines of the Makefiles on its path: excise kbuild
# needs), else that of the first of arm64 and arm (when their compilers are
# installed) whose allmodconfig builds it, else x86_64's all the same, as
# not built (its errors then mostly are the configuration's, the same in
# both trees).  --arch ARCH compiles every file for ARCH.
#
# Build directories ($EXCISE_CACHE/build, kept between runs):
#   compile-<before>-ARCH  BEFORE's allmodconfig, prepared once (make
#                          prepare) and reused for every run against that
#                          tree (lib.sh's reuse_build_dir: what a change to
#                          the tree touches is built again); BEFORE's
#                          objects are compiled there, under its lock
#   compile-NAME-ARCH      AFTER's, a fresh copy of BEFORE's for each run,
#                          passed through `make olddefconfig` in AFTER (the
#                          options AFTER no longer has go); NAME defaults to
#                          AFTER's base name and a hash of its path
# With ccache (lib.sh's use_ccache) a compile BEFORE and AFTER share is a hit,
# and as root the trees are seen at one path (lib.sh's kmake).
#
# Errors and warnings are attributed to the object whose compile printed
# them (make --output-sync=target; a header's error goes to the file that
# included it), made relative to the tree, without line and column numbers
# (a removal shifts lines), and compared as multisets: an error BEFORE has
# once and AFTER twice is one new error.  "No rule to make target" is an
# error of that object, a Makefile's own error one of every object below it.
#
# Output (--out, default standard output): a TSV with a header line
#   file arch config built before_rc after_rc new_errors new_warnings first_new_error
# built: yes, or what the configuration misses (excise kbuild needs); the
# return codes are 0 (the object was built), 1 (it was not), - (the file is
# not in that tree: deleted, or new).  --errors TSV: every new error and
# warning, "file kind message".  Exit 0 when AFTER has no new error, 1 when
# it has, 2 on bad usage or when a tree cannot be configured or prepared.
#
#   --jobs N      make -jN (default 2)
set -euo pipefail

me=compile-files.sh
usage() { echo "usage: $me [--jobs N] [--name NAME] [--arch ARCH] [--out TSV] [--errors TSV] TREE_BEFORE TREE_AFTER FILE..." >&2; exit 2; }
die() { echo "$me: $*" >&2; exit 2; }
say() { echo "$me: $*" >&2; }

jobs=2 name= force_arch= out=- errors=
while [ $# -gt 0 ]; do
	case $1 in
	--jobs) [ $# -ge 2 ] || usage; jobs=$2; shift 2 ;;
	--name) [ $# -ge 2 ] || usage; name=$2; shift 2 ;;
	--arch) [ $# -ge 2 ] || usage; force_arch=$2; shift 2 ;;
	--out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
	--errors) [ $# -ge 2 ] || usage; errors=$2; shift 2 ;;
	-h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
	--) shift; break ;;
	-?*) echo "$me: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
[ $# -ge 2 ] || usage
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "--jobs wants a positive number, not '$jobs'"
[ -z "$name" ] || [[ $name =~ ^[A-Za-z0-9._+-]+$ ]] || die "--name '$name' may hold only letters, digits and ._+-"

. "$(dirname "$0")/lib.sh"
excise_bin || exit 2
before=$(clean_source_tree "$1") || exit 2
after=$(clean_source_tree "$2") || exit 2
shift 2

files=()
for f in "$@"; do
	if [ "$f" = - ]; then
		while IFS= read -r f; do [ -z "$f" ] || files+=("${f#./}"); done
	else
		files+=("${f#./}")
	fi
done
for f in ${files[@]+"${files[@]}"}; do
	case $f in
	/*) die "$f: give files relative to the trees" ;;
	*.c) ;;
	*) die "$f: want a .c file" ;;
	esac
	[ -f "$before/$f" ] || [ -f "$after/$f" ] || die "$f is in neither tree"
done
[ -n "$name" ] || name=$(tree_tag "$after")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mount_init "$before" || true
use_ccache || true

# arch_args ARCH: makeargs for ARCH, or status 1 when its compiler is missing.
arch_args() {
	local cross=
	makeargs=(ARCH="$1" KBUILD_BUILD_USER=excise KBUILD_BUILD_HOST=excise
		KBUILD_BUILD_TIMESTAMP="Thu Jan  1 00:00:00 UTC 2015")
	if [ "$1" != x86_64 ] && [ "$1" != x86 ]; then
		cross=$(cross_prefix "$1") || return 1
		command -v "${cross}gcc" >/dev/null || return 1
		makeargs+=(CROSS_COMPILE="$cross")
	fi
	nm_args "$cross"
	makeargs+=(${nm_args[@]+"${nm_args[@]}"})
	if [ ${#ccache_args[@]} -gt 0 ]; then
		makeargs+=(CC="$ccache_cc ${cross}gcc" HOSTCC="$ccache_cc gcc")
	fi
}

# The configuration's fragment: allmodconfig turns on -Werror and every
# sanitiser; a judge of errors wants neither.
fragment() {
	printf '%s\n' CONFIG_WERROR=n CONFIG_KASAN=n CONFIG_KCSAN=n CONFIG_UBSAN=n CONFIG_KCOV=n \
		CONFIG_GCOV_KERNEL=n CONFIG_DEBUG_INFO_NONE=y CONFIG_GCC_PLUGINS=n CONFIG_LTO_NONE=y \
		CONFIG_MODVERSIONS=n
}

# configure ARCH: BEFORE's configured build directory for ARCH, made when
# missing, in $bdir; prepare ARCH: the same, prepared (make prepare).
declare -A state=()
configure() {
	local arch=$1 log note
	bdir=$cache/build/compile-$(tree_tag "$before")-$arch
	[ -z "${state[$arch]:-}" ] || return 0
	exec 8>"$bdir.lock"
	flock 8
	note=$(reuse_build_dir "$before" "$bdir" 2>&1)
	case $note in *"no file differs"*) ;; *) rm -f "$bdir/.excise-prepared" ;; esac
	log=$bdir/excise-config.log
	fragment > "$bdir/.excise-fragment"
	if [ ! -f "$bdir/.config" ] || ! cmp -s "$bdir/.excise-fragment" "$bdir/.excise-fragment.done"; then
		rm -f "$bdir/.excise-prepared"
		kmake "$before" O="$bdir" "${makeargs[@]}" KCONFIG_ALLCONFIG="$bdir/.excise-fragment" \
			allmodconfig > "$log" 2>&1 || {
			say "allmodconfig of $arch in $before failed; last lines of $log:"
			tail -n 20 "$log" | sed 's/^/  | /' >&2
			exit 2
		}
		cp "$bdir/.excise-fragment" "$bdir/.excise-fragment.done"
	fi
	state[$arch]=configured
	exec 8>&-
}

prepare() {
	local arch=$1 log t0=$SECONDS
	configure "$arch"
	[ "${state[$arch]}" = configured ] || return 0
	exec 8>"$bdir.lock"
	flock 8
	log=$bdir/excise-prepare.log
	if [ ! -f "$bdir/.excise-prepared" ]; then
		kmake "$before" O="$bdir" "${makeargs[@]}" -j"$jobs" prepare > "$log" 2>&1 || {
			say "make prepare of $arch in $bdir failed; last lines of $log:"
			tail -n 30 "$log" | sed 's/^/  | /' >&2
			exit 2
		}
		touch "$bdir/.excise-prepared"
		say "prepared $(basename "$bdir") in $((SECONDS - t0)) s"
	fi
	state[$arch]=prepared
	exec 8>&-
}

# Each file's architecture and whether that configuration builds it.
declare -A file_arch=() file_built=()
top=$(cd "$(dirname "$0")/.." && pwd)
candidates="x86_64 arm64 arm"
if [ -n "$force_arch" ]; then
	arch_args "$force_arch" || "$top/scripts/deps.sh" --cross "$force_arch" >&2 || true
	arch_args "$force_arch" || die "no compiler for $force_arch (scripts/deps.sh --cross $force_arch)"
	candidates=$force_arch
fi
needs() { # ARCH FILE...: what ARCH's allmodconfig misses for each, "OBJ<TAB>missing"
	local arch=$1
	shift
	configure "$arch"
	"$excise" kbuild needs -C "$before" --config "$bdir/.config" "${@/%.c/.o}" 2>/dev/null || true
}
pending=()
for f in ${files[@]+"${files[@]}"}; do
	a=
	if [ -z "$force_arch" ] && [[ $f =~ ^arch/([^/]+)/ ]]; then
		a=${BASH_REMATCH[1]}
		case $a in x86|um) a=x86_64 ;; esac
		if [ "$a" != x86_64 ] && ! arch_args "$a"; then
			"$top/scripts/deps.sh" --cross "$a" >&2 || true
		fi
		if arch_args "$a"; then
			file_arch[$f]=$a
			[ -f "$before/$f" ] && src=$before || src=$after
			while IFS=$'\t' read -r o m; do
				[ -z "$o" ] || file_built[$f]="no: needs $m"
			done < <(needs "$a" "$f")
			[ -n "${file_built[$f]:-}" ] || file_built[$f]=yes
		else
			file_arch[$f]=$a
			file_built[$f]="no compiler"
		fi
		continue
	fi
	pending+=("$f")
done
for a in $candidates; do
	[ ${#pending[@]} -gt 0 ] || break
	arch_args "$a" || continue
	declare -A miss=()
	while IFS=$'\t' read -r o m; do
		[ -z "$o" ] || miss[${o%.o}.c]=$m
	done < <(needs "$a" "${pending[@]}")
	rest=()
	for f in "${pending[@]}"; do
		if [ -z "${miss[$f]:-}" ] && [ -f "$before/$f" ]; then
			file_arch[$f]=$a file_built[$f]=yes
		else
			[ -n "${file_built[$f]:-}" ] || file_built[$f]="no: needs ${miss[$f]:-?}"
			rest+=("$f")
		fi
	done
	unset miss
	pending=(${rest[@]+"${rest[@]}"})
done
first=${candidates%% *}
for f in ${pending[@]+"${pending[@]}"}; do
	file_arch[$f]=$first
	[ -n "${file_built[$f]:-}" ] || file_built[$f]="no"
done

# attribute LOG TREE OUT: "OBJ<TAB>KIND<TAB>MESSAGE" for each error and
# warning of a make -Otarget log, MESSAGE without line numbers and with
# paths relative to the tree.
attribute() {
	awk -v tree="$2" -v out="$3" -v mnt="$srcmnt" '
	function strip(s,    p) {
		while ((p = index(s, tree "/")) > 0) s = substr(s, 1, p - 1) substr(s, p + length(tree) + 1)
		while ((p = index(s, mnt "/")) > 0) s = substr(s, 1, p - 1) substr(s, p + length(mnt) + 1)
		while ((p = index(s, out "/")) > 0) s = substr(s, 1, p - 1) substr(s, p + length(out) + 1)
		return s
	}
	function nolines(s) {
		while (match(s, /\.(c|h|S|lds):[0-9]+(:[0-9]+)?/)) {
			m = substr(s, RSTART, RLENGTH)
			s = substr(s, 1, RSTART - 1) substr(m, 1, index(m, ":") - 1) substr(s, RSTART + RLENGTH)
		}
		return s
	}
	{
		line = $0
		if (match(line, /^  (CC|CC \[M\]|AS|AS \[M\]|CPP) +[^ ]+\.o$/)) {
			n = split(line, w, " ")
			cur = w[n]
			next
		}
		if (match(line, /No rule to make target \047[^\047]+\047/)) {
			t = strip(substr(line, RSTART + 24, RLENGTH - 25))
			print t "\terror\tno rule to make target " t
			next
		}
		if (match(line, /^[^ :]+\/(Makefile|Kbuild)[^ :]*:[0-9]+: \*\*\* /)) {
			f = strip(substr(line, 1, index(line, ":") - 1))
			print "dir:" f "\terror\t" nolines(strip(line))
			next
		}
		if (cur != "" && match(line, /^[^ :]+(:[0-9]+)?(:[0-9]+)?: (fatal error|error|warning): /)) {
			kind = (index(line, ": warning: ") && !index(line, ": error: ")) ? "warning" : "error"
			msg = strip(line)
			sub(/^\.\//, "", msg)
			gsub(/:[0-9]+:[0-9]+: /, ": ", msg)
			gsub(/:[0-9]+: /, ": ", msg)
			msg = nolines(msg)
			gsub(/\+0x[0-9a-f]+/, "", msg)
			print cur "\t" kind "\t" msg
		}
	}' "$1"
}

# compile SIDE TREE DIR ARCH FILE...: make -k the objects in DIR; "OBJ<TAB>rc"
# in $tmp/SIDE-ARCH.rc and the attributed messages in $tmp/SIDE-ARCH.msg.
compile() {
	local side=$1 tree=$2 dir=$3 arch=$4 objs=() f log
	shift 4
	for f; do
		[ -f "$tree/$f" ] && objs+=("${f%.c}.o")
	done
	: > "$tmp/$side-$arch.rc"
	: > "$tmp/$side-$arch.msg"
	[ ${#objs[@]} -gt 0 ] || return 0
	log=$dir/excise-compile-$side.log
	(cd "$dir" && rm -f -- "${objs[@]}")
	kmake "$tree" O="$dir" "${makeargs[@]}" -j"$jobs" -k -Otarget "${objs[@]}" > "$log" 2>&1 || true
	for o in "${objs[@]}"; do
		if [ -f "$dir/$o" ]; then printf '%s\t0\n' "$o"; else printf '%s\t1\n' "$o"; fi
	done > "$tmp/$side-$arch.rc"
	attribute "$log" "$tree" "$dir" > "$tmp/$side-$arch.msg.raw"
	# a Makefile's error: every object below its directory
	awk -F'\t' -v objs="${objs[*]}" '
		BEGIN { n = split(objs, o, " ") }
		$1 ~ /^dir:/ { d = substr($1, 5); sub(/\/[^\/]*$/, "/", d)
			for (i = 1; i <= n; i++) if (index(o[i], d) == 1) print o[i] "\t" $2 "\t" $3
			next }
		{ print }' "$tmp/$side-$arch.msg.raw" > "$tmp/$side-$arch.msg"
}

declare -A by_arch=()
for f in ${files[@]+"${files[@]}"}; do
	[ "${file_built[$f]}" = "no compiler" ] && continue
	by_arch[${file_arch[$f]}]+="$f "
done

t0=$SECONDS
for a in "${!by_arch[@]}"; do
	arch_args "$a"
	# shellcheck disable=SC2206
	list=(${by_arch[$a]})
	prepare "$a"
	exec 8>"$bdir.lock"
	flock 8
	compile before "$before" "$bdir" "$a" "${list[@]}"
	adir=$cache/build/compile-$name-$a
	rm -rf "$adir"
	reuse_build_dir "$after" "$adir" "$bdir" 2>/dev/null
	exec 8>&-
	rm -f "$adir/.excise-prepared"
	if ! kmake "$after" O="$adir" "${makeargs[@]}" olddefconfig > "$adir/excise-config.log" 2>&1; then
		msg=$(grep -m1 -E 'error|:[0-9]+:' "$adir/excise-config.log" || tail -n 1 "$adir/excise-config.log")
		: > "$tmp/after-$a.rc"
		for f in "${list[@]}"; do
			printf '%s\t1\n' "${f%.c}.o" >> "$tmp/after-$a.rc"
			printf '%s\terror\tolddefconfig failed: %s\n' "${f%.c}.o" "$msg" >> "$tmp/after-$a.msg"
		done
	else
		compile after "$after" "$adir" "$a" "${list[@]}"
	fi
done
say "compiled ${#files[@]} file(s) before and after in $((SECONDS - t0)) s"

# The table.
python3 - "$tmp" "$out" "${errors:-}" "$before" "$after" "${files[@]}" <<'PY' 3<<<"$(for f in ${files[@]+"${files[@]}"}; do printf '%s\t%s\t%s\n' "$f" "${file_arch[$f]}" "${file_built[$f]}"; done)"
import collections, glob, os, sys
tmp, out, errs, before, after = sys.argv[1:6]
info = {}
for l in open(3).read().splitlines():
    f, a, b = l.split("\t")
    info[f] = (a, b)
rc, msg = {}, {}
for side in ("before", "after"):
    for p in glob.glob(os.path.join(tmp, side + "-*.rc")):
        for l in open(p).read().splitlines():
            o, r = l.split("\t")
            rc[(side, o)] = r
    for p in glob.glob(os.path.join(tmp, side + "-*.msg")):
        for l in open(p, errors="replace").read().splitlines():
            o, k, m = l.split("\t", 2)
            msg.setdefault((side, o), collections.Counter())[(k, m)] += 1
rows, new_all, bad = [], [], 0
for f in sys.argv[6:]:
    a, b = info[f]
    o = f[:-2] + ".o"
    br = rc.get(("before", o), "-") if os.path.isfile(os.path.join(before, f)) else "-"
    ar = rc.get(("after", o), "-") if os.path.isfile(os.path.join(after, f)) else "-"
    if b == "no compiler":
        br = ar = "-"
    new = msg.get(("after", o), collections.Counter()) - msg.get(("before", o), collections.Counter())
    if ar == "-":
        new = collections.Counter()
    ne = sum(n for (k, _), n in new.items() if k == "error")
    nw = sum(n for (k, _), n in new.items() if k == "warning")
    first = next((m for (k, m) in sorted(new) if k == "error"), "-")
    bad += ne > 0
    rows.append((f, a, "allmodconfig" if b != "no compiler" else "-", b, br, ar, ne, nw, first))
    for (k, m), n in sorted(new.items()):
        new_all += [(f, k, m)] * n
esc = lambda s: str(s).replace("\t", " ").replace("\n", " ")
fh = sys.stdout if out == "-" else open(out, "w")
fh.write("file\tarch\tconfig\tbuilt\tbefore_rc\tafter_rc\tnew_errors\tnew_warnings\tfirst_new_error\n")
for r in rows:
    fh.write("\t".join(esc(x) for x in r) + "\n")
if errs:
    with open(errs, "w") as e:
        e.write("file\tkind\tmessage\n")
        for r in new_all:
            e.write("\t".join(esc(x) for x in r) + "\n")
sys.exit(1 if bad else 0)
PY
