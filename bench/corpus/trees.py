"""trees.py - what the corpus scripts read from the kernel trees.

Kconfig files (definitions, the if/menu/choice blocks around them, their
prompts and direct dependencies), Kbuild lines (the objects and directories a
symbol builds), file listings, and the line-level fate of a 6.1 file in 6.12
(GNU diff: which old lines are gone or changed).
"""
import os, re, subprocess

SCOPE = ("drivers/", "fs/", "sound/") + tuple(
    "arch/%s/" % a for a in ("arm", "alpha", "mips", "powerpc", "sh", "m68k"))
OUT_OF_SCOPE = ("mm/", "net/", "kernel/", "lib/", "init/", "block/", "crypto/",
                "security/", "arch/x86/")

WORD = re.compile(r"[A-Za-z0-9_]+")


def tree_path(version):
    here = os.path.dirname(os.path.abspath(__file__))
    top = os.path.dirname(os.path.dirname(here))
    return subprocess.run([os.path.join(top, "scripts/tree.sh"), version], check=True,
                          stdout=subprocess.PIPE, text=True).stdout.strip()


def listing(tree):
    """path -> (type, inode) of every entry below tree ('f', 'd', 'l'), as find sees it."""
    out = subprocess.run(["find", tree, "-mindepth", "1", "-printf", r"%y %i %P\0"],
                         check=True, stdout=subprocess.PIPE).stdout
    d = {}
    for rec in out.split(b"\0"):
        if not rec:
            continue
        t, ino, p = rec.split(b" ", 2)
        d[p.decode(errors="surrogateescape")] = (t.decode(), int(ino))
    return d


def read_lines(path):
    try:
        with open(path, errors="replace") as f:
            return f.read().split("\n")
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


def logical(lines):
    """(first line number, text) of each logical line (backslash continuations joined)."""
    i, n = 0, len(lines)
    while i < n:
        start, text = i + 1, lines[i]
        while text.endswith("\\") and i + 1 < n:
            i += 1
            text = text[:-1] + " " + lines[i]
        yield start, text
        i += 1


def indent(s):
    return len(s.expandtabs(8)) - len(s.expandtabs(8).lstrip())


def parse_kconfig(path):
    """Entries of one Kconfig file: dicts sym, line, blocks, deps (the words
    of its `depends on` lines), depexprs (those lines' expressions), selects,
    default, prompt, help.

    blocks is the stack of enclosing ('if', expr, line), ('menu', title, line)
    and ('choice', '', line); help is the help text on one line (its end
    is found by its indentation)."""
    lines = read_lines(path)
    if lines is None:
        return []
    entries, stack, cur = [], [], None
    in_help, help_ind = False, None
    for ln, raw in logical(lines):
        s = raw.strip()
        if in_help:
            if not s:
                continue
            ind = indent(raw)
            if help_ind is None:
                help_ind = ind
            if ind >= help_ind:
                if cur is not None:
                    cur["help"] = (cur["help"] + " " + s).strip()
                continue
            in_help = False
        if not s or s.startswith("#"):
            continue
        tok, _, rest = s.partition(" ")
        tok = tok.strip()
        rest = rest.strip()
        if "\t" in tok:
            tok, _, r2 = tok.partition("\t")
            rest = (r2 + " " + rest).strip()
        if tok in ("help", "---help---"):
            in_help, help_ind = True, None
        elif tok in ("config", "menuconfig"):
            cur = {"sym": rest.split()[0] if rest else "", "line": ln, "blocks": list(stack),
                   "deps": [], "depexprs": [], "selects": [], "default": False, "prompt": None,
                   "file": path, "help": ""}
            entries.append(cur)
        elif tok == "if":
            stack.append(("if", rest, ln))
            cur = None
        elif tok == "menu":
            stack.append(("menu", rest, ln))
            cur = None
        elif tok == "choice":
            stack.append(("choice", "", ln))
            cur = None
        elif tok in ("endif", "endmenu", "endchoice"):
            want = tok[3:]
            for k in range(len(stack) - 1, -1, -1):
                if stack[k][0] == want:
                    del stack[k:]
                    break
            cur = None
        elif tok in ("comment", "source", "rsource", "osource", "orsource", "mainmenu"):
            cur = None
        elif cur is not None:
            if tok == "depends":
                cur["deps"] += WORD.findall(rest.replace("on", "", 1))
                cur["depexprs"].append(re.sub(r"^on\s+", "", rest))
            elif tok in ("select", "imply") and rest:
                cur["selects"].append(rest.split()[0])
            elif tok in ("default", "def_bool", "def_tristate") and rest.split()[:1] != ["n"]:
                cur["default"] = True
            elif tok in ("bool", "tristate", "string", "int", "hex", "prompt", "def_bool",
                         "def_tristate"):
                m = re.match(r'"([^"]*)"', rest)
                if m and tok not in ("def_bool", "def_tristate"):
                    cur["prompt"] = m.group(1)
    return entries


ASSIGN = re.compile(r"^\s*([A-Za-z0-9_.$()/-]+?)\s*(\+=|:=|\?=|=)\s*(.*)$")
CONFIG_REF = re.compile(r"\$\(CONFIG_([A-Za-z0-9_]+)\)")


IF_SET = re.compile(r"^\s*(?:ifeq\s*\(\s*\$\(CONFIG_(\w+)\)\s*,\s*[ym]\s*\)"
                    r"|ifneq\s*\(\s*\$\(CONFIG_(\w+)\)\s*,\s*\)|ifdef\s+CONFIG_(\w+))\s*$")
