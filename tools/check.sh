#!/usr/bin/env bash
# Installs what is missing (Debian 12), builds with warnings as errors, and runs the whole
# test suite twice: a normal build, then one with AddressSanitizer + UBSan; then a minute of
# fuzzing per libFuzzer target (tools/fuzz-ci.sh).
# Tests run on lavapipe with the Khronos validation layer on (see tests/meson.build).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup-debian.sh --tests
jobs=$(nproc)

meson setup build --werror --reconfigure >/dev/null 2>&1 || meson setup build --werror
meson compile -C build -j "$jobs"
meson test -C build --print-errorlogs --num-processes "$jobs"

meson setup build-asan --werror -Db_sanitize=address,undefined -Db_lundef=false --reconfigure >/dev/null 2>&1 ||
  meson setup build-asan --werror -Db_sanitize=address,undefined -Db_lundef=false
meson compile -C build-asan -j "$jobs"
meson test -C build-asan --print-errorlogs --num-processes "$jobs" --timeout-multiplier 3

tools/fuzz-ci.sh
