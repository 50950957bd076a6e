#!/bin/sh
# Measures a trained pair with the engine and ships it: held-out correction and rewrite
# benchmarks (IAD vs plain greedy), the decode benchmark (speculative sampling), then the
# model card from those measurements, and the GGUF files copied into models/.
#   train/finish.sh build/train [build]
set -eu
out=${1:-build/train}
build=${2:-build}
bench="$build/tools/draftd-bench"
t="$out/draftd-target.gguf"
a="$out/draftd-assistant.gguf"
"$bench" -m "$t" --suite correct --pairs "$out/test-pairs.tsv" --limit 400 --json "$out/bench-correct.json" | tee "$out/bench-correct.txt"
"$bench" -m "$t" --suite correct --pairs "$out/test-rewrite.tsv" --limit 200 --json "$out/bench-rewrite.json" | tee "$out/bench-rewrite.txt"
"$bench" -m "$t" -a "$a" --suite decode --json "$out/bench-decode.json" | tee "$out/bench-decode.txt"
mkdir -p models
cp "$t" "$a" models/
/usr/bin/python3 "$(dirname "$0")/card.py" "$out" "$out/bench-correct.json" "$out/bench-decode.json" "$out/bench-rewrite.json" >models/README.md
ls -l models
