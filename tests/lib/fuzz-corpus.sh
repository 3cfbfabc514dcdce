#!/usr/bin/env bash
# fuzz-corpus.sh NAME - replay tests/fuzz/corpus/NAME (seeds and regression
# inputs of fuzz harness NAME) and mutate briefly from it (-runs, fixed
# seed).  Exit 77 (skip) when clang or its libFuzzer runtime is missing.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
name=$1
cc=${FUZZ_CC:-clang}
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$probe/p.c"
if ! command -v "$cc" >/dev/null || ! "$cc" -fsanitize=fuzzer,address,undefined -o "$probe/p" "$probe/p.c" 2>/dev/null; then
	echo "$cc with -fsanitize=fuzzer is not available: skipped"
	exit 77
fi
make -s "build/fuzz/$name" || exit 1
# New inputs go to the scratch directory (the first one), never into the repository.
mkdir -p "$probe/new"
"build/fuzz/$name" -runs="${FUZZ_RUNS:-500}" -seed=1 -timeout=30 "$probe/new" "tests/fuzz/corpus/$name"
