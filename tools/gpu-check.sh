#!/usr/bin/env bash
# draftd's speed on a GPU, against llama.cpp on the same files, in one call of a lent machine.
#
#   tools/gpu-check.sh pack DIR
#       Gathers into DIR (git-ignored; the device tool's `carry` takes it along) what a bare
#       x86-64 machine with only CUDA, cmake and python needs to run this build: the stripped
#       binaries, every library they link except glibc's own, dbus-daemon with a session
#       config, the Hunspell dictionaries and WordNet files the correction reads, the Vulkan
#       loader and libglvnd as Debian packages (the device tool's README's recipe), and a
#       trimmed source archive of llama.cpp (LLAMA_CPP_SRC: a git directory of llama.cpp, or of
#       a fork that carries its history; LLAMA_CPP_REV, default 0253fb21f, upstream master of
#       2026-05-16). The shipped models travel with the checkout. Fails when DIR is over 60 MiB, or DIR and the tracked files
#       over the 64 MiB that travel.
#   tools/gpu-check.sh run DIR [--quick | --tiny] [--no-peer] [--text FILE] [--out DIR] [--budget S]
#       DIR is a pack, or a meson build tree (its binaries and the system's libraries).
#       Works on any Vulkan device, lavapipe included. Makes random-weight models with
#       draftd-convert --random; builds llama.cpp in the background (CUDA when nvcc and an
#       NVIDIA GPU are there, else the CPU backend) while draftd measures; then for each file
#       draftd-bench's forward suite at T = 1, 4, 16, 64 and llama-bench's tg, pp16 and pp64
#       on the same file; the device suite (streaming ceiling); the decode suite; and the
#       serve suite with the shipped models. Every draftd figure comes after --warmup-seconds
#       of untimed work and has --min-seconds of sustained work behind it. Writes
#       gpu-check.json, gpu-check.md and the log under $OUT when set (the device tool's folder
#       that comes back), else under build/gpu-check/ (or --out), with the raw results in one
#       archive. A global deadline (--budget seconds, default 330 full, 240 --quick, 120
#       --tiny) skips the steps that would overrun it, and says so.
#       --quick: the small shapes only; the llama.cpp build is skipped when it cannot finish
#       in time on this machine (LLAMA_CPP_BUILD names a llama.cpp build to use instead).
#       --tiny: a tiny model and short sustain, for the test suite (tests/test-gpu-check.sh).
#       --no-peer: no llama.cpp at all.
#       --text FILE: also one Correct of FILE (a sentence a line) with the shipped models, one
#       client, after the serve suite: JFLEG test, say, which stays out of the repo and so
#       travels in the pack's folder (`carry`).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
t_start=$(date +%s%N)
MAX_PACK_MIB=60
TRAVEL_MIB=64

say() { printf '[%6.1fs] %s\n' "$(elapsed)" "$*"; }
elapsed() { awk -v a="$(date +%s%N)" -v b="$t_start" 'BEGIN { printf "%.1f", (a - b) / 1e9 }'; }
calc() { awk "BEGIN { print ($*) }"; }   # float arithmetic without bc, which a bare machine may lack
die() { echo "gpu-check: $*" >&2; exit 1; }
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }

# ---------------------------------------------------------------- pack
glibc_own() { # glibc's own libraries stay behind: the machine's must be used
  case "$(basename "$1")" in
    libc.so.*|libm.so.*|libresolv.so.*|ld-linux*|libpthread.so.*|libdl.so.*|librt.so.*|libutil.so.*|libvulkan.so.*) return 0 ;;
  esac
  return 1
}

pack_libs() { # every library the binaries link, but glibc's own and the Vulkan loader (a package)
  local dir=$1; shift
  local f lib
  for f in "$@"; do
    ldd "$f" | awk '/=> \// { print $3 }'
  done | sort -u | while read -r lib; do
    glibc_own "$lib" && continue
    cp -L "$lib" "$dir/lib/"
    strip --strip-unneeded "$dir/lib/$(basename "$lib")" 2>/dev/null || true
  done
}

