#!/usr/bin/env bash
# Side-by-side speed of draftd and llama.cpp's CPU backend on the same GGUF files.
#
#   LLAMA_CPP_DIR=/path/to/llama.cpp/build tools/compare-llamacpp.sh correct PAIRS.tsv [MODEL.gguf] [LIMIT]
#   LLAMA_CPP_DIR=/path/to/llama.cpp/build tools/compare-llamacpp.sh decode MODEL.gguf [TOKENS]
#
# correct: draftd's IAD correction (draftd-bench --suite correct, Vulkan) against plain greedy
#   decoding of the same prompts by llama.cpp (llama-cli on every core, greedy: the model's own
#   correction prompt, and as many tokens as draftd's answer to that sentence has, plus its end
#   marker, so both do the same work). Both exclude model loading; llama.cpp's time is the sum of
#   its own prompt-eval and eval times per sentence (prompt processing included, as in draftd).
# decode: tokens/s of one-token decoding, draftd-bench's forward suite (T=1) against llama-bench
#   (-p 0 -n TOKENS, every core).
# llama.cpp is not part of draftd: build it yourself outside this tree and point LLAMA_CPP_DIR at the
# directory holding bin/llama-cli and bin/llama-bench. Prints a table, and JSON to the file named
# by DRAFTD_COMPARE_JSON.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
build="${DRAFTD_BUILD:-$here/build}"
: "${LLAMA_CPP_DIR:?set LLAMA_CPP_DIR to a llama.cpp build directory (with bin/llama-cli, bin/llama-bench)}"
threads="$(nproc)"
lbin="$LLAMA_CPP_DIR/bin"
mode="${1:?usage: $0 correct PAIRS.tsv [MODEL] [LIMIT] | decode MODEL [TOKENS]}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The model's correction prompt, from its GGUF metadata (draftd.prompt.correct).
gguf_string() {
  /usr/bin/env python3 - "$1" "$2" <<'PY'
import struct, sys
path, want = sys.argv[1], sys.argv[2]
with open(path, "rb") as f:
    d = f.read(64 << 20)
_, _, _, nkv = struct.unpack_from("<IIQQ", d, 0)
off = 24
size = {0: 1, 1: 1, 2: 2, 3: 2, 4: 4, 5: 4, 6: 4, 7: 1, 10: 8, 11: 8, 12: 8}
def rs(o):
    n = struct.unpack_from("<Q", d, o)[0]
    return d[o + 8:o + 8 + n].decode("utf-8"), o + 8 + n
for _ in range(nkv):
    k, off = rs(off)
    t = struct.unpack_from("<I", d, off)[0]; off += 4
    if t == 8:
        v, off = rs(off)
        if k == want:
            sys.stdout.write(v); sys.exit(0)
    elif t == 9:
        at, n = struct.unpack_from("<IQ", d, off); off += 12
        if at == 8:
            for _ in range(n):
                _, off = rs(off)
        else:
            off += size[at] * n
    else:
        off += size[t]
sys.exit(1)
PY
}

