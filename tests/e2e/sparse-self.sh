#!/usr/bin/env bash
# excise's own C sources draw no warning from sparse (make sparse-self).
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
command -v sparse >/dev/null || skip "sparse is not installed"
make -s -C "$top" sparse-self || fail "sparse warns about our sources"
echo "result: sparse: $(ls "$top"/src/*.c | wc -l) source files, no warnings"
