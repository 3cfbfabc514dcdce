#!/usr/bin/env bash
# cocci-test.sh cocci/tests/NAME.res - run one test of a semantic patch, in
# Coccinelle's own form: NAME.c (or NAME.h) is the input, NAME.res the
# expected output of patch mode, NAME.report (optional) the expected output
# of report mode.  The input's first line names the patch (relative to
# cocci/) and its -D values:
#
#   // spatch: is_enabled.cocci -D config=FOO
#
# or a pipeline of patches, each run on the output of the one before, as the
# runner chains them:
#
#   // spatch: is_enabled.cocci -D config=FOO | unused.cocci -D names=@
#
# where names=@ stands for the identifiers of the lines the stages before
# removed or changed (the "-" lines of their diffs), which is what the runner
# passes unused.cocci.  The report is each stage's report on its own input,
# stage after stage, each sorted by line.  A stage "@SCRIPT ARG..." runs the
# patch cocci/SCRIPT writes from its arguments (rename_types.sh).
#
# A second line "// compile" compiles the output with gcc -fsyntax-only
# -Wall -Wextra (cocci/tests/kernel-stub.h included first), and fails on an
# error or on a warning that something is unused (-Wunused-function,
# -Wunused-variable, -Wunused-but-set-variable, -Wunused-label);
# "// compile, unused before" also wants such a warning on the input of the
# last stage (so the test shows that the last stage is what removes it).
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
"// spatch: "*) IFS='|' read -r -a stages <<<"${first#// spatch: }" ;;
*) echo "cocci-test.sh: $input: line 1 is not \"// spatch: PATCH.cocci [-D name=value]... [| PATCH.cocci ...]...\"" >&2; exit 2 ;;
esac
compile=0
case $(sed -n 2p "$input") in
"// compile") compile=1 ;;
"// compile, unused before") compile=2 ;;
esac

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
file=$name.${input##*.}
cp "$input" "$scratch/$file"
cd "$scratch" || exit 2
: >report
: >removed

# The options of a patch: its "// Options:" line; as the runner (src/cocci.c)
# does, the kernel attribute macros spatch lacks, and the distribution's
# python3 named for a patch with python rules (spatch looks python3 up in PATH
# first: a pyenv shim there costs seconds a run).
patch_options() {
	read -r -a options <<<"$(sed -n 's|^// Options:||p' "$1" | head -n 1)"
	[ -f "$top/cocci/kernel.h" ] && options+=(--macro-file "$top/cocci/kernel.h")
	if grep -q ':python' "$1" && [ -x /usr/bin/python3 ]; then
		options+=(--python /usr/bin/python3)
	fi
}

status=0
n=0
for stage in "${stages[@]}"; do
	n=$((n + 1))
	read -r -a words <<<"$stage"
	args=()
	case ${words[0]} in
	@*)
		# A patch a script writes from its arguments.
		gen=$top/cocci/${words[0]#@}
		[ -x "$gen" ] || { echo "cocci-test.sh: $input: no script $gen" >&2; exit 2; }
		patch=$scratch/gen.$n.cocci
		"$gen" "${words[@]:1}" >"$patch" || { echo "cocci-test.sh: $gen failed" >&2; exit 2; }
		words=("${words[0]}")
		;;
	*)
		patch=$top/cocci/${words[0]}
		[ -f "$patch" ] || { echo "cocci-test.sh: $input: no patch $patch" >&2; exit 2; }
		;;
	esac
	for w in "${words[@]:1}"; do
		case $w in
		names=@) w=names=$(sort -u removed | paste -sd, -) ;;
		esac
		args+=("$w")
	done
	patch_options "$patch"
	cp "$file" "in.$n"
	spatch --very-quiet --sp-file "$patch" -D patch "${args[@]}" "${options[@]}" "$file" -o out >/dev/null 2>err
	rc=$?
	if [ $rc != 0 ] || [ ! -f out ]; then
		echo "spatch -D patch (${words[0]}) failed (exit $rc):"
		cat err
		exit 1
	fi
	# Anything spatch says on standard error (a parse error, a Python failure) fails the test.
	if [ -s err ]; then
		echo "spatch -D patch (${words[0]}) said:"
		cat err
		status=1
	fi
	if [ -f "$base.report" ] || [ "${COCCI_UPDATE:-0}" = 1 ]; then
		spatch --very-quiet --no-show-diff --sp-file "$patch" -D report "${args[@]}" "${options[@]}" "$file" 2>err |
			sort -t: -k2,2n -s >>report
		if [ -s err ]; then
			echo "spatch -D report (${words[0]}) said:"
			cat err
			status=1
		fi
	fi
	# The identifiers of the lines this stage removed or changed.
	diff "$file" out | sed -n 's/^< //p' | grep -o '[A-Za-z_][A-Za-z0-9_]*' >>removed
	mv out "$file"
done

if [ "${COCCI_UPDATE:-0}" = 1 ]; then
	cp "$file" "$res"
	echo "updated $res"
	if [ -s report ]; then cp report "$base.report"; else rm -f "$base.report"; fi
else
	if ! diff -u --label "expected $name.res" --label "actual" "$res" "$file"; then
		status=1
	fi
	if [ -f "$base.report" ] && ! diff -u --label "expected $name.report" --label "actual" "$base.report" report; then
		status=1
	fi
fi

# The compiler as the judge of what is left unused.
if [ $compile != 0 ]; then
	unused='-Wunused-(function|variable|but-set-variable|label)'
	cc() {
		gcc -fsyntax-only -Wall -Wextra -include "$top/cocci/tests/kernel-stub.h" -x c "$1" 2>&1
	}
	if ! out=$(cc "$file") || grep -Eq -e "$unused" <<<"$out"; then
		echo "gcc on the output:"
		echo "$out"
		status=1
	fi
	if [ $compile = 2 ] && ! grep -Eq -e "$unused" <<<"$(cc "in.$n")"; then
		echo "gcc finds nothing unused in the input of the last stage: the test cannot show it removes anything"
		status=1
	fi
fi
exit $status
