#!/usr/bin/env python3
"""run.py [options] [CASE...] - run excise on the corpus and score it against 6.12.

Each case (bench/corpus/discover.py) runs `excise remove SYM...` on one
hard-linked work copy of 6.1, is scored against 6.12, and the copy is reset:
only the paths the removal touched are linked back to the pristine tree, and
a listing of the whole copy (type and inode of every entry, `find -printf`)
must then equal the pristine tree's, or the run stops.

Scores per case:
  recall       sites of the case (6.1 lines naming its symbols, owned paths,
               headers or identifiers; its owned paths) that 6.12 no longer
               has, and that excise removed (deleted or changed the line,
               deleted the file)
  over paths   files excise deleted that 6.12 still has
  over syms    Kconfig symbols whose entry excise removed that 6.12 defines
  over lines   other lines (not punctuation only) excise deleted or changed that 6.12
               still has unchanged (GNU diff of 6.1 against 6.12), each with
               excise's reason (excise locate on the pristine tree)
  residue      names defined non-static (functions, variables, EXPORT_SYMBOL)
               only in .c files excise deleted and still named in a kept .c
               file outside tools/, scripts/, Documentation/, with no other
               definition (a .c file, a static or inline function or a macro
               in a header, `static inline` on a line of its own too) -- a textual approximation: every #if branch counts
               except `#if 0` and `#ifdef X` of a macro nothing defines
               (`#ifdef NOT_YET`); comments, extern declarations, an argument a macro of the
               same file ignores (DRM_LEGACY_IOCTL_DEF), a name the file
               declares weak, defines as a macro or declares as a local, the
               name a macro makes (module_param_named(x, ...), DEVICE_ATTR(x,
               ...)) and libgcc's __<op><mode> helpers do not; whether the Makefile still
               builds the file does not.  Rows excise's own report
               lists as link residue are "kept-reported" (without --force
               excise refuses to write such a removal), those it lists for
               review by hand (a call whose value is used) "kept-reviewed".
               A residue row is "explained:" when 6.12 shows what upstream
               did with the user instead: deleted it too (another removal),
               converted it (the file no longer names the name), or kept
               the definition apart from the removed code (the file still
               uses it: DRM_NOMODESET's drm_firmware_drivers_only() became
               a static inline of include/drm/drm_drv.h)
  kconfig      with --kconfig: new warnings of x86_64 allnoconfig, defconfig
               and allmodconfig (run only when the removal touched a file that x86_64's
               Kconfig reads, or its defconfig; otherwise its input is
               unchanged)
  seconds      wall time of excise remove
A case fails when excise exits non-zero, runs out of time (--timeout, 300
s), or gives new Kconfig warnings.

Options:
  --cases FILE        the case list (default: discover.py's cache, rebuilt when missing)
  --out DIR           per-case TSVs and summary.tsv (default $EXCISE_CACHE/corpus/out)
  --copy DIR          the work copy (default $EXCISE_CACHE/work/corpus; made when missing)
  --jobs N            N cases at once, each on its own work copy (DIR, DIR-1, ...)
  --budget S          start no case after S seconds (the rest are listed as not run)
Cases run smallest first (symbols, then sites).
  --kconfig           run the configuration check (about a minute a case on a
                      loaded 2-core machine: not part of the full corpus by default)
  --min-recall R      exit 1 when the overall recall is below R percent, any
                      case's below --min-case-recall, or anything is over-removed
                      or residue is left (default: report only)
  --min-case-recall R
  --symbols CASE=SYM[,SYM]  run excise with these symbols instead (a
                      deliberately incomplete or excessive removal, for
                      negative controls); scored as CASE
  --list              print the cases (name, symbols, sites upstream removed) and
                      the excluded symbols (moved or renamed, with why), and exit
"""
import argparse, collections, concurrent.futures, json, os, queue, re, shutil, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trees  # noqa: E402

# Issue 13's bar for the recall of every case, for the report.
CASE_BAR = 80.0

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
CACHE = os.environ.get("EXCISE_CACHE", os.path.expanduser("~/.cache/excise"))
EXCISE = os.environ.get("EXCISE", os.path.join(TOP, "src/excise"))
CONFIGS = ("allnoconfig", "defconfig", "allmodconfig")


def esc(s):
    return str(s).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def compare(listing, pristine):
    """Paths whose entry differs from pristine: {path: 'deleted'|'modified'|'new'}."""
    out = {}
    for p, (t, ino) in pristine.items():
        got = listing.get(p)
        if got is None:
            out[p] = "deleted"
        elif got[0] != t or (t != "d" and got[1] != ino):
            out[p] = "modified"
    for p in listing.keys() - pristine.keys():
        out[p] = "new"
    return out


def reset(copy, src, changes, pristine):
    for p in sorted((p for p, c in changes.items() if c == "new"), key=len, reverse=True):
        full = os.path.join(copy, p)
        if os.path.isdir(full) and not os.path.islink(full):
            shutil.rmtree(full)
        elif os.path.lexists(full):
            os.unlink(full)
    for p in sorted(p for p, c in changes.items() if c != "new"):
        t = pristine[p][0]
        full = os.path.join(copy, p)
        if t == "d":
            os.makedirs(full, exist_ok=True)
            continue
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if os.path.lexists(full):
            os.unlink(full)
        os.link(os.path.join(src, p), full, follow_symlinks=False)


def x86_kconfig_files(tree, files):
    """The Kconfig files x86_64's configuration reads (source statements from ./Kconfig)."""
    import fnmatch
    seen, todo = set(), ["Kconfig"]
    while todo:
        k = todo.pop()
        if k in seen:
            continue
        seen.add(k)
        for l in trees.read_lines(os.path.join(tree, k)) or []:
            m = re.match(r'\s*(o?r?source)\s+"([^"]+)"', l)
            if not m:
                continue
            p = m.group(2).replace("$(SRCARCH)", "x86").replace("$(ARCH)", "x86")
            if "r" in m.group(1).replace("source", "")[:2] or m.group(1) in ("rsource", "orsource"):
                p = os.path.normpath(os.path.join(os.path.dirname(k), p))
            if any(ch in p for ch in "*?["):
                todo += [f for f in files if fnmatch.fnmatch(f, p)]
            else:
                todo.append(p)
    return seen


def normalise(log, tree, out, rc):
    """Kconfig findings of one configuration, places without line numbers (a multiset)."""
    found, cur = collections.Counter(), None
    for line in log.splitlines():
        line = line.replace(tree + "/", "").replace(out + "/", "")
        if cur is not None and re.match(r"^[ \t]+\S", line):
            cur += " | " + re.sub(r":\d+:", ":", line.strip())
            continue
        if cur is not None:
            found[cur] += 1
            cur = None
        if re.match(r"^\S+:\d+:\d+: ", line) or "override: " in line:
            continue
        m = re.match(r"^(\S+?):\d+:(warning|error)?:? ?(.*)$", line)
        if m and (m.group(2) or line.split(":", 2)[2].startswith(" ")):
            cur = "%s: %s: %s" % (m.group(1), m.group(2) or "error", m.group(3))
        elif line.startswith("warning: ") or line.startswith("WARNING: unmet direct dependencies"):
            cur = line
    if cur is not None:
        found[cur] += 1
    if rc:
        found["error: make exited %d" % rc] += 1
    return found


