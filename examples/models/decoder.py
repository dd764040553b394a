"""A decoder block written from scratch, as users write one (no
nn.MultiheadAttention): pre-norm, causal self-attention with masked_fill and
softmax, a GELU MLP, residual adds, dropout; for torch-to-tg and the
real-models table (docs/real-models.md):

  tools/torch-to-tg/torch-to-tg --module examples/models/decoder.py:decoder \
      --example-input 1x16x64 -o dec.mlir
"""

import math

import torch
import torch.nn as nn


class CausalSelfAttention(nn.Module):
    def __init__(self, d_model, heads, dropout):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d_model, 3 * d_model)
        self.proj = nn.Linear(d_model, d_model)
        self.attn_drop = nn.Dropout(dropout)
        self.resid_drop = nn.Dropout(dropout)

    def forward(self, x, mask):
        b, t, c = x.shape
        q, k, v = self.qkv(x).split(c, dim=2)
        q = q.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        k = k.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        v = v.view(b, t, self.heads, c // self.heads).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(mask == 0, float("-inf"))
        att = att.softmax(dim=-1)
        att = self.attn_drop(att)
        y = (att @ v).transpose(1, 2).contiguous().view(b, t, c)
        return self.resid_drop(self.proj(y))


class Block(nn.Module):
    def __init__(self, d_model, heads, dropout):
        super().__init__()
        self.ln1 = nn.LayerNorm(d_model)
        self.attn = CausalSelfAttention(d_model, heads, dropout)
        self.ln2 = nn.LayerNorm(d_model)
        self.fc = nn.Linear(d_model, 4 * d_model)
        self.out = nn.Linear(4 * d_model, d_model)
        self.drop = nn.Dropout(dropout)

    def forward(self, x, mask):
        x = x + self.attn(self.ln1(x), mask)
        h = torch.nn.functional.gelu(self.fc(self.ln2(x)))
        return x + self.drop(self.out(h))


class Decoder(nn.Module):
    """Two blocks and a final layer norm, over a causal mask."""

    def __init__(self, d_model=64, heads=4, layers=2, context=16, dropout=0.1):
        super().__init__()
        self.blocks = nn.ModuleList([Block(d_model, heads, dropout) for _ in range(layers)])
        self.ln = nn.LayerNorm(d_model)
        self.register_buffer("mask", torch.tril(torch.ones(context, context))
                             .view(1, 1, context, context))

    def forward(self, x):
        t = x.size(1)
        mask = self.mask[:, :, :t, :t]
        for block in self.blocks:
            x = block(x, mask)
        return self.ln(x)


def decoder():
    return Decoder()
