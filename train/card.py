"""Writes models/README.md from the pipeline's measured results:
report.json (training + evaluation), the loss curves, and draftd-bench JSON (IAD and
speculative decoding with the engine). Nothing in the card is estimated.

    /usr/bin/python3 train/card.py build/train bench-correct.json bench-decode.json [bench-rewrite.json] > models/README.md

build/train/jfleg.md, when present, is the JFLEG section (tools/eval-jfleg.sh).
"""
import csv
import json
import os
import sys


def curve_summary(path, points=6):
    rows = list(csv.DictReader(open(path)))
    if not rows:
        return "(empty)"
    step = max(1, len(rows) // points)
    picked = rows[::step] + ([rows[-1]] if rows[-1] not in rows[::step] else [])
    return ", ".join(f"{float(r['seconds']) / 60:.0f} min: {float(r['loss']):.2f}" for r in picked)


def main():
    out, correct_json, decode_json = sys.argv[1], sys.argv[2], sys.argv[3]
    rep = json.load(open(os.path.join(out, "report.json")))
    corr = json.load(open(correct_json))["results"][0]
    rew = json.load(open(sys.argv[4]))["results"][0] if len(sys.argv) > 4 else None
    dec = json.load(open(decode_json))["results"]
    runs = {r["label"]: r for d in dec if d.get("suite") == "decode" for r in d["runs"]}
    t, a = rep["target"], rep["assistant"]
    tc, ac = t["config"], a["config"]
    src = rep.get("corpus_sentences", {})
    print(f"""# draftd's default models

Two small Llama-architecture models trained here from scratch, on a CPU, by `train/train.py`
(seed {rep['seed']}): a **target** that corrects English and continues text, and an **assistant**
about {t['params'] / a['params']:.0f}x smaller, distilled from the target, that drafts tokens for it. Both share one
SentencePiece vocabulary. They exist so that draftd works out of the box; they are tiny and
their English is limited (see *Known limits*). Bring larger GGUF models through the config.

| file | parameters | shape | weights |
|---|---|---|---|
| `draftd-target.gguf` | {t['params'] / 1e6:.2f} M | dim {tc['dim']}, {tc['n_layers']} layers, {tc['n_heads']} heads ({tc['n_kv_heads']} KV), FFN {tc['hidden_dim']}, context {tc['max_seq_len']} | Q8_0 |
| `draftd-assistant.gguf` | {a['params'] / 1e6:.2f} M | dim {ac['dim']}, {ac['n_layers']} layers, {ac['n_heads']} heads ({ac['n_kv_heads']} KV), FFN {ac['hidden_dim']} | Q8_0 |

Prompt format, stored in the GGUF metadata (`draftd.prompt.correct`, `draftd.prompt.rewrite`,
`draftd.prompt.end`) and read by `grammar/`: `Correct: {{text}}\\nCorrected:` followed by the
corrected text and `</s>`.

## Data

English prose from Debian packages, cleaned to sentences of 4-40 words (no code, tables or
markup), deduplicated, and split into train/validation/test by document:

| source | Debian package | license | sentences |
|---|---|---|---|
| WordNet 3.0 usage examples | `wordnet-base` | WordNet 3.0 license (permissive, BSD-like) | {src.get('wordnet', '-')} |
| Python 3.11 documentation | `python3.11-doc` | PSF License Version 2 | {src.get('python-docs', '-')} |
| Debian Reference | `debian-reference-en` | GPL-2+ | {src.get('debian-reference', '-')} |
| fortune cookies | `fortunes-min`, `fortunes` | BSD-style (fortune-mod) | {src.get('fortunes', '-')} |

Documents per split: {rep.get('corpus_documents', '-')}.

Correction pairs are made on the fly from training sentences by `train/errors.py` (rules
with unit tests): dropped/added/swapped articles, subject-verb agreement, verb tense and
form, noun number, prepositions, word order, confusables (their/there/they're, its/it's,
then/than, your/you're, affect/effect, to/too), typos, punctuation and capitals, doubled
words; 40% of pairs have no error, so the model learns to leave correct text alone.

Rewrite pairs come from `train/rewrite.py` (rules with unit tests): `formal` expands
contractions and swaps colloquial words (kids, buy, lots of, maybe, ...) for formal ones,
`concise` drops filler words and wordy phrases (really, very, in order to, due to the fact
that, ...), `simple` swaps long words for plain ones (utilize, approximately, purchase, ...),
`friendly` contracts. The prompt names the preset: `Rewrite (formal): {{text}}\nRewritten:`. These four are all the models
follow: a free-form instruction is refused (the models have no chat template), since put in
the template it came back as the prompt echoed or words invented. New exports list the presets
in `draftd.prompt.presets`; a model with the template and without the key is taken to know
these four.

## Training (measured)

Each batch mixes plain language modelling over 256-token windows with packed prompt/answer
pairs, three in four for correction and one in four for rewriting (loss on the answer only).
AdamW, cosine schedule over a time budget fixed in advance. The target was trained in
three phases, each resumed from the previous checkpoint: 75 minutes with a third of each
batch language modelling and 40% error-free pairs; after it the model copied sentences well
but corrected few of them, so 10 more minutes with 15% language modelling, then 25 more with
25% error-free pairs and half of the correction pairs drawn from sentences whose verbs the
agreement and tense rules change (learners' most common errors, rare in this corpus).
The assistant is then distilled from the final target (0.7 KL to the target's
distribution, 0.3 cross-entropy).

- target: {t['steps']} steps in {t['minutes']:.0f} minutes; loss vs time: {curve_summary(os.path.join(out, 'target-curve.csv'))}
- assistant: {a['steps']} steps in {a['minutes']:.0f} minutes; loss vs time: {curve_summary(os.path.join(out, 'assistant-curve.csv'))}

The sizes are what trains in under two hours on this machine's 2 cores: the target processed
{t['steps'] * 16 * tc['max_seq_len'] / (t['minutes'] * 60):.0f} tokens/s (PyTorch on OpenBLAS; Debian's reference BLAS is ~14x slower, so
install `libopenblas0-pthread`). A larger target would see too few tokens in that budget
to learn to copy reliably, which is what IAD rewards. The full curves are in
`build/train/*-curve.csv` after a run.

## Evaluation (measured)

| | target | assistant |
|---|---|---|
| validation perplexity | {t['val_perplexity']:.1f} | {a['val_perplexity']:.1f} |

Assistant acceptance against the target on held-out text (teacher-forced): greedy
{rep['acceptance_greedy'] * 100:.1f}% of tokens; at temperature 0.8, expected acceptance
(sum of min(p, q)) {rep['acceptance_t08'] * 100:.1f}%.

Correction on {corr['sentences']} held-out synthetic pairs (`draftd-bench --suite correct`,
the engine on {corr['device']}, IAD block {corr['block']}):

| metric | value |
|---|---|
| edit precision / recall / F0.5 | {corr['precision']:.3f} / {corr['recall']:.3f} / {corr['f05']:.3f} |
| error-free sentences left unchanged | {corr['clean_unchanged']}/{corr['clean']} |
| exactly corrected sentences | {corr['exact']}/{corr['sentences']} |
| IAD target passes per output token | {corr['iad_passes_per_token']:.3f} (plain greedy: {corr['greedy_passes_per_token']:.3f}) |
| wall-clock speedup of IAD over plain greedy | {corr['speedup']:.2f}x |
| IAD output identical to plain greedy | {corr['identical_to_greedy']}/{corr['sentences']} |
""")
    if rew:
        print(f"""Rewrite presets on {rew['sentences']} held-out sentences (`train/pairs.py`; most are changed by
their preset's rules, {rew['clean']} are not):

| metric | value |
|---|---|
| sentences rewritten exactly as the rules do | {rew['exact']}/{rew['sentences']} |
| edit precision / recall / F0.5 | {rew['precision']:.3f} / {rew['recall']:.3f} / {rew['f05']:.3f} |
| IAD target passes per output token | {rew['iad_passes_per_token']:.3f} (plain greedy: {rew['greedy_passes_per_token']:.3f}) |
| wall-clock speedup of IAD over plain greedy | {rew['speedup']:.2f}x |
| IAD output identical to plain greedy | {rew['identical_to_greedy']}/{rew['sentences']} |
""")
    # JFLEG is kept out of the repository and out of training: its figures come from
    # tools/eval-jfleg.sh, summarised by hand in OUT/jfleg.md when measured.
    jfleg = os.path.join(out, "jfleg.md")
    if os.path.exists(jfleg):
        print(open(jfleg, encoding="utf-8").read().rstrip() + "\n")
    spec = runs.get("speculative sampled")
    plain_s = runs.get("plain sampled T0.8")
    spec_g = runs.get("speculative greedy")
    if spec and plain_s:
        print(f"""Completion with speculative sampling (`draftd-bench --suite decode`, 6 prompts x 96 tokens,
T=0.8): {spec['tokens_per_s']:.1f} tokens/s vs {plain_s['tokens_per_s']:.1f} plain
({spec['speedup']:.2f}x), {spec['passes_per_token']:.3f} target passes per token, draft acceptance
{spec['acceptance'] * 100:.1f}%.""" + (f""" Greedy: {spec_g['speedup']:.2f}x, {spec_g['passes_per_token']:.3f} passes per token,
acceptance {spec_g['acceptance'] * 100:.1f}%.""" if spec_g else ""))
    print("""
## Known limits

- These are tiny models trained for about an hour and a half on two CPU cores: they fix
  frequent, local errors learned from the synthetic rules, miss many others, and sometimes
  change correct text. They are a working default, not a substitute for a real model.
- Their context is 256 tokens: Correct/Rewrite segment longer text to fit, chat history
  is cut to the most recent turns.
- Rewrite presets (formal, concise, simple, friendly) are learnt from word-level rules:
  the models apply those substitutions and little else. A free-form instruction is outside
  what they were trained on; they then mostly copy the text.
- The vocabulary (4,096 pieces) and the corpus are English only; other languages fall back
  to bytes and are not corrected.
- The corpus is dictionary examples and technical documentation; informal writing,
  dialogue and long-range coherence are weak. Completion quality is low.
- Measured on lavapipe (CPU Vulkan), where a pass over 8-16 tokens costs 2.5-4.5x a
  1-token pass (`draftd-bench --suite forward`; every multiply-add is two vector
  instructions there and every load is split per lane), so IAD's ~4x fewer target passes
  give only """ + f"{corr['speedup']:.2f}x" + """ in wall-clock for models this small. The pass counts are what
  carries over to a GPU, where a 9-token pass costs about as much as a 1-token one.
- The assistant is weak (perplexity ~190): its top probability rarely reaches the 0.4
  cut-off, so greedy speculative decoding drafts almost nothing, and with sampling 61% of
  its drafts are accepted, not enough to beat plain decoding on lavapipe.

## Rebuilding

```sh
sudo apt-get install python3-torch python3-sentencepiece libopenblas0-pthread \\
  wordnet-base python3.11-doc debian-reference-en fortunes-min fortunes
meson setup build && meson compile -C build
/usr/bin/python3 train/train.py --out build/train --target-minutes 75 --assistant-minutes 0
/usr/bin/python3 train/train.py --out build/train --resume --target-minutes 85 --lm-share 0.15 --assistant-minutes 0
/usr/bin/python3 train/train.py --out build/train --resume --target-minutes 110 --lm-share 0.15 \\
  --clean-share 0.25 --verb-share 0.5 --assistant-minutes 12 --skip-assistant-checkpoint
train/finish.sh build/train    # measures with the engine, writes this card, copies the GGUFs here
```
""")


if __name__ == "__main__":
    main()
