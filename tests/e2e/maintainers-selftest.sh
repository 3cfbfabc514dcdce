#!/usr/bin/env bash
# maintainers-selftest.sh - scripts/get_maintainer.pl --self-test=patterns,
# sections (the 6.1 tree's script) on the MAINTAINERS of the mini fixture,
# a git tree, before and after `excise remove FOO_FS`: the FOO section loses
# its fs/foo/ and Documentation lines (its header stays: another file
# includes it), the shared REPLICATION HELPERS section loses its fs/foo/
# line, ZED goes whole with the helper only FOO selected, and the self-test
# reports nothing new.  The same tree with fs/foo/ deleted by
# hand and MAINTAINERS left alone shows what the self-test catches: a new
# "no file matches" warning.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
command -v git >/dev/null || skip "git is not installed"
command -v perl >/dev/null || skip "perl is not installed"
gm=$(pristine)/scripts/get_maintainer.pl
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org

# selftest DIR: the self-test's warnings of DIR's index, file:line taken out.
selftest() {
	git -C "$1" add -A >/dev/null
	(cd "$1" && perl "$gm" --self-test=patterns,sections) 2>&1 |
		sed 's/^[^	]*: warning: /warning: /' | sort
}

for t in before after byhand; do
	cp -a "$top/tests/fixtures/mini" "$scratch/$t"
	git -C "$scratch/$t" init -q && git -C "$scratch/$t" add -A &&
		git -C "$scratch/$t" commit -qm base || fail "cannot make a git tree of the fixture"
done
"$EXCISE" remove --force -C "$scratch/after" FOO_FS >/dev/null || fail "excise remove FOO_FS failed"
rm -r "$scratch/byhand/fs/foo"

selftest "$scratch/before" >"$scratch/st.before"
selftest "$scratch/after" >"$scratch/st.after"
selftest "$scratch/byhand" >"$scratch/st.byhand"
grep -q "^REPLICATION HELPERS" "$scratch/after/MAINTAINERS" || fail "the shared section is gone"
grep -q "^F:	fs/foo/" "$scratch/after/MAINTAINERS" && fail "an F: line of fs/foo/ is still there"
grep -q "^ZED" "$scratch/after/MAINTAINERS" && fail "the ZED section is still there"
new=$(comm -13 "$scratch/st.before" "$scratch/st.after")
[ -z "$new" ] || { echo "$new"; fail "the self-test reports something new after excise remove"; }
caught=$(comm -13 "$scratch/st.before" "$scratch/st.byhand")
grep -q "no file matches" <<<"$caught" || fail "the self-test does not catch fs/foo/ deleted by hand"
echo "result: get_maintainer.pl --self-test: $(grep -c . "$scratch/st.before") warnings before, $(grep -c . "$scratch/st.after") after excise remove, $(grep -c . <<<"$caught") new when fs/foo/ is deleted by hand"
exit 0
