"""Held-out evaluation sets from the test split, for `draftd-bench --suite correct`:
test-pairs.tsv (input, reference) for correction and test-rewrite.tsv (input, reference,
preset) for the rewrite presets. Fixed seeds: the same files on every run.

    /usr/bin/python3 train/pairs.py build/train
"""
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402
import errors  # noqa: E402
import rewrite  # noqa: E402


def test_sentences(data_dir):
    docs = [l.strip() for l in open(os.path.join(data_dir, "test.txt")) if l.strip()]
    out = []
    for d in docs:
        out.extend(s for s in corpus.SENT_END.split(d) if s)
    return out


def write_test_sets(out_dir, seed, n_correct=400, n_rewrite=200, data_dir=None):
    sents = test_sentences(data_dir or os.path.join(out_dir, "data"))
    rng = random.Random(seed + 7)
    with open(os.path.join(out_dir, "test-pairs.tsv"), "w") as f:
        for s in sents[:n_correct]:
            src, ref = errors.make_pair(s, rng)
            f.write(src.replace("\t", " ") + "\t" + ref.replace("\t", " ") + "\n")
    rng = random.Random(seed + 11)
    with open(os.path.join(out_dir, "test-rewrite.tsv"), "w") as f:
        n = 0
        for s in sents:
            if n >= n_rewrite:
                break
            preset, src, ref = rewrite.make_pair(s, rng)
            if src == ref and rng.random() < 0.95:
                continue  # mostly sentences a preset changes, a few it leaves alone
            f.write(src.replace("\t", " ") + "\t" + ref.replace("\t", " ") + "\t" + preset + "\n")
            n += 1


if __name__ == "__main__":
    write_test_sets(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1234)
