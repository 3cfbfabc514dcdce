#!/usr/bin/env bash
# check's connected step catches a removal that breaks a configuration the
# boot kernel never builds: a kept caller of a deleted definition.  In a
# work copy of 6.1, drivers/char/ttyprintk.c gains a definition only it
# has (excise_probe_ttyprintk) and init/main.c, which every kernel builds,
# a call to it; excise remove --force TTY_PRINTK deletes ttyprintk.c and
# keeps the caller.  check fails at links and at connected (the link of
# vmlinux), both naming the function.  Negative control first: the
# unbroken removal passes the connected step (only with EXCISE_FULL=1,
# make test-full: make test sees a real removal pass it in
# run-intermezzo.sh, make bench in bench/check.sh).  Both builds start from
# tinyconfig (--connected-base), which build-kernel.sh completes with the
# boot fragment, as the boot kernels of the other tests: TTY_PRINTK, a
# leaf driver whose symbol no header tests, leaves almost every object the
# same, so a cold run compiles ttyprintk.c and little else (ccache) where
# a removal like SLOB, which changes <linux/slab.h>, recompiles the kernel
# twice.  The step's default base is defconfig.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

# 0. The real removal passes.
a=
if [ "${EXCISE_FULL:-0}" = 1 ]; then
	a=$(workcopy check-connected)
	"$EXCISE" remove -C "$a" TTY_PRINTK >/dev/null || fail "remove TTY_PRINTK"
	"$EXCISE" check -C "$a" --before "$pristine" --only connected --connected-base tinyconfig \
		--logs "$logs/ok.d" TTY_PRINTK > "$logs/ok" 2>&1 || { cat "$logs/ok"; fail "connected fails on the real removal"; }
	grep -q 'removed  TTY_PRINTK' "$logs/ok" || { cat "$logs/ok"; fail "TTY_PRINTK is not in the connected set"; }
	echo "result: the real removal passes: $(grep '^check connected' "$logs/ok" | sed 's/  */ /g')"
fi

# 1. A kept caller of a definition only the removed file has.
b=$(workcopy check-connected-before)
{ cat "$pristine/drivers/char/ttyprintk.c"; printf '\nint excise_probe_ttyprintk(void)\n{\n\treturn 1;\n}\n'; } |
	rewrite "$b/drivers/char/ttyprintk.c"
sed 's/^void __init __weak arch_call_rest_init(void)$/int excise_probe_ttyprintk(void);\n\n&/' "$pristine/init/main.c" |
	sed 's/^\trest_init();$/\texcise_probe_ttyprintk();\n&/' | rewrite "$b/init/main.c"
grep -q '^	excise_probe_ttyprintk();' "$b/init/main.c" || fail "the call was not injected into init/main.c"
c=$(workcopy check-connected-after)
rm -rf "$c" && cp -al "$b" "$c"
"$EXCISE" remove -C "$c" TTY_PRINTK > "$logs/remove" 2>&1 && { cat "$logs/remove"; fail "remove did not refuse the link residue"; }
"$EXCISE" remove --force -C "$c" TTY_PRINTK > "$logs/remove" 2>&1 || { cat "$logs/remove"; fail "remove --force TTY_PRINTK"; }
"$EXCISE" check -C "$c" --before "$b" --only links --only connected --connected-base tinyconfig \
	--logs "$logs/bad.d" TTY_PRINTK > "$logs/bad" 2>&1 && { cat "$logs/bad"; fail "check passed with a kept caller of a deleted definition"; }
grep -q '^check links .*FAIL' "$logs/bad" || { cat "$logs/bad"; fail "links did not fail"; }
grep -q 'link residue: .*excise_probe_ttyprintk' "$logs/bad" || { cat "$logs/bad"; fail "links does not name excise_probe_ttyprintk"; }
grep -q '^check connected FAIL' "$logs/bad" || { cat "$logs/bad"; fail "connected did not fail"; }
grep -q 'undefined reference to excise_probe_ttyprintk' "$logs/bad" || { cat "$logs/bad"; fail "connected does not name excise_probe_ttyprintk"; }
grep -q 'removed  TTY_PRINTK' "$logs/bad" || { cat "$logs/bad"; fail "TTY_PRINTK is not in the connected set"; }
echo "result: links fails as it should: $(grep -m1 'link residue: ' "$logs/bad" | sed 's/^ *//')"
echo "result: connected fails as it should: $(grep -m1 'undefined reference to excise_probe_ttyprintk' "$logs/bad" | sed 's/^ *//')"
rm -rf "$a" "$b" "$c"
