#!/bin/sh
# The default-model pipeline at a tiny size: error rules' unit tests, then corpus ->
# tokenizer -> pairs -> target -> assistant -> GGUF through draftd-convert, and the engine
# runs the result. Skips cleanly where PyTorch, SentencePiece or the corpus packages are absent.
src=$1
build=$2
py=/usr/bin/python3
# Under CI=true (tools/setup-debian.sh --tests installs them) a missing package fails the test.
. "$(dirname "$0")/tap-missing.sh"
"$py" -c "import torch, sentencepiece" 2>/dev/null || missing "python3-torch or python3-sentencepiece is not installed"
if [ ! -d /usr/share/wordnet ] || [ ! -d /usr/share/doc/python3.11/html ]; then
  missing "corpus packages (wordnet-base, python3.11-doc) are not installed"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "1..3"
if (cd "$src/train" && "$py" -m unittest -q test_errors test_rewrite) >"$tmp/unit.log" 2>&1; then
  echo "ok 1 - synthetic error rules and rewrite presets pass their unit tests"
else
  echo "not ok 1 - synthetic error rules and rewrite presets pass their unit tests"
  sed 's/^/# /' "$tmp/unit.log"
fi
if "$py" "$src/train/train.py" --smoke --out "$tmp/out" --convert "$build/tools/draftd-convert" >"$tmp/train.log" 2>&1 &&
   [ -f "$tmp/out/draftd-target.gguf" ] && [ -f "$tmp/out/draftd-assistant.gguf" ] && [ -f "$tmp/out/report.json" ]; then
  echo "ok 2 - the pipeline builds a target and an assistant GGUF and a report"
else
  echo "not ok 2 - the pipeline builds a target and an assistant GGUF and a report"
  tail -20 "$tmp/train.log" | sed 's/^/# /'
fi
if "$build/tools/draftd-run" -m "$tmp/out/draftd-target.gguf" -a "$tmp/out/draftd-assistant.gguf" \
     -p "Correct: She go home.
Corrected:" -n 8 --greedy >"$tmp/run.log" 2>&1; then
  echo "ok 3 - draftd runs the exported pair with speculative decoding"
else
  echo "not ok 3 - draftd runs the exported pair with speculative decoding"
  sed 's/^/# /' "$tmp/run.log"
fi
