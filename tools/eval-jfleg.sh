#!/bin/sh
# Scores corrections on JFLEG (https://github.com/keisks/jfleg) with its own GLEU script, on
# text as a writer types it: JFLEG's PTB-tokenized sources are detokenized (NLTK) before any
# corrector sees them, and each changed line is tokenized again before scoring, an unchanged
# one being the original source line (tools/jfleg-text.py). draftd's defaults, and Harper
# beside them when its folder is given, run the same way on the same lines, with sentences
# per second and how many sentences moved closer to or further from a reference.
#
#   tools/eval-jfleg.sh JFLEG_DIR [dev|test] [--harper HARPER_DIR] [--limit N] [-- EVAL_OPTIONS...]
#
# HARPER_DIR holds node_modules/harper.js (`npm install harper.js` there, outside this
# repository). EVAL_OPTIONS go to draftd-grammar-eval (--margins, --dialect, --no-spelling,
# --candidates-only, --keep-bias, --compare). JFLEG stays outside the repository and out of
# training: tune on dev, report test. Needs Debian's python3-nltk, python3-numpy and
# python3-scipy (/usr/bin/python3; PYTHON overrides); BUILD (default: build) holds
# draftd-grammar-eval; MODEL (default: models/draftd-target.gguf) is the target.
set -eu
usage="usage: $0 JFLEG_DIR [dev|test] [--harper HARPER_DIR] [--limit N] [-- EVAL_OPTIONS...]"
[ $# -ge 1 ] || { echo "$usage" >&2; exit 2; }
jfleg=$1; shift
set_name=dev
case "${1:-}" in dev|test) set_name=$1; shift ;; esac
limit=0; harper=""
while [ $# -gt 0 ]; do
  case "$1" in
    --harper) harper=$2; shift 2 ;;
    --limit) limit=$2; shift 2 ;;
    --) shift; break ;;
    *) echo "$0: unknown option $1" >&2; echo "$usage" >&2; exit 2 ;;
  esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
model=${MODEL:-$root/models/draftd-target.gguf}
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
"$py" "$root/tools/jfleg-text.py" detok "$work/src" > "$work/plain"
n=$(wc -l < "$work/src")

gleu() {
  "$py" -W ignore "$jfleg/eval/gleu.py" -r "$work/ref0" "$work/ref1" "$work/ref2" "$work/ref3" -s "$work/src" --hyp "$1" |
    tail -n 1 | sed "s/^\[\['\([0-9.]*\)'.*/\1/"
}
# One corrector's line: GLEU, sentences moved, sentences per second.
report() {
  name=$1; hyp=$2; ms=$3
  "$py" "$root/tools/jfleg-text.py" retok "$work/src" "$work/plain" "$hyp" > "$hyp.tok"
  moved=$("$py" "$root/tools/jfleg-text.py" moved "$work/src" "$hyp.tok" "$work/ref0" "$work/ref1" "$work/ref2" "$work/ref3")
  rate=$(awk -v n="$n" -v ms="$ms" 'BEGIN { if (ms > 0) printf "%.1f", n / (ms / 1000); else print "-" }')
  printf '  %-8s GLEU %s  %s; %s sentences/s\n' "$name" "$(gleu "$hyp.tok")" "$moved" "$rate"
}
now_ms() { date +%s%3N; }

echo "JFLEG $set_name, $n sentences (detokenized), model $(basename "$model")"
echo "  source   GLEU $(gleu "$work/src")"
t0=$(now_ms)
"$build/tools/draftd-grammar-eval" -m "$model" "$@" "$work/plain" > "$work/draftd" 2> "$work/stats"
t1=$(now_ms)
report draftd "$work/draftd" $((t1 - t0))
if [ -n "$harper" ]; then
  t0=$(now_ms)
  node "$root/tools/harper-correct.mjs" "$harper" "$work/plain" > "$work/harper" 2> "$work/harper-stats"
  t1=$(now_ms)
  report harper "$work/harper" $((t1 - t0))
fi
echo "  draftd: $(cat "$work/stats")"
if [ -n "${KEEP:-}" ]; then
  mkdir -p "$KEEP" && cp "$work"/* "$KEEP"/
fi
