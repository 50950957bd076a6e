#!/usr/bin/env python3
"""Writes native sentences of a language from the translations Debian ships, one a line: the
false-alarm measure of correction beyond English (issue 51, docs/correction.md#languages).
Every msgstr of every catalogue in /usr/share/locale/LANG/LC_MESSAGES is split at line and
sentence ends; a sentence is kept when it has 6-30 words, starts with a capital, ends in
. ! or ? and carries no markup or format characters; each is written once, N of them drawn
with a fixed seed (57), so that before and after a change read the same lines. Nothing it
writes belongs in the repository: count the sentences correction changes (each a false alarm
or a translator's slip).

Usage: tools/native-locale.py LANG [N] > FILE   (N: 300)"""
import gettext
import glob
import random
import re
import sys

BAD = re.compile(r"[%<>{}\[\]|=#@\\$~^_&*`/]|\.\.|--|\w\.\w")
SPLIT = re.compile(r"(?<=[.!?])\s+(?=[A-ZÁ-ŽА-ЯІЇЄҐ¿¡])")


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    lang, n = sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 300
    seen = set()
    for path in sorted(glob.glob(f"/usr/share/locale/{lang}/LC_MESSAGES/*.mo")):
        try:
            with open(path, "rb") as f:
                catalog = gettext.GNUTranslations(f)._catalog
        except (OSError, UnicodeDecodeError, ValueError):
            continue
        for text in catalog.values():
            if not isinstance(text, str):
                continue
            for line in text.split("\n"):
                for s in SPLIT.split(" ".join(line.split())):
                    if 6 <= len(s.split()) <= 30 and s[-1] in ".!?" and s[0].isupper() and not BAD.search(s):
                        seen.add(s)
    rows = sorted(seen)
    random.Random(57).shuffle(rows)
    print("\n".join(rows[:n]))


if __name__ == "__main__":
    main()
