#!/usr/bin/env bash
# Runs every libFuzzer target (tests/fuzz-*.c but fuzz-common.c) for a while as a regression: builds
# build-fuzz with clang (-Dfuzz=true: the core and grammar libraries instrumented, ASan and
# UBSan on), then fuzzes each target from its seed corpus, nproc targets at a time.
# A crash or a broken invariant fails the run; its reproducer is kept in build-fuzz/artifacts/.
#   tools/fuzz-ci.sh                  # 60 s per target
#   FUZZ_SECONDS=3600 tools/fuzz-ci.sh
#   FUZZ_CORPUS=DIR tools/fuzz-ci.sh  # grow DIR/TARGET across runs instead of a scratch copy:
#                                     # long campaigns add up (the seeds are merged in each time)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-$(nproc)}

# clang and its runtime libraries (libFuzzer, sanitizers); Debian 12 ships them as clang-14.
need=()
for p in clang libclang-rt-14-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}" ||
    { $SUDO apt-get update -q && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${need[@]}"; }
fi

if [ -f build-fuzz/build.ninja ]; then
  meson setup build-fuzz --reconfigure -Dfuzz=true --werror >/dev/null
else
  CC=clang CXX=clang++ meson setup build-fuzz -Dfuzz=true --werror >/dev/null
fi
targets=()
for src in tests/fuzz-*.c; do
  name=$(basename "$src" .c)
  # fuzz-common.c is the targets' shared input reader, not a target.
  [ "$name" = fuzz-common ] || targets+=("$name")
done
meson compile -C build-fuzz -j "$jobs" "${targets[@]/#/tests/}"

if [ -n "${FUZZ_CORPUS:-}" ]; then
  mkdir -p "$FUZZ_CORPUS"
  work=$(cd "$FUZZ_CORPUS" && pwd)
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
mkdir -p build-fuzz/artifacts

run_one() {
  local name=$1 target=${1#fuzz-}
  mkdir -p "$work/$target"
  # A copy (scratch, or FUZZ_CORPUS's): what the run discovers does not land in the checkout.
  if [ -d "tests/fuzz/corpus/$target" ]; then cp -r "tests/fuzz/corpus/$target/." "$work/$target/"; fi
  local before
  before=$(find "$work/$target" -type f | wc -l)
  local rc=0
  build-fuzz/tests/"$name" -max_total_time="$seconds" -max_len=8192 -timeout=30 -print_final_stats=1 \
    -artifact_prefix="build-fuzz/artifacts/$target-" "$work/$target" >"$work/$target.log" 2>&1 || rc=$?
  local execs cov
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$target.log")
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$work/$target.log" | tail -1)
  if [ $rc -ne 0 ]; then
    echo "FAIL $target (exit $rc) after ${execs:-?} executions, $cov"
    grep -E 'invariant broken|ERROR: |runtime error|SUMMARY|Test unit written' "$work/$target.log" | head -20
    return 1
  fi
  echo "ok   $target: ${execs:-?} executions in ${seconds} s, $cov, corpus $before -> $(find "$work/$target" -type f | wc -l) inputs"
}
export -f run_one
export work seconds

status=0
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one {}' || status=1
if [ $status -ne 0 ]; then
  echo "fuzzing found a problem: reproducers in build-fuzz/artifacts/ (run build-fuzz/tests/fuzz-NAME FILE)"
fi
exit $status
