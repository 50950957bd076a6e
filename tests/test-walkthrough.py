#!/usr/bin/env python3
"""docs/architecture.md's "adding a method" walk-through against the tree (TAP).

The walk says how many files a new method that reuses a kind of work touches and names each
one with what it holds. This reads the walk and checks that the count is the number of steps,
that each named file exists, and that every name the step gives (a table `x[]`, a macro, a
type, a function) is defined or used in that file, so that a table that moves, or a step the
code no longer needs, fails here until the walk is rewritten."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
results = []


def ok(cond, text):
    results.append((bool(cond), text))


def walk(doc):
    m = re.search(r"\*\*Adding a method that reuses a kind of work\*\* touches (\w+) files(.*?)\n\n(1\. .*?)\n\n", doc, re.S)
    if not m:
        return None, []
    steps = re.split(r"\n(?=\d+\. )", m.group(3).strip())
    return NUMBERS.get(m.group(1)), [" ".join(s.split()) for s in steps]


def holds(text, name):
    """`name` is defined or used in `text`: a table `x[]` as an array definition."""
    if name.endswith("[]"):
        return re.search(r"\b%s\[[^\]]*\]\s*=" % re.escape(name[:-2]), text) is not None
    return re.search(r"\b%s\b" % re.escape(name), text) is not None


def check_step(step):
    names = re.findall(r"`([^`]+)`", step)
    path = names[0] if names else ""
    full = os.path.join(root, path)
    if not os.path.isfile(full):
        ok(False, "step names a file of the tree: %s" % step[:60])
        return
    text = open(full, encoding="utf-8").read()
    missing = []
    for name in names[1:]:
        head = re.match(r"^(\w+(?:\[\])?)", name)
        if name.endswith((".c", ".h")):
            if not os.path.isfile(os.path.join(os.path.dirname(full), name)):
                missing.append(name)
        elif head and not holds(text, head.group(1)):
            missing.append(head.group(1))
    ok(not missing, "%s holds what the walk says%s" % (path, (": not " + ", ".join(missing)) if missing else ""))


def main():
    doc = open(os.path.join(root, "docs", "architecture.md"), encoding="utf-8").read()
    count, steps = walk(doc)
    ok(steps, "docs/architecture.md has the walk-through (%d steps)" % len(steps))
    ok(count == len(steps), "the file count it states (%s) is its number of steps (%d)" % (count, len(steps)))
    for step in steps:
        check_step(step)
    # A walk that names a table the file lacks must fail: the check is run on one such step.
    before = len(results)
    check_step("`daemon/service/operations.c`: its row in `no_such_table[]`")
    caught = not results.pop()[0]
    assert len(results) == before
    ok(caught, "a step naming what its file lacks is caught")
    print("1..%d" % len(results))
    for i, (good, text) in enumerate(results, 1):
        print("%s %d - %s" % ("ok" if good else "not ok", i, text))
    return 0 if all(r[0] for r in results) else 1


sys.exit(main())
