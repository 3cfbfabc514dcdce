# shellcheck shell=bash
# tests/lib/series.sh - the end-to-end check of `excise remove --commit
# --series` on git work trees of the pristine 6.1 tree; sourced by
# tests/e2e/series-*.sh, which call series_e2e.
#
# series_case NAME TARGET... <<END: series_e2e with the subjects on stdin.
# series_e2e NAME SUBJECTS TARGET...
#   1. A: a git tree of pristine 6.1 (scripts/gittree.sh); excise remove
#      --commit --series DIR TARGET... there, with a fixed identity and
#      fixed dates; the work tree must be clean afterwards.
#   2. The subjects (git log, oldest first) must equal SUBJECTS (golden),
#      every message line must fit in 72 columns (but a one-word line: a
#      path no wrapping can break) and end the message with
#      the Signed-off-by of git's identity.
#   3. Every patch passes scripts/checkpatch.pl with no error; the only
#      warning accepted is FILE_PATH_CHANGES ("added, moved or deleted
#      file(s), does MAINTAINERS need updating?"), which checkpatch gives
#      for any patch that deletes a file: MAINTAINERS is updated in its own
#      patch of the series, or needs no change.
#   4. The cover letter has the subject, the summary table, Cc: lines and
#      base-commit: <the base>; every patch has its own To:/Cc: lines
#      (get_maintainer.pl --nokeywords on that patch).
#   5. B: another pristine 6.1 git tree; `git am` of the patches applies
#      cleanly, and B's HEAD tree is A's, object id for object id.
#   6. C: a plain work copy; excise remove TARGET... in place; C's files
#      are A's and B's, byte for byte (diff -r, .git aside).
#   7. scripts/get_maintainer.pl --self-test=patterns,sections on the
#      MAINTAINERS sections the series touched (tests/lib/maintainers-
#      touched.py), in B at the base and in A at the end: nothing new.
#   8. Every step resolves (on A): no Kconfig `source` of a missing file, no
#      depends on/select/imply of a symbol defined at the base but not at
#      that step, and no MAINTAINERS F: pattern that matched a file the
#      series deletes and matches nothing at that step.
# Exit 0 pass, 77 skip, 1 fail.  "result:" lines carry the figures.

series_case() {
	local subjects rc
	subjects=$(mktemp)
	cat >"$subjects"
	series_e2e "$1" "$subjects" "${@:2}"
	rc=$?
	rm -f "$subjects"
	return $rc
}

