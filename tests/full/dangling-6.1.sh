#!/usr/bin/env bash
# dangling-6.1.sh - `excise locate --dangling` on the pristine 6.1 tree,
# against the kernel's own scripts/checkkconfigsymbols.py on the same tree.
#
#  1. excise lists the leftovers of the Debian stable backports' removals
#     (legacy NTFS and net/sched qdiscs and classifiers) as dangling, with the
#     verdict "leftover".
#  2. Every symbol the script reports is either dangling in excise's report
#     or excluded there with a rule and a reason; the only other case is a
#     name the script glues together with non-ASCII letters (Python's \w
#     matches them), whose ASCII parts excise reports.
#  3. Every dangling symbol excise reports that the script does not is
#     explained, reference by reference, with the script's own regular
#     expressions (imported from the tree's copy): the script never reads
#     that reference (tools/ skipped, a Kconfig line its statement pattern
#     does not match, ...), or it accepts CONFIG_X_MODULE of a bool X.
# The script's output is cached by scripts/checkkconfigsymbols.sh (a run
# takes a minute or more); the first run produces it.  Figures are printed
# as "result:" lines.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
: "${EXCISE:=$top/src/excise}"
[ -x "$EXCISE" ] || { echo "no excise binary at $EXCISE"; exit 77; }
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
t61=$("$top/scripts/tree.sh" 6.1) || { echo "no 6.1 tree"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cks=$("$top/scripts/checkkconfigsymbols.sh" "$t61") || { echo "FAIL: checkkconfigsymbols.py did not run"; exit 1; }
/usr/bin/time -o "$tmp/time" -f '%e %M' "$EXCISE" locate --dangling -C "$t61" --format=tsv >"$tmp/excise.tsv"
rc=$?
[ $rc = 0 ] || { echo "FAIL: excise locate --dangling exited $rc"; exit 1; }

python3 - "$cks" "${cks%.out}.time" "$tmp/excise.tsv" "$tmp/time" "$t61" <<'EOF'
import collections, importlib.util, re, sys

cks_out, cks_time, tsv, ex_time, tree = sys.argv[1:]
fail = []

def unescape(s):
    return re.sub(r'\\(.)', lambda m: {'t': '\t', 'n': '\n'}.get(m.group(1), m.group(1)), s)

# the script's report: a symbol line, "Referencing files: ...", "Similar symbols: ...", blank
script = [l.rstrip('\n') for l in open(cks_out, encoding='utf-8', errors='replace')]
script = [l for l in script if l and not l.startswith(('Referencing files:', 'Similar symbols:'))]
script_set = set(script)

syms, refs = {}, collections.defaultdict(list)
for line in open(tsv, encoding='utf-8', errors='replace'):
    f = line.rstrip('\n').split('\t')
    if f[0] == 'symbol':
        syms[f[1]] = (f[2], f[3], unescape(f[7]))
    elif f[0] == 'ref':
        refs[f[1]].append((f[2], f[3], unescape(f[4]), int(f[5]), unescape(f[6])))
dangling = [s for s, v in syms.items() if v[0] == 'dangling']
excluded = [s for s, v in syms.items() if v[0] == 'excluded']

# 1. the backports' leftovers
backports = ['NTFS_FS', 'NTFS_RW', 'NET_SCH_CBQ', 'NET_SCH_ATM', 'NET_SCH_DSMARK',
             'NET_CLS_TCINDEX', 'NET_CLS_RSVP', 'NET_CLS_RSVP6']
for s in backports:
    if syms.get(s, ('', ''))[:2] != ('dangling', 'leftover'):
        fail.append('%s: expected dangling, leftover; got %s' % (s, syms.get(s)))
print('result: leftovers of the backported removals, all dangling with the verdict leftover: %s'
      % ', '.join('%s (%d files)' % (s, len({r[2] for r in refs[s]})) for s in backports))

# 2. every symbol of the script: found, or excluded with a reason
found, rules, glued, missing = 0, collections.Counter(), [], []
for s in script:
    if s in syms:
        if syms[s][0] == 'dangling':
            found += 1
        else:
            rules[syms[s][1]] += 1
            if not syms[s][2]:
                missing.append(s + ' (excluded without a reason)')
        continue
    if any(ord(c) > 127 for c in s):
        parts = [p[7:] if p.startswith('CONFIG_') else p for p in re.findall(r'[A-Za-z0-9_]+', s)]
        if any(p in syms for p in parts):
            glued.append(s)
            continue
    missing.append(s)
for s in missing:
    fail.append('reported by checkkconfigsymbols.py, unknown to excise: ' + s)
print('result: checkkconfigsymbols.py reports %d symbols: %d dangling in excise, %d excluded (%s), '
      '%d non-ASCII words glued to a name excise reports'
      % (len(script), found, sum(rules.values()),
         ', '.join('%d %s' % (n, r) for r, n in rules.most_common()), len(glued)))

# 3. excise's dangling symbols the script does not report: why the script misses each
spec = importlib.util.spec_from_file_location('cks', tree + '/scripts/checkkconfigsymbols.py')
cks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cks)

