#!/usr/bin/env bash
# tests/e2e/series-cns3xxx.sh - `excise remove --commit --series ARCH_CNS3XXX`
# on a git tree of pristine 6.1: a platform with drivers that depend on it
# (some `|| COMPILE_TEST`), device trees and a MAINTAINERS section; every
# patch with its own recipients, no step with a MAINTAINERS F: of a path
# gone, checkpatch, `git am`, the in-place removal.  See tests/lib/series.sh.
# The subjects are what excise gives today (not yet upstream's).  Exit 0
# pass, 77 skip, anything else fail.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib/series.sh"
series_e2e cns3xxx "${SUBJECTS:-/dev/null}" ARCH_CNS3XXX
