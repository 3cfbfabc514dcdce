#!/usr/bin/env bash
# kconfig-invalid: an invalid Kconfig line in the after tree fails every
# configuration; a type-less symbol and an unmet "select" are new warnings.
set -euo pipefail
. "$(dirname "$0")/../lib/kernel.sh"
need gcc make flex bison
before=$(pristine_tree)
work_tree kconfig-after
after=$work
{ cat "$before/fs/Kconfig"; printf 'excise_bogus_statement FOO\n'; } | replace_file "$after/fs/Kconfig"
t0=$SECONDS
run_expect 1 '^    fs/Kconfig:[0-9]+: unknown statement "excise_bogus_statement"$' \
	"$scripts/kconfig-check.sh" "$before" "$after"
echo "result: kconfig-check of 3 configurations $((SECONDS - t0))s"
expect_line '^kconfig-check\.sh: x86_64:defconfig +before 0 warning\(s\) 0 error\(s\), after 0 warning\(s\) [1-9] error\(s\)  FAIL'
expect_line '^    error: make ARCH=x86_64 allnoconfig failed \(exit 2\)$'
expect_line '^kconfig-check\.sh: FAIL [0-9]+ new Kconfig'

{
	cat "$before/fs/Kconfig"
	printf 'config EXCISE_TYPELESS\n\tdefault y\n\n'
	printf 'config EXCISE_SELECTOR\n\tbool "excise test"\n\tdefault y\n\tselect EXCISE_SELECTED\n\n'
	printf 'config EXCISE_SELECTED\n\tbool\n\tdepends on BROKEN\n'
} | replace_file "$after/fs/Kconfig"
run_expect 1 '^    fs/Kconfig:[0-9]+:warning: config symbol defined without type$' \
	"$scripts/kconfig-check.sh" --no-default "$before" "$after" x86_64:allyesconfig
expect_line '^    WARNING: unmet direct dependencies detected for EXCISE_SELECTED \| Depends on \[n\]: BROKEN \[=n\]'
expect_line '^kconfig-check\.sh: x86_64:allyesconfig +before 0 warning\(s\) 0 error\(s\), after 2 warning\(s\) 0 error\(s\)  FAIL 2 new'
