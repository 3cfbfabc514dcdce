#!/usr/bin/env bash
# A file remove writes anew keeps its owner, group, mode and extended
# attributes, as GNU sed -i keeps them (run as root: main gave root the
# files of other users and dropped their user.* attributes).  Each checked
# file is one the removal edits (its bytes change), so a kept owner is not
# a file left alone; drivers/Kconfig's mode is 0640.  Skipped (77) when not
# root or where the file system has no user.* attributes.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
[ "$(id -u)" = 0 ] || skip "not root: cannot give files to other users"
command -v python3 >/dev/null || skip "no python3 (to set extended attributes)"
fixture=$top/tests/fixtures/mini
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
t=$scratch/t
cp -a "$fixture" "$t"

xattr() { # set FILE NAME VALUE | get FILE NAME
	python3 - "$@" <<'EOF'
import os, sys
if sys.argv[1] == "set":
    os.setxattr(sys.argv[2], sys.argv[3], sys.argv[4].encode(), follow_symlinks=False)
else:
    print(os.getxattr(sys.argv[2], sys.argv[3], follow_symlinks=False).decode())
EOF
}
xattr set "$t/fs/Makefile" user.excise.test "kept value" 2>/dev/null ||
	skip "no user.* extended attributes on $(df --output=fstype "$scratch" | tail -n 1)"
xattr set "$t/fs/Makefile" user.second "two" || fail "setxattr"
chown 1234:2345 "$t/fs/Makefile" "$t/drivers/Kconfig" || fail "chown"
chmod 0640 "$t/drivers/Kconfig" || fail "chmod"
chown 4321:5432 "$t/MAINTAINERS" || fail "chown"
xattr set "$t/MAINTAINERS" user.maintainers "yes" || fail "setxattr"
before_make=$(sha1sum <"$t/fs/Makefile") before_kconfig=$(sha1sum <"$t/drivers/Kconfig") before_maint=$(sha1sum <"$t/MAINTAINERS")

"$EXCISE" remove --force --no-cocci -C "$t" FOO_FS >"$scratch/out" 2>"$scratch/err" ||
	{ cat "$scratch/err"; fail "the removal failed"; }
[ "$(sha1sum <"$t/fs/Makefile")" != "$before_make" ] || fail "fs/Makefile was not edited"
[ "$(sha1sum <"$t/drivers/Kconfig")" != "$before_kconfig" ] || fail "drivers/Kconfig was not edited"
[ "$(sha1sum <"$t/MAINTAINERS")" != "$before_maint" ] || fail "MAINTAINERS was not edited"

check() { # FILE EXPECTED-"uid:gid mode"
	local got
	got=$(stat -c '%u:%g %a' "$t/$1")
	[ "$got" = "$2" ] || fail "$1: owner and mode $got, not $2"
	echo "result: $1: edited, owner and mode kept ($got)"
}
check fs/Makefile "1234:2345 644"
check drivers/Kconfig "1234:2345 640"
check MAINTAINERS "4321:5432 644"
for a in "fs/Makefile user.excise.test kept value" "fs/Makefile user.second two" "MAINTAINERS user.maintainers yes"; do
	read -r f name value <<<"$a"
	got=$(xattr get "$t/$f" "$name" 2>&1) || fail "$f: attribute $name lost ($got)"
	[ "$got" = "$value" ] || fail "$f: attribute $name is '$got', not '$value'"
	echo "result: $f: attribute $name kept"
done
