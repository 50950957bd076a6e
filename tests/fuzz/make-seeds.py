#!/usr/bin/env python3
"""Writes the fuzz targets' seed corpora under tests/fuzz/corpus/<target>/.

Every seed-* is built here from scratch (no fixture is copied). Next to them: crash-*, the
reproducers of bugs fuzzing found, and cov-*, the corpus an hour of fuzzing per target reached,
minimized with libFuzzer's -merge=1 (each is replayed by the fuzz-replay-* tests in every
build). Run from anywhere: python3 tests/fuzz/make-seeds.py
"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")

# ---- GGUF ----
U8, I8, U16, I16, U32, I32, F32, BOOL, STR, ARR, U64, I64, F64 = range(13)
SCALAR = {U8: "<B", I8: "<b", U16: "<H", I16: "<h", U32: "<I", I32: "<i", F32: "<f",
          BOOL: "<B", U64: "<Q", I64: "<q", F64: "<d"}
GGML_F32, GGML_F16, GGML_Q4_0, GGML_Q8_0 = 0, 1, 2, 8


def gstr(s):
    b = s.encode() if isinstance(s, str) else s
    return struct.pack("<Q", len(b)) + b


def value(t, v):
    if t == STR:
        return gstr(v)
    if t == ARR:
        et, items = v
        out = struct.pack("<IQ", et, len(items))
        return out + b"".join(value(et, x) for x in items)
    return struct.pack(SCALAR[t], v)


def gguf(kvs, tensors=(), version=3, alignment=32):
    """kvs: [(key, type, value)]; tensors: [(name, dims, ggml type, data bytes)]."""
    out = b"GGUF" + struct.pack("<IQQ", version, len(tensors), len(kvs))
    for key, t, v in kvs:
        out += gstr(key) + struct.pack("<I", t) + value(t, v)
    offset, blobs = 0, []
    for name, dims, gt, data in tensors:
        out += gstr(name) + struct.pack("<I", len(dims)) + b"".join(struct.pack("<Q", d) for d in dims)
        out += struct.pack("<IQ", gt, offset)
        blobs.append((offset, data))
        offset += (len(data) + alignment - 1) // alignment * alignment
    out += b"\0" * (-len(out) % alignment)
    data = bytearray(offset)
    for off, blob in blobs:
        data[off:off + len(blob)] = blob
    return out + bytes(data)


def small_vocab_kvs():
    tokens = ["<unk>", "<s>", "</s>"] + ["<0x%02X>" % b for b in (0x0A, 0x20, 0xC3, 0xA9, 0xF0)]
    tokens += ["\u2581", "a", "b", "c", "\u2581a", "ab", "abc", "\u2581the", "e", "\u00e9"]
    types = [2, 3, 3] + [6] * 5 + [1] * (len(tokens) - 8)
    scores = [0.0] * 8 + [-float(i) for i in range(len(tokens) - 8)]
    return [("tokenizer.ggml.model", STR, "llama"),
            ("tokenizer.ggml.tokens", ARR, (STR, tokens)),
            ("tokenizer.ggml.scores", ARR, (F32, scores)),
            ("tokenizer.ggml.token_type", ARR, (I32, types)),
            ("tokenizer.ggml.bos_token_id", U32, 1),
            ("tokenizer.ggml.eos_token_id", U32, 2),
            ("tokenizer.ggml.add_bos_token", BOOL, 1)]


def tiny_llama():
    """A model draftd_model_load accepts: width 8, 2 heads of 4 sharing one KV head, 1 layer."""
    embd, ff, vocab, q, kv = 8, 16, 18, 8, 4

    def f32(cols, rows=None):
        n = cols * (rows or 1)
        return struct.pack("<%df" % n, *[((i * 7) % 11 - 5) / 8 for i in range(n)])

    kvs = [("general.architecture", STR, "llama"), ("general.name", STR, "tiny"),
           ("llama.embedding_length", U32, embd), ("llama.feed_forward_length", U32, ff),
           ("llama.block_count", U32, 1), ("llama.attention.head_count", U32, 2),
           ("llama.attention.head_count_kv", U32, 1), ("llama.context_length", U32, 64),
           ("llama.attention.layer_norm_rms_epsilon", F32, 1e-5), ("llama.rope.freq_base", F32, 10000.0),
           ("tokenizer.chat_template", STR, "{{ '<|im_start|>' + role }}")] + small_vocab_kvs()
    t = [("token_embd.weight", [embd, vocab], GGML_F32, f32(embd, vocab)),
         ("output_norm.weight", [embd], GGML_F32, f32(embd)),
         ("blk.0.attn_norm.weight", [embd], GGML_F32, f32(embd)),
         ("blk.0.attn_q.weight", [embd, q], GGML_F32, f32(embd, q)),
         ("blk.0.attn_k.weight", [embd, kv], GGML_F32, f32(embd, kv)),
         ("blk.0.attn_v.weight", [embd, kv], GGML_F16, struct.pack("<32e", *[i / 32 for i in range(32)])),
         ("blk.0.attn_output.weight", [q, embd], GGML_F32, f32(q, embd)),
         ("blk.0.ffn_norm.weight", [embd], GGML_F32, f32(embd)),
         ("blk.0.ffn_gate.weight", [embd, ff], GGML_F32, f32(embd, ff)),
         ("blk.0.ffn_up.weight", [embd, ff], GGML_F32, f32(embd, ff)),
         ("blk.0.ffn_down.weight", [ff, embd], GGML_F32, f32(ff, embd))]
    return gguf(kvs, t)


def gguf_seeds():
    every_scalar = [("k.u8", U8, 200), ("k.i8", I8, -5), ("k.u16", U16, 60000), ("k.i16", I16, -300),
                    ("k.u32", U32, 1 << 31), ("k.i32", I32, -1), ("k.f32", F32, 1.5), ("k.bool", BOOL, 1),
                    ("k.str", STR, "caf\u00e9"), ("k.u64", U64, 1 << 63), ("k.i64", I64, -(1 << 40)),
                    ("k.f64", F64, -2.25)]
    every_array = [("a.%d" % t, ARR, (t, [1, 0, 2] if t != STR else ["x", "", "yz"]))
                   for t in SCALAR if t not in (F32, F64)]
    every_array += [("a.f32", ARR, (F32, [0.5, -1.0])), ("a.f64", ARR, (F64, [3.0])),
                    ("a.str", ARR, (STR, ["one", "two"])), ("a.empty", ARR, (I32, []))]
    f32 = struct.pack("<8f", *range(8))
    f16 = struct.pack("<8e", *range(8))
    q8 = struct.pack("<e", 0.5) + bytes(range(32))
    q4 = struct.pack("<e", 0.25) + bytes(range(16))
    tensors = [("t.f32", [8], GGML_F32, f32), ("t.f16", [4, 2], GGML_F16, f16),
               ("t.q8_0", [32], GGML_Q8_0, q8), ("t.q4_0", [32, 1], GGML_Q4_0, q4)]
    model = [("general.architecture", STR, "llama"), ("llama.context_length", U32, 64),
             ("llama.embedding_length", U32, 8), ("llama.block_count", U32, 1),
             ("llama.attention.head_count", U32, 2), ("llama.vocab_size", U32, 18)] + small_vocab_kvs()
    return {
        "tiny-llama": tiny_llama(),
        "empty-v3": gguf([]),
        "empty-v2": gguf([], version=2),
        "every-scalar": gguf(every_scalar),
        "every-array": gguf(every_array, version=2),
        "tensors": gguf([("general.name", STR, "t")], tensors),
        "tensors-align64": gguf([("general.alignment", U32, 64)], tensors, alignment=64),
        "model-vocab": gguf(model, [("token_embd.weight", [8, 18], GGML_F32, bytes(8 * 18 * 4))]),
    }


# ---- tokenizer (see tests/fuzz-tokenizer.c for the layout) ----
TEXTS = ["Hello world", " leading space", "Grüße, 世界! 🦙", "line\nbreak\r\n\ttab", "1234567 + 89",
         "<s>special</s><|im_start|>user", "don't I'm you'll", "   ", "a\u0301 e\u0301 \u00e9", ""]


def tokenizer_seeds():
    seeds = {}
    # The real vocabularies: index = draftd-target, then those of ../shared/models/vocab that
    # load, sorted (8 today; an index past the last wraps around).
    for v in range(9):
        for i, text in enumerate(TEXTS[:6] if v else TEXTS):
            flags = (i % 4)
            seeds["vocab%02d-%d" % (v, i)] = bytes([v, flags]) + text.encode()
    # An SPM vocabulary from the input: scores, types, bos; add_space_prefix; add BOS.
    spm = [(2, 0, "<unk>"), (3, 0, "<s>"), (3, 0, "</s>"), (6, 0, "<0x20>"), (6, 0, "<0xC3>"),
           (6, 0, "<0xA9>"), (1, -4, "\u2581"), (1, -8, "a"), (1, -8, "b"), (1, -12, "\u2581a"),
           (1, -2, "ab"), (4, 0, "<user>")]
    body = b"".join(bytes([t & 0xFF, s & 0xFF]) + x.encode() + b"\0" for t, s, x in spm)
    seeds["synthetic-spm"] = bytes([0x80, 0x16, 0x05]) + "ab a\u00e9b<user>".encode() + b"\0" + body
    # A byte-level BPE vocabulary (GPT-2 pre-tokenizer) with merges.
    bpe = [(1, 0, "a"), (1, 0, "b"), (1, 0, "\u0120"), (1, 0, "ab"), (1, 0, "\u0120a"), (3, 0, "<|endoftext|>")]
    body = b"".join(bytes([t, s]) + x.encode() + b"\0" for t, s, x in bpe)
    body += b"".join(b"\xff" + m.encode() + b"\0" for m in ["a b", "\u0120 a"])
    seeds["synthetic-bpe"] = bytes([0x80, 0x0D, 0x02]) + b"ab ab<|endoftext|>\0" + body
    # Llama-3 style: ignore_merges (pre index 2 in bits 5-7).
    seeds["synthetic-llama3"] = bytes([0x80, 0x0D | (2 << 5), 0x00]) + b"abab ba\0" + body
    return seeds


def chat_format_seeds():
    templates = ["", "{% for m in messages %}<|im_start|>{{ m.role }}\n{{ m.content }}<|im_end|>{% endfor %}",
                 "<|start_header_id|>{{ role }}<|end_header_id|>{{ content }}<|eot_id|>",
                 "<start_of_turn>user {{ x }}<end_of_turn>", "<|user|>\n{{ c }}<|end|>", "<|user|>{{ c }}</s>",
                 "[INST] {{ c }} [/INST]", "nothing known"]
    names = ["chatml", "LLAMA3", "bogus", ""]
    seeds = {}
    for i, t in enumerate(templates):
        turns = ["You are terse.", "Hi", "Hello! How can I help?", "Fix: she go home"][: 1 + i % 4]
        flags = (0x40 if i % 2 else 0) | (0x80 if i % 3 else 0) | i
        seeds["template-%d" % i] = bytes([flags]) + b"\0".join(s.encode() for s in [t, names[i % 4]] + turns)
    return seeds


def segment_seeds():
    texts = ["She go to school. He dont like it! Is it? Yes.",
             "Dr. Smith met Mr. J. R. R. Tolkien at 3.14 p.m. on Jan. 5, e.g. today.",
             "See https://example.org/a?b=c, or www.example.com. Then `code here` and \"quoted text\".",
             "# Heading\n- item one\n* item two\n12. numbered\n> quote",
             "```\nfenced code\n```\nAfter the fence. “Curly quotes” stay?",
             "A very long sentence, with clauses; and more clauses, that goes on and on without a stop",
             "Wait… what?! Really?? (Yes.) “End.”  \n\n  Next paragraph.\r\nWindows line.",
             "word  word   word    word"]
    seeds = {}
    for i, t in enumerate(texts):
        seeds["text-%d" % i] = bytes([i % 4, 8 + 5 * i]) + t.encode()
    return seeds


def edits_seeds():
    pairs = [("She go to school.", "She goes to school."),
             ("I has a apple, and it are red.", "I have an apple, and it is red."),
             ("teh quick brown fox", "the quick brown fox"),
             ("Grüße 🦙 to you", "Greetings 🦙 to you all"),
             ("same text", "same text"),
             ("", "insert into nothing"),
             ("delete everything", ""),
             ("hello world", "Hello, world!")]
    seeds = {}
    for i, (a, b) in enumerate(pairs):
        flags = i % 16
        tail = bytes([2, 5, 1, 3, 0, 9, 2]) if i % 2 else bytes([1, 0, 0, 0xFF, 7])
        seeds["pair-%d" % i] = bytes([flags]) + a.encode() + b"\0" + b.encode() + b"\0" + bytes([3, 9]) + tail
    return seeds


def lsp_frame(body):
    b = body.encode() if isinstance(body, str) else body
    return b"Content-Length: %d\r\n\r\n" % len(b) + b


def lsp_reader_seeds():
    init = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"general":{"positionEncodings":["utf-8"]}}}}'
    opened = ('{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.md",'
              '"languageId":"markdown","version":1,"text":"# Title\\n\\nShe go to school. \\ud83e\\udd99 ok."}}}')
    change = ('{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a.md","version":2},'
              '"contentChanges":[{"range":{"start":{"line":2,"character":4},"end":{"line":2,"character":6}},"text":"went"}]}}')
    action = ('{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///a.md"},'
              '"range":{"start":{"line":2,"character":0},"end":{"line":2,"character":9}},"context":{"diagnostics":[]}}}')
    status = '{"jsonrpc":"2.0","id":3,"method":"workspace/executeCommand","params":{"command":"draftd.status"}}'
    close = '{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///a.md"}}}'
    down = '{"jsonrpc":"2.0","id":4,"method":"shutdown"}'
    session = "".join(lsp_frame(m).decode() for m in (init, opened, change, action, status, close, down)).encode()
    seeds = {
        "session": b"\x40" + session,
        "session-split": b"\x01" + session,
        "nested": b"\x40" + lsp_frame("[" * 70 + "]" * 70) + lsp_frame(init),
        "comment-string": b"\x40" + lsp_frame("/* \" */ [[[1]]] 'a\\' ['x']"),
        "surrogate": b"\x40" + lsp_frame(init) + lsp_frame(opened.replace("\\ud83e\\udd99", "\\ud800x")),
        "nul-escape": b"\x40" + lsp_frame(init) + lsp_frame(opened.replace("ok.", "\\u0000ok.")),
        "raw-nul": b"\x00" + lsp_frame(b'{"jsonrpc":"2.0","id":5,"method":"a\0b"}'),
        "short-length": b"\x45" + b"Content-Length: 10\r\n\r\n" + status.encode() + lsp_frame(status),
        "long-length": b"\x45" + b"Content-Length: 300\r\n\r\n" + status.encode() + lsp_frame(status),
        "no-length": b"\x02" + b"Content-Type: x\r\n\r\n{}" + lsp_frame(status),
        "huge-length": b"\x03" + b"Content-Length: 99999999999\r\n\r\n{}",
        # Issue 35.2: claims the reader will not meet, with the next message right after some
        # of their bytes; it must be found (a reader that skipped the whole claim went deaf).
        "refused-100mb": b"\x47" + b"Content-Length: 100000000\r\n\r\n" + b"x" * 3000 + lsp_frame(init)
                         + lsp_frame(status),
        "refused-1e20": b"\x47" + b"Content-Length: 100000000000000000000\r\n\r\n" + b"[1," * 500
                        + lsp_frame(status),
        "refused-split-header": b"\x00" + b"Content-Length: 70000000\r\n\r\n" + b"y" * 200
                                + lsp_frame(status),
    }
    return seeds


# ---- the Hub's revision metadata (draft pull) ----
def hub_metadata_seeds():
    import json
    sha = "ab" * 32
    good = {"id": "owner/repo", "sha": "0" * 40, "siblings": [
        {"rfilename": "README.md", "size": 12},
        {"rfilename": "m.gguf", "size": 722000, "lfs": {"sha256": sha, "size": 722000, "pointerSize": 134}},
        {"rfilename": "dir/model-Q4_K_M.gguf", "lfs": {"sha256": sha.upper(), "size": 5}}]}

    def with_sibling(sib):
        return json.dumps({"siblings": [sib]}).encode()
    return {
        "good": json.dumps(good).encode(),
        "no-file": json.dumps({"siblings": [{"rfilename": "other.gguf"}, {"rfilename": "a\nb.gguf"}]}).encode(),
        "not-object": b"[1, 2, 3]",
        "siblings-object": b'{"siblings": {"rfilename": "m.gguf"}}',
        "name-array": with_sibling({"rfilename": ["m.gguf"]}),
        "lfs-string": with_sibling({"rfilename": "m.gguf", "lfs": "x"}),
        "lfs-null": with_sibling({"rfilename": "m.gguf", "lfs": None}),
        "sha-object": with_sibling({"rfilename": "m.gguf", "lfs": {"sha256": {"a": 1}, "size": [1]}}),
        "size-string": with_sibling({"rfilename": "m.gguf", "lfs": {"sha256": sha, "size": "5"}}),
        "size-float": with_sibling({"rfilename": "m.gguf", "lfs": {"sha256": sha, "size": 5.5}}),
        "size-huge": b'{"siblings": [{"rfilename": "m.gguf", "lfs": {"sha256": "' + sha.encode() + b'", "size": 99999999999999999999999}}]}',
        "size-negative": with_sibling({"rfilename": "m.gguf", "lfs": {"sha256": sha, "size": -3}}),
        "sha-short": with_sibling({"rfilename": "m.gguf", "lfs": {"sha256": "abc", "size": 3}}),
        "truncated": json.dumps(good).encode()[:57],
        "nul-name": b'{"siblings": [{"rfilename": "m.gguf\\u0000x", "lfs": {"sha256": "' + sha.encode() + b'", "size": 1}}]}',
    }


def main():
    for target, seeds in [("gguf", gguf_seeds()), ("tokenizer", tokenizer_seeds()),
                          ("chat-format", chat_format_seeds()), ("grammar-segment", segment_seeds()),
                          ("grammar-edits", edits_seeds()), ("lsp-reader", lsp_reader_seeds()),
                          ("hub-metadata", hub_metadata_seeds())]:
        d = os.path.join(CORPUS, target)
        os.makedirs(d, exist_ok=True)
        for name, data in seeds.items():
            with open(os.path.join(d, "seed-" + name), "wb") as f:
                f.write(data)
        print("%s: %d seeds" % (target, len(seeds)))


if __name__ == "__main__":
    main()
