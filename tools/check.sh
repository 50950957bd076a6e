#!/usr/bin/env bash
# Installs what is missing (Debian 12), builds with warnings as errors, and runs the whole
# test suite twice: a normal build, then one with AddressSanitizer + UBSan (less four
# suites, below); then 15 s of fuzzing per libFuzzer target (tools/fuzz-ci.sh; every
# target's corpus is also replayed as a test in both builds). CI has 2 cores and 30 minutes.
# Tests run on lavapipe, without its thread pool, with the Khronos validation layer on in the
# plain build (see tests/meson.build).
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
# Not again under ASan: the release-tree suite (tools/install.sh builds a release tree of its
# own, the same in either build), the package suite (dpkg-buildpackage builds the .deb from
# the tree, whatever this build's options), the statistics suite (6000 sampled continuations; the
# sampler's host code runs in the decode-* tests) and the gpu-kernels suite (the GPU family of
# shaders held to the CPU one shape by shape, and the exactness tests rerun with it: lavapipe
# runs the shaders uninstrumented, and they cost 10-20 times the CPU kernels there). The host
# code that picks and dispatches the GPU family runs under ASan once, end to end: golden-gpu.
# Nor the languages suite (grammar-languages: thirteen languages' spelling indexes, where
# Russian's alone has Hunspell check over a million word forms, each allocation of which ASan
# intercepts: ten minutes on 2 cores; language-option, lsp-rules and grammar-spelling run the
# same code under ASan on the smaller dictionaries).
# Under ASan those suites took more than 25 of the 45 minutes of the run that had them.
meson test -C build-asan --print-errorlogs --num-processes "$jobs" --timeout-multiplier 3 \
  --no-suite gpu-kernels --no-suite statistics --no-suite release-tree --no-suite package --no-suite languages
meson test -C build-asan --print-errorlogs --timeout-multiplier 3 golden-gpu

FUZZ_SECONDS=${FUZZ_SECONDS:-15} tools/fuzz-ci.sh
