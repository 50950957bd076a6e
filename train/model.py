"""A Llama decoder in PyTorch laid out like llama2.c: RMSNorm, rotary embeddings on
interleaved pairs, grouped-query attention, SwiGLU, tied embeddings. Exported as a llama2.c
v0 checkpoint, which draftd-convert turns into GGUF."""
import math
import struct
from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclass
class Config:
    dim: int = 256
    n_layers: int = 6
    n_heads: int = 8
    n_kv_heads: int = 4
    vocab_size: int = 4096
    hidden_dim: int = 704
    max_seq_len: int = 256
    norm_eps: float = 1e-5


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rope_tables(head_dim, seq_len, base=10000.0):
    freqs = 1.0 / (base ** (torch.arange(0, head_dim, 2).float() / head_dim))
    t = torch.arange(seq_len).float()
    angles = torch.outer(t, freqs)
    return torch.cos(angles), torch.sin(angles)


def apply_rope(x, cos, sin):
    # x: (B, T, H, D); pairs (2j, 2j+1) as llama2.c and GGUF's "llama" rope.
    xr = x.float().reshape(*x.shape[:-1], -1, 2)
    x0, x1 = xr[..., 0], xr[..., 1]
    cos = cos[None, :, None, :]
    sin = sin[None, :, None, :]
    out = torch.stack([x0 * cos - x1 * sin, x0 * sin + x1 * cos], dim=-1)
    return out.flatten(3).type_as(x)


class Attention(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.n_heads, self.n_kv = c.n_heads, c.n_kv_heads
        self.hd = c.dim // c.n_heads
        self.wq = nn.Linear(c.dim, c.n_heads * self.hd, bias=False)
        self.wk = nn.Linear(c.dim, c.n_kv_heads * self.hd, bias=False)
        self.wv = nn.Linear(c.dim, c.n_kv_heads * self.hd, bias=False)
        self.wo = nn.Linear(c.n_heads * self.hd, c.dim, bias=False)

    def forward(self, x, cos, sin):
        B, T, _ = x.shape
        q = self.wq(x).view(B, T, self.n_heads, self.hd)
        k = self.wk(x).view(B, T, self.n_kv, self.hd)
        v = self.wv(x).view(B, T, self.n_kv, self.hd)
        q, k = apply_rope(q, cos, sin), apply_rope(k, cos, sin)
        rep = self.n_heads // self.n_kv
        k = k.repeat_interleave(rep, dim=2)
        v = v.repeat_interleave(rep, dim=2)
        q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(self.hd)
        causal = torch.ones(T, T, dtype=torch.bool, device=x.device).triu(1)
        att = att.masked_fill(causal, float("-inf")).softmax(-1)
        y = att @ v
        return self.wo(y.transpose(1, 2).reshape(B, T, -1))


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.attention = Attention(c)
        self.w1 = nn.Linear(c.dim, c.hidden_dim, bias=False)
        self.w2 = nn.Linear(c.hidden_dim, c.dim, bias=False)
        self.w3 = nn.Linear(c.dim, c.hidden_dim, bias=False)
        self.attention_norm = RMSNorm(c.dim, c.norm_eps)
        self.ffn_norm = RMSNorm(c.dim, c.norm_eps)

    def forward(self, x, cos, sin):
        x = x + self.attention(self.attention_norm(x), cos, sin)
        h = self.ffn_norm(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class Llama(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        self.tok_embeddings = nn.Embedding(c.vocab_size, c.dim)
        self.layers = nn.ModuleList(Block(c) for _ in range(c.n_layers))
        self.norm = RMSNorm(c.dim, c.norm_eps)
        self.output = nn.Linear(c.dim, c.vocab_size, bias=False)
        self.output.weight = self.tok_embeddings.weight
        cos, sin = rope_tables(c.dim // c.n_heads, c.max_seq_len)
        self.register_buffer("cos", cos, persistent=False)
        self.register_buffer("sin", sin, persistent=False)
        self.apply(self._init)
        for n, p in self.named_parameters():
            if n.endswith("wo.weight") or n.endswith("w2.weight"):
                nn.init.normal_(p, 0.0, 0.02 / math.sqrt(2 * c.n_layers))

    @staticmethod
    def _init(m):
        if isinstance(m, (nn.Linear, nn.Embedding)):
            nn.init.normal_(m.weight, 0.0, 0.02)

    def forward(self, idx):
        T = idx.shape[1]
        x = self.tok_embeddings(idx)
        for layer in self.layers:
            x = layer(x, self.cos[:T], self.sin[:T])
        return self.output(self.norm(x))

    def n_params(self):
        return sum(p.numel() for p in self.parameters())


def export_llama2c(model, path):
    """llama2.c checkpoint format v0: 7 int32 header, then f32 weights in its order."""
    c = model.c
    with open(path, "wb") as f:
        f.write(struct.pack("7i", c.dim, c.hidden_dim, c.n_layers, c.n_heads, c.n_kv_heads, c.vocab_size, c.max_seq_len))

        def w(t):
            f.write(t.detach().float().contiguous().numpy().tobytes())

        L = model.layers
        w(model.tok_embeddings.weight)
        for l in L:
            w(l.attention_norm.weight)
        for name in ("wq", "wk", "wv", "wo"):
            for l in L:
                w(getattr(l.attention, name).weight)
        for l in L:
            w(l.ffn_norm.weight)
        for name in ("w1", "w2", "w3"):
            for l in L:
                w(getattr(l, name).weight)
        w(model.norm.weight)
        cos, sin = rope_tables(c.dim // c.n_heads, c.max_seq_len)
        w(cos)
        w(sin)


def export_tokenizer(sp, path):
    """llama2.c tokenizer format: max length, then (score, length, bytes) per piece."""
    pieces = []
    for i in range(sp.get_piece_size()):
        p = sp.id_to_piece(i).replace("\u2581", " ")
        pieces.append((sp.get_score(i), p.encode("utf-8")))
    with open(path, "wb") as f:
        f.write(struct.pack("i", max(len(b) for _, b in pieces)))
        for score, b in pieces:
            f.write(struct.pack("fi", score, len(b)))
            f.write(b)
