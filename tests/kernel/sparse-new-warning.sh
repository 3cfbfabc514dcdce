#!/usr/bin/env bash
# sparse-new-warning: a new non-static function without a declaration in
# the after tree is a new sparse warning; sparse-diff.sh prints it and fails.
# Also removes a file and shifts the lines of another: neither is new.
set -euo pipefail
. "$(dirname "$0")/../lib/kernel.sh"
need sparse gcc make flex bison
before=$(pristine_tree)
work_tree sparse-after
after=$work
{ cat "$before/fs/romfs/super.c"; printf '\nint excise_test_undeclared(int x)\n{\n\treturn x + 1;\n}\n'; } |
	replace_file "$after/fs/romfs/super.c"
{ printf '/* excise test: shifted */\n\n\n'; cat "$before/drivers/char/misc.c"; } |
	replace_file "$after/drivers/char/misc.c"
rm "$after/fs/romfs/storage.c"
t0=$SECONDS
run_expect 1 "^  fs/romfs/super\.c:[0-9]+:5: warning: symbol 'excise_test_undeclared' was not declared\. Should it be static\?$" \
	"$scripts/sparse-diff.sh" "$before" "$after" allmodconfig \
	fs/romfs/super.c fs/romfs/storage.c drivers/char/misc.c
echo "result: sparse-diff on 3 objects $((SECONDS - t0))s"
# Exactly one new warning, and the removed file is reported as skipped.
expect_line '^sparse-diff\.sh: FAIL 1 new warning\(s\)/error\(s\)'
expect_line '^sparse-diff\.sh:   removed in after: fs/romfs/storage\.c$'