IF_UNSET = re.compile(r"^\s*(?:ifeq\s*\(\s*\$\(CONFIG_(\w+)\)\s*,\s*\)"
                      r"|ifneq\s*\(\s*\$\(CONFIG_(\w+)\)\s*,\s*y\s*\)|ifndef\s+CONFIG_(\w+))\s*$")


def parse_makefile(path):
    """(line, lhs, [CONFIG symbols], [words]) of each assignment of a Kbuild
    file.  An assignment inside `ifeq ($(CONFIG_X),y)`, `ifneq ($(CONFIG_X),)`
    or `ifdef CONFIG_X` (or the else branch of their negations) also names X:
    the block builds its objects only when X is set."""
    lines = read_lines(path)
    if lines is None:
        return []
    out, blocks = [], []     # blocks: [symbol or None, set in this branch]
    for ln, text in logical(lines):
        text = text.split("#", 1)[0]
        m = IF_SET.match(text) or IF_UNSET.match(text)
        if m:
            blocks.append([next(g for g in m.groups() if g), m.re is IF_SET])
            continue
        word = text.split()[:1]
        if word and word[0] in ("ifeq", "ifneq", "ifdef", "ifndef"):
            blocks.append([None, False])
            continue
        if word == ["else"] and blocks:
            blocks[-1][1] = not blocks[-1][1]
            continue
        if word == ["endif"] and blocks:
            blocks.pop()
            continue
        m = ASSIGN.match(text)
        if not m:
            continue
        lhs, rhs = m.group(1), m.group(3)
        syms = CONFIG_REF.findall(lhs + " " + rhs) + [b[0] for b in blocks if b[0] and b[1]]
        out.append((ln, lhs, syms, rhs.split()))
    return out


class Kbuild:
    """The Makefiles of a tree: what each CONFIG symbol builds."""

    def __init__(self, tree, files):
        self.tree, self.files = tree, files
        self.by_sym = {}      # sym -> [(makefile, line, [object paths])]
        self.composite = {}   # dir/name -> [part object paths]
        for p in files:
            base = os.path.basename(p)
            if base not in ("Makefile", "Kbuild"):
                continue
            d = os.path.dirname(p)
            for ln, lhs, syms, words in parse_makefile(os.path.join(tree, p)):
                objs = [os.path.normpath(os.path.join(d, w)) + ("/" if w.endswith("/") else "")
                        for w in words if (w.endswith(".o") or w.endswith("/")) and "$" not in w]
                m = re.match(r"^([A-Za-z0-9_-]+)-(y|objs|\$\(CONFIG_[A-Za-z0-9_]+\))$", lhs)
                if m and m.group(1) not in ("obj", "lib", "subdir", "ccflags", "asflags",
                                            "extra", "always", "targets", "hostprogs",
                                            "head", "core", "libs", "drivers", "machine",
                                            "plat", "platdirs", "machdirs"):
                    self.composite.setdefault(os.path.join(d, m.group(1)), []).extend(
                        o for o in objs if o.endswith(".o"))
                for s in syms:
                    self.by_sym.setdefault(s, []).append((p, ln, objs))

    def sources(self, obj, depth=0):
        """Source files (or a directory, with a trailing /) of an object path."""
        if obj.endswith("/"):
            return [obj.rstrip("/") + "/"]
        stem = obj[:-2]
        if stem in self.composite and depth < 4:
            out = []
            for part in self.composite[stem]:
                if part[:-2] != stem:
                    out += self.sources(part, depth + 1)
            if out:
                return out
        for ext in (".c", ".S", ".s"):
            if stem + ext in self.files:
                return [stem + ext]
        return []


def gone_lines(old, new, cache={}):
    """Old line numbers of file old that new deletes or changes (GNU diff); None if new is missing."""
    key = (old, new)
    if key in cache:
        return cache[key]
    if not os.path.isfile(new):
        cache[key] = None
        return None
    r = subprocess.run(["diff", "--unchanged-line-format=", "--new-line-format=",
                        "--old-line-format=%dn\n", old, new], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True)
    cache[key] = {int(x) for x in r.stdout.split()}
    return cache[key]


def rewritten_lines(old, new, lines, skip=()):
    """The lines of old (numbers in lines) that new rewrote rather than deleted.

    A line is rewritten when GNU diff puts it in a change hunk ("12,14c12,13")
    that replaces as many lines as it takes, or one of whose new lines has
    at least half of its words (of three letters or more, the words in skip
    aside): upstream kept the sentence and dropped or reworded the mention.  Prose a person edits; a removal
    tool deletes a line or leaves it for review.
    """
    if not lines or not os.path.isfile(new):
        return set()
    r = subprocess.run(["diff", old, new], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                       text=True, errors="replace")
    hunks = []          # change hunks: (old first, old last, [new lines])
    change = None
    for l in r.stdout.split("\n"):
        m = re.match(r"^(\d+)(?:,(\d+))?([acd])(\d+)(?:,(\d+))?$", l)
        if m:
            a, b = int(m.group(1)), int(m.group(2) or m.group(1))
            na = int(m.group(5) or m.group(4)) - int(m.group(4)) + 1
            change = (a, b, [], na == b - a + 1) if m.group(3) == "c" else None
            if change:
                hunks.append(change)
        elif l.startswith("> ") and change:
            change[2].append(l[2:])
    text = read_lines(old) or []
    words = lambda t: {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9_-]{2,}", t)} - set(skip)
    out = set()
    for ln in lines:
        for a, b, new_lines, one_for_one in hunks:
            if a <= ln <= b and ln <= len(text):
                w = words(text[ln - 1])
                if one_for_one or (w and any(len(w & words(n)) * 2 >= len(w) for n in new_lines)):
                    out.add(ln)
                break
    return out
