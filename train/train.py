"""Rebuilds draftd's default models from a fixed seed (docs/models.md gives the three-phase recipe):
corpus -> tokenizer -> synthetic error pairs -> train target -> distil assistant ->
export GGUF (through draftd-convert) -> evaluate -> model card.

    /usr/bin/python3 train/train.py --out build/train --target-minutes 75 --assistant-minutes 0   (see docs/models.md: resumed phases follow)

--smoke runs the whole pipeline at a tiny size in about a minute (the test suite does).
Training runs on the CPU; the loss curve (loss vs seconds) is written as CSV.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402
import errors  # noqa: E402
import pairs  # noqa: E402
import rewrite  # noqa: E402
from model import Config, Llama, export_llama2c, export_tokenizer  # noqa: E402

CORRECT_TEMPLATE = "Correct: {text}\nCorrected:"
REWRITE_TEMPLATE = "Rewrite ({instruction}): {text}\nRewritten:"
END = "</s>"


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, flush=True)


def train_tokenizer(data_dir, out_prefix, vocab):
    import sentencepiece as spm
    if hasattr(spm, "set_random_generator_seed"):
        spm.set_random_generator_seed(1234)
    spm.SentencePieceTrainer.train(
        input=os.path.join(data_dir, "train.txt"), model_prefix=out_prefix, vocab_size=vocab, model_type="bpe",
        byte_fallback=True, character_coverage=0.9995, normalization_rule_name="identity",
        remove_extra_whitespaces=False, split_digits=True, unk_id=0, bos_id=1, eos_id=2, pad_id=-1,
        input_sentence_size=2000000, shuffle_input_sentence=True, seed_sentencepiece_size=200000,
        num_threads=2, minloglevel=2)
    sp = spm.SentencePieceProcessor(model_file=out_prefix + ".model")
    return sp


def load_split(data_dir, name):
    return [l.strip() for l in open(os.path.join(data_dir, name + ".txt")) if l.strip()]


def split_sentences(docs):
    out = []
    for d in docs:
        out.extend(s for s in corpus.SENT_END.split(d) if s)
    return out


class Batches:
    """A third of the rows are language-modelling windows; the rest are packed correction
    pairs (three in four) and rewrite pairs, whose loss covers only the answer and its end
    marker. Copying with a few edits is what IAD rewards, so pairs dominate."""

    def __init__(self, sp, docs, sentences, seq_len, rng, lm_share=1 / 3, clean_share=0.4, verb_share=0.0, rare_share=0.0):
        self.sp, self.seq_len, self.rng, self.lm_share = sp, seq_len, rng, lm_share
        self.clean_share, self.verb_share, self.rare_share = clean_share, verb_share, rare_share
        # Sentences with a verb the agreement and tense rules can corrupt: the errors learners
        # make most, and rare in dictionary and documentation prose.
        verbs = set(errors.AGREEMENT) | set(errors.IRREGULAR_PAST) | set(errors.PAST_TO_BASE)
        self.verb_sentences = [s for s in sentences if verbs & set(w.strip(".,;:!?\"'()").lower() for w in s.split())]
        stream = []
        for d in docs:
            stream += [1] + sp.encode(d) + [2]
        self.stream = torch.tensor(stream, dtype=torch.long)
        self.sentences = sentences

    def pair_tokens(self, src, ref, preset=None):
        if preset is None:
            prompt_text = CORRECT_TEMPLATE.format(text=src)
        else:
            prompt_text = REWRITE_TEMPLATE.format(instruction=preset, text=src)
        prompt = [1] + self.sp.encode(prompt_text)
        answer = self.sp.encode(ref) + [2]
        return prompt, answer

    def next_pair(self):
        sentence = self.rng.choice(self.sentences)
        if self.rng.random() < 0.25:
            preset, src, ref = rewrite.make_pair(sentence, self.rng)
            return self.pair_tokens(src, ref, preset)
        if self.verb_sentences and self.rng.random() < self.verb_share:
            sentence = self.rng.choice(self.verb_sentences)
        src, ref = errors.make_pair(sentence, self.rng, self.clean_share, self.rare_share)
        return self.pair_tokens(src, ref)

    def batch(self, rows):
        L = self.seq_len
        x = torch.zeros(rows, L, dtype=torch.long)
        y = torch.full((rows, L), -100, dtype=torch.long)
        for r in range(rows):
            if r < round(rows * self.lm_share):
                i = self.rng.randrange(0, len(self.stream) - L - 1)
                x[r] = self.stream[i:i + L]
                y[r] = self.stream[i + 1:i + L + 1]
                continue
            pos = 0
            while pos < L - 8:
                prompt, answer = self.next_pair()
                seq = prompt + answer
                if pos + len(seq) > L:
                    break
                x[r, pos:pos + len(seq)] = torch.tensor(seq)
                tgt = [-100] * (len(prompt) - 1) + answer + [-100]
                y[r, pos:pos + len(seq)] = torch.tensor(tgt[:len(seq)])
                pos += len(seq)
        return x, y


def train_model(model, batches, minutes, lr, rows, curve_path, teacher=None, seed=0, resume=False):
    """Trains for a wall-clock budget. A checkpoint (model, optimizer, step, time spent) is
    saved every few minutes beside the curve; with resume, training continues from it."""
    torch.manual_seed(seed)
    opt = torch.optim.AdamW(model.parameters(), lr=lr, betas=(0.9, 0.95), weight_decay=0.1)
    ckpt_path = curve_path.replace("-curve.csv", ".pt")
    spent, step = 0.0, 0
    if resume and os.path.exists(ckpt_path):
        ck = torch.load(ckpt_path)
        model.load_state_dict(ck["model"])
        opt.load_state_dict(ck["opt"])
        spent, step = ck["seconds"], ck["step"]
        log(f"resumed {ckpt_path} at step {step} ({spent / 60:.1f} min)")
    t0 = time.time() - spent
    last_save = time.time()
    budget = minutes * 60
    with open(curve_path, "a" if step else "w") as curve:
        if not step:
            curve.write("seconds,step,loss\n")
        while True:
            elapsed = time.time() - t0
            if time.time() - last_save > 300 or elapsed > budget:
                torch.save({"model": model.state_dict(), "opt": opt.state_dict(), "seconds": elapsed, "step": step},
                           ckpt_path)
                last_save = time.time()
            if elapsed > budget:
                break
            frac = elapsed / budget
            warm = min(1.0, (step + 1) / 50)
            for g in opt.param_groups:
                g["lr"] = lr * warm * (0.1 + 0.9 * 0.5 * (1 + __import__("math").cos(__import__("math").pi * frac)))
            x, y = batches.batch(rows)
            logits = model(x)
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), y.view(-1), ignore_index=-100)
            if teacher is not None:
                # Distil: match the target's next-token distribution where the loss is defined.
                with torch.no_grad():
                    t_logits = teacher(x)
                mask = (y.view(-1) != -100)
                kl = F.kl_div(F.log_softmax(logits.view(-1, logits.size(-1))[mask], -1),
                              F.log_softmax(t_logits.view(-1, t_logits.size(-1))[mask], -1), log_target=True,
                              reduction="batchmean")
                loss = 0.3 * loss + 0.7 * kl
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            if step % 20 == 0:
                curve.write(f"{elapsed:.1f},{step},{loss.item():.4f}\n")
                curve.flush()
            if step % 200 == 0:
                log(f"step {step} loss {loss.item():.3f} ({elapsed / 60:.1f} min)")
            step += 1
    return step


def held_out_tokens(sp, docs, max_tokens):
    """Held-out documents as one token stream, BOS/EOS around each, cut at max_tokens."""
    stream = []
    for d in docs:
        stream += [1] + sp.encode(d) + [2]
        if len(stream) > max_tokens:
            break
    return torch.tensor(stream[:max_tokens])


@torch.no_grad()
def perplexity(model, sp, docs, seq_len, max_tokens=60000):
    model.eval()
    t = held_out_tokens(sp, docs, max_tokens)
    nll, n = 0.0, 0
    for i in range(0, len(t) - 1, seq_len):
        x = t[i:i + seq_len][None]
        y = t[i + 1:i + seq_len + 1][None]
        if y.shape[1] < x.shape[1]:
            x = x[:, :y.shape[1]]
        logits = model(x)
        nll += F.cross_entropy(logits[0], y[0], reduction="sum").item()
        n += y.shape[1]
    model.train()
    return float(torch.exp(torch.tensor(nll / n)))


@torch.no_grad()
def acceptance(target, assistant, sp, docs, seq_len, max_tokens=30000):
    """Teacher-forced agreement on held-out text: greedy (argmax equal) and at T=0.8
    (expected acceptance sum_x min(p, q) of speculative sampling)."""
    target.eval(), assistant.eval()
    t = held_out_tokens(sp, docs, max_tokens)
    agree, soft, n = 0, 0.0, 0
    for i in range(0, len(t) - 1, seq_len):
        x = t[i:i + seq_len][None]
        pl, ql = target(x)[0], assistant(x)[0]
        agree += (pl.argmax(-1) == ql.argmax(-1)).sum().item()
        p, q = F.softmax(pl / 0.8, -1), F.softmax(ql / 0.8, -1)
        soft += torch.minimum(p, q).sum(-1).sum().item()
        n += x.shape[1]
    target.train(), assistant.train()
    return agree / n, soft / n


def export(model, sp, out_dir, name, convert, qtype):
    ckpt = os.path.join(out_dir, name + ".bin")
    tok = os.path.join(out_dir, "tokenizer.bin")
    export_llama2c(model, ckpt)
    export_tokenizer(sp, tok)
    gguf = os.path.join(out_dir, name + ".gguf")
    cmd = [convert, "--llama2c", ckpt, "--tokenizer", tok, "-o", gguf, "--type", qtype,
           "--meta", "general.name=" + name,
           "--meta", "draftd.prompt.correct=" + CORRECT_TEMPLATE,
           "--meta", "draftd.prompt.rewrite=" + REWRITE_TEMPLATE,
           "--meta", "draftd.prompt.presets=" + ",".join(rewrite.PRESETS),
           "--meta", "draftd.prompt.end=" + END]
    subprocess.run(cmd, check=True)
    return gguf


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="build/train")
    ap.add_argument("--convert", default="build/tools/draftd-convert")
    ap.add_argument("--target-minutes", type=float, default=40)
    ap.add_argument("--assistant-minutes", type=float, default=15)
    ap.add_argument("--vocab", type=int, default=4096)
    ap.add_argument("--type", default="q8_0")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--smoke", action="store_true", help="tiny sizes and budgets: checks the pipeline")
    ap.add_argument("--seed", type=int, default=1234)
    ap.add_argument("--resume", action="store_true", help="continue from the checkpoints in --out")
    ap.add_argument("--lm-share", type=float, default=1 / 3,
                    help="share of each batch that is plain language modelling (the rest: pairs)")
    ap.add_argument("--clean-share", type=float, default=0.4, help="share of correction pairs with no error")
    ap.add_argument("--rare-share", type=float, default=0.0,
                    help="share of correction pairs dressed with typography, rare characters, code or Markdown to copy")
    ap.add_argument("--verb-share", type=float, default=0.0,
                    help="share of correction pairs drawn from sentences with verbs the tense/agreement rules change")
    ap.add_argument("--skip-assistant-checkpoint", action="store_true",
                    help="with --resume: distil the assistant afresh from the (further trained) target")
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    random.seed(a.seed)
    torch.manual_seed(a.seed)
    os.makedirs(a.out, exist_ok=True)
    data = os.path.join(a.out, "data")
    report = {"seed": a.seed}

    log("corpus")
    if not os.path.exists(os.path.join(data, "train.txt")):
        counts, ndocs = corpus.build(data, a.seed)
        with open(os.path.join(data, "stats.json"), "w") as f:
            json.dump({"sentences": counts, "documents": ndocs}, f)
    if os.path.exists(os.path.join(data, "stats.json")):
        stats = json.load(open(os.path.join(data, "stats.json")))
        report["corpus_sentences"], report["corpus_documents"] = stats["sentences"], stats["documents"]
    train_docs, val_docs, test_docs = (load_split(data, s) for s in ("train", "val", "test"))
    if a.smoke:
        train_docs, val_docs, test_docs = train_docs[:400], val_docs[:40], test_docs[:40]
    log(f"{len(train_docs)} train / {len(val_docs)} val / {len(test_docs)} test documents")

    log("tokenizer")
    vocab = 512 if a.smoke else a.vocab
    spm_prefix = os.path.join(a.out, "spm")
    if a.resume and os.path.exists(spm_prefix + ".model"):
        import sentencepiece
        sp = sentencepiece.SentencePieceProcessor(model_file=spm_prefix + ".model")
    else:
        sp = train_tokenizer(data if not a.smoke else _smoke_dir(a.out, train_docs), spm_prefix, vocab)

    if a.smoke:
        tc = Config(dim=64, n_layers=2, n_heads=4, n_kv_heads=2, vocab_size=vocab, hidden_dim=160, max_seq_len=128)
        ac = Config(dim=32, n_layers=1, n_heads=2, n_kv_heads=1, vocab_size=vocab, hidden_dim=96, max_seq_len=128)
        tmin, amin, rows = 0.15, 0.1, 8
    else:
        tc = Config(dim=256, n_layers=6, n_heads=8, n_kv_heads=4, vocab_size=vocab, hidden_dim=704, max_seq_len=256)
        ac = Config(dim=96, n_layers=2, n_heads=3, n_kv_heads=1, vocab_size=vocab, hidden_dim=256, max_seq_len=256)
        tmin, amin, rows = a.target_minutes, a.assistant_minutes, 16
    rng = random.Random(a.seed)
    sents = split_sentences(train_docs)
    batches = Batches(sp, train_docs, sents, tc.max_seq_len, rng, a.lm_share, a.clean_share, a.verb_share, a.rare_share)

    target = Llama(tc)
    log(f"target: {target.n_params() / 1e6:.2f}M parameters")
    steps = train_model(target, batches, tmin, 2e-3, rows, os.path.join(a.out, "target-curve.csv"), seed=a.seed,
                        resume=a.resume)
    report["target"] = {"config": tc.__dict__, "params": target.n_params(), "steps": steps, "minutes": tmin}
    assistant = Llama(ac)
    log(f"assistant: {assistant.n_params() / 1e6:.2f}M parameters")
    target.eval()
    steps = train_model(assistant, batches, amin, 3e-3, rows, os.path.join(a.out, "assistant-curve.csv"),
                        teacher=target, seed=a.seed + 1, resume=a.resume and not a.skip_assistant_checkpoint)
    target.train()
    report["assistant"] = {"config": ac.__dict__, "params": assistant.n_params(), "steps": steps, "minutes": amin}

    log("evaluate")
    report["target"]["val_perplexity"] = perplexity(target, sp, val_docs, tc.max_seq_len)
    report["assistant"]["val_perplexity"] = perplexity(assistant, sp, val_docs, ac.max_seq_len)
    g, s = acceptance(target, assistant, sp, val_docs, tc.max_seq_len)
    report["acceptance_greedy"], report["acceptance_t08"] = g, s
    # Held-out correction and rewrite pairs for the engine's benchmark (draftd-bench --suite correct).
    pairs.write_test_sets(a.out, a.seed, 20 if a.smoke else 400, 10 if a.smoke else 200,
                          data_dir=data)

    log("export")
    report["target_gguf"] = export(target, sp, a.out, "draftd-target", a.convert, a.type)
    report["assistant_gguf"] = export(assistant, sp, a.out, "draftd-assistant", a.convert, a.type)
    with open(os.path.join(a.out, "report.json"), "w") as f:
        json.dump(report, f, indent=2)
    log(json.dumps({k: v for k, v in report.items() if k not in ("target", "assistant")}))
    log("target", json.dumps({k: v for k, v in report["target"].items() if k != "config"}))
    log("assistant", json.dumps({k: v for k, v in report["assistant"].items() if k != "config"}))


def _smoke_dir(out, docs):
    d = os.path.join(out, "smoke-data")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "train.txt"), "w") as f:
        f.write("\n".join(docs) + "\n")
    return d


if __name__ == "__main__":
    main()
