#!/usr/bin/env bash
# boot.sh [OPTIONS] KERNEL - boot a kernel under QEMU with excise's init.
#
# Packs an initramfs (cpio newc, uncompressed) holding the static init
# build/boot/init (build/boot/init-ARCH for another architecture; made with
# `make -C <repo> build/boot/init` when missing or older than
# scripts/boot/init.c) and boots KERNEL with
#   qemu-system-x86_64 -nographic -no-reboot -serial file:LOG
# and "console=ttyS0 panic=-1" (with --arch arm64 or arm:
# qemu-system-aarch64 or qemu-system-arm -M virt and console=ttyAMA0): the
# init reboots after its checks and a panic reboots at once, so QEMU exits
# either way.  The boot passes only
# when the console shows the line "EXCISE-BOOT: PASS" and no kernel panic,
# oops or BUG.
#
#   --expect SPEC   a check for the init, as excise.expect=SPEC (repeatable):
#                   [!]fs:NAME, [!]misc:NAME, [!]slab:NAME, [!]file:PATH,
#                   [!]log:TEXT (see scripts/boot/init.c)
#   --timeout S     give up after S seconds (default 60)
#   --arch ARCH     x86_64 (default), arm64 or arm (QEMU's virt board; the
#                   kernel from build-kernel.sh --arch ARCH)
#   --kvm           use KVM instead of TCG (guests have been seen to hang
#                   with KVM on this kind of machine, hence the default)
#   --append ARGS   more kernel command line
#   --memory SIZE   guest memory (default 256M)
#   --init FILE     use FILE as /init instead of build/boot/init
#   --no-init       an initramfs without /init (the kernel must panic)
#   --hang          the init hangs before its result line (excise.hang)
#   --log FILE      keep the console log in FILE (default: a temporary file,
#                   removed after a pass, kept and named after a failure)
#   -v, --verbose   print the whole console log, also after a pass
#   --result FILE   the result as data (scripts/lib.sh: result files): the
#                   verdict, the summary (the PASS or FAIL line), "reason
#                   REASON" and "detail DETAIL" of a failure, "seconds S"
#
# Output: "boot.sh: PASS in Ns (guest uptime Us)" and exit 0, or
#   boot.sh: FAIL REASON: DETAIL
# followed by the last 20 console lines, and exit 1.  REASON is one of
#   panic     the kernel panicked (e.g. no /init, or init died)
#   oops      the kernel printed an Oops or BUG, even if the init passed
#   fail      the init printed "EXCISE-BOOT: FAIL ..." (DETAIL says why)
#   timeout   no result within the timeout (QEMU killed)
#   no-marker QEMU exited without any result line
#   qemu      QEMU could not run (its error is shown)
# Bad usage or a missing tool exits 2.
set -euo pipefail

me=boot.sh
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
cache=${EXCISE_CACHE:-$HOME/.cache/excise}

usage() { echo "usage: $me [--arch ARCH] [--kvm] [--timeout S] [--expect SPEC]... [--append ARGS] [--memory SIZE] [--init FILE|--no-init] [--hang] [--log FILE] [--result FILE] [-v] KERNEL" >&2; exit 2; }
die() { echo "$me: $*" >&2; exit 2; }

arch=x86_64 accel=tcg timeout=60 memory=256M append= init= noinit=0 hang=0 log= verbose=0 expects=()
result_to=
while [ $# -gt 0 ]; do
	case $1 in
	--kvm) accel=kvm; shift ;;
	--arch) [ $# -ge 2 ] || usage; arch=$2; shift 2 ;;
	--timeout) [ $# -ge 2 ] || usage; timeout=$2; shift 2 ;;
	--expect) [ $# -ge 2 ] || usage; expects+=("$2"); shift 2 ;;
	--append) [ $# -ge 2 ] || usage; append+=" $2"; shift 2 ;;
	--memory) [ $# -ge 2 ] || usage; memory=$2; shift 2 ;;
	--init) [ $# -ge 2 ] || usage; init=$2; shift 2 ;;
	--no-init) noinit=1; shift ;;
	--hang) hang=1; shift ;;
	--log) [ $# -ge 2 ] || usage; log=$2; shift 2 ;;
	--result) [ $# -ge 2 ] || usage; result_to=$2; shift 2 ;;
	-v|--verbose) verbose=1; shift ;;
	-h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 0 ;;
	--) shift; break ;;
	-*) echo "$me: unknown option $1" >&2; usage ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || usage
. "$here/lib.sh"
[ -z "$result_to" ] || result_open "$result_to"
kernel=$1
[[ $timeout =~ ^[1-9][0-9]*$ ]] || die "--timeout wants a whole number of seconds, not '$timeout'"
[ -f "$kernel" ] || die "$kernel: no such kernel image"
case $arch in
x86_64|x86) arch=x86_64 qemu_bin=qemu-system-x86_64 qemu_pkg=qemu-system-x86 console=ttyS0 ;;
arm64) qemu_bin=qemu-system-aarch64 qemu_pkg=qemu-system-arm console=ttyAMA0 ;;
arm) qemu_bin=qemu-system-arm qemu_pkg=qemu-system-arm console=ttyAMA0 ;;
*) die "--arch: no QEMU board known for '$arch' (x86_64, arm64, arm)" ;;
esac
command -v $qemu_bin >/dev/null || die "$qemu_bin is not installed (apt-get install $qemu_pkg)"
[ $accel = tcg ] || [ $arch = x86_64 ] || die "--kvm: only for x86_64"
command -v cpio >/dev/null || die "cpio is not installed (apt-get install cpio)"
if [ $accel = kvm ] && ! [ -w /dev/kvm ]; then
	die "--kvm: /dev/kvm is missing or not writable"
