#!/usr/bin/env bash
# tests/e2e/install.sh - make install DESTDIR=... PREFIX=/usr installs the
# binary, its specs/, cocci/ and scripts/, the manual pages and the bash
# completion; the installed binary, run from another directory on a tree
# given with -C, finds its resources (a bundled spec, the semantic patches)
# and does what the built one does; each page renders under man --warnings;
# the completion completes; make uninstall takes everything away.
# Exit 0 pass, 77 skip, anything else fail.
set -uo pipefail

top=${EXCISE_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
EXCISE=${EXCISE:-$top/src/excise}

skip() { echo "SKIP: $*"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

for tool in make man install; do
	command -v $tool >/dev/null || skip "$tool is not installed"
done
# make install must not build: other tests run the binary meanwhile.
make -s -C "$top" -q src/excise build/excise.bash build/man/excise.1 build/boot/init 2>/dev/null
case $? in
0) ;;
1) skip "the build is not up to date: make first" ;;
*) echo "FAIL: make knows no rule for the manual pages or the completion"; exit 1 ;;
esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dest=$tmp/dest
if ! make -s -C "$top" install DESTDIR="$dest" PREFIX=/usr >"$tmp/install.log" 2>&1; then
	cat "$tmp/install.log"
	echo "FAIL: make install"
	exit 1
fi
bin=$dest/usr/bin/excise
for f in usr/bin/excise usr/share/excise/specs/intermezzo.spec usr/share/excise/cocci/calls.cocci \
	usr/share/excise/cocci/kernel.h usr/share/excise/scripts/boot.sh \
	usr/share/excise/scripts/lib.sh usr/share/excise/scripts/boot/kernel.config \
	usr/share/excise/build/boot/init usr/share/man/man1/excise.1 \
	usr/share/man/man1/excise-locate.1 usr/share/man/man1/excise-remove.1 \
	usr/share/man/man1/excise-check.1 usr/share/man/man1/excise-cpp.1 \
	usr/share/man/man5/excise-spec.5 usr/share/bash-completion/completions/excise; do
	[ -e "$dest/$f" ] || fail "make install did not install /$f"
done
[ -x "$bin" ] || { echo "FAIL: no executable $bin"; exit 1; }
ok "make install DESTDIR=... PREFIX=/usr: the binary, specs/, cocci/, scripts/, man pages, completion"

# A tree elsewhere, and the installed binary run from a third directory.
cp -a "$top/tests/fixtures/mini" "$tmp/tree"
mkdir "$tmp/elsewhere"
out_built=$(cd "$tmp/elsewhere" && "$EXCISE" locate -C ../tree FOO_FS 2>&1)
out_inst=$(cd "$tmp/elsewhere" && env -u EXCISE_SPECS -u EXCISE_COCCI -u EXCISE_SCRIPTS \
	"$bin" locate -C ../tree FOO_FS 2>&1)
if [ "$out_built" = "$out_inst" ] && [ -n "$out_inst" ]; then
	ok "the installed excise locate -C ../tree from another directory: as the built one"
else
	fail "installed locate differs from the built one"
	diff <(echo "$out_built") <(echo "$out_inst") | head -20
fi
# A bundled spec: found in PREFIX/share/excise/specs (not beside the sources).
if (cd "$tmp/elsewhere" && env -u EXCISE_SPECS "$bin" spec --get title intermezzo) |
	grep -qx 'the InterMezzo filesystem'; then
	ok "the installed binary reads its bundled spec intermezzo"
else
	fail "the installed binary does not find specs/intermezzo.spec"
fi
# A removal with the semantic patches (cocci/) when spatch is there, on a copy of the tree.
cp -a "$tmp/tree" "$tmp/tree2"
want=$(cd "$tmp/elsewhere" && "$EXCISE" remove --dry-run -C ../tree2 FOO_FS 2>&1; echo "rc=$?")
got=$(cd "$tmp/elsewhere" && env -u EXCISE_SPECS -u EXCISE_COCCI -u EXCISE_SCRIPTS \
	"$bin" remove --dry-run -C ../tree2 FOO_FS 2>&1; echo "rc=$?")
if [ "$want" = "$got" ]; then
	ok "the installed excise remove --dry-run -C: as the built one"
else
	fail "installed remove --dry-run differs from the built one"
	diff <(echo "$want") <(echo "$got") | head -20
fi
if (cd "$tmp/elsewhere" && "$bin" remove --force -C ../tree FOO_FS >/dev/null 2>&1) &&
	[ ! -e "$tmp/tree/fs/foo" ]; then
	ok "the installed excise remove --force -C ../tree removed fs/foo/"
else
	fail "the installed excise remove -C ../tree did not remove FOO_FS"
fi

# The manual pages render without a warning.
for page in "$dest"/usr/share/man/man*/*; do
	warn=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
	lines=$(MANWIDTH=80 man -l "$page" 2>/dev/null | wc -l)
	if [ -n "$warn" ] || [ "$lines" -lt 10 ]; then
		fail "man -l ${page#$dest}: $lines lines, warnings: $warn"
	fi
	grep -q '^\.SH EXIT STATUS' "$page" || fail "${page#$dest} has no EXIT STATUS section"
done
ok "man --warnings -l of each installed page: no warning, an EXIT STATUS section"

# The completion completes a command, an option and a value.
got=$(bash -c 'source "$1"
	t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _excise
	      echo "${COMPREPLY[*]}"; }
	t excise rem; t excise remove --dry; t excise locate --format ""' _ \
	"$dest/usr/share/bash-completion/completions/excise")
if [ "$got" = $'remove\n--dry-run\nhuman tsv json' ]; then
	ok "bash completion: remove --dry-run, --format human tsv json"
else
	fail "bash completion gave: $got"
fi

make -s -C "$top" uninstall DESTDIR="$dest" PREFIX=/usr >/dev/null 2>&1
left=$(find "$dest" -type f | head -5)
[ -z "$left" ] && ok "make uninstall removes every file" || fail "make uninstall left: $left"

[ $fails = 0 ] || { echo "$fails failures"; exit 1; }
echo "PASS"
