#!/usr/bin/env python3
"""Scores correction beyond English on the learner development set (tests/data/learners.tsv,
issue 51): per language, GLEU of draftd's output, of the text left unchanged and of Hunspell's
first suggestion taken for every word its dictionary rejects, with the edit precision and
recall of draftd and of Hunspell's first suggestion. These are the measures the issue's
acceptance is stated in (GLEU at or above unchanged and at or above Hunspell's first
suggestion where that beats unchanged; precision at least 0.5); the TAP test
grammar-learners holds the counts in CI.

Usage: tools/eval-lang.py BUILD_DIR --gleu JFLEG_DIR/eval/gleu.py [--lang es,cs] [--set FILE]
       [--show] [--model MODEL] [-- draftd-grammar-eval options...]

GLEU is JFLEG's own script (https://github.com/keisks/jfleg, eval/gleu.py; one reference a
line), on text tokenized into words and punctuation. Without --gleu only precision is
printed. Hunspell's baseline runs the hunspell program (Debian's `hunspell`) with the same
system dictionaries draftd finds (DICT_<lang> overrides, e.g. DICT_es=es_MX). Every line is
corrected as its own text with no language named, as a user who sets none gets it."""
import difflib
import os
import re
import subprocess
import sys
import tempfile

DICTS = {"es": "es_ES", "cs": "cs_CZ", "sk": "sk_SK", "ru": "ru_RU", "uk": "uk_UA", "fr": "fr_FR", "de": "de_DE"}
# JFLEG's script needs numpy and scipy: Debian's python3 has them (PYTHON overrides).
PYTHON = os.environ.get("PYTHON", "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable)
TOKEN = re.compile(r"\w+(?:['’]\w+)*|[^\w\s]")


def tokens(s):
    return TOKEN.findall(s)


def edits(src, out):
    """Token edits from src to out: (start, end, replacement) spans where they differ."""
    sm = difflib.SequenceMatcher(a=src, b=out, autojunk=False)
    return {(i1, i2, tuple(out[j1:j2])) for op, i1, i2, j1, j2 in sm.get_opcodes() if op != "equal"}


def read_set(path, langs):
    """LANG<TAB>AS WRITTEN[<TAB>AS MEANT]; a line without its meaning is clean (meant as written)."""
    rows = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            f3 = line.split("\t")
            if len(f3) not in (2, 3):
                sys.exit(f"{path}:{n}: want LANG<TAB>TEXT[<TAB>MEANT], got {len(f3)} fields")
            if langs and f3[0] not in langs:
                continue
            rows.setdefault(f3[0], []).append((f3[1], f3[2] if len(f3) == 3 else f3[1]))
    return rows


def hunspell_first(lang, lines):
    """Each line with every word the dictionary rejects replaced by its first suggestion."""
    d = os.environ.get("DICT_" + lang, DICTS.get(lang))
    # '^' makes every line text, never a command of hunspell's pipe protocol.
    p = subprocess.run(["hunspell", "-i", "utf-8", "-d", d, "-a"], input="".join("^" + s + "\n" for s in lines),
                       capture_output=True, text=True, check=True)
    blocks = p.stdout.split("\n\n")
    body = blocks[0].split("\n", 1)[1] if blocks and blocks[0].startswith("@(#)") else blocks[0]
    blocks = [body] + blocks[1:]
    out = []
    for s, block in zip(lines, blocks + [""] * len(lines)):
        pos, res = 0, ""
        for row in block.split("\n"):
            if not row.startswith("& "):
                continue
            head, sugs = row[2:].split(": ", 1)
            word = head.split(" ")[0]
            at = s.find(word, pos)
            if at < 0:
                continue
            res += s[pos:at] + sugs.split(", ")[0]
            pos = at + len(word)
        out.append(res + s[pos:])
    return out


def draftd(build, model, extra, lines):
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as t:
        t.write("".join(s + "\n" for s in lines))
    try:
        p = subprocess.run([os.path.join(build, "tools", "draftd-grammar-eval"), "-m", model] + extra + [t.name],
                           capture_output=True, text=True)
    finally:
        os.unlink(t.name)
    if p.returncode != 0:
        sys.exit("draftd-grammar-eval failed: " + p.stderr)
    out = p.stdout.split("\n")[:len(lines)]
    if len(out) != len(lines):
        sys.exit("draftd-grammar-eval gave %d lines for %d" % (len(out), len(lines)))
    return out


def gleu(script, src, ref, hyp):
    """JFLEG's GLEU of tokenized hypotheses against one reference a line."""
    with tempfile.TemporaryDirectory() as d:
        paths = {}
        for name, lines in (("src", src), ("ref", ref), ("hyp", hyp)):
            paths[name] = os.path.join(d, name)
            with open(paths[name], "w", encoding="utf-8") as f:
                f.write("".join(" ".join(tokens(s)) + "\n" for s in lines))
        p = subprocess.run([PYTHON, "-W", "ignore", script, "-r", paths["ref"], "-s", paths["src"],
                            "--hyp", paths["hyp"]], capture_output=True, text=True, check=True)
        # One reference: the script prints the score alone on its last line.
        return float(p.stdout.strip().split("\n")[-1])


def precision(src, ref, hyp):
    """Right edits / edits made, and right edits / edits wanted, over tokens."""
    made = right = wanted = 0
    for s, r, h in zip(src, ref, hyp):
        st = tokens(s)
        e_h, e_r = edits(st, tokens(h)), edits(st, tokens(r))
        made += len(e_h)
        wanted += len(e_r)
        right += len(e_h & e_r)
    return made, right, wanted


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    opts = {"--gleu": None, "--lang": "", "--set": os.path.join(root, "tests", "data", "learners.tsv"),
            "--model": os.path.join(root, "models", "draftd-target.gguf")}
    show = "--show" in args
    args = [a for a in args if a != "--show"]
    rest = []
    while args:
        a = args.pop(0)
        if a in opts:
            if not args:
                sys.exit(f"{a} needs a value")
            opts[a] = args.pop(0)
        elif a.startswith("-"):
            sys.exit(__doc__)
        else:
            rest.append(a)
    if len(rest) != 1:
        sys.exit(__doc__)
    if opts["--gleu"] and not os.path.isfile(opts["--gleu"]):
        sys.exit(f"{opts['--gleu']}: no such file (JFLEG's eval/gleu.py)")
    langs = [x for x in opts["--lang"].split(",") if x]
    rows = read_set(opts["--set"], langs)
    print("%-4s %5s %6s  %-24s %-24s %-24s" % ("lang", "lines", "errors", "unchanged", "draftd", "hunspell-first"))
    for lang, pairs in rows.items():
        src = [p[0] for p in pairs]
        ref = [p[1] for p in pairs]
        ours = draftd(rest[0], opts["--model"], extra, src)
        hun = hunspell_first(lang, src)
        cols = []
        for hyp in (src, ours, hun):
            made, right, wanted = precision(src, ref, hyp)
            g = "GLEU %.3f" % gleu(opts["--gleu"], src, ref, hyp) if opts["--gleu"] else ""
            cols.append("%s P %s" % (g, "%d/%d" % (right, made)) if hyp is not src else g or "-")
        errs = sum(s != r for s, r in zip(src, ref))
        print("%-4s %5d %6d  %-24s %-24s %-24s" % (lang, len(src), errs, cols[0], cols[1], cols[2]))
        if show:
            for s, r, o in zip(src, ref, ours):
                if o != s:
                    print("   %s %s\n      -> %s%s" % ("ok " if o == r else "BAD" if s == r else "mis", s, o,
                                                      "" if o == r else "\n   want %s" % r))
                elif s != r:
                    print("   --- %s\n   want %s" % (s, r))


if __name__ == "__main__":
    main()