def script_skips(path):
    # get_files(): these paths are never read
    return ('.git' in path or 'ChangeLog' in path or '.log' in path or path.startswith('tools/'))

def script_sees(sym, path, text):
    """Would the script take sym from this line of path?"""
    if script_skips(path):
        return False
    if cks.REGEX_FILE_KCONFIG.match(path):
        line = text.split('#')[0]
        if cks.REGEX_KCONFIG_DEF.match(line) or not cks.REGEX_KCONFIG_STMT.match(line):
            return False
        return sym in cks.get_symbols_in_line(cks.REGEX_QUOTES.sub('', line))
    return sym in [x for x in cks.REGEX_SOURCE_SYMBOL.findall(text) if cks.REGEX_FILTER_SYMBOLS.search(x)]

why_missed = collections.Counter()
for s in sorted(set(dangling) - script_set):
    v = syms[s]
    counted = [r for r in refs[s] if r[1] == '-']
    if v[1] == 'module-of-bool':
        why_missed['X_MODULE of a bool X, which the script accepts whenever X is defined'] += 1
        continue
    seen = [r for r in counted if script_sees(s, r[2], r[4])]
    if seen:
        fail.append('%s: excise says dangling (%s), the script reads %s:%d and does not report it'
                    % (s, v[1], seen[0][2], seen[0][3]))
        continue
    for r in counted:
        if r[2].startswith('tools/'):
            why_missed['a reference under tools/, which the script skips'] += 1
        elif script_skips(r[2]):
            why_missed['a reference in a file the script skips'] += 1
        elif cks.REGEX_FILE_KCONFIG.match(r[2]):
            why_missed['a Kconfig line the script\'s statement pattern does not match: "%s"'
                       % r[4].strip()] += 1
        else:
            why_missed['a reference the script\'s pattern does not match: "%s"' % r[4].strip()] += 1
extra = sorted(set(dangling) - script_set)
print('result: excise reports %d dangling symbols the script does not (%s), each explained:'
      % (len(extra), ', '.join(extra)))
for w, n in why_missed.most_common():
    print('result:   %d x %s' % (n, w))

t_script, m_script = open(cks_time).read().split()[:2]
t_ex, m_ex = open(ex_time).read().split()[:2]
print('result: checkkconfigsymbols.py: %d symbols, %s s, %d MB peak (cached run); excise: %d dangling '
      '+ %d excluded, %s s, %d MB peak; %.0fx faster, %d fewer symbols to look at'
      % (len(script), t_script, int(m_script) // 1024, len(dangling), len(excluded), t_ex,
         int(m_ex) // 1024, float(t_script) / max(float(t_ex), 0.01), len(script) - len(dangling)))
for f in fail:
    print('FAIL: ' + f)
sys.exit(1 if fail else 0)
EOF