fi
for e in "${expects[@]}"; do
	[[ $e =~ ^!?[a-z]+:.+ ]] || die "--expect '$e': want [!]KIND:NAME"
	[[ $e != *'"'* ]] || die "--expect '$e': may not contain a double quote"
done

# The init.
if [ $noinit = 0 ] && [ -z "$init" ]; then
	initname=build/boot/init
	[ $arch = x86_64 ] || initname+=-$arch
	init=$repo/$initname
	if [ ! -x "$init" ] || [ "$repo/scripts/boot/init.c" -nt "$init" ]; then
		echo "$me: building $init" >&2
		make -s -C "$repo" "$initname" >&2 || die "make $initname failed"
	fi
fi
[ -z "$init" ] || [ -x "$init" ] || die "$init: not an executable"

mkdir -p "$cache/boot"
# Logs of failed boots are kept for a day.
find "$cache/boot" -maxdepth 1 -name 'run.*' -mmin +1440 -exec rm -rf {} + 2>/dev/null || true
work=$(mktemp -d "$cache/boot/run.XXXXXX")
keep_log=0
if [ -z "$log" ]; then
	log=$work/console.log
else
	keep_log=1
	mkdir -p "$(dirname "$log")"
fi
cleanup() {
	if [ "$keep_log" = 0 ]; then
		rm -rf "$work"
	else
		rm -rf "$work/root" "$work/initramfs.cpio"
	fi
}
trap cleanup EXIT

# The initramfs: /init and the mount points.  /dev/console comes from the
# kernel's own built-in initramfs, which is unpacked first.
mkdir -p "$work/root/proc" "$work/root/sys" "$work/root/dev"
[ -z "$init" ] || cp "$init" "$work/root/init"
(cd "$work/root" && find . -mindepth 1 | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) > "$work/initramfs.cpio" ||
	die "cpio failed"

cmdline="console=$console panic=-1"
[ $arch != x86_64 ] || cmdline+=" earlyprintk=serial,ttyS0"
for e in "${expects[@]}"; do
	case $e in
	*' '*) cmdline+=" \"excise.expect=$e\"" ;;
	*) cmdline+=" excise.expect=$e" ;;
	esac
done
[ $hang = 0 ] || cmdline+=" excise.hang"
cmdline+=$append

qemu=($qemu_bin -nographic -no-reboot -monitor none -serial "file:$log"
	-net none -m "$memory" -smp 1 -kernel "$kernel" -initrd "$work/initramfs.cpio"
	-append "$cmdline")
if [ $arch = arm64 ]; then
	qemu+=(-M virt -cpu cortex-a57)
elif [ $arch = arm ]; then
	qemu+=(-M virt -cpu cortex-a15)
fi
if [ $accel = kvm ]; then
	qemu+=(-accel kvm -cpu host)
else
	qemu+=(-accel tcg)
fi

: > "$log"
echo "$me: booting $kernel (${accel}, timeout ${timeout}s${expects:+, ${#expects[@]} check(s)})" >&2
t0=$(date +%s.%N)
set +e
timeout -k 5 "$timeout" "${qemu[@]}" < /dev/null > "$work/qemu.out" 2>&1
rc=$?
set -e
t1=$(date +%s.%N)
elapsed=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')

# The console log without carriage returns.
clean=$work/console.txt
tr -d '\r' < "$log" > "$clean"
if [ $verbose = 1 ]; then
	echo "$me: console:"
	sed 's/^/  | /' "$clean"
fi

verdict() {
	local reason=$1 detail=$2
	echo "$me: FAIL $reason: $detail (after ${elapsed}s)"
	result reason "$reason"
	result detail "$detail"
	result seconds "$elapsed"
	result_verdict fail "$me: FAIL $reason: $detail (after ${elapsed}s)"
	if [ -s "$work/qemu.out" ]; then
		echo "$me: qemu said:"
		tail -n 5 "$work/qemu.out" | sed 's/^/  | /'
	fi
	echo "$me: last console lines ($( [ $keep_log = 1 ] && echo "$log" || echo "kept in $work/console.log")):"
	tail -n 20 "$clean" | sed 's/^/  | /'
	keep_log=1
	exit 1
}

panic=$(grep -m1 -E 'Kernel panic - not syncing' "$clean" || true)
oops=$(grep -m1 -E '^(\[[ 0-9.]+\] )?(Oops: |BUG: |kernel BUG at |general protection fault)' "$clean" || true)
# The init writes its result line at once, but a kernel message may still
# land on the same console line: look for the marker anywhere in a line.
marker=$(grep -m1 -oE 'EXCISE-BOOT: (PASS|FAIL).*' "$clean" || true)

[ -z "$panic" ] || verdict panic "${panic#*] }"
[ -z "$oops" ] || verdict oops "${oops#*] }"
if [ -z "$marker" ]; then
	if [ $rc = 124 ] || [ $rc = 137 ]; then
		verdict timeout "no result line within ${timeout}s"
	elif [ $rc != 0 ]; then
		verdict qemu "$qemu_bin exited with status $rc"
	else
		verdict no-marker "QEMU exited without an EXCISE-BOOT line"
	fi
fi
case $marker in
"EXCISE-BOOT: PASS"*) ;;
"EXCISE-BOOT: FAIL "*) verdict fail "${marker#EXCISE-BOOT: FAIL }" ;;
*) verdict no-marker "garbled result line: $marker" ;;
esac

uptime=$(sed -n '/==> \/proc\/uptime <==/{n;s/ .*//;p;q}' "$clean")
line="$me: PASS in ${elapsed}s${uptime:+ (guest uptime ${uptime}s)}"
echo "$line"
result seconds "$elapsed"
result_verdict pass "$line"
