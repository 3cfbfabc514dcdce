#!/usr/bin/env python3
"""run.py [options] [CASE...] - run excise on the corpus and score it against 6.12.

Each case (bench/corpus/discover.py) runs `excise remove SYM...` as a user
runs it, with the default flags, on one hard-linked work copy of 6.1, is
scored against 6.12, and the copy is reset: only the paths the removal
touched are linked back to the pristine tree, and a listing of the whole
copy (type and inode of every entry, `find -printf`) must then equal the
pristine tree's, or the run stops.  A removal excise refuses (exit 2,
nothing changed: link residue, or more than 5% of the tree) is scored as
what it wrote, nothing, and its reason listed; the case then runs again
with `--with-users --force` for the second column (the figures before
issue 37).  A case excise does not refuse scores the same in both columns
(--with-users acts on link residue only, --force lets a refused plan
through) and runs once.

Scores per case (each column):
  recall       sites of the case (6.1 lines naming its symbols, owned paths,
               headers or identifiers; its owned paths) that 6.12 no longer
               has, and that excise removed (deleted or changed the line,
               deleted the file)
  recall with API sites
               the same, with the case's API sites counted too (api.py: the
               uses of a C name 6.1 defines only under the removed options
               or in removed files and 6.12 nowhere; "api-site" rows)
  over paths   files excise deleted that 6.12 still has, unless upstream
               left them dead (Dead612: nothing in 6.12 can build, include
               or use them); those are listed as "explained:", and what
               upstream did instead (converted the user, dropped a
               dependency) as "upstream:", which does not take a path out
  over syms    Kconfig symbols whose entry excise removed that 6.12 defines,
               unless 6.12 cannot set them (the same)
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
  compile      with --compile: files with new compile errors of the files
               compiled (scripts/compile-files.sh: every .c file excise
               edited, every kept .c file that names a definition the
               removal deleted or includes a deleted header, in an
               allmodconfig of its architecture, before and after; "compile"
               rows, one per file, and "compile-error"/"compile-warning"
               rows)
  seconds      wall time of excise remove
A case fails when excise exits non-zero without refusing, runs out of time
(--timeout, 300 s), gives new Kconfig warnings, or the compile judge fails.
The last line:
  corpus: N cases, recall R% (with API sites A%), over-removed paths P,
  over-removed symbols S, residue L, compile errors E of F files, refused
  N, failed F, in T s | --with-users --force: recall ..., ...

Options:
  --cases FILE        the case list (default: discover.py's cache, rebuilt when missing)
  --no-api            a case list without API sites (no ctags index of the whole
                      trees, half an hour each when cold: the tests' way)
  --out DIR           per-case TSVs and summary.tsv (default $EXCISE_CACHE/corpus/out)
  --copy DIR          the work copy (default $EXCISE_CACHE/work/corpus; made when missing)
  --jobs N            N cases at once, each on its own work copy (DIR, DIR-1, ...)
  --budget S          start no case after S seconds (the rest are listed as not run)
Cases run smallest first (symbols, then sites).
  --kconfig           run the configuration check (about a minute a case on a
                      loaded 2-core machine: not part of the full corpus by default)
  --compile MODE      the compiler as judge: none (the default), default (the
                      default flags' column), all (both columns)
  --compile-max-files N  skip the judge (listed) for a case with more files
  --compile-budget S  start no judge after S seconds spent judging (the
                      rest listed as skipped; make corpus's sample)
  --min-recall R      exit 1 when the overall recall (default flags) is below R
                      percent, any case's below --min-case-recall (a refusal
                      aside), anything is over-removed or residue is left
                      (default: report only)
  --min-case-recall R
  --min-api-recall R  exit 1 when the recall with API sites is below R
  --min-forced-recall R  exit 1 when --with-users --force's recall is below
                      R, any case's below --min-case-recall, or residue is left
  --max-compile-errors N  exit 1 when more files have new compile errors
  --max-refused N     exit 1 when excise refuses more cases
  --symbols CASE=SYM[,SYM]  run excise with these symbols instead (a
                      deliberately incomplete or excessive removal, for
                      negative controls); scored as CASE
  --list              print the cases (name, symbols, sites upstream removed) and
                      the excluded symbols (moved or renamed, with why), and exit
"""
import argparse, collections, concurrent.futures, json, os, queue, re, shutil, subprocess, sys, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import api  # noqa: E402
import defs  # noqa: E402
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

