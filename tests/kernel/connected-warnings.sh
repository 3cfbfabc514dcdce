#!/usr/bin/env bash
# connected-build.sh compares each object AFTER compiled with what BEFORE
# said of the same object, even when BEFORE's build went on from an earlier
# one and did not compile it.  In a work copy of 6.1, kernel/panic.c gains a
# function nothing calls (an old warning, in both trees) and a mention of
# CONFIG_TTY_PRINTK, so that kbuild compiles it again when that option
# changes; AFTER's tree adds another such function to kernel/exit.c (a new
# warning).  BEFORE has TTY_PRINTK=y, AFTER not.  Each run must report the
# one new warning and not the old one.  The second run with the same build
# directories is the control: BEFORE's tree has not changed, so its build
# compiles nothing and only the second pass of BEFORE (the objects AFTER
# compiled) can show that the old warning is not new.
set -uo pipefail
. "$(dirname "$0")/../lib/common.sh"
pristine=$(pristine)
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

b=$(workcopy connected-warnings-before)
{ cat "$pristine/kernel/panic.c"; printf '\n/* CONFIG_TTY_PRINTK */\nstatic int excise_probe_old(void)\n{\n\treturn 0;\n}\n'; } |
	rewrite "$b/kernel/panic.c"
c=$(workcopy connected-warnings-after)
rm -rf "$c" && cp -al "$b" "$c"
{ cat "$pristine/kernel/exit.c"; printf '\nstatic int excise_probe_new(void)\n{\n\treturn 0;\n}\n'; } |
	rewrite "$c/kernel/exit.c"
echo CONFIG_TTY_PRINTK=y > "$logs/before.config"
: > "$logs/after.config"

for run in 1 2; do
	"$top/scripts/connected-build.sh" --base tinyconfig --name test-connected-warnings \
		"$b" "$c" "$logs/before.config" "$logs/after.config" > "$logs/$run" 2>&1 ||
		{ cat "$logs/$run"; fail "run $run: connected-build.sh fails on a new warning"; }
	grep -q 'PASS no new errors, 1 new warning' "$logs/$run" || { cat "$logs/$run"; fail "run $run: want 1 new warning"; }
	grep -q "^  kernel/exit.c:[0-9:]*: warning: .*excise_probe_new.* defined but not used" "$logs/$run" ||
		{ cat "$logs/$run"; fail "run $run: the new warning is not excise_probe_new's"; }
	grep -q 'excise_probe_old' "$logs/$run" && { cat "$logs/$run"; fail "run $run: the old warning is counted as new"; }
	echo "result: run $run: $(grep -m1 'compiled again' "$logs/$run" | sed 's/^connected-build.sh: //')"
done
grep -q 'before: compiled again the [0-9]* file(s) that after compiled' "$logs/2" ||
	{ cat "$logs/2"; fail "run 2: BEFORE did not compile again what AFTER compiled"; }
rm -rf "$b" "$c"
