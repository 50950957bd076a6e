#!/usr/bin/env python3
"""TAP: no C function in the project, tests included, is longer than LIMIT lines
(body, from the opening brace to the closing one). Long functions are split into named steps."""
import os, re, sys

LIMIT = int(os.environ.get("DRAFTD_FUNCTION_LIMIT", "80"))
root = sys.argv[1] if len(sys.argv) > 1 else "."
# Every top-level folder, so a new one is covered without a change here; hidden ones and build
# trees (meson's, wherever they were made) are not the project's code.
dirs = sorted(d for d in os.listdir(root)
              if os.path.isdir(os.path.join(root, d)) and not d.startswith(".")
              and not os.path.exists(os.path.join(root, d, "meson-private")))

def functions(path):
    src = open(path, encoding="utf-8").read()
    # Blank out comments and string/char literals in one left-to-right pass, so that a "//"
    # inside a string is not taken for a comment nor a quote inside a comment for a string;
    # braces inside any of them do not count. Newlines stay, so line numbers hold.
    token = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
    src = token.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), src)
    lines = src.split("\n")
    depth, start, name = 0, None, None
    for i, line in enumerate(lines):
        for ch in line:
            if ch == "{":
                if depth == 0:
                    # A function body opens at column 0 after a line holding "name (".
                    j = i if line.startswith("{") else None
                    if j is not None:
                        k = i - 1
                        while k >= 0 and not re.search(r"\w+\s*\(", lines[k]):
                            k -= 1
                        m = re.search(r"(\w+)\s*\(", lines[k]) if k >= 0 else None
                        start, name = i, (m.group(1) if m else "?")
                depth += 1
            elif ch == "}":
                depth -= 1
                if depth == 0 and start is not None:
                    yield name, start + 1, i - start + 1
                    start = None

failed = 0
n = 0
for d in dirs:
    for base, _, files in os.walk(os.path.join(root, d)):
        for f in sorted(files):
            if not f.endswith(".c"):
                continue
            p = os.path.join(base, f)
            for name, line, length in functions(p):
                if length > LIMIT:
                    n += 1
                    failed += 1
                    print(f"not ok {n} - {os.path.relpath(p, root)}:{line} {name} is {length} lines (limit {LIMIT})")
n += 1
print(f"{'ok' if failed == 0 else 'not ok'} {n} - every function in {', '.join(dirs)} is at most {LIMIT} lines")
print(f"1..{n}")
sys.exit(1 if failed else 0)
