#!/usr/bin/env bash
# excise remove --dry-run arch/ia64 on a work copy of the pristine 6.1 tree
# reports no link residue for acpi_suspend_lowlevel: ia64 defines it as a
# function, x86 as a pointer to one (int (*acpi_suspend_lowlevel)(void) =
# ...; in arch/x86/kernel/acpi/boot.c), and a name another architecture
# defines is not lost (issue 37).  Before the fix: 6 uses listed.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
a=$(workcopy "links-ia64")
"$EXCISE" remove -C "$a" --dry-run arch/ia64 > "$a.diff" 2> "$a.summary" || fail "ia64: --dry-run failed"
n=$(grep -c "link residue: .*acpi_suspend_lowlevel" "$a.summary")
[ "$n" = 0 ] || { grep "link residue" "$a.summary"; fail "ia64: $n uses of acpi_suspend_lowlevel taken for link residue"; }
echo "result: ia64: $(grep -c 'link residue' "$a.summary") link residues, none for acpi_suspend_lowlevel; $(tail -n 1 "$a.summary")"
rm -rf "$a" "$a".*
exit 0
