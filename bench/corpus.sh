#!/usr/bin/env bash
# The corpus: every upstream removal from 6.1 to 6.12 under drivers/, fs/,
# sound/ and arch/{arm,alpha,mips,powerpc,sh,m68k}/ (bench/corpus/discover.py),
# each run through excise remove on a work copy of 6.1 and scored against
# 6.12 (bench/corpus/run.py): per-case TSVs, a summary table, and the line
#   corpus: N cases, recall R%, over-removed paths P, over-removed symbols S, residue L, failed F, in T s
# CORPUS_ARGS passes options (e.g. --kconfig, or case names).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
"$top/scripts/tree.sh" 6.1 >/dev/null && "$top/scripts/tree.sh" 6.12 >/dev/null || exit 1
# shellcheck disable=SC2086
EXCISE=$EXCISE python3 "$top/bench/corpus/run.py" ${CORPUS_ARGS:-}
