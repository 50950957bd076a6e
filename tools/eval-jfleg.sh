#!/bin/sh
# Scores the default models' corrections on JFLEG (https://github.com/keisks/jfleg) with its own
# GLEU script, against returning the source unchanged; counts the sentences changed and how
# many of them got closer to / further from their nearest reference (word edit distance).
#
#   tools/eval-jfleg.sh JFLEG_DIR [dev|test] [--keep-bias B] [--limit N] [--compare]
#
# JFLEG stays outside the repository and out of training. gleu.py needs numpy and scipy
# (Debian: python3-numpy python3-scipy). BUILD (default: build) holds draftd-grammar-eval;
# MODEL (default: models/draftd-target.gguf) is the target.
set -eu
[ $# -ge 1 ] || { echo "usage: $0 JFLEG_DIR [dev|test] [--keep-bias B] [--limit N] [--compare]" >&2; exit 2; }
jfleg=$1; shift
set_name=dev
case "${1:-}" in dev|test) set_name=$1; shift ;; esac
limit=0; extra=""
while [ $# -gt 0 ]; do
  case "$1" in
    --keep-bias) extra="$extra --keep-bias $2"; shift 2 ;;
    --limit) limit=$2; shift 2 ;;
    --compare) extra="$extra --compare"; shift ;;
    *) echo "$0: unknown option $1" >&2; exit 2 ;;
  esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
model=${MODEL:-$root/models/draftd-target.gguf}
# gleu.py needs the system's numpy and scipy; PYTHON overrides.
py=${PYTHON:-/usr/bin/python3}
[ -x "$py" ] || py=python3
src=$jfleg/$set_name/$set_name.src
[ -f "$src" ] && [ -f "$jfleg/eval/gleu.py" ] || { echo "$0: $jfleg does not hold JFLEG ($src, eval/gleu.py)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A subset keeps the first N lines of the source and of every reference alike.
take() { if [ "$limit" -gt 0 ]; then head -n "$limit" "$1"; else cat "$1"; fi; }
take "$src" > "$work/src"
for i in 0 1 2 3; do take "$jfleg/$set_name/$set_name.ref$i" > "$work/ref$i"; done
# shellcheck disable=SC2086
"$build/grammar/draftd-grammar-eval" -m "$model" $extra "$work/src" > "$work/hyp" 2> "$work/stats"
gleu() {
  "$py" -W ignore "$jfleg/eval/gleu.py" -r "$work/ref0" "$work/ref1" "$work/ref2" "$work/ref3" -s "$work/src" --hyp "$1" |
    tail -n 1 | sed "s/^\[\['\([0-9.]*\)'.*/\1/"
}
echo "JFLEG $set_name, $(wc -l < "$work/src") sentences, model $(basename "$model")"
echo "  GLEU draftd:          $(gleu "$work/hyp")"
echo "  GLEU source baseline: $(gleu "$work/src")"
"$py" - "$work" <<'PY'
import sys
w = sys.argv[1]
def lines(n):
    with open(f"{w}/{n}", encoding="utf-8") as f:
        return f.read().split("\n")
src, hyp = lines("src"), lines("hyp")
refs = [lines(f"ref{i}") for i in range(4)]
def dist(a, b):
    a, b = a.split(), b.split()
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (x != y))
    return row[-1]
changed = better = worse = 0
for i, (s, h) in enumerate(zip(src, hyp)):
    if s.strip() == h.strip():
        continue
    changed += 1
    ds = min(dist(s, r[i]) for r in refs)
    dh = min(dist(h, r[i]) for r in refs)
    better += dh < ds
    worse += dh > ds
n = sum(1 for s in src if s)
print(f"  changed {changed} of {n} sentences: {better} closer to a reference, {worse} further, {changed - better - worse} as close")
PY
echo "  $(cat "$work/stats")"