pack_data() { # dictionaries, WordNet, a dbus session config
  local dir=$1 h w
  h=${DRAFTD_DICT_PATH:-/usr/share/hunspell}
  w=${DRAFTD_WORDNET_DIR:-/usr/share/wordnet}
  mkdir -p "$dir/share/hunspell" "$dir/share/wordnet" "$dir/share/dbus"
  for d in en_US en_GB; do
    [ -f "$h/$d.aff" ] || die "no Hunspell dictionary $h/$d.aff (Debian: hunspell-en-us, hunspell-en-gb)"
    cp -L "$h/$d.aff" "$h/$d.dic" "$dir/share/hunspell/"
  done
  for f in noun.exc verb.exc adj.exc index.noun index.verb index.adj; do
    [ -f "$w/$f" ] || die "no WordNet file $w/$f (Debian: wordnet-base)"
    cp -L "$w/$f" "$dir/share/wordnet/"
  done
  # A session bus for the serve suite, wherever the package's own config may be missing.
  cat >"$dir/share/dbus/session.conf" <<'EOF'
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <keep_umask/>
  <listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF
}

pack_gl() { # the device tool's loader recipe: Debian's packages, amd64 whatever this machine is
  local dir=$1 lists o
  mkdir -p "$dir/gl"
  lists=$(mktemp -d)
  mkdir -p "$lists/partial"
  o=(-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists="$lists")
  apt-get "${o[@]}" update >/dev/null || die "apt-get update (amd64 lists) failed"
  (cd "$dir/gl" && apt-get "${o[@]}" download libvulkan1 libegl1 libglvnd0 libopengl0 libgl1 libglx0 libgles2 >/dev/null) ||
    die "apt-get download of the Vulkan loader and libglvnd failed"
  rm -rf "$lists"
}

llama_git() { # the llama.cpp git directory to archive from
  local g=${LLAMA_CPP_SRC:-}
  if [ -z "$g" ]; then
    for g in /work/.mirror/*llama.cpp*/repo; do
      git --git-dir="$g" rev-parse -q --verify "${LLAMA_CPP_REV:-0253fb21f}^{commit}" >/dev/null 2>&1 && break
      git --git-dir="$g/.git" rev-parse -q --verify "${LLAMA_CPP_REV:-0253fb21f}^{commit}" >/dev/null 2>&1 && { g=$g/.git; break; }
      g=
    done
  fi
  [ -n "$g" ] || die "set LLAMA_CPP_SRC to a llama.cpp git directory holding ${LLAMA_CPP_REV:-0253fb21f} (fetch github:ggml-org/llama.cpp, or a fork with its tags)"
  [ -d "$g/objects" ] || [ ! -d "$g/.git" ] || g=$g/.git
  echo "$g"
}

# llama.cpp trimmed to what llama-bench needs: ggml with the CPU and CUDA backends only, src,
# include, common, vendor, cmake, tools/llama-bench, archived folder by folder (a snapshot may
# lack its largest files), with a tools/CMakeLists.txt that builds llama-bench alone.
pack_llama() {
  local dir=$1 g rev tmp p
  g=$(llama_git)
  rev=${LLAMA_CPP_REV:-0253fb21f}
  tmp=$(mktemp -d)
  local keep=(CMakeLists.txt LICENSE cmake include src common vendor tools/llama-bench ggml/CMakeLists.txt ggml/cmake ggml/include)
  while read -r p; do
    case "$p" in ggml/src/ggml-cpu|ggml/src/ggml-cuda|ggml/src/ggml-*.c|ggml/src/ggml-*.cpp|ggml/src/ggml-*.h) keep+=("$p") ;;
                 ggml/src/ggml-*) ;;
                 *) keep+=("$p") ;;
    esac
  done < <(git --git-dir="$g" ls-tree --name-only "$rev" ggml/src/)
  for p in "${keep[@]}"; do
    mkdir -p "$tmp/llama.cpp/$(dirname "$p")"
    if [ "$(git --git-dir="$g" cat-file -t "$rev:$p")" = tree ]; then
      # The folder's own tree: a blob missing elsewhere in the snapshot cannot fail it.
      git --git-dir="$g" archive --format=tar --prefix="llama.cpp/$p/" "$rev:$p" | tar -x -C "$tmp"
    else
      git --git-dir="$g" cat-file blob "$rev:$p" >"$tmp/llama.cpp/$p"
    fi || die "archiving llama.cpp's $p at $rev failed"
  done
  printf '# gpu-check: llama-bench alone\nllama_add_compile_flags()\nadd_subdirectory(llama-bench)\n' \
    >"$tmp/llama.cpp/tools/CMakeLists.txt"
  echo "$rev $(git --git-dir="$g" rev-parse "$rev^{commit}")" >"$tmp/llama.cpp/GPU-CHECK-REV"
  tar -C "$tmp" -cJf "$dir/llama.cpp.tar.xz" llama.cpp
  rm -rf "$tmp"
}

