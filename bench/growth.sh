#!/usr/bin/env bash
# How excise's CPU time grows with the size of one input of an odd shape
# (issue 35): each shape is built on a copy of tests/fixtures/mini at N and
# at 10 x N, excise runs on both, and the table gives the CPU seconds (user +
# sys, the best of RUNS runs) and the growth ratio time(10N) / time(N):
# about 10 for linear growth, 100 for quadratic.
#
#   ifdef     fs/many.c, N blocks "#ifdef CONFIG_FOO_FS / int foo_many_I(void)
#             {...} / #endif" (a kept file, built by obj-y): remove drops each
#             block and the link check compares the file's definitions
#   oneline   fs/oneline.c, one line of N references IS_ENABLED(CONFIG_FOO_FS)
#   spec      a spec of FOO_FS and N more symbols, each with a Kconfig entry
#             (fs/Kconfig.growth, sourced by fs/Kconfig) and an object of
#             fs/Makefile built under it
#   words     one line of fs/Makefile with N words naming fs/foo/, which the
#             spec (tests/fixtures/mini-foo.spec) owns: each word goes
#   makefile  fs/Makefile with N more lines: kept objects, and in every
#             thousand lines an object and a composite object (with its part
#             list) built under CONFIG_FOO_FS, their sources in fs/
#
# Each runs `excise locate` and `excise remove --dry-run --no-cocci` (the
# removal's planning, without spatch).  SHAPES picks shapes, N_ifdef=4000
# N_oneline=5000 N_spec=5000 N_words=5000 N_makefile=100000 set the sizes
# (10 x N is the issue's size), GROWTH_RUNS (default 1) the runs.
# `growth.sh --make SHAPE N DIR` only builds the tree (the golden
# growth-shapes builds each small, to check what excise says of it).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
RUNS=${GROWTH_RUNS:-1}

# make_tree SHAPE N DIR: the mini fixture with SHAPE at size N in DIR.
make_tree() {
	local shape=$1 n=$2 dir=$3
	rm -rf "$dir"
	cp -r "$top/tests/fixtures/mini" "$dir" || return 1
	case $shape in
	ifdef)
		awk -v n="$n" 'BEGIN {
			print "// SPDX-License-Identifier: GPL-2.0"
			for (i = 1; i <= n; i++)
				printf "#ifdef CONFIG_FOO_FS\nint foo_many_%d(void)\n{\n\treturn %d;\n}\n#endif\n", i, i
		}' > "$dir/fs/many.c"
		echo 'obj-y				+= many.o' >> "$dir/fs/Makefile" ;;
	oneline)
		awk -v n="$n" 'BEGIN {
			print "// SPDX-License-Identifier: GPL-2.0"
			printf "int foo_refs[] = {"
			for (i = 1; i <= n; i++)
				printf " IS_ENABLED(CONFIG_FOO_FS),"
			print " };"
		}' > "$dir/fs/oneline.c"
		echo 'obj-y				+= oneline.o' >> "$dir/fs/Makefile" ;;
	spec)
		awk -v n="$n" -v k="$dir/fs/Kconfig.growth" -v m="$dir/fs/Makefile" 'BEGIN {
			print "# SPDX-License-Identifier: GPL-2.0" > k
			print "name growth"
			print "symbol FOO_FS"
			for (i = 1; i <= n; i++) {
				printf "config FOO_GROWTH_%d\n\tbool \"Foo growth %d\"\n\tdepends on FOO_FS\n\n", i, i > k
				printf "obj-$(CONFIG_FOO_GROWTH_%d)\t+= foo_growth_%d.o\n", i, i >> m
				printf "symbol FOO_GROWTH_%d\n", i
			}
		}' > "$dir/growth.spec"
		sed -i 's|^endmenu|source "fs/Kconfig.growth"\n\nendmenu|' "$dir/fs/Kconfig" ;;
	makefile)
		awk -v n="$n" -v fs="$dir/fs" 'BEGIN {
			for (i = 1; i <= n; i++) {
				if (i % 1000 == 0) {
					printf "obj-$(CONFIG_FOO_FS)\t+= foo_part%d.o\n", i
				} else if (i % 1000 == 1 && i > 1000) {
					k = i - 1
					printf "foo_part%d-y\t:= foo_part%d_a.o foo_part%d_b.o\n", k, k, k
					printf "int foo_part%d_a;\n", k > fs "/foo_part" k "_a.c"
					printf "int foo_part%d_b;\n", k > fs "/foo_part" k "_b.c"
					close(fs "/foo_part" k "_a.c")
					close(fs "/foo_part" k "_b.c")
				} else if (i % 1000 == 500) {
					printf "obj-$(CONFIG_FOO_FS)\t+= foo_single%d.o\n", i
					printf "int foo_single%d;\n", i > fs "/foo_single" i ".c"
					close(fs "/foo_single" i ".c")
				} else {
					printf "obj-y\t\t+= keep%d.o\n", i
				}
			}
		}' >> "$dir/fs/Makefile" ;;
	words)
		awk -v n="$n" 'BEGIN {
			printf "obj-y\t\t+= namei.o"
			for (i = 1; i <= n; i++)
				printf " foo/"
			print ""
		}' >> "$dir/fs/Makefile"
		cp "$top/tests/fixtures/mini-foo.spec" "$dir/words.spec" ;;
	*)
		echo "growth.sh: no shape $shape" >&2
		return 1 ;;
	esac
}

