#!/usr/bin/env bash
# distcc: excise check --distcc sends the build step's compile jobs through
# distcc behind ccache.  Two distccd daemons on 127.0.0.1 (two ports), a
# check build of a work copy in which mm/internal.h gained a declaration
# nobody has compiled before (so that the files including it miss ccache
# and go out); both daemons' logs must show COMPILE_OK.  The build has the
# configuration of the boot tests' kernel (the boot fragment), so that every
# other file hits ccache: the test costs the probe's files and a link, not a
# kernel.  Negative control:
# the same build pointed at a port where no daemon listens, with
# DISTCC_FALLBACK=0, must fail: the jobs really go through distcc.  The
# daemons are stopped at the end, even on failure.
set -uo pipefail
. "$(dirname "$0")/../lib/kernel.sh"
need distcc distccd ccache gcc make flex bison bc
[ "$(id -u)" = 0 ] || skip "distccd --user nobody needs root"
tree=$(pristine_tree)
work_tree distcc

logs=$(mktemp -d)
chmod 777 "$logs"   # distccd writes its log as nobody
pids=()
stop_daemons() {
	local p
	for p in "${pids[@]}"; do
		[ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null
	done
	sleep 1
	rm -rf "$logs"
}
trap stop_daemons EXIT
trap 'exit 1' INT TERM   # so that the EXIT trap stops the daemons

# Two free ports, and a third one where nothing listens.
free_port() {
	local p
	while :; do
		p=$((20000 + RANDOM % 20000))
		ss -ltn 2>/dev/null | grep -q ":$p\b" || { echo "$p"; return; }
	done
}
p1=$(free_port)
p2=$(free_port)
while [ "$p2" = "$p1" ]; do p2=$(free_port); done
dead=$(free_port)
for p in "$p1" "$p2"; do
	distccd --daemon --allow 127.0.0.1 --listen 127.0.0.1 --port "$p" --user nobody \
		--log-file "$logs/distccd-$p.log" --pid-file "$logs/distccd-$p.pid" --log-level info ||
		fail "distccd on port $p did not start"
	pids+=("$logs/distccd-$p.pid")
done
for p in "$p1" "$p2"; do
	for _ in 1 2 3 4 5 6 7 8 9 10; do [ -s "$logs/distccd-$p.pid" ] && break; sleep 0.5; done
	[ -s "$logs/distccd-$p.pid" ] || fail "distccd on port $p wrote no pid file"
done

# A declaration no one has compiled: the files including mm/internal.h miss ccache.
probe() {
	{ cat "$tree/mm/internal.h"; echo "extern int excise_distcc_probe_$1;"; } | replace_file "$work/mm/internal.h"
}

probe "$(date +%s%N)"
hosts="127.0.0.1:$p1/2 127.0.0.1:$p2/2"
t0=$SECONDS
DISTCC_FALLBACK=0 "$EXCISE" check -C "$work" --before "$tree" --only build --logs "$logs/check" \
	--distcc "$hosts" SLOB > "$logs/check.out" 2>&1
rc=$?
cat "$logs/check.out"
[ $rc = 0 ] || fail "the check build through distcc failed"
grep -q "misses through distcc to $hosts" "$logs/check/build.log" ||
	fail "build-kernel.sh did not say it used distcc"
n1=$(grep -c COMPILE_OK "$logs/distccd-$p1.log")
n2=$(grep -c COMPILE_OK "$logs/distccd-$p2.log")
echo "result: check build through distcc $((SECONDS - t0))s; COMPILE_OK: $n1 on port $p1, $n2 on port $p2"
[ "$n1" -gt 0 ] || fail "the daemon on port $p1 compiled nothing"
[ "$n2" -gt 0 ] || fail "the daemon on port $p2 compiled nothing"

# Negative control: no daemon on the port, no fallback: the build fails.
probe "$(date +%s%N)"
DISTCC_FALLBACK=0 "$EXCISE" check -C "$work" --before "$tree" --only build --logs "$logs/dead" \
	--distcc "127.0.0.1:$dead/2" SLOB > "$logs/dead.out" 2>&1 &&
	fail "a build pointed at a dead distcc host passed: the jobs did not go through distcc"
grep -q 'check build    FAIL' "$logs/dead.out" || { cat "$logs/dead.out"; fail "no FAIL line for the dead host"; }
echo "result: a dead distcc host (port $dead) fails the build, as it should"
rm -rf "$work"