pack() {
  local dir=${1:?usage: gpu-check.sh pack DIR}
  local build=${DRAFTD_BUILD:-$root/build}
  local bins=(tools/draftd-bench tools/draftd-convert daemon/draftd client/draft tools/draftd-grammar-eval tools/dbus-load-bench)
  local stage b
  [ -x "$build/tools/draftd-bench" ] || die "no build at $build (meson setup build && meson compile -C build)"
  rm -rf "$dir" && mkdir -p "$dir"
  stage=$(mktemp -d)
  mkdir -p "$stage/bin" "$stage/lib" "$stage/libexec"
  for b in "${bins[@]}"; do
    cp "$build/$b" "$stage/bin/" && strip "$stage/bin/$(basename "$b")"
  done
  cp "$(command -v dbus-daemon)" "$stage/libexec/dbus-daemon" || die "no dbus-daemon here (Debian: dbus-daemon)"
  pack_libs "$stage" "$stage"/bin/* "$stage/libexec/dbus-daemon"
  pack_data "$stage"
  (cd "$root" && echo "commit $(git rev-parse HEAD)$(git diff --quiet HEAD || echo -dirty)"; date -u +"packed %FT%TZ") \
    >"$stage/MANIFEST"
  tar -C "$stage" -cf - . | xz -T0 -6 >"$dir/draftd.tar.xz"
  cp "$stage/MANIFEST" "$dir/MANIFEST"
  rm -rf "$stage"
  pack_gl "$dir"
  pack_llama "$dir"
  pack_check "$dir"
}

pack_check() { # the sizes, printed; over the limits is an error
  local dir=$1 bytes tracked
  du -b "$dir"/* "$dir"/gl | sed 's/^/  /'
  bytes=$(du -sb "$dir" | cut -f1)
  tracked=$(cd "$root" && git ls-files -z | xargs -0 du -cb 2>/dev/null | tail -1 | cut -f1)
  printf 'pack: %s is %.1f MiB (limit %d MiB); with the %.1f MiB of tracked files, %.1f MiB travel (limit %d MiB)\n' \
    "$dir" "$(calc "$bytes / 1048576")" $MAX_PACK_MIB "$(calc "$tracked / 1048576")" \
    "$(calc "($bytes + $tracked) / 1048576")" $TRAVEL_MIB
  [ "$bytes" -le $((MAX_PACK_MIB << 20)) ] || die "the pack is over $MAX_PACK_MIB MiB"
  [ $((bytes + tracked)) -le $((TRAVEL_MIB << 20)) ] || die "the pack and the checkout are over the $TRAVEL_MIB MiB that travel"
  git -C "$root" check-ignore -q "$dir" || echo "warning: $dir is not git-ignored: it would travel twice (and could be committed)"
}

# ---------------------------------------------------------------- run
mode=full peer=1 out= budget= src= text=

deadline_left() { calc "$budget - $(elapsed)"; }
# Whether a step estimated at $1 seconds fits before the deadline; says so when it does not.
fits() {
  if [ "$(calc "$(deadline_left) >= $1")" = 1 ]; then return 0; fi
  say "SKIPPED $2: it needs about $1 s and $(printf %.0f "$(deadline_left)") s are left of the $budget s budget"
  echo "$2" >>"$raw/skipped.txt"
  return 1
}

# A step's command, stopped at twice its estimate ($1 s) and 30 s more, and never past the
# budget: on the first lend one step ran 314 s against its estimate of 70 and left the others
# no time (the sampled decode of a 151,936-word vocabulary, since fixed).
# The command runs as dr runs it (draftd's libraries on its path), its output to the log.
bounded() {
  local est=$1 name=$2 limit rc=0
  shift 2
  limit=$(calc "int(2 * $est + 30)")
  limit=$(calc "int($limit < $(deadline_left) ? $limit : $(deadline_left))")
  [ "$limit" -ge 5 ] || limit=5
  dr timeout --kill-after=5 "$limit" "$@" >>"$log" 2>&1 || rc=$?
  if [ $rc = 124 ] || [ $rc = 137 ]; then
    say "STOPPED $name after $limit s (estimated $est s)"
    echo "$name (stopped after $limit s)" >>"$raw/skipped.txt"
    return 0  # said once, here
  fi
  return $rc
}

untar_xz() { # tar's xz where the machine has xz, else python's
  if command -v xz >/dev/null; then tar -C "$2" -xJf "$1"
  else python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' "$1" "$2"; fi
}

setup_pack() { # unpacks a pack; the loader from its packages when the machine has none
  local dir=$1
  if [ -f "$dir/MANIFEST" ]; then
    mkdir -p "$work/d"
    untar_xz "$dir/draftd.tar.xz" "$work/d"
    bin=$work/d/bin
    libpath=$work/d/lib
    commit=$(sed -n 's/^commit //p' "$work/d/MANIFEST")
    export DRAFTD_DICT_PATH=$work/d/share/hunspell DRAFTD_WORDNET_DIR=$work/d/share/wordnet
    # The testbed starts `dbus-daemon --session`: this one reads the packed config.
    printf '#!/usr/bin/env bash\na=(); for x in "$@"; do [[ $x == --session ]] || a+=("$x"); done\nexec %q --config-file=%q "${a[@]}"\n' \
      "$work/d/libexec/dbus-daemon" "$work/d/share/dbus/session.conf" >"$bin/dbus-daemon"
    chmod +x "$bin/dbus-daemon"
    setup_loader "$dir"
  elif [ -f "$dir/build.ninja" ]; then
    bin=$work/bin
    mkdir -p "$bin"
    for b in tools/draftd-bench tools/draftd-convert daemon/draftd; do ln -s "$(cd "$dir" && pwd)/$b" "$bin/"; done
    libpath=
    commit=$(cd "$root" && echo "$(git rev-parse HEAD)$(git diff --quiet HEAD || echo -dirty)" 2>/dev/null || echo unknown)
  else
    die "$dir is neither a pack (tools/gpu-check.sh pack) nor a meson build tree"
  fi
}

# Whether the machine has a Vulkan loader of its own. (grep reads all of ldconfig's output:
# with -q, ldconfig could die of SIGPIPE and pipefail would read that as "none".)
have_loader() {
  local d
  ldconfig -p 2>/dev/null | grep 'libvulkan\.so\.1' >/dev/null && return 0
  for d in /lib/x86_64-linux-gnu /usr/lib/x86_64-linux-gnu /usr/lib64 /usr/lib /usr/local/lib; do
    [ -e "$d/libvulkan.so.1" ] && return 0
  done
  return 1
}

setup_loader() {
  local dir=$1 f
  if ! have_loader; then
    if [ "$(id -u)" = 0 ]; then
      say "no Vulkan loader here: unpacking the packed loader and libglvnd into /"
      for f in "$dir"/gl/*.deb; do dpkg -x "$f" /; done
      ldconfig
    else
      say "no Vulkan loader here and not root: the packed loader on LD_LIBRARY_PATH"
      for f in "$dir"/gl/*.deb; do dpkg -x "$f" "$work/gl"; done
      libpath=$libpath:$work/gl/usr/lib/x86_64-linux-gnu
    fi
  fi
  if [ -f /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json ] && [ -z "${VK_DRIVER_FILES:-}" ]; then
    export VK_DRIVER_FILES=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
    export __EGL_VENDOR_LIBRARY_FILENAMES=/usr/local/nvidia/share/glvnd/egl_vendor.d/10_nvidia.json
  fi
}

# draftd's programs with the packed libraries; nothing else (cmake, nvcc) sees them.
dr() { LD_LIBRARY_PATH=${libpath:+$libpath:}${LD_LIBRARY_PATH:-} PATH=$bin:$PATH "$@"; }

shapes() { # name|draftd-convert --random shape|type, by mode
  case $mode in
    tiny) echo "tiny-llama|dim=128,layers=2,heads=4,ff=384,vocab=512,seed=3|q8_0" ;;
    quick) echo "134m-llama|dim=768,layers=12,heads=12,ff=2048,vocab=32000|q8_0" ;;
    full)
      echo "qwen2.5-1.5b-shape|dim=1536,layers=28,heads=12,kv_heads=2,ff=8960,vocab=151936,arch=qwen2|q4_k_m"
      echo "495m-llama|dim=896,layers=24,heads=14,kv_heads=2,ff=4864,vocab=151936,tied=1|q8_0"
      echo "134m-llama|dim=768,layers=12,heads=12,ff=2048,vocab=32000|q8_0" ;;
  esac
}

make_models() {
  local name shape type first=
  while IFS='|' read -r name shape type; do
    dr draftd-convert --random "$shape" --type "$type" -o "$work/$name.gguf" >/dev/null
    models+=("$name")
    [ -n "$first" ] || first=$shape
  done < <(shapes)
  # An assistant for drafting the first file: its vocabulary, a small body.
  local vocab arch
  vocab=$(sed -n 's/.*vocab=\([0-9]*\).*/\1/p' <<<"$first")
  arch=$(sed -n 's/.*arch=\([a-z0-9]*\).*/\1/p' <<<"$first")
  dr draftd-convert --random "dim=256,layers=4,heads=4,kv_heads=2,ff=768,vocab=$vocab,arch=${arch:-llama},seed=2" \
    --type q8_0 -o "$work/assistant.gguf" >/dev/null
  say "models: ${models[*]} and an assistant ($(du -sh "$work" | cut -f1) in all)"
}

