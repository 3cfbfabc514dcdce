"""defs.py - where a kernel tree defines its C names, from universal-ctags.

The index is ctags' C parser (functions, variables, macros, enumerators,
typedefs, struct, union and enum tags, struct and union members) and Asm
parser (labels), with the kernel's own regular expressions for its
definition macros (scripts/tags.sh of the tree: SYSCALL_DEFINE*,
DEFINE_MUTEX, DEVICE_ATTR_RW, ...) and its -I list (EXPORT_SYMBOL,
__initdata, ... are no declarators), over every .c, .h and .S file outside
tools/, scripts/ and Documentation/ (user-space programs with names of
their own).  One sqlite table per tree, cached in
$EXCISE_CACHE/corpus/defs-NAME-HASH.sqlite and rebuilt when the tree's
.excise-complete stamp or VERSION changes: name, kind, file, line.

Locals, parameters and macro parameters are not in the table (they are
half of ctags' output); file_tags() gives them for a few files, so that a
caller can tell a file's own local `foo` from a use of a global `foo`.
"""
import fcntl, hashlib, os, re, sqlite3, subprocess, tempfile

CACHE = os.environ.get("EXCISE_CACHE", os.path.expanduser("~/.cache/excise"))
# The index's version: a change to what goes into it (the ctags command, the
# kinds kept) bumps it, and every tree's index is built again.
VERSION = 1

# ctags kinds that define a name other code can use.  "regex" is what the
# kernel's regular expressions make (sys_foo of SYSCALL_DEFINE2(foo, ...)),
# "label" an assembler symbol.
DEF_KINDS = {"function", "variable", "macro", "enumerator", "typedef", "struct", "union",
             "enum", "member", "regex", "label"}
# a name of a file's own scope: not the global of the same name
LOCAL_KINDS = {"local", "parameter", "macroparam"}
EXCLUDED_DIRS = ("tools/", "scripts/", "Documentation/")
XFORMAT = "%N\t%K\t%n\t%F"


