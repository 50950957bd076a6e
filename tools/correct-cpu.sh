#!/usr/bin/env bash
# CPU time the daemon spends per corrected sentence, the way `draft correct` meets it: for
# each BUILD directory (a before and an after, say), in alternating rounds, a draftd of that
# build on a private bus (dbus-run-session), warmed up first with sentences that open the
# spelling dictionaries of both dialects and compile the kernels, then FILE corrected as one
# document with the answer cache off (every sentence judged, none answered from memory).
# The daemon's user + system time over that one call (/proc/PID/stat) is divided by FILE's
# lines; wall time and sentences/s beside it. The builds' corrected texts are compared.
#
#   tools/correct-cpu.sh FILE BUILD [BUILD...]        # ROUNDS=2 by default
#
# MODEL (default: models/draftd-target.gguf) is the target. Start-up is left out on
# purpose: a daemon starts once and corrects for hours.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 FILE BUILD [BUILD...]" >&2; exit 2; }
file=$(realpath "$1"); shift
root=$(cd "$(dirname "$0")/.." && pwd)
model=$(realpath "${MODEL:-$root/models/draftd-target.gguf}")
rounds=${ROUNDS:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
lines=$(wc -l < "$file")

one() {  # BUILD LABEL: prints "LABEL cpu_s wall_s"
  local build=$1 label=$2
  XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" DRAFTD_ANSWER_CACHE_MB=0 \
    dbus-run-session -- bash -c '
    build=$1; model=$2; file=$3; out=$4; label=$5
    "$build/daemon/draftd" -t "$model" 2> "$out.log" &
    pid=$!
    for _ in $(seq 600); do
      echo "Is it up?" | "$build/client/draft" correct > /dev/null 2>&1 && break
      kill -0 $pid 2> /dev/null || { echo "draftd failed: $(cat "$out.log")" >&2; exit 1; }
      sleep 0.1
    done
    printf "An other warm up sentense , which are wrnog.\nThe colour of my favourit hat is grey.\nThe color of my favorit hat is gray.\n" |
      "$build/client/draft" correct > /dev/null
    cpu() { awk "{ print \$14 + \$15 }" /proc/$pid/stat; }
    c0=$(cpu); t0=$(date +%s.%N)
    "$build/client/draft" correct "$file" > "$out"
    c1=$(cpu); t1=$(date +%s.%N)
    kill $pid; wait $pid || true
    awk -v l="$label" -v a=$c0 -v b=$c1 -v hz=$(getconf CLK_TCK) -v t0=$t0 -v t1=$t1 \
      "BEGIN { printf \"%s %.3f %.3f\n\", l, (b - a) / hz, t1 - t0 }"
  ' _ "$build" "$model" "$file" "$work/$label.out" "$label" 2> /dev/null
}

printf '%-40s %8s %14s %8s %12s\n' build round "CPU ms/sent." "wall s" "sentences/s"
for r in $(seq "$rounds"); do
  i=0
  for build in "$@"; do
    i=$((i + 1))
    read -r _ cpu wall < <(one "$(realpath "$build")" "b$i")
    awk -v b="$build" -v r=$r -v c=$cpu -v w=$wall -v n=$lines \
      'BEGIN { printf "%-40s %8d %14.1f %8.2f %12.1f\n", b, r, 1000 * c / n, w, n / w }'
  done
done
i=0
for build in "$@"; do
  i=$((i + 1))
  [ $i -eq 1 ] && continue
  if cmp -s "$work/b1.out" "$work/b$i.out"; then
    echo "$build: the same corrected text as $1"
  else
    echo "$build: corrected text DIFFERS from $1's ($(diff "$work/b1.out" "$work/b$i.out" | grep -c '^<') lines)"
  fi
done