llama_build() { # in the background: CUDA where an NVIDIA GPU and nvcc are, else the CPU backend
  local src=$1 dst=$work/llama args jobs
  mkdir -p "$dst"
  untar_xz "$src/llama.cpp.tar.xz" "$dst"
  args=(-DCMAKE_BUILD_TYPE=Release -DLLAMA_CURL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF
        -DLLAMA_BUILD_SERVER=OFF -DLLAMA_BUILD_TOOLS=ON -DGGML_NATIVE=ON -DBUILD_SHARED_LIBS=OFF)
  if command -v nvcc >/dev/null && nvidia-smi -L >/dev/null 2>&1; then
    # The GPU's own architecture (9.0 on an H100: 90), 90 where the driver does not say.
    local arch
    arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' .')
    [[ $arch =~ ^[0-9]+$ ]] || arch=90
    args+=(-DGGML_CUDA=ON -DGGML_CUDA_FA=OFF -DCMAKE_CUDA_ARCHITECTURES=$arch)
    peer_backend=CUDA
  else
    peer_backend=CPU
  fi
  jobs=$(nproc)
  # A process group of its own, so that it can be stopped whole (and is, on every exit).
  GEN="$(command -v ninja >/dev/null && echo Ninja || echo 'Unix Makefiles')" JOBS=$jobs setsid bash -c \
    'cd "$1/llama.cpp" && shift && cmake -S . -B build -G "$GEN" "$@" && nice -n 10 cmake --build build --target llama-bench -j "$JOBS"' \
    _ "$dst" "${args[@]}" >"$raw/llama-build.log" 2>&1 &
  llama_pid=$!
  llama_bin=$dst/llama.cpp/build/bin
  cp "$dst/llama.cpp/GPU-CHECK-REV" "$raw/llama-rev.txt" 2>/dev/null || true
  say "llama.cpp ($(cat "$dst/llama.cpp/GPU-CHECK-REV" 2>/dev/null)) building in the background, $peer_backend backend, $jobs jobs"
}

