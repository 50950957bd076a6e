#!/usr/bin/env python3
"""Scores draftd on its development set (tests/data/dev-errors.tsv, issue 45): how many
sentences of each family come back exactly as their correct twin, and how many clean
sentences (the twins and the clean lines) come back changed. The TAP test grammar-dev-errors
holds the totals in CI; this prints them per family, with every miss and false alarm, and
the suggestions (candidates the target doubted, offered and not applied): a missed sentence
whose suggestions make it its twin, and any clean sentence with a suggestion.

Usage: tools/dev-errors.py BUILD_DIR [MODEL] [--set FILE] [-- draftd-grammar-eval options...]
(--set scores another file of the same form, such as a set of your own kept apart.)"""
import collections
import os
import subprocess
import sys
import tempfile


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(root, "tests", "data", "dev-errors.tsv")
    if "--set" in args:
        path = args[args.index("--set") + 1]
        del args[args.index("--set"):args.index("--set") + 2]
    build = args[0]
    model = args[1] if len(args) > 1 else os.path.join(root, "models", "draftd-target.gguf")
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                rows.append(line.split("\t"))
    inputs = []
    for r in rows:
        inputs += [r[1], r[2]] if r[0] != "clean" else [r[1]]
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as t:
        t.write("\n".join(inputs) + "\n")
    sugg_path = t.name + ".suggestions"
    out = subprocess.run([os.path.join(build, "tools", "draftd-grammar-eval"), "-m", model, "--suggestions", sugg_path]
                         + extra + [t.name], check=True, capture_output=True, text=True).stdout.split("\n")
    os.unlink(t.name)
    suggested = {}
    with open(sugg_path, encoding="utf-8") as f:
        for line in f:
            n, text = line.rstrip("\n").split("\t", 1)
            suggested[int(n) - 1] = text
    os.unlink(sugg_path)
    offered, false_offers = collections.Counter(), 0
    fixed, total, changed = collections.Counter(), collections.Counter(), 0
    clean = 0
    k = 0
    for r in rows:
        if r[0] == "clean":
            clean += 1
            if out[k] != r[1]:
                changed += 1
                print(f"FALSE ALARM clean: {r[1]} -> {out[k]}")
            if k in suggested:
                false_offers += 1
                print(f"FALSE SUGGESTION clean: {r[1]} -> {suggested[k]}")
            k += 1
            continue
        total[r[0]] += 1
        clean += 1
        if out[k] == r[2]:
            fixed[r[0]] += 1
        elif suggested.get(k) == r[2]:
            offered[r[0]] += 1
            print(f"suggested {r[0]}: {r[1]} -> {r[2]}")
        else:
            print(f"missed {r[0]}: {r[1]} -> {out[k]}" + (f" (suggested: {suggested[k]})" if k in suggested else ""))
        if out[k + 1] != r[2]:
            changed += 1
            print(f"FALSE ALARM twin: {r[2]} -> {out[k + 1]}")
        if k + 1 in suggested:
            false_offers += 1
            print(f"FALSE SUGGESTION twin: {r[2]} -> {suggested[k + 1]}")
        k += 2
    for fam in total:
        print(f"{fam:16} {fixed[fam]:3}/{total[fam]}" + (f" (+{offered[fam]} suggested)" if offered[fam] else ""))
    print(f"fixed {sum(fixed.values())}/{sum(total.values())}, clean changed {changed}/{clean}")
    print(f"suggested right {sum(offered.values())} of {sum(total.values()) - sum(fixed.values())} missed, "
          f"clean sentences with a suggestion {false_offers}/{clean}")


main()
