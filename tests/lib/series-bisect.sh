#!/usr/bin/env bash
# tests/lib/series-bisect.sh - every step of a removal series configures
# and builds: `git rebase --exec` runs a check after each commit of
# `excise remove --commit TARGET...` on a git tree of pristine 6.1.
# Run by tests/kernel/series-bisect-*.sh with, in the environment:
#   NAME      the build and work directory names
#   TARGETS   excise's targets (space-separated)
#   SYM       the symbol that must be in .config exactly while KCONFIG defines it
#   KCONFIG   the Kconfig file that defines SYM
#   OPTIONS   scripts/config arguments on top of x86_64 allnoconfig
#   BASE_DIRS directories to compile on the base, before the series
#
# The check (also run once on the base, before the series):
#   - x86_64: allnoconfig + OPTIONS, then olddefconfig: Kconfig must not
#     warn, and CONFIG_SYM=y must be there exactly while KCONFIG defines it;
#   - every arch defconfig the commit touched configures for its arch
#     (`make ARCH=<arch> <name>`; host gcc, Kconfig only) and no longer
#     names CONFIG_SYM;
#   - every directory of a C file or header, Kconfig or Makefile the commit touched
#     compiles (`make <dir>/` in the x86_64 build), and on the base
#     BASE_DIRS, so the subsystem itself is compiled once before it goes;
#   - every literal `source "..."` of every Kconfig file names a file.
# Builds go out of tree in $EXCISE_CACHE/build/series-bisect-NAME (ccache
# when installed).  Exit 0 pass, 77 skip, anything else fail.
set -uo pipefail
top=${EXCISE_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
cache=${EXCISE_CACHE:-$HOME/.cache/excise}
excise=${EXCISE:-$top/src/excise}
: "${NAME:?}" "${TARGETS:?}" "${SYM:?}" "${KCONFIG:?}" "${OPTIONS:?}" "${BASE_DIRS:?}"

skip() { echo "SKIP: $*"; exit 77; }
die() { echo "FAIL: $*"; exit 1; }

for tool in gcc make flex bison bc git flock perl; do
	command -v $tool >/dev/null || skip "$tool is not installed"
done
[ -x "$excise" ] || skip "no excise binary at $excise"
[ -f /usr/include/libelf.h ] || [ -f /usr/include/gelf.h ] || skip "libelf-dev is not installed"
"$top/scripts/tree.sh" >/dev/null 2>&1 || skip "no pristine 6.1 tree (scripts/tree.sh failed)"

build=$cache/build/series-bisect-$NAME
tree=$cache/work/series-bisect-$NAME
mkdir -p "$build" "$cache/work"
exec 9>"$build.lock"
flock 9

# ccache as every build of excise's uses it (scripts/lib.sh).
me=${0##*/}
. "$top/scripts/lib.sh"
cc=gcc
use_ccache && cc="$ccache_cc gcc"
export GIT_AUTHOR_NAME='Excise Test' GIT_AUTHOR_EMAIL=test@example.org
export GIT_COMMITTER_NAME='Excise Test' GIT_COMMITTER_EMAIL=test@example.org
export GIT_AUTHOR_DATE='2025-01-01T12:00:00Z' GIT_COMMITTER_DATE='2025-01-01T12:00:00Z'

"$top/scripts/gittree.sh" "$tree" >/dev/null || die "gittree.sh failed"
base=$(git -C "$tree" rev-parse HEAD)
t0=$SECONDS
# shellcheck disable=SC2086
(cd "$tree" && "$excise" remove --commit $TARGETS) >"$build/remove.log" 2>&1 ||
	{ cat "$build/remove.log"; die "excise remove --commit failed"; }
echo "result: excise remove --commit: $((SECONDS - t0)) s, $(git -C "$tree" rev-list --count "$base..HEAD") commits"

# The check of one step, run in the tree by git rebase --exec; with --base
# it checks HEAD as a whole (no commit of the series), and extra arguments
# are directories to compile as well.
step=$build/step.sh
cat >"$step" <<EOF
#!/usr/bin/env bash
set -uo pipefail
build=$build
cc="$cc"
sym=$SYM
kconfig=$KCONFIG
options=($OPTIONS)
EOF
cat >>"$step" <<'EOF'
echo "== $(git log -1 --format='%h %s')"
bad=0
no() { echo "  FAIL: $*"; bad=1; }
kmake() { make O="$build/x86_64" ARCH=x86_64 CC="$cc" HOSTCC="$cc" -j"$(nproc)" "$@"; }
changed=$(git diff-tree --no-commit-id --name-only -r HEAD)
if [ "${1:-}" = --base ]; then
	changed=
	shift
fi

# x86_64 with the way to ixgb enabled
kmake -s allnoconfig >"$build/config.log" 2>&1 || no "allnoconfig failed"
scripts/config --file "$build/x86_64/.config" "${options[@]}"
kmake -s olddefconfig >>"$build/config.log" 2>&1 || no "olddefconfig failed"
if grep -E ':warning:|^warning:' "$build/config.log"; then no "Kconfig warns"; fi
if grep -qx "config $sym" "$kconfig"; then
	grep -qx "CONFIG_$sym=y" "$build/x86_64/.config" && echo "  ok: $sym defined, CONFIG_$sym=y" ||
		no "$sym is defined but not set"
else
	grep -qw "CONFIG_$sym" "$build/x86_64/.config" && no "CONFIG_$sym in .config without a definition" ||
		echo "  ok: $sym gone from Kconfig and .config"
fi

# the defconfigs this commit touched
for f in $changed; do
	case $f in arch/*/configs/*_defconfig) ;; *) continue ;; esac
	[ -f "$f" ] || continue
	arch=${f#arch/}; arch=${arch%%/*}
	if make O="$build/$arch" ARCH="$arch" -s "${f##*/}" >"$build/$arch.log" 2>&1; then
		grep -qw "CONFIG_$sym" "$f" && no "$f still names CONFIG_$sym" || echo "  ok: ARCH=$arch ${f##*/} configures"
	else
		tail -5 "$build/$arch.log"
		no "ARCH=$arch ${f##*/} does not configure"
	fi
done

# the directories this commit touched (and the ones asked for)
dirs=$(for f in $changed; do
	case $f in *.[ch]|*/Makefile|*/Kbuild|*/Kconfig) d=${f%/*}; [ -f "$d/Makefile" ] && echo "$d/" ;; esac
done; for d in "$@"; do echo "$d"; done)
for d in $(echo "$dirs" | sort -u); do
	if kmake "$d" >"$build/compile.log" 2>&1; then
		n=$(grep -c ' CC ' "$build/compile.log")
		echo "  ok: make $d ($n objects compiled)"
	else
		grep -E 'error|Error' "$build/compile.log" | head -10
		no "make $d failed"
	fi
done

# every literal Kconfig source names a file
missing=$(git grep -h -E '^[[:space:]]*source[[:space:]]+"[^"$]*"' -- '*Kconfig*' ':!scripts/' ':!tools/' | sed 's/.*"\(.*\)".*/\1/' |
	sort -u | while read -r p; do [ -f "$p" ] || echo "$p"; done)
[ -z "$missing" ] && echo "  ok: every Kconfig source names a file" || no "source of missing files: $missing"
exit $bad
EOF
chmod +x "$step"

cd "$tree" || die "no tree"
t0=$SECONDS
git checkout -q --detach "$base" || die "checkout of the base failed"
for d in $BASE_DIRS; do rm -rf "${build:?}/x86_64/$d"; done   # compile them for real once
# shellcheck disable=SC2086
"$step" --base $BASE_DIRS || die "the base does not configure and build"
git checkout -q - || die "checkout back failed"
echo "result: base (configure, make prepare, compile $BASE_DIRS): $((SECONDS - t0)) s"
t0=$SECONDS
if ! git rebase -q --exec "$step" "$base"; then
	git rebase --abort 2>/dev/null
	die "a step of the series does not configure or build"
fi
echo "result: git rebase --exec over $(git rev-list --count "$base..HEAD") commits: $((SECONDS - t0)) s"
echo "result: every step configures and builds"