# One forward suite on file $1 (results forward-$1$2.json), with environment settings $6...
forward_one() {
  local m=$1 tag=$2 warm=$3 min=$4 reps=$5 json
  shift 5
  json="$raw/forward-$m$tag.json"
  fits "$(calc "$warm + 4 * $min + 8")" "draftd forward suite on $m$tag" || return 0
  dr env "$@" draftd-bench --suite forward -m "$work/$m.gguf" --passes 1,4,16,64 --reps "$reps" --warmup-seconds "$warm" \
    --min-seconds "$min" --json "$json" >>"$log" 2>&1 || say "FAILED: draftd forward suite on $m$tag (see the log)"
  [ -f "$json" ] || return 0
  say "draftd forward $m$tag: $(python3 -c 'import json,sys; print(", ".join("T=%d %.0f t/s" % (p["T"], p["sustained_tokens_per_s"]) for p in json.load(open(sys.argv[1]))["results"][0]["passes"]))' "$json")"
  # Each matmul kernel's weights GB/s at T=1 beside the ceiling (gpu-check-report.py's table).
  say "draftd matmuls $m$tag at T=1: $(python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["results"][0]
by = r.get("weight_bytes_by_form") or {}
ks = next((p for p in r["passes"] if p["T"] == 1), {}).get("kernels_ms_per_pass") or {}
out = ["%s %.3g GB/s" % (k, by[f] / (ms / 1e3) / 1e9) for k, ms in sorted(ks.items()) for f in by
       if ms > 0 and k in ("gemv_" + f, "gemv_dot_" + f, "gemm_" + f, "matmul_" + f)]
print("int dot " + r.get("int_dot", "?") + "; " + (", ".join(out) or "no timestamps"))' "$json")"
}

