#!/usr/bin/env bash
# The heavy matrices make test runs one small case of: the full check of
# the SLOB removal is bench/check.sh; this runs the Kconfig matrix of the
# NTFS_FS/NET_SCH_CBQ removal over every touched defconfig (make test
# configures one per architecture) and prints its time.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
mkdir -p "$cache/tmp"
t0=$(date +%s)
EXCISE_FULL=1 "$top/tests/e2e/dangling-remove.sh" > "$cache/tmp/bench-matrix.log" 2>&1
status=$?
t1=$(date +%s)
grep '^result:' "$cache/tmp/bench-matrix.log"
printf 'dangling-remove, every touched defconfig: %4ds (%s)\n' $((t1 - t0)) "$([ $status = 0 ] && echo pass || echo FAIL)"
exit $status
