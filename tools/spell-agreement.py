#!/usr/bin/env python3
"""Top-1 agreement of spelling suggestions with JFLEG's references.

    tools/spell-agreement.py SUGGESTIONS REF0 REF1 REF2 REF3

SUGGESTIONS is draftd-spell-suggest's output (line, word, suggestions) over JFLEG's
detokenized sources. A misspelling counts where at least one reference of its sentence no
longer has the word (the annotators respelt it); its top suggestion agrees when such a
reference has that suggestion among its words. Also reported: agreement anywhere in the
first six (what the candidate stage lets the model judge)."""
import re
import sys


def words(line):
    return set(w.lower() for w in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", line))


def main():
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    refs = [open(p, encoding="utf-8").read().split("\n") for p in sys.argv[2:]]
    counted = top1 = top6 = none = 0
    for row in open(sys.argv[1], encoding="utf-8"):
        no, word, sugg = row.rstrip("\n").split("\t")
        no = int(no)
        respelt = [words(r[no]) for r in refs if no < len(r)]
        respelt = [r for r in respelt if word.lower() not in r]
        if not respelt:
            continue
        counted += 1
        sugg = [s for s in sugg.split("|") if s]
        if not sugg:
            none += 1

        def agrees(s):
            parts = [p.lower() for p in s.split()]
            return any(all(p in r for p in parts) for r in respelt)

        top1 += bool(sugg) and agrees(sugg[0])
        top6 += any(agrees(s) for s in sugg[:6])
    print(f"{counted} misspellings respelt by a reference: top-1 agrees {top1} ({100.0 * top1 / max(counted, 1):.1f}%), "
          f"in the first six {top6} ({100.0 * top6 / max(counted, 1):.1f}%), no suggestion {none}")


main()