# draftd's figures: the device and its ceilings, then each file's passes.
draftd_forward() {
  local warm=$1 min=$2 reps=$3 m paths=()
  for m in "${models[@]}"; do paths+=(-m "$work/$m.gguf"); done
  fits 10 "draftd device suite" &&
    dr draftd-bench --suite device "${paths[@]}" --reps "$reps" --json "$raw/device.json" >>"$log" 2>&1 &&
    say "device: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["results"][0]; print(d["device"], "streams", max(d["stream_gbps"], d["stream64_gbps"], d["stream_texel_gbps"]), "GB/s")' "$raw/device.json")"
  for m in "${models[@]}"; do
    forward_one "$m" "" "$warm" "$min" "$reps"
    # The float kernels (DRAFTD_INT_DOT=0) on the same file: on a device with integer dot
    # products the shipped run above takes them, so this is their baseline.
    forward_one "$m" -float "$warm" "$min" "$reps" DRAFTD_INT_DOT=0
  done
  return 0
}

# A decode suite's cost: its warm-up, then 7 cases of at least $min s, or of one round of 10
# prompts x $tokens tokens at the rate its file's forward suite measured at T=1 (a 1.5B on a
# slow kernel decodes at tens of tokens/s), and the loading.
decode_cost() {
  local warm=$1 min=$2 tokens=$3 forward=$4
  python3 - "$warm" "$min" "$tokens" "$forward" <<'PY'
import json, sys
warm, least, tokens, path = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
try:
    tps = json.load(open(path))["results"][0]["passes"][0]["sustained_tokens_per_s"]
except (OSError, ValueError, KeyError, IndexError):
    tps = 50.0
rnd = 10 * tokens / tps
print(round(max(warm, rnd) + 7 * max(least, rnd) + 10))
PY
}

draftd_decode() { # the first file with its assistant (not --quick: slow on a CPU device), then the shipped pair
  local warm=$1 min=$2 tokens=$3 cost
  cost=$(decode_cost "$warm" "$min" 32 "$raw/forward-${models[0]}.json")
  if [ $mode = full ] && fits "$cost" "draftd decode suite on ${models[0]}"; then
    bounded "$cost" "draftd decode suite on ${models[0]}" \
      draftd-bench --suite decode -m "$work/${models[0]}.gguf" -a "$work/assistant.gguf" -n 32 --reps 1 \
      --warmup-seconds "$warm" --min-seconds "$min" --json "$raw/decode-${models[0]}.json" ||
      say "FAILED: draftd decode suite on ${models[0]} (see the log)"
  fi
  # Seven modes of at least $min s, each with its warm-up and the models' loading: 40 s and
  # more on the H100's host (2026-11-27).
  local shipped
  shipped=$(calc "$warm + 8 * $min + 30")
  if fits "$shipped" "draftd decode suite on the shipped models"; then
    bounded "$shipped" "draftd decode suite on the shipped models" \
      draftd-bench --suite decode -m "$root/models/draftd-target.gguf" -a "$root/models/draftd-assistant.gguf" \
      -n "$tokens" --reps 1 --warmup-seconds "$warm" --min-seconds "$min" --json "$raw/decode-shipped.json" ||
      say "FAILED: draftd decode suite on the shipped models (see the log)"
  fi
  say "draftd decode suites done"
}

draftd_serve() { # the shipped models on a private bus: learner sentences as one Correct, clients at once
  local lines=$1 clients=$2 cost=$3
  fits "$cost" "draftd serve suite" || return 0
  cut -f1 "$root/tests/data/one-error.tsv" | head -n "$lines" >"$work/serve-text.txt"
  bounded "$cost" "draftd serve suite" draftd-bench --suite serve --daemon "$bin/draftd" -m "$root/models/draftd-target.gguf" \
    -a "$root/models/draftd-assistant.gguf" --text "$work/serve-text.txt" --clients "$clients" --reps 1 \
    --json "$raw/serve.json" || say "FAILED: draftd serve suite (see the log)"
  say "draftd serve suite done"
}

