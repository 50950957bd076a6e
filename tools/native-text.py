#!/usr/bin/env python3
"""Writes native English prose that a Debian machine carries, one sentence per line, as
stand-ins for the held-out clean native text of issue 45 (docs/correction.md, "Native
technical prose"). Nothing it writes belongs in the repository: it is for measuring how many
sentences correction changes (each change on native text is a false alarm or a term).

Usage: tools/native-text.py SOURCE > FILE
  info     the GNU and other manuals in /usr/share/info (paragraphs of prose)
  python   Python's FAQ, tutorial, HOWTOs and What's New for 2.x (python3.11-doc)
  dpkg     the long descriptions of the installed packages (dpkg-query)
  wordnet  WordNet's quoted usage examples (wordnet-base), capitalised, ending in a stop

A sentence is kept when it has 8-30 words (wordnet: 6-30), ends in a full stop and carries
no markup or code characters; each is written once, in the order found."""
import glob
import gzip
import os
import re
import subprocess
import sys

MARKUP = re.compile(r"[`*_<>{}\[\]|=#@\\$~^]|::|\.\.|--|\(\)|\w\.\w|\w/\w")
SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def sentences(paragraph, least=8):
    text = " ".join(paragraph.split())
    for s in SPLIT.split(text):
        words = s.split()
        if least <= len(words) <= 30 and s.endswith(".") and s[0].isupper() \
                and not MARKUP.search(s) and not re.search(r"\b(e\.g|i\.e|etc|cf|vs)\.$", s):
            yield s


def paragraphs(text):
    """Blocks of prose: lines indented as body text, split at blank lines."""
    block = []
    for line in text.splitlines():
        if not line.strip():
            if block:
                yield " ".join(block)
            block = []
        elif line.startswith("   ") and not line.startswith("     ") or not line.startswith(" "):
            block.append(line.strip())
        else:
            if block:
                yield " ".join(block)
            block = []
    if block:
        yield " ".join(block)


def info():
    for path in sorted(glob.glob("/usr/share/info/*.info*.gz")):
        with gzip.open(path, "rt", encoding="utf-8", errors="replace") as f:
            text = f.read()
        for p in paragraphs(text):
            if not p.startswith(("File:", "*", "•", "-")):
                yield from sentences(p)


def python():
    root = "/usr/share/doc/python3.11/html/_sources"
    paths = []
    for part in ("faq", "tutorial", "howto"):
        paths += sorted(glob.glob(os.path.join(root, part, "*.txt")))
    paths += sorted(glob.glob(os.path.join(root, "whatsnew", "2.*.txt")))
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as f:
            for p in re.split(r"\n\s*\n", f.read()):
                if p.startswith((" ", "..", "*", "-", "=")):
                    continue
                yield from sentences(p)


def dpkg():
    out = subprocess.run(["dpkg-query", "-W", "-f", "${Description}\n\n"],
                         capture_output=True, text=True, check=True).stdout
    for desc in out.split("\n\n"):
        lines = desc.splitlines()[1:]
        text = "\n".join(l[1:] if l.startswith(" ") else l for l in lines)
        for p in re.split(r"\n\s*\.\s*\n|\n\s*\n", text):
            if p.lstrip().startswith(("*", "-", "+", "o ")):
                continue
            yield from sentences(p)


def wordnet():
    for part in ("noun", "verb", "adj", "adv"):
        path = f"/usr/share/wordnet/data.{part}"
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith(" ") or "|" not in line:
                    continue
                for q in re.findall(r'"([^"]+)"', line.split("|", 1)[1]):
                    q = q.strip()
                    if not q or not q[0].isalpha():
                        continue
                    q = q[0].upper() + q[1:]
                    if q[-1] not in ".!?":
                        q += "."
                    yield from sentences(q, least=6)


def main():
    sources = {"info": info, "python": python, "dpkg": dpkg, "wordnet": wordnet}
    if len(sys.argv) != 2 or sys.argv[1] not in sources:
        sys.exit(__doc__)
    seen = set()
    for s in sources[sys.argv[1]]():
        if s not in seen:
            seen.add(s)
            print(s)


if __name__ == "__main__":
    main()
