#!/usr/bin/env bash
# The corpus: every upstream removal from 6.1 to 6.12 under drivers/, fs/,
# sound/ and arch/{arm,alpha,mips,powerpc,sh,m68k}/ (bench/corpus/discover.py),
# each run through excise remove as a user runs it (default flags; a refused
# case again with --with-users --force) on a work copy of 6.1 and scored
# against 6.12 (bench/corpus/run.py): per-case TSVs, a summary table, and
# the line
#   corpus: N cases, recall R% (with API sites A%), over-removed paths P,
#   over-removed symbols S, residue L, compile errors E of F files, refused
#   N, failed F, in T s | --with-users --force: recall ...
# CORPUS_COMPILE chooses the compiler's part (scripts/compile-files.sh):
#   all     every case, both columns (make bench; the default)
#   sample  the default flags' column of the cases with at most
#           CORPUS_COMPILE_MAX (8) files to compile, until the judge has
#           spent CORPUS_COMPILE_BUDGET (600) seconds (make corpus)
#   none    no compiling
# CORPUS_JOBS (1) cases run at once; CORPUS_BUDGET (0: none) seconds after
# which no case starts (the rest are listed as not run; make corpus: 2400).
# CORPUS_ARGS passes more options (e.g. --kconfig, or case names).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
"$top/scripts/tree.sh" 6.1 >/dev/null && "$top/scripts/tree.sh" 6.12 >/dev/null || exit 1
case ${CORPUS_COMPILE:-all} in
all) compile=(--compile all) ;;
sample) compile=(--compile default --compile-max-files "${CORPUS_COMPILE_MAX:-8}"
	--compile-budget "${CORPUS_COMPILE_BUDGET:-600}") ;;
none) compile=(--compile none) ;;
*) echo "bench/corpus.sh: CORPUS_COMPILE is all, sample or none, not '$CORPUS_COMPILE'" >&2; exit 2 ;;
esac
# shellcheck disable=SC2086
EXCISE=$EXCISE python3 "$top/bench/corpus/run.py" "${compile[@]}" --jobs "${CORPUS_JOBS:-1}" \
	--budget "${CORPUS_BUDGET:-0}" ${CORPUS_ARGS:-}