draftd_correct() { # --text FILE as one Correct with the shipped models: sentences/s on this machine
  local n
  [ -n "$text" ] || return 0
  n=$(grep -c . "$text" || true)
  fits 60 "draftd correct of $(basename "$text") ($n sentences)" || return 0
  bounded 60 "draftd correct of $(basename "$text")" draftd-bench --suite serve --daemon "$bin/draftd" \
    -m "$root/models/draftd-target.gguf" -a "$root/models/draftd-assistant.gguf" --text "$text" --clients 1 --reps 1 --min-seconds 0.3 \
    --json "$raw/correct.json" || say "FAILED: draftd correct of $text (see the log)"
  [ ! -f "$raw/correct.json" ] ||
    say "draftd correct of $(basename "$text"): $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]; print("%d sentences, %.1f sentences/s" % (r["sentences"], r["sentences_per_s"]))' "$raw/correct.json")"
}

# llama-bench on each file: a calibration run first (also the peer's warm-up), then tg, pp16 and
# pp64 each with enough repetitions for at least $min s of work.
peer_bench() {
  local min=$1 m ngl=() t
  [ "$peer_backend" = CUDA ] && ngl=(-ngl 99) || ngl=(-t "$(nproc)")
  for m in "${models[@]}"; do
    fits 25 "llama-bench on $m" || continue
    t=$(date +%s%N)
    "$llama_bin/llama-bench" -m "$work/$m.gguf" "${ngl[@]}" -p 16,64 -n 32 -r 2 -o json >"$raw/peer-cal-$m.json" 2>>"$raw/peer.log" ||
      { say "FAILED: llama-bench on $m (see peer.log)"; continue; }
    calc "($(date +%s%N) - $t) / 1e9" >"$raw/peer-warm-$m.txt"
    local test p n reps
    for test in tg pp16 pp64; do
      case $test in tg) p=0 n=64 ;; pp16) p=16 n=0 ;; pp64) p=64 n=0 ;; esac
      reps=$(python3 - "$raw/peer-cal-$m.json" "$p" "$n" "$min" <<'PY'
import json, math, sys
rows, p, n, want = json.load(open(sys.argv[1])), int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
row = next(r for r in rows if (r["n_prompt"] == p and r["n_gen"] == 0) if p else (r["n_prompt"] == 0 and r["n_gen"] > 0))
per_rep = (p or n) / row["avg_ts"]
print(max(3, min(2000, math.ceil(want / per_rep))))
PY
)
      fits 8 "llama-bench $test on $m" || continue
      "$llama_bin/llama-bench" -m "$work/$m.gguf" "${ngl[@]}" -p "$p" -n "$n" -r "$reps" -o json \
        >"$raw/peer-$test-$m.json" 2>>"$raw/peer.log" || say "FAILED: llama-bench $test on $m"
    done
    say "llama-bench $m done"
  done
  return 0
}

peer_wait() { # the build, if it finishes before the deadline leaves no room to use it
  local left
  [ -n "${llama_pid:-}" ] || return 1
  while kill -0 "$llama_pid" 2>/dev/null; do
    left=$(deadline_left)
    if [ "$(calc "$left < 30")" = 1 ]; then
      kill -- "-$llama_pid" 2>/dev/null || true
      say "SKIPPED llama.cpp: its build had not finished with $(printf %.0f "$left") s left"
      echo "llama.cpp build (not finished in time)" >>"$raw/skipped.txt"
      return 1
    fi
    sleep 2
  done
  local rc=0
  wait "$llama_pid" || rc=$?
  llama_pid=
  [ $rc = 0 ] || { say "FAILED: the llama.cpp build (llama-build.log)"; echo "llama.cpp build failed" >>"$raw/skipped.txt"; return 1; }
  say "llama.cpp built"
}