def configure(tree, tag):
    """{config: Counter of findings} for x86_64, the three configurations at once."""
    def one(cfg):
        out = os.path.join(CACHE, "build", "corpus-kconfig-%s" % tag, cfg)
        os.makedirs(out, exist_ok=True)
        r = subprocess.run(["make", "-s", "-C", tree, "O=" + out, "ARCH=x86_64", "CC=gcc",
                            "HOSTCC=gcc", cfg], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, errors="replace")
        return cfg, normalise(r.stdout, tree, out, r.returncode)
    with concurrent.futures.ThreadPoolExecutor(3) as ex:
        return dict(ex.map(one, CONFIGS))


DEF_FN = re.compile(r"^(?!static\b|extern\b|typedef\b|#|(?:struct|union)\s+\w+\s*\{|enum\b)"
                    r"[A-Za-z_][\w\s\*,]*?\b([A-Za-z_]\w*)\s*\(")
DEF_VAR = re.compile(r"^(?!static\b|extern\b|typedef\b|#|return\b)(?:const\s+)?(?:struct\s+|unsigned\s+|enum\s+)?"
                     r"[A-Za-z_]\w*[\s\*]+([A-Za-z_]\w*)\s*(?:\[[^\]]*\])?(?:\s+__\w+)*\s*(?:=|;)")
# a function pointer variable: void (*pm_power_off)(void) = NULL;
DEF_FNPTR = re.compile(r"^(?!static\b|extern\b|typedef\b|#)[A-Za-z_][\w\s\*]*\(\s*\*\s*([A-Za-z_]\w*)\s*\)\s*\(")
EXPORT = re.compile(r"\bEXPORT_SYMBOL(?:_GPL|_NS|_NS_GPL)?\s*\(\s*([A-Za-z_]\w*)")
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "do", "else", "case", "module_init",
            "module_exit", "MODULE_LICENSE", "MODULE_AUTHOR", "MODULE_DESCRIPTION", "__setup",
            "early_param", "arch_initcall", "subsys_initcall", "device_initcall", "late_initcall",
            "core_initcall", "postcore_initcall", "fs_initcall", "module_param", "DEFINE_SPINLOCK",
            "DEFINE_MUTEX", "LIST_HEAD", "MODULE_DEVICE_TABLE", "module_platform_driver",
            "module_i2c_driver", "module_spi_driver", "module_pci_driver", "module_usb_driver"}


def definitions(path):
    """Names a C file defines at file scope without static (a textual approximation)."""
    lines = trees.read_lines(path) or []
    names = set()
    for i, l in enumerate(lines):
        m = EXPORT.search(l)
        if m:
            names.add(m.group(1))
        if not l or l[0] in " \t{}/*#":
            continue
        if i and re.match(r"(static|extern)\b", lines[i - 1]):
            continue   # "static int\nname(...)": the type on the line before
        m = DEF_FN.match(l)
        if m and m.group(1) not in KEYWORDS and not l.rstrip().endswith(";"):
            rest = "\n".join(lines[i:i + 12])
            b, s = rest.find("{"), rest.find(";")
            if b >= 0 and (s < 0 or b < s):
                names.add(m.group(1))
            continue
        m = DEF_VAR.match(l)
        if m and m.group(1) not in KEYWORDS and not re.match(r"(struct|union|enum)\s+\w+\s*;", l):
            names.add(m.group(1))
    return names


COND = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b\s*(.*)")
ONE_MACRO = re.compile(r"^(?:defined\s*\(?\s*)?([A-Za-z_]\w*)\s*\)?\s*(?:/[/*].*)?$")


def dead_lines(lines, undefined):
    """Line numbers (1-based) a compiler never sees: inside `#if 0`, or inside
    `#ifdef X` / `#if defined(X)` where X is a macro nothing defines
    (`#ifdef NOT_YET`); the `#else` branch of either is live."""
    dead, stack = set(), []   # stack: is this level's current branch dead?
    for i, l in enumerate(lines, 1):
        m = COND.match(l)
        if m:
            kw, arg = m.group(1), m.group(2).strip()
            if kw in ("if", "ifdef"):
                mm = ONE_MACRO.match(arg)
                known = bool(mm) and mm.group(1) in undefined
                if kw == "if":   # `#if X` is X's value: only `#if 0` and `#if defined(X)` count
                    d = bool(re.match(r"0\b", arg)) or (known and arg.startswith("defined"))
                else:
                    d = known
                stack.append(d)
            elif kw == "ifndef":
                stack.append(False)
            elif kw in ("elif", "else") and stack:
                stack[-1] = False if stack[-1] else None   # after a live branch: unknown, count live
            elif kw == "endif" and stack:
                stack.pop()
            continue
        if any(stack):
            dead.add(i)
    return dead


DEFINE_FN = re.compile(r"^\s*#\s*define\s+(\w+)\(([^)]*)\)(.*)$")


def dropping_macros(lines):
    """{macro: set of argument positions} of the function-like macros a file
    defines whose every definition ignores that argument (drm_ioctl.c's
    DRM_LEGACY_IOCTL_DEF(ioctl, _func, _flags) with CONFIG_DRM_LEGACY off)."""
    used, nparams = {}, {}
    for first, text in trees.logical(lines):
        m = DEFINE_FN.match(text)
        if not m:
            continue
        name, params, body = m.group(1), [x.strip() for x in m.group(2).split(",")], m.group(3)
        u = {k for k, q in enumerate(params) if "..." in q or re.search(r"\b%s\b" % re.escape(q), body)}
        if name in used and nparams[name] != len(params):
            u = set(range(len(params)))
        used[name] = used.get(name, set()) | u
        nparams[name] = len(params)
    return {n: set(range(nparams[n])) - u for n, u in used.items() if set(range(nparams[n])) - u}


def in_dropped_argument(text, name, drops):
    """Is every use of name on the line an argument a macro of drops ignores?"""
    for m in re.finditer(r"\b%s\b" % re.escape(name), text):
        i, depth, commas = m.start(), 0, 0
        while i > 0:
            i -= 1
            c = text[i]
            if c in ")]}":
                depth += 1
            elif c in "([{":
                if depth:
                    depth -= 1
                    continue
                break
            elif c == "," and not depth:
                commas += 1
        mm = re.search(r"(\w+)\s*$", text[:i]) if i >= 0 and text[i:i + 1] == "(" else None
        if not mm or commas not in drops.get(mm.group(1), ()):
            return False
    return True


def comment_lines(lines):
    """Line numbers (1-based) with nothing outside a comment (the middle of a
    block comment whose lines do not start with '*', too)."""
    out, inside = set(), False
    for i, l in enumerate(lines, 1):
        code, j = "", 0
        while j < len(l):
            if inside:
                e = l.find("*/", j)
                if e < 0:
                    j = len(l)
                else:
                    inside, j = False, e + 2
            elif l.startswith("/*", j):
                inside, j = True, j + 2
            elif l.startswith("//", j):
                break
            else:
                code += l[j]
                j += 1
        if not code.strip():
            out.add(i)
    return out


