#!/usr/bin/env python3
"""tools/gpu-check.sh's report: the raw results of one run (draftd-bench's and llama-bench's JSON
files in RAW) become one JSON document, OUT/gpu-check.json, and a Markdown table,
OUT/gpu-check.md, in the form docs/performance.md keeps ("Measuring on a GPU").

    gpu-check-report.py RAW OUT MODE

A figure that is missing (a step skipped at the deadline, or failed) is null in the JSON and "–"
in the table; the skipped steps are listed in both."""
import datetime
import glob
import json
import os
import sys


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def text(path, default=""):
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return default


def draftd_file(raw, name):
    """The forward suite of one file: its warm-up, and per T the sustained rate."""
    d = load(os.path.join(raw, f"forward-{name}.json"))
    if not d:
        return None
    r = d["results"][0]
    passes = [{"T": p["T"], "tokens_per_s": p["sustained_tokens_per_s"], "tokens_per_s_best": p["tokens_per_s"],
               "ms_per_pass": p["sustained_s"] * 1e3 / p["passes_timed"], "ms_min": p["ms_min"],
               "passes_timed": p["passes_timed"], "sustained_s": p["sustained_s"], "cost_vs_T1": p["cost_vs_T1"],
               "weights_gbps": p["weights_gbps"]} for p in r["passes"]]
    return {"type": r["type"], "params": r["params"], "weight_bytes": r["weight_bytes"], "warmup_s": r["warmup_s"],
            "min_s": r["min_s"], "passes": passes, "int_dot": r.get("int_dot"),
            "matmul_kernels": matmul_kernels(r)}


def matmul_kernels(r):
    """Each matmul kernel's weight rate in a one-token pass: the bytes of its weight form
    (weight_bytes_by_form; gemv_u4sm, gemv_dot_u4sm and gemm_u4sm all read u4sm) over its GPU
    time (kernels_ms_per_pass at T=1). Empty where the suite had no timestamps."""
    by_form = r.get("weight_bytes_by_form") or {}
    one = next((p for p in r["passes"] if p["T"] == 1), None)
    out = []
    for name, ms in sorted(((one or {}).get("kernels_ms_per_pass") or {}).items()):
        form = next((f for f in by_form if name in (f"gemv_{f}", f"gemv_dot_{f}", f"gemm_{f}", f"matmul_{f}")), None)
        if form and ms > 0:
            out.append({"kernel": name, "ms": ms, "bytes": by_form[form], "gbps": by_form[form] / (ms / 1e3) / 1e9})
    return out


def peer_file(raw, name):
    """llama-bench on one file: tg, pp16 and pp64, each with its repetitions' total time."""
    out = {}
    for test in ("tg", "pp16", "pp64"):
        rows = load(os.path.join(raw, f"peer-{test}-{name}.json"))
        if not rows:
            continue
        row = rows[0]
        out[test] = {"tokens_per_s": row["avg_ts"], "stddev_tokens_per_s": row.get("stddev_ts"),
                     "tokens": row["n_gen"] or row["n_prompt"], "reps": len(row.get("samples_ns", [])),
                     "sustained_s": sum(row.get("samples_ns", [])) / 1e9}
        out.setdefault("gpu_info", row.get("gpu_info"))
        out.setdefault("backends", row.get("backends"))
    if not out:
        return None
    warm = text(os.path.join(raw, f"peer-warm-{name}.txt"))
    out["warmup_s"] = float(warm) if warm else None
    return out


def decode_suites(raw):
    suites = []
    for path in sorted(glob.glob(os.path.join(raw, "decode-*.json"))):
        d = load(path)
        if not d:
            continue
        r = d["results"][0]
        # Speedups of the sustained rates, against plain greedy (or plain sampled, for sampled runs),
        # as draftd-bench's own are of the fastest rounds (kept as speedup_best).
        base = {False: r["runs"][0]["sustained_tokens_per_s"]}
        base[True] = next((x["sustained_tokens_per_s"] for x in r["runs"] if x["sampled"] and x["mode"] == "plain"), None)
        runs = [{"label": x["label"], "sampled": x["sampled"], "tokens_per_s": x["sustained_tokens_per_s"],
                 "tokens_per_s_best": x["tokens_per_s"],
                 "speedup": x["sustained_tokens_per_s"] / base[x["sampled"]] if base[x["sampled"]] else None,
                 "speedup_best": x["speedup"], "passes_per_token": x["passes_per_token"], "sustained_s": x["sustained_s"]}
                for x in r["runs"]]
        suites.append({"file": os.path.basename(path)[7:-5], "model": r["model"], "assistant": r["assistant"],
                       "warmup_s": r["warmup_s"], "min_s": r["min_s"], "runs": runs})
    return suites


