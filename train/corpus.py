"""Builds the English corpus from prose shipped in Debian packages.

Sources (see models/README.md for licenses): WordNet's usage examples (wordnet-base), the
Python 3.11 documentation (python3.11-doc), the Debian Reference (debian-reference-en) and
the fortune cookies of fortunes-min. Prose only: code, tables and markup are dropped.
Sentences are deduplicated and split into train/validation/test by document.
"""
import glob
import hashlib
import html
import os
import re

SENT_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'(])")
TAG = re.compile(r"<[^>]+>")
BAD = re.compile(r"[{}<>=_\\|#@$%^*~`\[\]]|\.\w+\(|::|/\w+/|\b\w+\.\w+\.\w+\b")


def clean_sentence(s):
    s = re.sub(r"\s+", " ", s).strip()
    if not (4 <= len(s.split()) <= 40) or BAD.search(s) or not s[:1].isupper():
        return None
    letters = sum(c.isalpha() or c == " " for c in s)
    if letters < 0.85 * len(s) or not s.isascii():
        return None
    if s[-1] not in ".!?":
        return None
    return s


def sentences(text):
    for s in SENT_END.split(text):
        c = clean_sentence(s)
        if c:
            yield c


def wordnet_docs():
    """Each synset's examples; documents are groups of 50 synsets."""
    for path in sorted(glob.glob("/usr/share/wordnet/data.*")):
        doc = []
        for n, line in enumerate(open(path, encoding="latin-1")):
            if line.startswith(" ") or "|" not in line:
                continue
            for ex in re.findall(r'"([^"]{10,200})"', line.split("|", 1)[1]):
                ex = ex.strip()
                ex = ex[:1].upper() + ex[1:]
                if ex[-1:] not in ".!?":
                    ex += "."
                c = clean_sentence(ex)
                if c:
                    doc.append(c)
            if n % 50 == 49 and doc:
                yield "wordnet", doc
                doc = []
        if doc:
            yield "wordnet", doc


def html_docs(pattern, name):
    for path in sorted(glob.glob(pattern, recursive=True)):
        try:
            raw = open(path, encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        raw = re.sub(r"(?s)<(pre|code|table|script|style)\b.*?</\1>", " ", raw)
        paras = re.findall(r"(?s)<p\b[^>]*>(.*?)</p>", raw)
        doc = []
        for p in paras:
            text = html.unescape(TAG.sub("", p))
            doc.extend(sentences(text))
        if doc:
            yield name, doc


def fortune_docs():
    for path in sorted(glob.glob("/usr/share/games/fortunes/*")):
        if path.endswith(".dat") or os.path.isdir(path):
            continue
        try:
            text = open(path, encoding="utf-8", errors="replace").read()
        except OSError:
            continue
        for i, entry in enumerate(text.split("\n%\n")):
            doc = list(sentences(entry.replace("\n", " ")))
            if doc:
                yield "fortunes", doc


def build(out_dir, seed=1234):
    os.makedirs(out_dir, exist_ok=True)
    seen = set()
    splits = {"train": [], "val": [], "test": []}
    counts = {}
    gens = [wordnet_docs(), html_docs("/usr/share/doc/python3.11/html/**/*.html", "python-docs"),
            html_docs("/usr/share/doc/debian-reference-en/**/*.html", "debian-reference"), fortune_docs()]
    for gen in gens:
        for source, doc in gen:
            kept = []
            for s in doc:
                key = s.lower()
                if key not in seen:
                    seen.add(key)
                    kept.append(s)
            if not kept:
                continue
            # Whole documents go to one split, chosen by a hash of their first sentence.
            h = int(hashlib.sha256((str(seed) + kept[0]).encode()).hexdigest(), 16) % 100
            split = "test" if h < 3 else "val" if h < 6 else "train"
            splits[split].append(" ".join(kept))
            counts[source] = counts.get(source, 0) + len(kept)
    for name, docs in splits.items():
        with open(os.path.join(out_dir, name + ".txt"), "w") as f:
            f.write("\n".join(docs) + "\n")
    return counts, {k: len(v) for k, v in splits.items()}


if __name__ == "__main__":
    import sys
    counts, docs = build(sys.argv[1] if len(sys.argv) > 1 else "data")
    print("sentences by source:", counts)
    print("documents by split:", docs)