# gcc's runtime library (libgcc) names its helpers __<op><mode>: __fixunsdfsi,
# __udivdi3.  A kernel file may define one for itself (r8192U_core.c) while
# an architecture exports libgcc's (arch/arc/kernel/arcksyms.c).
LIBGCC = re.compile(r"^__[a-z]+(?:[sdt]i|[sdtx]f)\d?$")


def weak_names(lines):
    """Names a file declares weak: `__weak`/`__attribute__((weak))` on the
    declaration, or through a macro of the file that does (alpha's setup.c:
    #define WEAK(X) extern struct alpha_machine_vector X __attribute__((weak)),
    then WEAK(xl_mv)).  A weak reference links without a definition."""
    out, makers = set(), set()
    for first, text in trees.logical(lines):
        m = DEFINE_FN.match(text)
        if m and re.search(r"\b(__weak|weak)\b", m.group(3)):
            makers.add(m.group(1))
    for l in lines:
        if re.search(r"\b__weak\b|__attribute__\s*\(\(\s*weak", l) and not l.lstrip().startswith("#"):
            m = re.search(r"\b([A-Za-z_]\w*)\s*(?:__weak\b|__attribute__)", l) or \
                re.search(r"\b([A-Za-z_]\w*)\s*(?:\(|;|=)", l)
            if m:
                out.add(m.group(1))
        for mk in makers:
            for m in re.finditer(r"\b%s\s*\(\s*([A-Za-z_]\w*)\s*\)" % re.escape(mk), l):
                out.add(m.group(1))
    return out


def undefined_macros(copy, names):
    """Of the non-CONFIG_ macro names, those nothing in the tree defines
    (no `#define X`, no `-DX` in a Makefile)."""
    names = {n for n in names if not n.startswith("CONFIG_")}
    if not names:
        return set()
    alt = "|".join(sorted(names))
    r = subprocess.run(["rg", "-uu", "-o", "-N", "--no-filename", "-g", "*.[ch]", "-g", "Makefile*",
                        "-g", "Kbuild*", "-e", r"#\s*define\s+(%s)\b" % alt, "-e", r"-D(%s)\b" % alt, "."],
                       cwd=copy, stdout=subprocess.PIPE, text=True, errors="replace")
    return names - set(re.findall(r"\b(%s)\b" % alt, r.stdout))


def in_enum(lines, ln):
    """Is line ln (1-based) inside the braces of an enum (the nearest
    unclosed '{' above it opens one)?"""
    depth = 0
    for i in range(ln - 2, max(ln - 400, 0) - 1, -1):
        l = lines[i] if i < len(lines) else ""
        depth += l.count("}") - l.count("{")
        if depth < 0:
            return bool(re.search(r"\benum\b", l) or (i and re.search(r"\benum\b", lines[i - 1])))
    return False


# Macros whose first argument is a name they make, not a C reference: a
# module parameter's (module_param_named), an attribute's (DEVICE_ATTR).
MADE_NAME = re.compile(r"\b(module_param_named|module_param_array_named|module_param_string|module_param_cb|"
                       r"module_param_call|core_param|MODULE_PARM_DESC|\w*_ATTR\w*)\s*\(")


def residue(copy, deleted_c, pat):
    names = set()
    for p in deleted_c:
        names |= definitions(p)
    names = {n for n in names if len(n) > 3}
    if not names:
        return []
    open(pat, "w").write("".join(n + "\n" for n in sorted(names)))
    r = subprocess.run(["rg", "-uu", "-n", "-w", "-F", "-f", pat, "--no-heading", "-g", "*.[ch]",
                        "-g", "!tools/**", "-g", "!scripts/**", "-g", "!Documentation/**", "."],
                       cwd=copy, stdout=subprocess.PIPE, text=True, errors="replace")
    uses = collections.defaultdict(list)
    file_lines = {}

    def texts_of(p):
        if p not in file_lines:
            file_lines[p] = trees.read_lines(os.path.join(copy, p)) or []
        return file_lines[p]
    defined_elsewhere = set()
    local = set()   # (file, name): the file defines its own (static) name
    header_lines = {}
    for l in r.stdout.splitlines():
        p, _, rest = l.partition(":")
        ln, _, text = rest.partition(":")
        p = p[2:] if p.startswith("./") else p
        s = text.strip()
        for n in set(trees.WORD.findall(text)) & names:
            if p.endswith(".h"):
                # another definition: a static inline stub or a macro
                # (`static void ufshpb_init(struct ufs_hba *hba) {}` too)
                if re.search(r"(^\s*#\s*define\s+%s\b)|(\b(inline|static)\b.*\b%s\s*\()" % (n, n), text):
                    defined_elsewhere.add(n)
                elif re.search(r"\b%s\s*\(" % n, text) and not s.endswith(";"):
                    # `static inline` alone on the line before (wl12xx.h's stubs)
                    if p not in header_lines:
                        header_lines[p] = trees.read_lines(os.path.join(copy, p)) or []
                    hl = header_lines[p]
                    if 2 <= int(ln) <= len(hl) and re.match(r"\s*(static\s+inline|static|inline)(\s+__\w+)*\s*$",
                                                          hl[int(ln) - 2]):
                        defined_elsewhere.add(n)
                continue
            if re.match(r"\s*static\b.*\b%s\s*(\(|=|;|\[)" % re.escape(n), text) and not s.endswith(");"):
                local.add((p, n))
                continue
            if re.match(r"\s*%s\s*(=[^,]*)?,?\s*(/[*/].*)?$" % re.escape(n), text) and \
                    in_enum(texts_of(p), int(ln)):
                local.add((p, n))   # the file's own enumerator (pinctrl-mt7986.c's GPIO_BASE)
                continue
            if re.match(r"\s*#\s*define\s+%s\b" % re.escape(n), text):
                local.add((p, n))   # the file's own macro (lpc_sch.c's #define GPIO_BASE 0x44)
                continue
            if MADE_NAME.search(text) and re.search(r"\(\s*%s\s*," % re.escape(n), text):
                continue   # a name the macro makes: module_param_named(dbg_level, tsi_dbg_level, ...)
            if re.match(r"\s*extern\b", text) and s.endswith(";"):
                continue   # a declaration (irq-mmp.c's extern of mmp2_clear_pmic_int) is no use
            if re.match(r"\s+(const\s+)?(struct\s+|unsigned\s+)?\w+[\s\*]+%s\s*(\[[^\]]*\])?\s*;" % re.escape(n), text):
                # a declaration of a member or local of the same name: a
                # local's uses are the file's own (acpica's u32 dbg_level)
                if not re.match(r"\s+(const\s+)?(struct|union)\s", text):
                    local.add((p, n))
                continue
            if re.match(r"\s+(static\s+)?(const\s+)?(struct\s+|unsigned\s+)?\w+[\s\*]+%s\s*(\[[^\]]*\])?\s*=" % re.escape(n), text):
                local.add((p, n))   # a local of the same name, with an initializer
                continue
            # `struct smc91x_platdata`: a type of the same name, not the
            # variable a deleted board file defined
            if not re.search(r"(?<!struct )(?<!union )(?<!enum )\b%s\b" % re.escape(n),
                             re.sub(r"\b(struct|union|enum)\s+", lambda m: m.group(1) + " ", text)):
                continue
            if re.search(r"(->|\.)\s*%s\b" % re.escape(n), text) and not re.search(
                    r"(?<![>.\w])\s*%s\s*\(" % re.escape(n), text):
                continue   # a struct member of the same name
            m2 = DEF_FNPTR.match(text) if text and text[0] not in " \t" else None
            if m2 and m2.group(1) == n and s.endswith(";"):
                defined_elsewhere.add(n)
            elif text and text[0] not in " \t" and (DEF_FN.match(text) or DEF_VAR.match(text)) and \
                    re.search(r"\b%s\s*(\(|=|;|\[|\s+__\w+)" % re.escape(n), text) and not s.endswith(");"):
                defined_elsewhere.add(n)
            elif not s.startswith(("*", "//", "/*")):
                uses[n].append((p, int(ln), s))
    found = [(n, p, ln, s) for n in sorted(uses) if n not in defined_elsewhere
             for p, ln, s in uses[n] if (p, n) not in local]
    # A use the compiler never sees (`#if 0`, `#ifdef NOT_YET`) is no residue.
    texts = {p: trees.read_lines(os.path.join(copy, p)) or [] for _, p, _, _ in found}
    guards = set()
    for lines in texts.values():
        for l in lines:
            m = COND.match(l)
            if m and m.group(1) in ("if", "ifdef"):
                mm = ONE_MACRO.match(m.group(2).strip())
                if mm:
                    guards.add(mm.group(1))
    undefined = undefined_macros(copy, guards)
    dead = {p: dead_lines(lines, undefined) for p, lines in texts.items()}
    # An argument a macro of the file ignores is no use (DRM_LEGACY_IOCTL_DEF).
    drops = {p: dropping_macros(lines) for p, lines in texts.items()}
    comments = {p: comment_lines(lines) for p, lines in texts.items()}
    weak = {p: weak_names(lines) for p, lines in texts.items()}
    return [(n, p, ln, s) for n, p, ln, s in found if ln not in dead[p] and ln not in comments[p]
            and not in_dropped_argument(s, n, drops[p]) and not LIBGCC.match(n) and n not in weak[p]]


