#!/usr/bin/env bash
# build-dropped-option: an option whose dependencies are missing (EXT4_FS
# needs BLOCK, which tinyconfig leaves out) is reported, not silently
# dropped.  Only the configuration step runs; the shared build is left alone.
set -euo pipefail
. "$(dirname "$0")/../lib/kernel.sh"
need gcc make flex bison
tree=$(pristine_tree)
run_expect 1 '^build-kernel\.sh: error: CONFIG_EXT4_FS=y was requested but is not set in \.config$' \
	"$scripts/build-kernel.sh" --name test-dropped-6.1 "$tree" CONFIG_EXT4_FS=y
run_expect 2 "^build-kernel\.sh: 'nosuchfile' is neither a fragment file nor an option" \
	"$scripts/build-kernel.sh" --name test-dropped-6.1 "$tree" nosuchfile
