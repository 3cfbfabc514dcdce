# scripts/lib.sh - sourced by the scripts that build out of tree: the tree, its
# build directory, ccache, the mount namespace, the excise binary.  The caller
# sets $me (its name, for messages).

# clean_source_tree DIR: the absolute, symlink-free path of DIR, a Linux
# source tree never configured or built in place (out-of-tree builds refuse
# such a tree); otherwise a message and exit 2.
clean_source_tree() {
	local t
	[ -d "$1" ] || { echo "$me: $1: no such directory" >&2; exit 2; }
	t=$(cd "$1" && pwd -P)
	[ -f "$t/Makefile" ] && [ -f "$t/Kconfig" ] && [ -d "$t/arch/x86" ] || {
		echo "$me: $t does not look like a Linux source tree (no Makefile, Kconfig or arch/x86)" >&2
		exit 2
	}
	if [ -e "$t/.config" ] || [ -d "$t/include/config" ]; then
		echo "$me: $t has been configured or built in place (.config or include/config exists);" \
			"out-of-tree builds need a clean source tree" >&2
		exit 2
	fi
	echo "$t"
}

cache=${EXCISE_CACHE:-$HOME/.cache/excise}

# cross_prefix ARCH: the CROSS_COMPILE prefix of Debian's cross compiler for
# the kernel's ARCH (the package is gcc-<prefix without its last '-'>);
# nothing and status 1 for x86 and for an architecture without one here.
cross_prefix() {
	case $1 in
	arm) echo arm-linux-gnueabi- ;;
	arm64) echo aarch64-linux-gnu- ;;
	mips) echo mips-linux-gnu- ;;
	powerpc) echo powerpc64-linux-gnu- ;;
	m68k) echo m68k-linux-gnu- ;;
	alpha) echo alpha-linux-gnu- ;;
	sh) echo sh4-linux-gnu- ;;
	riscv) echo riscv64-linux-gnu- ;;
	s390) echo s390x-linux-gnu- ;;
	sparc) echo sparc64-linux-gnu- ;;
	parisc) echo hppa-linux-gnu- ;;
	*) return 1 ;;
	esac
}

# excise_bin: the excise binary the scripts ask about Kbuild, Kconfig and
# specs ($EXCISE, which excise check sets, or src/excise of this repository),
# as $excise; otherwise a message and return 1.
excise_bin() {
	excise=${EXCISE:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/src/excise}
	[ -x "$excise" ] || { echo "$me: $excise is missing (make)" >&2; return 1; }
}

# tree_tag TREE: "NAME-HASH", TREE's base name and 8 hex digits of the sha1
# of its path, which names the build directories of a tree.
tree_tag() {
	echo "$(basename "$1")-$(printf '%s' "$1" | sha1sum | cut -c1-8)"
}

# tree_manifest TREE: every file of TREE as "PATH<TAB>SIZE<TAB>MTIME", sorted.
# A removal writes each file it edits anew (a new time stamp) and a work
# copy hard-links every other file to the cache, so a path with the same
# size and time stamp in two trees is the same file.  .git and the cache's
# markers (.excise-complete) are not the kernel's.
tree_manifest() {
	(cd "$1" && find . \( -path ./.git -o -path './.excise-*' \) -prune -o -type f -printf '%P\t%s\t%T@\n') |
		LC_ALL=C sort
}

