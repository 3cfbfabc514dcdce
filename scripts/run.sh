#!/usr/bin/env bash
# run.sh [--subsys TARGET] [--out DIR] [--kvm] [--connected-base TARGET]
#   - excise's main job, end to end.
#
# With no --subsys (the InterMezzo case):
#   1. a work copy of the pristine Linux 6.1 tree, with the InterMezzo
#      reconstruction applied (tests/fixtures/intermezzo/);
#   2. a kernel of it, built and booted: intermezzo in /proc/filesystems and
#      /proc/misc;
#   3. excise locate intermezzo, then excise remove intermezzo --commit,
#      written as a patch series (git format-patch) in the output directory;
#   4. excise check: residue, links, Kconfig, sparse before and after, the
#      connected configuration (from tinyconfig here, to keep the run near
#      a quarter of an hour; --connected-base defconfig is check's own
#      default), build, boot (intermezzo gone from /proc/filesystems and
#      /proc/misc);
#   5. a report: references per kind, removed, kept with reasons, what the
#      2004 patch removed next to what excise removed, sparse counts, build
#      and boot evidence, times per stage; on the terminal and in
#      OUT/report.txt.
# With --subsys TARGET (a symbol, a path or a spec name), the same pipeline
# runs on the pristine 6.1 tree, without the reconstruction.
#
# Work trees live in $EXCISE_CACHE/work/run-NAME (hard-linked copies of the
# cache); the output directory defaults to out/NAME in the repository.
#
# What the report says comes from the commands' JSON (--format=json of
# locate, remove and check: locate.json, remove.json, check.json, read with
# jq), never from their output for people, which is kept beside it
# (locate.txt, remove.txt, check.txt) and shown as they run.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${EXCISE_CACHE:-$HOME/.cache/excise}
excise=${EXCISE:-$top/src/excise}
subsys= out= kvm= connected_base=tinyconfig

while [ $# -gt 0 ]; do
	case $1 in
	--subsys) subsys=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--kvm) kvm=--kvm; shift ;;
	--connected-base) connected_base=$2; shift 2 ;;
	*) echo "usage: run.sh [--subsys TARGET] [--out DIR] [--kvm] [--connected-base TARGET]" >&2; exit 2 ;;
	esac
done

target=${subsys:-intermezzo}
name=$(basename "${target%/}" .spec)
out=${out:-$top/out/$name}
work=$cache/work/run-$name
before=$work/before
after=$work/after
report=$out/report.txt
mkdir -p "$out" "$work"
exec 9>"$work.lock"
flock 9