class Upstream:
    """Why upstream kept what excise removed, from the Kconfig entries and
    Kbuild lines of 6.1 and 6.12 that name the over-removed symbols.

    An over-removed symbol is explained when the two trees show upstream's
    own choice, which excise (removed symbols off, their dependents with
    them) cannot know:
      - upstream kept it and dropped the removed symbol from its
        dependencies (`depends on ATAGS && UNUSED_BOARD_FILES` became
        `depends on ATAGS`; MFD_RK808 became MFD_RK8XX): the removed symbol
        read as y or renamed, not as n;
      - upstream left it dead: in 6.12 it has no prompt, no default, and
        nothing selects or implies it;
      - 6.12 selects it from an option that did not select it in 6.1, or
        gives it a prompt or a default that 6.1 did not (a helper made
        user-selectable);
      - excise took it along as a kept user of the removed code
        (--with-users) and upstream converted that code instead (6.12's
        file no longer names what it used: bttv and videobuf);
      - excise's reason names another over-removed symbol that is explained.
    An over-removed path is explained when it is built by an explained
    symbol (obj-$(CONFIG_S), a directory, arm's machine-$(CONFIG_S)), or is
    a defconfig that sets one; a header, when every 6.1 file that includes
    it is an explained over-removed path, or when nothing in 6.12 includes
    it (upstream left it dead); a page of Documentation/ of which 6.12
    drops more than half the lines (upstream rewrote it)."""

    def __init__(self, t61, t612, files61):
        self.t61, self.t612, self.files61 = t61, t612, set(files61)

    @staticmethod
    def _grep(tree, pattern, globs):
        """Files of TREE (relative) with a line matching PATTERN."""
        args = ["rg", "-uu", "-l", "-e", pattern]
        for g in globs:
            args += ["-g", g]
        r = subprocess.run(args + ["."], cwd=tree, stdout=subprocess.PIPE, text=True, errors="replace")
        return sorted(os.path.normpath(x) for x in r.stdout.split())

    def _kconfig(self, tree, names):
        """{sym: [entries]} and {sym: {symbols that select or imply it}}, for NAMES."""
        alt = "|".join(sorted(names))
        by, selby = collections.defaultdict(list), collections.defaultdict(set)
        for p in self._grep(tree, r"^\s*((menu)?config|select|imply)\s+(%s)\b" % alt, ["Kconfig*"]):
            for e in trees.parse_kconfig(os.path.join(tree, p)):
                if e["sym"] in names:
                    by[e["sym"]].append(e)
                for t in e["selects"]:
                    if t in names:
                        selby[t].add(e["sym"])
        return by, selby

    @staticmethod
    def _words(entries):
        w = set()
        for e in entries:
            w.update(e["deps"])
            for kind, expr, _ in e["blocks"]:
                if kind == "if":
                    w.update(trees.WORD.findall(expr))
        return w

    def symbols(self, removed, over_syms):
        """{symbol: explanation} for the over-removed symbols upstream's trees explain."""
        why = {}
        names = {x[2] for x in over_syms}
        e61, sel61 = self._kconfig(self.t61, names)
        e612, sel612 = self._kconfig(self.t612, names)
        for _, _, sym, reason in over_syms:
            old, new = e61.get(sym, []), e612.get(sym, [])
            if not new:
                continue
            user = self._user(reason)
            if user:
                why[sym] = user
                continue
            dropped = sorted((self._words(old) & removed) - self._words(new))
            added = sorted(sel612.get(sym, set()) - sel61.get(sym, set()))
            if dropped:
                why[sym] = "upstream kept it without its dependency on %s" % ", ".join(dropped)
            elif not any(e["prompt"] or e["default"] for e in new) and not sel612.get(sym):
                why[sym] = "upstream left it dead: in 6.12 nothing can set it"
            elif added:
                why[sym] = "6.12 selects it from %s, which did not in 6.1" % ", ".join(added)
            elif not any(e["prompt"] or e["default"] for e in old):
                why[sym] = "6.12 gives it a prompt or a default, which 6.1 did not"
        changed = True
        while changed:
            changed = False
            for _, _, sym, reason in over_syms:
                if sym in why:
                    continue
                through = [t for t in trees.WORD.findall(reason) if t in why and t != sym]
                if through:
                    why[sym] = "through %s: %s" % (through[0], why[through[0]])
                    changed = True
        return why

    def _user(self, reason):
        """For a kept user excise took along (--with-users: "it builds PATH,
        and line N uses NAME" or "..., and PATH:N uses NAME"): what upstream
        did with PATH instead, or None (6.12 still uses NAME there)."""
        m = re.match(r"a kept user of the removed code \(--with-users\): "
                     r"(?:it builds (\S+), and line \d+|.*?, and ([^:\s]+):\d+) uses (\w+)", reason)
        if not m:
            return None
        path, name = m.group(1) or m.group(2), m.group(3)
        lines = trees.read_lines(os.path.join(self.t612, path))
        if lines is None:
            return "a user of the removed code, which upstream deleted too (%s)" % path
        if not any(re.search(r"\b%s\b" % re.escape(name), l) for l in lines):
            return "a user of the removed code, which upstream converted instead: 6.12's %s no " \
                "longer names %s" % (path, name)
        return None

    def residue(self, res):
        """{(name, user path): explanation} for residue upstream's trees explain:
        upstream deleted the user too (in another removal), converted it (6.12
        keeps the file, which no longer names the name), or kept the name's
        definition apart from the removed code (6.12 still uses it there)."""
        why, text = {}, {}
        for n, p, _, _ in res:
            if (n, p) in why:
                continue
            if p not in text:
                text[p] = trees.read_lines(os.path.join(self.t612, p))
            lines = text[p]
            if lines is None:
                why[(n, p)] = "upstream deleted this user too"
            elif not any(re.search(r"\b%s\b" % re.escape(n), l) for l in lines):
                why[(n, p)] = "upstream converted this user: 6.12's file no longer names it"
            else:
                why[(n, p)] = "upstream kept the definition apart from the removed code: 6.12 still uses it here"
        return why

    def paths(self, over_paths, why):
        """{path: explanation} for the over-removed paths an explained symbol builds."""
        out = {}
        if not over_paths:
            return out
        if why:
            self._built_by(over_paths, why, out)
        self._headers(over_paths, out)
        self._rewritten_docs(over_paths, out)
        self._named_docs(over_paths, out)
        return out

    @staticmethod
    def _named_docs(over_paths, out):
        """A page of Documentation/ named for an explained over-removed
        file or directory (bt8xx.rst for drivers/media/pci/bt8xx/,
        altera_tse.rst for altera_tse.h) follows it."""
        stems = {}
        for p, why in out.items():
            if not p.startswith("Documentation/"):
                stems.setdefault(os.path.splitext(os.path.basename(p.rstrip("/")))[0], (p, why))
                stems.setdefault(os.path.basename(os.path.dirname(p.rstrip("/"))), (p, why))
        for p in over_paths:
            if p in out or not p.startswith("Documentation/"):
                continue
            hit = stems.get(os.path.splitext(os.path.basename(p))[0])
            if hit:
                out[p] = "named for %s, %s" % hit

    def _rewritten_docs(self, over_paths, out):
        """A page of Documentation/ that 6.12 keeps under its name but of
        which it drops most lines is a page upstream rewrote for something
        else (paride.rst: PARIDE's page became pata_parport's)."""
        for p in over_paths:
            if p in out or not p.startswith("Documentation/"):
                continue
            old = trees.read_lines(os.path.join(self.t61, p)) or []
            gone = trees.gone_lines(os.path.join(self.t61, p), os.path.join(self.t612, p))
            if old and gone is not None and len(gone) * 2 > len(old):
                out[p] = "upstream rewrote it: %d of its %d lines are gone in 6.12" % (len(gone), len(old))

    def _built_by(self, over_paths, why, out):
        # the Kbuild files that name an explained symbol; arm's
        # machine-$(CONFIG_S) += NAME builds arch/ARCH/mach-NAME/
        mk = self._grep(self.t61, r"CONFIG_(%s)\b" % "|".join(sorted(why)), ["Makefile*", "Kbuild"])
        kb = trees.Kbuild(self.t61, mk)
        kb.files = self.files61
        for p in mk:
            m = re.match(r"^arch/([^/]+)/Makefile$", p)
            if not m:
                continue
            for ln, lhs, syms, words in trees.parse_makefile(os.path.join(self.t61, p)):
                if lhs.startswith(("machine-", "plat-")):
                    kind = "mach" if lhs.startswith("machine-") else "plat"
                    for sym in syms:
                        kb.by_sym.setdefault(sym, []).append(
                            (p, ln, ["arch/%s/%s-%s/" % (m.group(1), kind, w) for w in words if "$" not in w]))
        built = {}   # explained symbol -> the files and directories it builds
        for sym in why:
            built[sym] = []
            for _, _, objs in kb.by_sym.get(sym, []):
                for o in objs:
                    for x in [o] if o.endswith("/") else kb.sources(o):
                        built[sym] += [x, x[:-2] + ".h"] if x.endswith((".c", ".S")) else [x]
        for p in over_paths:
            lines = trees.read_lines(os.path.join(self.t61, p)) or [] \
                if re.match(r"^arch/[^/]+/configs/", p) else []
            for sym, reason in why.items():
                if any(p.startswith(x) if x.endswith("/") else p == x for x in built[sym]) or \
                        "CONFIG_%s=y" % sym in lines:
                    out[p] = "built by %s: %s" % (sym, reason)
                    break

    def _headers(self, over_paths, out):
        """A header excise deleted with every file that included it, those
        explained, follows them; one that nothing in 6.12 includes is a
        header upstream left dead (crypto-ux500.h, irq-davinci-aintc.h)."""
        heads = [p for p in over_paths if p not in out and p.endswith(".h")]
        if not heads:
            return
        # the #include names: <linux/foo.h> for include/linux/foo.h, "foo.h" else
        name = {p: p[len("include/"):] if p.startswith("include/") else os.path.basename(p) for p in heads}
        pat = r'^\s*#\s*include\s*[<"]((?:[^>"]*/)?(?:%s))[>"]' % \
            "|".join(sorted({re.escape(os.path.basename(p)) for p in heads}))

        def includers(tree):
            """{header: [files of TREE that include it]}, one rg over the tree."""
            r = subprocess.run(["rg", "-uu", "--no-heading", "-N", "-o", "-r", "$1", "-g", "*.[chS]",
                                "-e", pat, "."], cwd=tree, stdout=subprocess.PIPE, text=True, errors="replace")
            by = collections.defaultdict(list)
            for line in r.stdout.splitlines():
                f, _, inc = line.partition(":")
                f = os.path.normpath(f)
                for p in heads:
                    if f != p and (inc == name[p] or inc.endswith("/" + name[p]) or
                                   (inc == os.path.basename(p) and os.path.dirname(f) == os.path.dirname(p))):
                        by[p].append(f)
            return by
        old, new = includers(self.t61), includers(self.t612)
        for p in heads:
            # its includers that 6.12 still has are over-removals, explained
            # (sst-dsp-priv.h: common/sst-dsp.c and sst-ipc.c, left dead
            # upstream, and the skylake/ files upstream removed too)
            kept = [f for f in old[p] if os.path.exists(os.path.join(self.t612, f))]
            if kept and all(f in out for f in kept):
                out[p] = "included only by %s%s, %s" % (
                    kept[0], " and files upstream removed" if len(kept) < len(old[p]) else "", out[kept[0]])
            elif not new[p]:
                out[p] = "upstream left it dead: nothing in 6.12 includes it"


