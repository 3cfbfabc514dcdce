#!/usr/bin/env bash
# deps.sh [--result FILE] [--check] [--cross ARCH...] - install the Debian
# packages excise needs, if missing.
#
# Run by the make targets that need the packages (test, run, check, bench).
# Prints nothing when everything is installed.  --check only reports.
# --cross ARCH...: instead, the cross compilers for those kernel
# architectures (gcc-arm-linux-gnueabi for arm, ...; lib.sh's cross_prefix),
# which excise check's cross step asks for when a removal touches them;
# for arm64 and arm also QEMU and the C library of the boot test's init.
# --result FILE: the verdict (pass: installed; fail: there is no such
# cross compiler) and a summary, as data (scripts/lib.sh: result files).
set -euo pipefail

me=deps.sh
. "$(dirname "$0")/lib.sh"
if [ "${1:-}" = --result ] && [ $# -ge 2 ]; then
	result_open "$2"
	shift 2
fi
check=0
if [ "${1:-}" = --check ]; then
	check=1
	shift
fi
if [ "${1:-}" = --cross ]; then
	shift
	packages=()
	for a in "$@"; do
		p=$(cross_prefix "$a") || {
			echo "deps.sh: --cross: no cross compiler known for '$a'" >&2
			result_verdict fail "deps.sh: --cross: no cross compiler known for '$a'"
			exit 2
		}
		packages+=("gcc-${p%-}")
		# Where QEMU has a board (virt): its emulator and the static C
		# library the boot test's init is linked with.
		case $a in
		arm64) packages+=(qemu-system-arm libc6-dev-arm64-cross) ;;
		arm) packages+=(qemu-system-arm libc6-dev-armel-cross) ;;
		esac
	done
else
packages=(gcc libc6-dev make git coccinelle sparse linux-source-6.1 linux-source-6.12
	qemu-system-x86 flex bison bc libelf-dev libssl-dev cpio ripgrep
	unifdef ccache distcc xz-utils python3 perl time gnuplot-nox jq
	git-email libmailtools-perl universal-ctags man-db groff-base)
# git-email and libmailtools-perl: the series is sent with git send-email
# --dry-run (golden series-recipients); universal-ctags: the corpus'
# index of definitions (bench/corpus/defs.py); man-db and groff-base: the
# manual pages render (e2e install).
# The scanner's multi-pattern engine: Hyperscan on x86_64, its portable
# fork Vectorscan elsewhere (the same API, libhs).
case "$(uname -m)" in
x86_64) packages+=(libhyperscan-dev) ;;
*) packages+=(libvectorscan-dev) ;;
esac
fi

missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
	result_verdict pass "deps.sh: ${packages[*]} installed"
	exit 0
fi

if [ $check = 1 ]; then
	echo "deps.sh: missing: ${missing[*]}" >&2
	exit 1
fi
echo "deps.sh: installing ${missing[*]}" >&2
sudo=
[ "$(id -u)" = 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q >&2
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
result_verdict pass "deps.sh: ${packages[*]} installed"
