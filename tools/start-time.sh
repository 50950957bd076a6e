#!/usr/bin/env bash
# How long a user waits for draftd's first answer (issue 47): from `draft correct` called with
# no daemon running to its corrected text, the daemon started by D-Bus activation on a
# private session bus, with the shipped models. The first start is cold (an empty
# $XDG_CACHE_HOME: no pipeline cache, no spelling index); the later ones find what the first
# wrote, as every start after a user's first does. Each run prints the whole wait, the
# daemon's own "models ready" figure, and the time from process start to the bus name.
#   tools/start-time.sh [--build DIR | --installed] [--runs N] [--text SENTENCE]
# --build: the draftd and draft of a build tree (default: build/); --installed: those on PATH
# (an installed package or tools/install.sh). N: starts in all, the first cold (default 4).
# SENTENCE: what to correct instead of the default one (whose rules alone fix it: no model
# pass); `correct` then says only whether draft succeeded.
# The daemon runs with --verbose: after each start, its log's breakdown of the load (device,
# target, assistant, verification block sizing) and of the dictionaries' loading is printed.
# KEEP=DIR copies the runs' logs and the cache to DIR.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
. "$src/tools/private-bus.sh"
build="$src/build"
installed=0
runs=4
text=""
usage() { echo "Usage: tools/start-time.sh [--build DIR | --installed] [--runs N] [--text SENTENCE]"; }
while [ $# -gt 0 ]; do
  case "$1" in
    --build) [ $# -ge 2 ] || { usage >&2; exit 2; }; build=$(realpath -- "$2"); shift 2 ;;
    --installed) installed=1; shift ;;
    --runs) [ $# -ge 2 ] && [ "$2" -ge 2 ] 2>/dev/null || { usage >&2; exit 2; }; runs=$2; shift 2 ;;
    --text) [ $# -ge 2 ] || { usage >&2; exit 2; }; text=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "start-time.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
if [ $installed -eq 1 ]; then
  draftd=$(command -v draftd) && draft=$(command -v draft) || { echo "start-time.sh: no draftd or draft on PATH" >&2; exit 1; }
else
  draftd="$build/daemon/draftd" draft="$build/client/draft"
  [ -x "$draftd" ] && [ -x "$draft" ] || { echo "start-time.sh: build $build first (meson compile -C $build)" >&2; exit 1; }
fi

tmp=$(mktemp -d)
bus_pid=""
cleanup() {
  [ -n "${KEEP:-}" ] && cp -r "$tmp" "$KEEP"
  [ -n "$bus_pid" ] && kill "$bus_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
# A user of our own: its cache starts empty and is kept from one start to the next.
export HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_CACHE_HOME="$tmp/home/.cache"
export XDG_DATA_HOME="$tmp/home/.local/share" XDG_STATE_HOME="$tmp/home/.local/state" XDG_RUNTIME_DIR="$tmp/run"
mkdir -p "$HOME"
mkdir -m 700 "$XDG_RUNTIME_DIR"
unset DBUS_SESSION_BUS_ADDRESS DRAFTD_PIPELINE_CACHE_DIR DRAFTD_SPELL_CACHE_DIR
private_bus_service "$tmp" "$draftd --activated --verbose"
private_bus_conf "$tmp" "$tmp/services"

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
sentence='She have a cat and two dog.'
# answer_ms is wall-clock (it grows with the machine's load); daemon_cpu_ms, the CPU time the
# daemon's threads had spent by the answer, does much less.
printf '%-6s %10s %16s %14s %8s %8s\n' start answer_ms models_ready_ms daemon_cpu_ms rss_mib correct
for i in $(seq 1 "$runs"); do
  # The activated daemon writes its log to the bus's stderr (a file, not the journal).
  dbus-daemon --config-file="$tmp/bus.conf" --nofork --print-address=3 3>"$tmp/address" 2>"$tmp/daemon-$i.log" &
  bus_pid=$!
  while [ ! -s "$tmp/address" ]; do
    kill -0 "$bus_pid" 2>/dev/null || { echo "start-time.sh: dbus-daemon did not start" >&2; exit 1; }
    sleep 0.02   # the bus prints its address once it listens
  done
  export DBUS_SESSION_BUS_ADDRESS
  DBUS_SESSION_BUS_ADDRESS=$(head -n 1 "$tmp/address")
  t0=$(now_ms)
  out=$(echo "${text:-$sentence}" | "$draft" correct 2>&1) || { echo "start-time.sh: draft correct failed: $out" >&2; exit 1; }
  t1=$(now_ms)
  ok=no
  if [ -n "$text" ] || [ "$out" = "She has a cat and two dogs." ]; then ok=yes; fi
  ready=$(sed -n 's/.*models ready in \([0-9]*\) ms.*/\1/p' "$tmp/daemon-$i.log" | head -n 1)
  pid=$(dbus-send --session --print-reply --dest=org.freedesktop.DBus / org.freedesktop.DBus.GetConnectionUnixProcessID \
        string:org.draftd.Assistant1 2>/dev/null | awk '/uint32/ { print $2 }')
  # utime + stime of every thread (fields 14 and 15, after the parenthesised name), in ticks.
  cpu=$([ -n "$pid" ] && sed 's/.*) //' "/proc/$pid/stat" | awk -v hz="$(getconf CLK_TCK)" '{ print int(($12 + $13) * 1000 / hz) }')
  rss=$([ -n "$pid" ] && awk '/^VmRSS/ { print int($2 / 1024) }' "/proc/$pid/status")
  printf '%-6s %10s %16s %14s %8s %8s\n' "$([ "$i" -eq 1 ] && echo cold || echo "#$i")" $((t1 - t0)) "${ready:-?}" "${cpu:-?}" \
    "${rss:-?}" $ok
  if [ -n "$pid" ]; then
    kill "$pid"
    while kill -0 "$pid" 2>/dev/null; do sleep 0.02; done
  fi
  kill "$bus_pid"
  wait "$bus_pid" 2>/dev/null || true
  bus_pid=""
  rm -f "$tmp/address"
done
echo "where each start's time went (the daemon's --verbose log):"
for i in $(seq 1 "$runs"); do
  grep -hE 'load: device|spelling for|spelling index|WordNet|^draftd: Correct' "$tmp/daemon-$i.log" | sed "s/^draftd: /  $i: /"
done
echo "the cache the later starts found (\$XDG_CACHE_HOME):"
(cd "$XDG_CACHE_HOME" 2>/dev/null && du -s --block-size=1K -- * */* 2>/dev/null | sed 's/^/  KiB /') || echo "  none"
