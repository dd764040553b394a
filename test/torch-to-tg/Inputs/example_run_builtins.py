"""Builtins the importer's example run computes in Python, for
test/torch-to-tg/example-run-builtins.test: `&` and `|` of tensors (the
run took them for Python's `and`/`or`), and tensors made from list literals
(`torch.tensor([...])`, `torch.as_tensor([...])`)."""
import torch
import torch.nn as nn


class Builtins(nn.Module):
    def forward(self, x, y):
        # x has one element, y four: PyTorch broadcasts both to [4].
        both = (x < 0) & (y > 0)
        either = (x > 1) | (y < -1)
        odd = (x > 0) ^ (y > 0)
        shift = torch.tensor([0.3]) + torch.as_tensor([[0.1, 0.2, 0.3, 0.4]])
        return both.float() + either.float() + odd.float() + y + shift


def make():
    return Builtins()


class IntBits(nn.Module):
    def forward(self, x):
        # TorchScript's & of ints is bitwise: 2 & 1 is 0, where Python's
        # `and` gives 1 (a [2, 3] view instead of [1, 6]).
        rows = (x.size(0) & 1) + 1
        return x.reshape(rows, -1)


def int_bits():
    return IntBits()
