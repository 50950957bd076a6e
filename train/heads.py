"""Distills blockwise proposal heads (Stern et al. 2018) for a trained target, the target
frozen: head i guesses the token i + 2 places after a position from that position's final
hidden state h, as argmax(W_out (h + relu(W_i h))) with the target's own output projection
(lib/runtime/heads.h). Labels are the target's own greedy answers (distillation, as the
paper's best results use), to held-out-free training prompts: sentence openings to continue
and correction and rewrite prompts (IAD re-decodes after an edit with the heads), from the
corpus's train split. The hidden states come from draftd itself (tools/draftd-heads-data),
so they are exactly what decoding sees.

    /usr/bin/python3 train/heads.py OUT [build] [target.gguf]

writes OUT/heads-N.f32 (raw f32 [N][dim][dim]) and OUT/draftd-target-heads-N.gguf for each
head count N (the first N heads), for draftd-bench to pick from by measurement.
HEADS_DATA_MINUTES (default 60) cuts the data at a time limit, HEADS_MINUTES (default 8) is
the training budget; docs/decoding.md has what 13 and 5 gave on a busy 2-core machine.
"""
import os
import random
import subprocess
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402
import errors  # noqa: E402
import rewrite  # noqa: E402

K = 5                  # heads trained; decoding drafts the first N of them
N_OPENINGS = 900
N_CORRECT = 700
N_REWRITE = 200
SEED = 1234


def train_sentences(data_dir):
    docs = [l.strip() for l in open(os.path.join(data_dir, "train.txt")) if l.strip()]
    out = []
    for d in docs:
        out.extend(s for s in corpus.SENT_END.split(d) if s)
    return out


def esc(s):
    return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", " ")


def write_prompts(path, sents, rng):
    """Openings (2-6 words) to continue; correction and rewrite prompts in the target's own
    formats (models/README.md), each with its source text for IAD."""
    rng.shuffle(sents)
    lines = []
    for s in sents[:N_OPENINGS]:
        words = s.split()
        lines.append(esc(" ".join(words[:rng.randint(2, min(6, len(words)))])))
    for s in sents[N_OPENINGS:N_OPENINGS + N_CORRECT]:
        src, _ = errors.make_pair(s, rng)
        lines.append(esc("Correct: %s\nCorrected:" % src) + "\t" + esc(src))
    n = 0
    for s in sents[N_OPENINGS + N_CORRECT:]:
        if n >= N_REWRITE:
            break
        preset, src, _ = rewrite.make_pair(s, rng)
        lines.append(esc("Rewrite (%s): %s\nRewritten:" % (preset, src)) + "\t" + esc(src))
        n += 1
    rng.shuffle(lines)  # kinds interleaved: data cut short by the time limit still has all three
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return len(lines)


def load(prefix, dim, vocab):
    h = np.fromfile(prefix + ".hidden", dtype=np.float32)
    y = np.fromfile(prefix + ".labels", dtype=np.int32)
    n = min(len(h) // dim, len(y) // K)  # whole rows of both, if the time limit cut them
    h, y = h[:n * dim].reshape(n, dim), y[:n * K].reshape(n, K)
    w = np.fromfile(prefix + ".output", dtype=np.float32).reshape(vocab, dim)
    return torch.from_numpy(h), torch.from_numpy(y.astype(np.int64)), torch.from_numpy(w)


def head_logits(W, h, w_out):
    # [K][B][dim]: h + relu(W_i h), then the shared projection.
    z = h.unsqueeze(0) + torch.relu(torch.einsum("kij,bj->kbi", W, h))
    return z @ w_out.t()


def accuracy(W, h, y, w_out):
    with torch.no_grad():
        pred = head_logits(W, h, w_out).argmax(-1).t()  # [B][K]
        valid = y >= 0
        right = (pred == y) & valid
        per_head = (right.sum(0).float() / valid.sum(0).clamp(min=1).float()).tolist()
        # The chain a verify pass accepts: heads right in a row from the first.
        chain = torch.cumprod(right.long(), dim=1).sum(1).float().mean().item()
    return per_head, chain


def train(h, y, w_out, minutes):
    torch.manual_seed(SEED)
    n, dim = h.shape
    perm = torch.randperm(n)
    n_val = max(n // 20, 1)
    val, tr = perm[:n_val], perm[n_val:]
    W = torch.nn.Parameter(torch.randn(K, dim, dim) * 0.01)
    opt = torch.optim.Adam([W], lr=2e-3)
    t0, step = time.time(), 0
    while time.time() - t0 < minutes * 60:
        idx = tr[torch.randint(len(tr), (512,))]
        logits = head_logits(W, h[idx], w_out)  # [K][B][V]
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), y[idx].t().reshape(-1),
                                                 ignore_index=-1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        if step % 200 == 0:
            per_head, chain = accuracy(W.detach(), h[val], y[val], w_out)
            print("step %d loss %.3f held-out accuracy %s, accepted chain %.2f" %
                  (step, loss.item(), " ".join("%.3f" % a for a in per_head), chain), flush=True)
    per_head, chain = accuracy(W.detach(), h[val], y[val], w_out)
    print("final (%d steps, %.1f min): held-out accuracy per head %s; mean accepted chain %.2f" %
          (step, (time.time() - t0) / 60, " ".join("%.3f" % a for a in per_head), chain))
    return W.detach()


def main():
    out = sys.argv[1]
    build = sys.argv[2] if len(sys.argv) > 2 else "build"
    target = sys.argv[3] if len(sys.argv) > 3 else "models/draftd-target.gguf"
    minutes = float(os.environ.get("HEADS_MINUTES", "8"))
    os.makedirs(out, exist_ok=True)
    data = os.path.join(out, "data")
    if not os.path.exists(os.path.join(data, "train.txt")):
        corpus.build(data, SEED)
    rng = random.Random(SEED + 50)
    prompts = os.path.join(out, "prompts.txt")
    print("prompts:", write_prompts(prompts, train_sentences(data), rng))
    prefix = os.path.join(out, "heads-data")
    # On a busy CPU device the answers take long: what is written by the time limit is used.
    p = subprocess.Popen([os.path.join(build, "tools", "draftd-heads-data"), "-m", target, "-p", prompts, "-o", prefix,
                          "-n", "40", "-k", str(K)])
    try:
        p.wait(timeout=float(os.environ.get("HEADS_DATA_MINUTES", "60")) * 60)
    except subprocess.TimeoutExpired:
        p.terminate()
        p.wait()
        print("data cut at the time limit")
    info = subprocess.run([os.path.join(build, "tools", "draftd-run"), "-m", target, "--info"], check=True,
                          capture_output=True, text=True).stdout
    dim = int(info.split("shape         dim ")[1].split(",")[0])
    vocab = int(info.split("vocabulary    ")[1].split(" ")[0])
    h, y, w_out = load(prefix, dim, vocab)
    print("%d positions, dim %d, vocabulary %d" % (len(h), dim, vocab))
    W = train(h, y, w_out, minutes)
    for n in range(1, K + 1):
        path = os.path.join(out, "heads-%d.f32" % n)
        W[:n].numpy().astype("<f4").tofile(path)
        subprocess.run([os.path.join(build, "tools", "draftd-convert"), "--add-heads", target, "--heads-file", path,
                        "--type", "q8_0", "-o", os.path.join(out, "draftd-target-heads-%d.gguf" % n)], check=True)
    print("wrote", ", ".join("draftd-target-heads-%d.gguf" % n for n in range(1, K + 1)))


if __name__ == "__main__":
    main()