stage_names=() stage_times=()
stage_start=$SECONDS
stage() {	# stage NAME: close the previous stage, open this one
	if [ ${#stage_names[@]} -gt 0 ]; then
		stage_times+=($((SECONDS - stage_start)))
	fi
	stage_names+=("$1")
	stage_start=$SECONDS
	printf '\n==> %s\n' "$1"
}
fail() { echo "run.sh: FAIL: $*" >&2; exit 1; }

stage "prepare trees"
"$top/scripts/deps.sh" || fail "dependencies"
pristine=$("$top/scripts/tree.sh" 6.1) || fail "no pristine 6.1 tree"
echo "pristine tree: $pristine"
"$top/scripts/worktree.sh" "$before" >/dev/null || fail "work copy"
if [ -z "$subsys" ]; then
	"$top/scripts/reconstruct.sh" "$before" || fail "the reconstruction does not apply"
fi
# The tree to remove from is a git repository (a commit of the tree before),
# so that excise writes the removal as a patch series.
rm -rf "$after"
"$top/scripts/gittree.sh" --from "$before" "$after" >/dev/null || fail "git work tree"
# The series needs an author: the user's git identity, or excise's.
git -C "$after" config user.name >/dev/null || git -C "$after" config user.name "excise"
git -C "$after" config user.email >/dev/null || git -C "$after" config user.email "excise@localhost"
echo "work tree: $after ($(git -C "$after" log --oneline -1))"

# What the spec says (excise spec; nothing for a symbol or a path): the boot
# options and checks, the owned directories, the earlier removal.
"$excise" spec "$target" >/dev/null
[ $? -le 1 ] || fail "the spec of $target"
spec() { "$excise" spec --get "$1" "$target"; }
mapfile -t boot_config < <(spec boot-config)
expect_before=()
while read -r e; do expect_before+=(--expect "$e"); done < <(spec boot-expect)
mapfile -t own_dirs < <(spec path | grep '/$')
mapfile -t history < <(spec history)

stage "build and boot the tree before the removal"
kernel=$("$top/scripts/build-kernel.sh" --name "run-$name-before" "$before" "${boot_config[@]}" | tail -n 1) ||
	fail "the kernel before the removal does not build"
"$top/scripts/boot.sh" $kvm --log "$out/boot-before.log" "${expect_before[@]}" "$kernel" |
	tee "$out/boot-before.txt" || fail "the kernel before the removal does not boot"

stage "locate"
"$excise" locate -C "$after" "$target" | tee "$out/locate.txt"
"$excise" locate -C "$after" --format=json "$target" > "$out/locate.json"
"$excise" locate -C "$after" --format=tsv "$target" > "$out/locate.tsv"

# json NAME COMMAND...: COMMAND's JSON (stdout) into OUT/NAME.json, what
# it says for people (stderr) shown and kept in OUT/NAME.txt; its status.
json() {
	local name=$1
	shift
	{ "$@" 2>&1 1>&3 | tee "$out/$name.txt" >&2; } 3> "$out/$name.json"
	return "${PIPESTATUS[0]}"
}

stage "remove, as a patch series"
base=$(git -C "$after" rev-parse HEAD)
rm -rf "$out/series"
json remove "$excise" remove -C "$after" --commit --series "$out/series" --format=json "$target" ||
	fail "excise remove failed"
ls "$out/series"

stage "check"
json check "$excise" check -C "$after" --before "$before" --logs "$out/check" $kvm \
	--connected-base "$connected_base" --format=json "$target"
check_status=$?
stage_times+=($((SECONDS - stage_start)))

{
	echo "excise run: $target"
	echo "pristine tree: $pristine ($(sed -n 's/^SUBLEVEL = //p' "$pristine/Makefile" | sed 's/^/6.1./'))"
	[ -z "$subsys" ] && echo "reconstruction: tests/fixtures/intermezzo/ ($(wc -l < "$top/tests/fixtures/intermezzo/series") patches)"
	echo
	echo "References found (excise locate, the tree before the removal):"
	jq -r '.references | reduce .[] as $r ({}; .[$r.kind] += 1) | to_entries[] | "  \(.key) (\(.value))"' \
		"$out/locate.json"
	jq -r '.references | "  \(length) references in \(map(.path) | unique | length) files: " +
		"\(map(select(.action == "remove")) | length) to remove, " +
		"\(map(select(.action == "kept")) | length) kept, \(map(select(.action == "review")) | length) for review"' \
		"$out/locate.json"
	echo
	echo "What excise removed (excise remove):"
	sed 's/^/  /' "$out/remove.txt"
	echo
	if [ ${#history[@]} -gt 0 ]; then
		echo "The earlier removal next to excise's (files changed or deleted):"
		printf '  %-46s %-22s %s\n' path "earlier removal" excise
		# A file of an owned directory counts as the directory.
		git -C "$after" diff --no-renames --name-only "$base" HEAD | while read -r path; do
			for d in ${own_dirs[@]+"${own_dirs[@]}"}; do
				case $path in "$d"*) path=$d; break ;; esac
			done
			echo "$path"
		done | sort -u | while read -r path; do
			earlier="left behind"
			printf ' %s\n' "${history[@]}" | grep -qF " ${path%/}" && earlier="removed"
			what=changed
			git -C "$after" cat-file -e "HEAD:${path%/}" 2>/dev/null || what=deleted
			printf '  %-46s %-22s %s\n' "$path" "$earlier" "$what"
		done
		jq -r '.notes[] | select(.action == "kept") | "  kept by both: \(.path):\(.line) (\(.kind)): \(.reason)"' \
			"$out/remove.json"
		echo
	fi
	echo "Patch series ($out/series):"
	ls "$out/series" | sed 's/^/  /'
	echo
	echo "Boot before the removal:"
	"$excise" boot-log --word "$name" "$out/boot-before.log" | sed 's/^/  /'
	echo
	echo "Boot after the removal:"
	"$excise" boot-log "$out/check/console.log" 2>/dev/null | sed 's/^/  /'
	echo
	echo "Check after the removal:"
	jq -r '"  step       result      seconds  details",
		(.steps[] | "  \(.step | . + " " * (9 - length)) \(.status | . + " " * (10 - length)) " +
			"\(.seconds | floor | tostring | " " * (7 - length) + .)  \(.details)"),
		"  excise check: \(.verdict | ascii_upcase)"' "$out/check.json"
	echo
	echo "Times:"
	for i in "${!stage_names[@]}"; do
		printf '  %-45s %5ss\n' "${stage_names[$i]}" "${stage_times[$i]:-?}"
	done
} > "$report"
echo
cat "$report"
echo
echo "report: $report"
exit "$check_status"