class Dead612:
    """What 6.12 can no longer build or use: the one explanation that takes
    an over-removed path or symbol out of the count (issue 37: a driver that
    6.12 still builds is over-removed, whatever upstream did with it).

    A symbol is dead when in 6.12 nothing can set it (no prompt, no default,
    nothing selects or implies it), or when one of its `depends on` lines
    is a conjunction of symbols one of which 6.12 does not define or is
    dead.  A path is dead when
      - .c/.S: no Kbuild line of 6.12 builds its object, or only lines on
        dead (or undefined) symbols do, or a directory above it is
        descended into only on dead symbols (arm's machine-$(CONFIG_X)
        lines too);
      - .h: nothing in 6.12 includes it, or only dead files do;
      - Kconfig*: no Kconfig file of 6.12 sources it;
      - Makefile, Kbuild: its directory is dead;
      - .dts/.dtsi: no dtb- line of 6.12 builds it and no .dts includes it;
      - Documentation/: no other file of 6.12 names it (its toctree entry
        "dir/page", its file name);
      - anything else (a defconfig: `make foo_defconfig` still uses it): never."""

    def __init__(self, t612, syms612):
        self.t612, self.syms612 = t612, syms612
        self._kb = None
        self._entries = {}
        self._dead_sym = {}
        self._dead_path = {}

    def _grep(self, pattern, globs, fixed=False):
        args = ["rg", "-uu", "--no-heading", "-n"] + (["-F"] if fixed else []) + ["-e", pattern]
        for g in globs:
            args += ["-g", g]
        r = subprocess.run(args + ["."], cwd=self.t612, stdout=subprocess.PIPE, text=True, errors="replace")
        out = []
        for l in r.stdout.splitlines():
            f, _, rest = l.partition(":")
            ln, _, text = rest.partition(":")
            out.append((os.path.normpath(f), text))
        return out

    def entries(self, sym):
        if sym not in self._entries:
            es, selby = [], False
            for f, text in self._grep(r"^\s*((menu)?config|select|imply)\s+%s\b" % re.escape(sym), ["Kconfig*"]):
                if re.match(r"\s*(select|imply)\s", text):
                    selby = True
                elif f not in {e["file"] for e in es}:
                    es += [e for e in trees.parse_kconfig(os.path.join(self.t612, f)) if e["sym"] == sym]
            self._entries[sym] = (es, selby)
        return self._entries[sym]

    def symbol(self, sym, depth=0):
        """(dead?, why) of a symbol 6.12 defines."""
        if sym in self._dead_sym:
            return self._dead_sym[sym]
        if sym not in self.syms612:
            return True, "6.12 does not define it"
        self._dead_sym[sym] = (False, "")   # a cycle counts as alive
        es, selby = self.entries(sym)
        if not selby and not any(e["prompt"] or e["default"] for e in es):
            res = (True, "in 6.12 nothing can set it")
        else:
            res = (False, "")
            for e in es:
                for expr in e["depexprs"]:
                    # a conjunction of symbols only: `||`, `!`, a comparison
                    # or a $(function) says nothing about one symbol alone
                    if re.search(r"\|\||!|\$\(|[<>=]|\bif\b", expr) or depth > 8:
                        continue
                    for w in trees.WORD.findall(re.sub(r"#.*", "", expr)):
                        if w in ("y", "m", "n") or not re.match(r"^[A-Z][A-Z0-9_]*$", w):
                            continue
                        d, why = self.symbol(w, depth + 1)
                        if d:
                            res = (True, "it depends on %s (%s)" % (w, why))
                            break
                    if res[0]:
                        break
                if res[0]:
                    break
        self._dead_sym[sym] = res
        return res

    def kbuild(self):
        """{object or directory path: [condition symbols of each line that builds it]} of 6.12."""
        if self._kb is None:
            kb = collections.defaultdict(list)
            mks = [f for f, _ in self._grep(r"(obj|lib|machine|plat)-|dtb-", ["Makefile*", "Kbuild"])]
            composite = {}
            for mk in sorted(set(mks)):
                d = os.path.dirname(mk)
                arch = re.match(r"^arch/([^/]+)/Makefile$", mk)
                for ln, lhs, syms, words in trees.parse_makefile(os.path.join(self.t612, mk)):
                    m = re.match(r"^([A-Za-z0-9_-]+)-(y|objs|\$\(CONFIG_[A-Za-z0-9_]+\))$", lhs)
                    if arch and lhs.startswith(("machine-", "plat-")):
                        kind = "mach" if lhs.startswith("machine-") else "plat"
                        for w in words:
                            if "$" not in w:
                                kb["arch/%s/%s-%s/" % (arch.group(1), kind, w)].append(syms)
                        continue
                    if lhs.startswith(("obj-", "lib-", "dtb-", "always-", "subdir-")):
                        for w in words:
                            if "$" in w:
                                continue
                            kb[os.path.normpath(os.path.join(d, w)) + ("/" if w.endswith("/") else "")].append(syms)
                    elif m and m.group(1) not in ("ccflags", "asflags", "extra", "targets", "hostprogs", "subdir"):
                        for w in words:
                            if w.endswith(".o") and "$" not in w:
                                composite.setdefault(os.path.normpath(os.path.join(d, w)), []).append(
                                    (os.path.join(d, m.group(1)) + ".o", syms))
            # a part of a composite object is built as the composite is, and on its own line's symbols
            for part, owners in composite.items():
                for whole, syms in owners:
                    for conds in kb.get(whole, []):
                        kb[part].append(conds + syms)
            self._kb = kb
        return self._kb

    def _level_dead(self, key, unnamed_dead):
        lines = self.kbuild().get(key)
        if not lines:
            return (True, "no Kbuild line of 6.12 builds it") if unnamed_dead else (False, "")
        whys = []
        for syms in lines:
            dead = [(s, self.symbol(s)) for s in syms]
            dead = [(s, w) for s, (d, w) in dead if d]
            if not dead:
                return False, ""
            whys.append("%s: %s" % dead[0])
        return True, "6.12 builds it only on dead symbols (%s)" % whys[0]

    def path(self, p):
        """(dead?, why) of a path 6.12 has."""
        if p in self._dead_path:
            return self._dead_path[p]
        self._dead_path[p] = (False, "")
        base = os.path.basename(p)
        res = (False, "")
        if p.endswith((".c", ".S")):
            res = self._level_dead(p[:-2] + ".o", True)
            d = os.path.dirname(p)
            while not res[0] and d:
                dd = self._level_dead(d + "/", False)
                if dd[0]:
                    res = (True, "its directory %s/: %s" % (d, dd[1]))
                d = os.path.dirname(d)
        elif p.endswith(".h"):
            name = p[len("include/"):] if p.startswith("include/") else \
                re.sub(r"^arch/[^/]+/include/", "", p) if re.match(r"^arch/[^/]+/include/", p) else base
            users = [f for f, text in self._grep(r'^\s*#\s*include\s*[<"]([^>"]*/)?%s[>"]' % re.escape(base),
                                                ["*.[chS]", "*.dts*"])
                     if f != p and (name in text or os.path.dirname(f) == os.path.dirname(p))]
            if not users:
                res = (True, "nothing in 6.12 includes it")
            elif all(f.endswith((".c", ".S")) and self.path(f)[0] for f in set(users)):
                res = (True, "only dead files of 6.12 include it (%s)" % sorted(set(users))[0])
        elif base.startswith("Kconfig"):
            if not [f for f, _ in self._grep(p, ["Kconfig*"], fixed=True) if f != p]:
                res = (True, "no Kconfig file of 6.12 sources it")
        elif base in ("Makefile", "Kbuild"):
            d = os.path.dirname(p)
            while d and not res[0]:
                dd = self._level_dead(d + "/", False)
                if dd[0]:
                    res = (True, "its directory %s/: %s" % (d, dd[1]))
                d = os.path.dirname(d)
        elif p.endswith((".dts", ".dtsi")):
            stem = os.path.splitext(base)[0]
            if not [f for f, _ in self._grep(stem + ".dtb", ["Makefile"], fixed=True)] and \
                    not [f for f, _ in self._grep(base, ["*.dts*"], fixed=True) if f != p]:
                res = (True, "no dtb- line of 6.12 builds it and no .dts includes it")
        elif p.startswith("Documentation/"):
            stem = os.path.splitext(base)[0]
            page = "/".join(os.path.splitext(p)[0].split("/")[-2:])
            refs = [f for f, text in self._grep(stem, ["*.rst", "*.txt", "MAINTAINERS", "Kconfig*"], fixed=True)
                    if f != p and (page in text or base in text or re.search(r"(^|\s)%s\s*$" % re.escape(stem), text))]
            if not refs:
                res = (True, "no file of 6.12 names it")
        self._dead_path[p] = res
        return res


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
    ap.add_argument("--min-api-recall", type=float)
    ap.add_argument("--min-forced-recall", type=float)
    ap.add_argument("--max-compile-errors", type=int)
    ap.add_argument("--max-refused", type=int)
    ap.add_argument("--compile", choices=("none", "default", "all"), default="none")
    ap.add_argument("--compile-max-files", type=int, default=0)
    ap.add_argument("--compile-budget", type=int, default=0)
    ap.add_argument("--symbols", action="append", default=[])
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--no-api", action="store_true")
    a = ap.parse_args()
    t_all = time.time()
    if not a.cases:
        a.cases = subprocess.run([sys.executable, os.path.join(HERE, "discover.py")] +
                                 (["--no-api"] if a.no_api else []), check=True,
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
    print("%-44s %3s %5s %7s %5s %7s %3s %3s %4s %3s %-8s %-9s %6s %-8s | %7s %7s %3s %3s %3s %-8s" % (
        "case", "sym", "sites", "recall", "api", "+api", "op", "os", "ol", "res", "compile", "kconfig",
        "sec", "result", "recall", "+api", "op", "os", "res", "compile"), flush=True)

    upstream = Upstream(t61, t612, files61)
    dead612 = Dead612(t612, syms612)
    shared = threading.Lock()   # Upstream's and Dead612's caches, the definition index, judged
    judged = [0.0]   # seconds spent in the compile judge
    index61 = defs.Index(t61, log=lambda m: print("run.py: %s" % m, file=sys.stderr, flush=True)) \
        if a.compile != "none" else None

    def run_excise(copy, syms, flags):
        """excise remove FLAGS SYMS on copy: rc, stderr, stdout, rejected symbols, symbols, seconds."""
        t0 = time.time()
        rejected = []
        while True:
            try:
                r = subprocess.run([EXCISE, "remove"] + flags + ["-C", copy] + syms, stdout=subprocess.PIPE,
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
        return rc, err, report, rejected, syms, time.time() - t0

    def refusal(rc, err, changes):
        """excise's reason when it refused the removal (exit 2, nothing
        changed, its message names --force or link residue), else None."""
        if rc != 2 or changes or "nothing was changed" not in err:
            return None
        lines = [l[8:] if l.startswith("excise: ") else l.strip() for l in err.strip().splitlines()]
        lines = [l for l in lines if l and l != "nothing was changed" and not l.startswith(("- ", "note: "))]
        head = next((l for l in lines if "link residue" in l or "--force" in l), None)
        if head is None:
            return None
        head = re.sub(r"\s*To proceed.*$", "", head)
        first = lines[0]
        return head if first == head else "%s; first: %s" % (head, first)

    def compile_set(copy, deleted, removed):
        """The C files to compile after a removal: every .c file excise
        edited, every kept .c file that names a definition the removal
        deleted (a name 6.1 defines only in deleted files or on removed
        lines, by the definition index and ctags on the edited files'
        new text), and every kept .c file that includes a deleted header."""
        edited = [p for p in removed if p.endswith(".c") and os.path.isfile(os.path.join(copy, p))]
        csrc = re.compile(r"\.[chS]$")
        old = defs.file_tags(t61, sorted(p for p in set(deleted) | set(removed) if csrc.search(p)), locals_too=False)
        new = defs.file_tags(copy, sorted(p for p in removed if csrc.search(p)), locals_too=False)
        gone = set()
        for p, ts in old.items():
            for n, k, ln in ts:
                if k in defs.DEF_KINDS and (p in deleted or ln in removed.get(p, ())):
                    gone.add(n)
        gone -= {n for ts in new.values() for n, k, _ in ts if k in defs.DEF_KINDS}
        with shared:
            where = index61.lookup(gone)
        lost = {n for n in gone if all(f in deleted or ln in removed.get(f, ()) for _, f, ln in where.get(n, ()))}
        users = set()
        if lost:
            users = {p for p, _, text in defs.word_hits(copy, lost, "*.c") if lost & set(trees.WORD.findall(text))}
            # in code, not in a comment or a string (md-faulty.c's enumerator
            # Modes is a word of parisc's setup.c comments)
            users = {p for p in users if lost & {w for l in api.code_lines(
                trees.read_lines(os.path.join(copy, p)) or []) for w in trees.WORD.findall(l)}}
        heads = [p for p in deleted if p.endswith(".h")]
        if heads:
            names = {p: p[8:] if p.startswith("include/") else re.sub(r"^arch/[^/]+/include/", "", p)
                     for p in heads}
            r = subprocess.run(["rg", "-uu", "--no-heading", "-o", "-r", "$1", "-g", "*.c", "-e",
                                r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', "."], cwd=copy,
                               stdout=subprocess.PIPE, text=True, errors="replace")
            want = collections.defaultdict(list)
            for p in heads:
                want[os.path.basename(p)].append(p)
            for l in r.stdout.splitlines():
                f, _, inc = l.partition(":")
                f = os.path.normpath(f)
                for p in want.get(os.path.basename(inc), ()):
                    if inc == names[p] or os.path.normpath(os.path.join(os.path.dirname(f), inc)) == p:
                        users.add(f)
        return sorted((set(edited) | users) - set(deleted)), len(lost)

    def judge(c, copy, deleted, removed, tag):
        """The compiler's verdict (scripts/compile-files.sh) on the removal in copy:
        (files, files with new errors, new errors, seconds, TSV rows, error rows)."""
        t0 = time.time()
        files, nlost = compile_set(copy, deleted, {p: l for p, l in removed.items()})
        if not files:
            return {"files": 0, "bad": 0, "errors": 0, "secs": time.time() - t0, "rows": [], "errs": [],
                    "state": "0 files"}
        if a.compile_max_files and len(files) > a.compile_max_files:
            return {"files": len(files), "bad": 0, "errors": 0, "secs": time.time() - t0, "rows": [],
                    "errs": [], "state": "skipped: %d files > %d" % (len(files), a.compile_max_files)}
        with shared:
            spent = judged[0]
        if a.compile_budget and spent > a.compile_budget:
            return {"files": len(files), "bad": 0, "errors": 0, "secs": time.time() - t0, "rows": [],
                    "errs": [], "state": "skipped: --compile-budget %d s spent" % a.compile_budget}
        tsv = os.path.join(out_dir, ".compile-%s.tsv" % os.path.basename(copy))
        etsv = os.path.join(out_dir, ".compile-%s.errors.tsv" % os.path.basename(copy))
        r = subprocess.run([os.path.join(TOP, "scripts/compile-files.sh"), "--jobs", "1", "--name",
                            "corpus-" + os.path.basename(copy), "--out", tsv, "--errors", etsv, t61, copy, "-"],
                           input="".join(f + "\n" for f in files), stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, errors="replace")
        if r.returncode not in (0, 1) or not os.path.exists(tsv):
            return {"files": len(files), "bad": 0, "errors": 0, "secs": time.time() - t0, "rows": [],
                    "errs": [], "state": "error: %s" % (r.stderr.strip().splitlines() or ["?"])[-1][:200]}
        with shared:
            judged[0] += time.time() - t0
        rows = [l.split("\t") for l in open(tsv).read().splitlines()[1:] if l]
        errs = [l.split("\t") for l in open(etsv).read().splitlines()[1:] if l]
        bad = sum(1 for x in rows if int(x[6]) > 0)
        return {"files": len(rows), "bad": bad, "errors": sum(int(x[6]) for x in rows),
                "secs": time.time() - t0, "rows": rows, "errs": errs, "state": "%d/%d" % (bad, len(rows))}

    def score(c, copy, syms, rc, err, report, secs, compile_it):
        """Score what excise wrote into copy (nothing, when it refused)."""
        name = c["name"]
        changes = compare(trees.listing(copy), pristine)
        deleted = {p for p, k in changes.items() if k == "deleted" and pristine[p][0] != "d"}
        removed = {}
        for p, k in changes.items():
            if k == "modified" and pristine[p][0] == "f":
                removed[p] = trees.gone_lines(os.path.join(t61, p), os.path.join(copy, p), cache={})
        refused = refusal(rc, err, changes)

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
        # API sites: uses of what upstream deleted with the option (api.py)
        api_gone = api_hit = 0
        for p, ln, fate, text, names in c.get("api", []):
            got = excise_removed(p, ln)
            if fate == "gone":
                api_gone += 1
                api_hit += got
                verdict = "removed" if got else "MISSED-REPORTED" if (p, ln) in reported else "MISSED"
            elif fate == "kept":
                verdict = "OVER-REMOVED" if got else "kept"
            else:
                verdict = "removed" if got else "left"
            site_rows.append(("api-site", p, ln, names, fate, verdict, text))
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
        # What upstream did instead (for the reader), and whether 6.12 left
        # it dead (the only explanation that takes it out of the count).
        sym_why, path_why, sym_dead, path_dead = {}, {}, {}, {}
        with shared:
            if over_syms:
                sym_why = upstream.symbols(set(syms), over_syms)
                for _, _, s_, _ in over_syms:
                    d, w = dead612.symbol(s_)
                    if d:
                        sym_dead[s_] = "upstream left it dead: " + w
            if over_paths:
                path_why = upstream.paths(over_paths, sym_why)
                for p in over_paths:
                    d, w = dead612.path(p)
                    if d:
                        path_dead[p] = "upstream left it dead: " + w
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
        if not compile_it:
            comp = {"files": 0, "bad": 0, "errors": 0, "secs": 0.0, "rows": [], "errs": [], "state": "not run"}
        elif not changes:
            comp = {"files": 0, "bad": 0, "errors": 0, "secs": 0.0, "rows": [], "errs": [], "state": "0 files"}
        else:
            comp = judge(c, copy, deleted, removed, "")
        changes = compare(trees.listing(copy), pristine)
        reset(copy, t61, changes, pristine)
        left = compare(trees.listing(copy), pristine)
        if left:
            raise RuntimeError("%s: the work copy %s is not pristine after the reset: %s" %
                               (name, copy, ", ".join(sorted(left)[:5])))
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
        return {"rc": rc, "err": err, "secs": secs, "refused": refused, "gone": gone, "hit": hit,
                "told": told, "reworded": reworded, "api_gone": api_gone, "api_hit": api_hit,
                "site_rows": site_rows, "stale": len(stale_sites), "over_paths": over_paths,
                "over_syms": over_syms, "over_lines": over_lines, "path_why": path_why, "sym_why": sym_why,
                "path_dead": path_dead, "sym_dead": sym_dead, "res": res, "res_names": res_names,
                "res_why": res_why, "res_told": res_told, "res_review": res_review, "linked": linked,
                "reviewed": reviewed, "kc_new": kc_new, "kc_state": kc_state, "comp": comp,
                "syms": syms, "wrote": bool(changes)}

    def one(c, copy):
        name = c["name"]
        syms = override.get(name, ",".join(c["symbols"])).split(",")
        # As a user runs it: the default flags.  A refusal is scored as
        # what it wrote: nothing.
        rc, err, report, rejected, syms, secs = run_excise(copy, syms, [])
        d = score(c, copy, syms, rc, err, report, secs, a.compile != "none")
        # The second column: --with-users (kept code that uses what goes,
        # bttv's calls of videobuf_iolock(), goes too, with the option that
        # builds it) and --force (a removal still refused for link residue
        # in code no option builds, or for its size, is written all the
        # same).  Both change only a removal excise refuses without them
        # (remove.c: --with-users acts on link residue, --force lets a
        # refused plan through), so a case excise did not refuse scores the
        # same in both columns and runs once.
        f = d
        if d["rc"] != 0:
            rc2, err2, report2, rej2, syms2, secs2 = run_excise(copy, syms, ["--with-users", "--force"])
            f = score(c, copy, syms2, rc2, err2, report2, secs2, a.compile == "all")
            rejected += [x for x in rej2 if x not in rejected]
        fail, ffail = [], []
        if rejected:
            fail.append("rejected " + ",".join(rejected))
        for x, fl in ((d, fail), (f, ffail)):
            if x["rc"] != 0 and not x["refused"]:
                fl.append("excise exit %s" % x["rc"])
            if x["kc_new"]:
                fl.append("kconfig")
            if x["comp"]["state"].startswith("error"):
                fl.append("compile judge: " + x["comp"]["state"])
        result = ",".join(fail) or ("refused" if d["refused"] else "ok")
        fresult = ",".join(ffail) or ("refused" if f["refused"] else "ok")

        def rec(x, api):
            g, h = x["gone"] + (x["api_gone"] if api else 0), x["hit"] + (x["api_hit"] if api else 0)
            return 100.0 * h / g if g else 100.0
        up = lambda x: (len([p for p in x["over_paths"] if p not in x["path_dead"]]),
                        len([s for _, _, s, _ in x["over_syms"] if s not in x["sym_dead"]]))
        op, osy = up(d)
        fop, fosy = up(f)
        row = {"name": name, "nsyms": len(syms), "sites": len(c["sites"]), "gone": d["gone"],
               "recall": rec(d, False), "api_gone": d["api_gone"], "recall_api": rec(d, True),
               "op": op, "os": osy, "ol": len(d["over_lines"]), "stale": d["stale"],
               "res": len(d["res_names"]), "comp": d["comp"]["state"], "kconfig": d["kc_state"],
               "secs": d["secs"], "result": result, "refused": d["refused"],
               "f_recall": rec(f, False), "f_recall_api": rec(f, True), "f_op": fop, "f_os": fosy,
               "f_res": len(f["res_names"]), "f_comp": f["comp"]["state"] if f is not d else "=",
               "f_result": fresult, "f_ran": f is not d}
        with open(os.path.join(out_dir, name.replace("/", "_") + ".tsv"), "w") as fh:
            for x, flags in ((d, ""), (f, "--with-users --force ")):
                if flags and x is d:
                    break
                fh.write("# case %s: excise remove %s%s (exit %s, %.1f s)%s%s\n" % (
                    name, flags, " ".join(x["syms"]), x["rc"], x["secs"],
                    "; rejected: " + " ".join(rejected) if rejected else "",
                    "; refused: " + x["refused"] if x["refused"] else ""))
            fh.write("section\tpath\tline\tkind\tupstream\texcise\ttext or reason\n")
            for x, pre in ((d, ""), (f, "forced:")):
                if pre and x is d:
                    break
                for s in x["site_rows"]:
                    fh.write(pre + "\t".join(esc(y) for y in s) + "\n")
                # the last column: "explained: ..." when 6.12 left it dead
                # (class Dead612); "upstream: ..." what upstream did instead
                for p in x["over_paths"]:
                    fh.write("%sover-path\t%s\t0\tpath\tkept\tdeleted\t%s%s\n" % (
                        pre, esc(p), "explained: " + esc(x["path_dead"][p]) if p in x["path_dead"] else "-",
                        "  upstream: " + esc(x["path_why"][p]) if p in x["path_why"] else ""))
                for p, ln, s, why in x["over_syms"]:
                    fh.write("%sover-symbol\t%s\t%d\tkconfig\tdefined\tremoved\t%s  [%s]%s%s\n" % (
                        pre, esc(p), ln, esc(s), esc(why),
                        "  explained: " + esc(x["sym_dead"][s]) if s in x["sym_dead"] else "",
                        "  upstream: " + esc(x["sym_why"][s]) if s in x["sym_why"] else ""))
                for p, ln, s, why in x["over_lines"]:
                    fh.write("%sover-line\t%s\t%d\t-\tkept\tremoved\t%s  [%s]\n" % (pre, esc(p), ln, esc(s), esc(why)))
                for n, p, ln, s in x["res"]:
                    fh.write("%sresidue\t%s\t%d\t%s\t-\t%s\t%s%s\n" % (
                        pre, esc(p), ln, esc(n), "kept-reported" if (p, n) in x["linked"] else
                        "kept-reviewed" if (p, n) in x["reviewed"] else "kept", esc(s),
                        "  explained: " + x["res_why"][(n, p)] if (n, p) in x["res_why"] else ""))
                for cfg, k, n in x["kc_new"]:
                    fh.write("%skconfig\t%s\t0\tx86_64\t-\tnew x%d\t%s\n" % (pre, cfg, n, esc(k)))
                for r in x["comp"]["rows"]:
                    # file arch config built before_rc after_rc new_errors new_warnings first_new_error
                    fh.write("%scompile\t%s\t0\t%s\t%s\tbefore %s after %s: %s new errors, %s new warnings\t%s\n" % (
                        pre, esc(r[0]), esc(r[1]), esc(r[3]), r[4], r[5], r[6], r[7], esc(r[8])))
                for r in x["comp"]["errs"]:
                    fh.write("%scompile-%s\t%s\t0\t-\t-\tnew\t%s\n" % (pre, esc(r[1]), esc(r[0]), esc(r[2])))
                if x["rc"] != 0:
                    fh.write("%s%s\t-\t0\texcise\t-\texit %s\t%s\n" % (
                        pre, "refused" if x["refused"] else "error", x["rc"], esc(x["err"].strip()[-500:])))
        print("%-44s %3d %5d %6.1f%% %5d %6.1f%% %3d %3d %4d %3d %-8s %-9s %6.1f %-8s | %6.1f%% %6.1f%% %3d %3d %3d %-8s" % (
            name[:44], len(syms), d["gone"], row["recall"], d["api_gone"], row["recall_api"], op, osy,
            len(d["over_lines"]), len(d["res_names"]), d["comp"]["state"][:8], d["kc_state"], d["secs"],
            result[:8], row["f_recall"], row["f_recall_api"], fop, fosy, len(f["res_names"]),
            row["f_comp"][:8]), flush=True)
        return row, d, f

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
    rows = [r for r, _, _ in results]
    total = time.time() - t_all

    def figures(col):
        """The summary figures of one column: the default flags (d) or --with-users --force (f)."""
        xs = [d if col == "d" else f for _, d, f in results]
        g = sum(x["gone"] for x in xs)
        h = sum(x["hit"] for x in xs)
        ga = g + sum(x["api_gone"] for x in xs)
        ha = h + sum(x["api_hit"] for x in xs)
        op = sum(len([p for p in x["over_paths"] if p not in x["path_dead"]]) for x in xs)
        osy = sum(len([s for _, _, s, _ in x["over_syms"] if s not in x["sym_dead"]]) for x in xs)
        dead_p = sum(len(x["path_dead"]) for x in xs)
        dead_s = sum(len(x["sym_dead"]) for x in xs)
        comp = [x["comp"] for x in xs]
        ran = [c_ for c_ in comp if c_["state"] not in ("not run",) and not c_["state"].startswith("skipped")]
        return {"gone": g, "hit": h, "recall": 100.0 * h / g if g else 100.0,
                "api_gone": ga - g, "api_hit": ha - h, "recall_api": 100.0 * ha / ga if ga else 100.0,
                "op": op, "os": osy, "dead_p": dead_p, "dead_s": dead_s,
                "ol": sum(len(x["over_lines"]) for x in xs), "res": sum(len(x["res_names"]) for x in xs),
                "cbad": sum(c_["bad"] for c_ in ran), "cfiles": sum(c_["files"] for c_ in ran),
                "cerrors": sum(c_["errors"] for c_ in ran), "csecs": sum(c_["secs"] for c_ in comp),
                "cjudged": sum(1 for c_ in ran if c_["files"]), "cskipped": sum(1 for c_ in comp if c_["state"].startswith("skipped")),
                "crun": bool(ran) or all(c_["state"] != "not run" for c_ in comp),
                "refused": [(x_name, x["refused"]) for x_name, x in zip([r["name"] for r in rows], xs) if x["refused"]],
                "told": sum(x["told"] for x in xs), "reworded": sum(x["reworded"] for x in xs),
                "res_told": sum(x["res_told"] for x in xs), "res_review": sum(x["res_review"] for x in xs),
                "res_expl": sum(len({n for n, _, _, _ in x["res"]} - {n for n, p, _, _ in x["res"]
                                                                      if (n, p) not in x["res_why"]}) for x in xs)}
    D, F = figures("d"), figures("f")
    failed = sum(1 for r in rows if r["result"] not in ("ok", "refused"))
    with open(os.path.join(out_dir, "summary.tsv"), "w") as fh:
        cols = ("name", "nsyms", "sites", "gone", "recall", "api_gone", "recall_api", "op", "os", "ol", "stale",
                "res", "comp", "kconfig", "secs", "result", "f_recall", "f_recall_api", "f_op", "f_os", "f_res",
                "f_comp", "f_result")
        fh.write("case\tsymbols\tsites\tupstream-gone\trecall\tapi-gone\trecall-with-api\tover-paths\tover-symbols"
                 "\tover-lines\tstale-removed\tresidue\tcompile\tkconfig\tseconds\tresult"
                 "\tforced-recall\tforced-recall-with-api\tforced-over-paths\tforced-over-symbols\tforced-residue"
                 "\tforced-compile\tforced-result\n")
        for r in rows:
            fh.write("\t".join(("%.1f" % r[k]) if isinstance(r[k], float) else str(r[k]) for k in cols) + "\n")

    def compile_text(X):
        if not X["crun"]:
            return "compile not run"
        return "compile errors %d of %d files" % (X["cbad"], X["cfiles"])
    last = ("corpus: %d cases, recall %.1f%% (with API sites %.1f%%), over-removed paths %d, over-removed symbols %d,"
            " residue %d, %s, refused %d, failed %d, in %.0f s | --with-users --force: recall %.1f%% (with API sites"
            " %.1f%%), over-removed paths %d, over-removed symbols %d, residue %d, %s") % (
        len(rows), D["recall"], D["recall_api"], D["op"], D["os"], D["res"], compile_text(D), len(D["refused"]),
        failed, total, F["recall"], F["recall_api"], F["op"], F["os"], F["res"], compile_text(F))
    with open(os.path.join(out_dir, "summary.tsv"), "a") as fh:
        fh.write("# " + last + "\n")
    print("per-case TSVs and summary.tsv in %s" % out_dir)
    print("missed sites: %d of %d, of which excise's report lists %d for review or as link residue;"
          " upstream rewrote %d of the %d rather than deleting them (\"rewritten\" in the TSVs)"
          % (D["gone"] - D["hit"], D["gone"], D["told"], D["reworded"], D["gone"] - D["hit"]))
    print("API sites (uses of names 6.1 defines only under the removed options or in removed files, and 6.12"
          " nowhere): %d of %d removed (--with-users --force: %d of %d)" % (
              D["api_hit"], D["api_gone"], F["api_hit"], F["api_gone"]))
    below = [r["name"] for r in rows if r["gone"] and r["recall"] < CASE_BAR and not r["refused"]]
    below_api = [r["name"] for r in rows if (r["gone"] + r["api_gone"]) and r["recall_api"] < CASE_BAR
                 and not r["refused"]]
    print("cases below %.0f%% recall (refusals aside): %d (%s); with API sites: %d (%s)" % (
        CASE_BAR, len(below), " ".join(below) or "-", len(below_api), " ".join(below_api) or "-"))
    print("refused (excise's default flags; scored as what was written: nothing): %d%s" % (
        len(D["refused"]), "".join("\n  %s: %s" % (n, w) for n, w in D["refused"])))
    print("over-removed (paths and symbols 6.12 still has): %d paths and %d symbols, and %d paths and %d"
          " symbols more that upstream left dead (nothing in 6.12 can build, set or use them: \"explained:\""
          " in the TSVs); --with-users --force: %d paths, %d symbols, %d and %d left dead" % (
              D["op"], D["os"], D["dead_p"], D["dead_s"], F["op"], F["os"], F["dead_p"], F["dead_s"]))
    print("residue: %d names, %d of them in excise's report as link residue, %d more listed there for review by"
          " hand; upstream's trees explain %d (\"explained:\" in the TSVs)" % (
              D["res"], D["res_told"], D["res_review"], D["res_expl"]))
    if D["crun"] or F["crun"]:
        print("compile (scripts/compile-files.sh, allmodconfig of each file's architecture, before and after):"
              " %d new errors in %d of %d files of %d cases, %d cases skipped (--compile-max-files, --compile-budget), %.0f s;"
              " --with-users --force: %d new errors in %d of %d files, %.0f s more" % (
                  D["cerrors"], D["cbad"], D["cfiles"], D["cjudged"], D["cskipped"], D["csecs"],
                  F["cerrors"] if F is not D else 0, F["cbad"], F["cfiles"],
                  sum(f["comp"]["secs"] for _, d, f in results if f is not d)))
    if skipped:
        print("not run (--budget %d s reached): %d cases: %s" % (a.budget, len(skipped), " ".join(skipped)))
    print(last)
    bad = []
    if a.min_recall is not None:
        if D["recall"] < a.min_recall:
            bad.append("recall %.1f%% < %.1f%%" % (D["recall"], a.min_recall))
        worst = [r["name"] for r in rows if r["gone"] and r["recall"] < a.min_case_recall and not r["refused"]]
        if worst:
            bad.append("cases below %.1f%%: %s" % (a.min_case_recall, " ".join(worst)))
        if D["op"] or D["os"] or D["ol"]:
            bad.append("over-removal: %d paths, %d symbols, %d lines" % (D["op"], D["os"], D["ol"]))
        if D["res"]:
            bad.append("residue %d" % D["res"])
        if failed:
            bad.append("%d failed" % failed)
    if a.min_api_recall is not None and D["recall_api"] < a.min_api_recall:
        bad.append("recall with API sites %.1f%% < %.1f%%" % (D["recall_api"], a.min_api_recall))
    if a.min_forced_recall is not None:
        if F["recall"] < a.min_forced_recall:
            bad.append("--with-users --force: recall %.1f%% < %.1f%%" % (F["recall"], a.min_forced_recall))
        worst = [r["name"] for r in rows if r["gone"] and r["f_recall"] < a.min_case_recall]
        if worst:
            bad.append("--with-users --force: cases below %.1f%%: %s" % (a.min_case_recall, " ".join(worst)))
        if F["res"]:
            bad.append("--with-users --force: residue %d" % F["res"])
    if a.max_compile_errors is not None:
        if not D["crun"]:
            bad.append("the compile judge did not run")
        elif D["cbad"] > a.max_compile_errors:
            bad.append("compile errors in %d files > %d" % (D["cbad"], a.max_compile_errors))
    if a.max_refused is not None and len(D["refused"]) > a.max_refused:
        bad.append("refused %d > %d" % (len(D["refused"]), a.max_refused))
    if bad:
        print("FAIL: " + "; ".join(bad))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