# reuse_build_dir TREE OUT [SEED]: OUT is TREE's build directory from now
# on, built incrementally from what it last built, whatever the tree was.
# A build directory remembers the tree it last built as a manifest
# (tree_manifest, in OUT/.excise-manifest).  An OUT without one starts from
# a copy of SEED (a build directory with a manifest; its path in the files
# that hold it made OUT's) when given, else empty.  Then every object that
# depends on a file in which the two trees differ (edited, deleted or
# added: kbuild's .cmd files list each object's sources and headers) is
# deleted with its .cmd file, so that make builds it again: kbuild alone
# would trust the time stamps, and a file of
# the other tree may be older than the object.  An added header also
# invalidates the objects that include a header of the same name (it may
# shadow it).  The configuration is left to make: the caller writes a new
# .config, syncconfig compares it with include/config/auto.conf and kbuild
# rebuilds what uses an option that changed.  When more than a fifth of the
# files differ the directory starts afresh (cheaper than sorting it out).
# Prints one line on what it did to stderr.
reuse_build_dir() {
	local tree=$1 out=$2 seed=${3:-} from="" n total
	mkdir -p "$out"
	rm -f "$out/.excise-built"
	if [ ! -f "$out/.excise-manifest" ]; then
		find "$out" -mindepth 1 -delete
		# (a seed whose make -k failed still holds good objects: kbuild
		# writes an object's .cmd file only once the object is built)
		if [ -n "$seed" ] && [ -f "$seed/.excise-manifest" ]; then
			cp -a "$seed/." "$out/"
			rm -f "$out/.excise-built" "$out/excise-build.log"
			# objtool's build (tools/) records absolute paths in its .cmd files
			{ grep -rlIF "$seed/" "$out" 2>/dev/null || true; } | xargs -r sed -i "s|$seed/|$out/|g"
			from="a copy of $seed"
		fi
	else
		from="its last build"
	fi
	tree_manifest "$tree" > "$out/.excise-manifest.new"
	if [ -f "$out/.excise-manifest" ]; then
		LC_ALL=C comm -3 "$out/.excise-manifest" "$out/.excise-manifest.new" |
			sed 's/^\t//' | cut -f1 | LC_ALL=C sort -u > "$out/.excise-changed"
		n=$(wc -l < "$out/.excise-changed")
		total=$(wc -l < "$out/.excise-manifest.new")
		if [ $((n * 5)) -gt "$total" ]; then
			echo "$me: $out: $n of $total files differ from the tree it last built; starting it afresh" >&2
			find "$out" -mindepth 1 ! -name .excise-manifest.new -delete
		elif [ "$n" -gt 0 ]; then
			{
				sed 's|^|/|' "$out/.excise-changed"
				# an added header may shadow another of its name
				LC_ALL=C join -v 2 -t "$(printf '\t')" <(cut -f1 "$out/.excise-manifest") \
					<(cut -f1 "$out/.excise-manifest.new") | grep '\.h$' | sed 's|.*/|/|' || true
			} > "$out/.excise-patterns"
			local stale=0 cmd base
			while IFS= read -r cmd; do
				base=${cmd##*/}
				base=${base#.}
				rm -f "${cmd%/*}/${base%.cmd}" "$cmd"
				stale=$((stale + 1))
			done < <(find "$out" -name '.*.cmd' -type f -print0 |
				xargs -0 -r grep -lF -f "$out/.excise-patterns" 2>/dev/null || true)
			echo "$me: $out: $from, $n file(s) differ from the tree it last built: $stale object(s) to build again" >&2
		else
			echo "$me: $out: $from, no file differs from the tree it last built" >&2
		fi
		rm -f "$out/.excise-changed" "$out/.excise-patterns"
	fi
	mv "$out/.excise-manifest.new" "$out/.excise-manifest"
}

# find_seed OUT KEY FRAGMENT: the finished build directory (one with
# .excise-built) for OUT to start from: of those whose .excise-key is KEY,
# the one whose .excise-fragment has the fewest lines that FRAGMENT has not
# or it has and FRAGMENT not (the fewest options to build again), the
# newest of those.  Nothing when there is none.
find_seed() {
	local out=$1 key=$2 fragment=$3 d best= least= n
	for d in $(ls -td "$cache"/build/*/.excise-built 2>/dev/null); do
		d=${d%/.excise-built}
		[ "$d" != "$out" ] && [ -f "$d/.excise-manifest" ] || continue
		[ "$(cat "$d/.excise-key" 2>/dev/null)" = "$key" ] || continue
		n=$(LC_ALL=C comm -3 <(LC_ALL=C sort -u "$d/.excise-fragment" 2>/dev/null) \
			<(printf '%s\n' "$fragment" | LC_ALL=C sort -u) | wc -l)
		if [ -z "$least" ] || [ "$n" -lt "$least" ]; then
			best=$d least=$n
		fi
		[ "$n" != 0 ] || break
	done
	echo "$best"
}

# lock_seed SEED [-n]: hold SEED's build lock on file descriptor 7 while it
# is copied (its builder holds SEED.lock); with -n, return 1 at once when it
# is busy (a seed that was only found, not asked for: two builds could wait
# on each other).  unlock_seed lets it go.
lock_seed() {
	exec 7>"$1.lock"
	flock ${2:-} 7
}
unlock_seed() { exec 7>&-; }

# use_ccache: when ccache is installed, one cache for every tree in
# $EXCISE_CACHE/ccache (CCACHE_NOHASHDIR: the build directory is not part of
# the hash) and ccache_args=(CC=... HOSTCC=...) for make; else return 1.
# CCACHE_DEPEND: ccache's depend mode never runs the preprocessor; a miss
# is hashed from the dependency file kbuild has gcc write (-Wp,-MMD) and
# costs one compile, not a preprocessing and a compile.  The cold boot
# kernel here (733 files): 866 CPU-s with ccache's default mode, 588 in
# depend mode, 617 without ccache; a second build in a fresh directory
# still hits 994 of 1020 cacheable calls (the other 26 miss in either mode).
# Compiles go through scripts/ccache-cc ($ccache_cc), which leaves a
# source with an .incbin directive to the compiler alone: depend mode
# cannot see the file it takes in.
ccache_args=()
ccache_cc=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/ccache-cc
use_ccache() {
	command -v ccache >/dev/null || return 1
	export CCACHE_DIR=$cache/ccache CCACHE_NOHASHDIR=1 CCACHE_DEPEND=1
	mkdir -p "$CCACHE_DIR"
	ccache_args=(CC="$ccache_cc gcc" HOSTCC="$ccache_cc gcc")
}

# nm_args [CROSS]: NM=... for make, so that nm loads only gcc's LTO plugin.
# binutils' nm loads every plugin in /usr/lib/bfd-plugins on each run, and
# with llvm's LLVMgold there (llvm-14-linker-tools, which clang and llvm
# depend on) one run costs 75 ms instead of 8: kbuild runs nm once per
# object (scripts/check-local-export), and that was a quarter of the CPU
# time of a kernel build from a warm ccache (perf record -a, sorted by
# comm).  Sets nm_args=() when gcc has no plugin.
nm_args=()
nm_args() {
	local plugin
	plugin=$("${1:-}gcc" -print-file-name=liblto_plugin.so 2>/dev/null) || plugin=
	nm_args=()
	[ -f "$plugin" ] && nm_args=(NM="${1:-}nm --plugin $plugin")
	return 0
}

# The source path: kbuild puts the absolute path of the tree on every
# compiler command line, so ccache would miss for every file of a tree at a
# new path.  As root with unshare(1), make runs in a private mount namespace
# in which the tree is bind-mounted read-only at one fixed path, $srcmnt:
# every tree has the same path there, ccache hits for every file the trees
# share, and nothing in make can write into the tree.  Nothing is mounted
# outside that namespace.
srcmnt=$cache/srcmnt
use_mount=0

# mount_init TREE: use the mount namespace (use_mount=1) if TREE can be
# mounted so; else return 1 and make runs at the tree's own path.
mount_init() {
	[ "$(id -u)" = 0 ] && command -v unshare >/dev/null || return 1
	mkdir -p "$srcmnt"
	unshare -m --propagation private sh -c 'mount --bind -o ro "$1" "$2" && test -f "$2/Makefile"' \
		sh "$1" "$srcmnt" 2>/dev/null || return 1
	use_mount=1
}

# kmake TREE ARGS...: make -C TREE ARGS..., with TREE at $srcmnt when the
# mount namespace is in use.
kmake() {
	local tree=$1
	shift
	if [ $use_mount = 1 ]; then
		unshare -m --propagation private sh -c 'mount --bind -o ro "$1" "$2" && shift 2 && exec make -C "$@"' \
			sh "$tree" "$srcmnt" "$srcmnt" "$@"
	else
		make -C "$tree" "$@"
	fi
}

# Result files.  A script excise check runs takes --result FILE and
# writes there what it found, as TSV rows "KEY<TAB>FIELD<TAB>..."
# (src/script_result.h reads them): every script a "verdict" row (pass,
# fail, or error when it could not do its job) and a "summary" row (one
# line for people), counts as "count NAME N", and rows of its own named in
# its header.  What it prints is for people and its log only.
#
# A script that stops before its verdict (bad usage, a tree it cannot
# configure) leaves none: the reader takes that as an error.
#
# result_open FILE: FILE (emptied) is this run's result file.  result KEY
# FIELD...: one row (TABs and newlines in a field become blanks).
# result_verdict VERDICT SUMMARY: the verdict and summary rows.  Without
# result_open they do nothing.
result_file=
result_open() {
	result_file=$1
	: > "$result_file" || { echo "$me: cannot write $result_file" >&2; exit 2; }
}
result() {
	[ -n "$result_file" ] || return 0
	local f row=()
	for f in "$@"; do
		f=${f//$'\t'/ }
		row+=("${f//$'\n'/ }")
	done
	(IFS=$'\t'; printf '%s\n' "${row[*]}") >> "$result_file"
}
result_verdict() { result verdict "$1"; result summary "$2"; }

# The awk functions the scripts share to read compiler and Kconfig logs
# ($awk_lib, put in front of an awk program):
#   strip(s)  s with the prefixes tree "/", out "/" and mnt "/" (awk
#             variables; an empty one is skipped) taken out, wherever
#             they occur: paths relative to the tree or build directory
#   flush()   print the pending finding (n > 0) as key TAB disp, and
#             forget it (n = 0)
awk_lib='
function strip(s,    p) {
	if (tree != "") while ((p = index(s, tree "/")) > 0)
		s = substr(s, 1, p - 1) substr(s, p + length(tree) + 1)
	if (out != "") while ((p = index(s, out "/")) > 0)
		s = substr(s, 1, p - 1) substr(s, p + length(out) + 1)
	if (mnt != "") while ((p = index(s, mnt "/")) > 0)
		s = substr(s, 1, p - 1) substr(s, p + length(mnt) + 1)
	return s
}
function flush() {
	if (n > 0) print key "\t" disp
	n = 0
}
'

# count_findings FILE KIND: the findings (KEY<TAB>DISPLAY lines) of FILE
# whose key says KIND ("error", "warning"): "KIND: ..." or "...: KIND: ...".
count_findings() {
	awk -F'\t' -v k="$2" 'index($1, k ": ") == 1 || index($1, ": " k ": ") { n++ } END { print n + 0 }' "$1"
}

# normalise_warnings TREE OUT MNT < LOG: one "KEY<TAB>DISPLAY" line per
# warning or error of a kernel build log (compiler, sparse, the linker's
# undefined references, modpost's undefined symbols).  Paths are made
# relative to TREE, the build directory OUT or the mount point MNT; line
# and column numbers are dropped (a removal shifts lines), also inside
# messages, as are objtool's +0x offsets.
normalise_warnings() {
	awk -v tree="$1" -v out="$2" -v mnt="$3" "$awk_lib"'
	{
		line = $0
		gsub(/\r/, "", line)
		if (match(line, /^[^ :]+(:[0-9]+)?(:[0-9]+)?: (warning|error): /)) {
			flush()
			head = substr(line, 1, RLENGTH)
			msg = substr(line, RLENGTH + 1)
			kind = index(head, ": error: ") ? "error" : "warning"
			loc = substr(head, 1, index(head, ": " kind ": ") - 1)
			path = loc
			sub(/:.*/, "", path)
			path = strip(path)
			sub(/^\.\//, "", path)
			msg = strip(msg)
			nmsg = msg
			while (match(nmsg, /\.(c|h|S|lds):[0-9]+(:[0-9]+)?/)) {
				m = substr(nmsg, RSTART, RLENGTH)
				nmsg = substr(nmsg, 1, RSTART - 1) substr(m, 1, index(m, ":") - 1) substr(nmsg, RSTART + RLENGTH)
			}
			gsub(/\+0x[0-9a-f]+/, "", nmsg)
			key = path ": " kind ": " nmsg
			disp = strip(loc) ": " kind ": " msg
			curloc = loc
			n = 1
			next
		}
		if (n > 0 && index(line, curloc ":    ") == 1) {
			cont = substr(line, length(curloc) + 2)
			sub(/^ +/, "", cont)
			cont = strip(cont)
			key = key " | " cont
			disp = disp " | " cont
			next
		}
		if (match(line, /undefined reference to `[^\047]+\047/)) {
			flush()
			t = substr(line, RSTART + 24, RLENGTH - 25)
			print "link: error: undefined reference to " t "\tlink: error: undefined reference to " t
			next
		}
		if (match(line, /ERROR: modpost: "[^"]+" \[[^]]+\] undefined!/)) {
			flush()
			t = strip(substr(line, RSTART + 15, RLENGTH - 15))
			print "modpost: error: " t "\tmodpost: error: " t
			next
		}
		if (match(line, /No rule to make target \047[^\047]+\047/)) {
			flush()
			t = substr(line, RSTART + 24, RLENGTH - 25)
			print t ": error: no rule to make target\t" t ": error: no rule to make target"
			next
		}
		# Anything else ends a continuation (another object may interleave,
		# but sparse prints a warning and its continuation lines at once).
		if (line !~ /^[^ :]+:[0-9]+:[0-9]+:    /)
			flush()
	}
	END { flush() }
	'
}

# number_warnings: number the duplicates, so that a comparison counts them: KEY#n<TAB>DISPLAY.
number_warnings() { awk -F'\t' '{ n = ++c[$1]; print $1 "#" n "\t" $2 }' | LC_ALL=C sort -t "$(printf '\t')" -k1,1; }

# new_findings BEFORE AFTER: the findings (KEY<TAB>DISPLAY files) AFTER has
# and BEFORE has not, duplicates counted, as DISPLAY lines.
new_findings() {
	LC_ALL=C join -t "$(printf '\t')" -v 2 <(number_warnings < "$1") <(number_warnings < "$2") | cut -f2-
}
