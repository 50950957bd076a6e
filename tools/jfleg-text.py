#!/usr/bin/python3
"""JFLEG's text as a writer types it, and back: JFLEG is PTB-tokenized ("do n't", "word ,"),
which no corrector sees in an editor. `detok` turns each line into plain text (NLTK's
Treebank detokenizer); `retok SRC_TOK SRC_DETOK HYP` gives each hypothesis line back in
JFLEG's form: an unchanged line is the original tokenized source, a changed one is
re-tokenized, so GLEU compares like with like. `moved SRC HYP REF...` counts the sentences
changed and how many got closer to or further from their nearest reference (word edit
distance). Needs Debian's python3-nltk (/usr/bin/python3)."""
import sys

from nltk.tokenize.treebank import TreebankWordDetokenizer, TreebankWordTokenizer


def lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().rstrip("\n").split("\n")


def detok(path):
    d = TreebankWordDetokenizer()
    for line in lines(path):
        print(d.detokenize(line.split()))


def retok(src_tok, src_detok, hyp):
    # Treebank's tokenizer turns '"' into `` and '', which some of JFLEG's lines have and others
    # not (dev's quotes are mostly '"', test's mostly ``): a changed line keeps its source's
    # quotes, or it would lose every n-gram around them.
    t = TreebankWordTokenizer()
    for tok, plain, h in zip(lines(src_tok), lines(src_detok), lines(hyp)):
        words = t.tokenize(h)
        if '"' in tok.split():
            words = ['"' if w in ("``", "''") else w for w in words]
        print(tok if h == plain else " ".join(words))


def dist(a, b):
    a, b = a.split(), b.split()
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]


def moved(src, hyp, *refs):
    src, hyp = lines(src), lines(hyp)
    refs = [lines(r) for r in refs]
    changed = better = worse = 0
    for i, (s, h) in enumerate(zip(src, hyp)):
        if s.strip() == h.strip():
            continue
        changed += 1
        ds = min(dist(s, r[i]) for r in refs)
        dh = min(dist(h, r[i]) for r in refs)
        better += dh < ds
        worse += dh > ds
    print(f"changed {changed} of {len(src)}: {better} closer to a reference, {worse} further, "
          f"{changed - better - worse} as close")


if __name__ == "__main__":
    {"detok": detok, "retok": retok, "moved": moved}[sys.argv[1]](*sys.argv[2:])
