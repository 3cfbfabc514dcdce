#!/usr/bin/env bash
# cocci-test.sh cocci/tests/NAME.res - run one test of a semantic patch, in
# Coccinelle's own form: NAME.c (or NAME.h) is the input, NAME.res the
# expected output of patch mode, NAME.report (optional) the expected output
# of report mode.  The input's first line names the patch (relative to
# cocci/) and its -D values:
#
#   // spatch: is_enabled.cocci -D config=FOO
#
# spatch runs in a scratch directory on a copy named NAME.c (NAME.h), with
# the options of the patch's "// Options:" line, as scripts/coccicheck does,
# and --macro-file cocci/kernel.h (and --python /usr/bin/python3), as the
# runner does.
# With COCCI_UPDATE=1 the expected files are rewritten from the actual run
# (read them before committing).  Exit 0 pass, 1 fail, 77 no spatch.
set -uo pipefail
res=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
top=${EXCISE_TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
base=${res%.res}
name=$(basename "$base")

command -v spatch >/dev/null || { echo "spatch is not installed"; exit 77; }
if [ -f "$base.c" ]; then input=$base.c; elif [ -f "$base.h" ]; then input=$base.h; else
	echo "cocci-test.sh: no $base.c or $base.h for $res" >&2
	exit 2
fi
first=$(head -n 1 "$input")
case $first in
"// spatch: "*) read -r -a words <<<"${first#// spatch: }" ;;
*) echo "cocci-test.sh: $input: line 1 is not \"// spatch: PATCH.cocci [-D name=value]...\"" >&2; exit 2 ;;
esac
patch=$top/cocci/${words[0]}
args=("${words[@]:1}")
[ -f "$patch" ] || { echo "cocci-test.sh: $input: no patch $patch" >&2; exit 2; }
read -r -a options <<<"$(sed -n 's|^// Options:||p' "$patch" | head -n 1)"
# As the runner (src/cocci.c) does: the kernel attribute macros spatch lacks,
# and the distribution's python3 named for a patch with python rules (spatch
# looks python3 up in PATH first: a pyenv shim there costs seconds a run).
[ -f "$top/cocci/kernel.h" ] && options+=(--macro-file "$top/cocci/kernel.h")
if grep -q ':python' "$patch" && [ -x /usr/bin/python3 ]; then
	options+=(--python /usr/bin/python3)
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
file=$name.${input##*.}
cp "$input" "$scratch/$file"
cd "$scratch" || exit 2

status=0
spatch --very-quiet --sp-file "$patch" -D patch "${args[@]}" "${options[@]}" "$file" -o out >/dev/null 2>err
rc=$?
if [ $rc != 0 ] || [ ! -f out ]; then
	echo "spatch -D patch failed (exit $rc):"
	cat err
	exit 1
fi
if [ "${COCCI_UPDATE:-0}" = 1 ]; then
	cp out "$res"
	echo "updated $res"
elif ! diff -u --label "expected $name.res" --label "actual" "$res" out; then
	status=1
fi
# Anything spatch says on standard error (a parse error, a Python failure) fails the test.
if [ -s err ]; then
	echo "spatch -D patch said:"
	cat err
	status=1
fi

if [ -f "$base.report" ] || [ "${COCCI_UPDATE:-0}" = 1 ]; then
	spatch --very-quiet --no-show-diff --sp-file "$patch" -D report "${args[@]}" "${options[@]}" "$file" 2>err |
		sort -t: -k2,2n -s >report
	if [ "${COCCI_UPDATE:-0}" = 1 ]; then
		if [ -s report ]; then cp report "$base.report"; else rm -f "$base.report"; fi
	elif ! diff -u --label "expected $name.report" --label "actual" "$base.report" report; then
		status=1
	fi
	if [ -s err ]; then
		echo "spatch -D report said:"
		cat err
		status=1
	fi
fi
exit $status