def tags_sh(tree):
    """TREE's scripts/tags.sh: its -I list (ctags options) and its regular
    expressions for C and assembler, [(lang, regex, replacement, kind)],
    each a Python regex converted from the POSIX basic one."""
    path = os.path.join(tree, "scripts", "tags.sh")
    opts, rxs = [], []
    try:
        text = open(path, errors="replace").read()
    except OSError:
        return opts, rxs
    body = re.search(r"^exuberant\(\)\n\{\n(.*?)^\}", text, re.M | re.S)
    for m in re.finditer(r"-I\s+([^\s\\]+)", body.group(1) if body else ""):
        opts += ["-I", m.group(1)]
    r = subprocess.run(["bash", "-c", 'eval "$(sed -n "/^regex_c=(/,/^)/p;/^regex_asm=(/,/^)/p" "$1")"; '
                        'printf "asm\\t%s\\n" "${regex_asm[@]}"; printf "c\\t%s\\n" "${regex_c[@]}"', "_", path],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    for line in r.stdout.splitlines():
        lang, _, spec = line.partition("\t")
        parts = split_spec(spec)
        if parts:
            rx, rep, kind = parts
            try:
                rxs.append((lang, re.compile(bre(rx)), rep, "variable" if kind == "v" else "regex"))
            except re.error:
                pass
    return opts, rxs


def split_spec(spec):
    """/regex/replacement/[kind/] -> (regex, replacement, kind), the
    separators being unescaped slashes."""
    if not spec.startswith("/"):
        return None
    parts, cur, i = [], "", 1
    while i < len(spec):
        ch = spec[i]
        if ch == "\\" and i + 1 < len(spec):
            cur += spec[i:i + 2]
            i += 2
            continue
        if ch == "/":
            parts.append(cur)
            cur = ""
        else:
            cur += ch
        i += 1
    if len(parts) < 2:
        return None
    return parts[0], parts[1], parts[2] if len(parts) > 2 else ""


def bre(rx):
    """A POSIX basic regular expression (as tags.sh writes them) in Python's syntax."""
    out, i, n = [], 0, len(rx)
    classes = {"[:space:]": r"\s", "[:alnum:]": "A-Za-z0-9", "[:blank:]": r" \t", "[:alpha:]": "A-Za-z",
               "[:digit:]": "0-9", "[:upper:]": "A-Z", "[:lower:]": "a-z"}
    while i < n:
        ch = rx[i]
        if ch == "[":
            j, body = i + 1, ""
            if j < n and rx[j] == "^":
                body, j = "^", j + 1
            if j < n and rx[j] == "]":
                body, j = body + r"\]", j + 1
            while j < n and rx[j] != "]":
                if rx.startswith("[:", j):
                    e = rx.index(":]", j) + 2
                    body += classes.get(rx[j:e], "")
                    j = e
                elif rx[j] == "\\":
                    body += r"\\"
                    j += 1
                elif rx[j] == "[":
                    body += r"\["
                    j += 1
                else:
                    body += rx[j]
                    j += 1
            out.append("[" + body + "]")
            i = j + 1
        elif ch == "\\" and i + 1 < n:
            nx = rx[i + 1]
            out.append({"(": "(", ")": ")", "|": "|", "+": "+", "?": "?", "{": "{", "}": "}",
                        "<": r"\b", ">": r"\b"}.get(nx, "\\" + nx))
            i += 2
        elif ch in "()|+?{}":
            out.append("\\" + ch)
            i += 1
        else:
            out.append(ch)
            i += 1
    return "".join(out)


_KEYWORDS = {}


def keywords(rx):
    """The upper-case words of one of the kernel's expressions (the macro names it matches)."""
    return re.findall(r"[A-Z][A-Z0-9_]{3,}", rx.pattern.replace(r"\b", ""))


def regex_tags(rxs, path, lines):
    """(name, kind, line) of what the kernel's regular expressions find in
    one file's lines (C ones for .c and .h, assembler ones for .S)."""
    lang = "asm" if path.endswith(".S") else "c"
    out = []
    # Each expression names a macro (SYSCALL_DEFINE, DEFINE_MUTEX, ...): a
    # line with none of those words is skipped with one search (Index._build
    # filters the tree with the same words, through rg).
    key = id(rxs), lang
    if key not in _KEYWORDS:
        words = sorted({w for lg, rx, _, _ in rxs if lg == lang for w in keywords(rx)})
        _KEYWORDS[key] = re.compile("|".join(map(re.escape, words))) if words else None
    anyword = _KEYWORDS[key]
    for i, l in enumerate(lines, 1):
        if anyword is not None and not anyword.search(l):
            continue
        for lg, rx, rep, kind in rxs:
            if lg != lang:
                continue
            m = rx.search(l)
            if m:
                name = re.sub(r"\\(\d)", lambda g: m.group(int(g.group(1))) or "", rep)
                if re.match(r"^[A-Za-z_]\w*$", name):
                    out.append((name, kind, i))
    return out


def ctags_cmd(tree, locals_too=False):
    """ctags' C and Asm parsers with the kernel's -I list; the kernel's
    regular expressions are applied apart (regex_tags): as ctags options
    they cost ten times the parse.  LOCALS_TOO: "only" for the locals,
    parameters and macro parameters alone."""
    kinds = "lzD" if locals_too == "only" else "+pxlzD" if locals_too else "+"
    return ["ctags", "-L", "-", "-x", "--_xformat=" + XFORMAT, "--languages=C,Asm",
            "--langmap=C:.c.h", "--langmap=Asm:.S", "--kinds-C=" + kinds, "--extras=-q",
            "--if0=no"] + tags_sh(tree)[0]


def parse(out):
    """(name, kind, line, file) of each line of ctags -x output."""
    for l in out.splitlines():
        p = l.split("\t")
        if len(p) == 4 and p[2].isdigit() and not p[0].startswith("__anon"):
            yield p[0], p[1], int(p[2]), p[3]


def file_tags(tree, files, locals_too=True, regexes=True):
    """ctags and (REGEXES) the kernel's regular expressions over FILES
    (relative to TREE): {file: [(name, kind, line)]}."""
    out = {}
    files = [f for f in files if os.path.isfile(os.path.join(tree, f))]
    if not files:
        return out
    r = subprocess.run(ctags_cmd(tree, locals_too), cwd=tree, input="".join(f + "\n" for f in files),
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, errors="replace")
    for name, kind, line, f in parse(r.stdout):
        out.setdefault(f, []).append((name, kind, line))
    rxs = tags_sh(tree)[1] if regexes else []
    for f in files if rxs else []:
        try:
            lines = open(os.path.join(tree, f), errors="replace").read().split("\n")
        except OSError:
            continue
        for t in regex_tags(rxs, f, lines):
            out.setdefault(f, []).append(t)
    return out


def source_files(tree):
    r = subprocess.run(["rg", "--files", "-uu", "-g", "*.[chS]"] + sum((["-g", "!" + d + "**"]
                       for d in EXCLUDED_DIRS), []), cwd=tree, stdout=subprocess.PIPE, text=True,
                       errors="replace")
    return sorted(r.stdout.split())


def word_hits(tree, names, glob="*.[chS]"):
    """(path, line, text) of the lines of TREE's .c, .h and .S files (GLOB;
    outside EXCLUDED_DIRS) that may name one of NAMES as a word: rg -w over many
    fixed strings is slow (85 s against 1.3 s on drivers/net/ethernet for
    34,000 names), so the names of six characters or more are searched as
    substrings and the caller checks the words; the short ones, which as
    substrings would match most lines, with -w."""
    out = []
    for short in (False, True):
        part = sorted(n for n in names if (len(n) < 6) == short)
        if not part:
            continue
        fd, pat = tempfile.mkstemp(prefix="names-", suffix=".pat", dir=os.path.join(CACHE, "corpus"))
        with os.fdopen(fd, "w") as f:
            f.write("".join(n + "\n" for n in part))
        r = subprocess.run(["rg", "-uu", "-n", "-F", "-f", pat, "--no-heading", "--with-filename", "-g",
                            glob] + (["-w"] if short else []) +
                           sum((["-g", "!" + d + "**"] for d in EXCLUDED_DIRS), []) + ["."],
                           cwd=tree, stdout=subprocess.PIPE, text=True, errors="replace")
        os.unlink(pat)
        for l in r.stdout.splitlines():
            p, _, rest = l.partition(":")
            ln, _, text = rest.partition(":")
            if ln.isdigit():
                out.append((p[2:] if p.startswith("./") else p, int(ln), text))
    return out


class Index:
    """The definitions of one tree: lookup(names) -> {name: [(kind, file, line)]}."""

    def __init__(self, tree, log=None):
        self.tree = tree
        stamp = os.path.join(tree, ".excise-complete")
        key = "%s@%s" % (tree, os.stat(stamp).st_mtime if os.path.exists(stamp) else "-")
        tag = "%s-%s" % (os.path.basename(tree.rstrip("/")), hashlib.sha1(key.encode()).hexdigest()[:10])
        os.makedirs(os.path.join(CACHE, "corpus"), exist_ok=True)
        self.path = os.path.join(CACHE, "corpus", "defs%d-%s.sqlite" % (VERSION, tag))
        if not os.path.exists(self.path):
            # one build at a time (two corpus runs, or discover and run.py)
            with open(self.path + ".lock", "w") as lk:
                fcntl.flock(lk, fcntl.LOCK_EX)
                if not os.path.exists(self.path):
                    self._build(log)
        self.db = sqlite3.connect(self.path, check_same_thread=False)

    def _build(self, log):
        files = source_files(self.tree)
        if log:
            log("ctags over %d files of %s" % (len(files), self.tree))
        tmp = self.path + ".tmp%d" % os.getpid()
        if os.path.exists(tmp):
            os.unlink(tmp)
        db = sqlite3.connect(tmp)
        db.execute("CREATE TABLE defs (name TEXT, kind TEXT, file TEXT, line INTEGER)")
        p = subprocess.Popen(ctags_cmd(self.tree), cwd=self.tree, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, errors="replace")
        import threading
        feeder = threading.Thread(target=lambda: (p.stdin.write("".join(f + "\n" for f in files)),
                                                  p.stdin.close()))
        feeder.start()
        rows = []
        for l in p.stdout:
            t = l.rstrip("\n").split("\t")
            if len(t) == 4 and t[1] in DEF_KINDS and t[2].isdigit() and not t[0].startswith("__anon"):
                rows.append((t[0], t[1], t[3], int(t[2])))
                if len(rows) >= 100000:
                    db.executemany("INSERT INTO defs VALUES (?, ?, ?, ?)", rows)
                    rows = []
        db.executemany("INSERT INTO defs VALUES (?, ?, ?, ?)", rows)
        feeder.join()
        if p.wait() != 0:
            raise RuntimeError("ctags failed on %s" % self.tree)
        # the kernel's definition macros: rg finds the lines that hold their
        # names (a fixed-string search: the union of the 65 regular
        # expressions costs rg five times as much), regex_tags the names
        rxs = tags_sh(self.tree)[1]
        if rxs:
            args = ["rg", "-uu", "-n", "--no-heading", "--with-filename", "-F", "-g", "*.[chS]"]
            for d in EXCLUDED_DIRS:
                args += ["-g", "!" + d + "**"]
            for w in sorted({w for _, rx, _, _ in rxs for w in keywords(rx)}):
                args += ["-e", w]
            r = subprocess.run(args + ["."], cwd=self.tree, stdout=subprocess.PIPE, text=True, errors="replace")
            rows = []
            for l in r.stdout.splitlines():
                f, _, rest = l.partition(":")
                ln, _, text = rest.partition(":")
                if ln.isdigit():
                    f = f[2:] if f.startswith("./") else f
                    rows += [(n, k, f, int(ln)) for n, k, _ in regex_tags(rxs, f, [text])]
            db.executemany("INSERT INTO defs VALUES (?, ?, ?, ?)", rows)
        db.execute("CREATE INDEX defs_name ON defs (name)")
        db.commit()
        db.close()
        os.replace(tmp, self.path)

    def lookup(self, names):
        out = {}
        names = sorted(set(names))
        for i in range(0, len(names), 500):
            chunk = names[i:i + 500]
            q = "SELECT name, kind, file, line FROM defs WHERE name IN (%s)" % ",".join("?" * len(chunk))
            for n, k, f, ln in self.db.execute(q, chunk):
                out.setdefault(n, []).append((k, f, ln))
        return out


COND = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)")


def symbol_regions(lines, pattern):
    """Line numbers (1-based) inside a conditional on the case's symbols:
    every branch of an #if/#ifdef/#ifndef chain from the first condition
    that matches PATTERN (a compiled regex of CONFIG_ names) on, the real
    side and the stub side alike (`#ifdef CONFIG_FOO ... #else static inline
    void foo(void) { } #endif`), nested blocks included."""
    out, stack = set(), []   # stack: does this chain name the case's symbols (so far)?
    i, n = 0, len(lines)
    while i < n:
        m = COND.match(lines[i])
        if not m:
            if any(stack):
                out.add(i + 1)
            i += 1
            continue
        kw, cond = m.group(1), m.group(2)
        while cond.endswith("\\") and i + 1 < n:
            i += 1
            cond = cond[:-1] + " " + lines[i]
        i += 1
        if kw in ("if", "ifdef", "ifndef"):
            stack.append(bool(pattern.search(cond)))
        elif kw == "elif" and stack:
            stack[-1] = stack[-1] or bool(pattern.search(cond))
        elif kw == "endif" and stack:
            stack.pop()
    return out