# target SHAPE DIR: what excise is asked to remove.
target() {
	case $1 in
	spec) echo "$2/growth.spec" ;;
	words) echo "$2/words.spec" ;;
	*) echo FOO_FS ;;
	esac
}

# cpu CMD...: the CPU seconds (user + sys) of the best of RUNS runs; a
# failure is reported and makes the bench fail.
cpu() {
	local best= t
	for _ in $(seq 1 "$RUNS"); do
		/usr/bin/time -f '%U %S' -o "$scratch/time" "$@" >/dev/null 2>"$scratch/err" ||
			{ echo "growth.sh: failed: $* ($(grep -m1 excise: "$scratch/err"))" >&2; touch "$scratch/failed"; }
		t=$(tail -n 1 "$scratch/time" | awk '{ printf "%.2f", $1 + $2 }')
		if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
	done
	echo "$best"
}

ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (a < 0.01) a = 0.01; printf "%.1f", b / a }'
}

if [ "${1:-}" = --make ]; then
	[ $# = 4 ] || { echo "usage: growth.sh --make SHAPE N DIR" >&2; exit 2; }
	make_tree "$2" "$3" "$4"
	exit
fi

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
declare -A size=([ifdef]=${N_ifdef:-4000} [oneline]=${N_oneline:-5000} [spec]=${N_spec:-5000}
		 [words]=${N_words:-5000} [makefile]=${N_makefile:-100000})
printf '%-9s %8s %8s | %-24s | %-24s\n' shape N 10N "locate cpu s: N 10N ratio" \
	"remove --dry-run: N 10N ratio"

for shape in ${SHAPES:-ifdef oneline spec words makefile}; do
	n=${size[$shape]}
	declare -A t=()
	for m in 1 10; do
		tree=$scratch/$shape-$m
		make_tree "$shape" $((n * m)) "$tree" || exit 1
		tgt=$(target "$shape" "$tree")
		t[locate$m]=$(cpu "$EXCISE" locate -C "$tree" "$tgt")
		t[remove$m]=$(cpu "$EXCISE" remove -C "$tree" --dry-run --no-cocci --force "$tgt")
		rm -rf "$tree"
	done
	printf '%-9s %8s %8s | %6s %7s %9s | %6s %7s %9s\n' "$shape" "$n" $((n * 10)) \
		"${t[locate1]}" "${t[locate10]}" "$(ratio "${t[locate1]}" "${t[locate10]}")" \
		"${t[remove1]}" "${t[remove10]}" "$(ratio "${t[remove1]}" "${t[remove10]}")"
	unset t
done
echo "(CPU seconds, user + sys, best of $RUNS; ratio = time(10N) / time(N): 10 is linear, 100 quadratic)"
[ ! -e "$scratch/failed" ]
