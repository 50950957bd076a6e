#!/usr/bin/env bash
# Installs what is missing (Debian 12), builds draftd, starts the daemon and runs a
# correction and a completion (refused by the shipped target, with the way to a model that
# can) through the `draft` client. Uses the shipped default models
# (models/) when present; until then Karpathy's stories260K from ../shared/models,
# converted to GGUF, with its int8 export as the assistant.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DRAFTD_QUICKSTART_INNER:-}" ]; then
  tools/setup-debian.sh
  meson setup build >/dev/null 2>&1 || true
  meson compile -C build
  # Without a session bus (a bare machine, CI), run inside a private one.
  if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
    DRAFTD_QUICKSTART_INNER=1 exec dbus-run-session -- "$0" "$@"
  fi
fi
args=()
if [ -f models/draftd-target.gguf ]; then
  args=(--target models/draftd-target.gguf)
  [ -f models/draftd-assistant.gguf ] && args+=(--assistant models/draftd-assistant.gguf)
else
  shared=../shared/models
  if [ ! -f "$shared/stories260K.bin" ]; then
    echo "quickstart: no model: neither models/draftd-target.gguf nor $shared/stories260K.bin" >&2
    exit 1
  fi
  [ -f build/stories260K.gguf ] || build/tools/draftd-convert --llama2c "$shared/stories260K.bin" \
    --tokenizer "$shared/tok512.bin" -o build/stories260K.gguf
  [ -f build/stories260K_q80.gguf ] || build/tools/draftd-convert --llama2c "$shared/stories260K_q80.bin" \
    --tokenizer "$shared/tok512.bin" --type q8_0 -o build/stories260K_q80.gguf 2>/dev/null
  args=(--target build/stories260K.gguf --assistant build/stories260K_q80.gguf --context 512)
fi
daemon=""
if ! build/client/draft status >/dev/null 2>&1; then
  build/daemon/draftd "${args[@]}" &
  daemon=$!
  trap '[ -n "$daemon" ] && kill "$daemon" 2>/dev/null; wait 2>/dev/null || true' EXIT
  for _ in $(seq 100); do
    build/client/draft status >/dev/null 2>&1 && break
    sleep 0.2
  done
fi
echo "== draft correct <<< 'She have a cat and two dog.'"
build/client/draft correct --diff <<< "She have a cat and two dog."
# The shipped target is too small to complete text: draftd refuses and says what works and
# how to get a model that can (`draft complete --force` runs it anyway).
echo "== draft complete -n 40 'A good teacher'"
build/client/draft complete -n 40 "A good teacher" || true
echo "== draft status"
build/client/draft status
echo "== this daemon stops with the script; tools/install.sh installs draftd for you (~/.local), started on demand"
