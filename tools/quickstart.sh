#!/usr/bin/env bash
# Installs what is missing (Debian 12), builds draftd and runs the main job: a one-shot
# generation through our Vulkan compute shaders. Until the project ships its own default
# models (models/), it runs Karpathy's stories260K from ../shared/models, converted to GGUF.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup-debian.sh
meson setup build >/dev/null 2>&1 || true
meson compile -C build
prompt=${1:-Once upon a time}
model=""
for m in models/draftd-target.gguf; do
  [ -f "$m" ] && model=$m
done
if [ -z "$model" ]; then
  shared=../shared/models
  if [ ! -f "$shared/stories260K.bin" ]; then
    echo "quickstart: no model found: neither models/draftd-target.gguf nor $shared/stories260K.bin" >&2
    exit 1
  fi
  model=build/stories260K.gguf
  [ -f "$model" ] || build/tools/draftd-convert --llama2c "$shared/stories260K.bin" \
    --tokenizer "$shared/tok512.bin" -o "$model"
fi
echo "== $model, greedy, 120 tokens: $prompt"
build/tools/draftd-run -m "$model" -p "$prompt" -n 120 --greedy --stats
