#!/usr/bin/env bash
# sparse-no-change: an unchanged copy of the tree has no new warnings, even
# for a file with many sparse warnings (kernel/fork.c).
set -euo pipefail
. "$(dirname "$0")/../lib/kernel.sh"
need sparse gcc make flex bison
before=$(pristine_tree)
work_tree sparse-same
after=$work
t0=$SECONDS
run_expect 0 '^sparse-diff\.sh: PASS no new warnings or errors \(0 gone\)' \
	"$scripts/sparse-diff.sh" "$before" "$after" allmodconfig \
	fs/romfs/super.c drivers/char/misc.c kernel/fork.c
echo "result: sparse-diff on 3 objects $((SECONDS - t0))s"
