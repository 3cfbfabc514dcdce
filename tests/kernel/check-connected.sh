#!/usr/bin/env bash
# check's connected step catches a removal that breaks a configuration the
# boot kernel never builds: a kept caller of a deleted definition.  In a
# work copy of 6.1, mm/slob.c gains a definition only it has
# (excise_probe_slob) and init/main.c, which every kernel builds, a call to
# it; excise remove --force SLOB deletes slob.c and keeps the caller.
# check fails at links and at connected (the link of vmlinux), both naming
# the function.  Negative control first: the unbroken SLOB removal passes
# the connected step (only with EXCISE_FULL=1, make test-full: make test
# sees a real removal pass it in run-intermezzo.sh, make bench in
# bench/check.sh).  Both builds start from tinyconfig (--connected-base) to
# stay small; the step's default is defconfig.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
rewrite() { cat > "$1.new" && mv "$1.new" "$1"; }   # never write into a hard-linked file

# 0. The real removal passes.
a=
if [ "${EXCISE_FULL:-0}" = 1 ]; then
	a=$(workcopy check-connected)
	"$EXCISE" remove -C "$a" SLOB >/dev/null || fail "remove SLOB"
	"$EXCISE" check -C "$a" --before "$pristine" --only connected --connected-base tinyconfig \
		--logs "$logs/ok.d" SLOB > "$logs/ok" 2>&1 || { cat "$logs/ok"; fail "connected fails on the real removal"; }
	grep -q 'removed  SLOB' "$logs/ok" || { cat "$logs/ok"; fail "SLOB is not in the connected set"; }
	grep -q 'SLUB: in the choice of SLOB' "$logs/ok" || { cat "$logs/ok"; fail "SLUB (same choice) is not connected"; }
	echo "result: the real removal passes: $(grep '^check connected' "$logs/ok" | sed 's/  */ /g')"
fi

# 1. A kept caller of a definition only the removed file has.
b=$(workcopy check-connected-before)
{ cat "$pristine/mm/slob.c"; printf '\nint excise_probe_slob(void)\n{\n\treturn 1;\n}\n'; } | rewrite "$b/mm/slob.c"
sed 's/^void __init __weak arch_call_rest_init(void)$/int excise_probe_slob(void);\n\n&/' "$pristine/init/main.c" |
	sed 's/^\trest_init();$/\texcise_probe_slob();\n&/' | rewrite "$b/init/main.c"
grep -q '^	excise_probe_slob();' "$b/init/main.c" || fail "the call was not injected into init/main.c"
c=$(workcopy check-connected-after)
rm -rf "$c" && cp -al "$b" "$c"
"$EXCISE" remove -C "$c" SLOB > "$logs/remove" 2>&1 && { cat "$logs/remove"; fail "remove did not refuse the link residue"; }
"$EXCISE" remove --force -C "$c" SLOB > "$logs/remove" 2>&1 || { cat "$logs/remove"; fail "remove --force SLOB"; }
"$EXCISE" check -C "$c" --before "$b" --only links --only connected --connected-base tinyconfig \
	--logs "$logs/bad.d" SLOB > "$logs/bad" 2>&1 && { cat "$logs/bad"; fail "check passed with a kept caller of a deleted definition"; }
grep -q '^check links .*FAIL' "$logs/bad" || { cat "$logs/bad"; fail "links did not fail"; }
grep -q 'link residue: .*excise_probe_slob' "$logs/bad" || { cat "$logs/bad"; fail "links does not name excise_probe_slob"; }
grep -q '^check connected FAIL' "$logs/bad" || { cat "$logs/bad"; fail "connected did not fail"; }
grep -q 'undefined reference to excise_probe_slob' "$logs/bad" || { cat "$logs/bad"; fail "connected does not name excise_probe_slob"; }
grep -q 'removed  SLOB' "$logs/bad" || { cat "$logs/bad"; fail "SLOB is not in the connected set"; }
grep -q 'SLUB: in the choice of SLOB' "$logs/bad" || { cat "$logs/bad"; fail "SLUB (same choice) is not connected"; }
echo "result: links fails as it should: $(grep -m1 'link residue: ' "$logs/bad" | sed 's/^ *//')"
echo "result: connected fails as it should: $(grep -m1 'undefined reference to excise_probe_slob' "$logs/bad" | sed 's/^ *//')"
rm -rf "$a" "$b" "$c"