def main():
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument("cases_wanted", nargs="*")
    ap.add_argument("--cases")
    ap.add_argument("--out")
    ap.add_argument("--copy")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--budget", type=int, default=0)
    ap.add_argument("--kconfig", action="store_true")
    ap.add_argument("--min-recall", type=float)
    ap.add_argument("--min-case-recall", type=float, default=0.0)
    ap.add_argument("--symbols", action="append", default=[])
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    t_all = time.time()
    if not a.cases:
        a.cases = subprocess.run([sys.executable, os.path.join(HERE, "discover.py")], check=True,
                                 stdout=subprocess.PIPE, text=True).stdout.strip()
    data = json.load(open(a.cases))
    cases = data["cases"]
    if a.list:
        for c in cases:
            gone = sum(1 for s in c["sites"] if s[3] == "gone")
            print("case\t%s\t%s\t%d" % (c["name"], ",".join(c["symbols"]), gone))
        for sym, path, why in data["excluded"]:
            print("excluded\t%s\t%s\t%s" % (sym, path, why))
        return 0
    if a.cases_wanted:
        by = {c["name"]: c for c in cases}
        bad = [n for n in a.cases_wanted if n not in by]
        if bad:
            print("run.py: unknown case(s): %s (--list lists them)" % " ".join(bad), file=sys.stderr)
            return 2
        cases = [by[n] for n in a.cases_wanted]
    else:
        cases = sorted(cases, key=lambda c: (bool(c.get("named")), len(c["symbols"]), len(c["sites"]), c["name"]))
    override = dict(s.split("=", 1) for s in a.symbols)
    t61, t612 = trees.tree_path("6.1"), trees.tree_path("6.12")
    out_dir = a.out or os.path.join(CACHE, "corpus", "out")
    os.makedirs(out_dir, exist_ok=True)
    pristine = trees.listing(t61)
    pristine.pop(".excise-complete", None)   # tree.sh's stamp; worktree.sh drops it from copies
    f612 = {p for p, (t, _) in trees.listing(t612).items() if t == "f"}
    files61 = sorted(p for p, (t, _) in pristine.items() if t == "f")
    syms612 = set(data["symbols612"])
    copy = a.copy or os.path.join(CACHE, "work", "corpus")
    if not os.path.isdir(copy) or compare(trees.listing(copy), pristine):
        subprocess.run([os.path.join(TOP, "scripts/worktree.sh"), copy], check=True, stdout=subprocess.DEVNULL)
    if compare(trees.listing(copy), pristine):
        print("run.py: %s is not a pristine copy of %s" % (copy, t61), file=sys.stderr)
        return 2
    x86 = x86_kconfig_files(t61, files61) | {"arch/x86/configs/x86_64_defconfig"}
    before = None
    if a.kconfig:
        bfile = os.path.join(CACHE, "corpus", "kconfig-before.json")
        stamp = "%s@%d" % (t61, os.stat(os.path.join(t61, ".excise-complete")).st_mtime)
        try:
            b = json.load(open(bfile))
            if b["stamp"] == stamp:
                before = {k: collections.Counter(v) for k, v in b["findings"].items()}
        except (OSError, ValueError, KeyError):
            pass
        if before is None:
            before = configure(copy, "before")
            json.dump({"stamp": stamp, "findings": before}, open(bfile, "w"))
    print("%-44s %3s %5s %8s %3s %3s %4s %4s %3s %-9s %6s %s" % (
        "case", "sym", "sites", "recall", "op", "os", "ol", "stal", "res", "kconfig", "sec", "result"), flush=True)

    rows, failed, tot_gone, tot_hit = [], 0, 0, 0
    worst = []

    def one(c, copy):
        name = c["name"]
        syms = override.get(name, ",".join(c["symbols"])).split(",")
        t0 = time.time()
        rejected = []
        while True:
            try:
                # --with-users: kept code that uses what goes (bttv calls
                # videobuf_iolock()) goes too, with the option that builds
                # it; --force: a removal excise still refuses for link
                # residue (code no option builds) is scored all the same,
                # with its residue in the residue column.
                r = subprocess.run([EXCISE, "remove", "--with-users", "--force", "-C", copy] + syms, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, errors="replace", timeout=a.timeout)
                rc, err, report = r.returncode, r.stderr, r.stdout
            except subprocess.TimeoutExpired:
                rc, err, report = "timeout", "", ""
            # A symbol excise does not accept (it rejects the whole command):
            # try once more without it, and count the case as failed.
            bad = re.findall(r"unknown target '(?:CONFIG_)?([^']+)'", err)
            if rc != 2 or not bad or not set(bad) <= set(syms) or len(bad) == len(syms):
                break
            rejected += bad
            syms = [x for x in syms if x not in bad]
        secs = time.time() - t0
        changes = compare(trees.listing(copy), pristine)
        deleted = {p for p, k in changes.items() if k == "deleted" and pristine[p][0] != "d"}
        removed = {}
        for p, k in changes.items():
            if k == "modified" and pristine[p][0] == "f":
                removed[p] = trees.gone_lines(os.path.join(t61, p), os.path.join(copy, p), cache={})
        notes = []

        def excise_removed(p, ln):
            if ln == 0:
                if p.endswith("/"):
                    return not os.path.isdir(os.path.join(copy, p))
                return p in deleted
            return p in deleted or ln in removed.get(p, ())
        gone = hit = told = reworded = 0
        site_rows, stale_sites = [], set()
        words = set(c["symbols"]) | {"CONFIG_" + x for x in c["symbols"]} | \
            {"CONFIG_%s_MODULE" % x for x in c["symbols"]}
        paths = [o.rstrip("/") for o in c["owned"]] + c.get("headers", [])

        def stale(text):
            return bool(words & set(trees.WORD.findall(text))) or any(q in text for q in paths)
        # Lines excise's report lists for a person ("review: PATH:LINE" and
        # link residue "PATH:LINE:"): a missed site among them was not
        # missed silently (MISSED-REPORTED; recall counts it missed all the same).
        reported = {(m[0], int(m[1])) for m in
                    re.findall(r"^\s+(?:review|link residue): ([^:\s]+):(\d+)", report, re.M)}
        # Missed lines that upstream replaced rather than deleted (a sentence
        # reworded, an #include converted to another API): "rewritten" in
        # the upstream column, counted as gone all the same.
        missed = collections.defaultdict(set)
        for p, ln, kind, fate, text in c["sites"]:
            if fate == "gone" and ln and not excise_removed(p, ln):
                missed[p].add(ln)
        skip = {w.lower() for w in words}
        rewritten = {(p, ln) for p, lns in missed.items()
                     for ln in trees.rewritten_lines(os.path.join(t61, p), os.path.join(t612, p), lns, skip)}
        for p, ln, kind, fate, text in c["sites"]:
            got = excise_removed(p, ln)
            if fate == "gone":
                gone += 1
                hit += got
                verdict = "removed" if got else "MISSED-REPORTED" if (p, ln) in reported else "MISSED"
                told += not got and (p, ln) in reported
                if (p, ln) in rewritten:
                    fate = "rewritten"
                    reworded += 1
            elif fate == "kept":
                # 6.12 still has a line naming what it removed: upstream left it
                # stale (a defconfig line, a comment); removing it is no harm.
                verdict = ("removed-stale" if stale(text) else "OVER-REMOVED") if got else "kept"
                if got and stale(text):
                    stale_sites.add((p, ln))
            else:
                verdict = "removed" if got else "left"
            site_rows.append(("site", p, ln, kind, fate, verdict, text))
        over_paths = sorted(p for p in deleted if p in f612)
        # excise's own reason for each symbol it removed as a dependent
        # ("  dependent: SYM: reason (file:line)"), for the over-symbol rows.
        why_sym = dict(re.findall(r"^\s+dependent: (\w+): (.*)$", report, re.M))
        over_syms = []
        for p in sorted(changes):
            if os.path.basename(p).startswith("Kconfig") and pristine[p][0] == "f":
                for e in trees.parse_kconfig(os.path.join(t61, p)):
                    if (p in deleted or e["line"] in removed.get(p, ())) and e["sym"] in syms612:
                        over_syms.append((p, e["line"], e["sym"], why_sym.get(
                            e["sym"], "named in the command" if e["sym"] in syms else
                            "its Kconfig file is deleted" if p in deleted else "-")))
        # an entry excise moved (a tenant's, to the file that sourced it) is
        # still defined: not over-removed
        if over_syms:
            r3 = subprocess.run(["rg", "-uu", "-o", "-N", "--no-filename", "-g", "Kconfig*", "-e",
                                 r"^\s*(?:menu)?config\s+(%s)\b" % "|".join(sorted({x[2] for x in over_syms})),
                                 "-r", "$1", "."], cwd=copy, stdout=subprocess.PIPE, text=True, errors="replace")
            still = set(r3.stdout.split())
            over_syms = [x for x in over_syms if x[2] not in still]
        over_lines = []
        for p, lines in sorted(removed.items()):
            if p not in f612 or not lines:
                continue
            up = trees.gone_lines(os.path.join(t61, p), os.path.join(t612, p))
            text = trees.read_lines(os.path.join(t61, p))
            for ln in sorted(lines):
                # Lines of punctuation only ("}", "*/") are left out: the line
                # diff of 6.1 against 6.12 pairs them with any other brace.
                if ln not in up and ln <= len(text) and re.search(r"[A-Za-z0-9]", text[ln - 1]) \
                        and (p, ln) not in stale_sites:
                    over_lines.append((p, ln, text[ln - 1].strip()))
        sym_why, path_why = {}, {}
        if over_syms:
            sym_why = upstream.symbols(set(syms), over_syms)
        if over_paths:
            path_why = upstream.paths(over_paths, sym_why)
        # a symbol whose Kconfig file went with an explained path
        # (DVB_BT8XX, in drivers/media/pci/bt8xx/Kconfig) follows it
        for p, ln, s_, why in over_syms:
            if s_ not in sym_why and p in path_why:
                sym_why[s_] = "its Kconfig file goes: %s" % path_why[p]
        if over_lines or over_paths or over_syms:
            r2 = subprocess.run([EXCISE, "locate", "-C", t61, "--format=json"] + syms,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            try:
                refs = json.loads(r2.stdout)["references"]
            except ValueError:
                refs = []
            byfile = collections.defaultdict(list)
            for ref in refs:
                byfile[ref["path"]].append(ref)

            def reason(p, ln):
                best = None
                for ref in byfile.get(p, []):
                    if ref["line"] <= ln and (best is None or ref["line"] > best["line"]):
                        best = ref
                if best is None:
                    return "-"
                where = "" if best["line"] <= ln <= best["last_line"] else "in the block at line %d: " % best["line"]
                return "%s%s %s: %s" % (where, best["kind"], best["action"], best["reason"])
            over_lines = [(p, ln, s, reason(p, ln)) for p, ln, s in over_lines]
        deleted_c = [os.path.join(t61, p) for p in deleted if p.endswith(".c")]
        res = residue(copy, deleted_c, os.path.join(out_dir, ".residue-%s.pat" % os.path.basename(copy))) \
            if deleted_c else []
        res_why = upstream.residue(res) if res else {}
        kc_new, kc_state = [], "same input"
        touched = {p for p in changes if pristine.get(p, ("f",))[0] == "f"}
        if not a.kconfig:
            kc_state = "not run"
        elif touched & x86:
            after = configure(copy, "after-" + os.path.basename(copy))
            for cfg in CONFIGS:
                for k, n in (after[cfg] - before[cfg]).items():
                    kc_new.append((cfg, k, n))
            kc_state = "%d new" % sum(n for _, _, n in kc_new)
        changes = compare(trees.listing(copy), pristine)
        reset(copy, t61, changes, pristine)
        left = compare(trees.listing(copy), pristine)
        if left:
            raise RuntimeError("%s: the work copy %s is not pristine after the reset: %s" %
                               (name, copy, ", ".join(sorted(left)[:5])))
        fail = []
        if rejected:
            fail.append("rejected " + ",".join(rejected))
        if rc != 0:
            fail.append("excise exit %s" % rc)
        if kc_new:
            fail.append("kconfig")
        rec = 100.0 * hit / gone if gone else 100.0
        res_names = sorted({n for n, _, _, _ in res})
        # residue excise itself reported (it refuses such a removal without
        # --force): a name counts when its every kept use is in the report.
        # The report gives lines of the tree before the removal, so uses are
        # matched by file and name.
        linked = {(m[0], m[1]) for m in re.findall(
            r"^\s+link residue: ([^:\s]+):\d+: (?:calls|names|takes the address of|exports|passes|refers to) (\w+)",
            report, re.M)}
        res_told = len({n for n, _, _, _ in res} -
                       {n for n, p, _, _ in res if (p, n) not in linked})
        # uses the semantic patches met and left for review by hand ("review:
        # PATH:LINE (c-call): NAME is defined only by the removed code ...")
        reviewed = {(m[0], m[1]) for m in re.findall(
            r"^\s+review: ([^:\s]+):\d+ \([^)]*\): (\w+) is defined only by the removed code",
            report, re.M)}
        res_review = len({n for n, _, _, _ in res} -
                         {n for n, p, _, _ in res if (p, n) not in linked | reviewed}) - res_told
        row = (name, len(syms), len(c["sites"]), gone, rec, len(over_paths), len(over_syms),
               len(over_lines), len(stale_sites), len(res_names), kc_state, secs, ",".join(fail) or "ok",
               len(path_why), len(sym_why),
               len({n for n, _, _, _ in res} - {n for n, p, _, _ in res if (n, p) not in res_why}))
        with open(os.path.join(out_dir, name.replace("/", "_") + ".tsv"), "w") as f:
            f.write("# case %s: excise remove %s (exit %s, %.1f s)%s\n" % (
                name, " ".join(syms), rc, secs, "; rejected: " + " ".join(rejected) if rejected else ""))
            f.write("section\tpath\tline\tkind\tupstream\texcise\ttext or reason\n")
            for s in site_rows:
                f.write("\t".join(esc(x) for x in s) + "\n")
            # the last column: "explained: ..." when upstream's trees say why (class Upstream)
            for p in over_paths:
                f.write("over-path\t%s\t0\tpath\tkept\tdeleted\t%s\n" % (
                    esc(p), "explained: " + esc(path_why[p]) if p in path_why else "-"))
            for p, ln, s, why in over_syms:
                f.write("over-symbol\t%s\t%d\tkconfig\tdefined\tremoved\t%s  [%s]%s\n" % (
                    esc(p), ln, esc(s), esc(why), "  explained: " + esc(sym_why[s]) if s in sym_why else ""))
            for p, ln, s, why in over_lines:
                f.write("over-line\t%s\t%d\t-\tkept\tremoved\t%s  [%s]\n" % (esc(p), ln, esc(s), esc(why)))
            for n, p, ln, s in res:
                f.write("residue\t%s\t%d\t%s\t-\t%s\t%s%s\n" % (
                    esc(p), ln, esc(n), "kept-reported" if (p, n) in linked else
                    "kept-reviewed" if (p, n) in reviewed else "kept", esc(s),
                    "  explained: " + res_why[(n, p)] if (n, p) in res_why else ""))
            for cfg, k, n in kc_new:
                f.write("kconfig\t%s\t0\tx86_64\t-\tnew x%d\t%s\n" % (cfg, n, esc(k)))
            if rc != 0:
                f.write("error\t-\t0\texcise\t-\texit %s\t%s\n" % (rc, esc(err.strip()[-500:])))
        print("%-44s %3d %5d %7.1f%% %3d %3d %4d %4d %3d %-9s %6.1f %s" % (
            name[:44], len(syms), gone, rec, len(over_paths), len(over_syms), len(over_lines),
            len(stale_sites), len(res_names), kc_state, secs, ",".join(fail) or "ok"), flush=True)
        return row, gone, hit, told, reworded, res_told, res_review, bool(fail), bool(gone and rec < a.min_case_recall)

    upstream = Upstream(t61, t612, files61)

    # --jobs N: N work copies, one case at a time on each.
    copies = queue.Queue()
    for i in range(a.jobs):
        cp = copy if i == 0 else "%s-%d" % (copy, i)
        if not os.path.isdir(cp) or compare(trees.listing(cp), pristine):
            subprocess.run([os.path.join(TOP, "scripts/worktree.sh"), cp], check=True,
                           stdout=subprocess.DEVNULL)
        copies.put(cp)

    def task(c):
        if a.budget and time.time() - t_all > a.budget:
            return None
        cp = copies.get()
        try:
            return one(c, cp)
        finally:
            copies.put(cp)
    try:
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            results = list(ex.map(task, cases))
    except RuntimeError as e:
        print("run.py: %s" % e, file=sys.stderr)
        return 2
    skipped = [c["name"] for c, r in zip(cases, results) if r is None]
    results = [r for r in results if r is not None]
    tot_told = tot_reworded = tot_res_told = tot_res_review = 0
    below, low_reworded = [], []
    for row, gone, hit, told, reworded, res_told, res_review, f, low in results:
        rows.append(row)
        tot_gone += gone
        tot_hit += hit
        tot_told += told
        tot_reworded += reworded
        # below the 80% per case; of those, the ones that are only
        # through lines upstream rewrote
        if gone and 100.0 * hit / gone < CASE_BAR:
            below.append(row[0])
            if 100.0 * (hit + reworded) / gone >= CASE_BAR:
                low_reworded.append(row[0])
        tot_res_told += res_told
        tot_res_review += res_review
        failed += f
        if low:
            worst.append(row[0])
    total = time.time() - t_all
    rec = 100.0 * tot_hit / tot_gone if tot_gone else 100.0
    op, osy, ol, rl = (sum(r[i] for r in rows) for i in (5, 6, 7, 9))
    with open(os.path.join(out_dir, "summary.tsv"), "w") as f:
        f.write("case\tsymbols\tsites\tupstream-gone\trecall\tover-paths\tover-symbols\tover-lines"
                "\tstale-removed\tresidue\tkconfig\tseconds\tresult\n")
        for r in rows:
            f.write("%s\t%d\t%d\t%d\t%.1f\t%d\t%d\t%d\t%d\t%d\t%s\t%.1f\t%s\n" % r[:13])
    last = "corpus: %d cases, recall %.1f%%, over-removed paths %d, over-removed symbols %d, residue %d, failed %d, in %.0f s" % (
        len(rows), rec, op, osy, rl, failed, total)
    with open(os.path.join(out_dir, "summary.tsv"), "a") as f:
        f.write("# " + last + "\n")
    print("per-case TSVs and summary.tsv in %s" % out_dir)
    print("missed sites: %d of %d, of which excise's report lists %d for review or as link residue;"
          " upstream rewrote %d of the %d rather than deleting them (\"rewritten\" in the TSVs)"
          % (tot_gone - tot_hit, tot_gone, tot_told, tot_reworded, tot_gone - tot_hit))
    print("cases below %.0f%% recall: %d (%s); %d of them only through lines upstream rewrote (%s)"
          % (CASE_BAR, len(below), " ".join(below) or "-", len(low_reworded), " ".join(low_reworded) or "-"))
    ep, es = (sum(r[i] for r in rows) for i in (13, 14))
    print("over-removed: %d paths and %d symbols, of which upstream's trees explain %d paths and %d symbols"
          " (upstream kept what depended on a removed symbol, or left it dead; \"explained:\" in the TSVs);"
          " unexplained: %d paths, %d symbols" % (op, osy, ep, es, op - ep, osy - es))
    print("residue: %d names, %d of them in excise's report as link residue (without --force "
          "excise refuses to write such a removal), %d more listed there for review by hand;"
          " upstream's trees explain %d (every user upstream deleted too, converted, or kept with a"
          " definition moved out of the removed code: \"explained:\" in the TSVs)"
          % (rl, tot_res_told, tot_res_review, sum(r[15] for r in rows)))
    if skipped:
        print("not run (--budget %d s reached): %d cases: %s" % (a.budget, len(skipped), " ".join(skipped)))
    print(last)
    if a.min_recall is not None:
        bad = []
        if rec < a.min_recall:
            bad.append("recall %.1f%% < %.1f%%" % (rec, a.min_recall))
        if worst:
            bad.append("cases below %.1f%%: %s" % (a.min_case_recall, " ".join(worst)))
        if op or osy or ol:
            bad.append("over-removal: %d paths, %d symbols, %d lines" % (op, osy, ol))
        if rl:
            bad.append("residue %d" % rl)
        if failed:
            bad.append("%d failed" % failed)
        if bad:
            print("FAIL: " + "; ".join(bad))
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