case "$mode" in
correct)
  pairs="${2:?pairs file}"
  model="${3:-$here/models/draftd-target.gguf}"
  limit="${4:-500}"
  template="$(gguf_string "$model" draftd.prompt.correct)" || { echo "no draftd.prompt.correct in $model" >&2; exit 1; }
  "$build/tools/draftd-bench" -m "$model" --suite correct --pairs "$pairs" --limit "$limit" --reps 1 \
    --json "$tmp/draftd.json" > "$tmp/draftd.txt"
  # draftd's answers, and their lengths in tokens: llama.cpp generates as many (+1, the end marker).
  head -n "$limit" "$pairs" | cut -f1 > "$tmp/src"
  "$build/tools/draftd-grammar-eval" -m "$model" "$tmp/src" > "$tmp/out" 2>/dev/null
  "$build/tools/draftd-tokenize" -m "$model" --no-bos < "$tmp/out" | awk '{ print NF + 1 }' > "$tmp/lengths"
  n=0; total=0; tokens=0
  while IFS= read -r src <&3 && IFS= read -r want <&4; do
    prompt="${template//\{text\}/$src}"
    out="$("$lbin/llama-cli" -m "$model" -t "$threads" --temp 0 --top-k 1 -no-cnv --no-display-prompt --simple-io \
             -n "$want" -p "$prompt" </dev/null 2>&1 >/dev/null || true)"
    # llama_perf_context_print: prompt eval time = X ms / ...; eval time = Y ms / N runs
    read -r ms t < <(awk '/prompt eval time =/ { p = $6 } / eval time =/ && !/prompt/ { e = $5; r = $8 }
                         END { printf "%.3f %d\n", p + e, r + 0 }' <<<"$out")
    total="$(python3 -c "print($total + $ms / 1000)")"
    tokens=$((tokens + t))
    n=$((n + 1))
  done 3< "$tmp/src" 4< "$tmp/lengths"
  python3 - "$tmp/draftd.json" "$total" "$tokens" "$n" "${DRAFTD_COMPARE_JSON:-}" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["results"][0]
llama_ms, llama_tokens, n, out = float(sys.argv[2]) * 1000, int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
row = {"sentences": n, "draftd_iad_ms": d["iad_ms"], "draftd_plain_ms": d["greedy_ms"],
       "draftd_iad_passes_per_token": d["iad_passes_per_token"], "llamacpp_cpu_ms": llama_ms,
       "llamacpp_tokens": llama_tokens, "iad_vs_llamacpp": llama_ms / d["iad_ms"]}
print(f"correct, {n} sentences ({d['model']} on {d['device']}):")
print(f"  draftd IAD (Vulkan)      {d['iad_ms']:10.1f} ms   {d['iad_passes_per_token']:.3f} target passes/token")
print(f"  draftd plain (Vulkan)    {d['greedy_ms']:10.1f} ms")
print(f"  llama.cpp plain (CPU)    {llama_ms:10.1f} ms   {llama_tokens} tokens generated, {__import__('os').cpu_count()} threads")
print(f"  llama.cpp / draftd IAD   {row['iad_vs_llamacpp']:10.2f}x  (above 1: draftd is faster)")
if out:
    json.dump(row, open(out, "w"), indent=2)
PY
  ;;
decode)
  model="${2:?model}"
  ntok="${3:-128}"
  "$build/tools/draftd-bench" -m "$model" --suite forward --passes 1 --json "$tmp/draftd.json" > "$tmp/draftd.txt"
  "$build/tools/draftd-bench" -m "$model" --suite device --reps 3 --json "$tmp/device.json" > "$tmp/device.txt"
  "$lbin/llama-bench" -m "$model" -p 0 -n "$ntok" -t "$threads" -o json > "$tmp/llama.json" 2>/dev/null
  python3 - "$tmp/draftd.json" "$tmp/llama.json" "$tmp/device.json" "${DRAFTD_COMPARE_JSON:-}" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))["results"]
tps = next(r for r in d if r.get("suite") == "forward")
tps = tps.get("tokens_per_s") or tps["passes"][0]["tokens_per_s"]
l = json.load(open(sys.argv[2]))[0]
dev = json.load(open(sys.argv[3]))["results"][0]
ceiling = dev["models"][0]["decode_ceiling_tokens_per_s"]
row = {"draftd_tokens_per_s": tps, "llamacpp_cpu_tokens_per_s": l["avg_ts"], "ratio": tps / l["avg_ts"],
       "device": dev["device"], "device_stream_gbps": max(dev["stream_gbps"], dev["stream64_gbps"], dev.get("stream_texel_gbps", 0)),
       "draftd_decode_ceiling_tokens_per_s": ceiling}
print(f"decode: draftd (Vulkan) {tps:.1f} t/s, llama.cpp CPU {l['avg_ts']:.1f} t/s, draftd/llama.cpp {row['ratio']:.2f}x")
print(f"  {dev['device']} streams {row['device_stream_gbps']:.1f} GB/s from a shader: this model's weights, read once per")
print(f"  token with no arithmetic, cap draftd at {ceiling:.1f} t/s here ({ceiling / l['avg_ts']:.2f}x llama.cpp)")
if sys.argv[4]:
    json.dump(row, open(sys.argv[4], "w"), indent=2)
PY
  ;;
*) echo "usage: $0 correct PAIRS.tsv [MODEL] [LIMIT] | decode MODEL [TOKENS]" >&2; exit 2 ;;
esac