def build(raw, mode):
    dev = load(os.path.join(raw, "device.json"))
    dev = dev["results"][0] if dev else None
    names = text(os.path.join(raw, "models.txt")).split()
    models = []
    for i, name in enumerate(names):
        ceiling = dev["models"][i]["decode_ceiling_tokens_per_s"] if dev and i < len(dev["models"]) else None
        models.append({"file": name, "decode_ceiling_tokens_per_s": ceiling, "draftd": draftd_file(raw, name),
                       "draftd_float": draftd_file(raw, name + "-float"), "peer": peer_file(raw, name)})
    serve = load(os.path.join(raw, "serve.json"))
    correct = load(os.path.join(raw, "correct.json"))
    skipped = [s for s in text(os.path.join(raw, "skipped.txt")).split("\n") if s]
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "mode": mode,
        "draftd_commit": text(os.path.join(raw, "commit.txt"), "unknown"),
        "device": dev["device"] if dev else None,
        "device_stream_gbps": max(dev["stream_gbps"], dev["stream64_gbps"], dev["stream_texel_gbps"]) if dev else None,
        "dispatch_us": dev["dispatch_us"] if dev else None,
        "peer": {"engine": "llama.cpp", "backend": text(os.path.join(raw, "peer-backend.txt")) or None,
                 "source": text(os.path.join(raw, "llama-rev.txt")) or None},
        "models": models,
        "decode": decode_suites(raw),
        "serve": serve["results"][0] if serve else None,
        "correct": correct["results"][0] if correct else None,
        "skipped": skipped,
    }


def cell(v, fmt="%.0f"):
    return "–" if v is None else fmt % v


def table(doc):
    by_t = lambda m, T: next((p for p in (m["draftd"] or {}).get("passes", []) if p["T"] == T), None)
    peer = lambda m, t: ((m["peer"] or {}).get(t) or {}).get("tokens_per_s")
    lines = [f"{doc['date'][:10]}, {doc['device'] or 'no device'}, draftd {doc['draftd_commit'][:12]}, "
             f"llama.cpp {doc['peer']['backend'] or 'not run'}; streaming ceiling {cell(doc['device_stream_gbps'], '%.1f')} GB/s"
             f" (gpu-check --{doc['mode']}; tokens/s, sustained)", "",
             "| file | draftd T=1 | llama.cpp tg | draftd T=4 | draftd T=16 | llama.cpp pp16 | draftd T=64 | llama.cpp pp64 "
             "| T=16 / T=1 cost | decode ceiling |", "|---|---|---|---|---|---|---|---|---|---|"]
    for m in doc["models"]:
        p = {T: by_t(m, T) for T in (1, 4, 16, 64)}
        tps = {T: p[T]["tokens_per_s"] if p[T] else None for T in p}
        ms1 = f"{p[1]['ms_per_pass']:.2f} ms, " if p[1] else ""
        cost = p[16]["ms_per_pass"] / p[1]["ms_per_pass"] if p[1] and p[16] else None
        kind = f" {m['draftd']['type']}" if m["draftd"] else ""
        lines.append(f"| {m['file']}{kind} | {ms1}{cell(tps[1])} | {cell(peer(m, 'tg'))} | {cell(tps[4])} | {cell(tps[16])} "
                     f"| {cell(peer(m, 'pp16'))} | {cell(tps[64])} | {cell(peer(m, 'pp64'))} | {cell(cost, '%.2fx')} "
                     f"| {cell(m['decode_ceiling_tokens_per_s'])} |")
    for m, d in [(m, d) for m in doc["models"] for d in (m["draftd"], m.get("draftd_float"))]:
        ks = (d or {}).get("matmul_kernels") or []
        if not ks:
            continue
        ceiling = doc["device_stream_gbps"]
        t1 = next((p for p in d["passes"] if p["T"] == 1), None)
        lines += ["", f"Matmul kernels of {m['file']} at T=1 (integer dot products: {d.get('int_dot') or '?'}; "
                  f"{cell(t1 and t1['tokens_per_s'])} tokens/s), weights read against the streaming ceiling:", "",
                  "| kernel | ms a pass | MB of weights | GB/s | of the ceiling |", "|---|---|---|---|---|"]
        lines += [f"| {k['kernel']} | {k['ms']:.3f} | {k['bytes'] / 1e6:.1f} | {k['gbps']:.3g} | "
                  f"{cell(k['gbps'] / ceiling * 100 if ceiling else None, '%.0f%%')} |" for k in ks]
    for s in doc["decode"]:
        lines += ["", f"Decode suite, {s['model']} + {s['assistant']}:", "",
                  "| mode | tokens/s | speedup | passes/token |", "|---|---|---|---|"]
        lines += [f"| {r['label']} | {r['tokens_per_s']:.0f} | {cell(r['speedup'], '%.2fx')} | {r['passes_per_token']:.3f} |"
                  for r in s["runs"]]
    if doc["serve"]:
        sv = doc["serve"]
        lines += ["", "Serve suite (shipped models, a private bus):", ""]
        if "sentences_per_s" in sv:
            lines.append(f"- Correct of {sv['sentences']} learner sentences as one call: {sv['sentences_per_s']:.1f} sentences/s")
        for c in sv["clients"]:
            lines.append(f"- {c['mode']}, {c['clients']} clients completing at once: {c['aggregate_tokens_per_s']:.0f} tokens/s "
                         f"in all, slowest client {c['slowest_client_tokens_per_s']:.0f}")
    if doc.get("correct") and "sentences_per_s" in doc["correct"]:
        c = doc["correct"]
        lines += ["", f"Correct of a given text (--text, {c['sentences']} sentences) as one call, shipped models: "
                  f"{c['sentences_per_s']:.1f} sentences/s"]
    if doc["skipped"]:
        lines += ["", "Skipped: " + "; ".join(doc["skipped"])]
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    raw, out, mode = sys.argv[1:]
    doc = build(raw, mode)
    with open(os.path.join(out, "gpu-check.json"), "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    with open(os.path.join(out, "gpu-check.md"), "w") as f:
        f.write(table(doc))


if __name__ == "__main__":
    main()
