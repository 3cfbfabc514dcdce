#!/usr/bin/env bash
# The time of a full excise check of the SLOB removal (residue, links,
# Kconfig with the 17 touched arch defconfigs, sparse with allyesconfig,
# the connected configuration from defconfig, build, boot with SLUB's
# "HWalign=" line; caches as they are) next to one plain build of the same
# kernel config without ccache in a fresh build directory.  The check must
# pass (make test runs each step on a small case: tests/kernel/check-fails.sh,
# check-connected.sh, run-intermezzo.sh).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
pristine=$("$top/scripts/tree.sh") || exit 1
a=$cache/work/bench-check
"$top/scripts/worktree.sh" "$a" >/dev/null
"$EXCISE" remove -C "$a" SLOB >/dev/null
t0=$(date +%s)
"$EXCISE" check -C "$a" --before "$pristine" --expect log:HWalign= SLOB > "$a.log" 2>&1
status=$?
t1=$(date +%s)
rm -rf "$cache/build/bench-plain"
"$top/scripts/build-kernel.sh" --no-ccache --name bench-plain "$a" >/dev/null 2>"$a.build"
t2=$(date +%s)
sed -n '/^step /,/^excise check/p' "$a.log"
echo
printf 'full excise check: %4ds (%s)\n' $((t1 - t0)) "$([ $status = 0 ] && echo pass || echo FAIL)"
printf 'plain kernel build, no ccache, fresh directory: %4ds\n' $((t2 - t1))
printf 'ratio check/plain build: %.2f\n' "$(echo "($t1 - $t0) / ($t2 - $t1)" | bc -l)"
rm -rf "$a" "$a.log" "$a.build" "$cache/build/bench-plain"
exit $status
