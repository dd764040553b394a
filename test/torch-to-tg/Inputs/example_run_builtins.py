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