peer_start() { # the peer's build: the pack's source, or LLAMA_CPP_BUILD's binaries
  local src=$1
  peer_backend=
  if [ $peer = 0 ]; then say "peer: none (--no-peer)"; return; fi
  if [ -n "${LLAMA_CPP_BUILD:-}" ]; then
    llama_bin=$LLAMA_CPP_BUILD/bin
    [ -x "$llama_bin/llama-bench" ] || die "no $llama_bin/llama-bench"
    peer_backend=${LLAMA_CPP_BACKEND:-CPU}
    say "peer: $llama_bin/llama-bench ($peer_backend, from LLAMA_CPP_BUILD)"
    return
  fi
  if [ ! -f "$src/llama.cpp.tar.xz" ]; then
    say "SKIPPED llama.cpp: $src holds no llama.cpp.tar.xz (a pack does)"; echo "llama.cpp (no source)" >>"$raw/skipped.txt"; return
  fi
  # A CPU build of llama.cpp wants several minutes of many cores.
  if [ $mode != full ] && ! { command -v nvcc >/dev/null && nvidia-smi -L >/dev/null 2>&1; } && [ "$(nproc)" -lt 8 ]; then
    say "SKIPPED llama.cpp: a CPU build on $(nproc) cores cannot finish within --$mode's $budget s (set LLAMA_CPP_BUILD)"
    echo "llama.cpp build (--$mode on $(nproc) cores)" >>"$raw/skipped.txt"
    return
  fi
  llama_build "$src"
}

run() {
  local dir=${1:?usage: gpu-check.sh run DIR [--quick|--tiny] [--no-peer] [--out DIR] [--budget S]}; shift
  while [ $# -gt 0 ]; do
    case $1 in
      --quick) mode=quick ;; --tiny) mode=tiny ;; --no-peer) peer=0 ;;
      --out) out=${2:?--out DIR}; shift ;; --budget) budget=${2:?--budget S}; shift ;;
      --text) text=$(realpath "${2:?--text FILE}"); shift; [ -f "$text" ] || die "no text file $text" ;;
      *) usage ;;
    esac
    shift
  done
  case $mode in full) : "${budget:=330}" ;; quick) : "${budget:=240}" ;; tiny) : "${budget:=120}" ;; esac
  out=${out:-${OUT:-$root/build/gpu-check}}
  mkdir -p "$out"
  work=$(mktemp -d "${TMPDIR:-/tmp}/draftd-gpu-check.XXXXXX")
  raw=$work/raw
  log=$raw/draftd-bench.log
  mkdir -p "$raw"
  trap 'rm -rf "$work"' EXIT
  run_steps "$dir" 2>&1 | tee "$raw/gpu-check.log" || echo "gpu-check: a step failed; writing what was measured" | tee -a "$raw/gpu-check.log"
  collect "$dir"
}

run_steps() {
  local dir=$1 warm min reps tokens
  case $mode in
    full) warm=2 min=1 reps=5 tokens=96 ;;
    quick) warm=2 min=1 reps=3 tokens=12 ;;
    tiny) warm=0.2 min=0.1 reps=1 tokens=8 ;;
  esac
  # The peer's build runs in the background: it ends with this step, whatever happens.
  trap '[ -z "${llama_pid:-}" ] || kill -- "-$llama_pid" 2>/dev/null || true' EXIT
  say "gpu-check run --$mode: budget $budget s, warm-up $warm s, at least $min s per figure"
  setup_pack "$dir"
  echo "$commit" >"$raw/commit.txt"
  make_models
  peer_start "$dir"
  echo "${peer_backend:-}" >"$raw/peer-backend.txt"
  draftd_forward "$warm" "$min" "$reps"
  if [ $mode = tiny ]; then
    fits 30 "draftd decode suite (tiny)" &&
      dr draftd-bench --suite decode -m "$work/${models[0]}.gguf" -a "$work/assistant.gguf" -n "$tokens" --reps 1 \
        --warmup-seconds "$warm" --min-seconds "$min" --json "$raw/decode-${models[0]}.json" >>"$log" 2>&1
  else
    draftd_decode "$warm" "$min" "$tokens"
    if [ $mode = full ]; then draftd_serve 68 1,2,4,8 40; else draftd_serve 4 1,4 60; fi
  fi
  draftd_correct
  if peer_wait; then peer_bench "$min"; fi
  printf '%s\n' "${models[@]}" >"$raw/models.txt"
  say "measuring done"
}

collect() { # one JSON, one Markdown table, and the raw results in one archive
  local dir=$1
  python3 "$root/tools/gpu-check-report.py" "$raw" "$out" "$mode" || die "the report could not be written"
  cp "$raw/gpu-check.log" "$out/gpu-check.log"
  tar -C "$work" -czf "$out/gpu-check-raw.tar.gz" raw
  say "results in $out: $(cd "$out" && ls | tr '\n' ' ')"
  cat "$out/gpu-check.md"
}

case "${1:-}" in
  pack) shift; pack "$@" ;;
  run) shift; run "$@" ;;
  *) usage ;;
esac