series_e2e() {
	local name=$1 subjects=$2
	shift 2
	local top=${EXCISE_TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
	local excise=${EXCISE:-$top/src/excise}
	local cache=${EXCISE_CACHE:-$HOME/.cache/excise}
	local fails=0 t0

	fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
	ok() { echo "ok: $*"; }

	[ -x "$excise" ] || { echo "SKIP: no excise binary at $excise"; return 77; }
	for tool in git perl diff; do
		command -v $tool >/dev/null || { echo "SKIP: $tool is not installed"; return 77; }
	done
	"$top/scripts/tree.sh" >/dev/null 2>&1 || { echo "SKIP: no pristine 6.1 tree"; return 77; }

	mkdir -p "$cache/work"
	local work
	work=$(mktemp -d "$cache/work/series-$name.XXXXXX")
	# shellcheck disable=SC2064
	trap "rm -rf '$work'" EXIT
	local a=$work/a b=$work/b c=$work/c dir=$work/series

	export GIT_AUTHOR_NAME='Excise Test' GIT_AUTHOR_EMAIL=test@example.org
	export GIT_COMMITTER_NAME='Excise Test' GIT_COMMITTER_EMAIL=test@example.org
	export GIT_AUTHOR_DATE='2025-01-01T12:00:00Z' GIT_COMMITTER_DATE='2025-01-01T12:00:00Z'

	"$top/scripts/gittree.sh" "$a" >/dev/null || { echo "FAIL: gittree.sh"; return 1; }
	local base
	base=$(git -C "$a" rev-parse HEAD)

	# 1. commit and format-patch
	t0=$(date +%s.%N)
	if ! (cd "$a" && EXCISE_TIMES=1 "$excise" remove --commit --series "$dir" "$@") >"$work/out" 2>"$work/err"; then
		cat "$work/out" "$work/err"
		echo "FAIL: excise remove --commit --series failed"
		return 1
	fi
	echo "result: excise remove --commit --series, in all: $(echo "$(date +%s.%N) - $t0" | bc | sed 's/^\./0./') s"
	sed -n 's/^excise: commits \(.*\) s, format-patch \(.*\) s$/result: commits \1 s, format-patch (with get_maintainer.pl) \2 s/p' "$work/err"
	grep -v '^excise: commits' "$work/err"
	sed -n '1,/^series:/p' "$work/out"
	local n
	n=$(git -C "$a" rev-list --count "$base..HEAD")
	if [ -z "$(git -C "$a" status --porcelain --untracked-files=no)" ]; then
		ok "work tree clean after --commit ($n commits)"
	else
		fail "work tree not clean after --commit: $(git -C "$a" status --porcelain --untracked-files=no | head -5)"
	fi

	# 2. subjects (golden), widths, sign-off
	if diff -u --label expected --label actual "$subjects" <(git -C "$a" log --reverse --format=%s "$base..HEAD"); then
		ok "subjects match $(basename "$subjects")"
	else
		fail "subjects differ from $(basename "$subjects")"
	fi
	local long
	# A line that is one word (a path in a list: no wrapping can break it,
	# and checkpatch exempts "path:" lines from its length check) may be longer.
	long=$(git -C "$a" log --format=%B "$base..HEAD" | awk 'length > 72 && $0 !~ /^ *[^ ]+$/' | head -3)
	if [ -z "$long" ]; then ok "every message line fits in 72 columns"; else fail "lines over 72 columns: $long"; fi
	local signed
	signed=$(git -C "$a" log --format=%B "$base..HEAD" | grep -c '^Signed-off-by: Excise Test <test@example.org>$')
	if [ "$signed" = "$n" ]; then
		ok "every commit signed off by git's identity"
	else
		fail "$signed of $n commits signed off"
	fi
	echo "series:"
	git -C "$a" log --reverse --format='  %s' "$base..HEAD"

	# 8 (early, on A): every step resolves: Kconfig sources, and the names its depends on/select/imply use
	series_refs() {
		git -C "$a" grep -h -E '^[[:space:]]*(depends on|select|imply)[[:space:]]' "$1" -- '*Kconfig*' |
			sed -E 's/^[[:space:]]*(depends on|select|imply)//; s/#.*//' | grep -oE '\b[A-Z][A-Z0-9_]+\b' | sort -u
	}
	series_defs() {
		git -C "$a" grep -h -E '^[[:space:]]*(menu)?config[[:space:]]+[A-Z0-9_]+' "$1" -- '*Kconfig*' |
			awk '{print $2}' | sort -u
	}
	series_missing_sources() {
		comm -23 <(git -C "$a" grep -h -E '^[[:space:]]*source[[:space:]]+"' "$1" -- '*Kconfig*' |
				sed 's/.*"\(.*\)".*/\1/' | grep -v '\$' | sort -u) \
			<(git -C "$a" ls-tree -r --name-only "$1" | sort)
	}
	comm -23 <(series_refs "$base") <(series_defs "$base") >"$work/undef.base"
	series_missing_sources "$base" >"$work/src.base"
	local commit bad=0 what
	git -C "$a" diff --name-only --diff-filter=D "$base" HEAD >"$work/deleted"
	for commit in $(git -C "$a" rev-list --reverse "$base..HEAD"); do
		what=$(comm -23 <(series_refs "$commit") <(series_defs "$commit") | comm -23 - "$work/undef.base" | tr '\n' ' ')
		what+=$(series_missing_sources "$commit" | comm -23 - "$work/src.base" | sed 's/^/source /' | tr '\n' ' ')
		git -C "$a" show "$commit:MAINTAINERS" >"$work/M.step"
		git -C "$a" ls-tree -r --name-only "$commit" >"$work/files.step"
		what+=$(python3 "$top/tests/lib/maintainers-dangling.py" "$work/M.step" "$work/files.step" "$work/deleted" |
			sed 's/^/MAINTAINERS F: /' | tr '\n' ' ')
		if [ -n "$what" ]; then
			echo "  $(git -C "$a" log -1 --format=%s "$commit"): $what"
			bad=$((bad + 1))
		fi
	done
	if [ $bad = 0 ]; then
		ok "every step resolves: Kconfig sources exist, no depends on/select of a symbol gone, no MAINTAINERS F: of a path gone"
	else
		fail "$bad step(s) name a Kconfig file or symbol that is gone at that step"
	fi

	# 3. checkpatch
	local p errors=0 warnings=0 other=""
	for p in "$dir"/0*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		(cd "$a" && perl scripts/checkpatch.pl --show-types --strict "$p") >"$work/cp" 2>&1
		local e w
		e=$(sed -n 's/^total: \([0-9]*\) errors.*/\1/p' "$work/cp")
		w=$(sed -n 's/^total: [0-9]* errors, \([0-9]*\) warnings.*/\1/p' "$work/cp")
		[ -n "$e" ] || { fail "checkpatch gave no total for ${p##*/}"; cat "$work/cp"; continue; }
		errors=$((errors + e))
		warnings=$((warnings + w))
		other+=$(grep -E '^(ERROR|WARNING|CHECK):' "$work/cp" | grep -v '^WARNING:FILE_PATH_CHANGES:')
		echo "checkpatch ${p##*/}: $(grep '^total:' "$work/cp")"
	done
	echo "result: checkpatch --strict: $errors errors, $warnings warnings (all FILE_PATH_CHANGES unless listed)"
	if [ "$errors" = 0 ] && [ -z "$other" ]; then
		ok "checkpatch: no error, no warning or check but FILE_PATH_CHANGES"
	else
		fail "checkpatch: $errors errors; other findings: $other"
	fi

	# 4. cover letter
	local cover=$dir/0000-cover-letter.patch
	# (format-patch pads the number: [PATCH 00/15])
	if grep -q "^Subject: \[PATCH 0*0/$n\] " "$cover"; then
		ok "cover letter subject: $(grep '^Subject:' "$cover" | head -1)"
	else
		fail "cover letter has no subject"
	fi
	if grep -q '^  kind  *count$' "$cover" && grep -q '^  deleted files  *[0-9]*$' "$cover"; then
		ok "cover letter has the summary table"
	else
		fail "cover letter lacks the summary table"
	fi
	if grep -q "^base-commit: $base\$" "$cover"; then
		ok "cover letter has base-commit: $base"
	else
		fail "no base-commit line"
	fi
	local cc
	cc=$(awk '/^$/ {exit} /^(To|Cc): / {c=1} c' "$cover" | grep -c '@')
	echo "result: cover letter To:/Cc: $cc addresses (get_maintainer.pl --no-git --nokeywords, MAINTAINERS of the base)"
	if [ "$cc" -gt 0 ]; then ok "cover letter has Cc: lines"; else fail "cover letter has no Cc:"; fi
	if grep -q '\*\*\*' "$cover"; then fail "cover letter still has *** placeholders"; fi
	# every patch has its own recipients: get_maintainer.pl (--nokeywords) on that patch
	local nobody=0 line
	for p in "$dir"/0*.patch; do
		case $p in */0000-cover-letter.patch) continue ;; esac
		line=$(awk '/^$/ {exit} /^(To|Cc): / {h=1} h' "$p" | grep -c '@')
		echo "result: ${p##*/}: $line recipients: $(awk '/^$/ {exit} /^(To|Cc): / {h=1} h' "$p" | tr -d '\n' | sed 's/    / /g')"
		[ "$line" -gt 0 ] || nobody=$((nobody + 1))
	done
	if [ $nobody = 0 ]; then ok "every patch has its own To:/Cc:"; else fail "$nobody patch(es) without To:/Cc:"; fi

	# 5. git am on a pristine git tree
	"$top/scripts/gittree.sh" "$b" >/dev/null || { echo "FAIL: gittree.sh"; return 1; }
	t0=$(date +%s.%N)
	local patches=()
	for p in "$dir"/0*.patch; do
		case $p in */0000-cover-letter.patch) ;; *) patches+=("$p") ;; esac
	done
	if git -C "$b" am -q "${patches[@]}" >"$work/am" 2>&1; then
		ok "git am applies the ${#patches[@]} patches cleanly"
	else
		cat "$work/am"
		fail "git am failed"
	fi
	echo "result: git am of ${#patches[@]} patches: $(echo "$(date +%s.%N) - $t0" | bc | sed 's/^\./0./') s"
	local ta tb
	ta=$(git -C "$a" rev-parse 'HEAD^{tree}')
	tb=$(git -C "$b" rev-parse 'HEAD^{tree}')
	if [ "$ta" = "$tb" ]; then
		ok "git am gives the same tree as --commit ($ta)"
	else
		fail "trees differ: --commit $ta, git am $tb"
	fi

	# 6. in place, without git
	"$top/scripts/worktree.sh" "$c" >/dev/null || { echo "FAIL: worktree.sh"; return 1; }
	(cd "$c" && "$excise" remove "$@") >/dev/null 2>"$work/err-c" || { cat "$work/err-c"; fail "in-place excise remove failed"; }
	if diff -r -x .git -x .excise-complete "$a" "$c" >"$work/diff" 2>&1; then
		ok "the --commit work tree equals the in-place removal (diff -r)"
	else
		head -20 "$work/diff"
		fail "the --commit work tree differs from the in-place removal"
	fi
	if diff -r -x .git -x .excise-complete "$b" "$c" >"$work/diff" 2>&1; then
		ok "the git am tree equals the in-place removal (diff -r)"
	else
		head -20 "$work/diff"
		fail "the git am tree differs from the in-place removal"
	fi

	# 7. get_maintainer.pl's self-test of the touched sections, before and
	# after (a MAINTAINERS of just those sections: the whole file takes
	# minutes; the file list is git's, so both trees are git trees).
	local touched
	git -C "$b" show "$base:MAINTAINERS" >"$work/M.base"
	touched=$(python3 "$top/tests/lib/maintainers-touched.py" "$work/M.base" "$a/MAINTAINERS" \
		"$work/M.before" "$work/M.after")
	if [ -z "$touched" ]; then
		ok "the series touches no MAINTAINERS section"
	else
		# cp --remove-destination: the trees are hard-linked to the cache.
		git -C "$b" checkout -q "$base" && cp --remove-destination "$work/M.before" "$b/MAINTAINERS" &&
			(cd "$b" && perl scripts/get_maintainer.pl --self-test=patterns,sections) >"$work/st.before" 2>&1
		cp --remove-destination "$work/M.after" "$a/MAINTAINERS" &&
			(cd "$a" && perl scripts/get_maintainer.pl --self-test=patterns,sections) >"$work/st.after" 2>&1
		git -C "$a" checkout -q -- MAINTAINERS
		local new
		new=$(sed 's/^[^	]*: warning: /warning: /' "$work/st.before" | sort >"$work/st.b"
		      sed 's/^[^	]*: warning: /warning: /' "$work/st.after" | sort | comm -13 "$work/st.b" -)
		echo "result: get_maintainer.pl --self-test=patterns,sections on the touched sections ($(tr '\n' ';' <<<"$touched" | sed 's/;$//; s/;/; /g')): $(grep -c . "$work/st.before") warnings before, $(grep -c . "$work/st.after") after"
		if [ -z "$new" ]; then
			ok "get_maintainer.pl --self-test reports nothing new for the touched sections"
		else
			echo "$new"
			fail "get_maintainer.pl --self-test reports new warnings for the touched sections"
		fi
	fi
	"$top/scripts/tree.sh" >/dev/null 2>"$work/tree.err"
	grep -q extracting "$work/tree.err" && fail "the pristine cache was modified (tree.sh extracted it again)"

	echo "result: $name: $n patches, $fails failures"
	[ $fails = 0 ]
}
