"""Scalar-on-the-left arithmetic, which TorchScript compiles from builtin
functions whose source is a string (`2.0 - t` is `def sub(a: float, b:
Tensor): return torch.neg(b) + a`), for test/torch-to-tg/builtin-call-frames.test
and test/tg-compile-kernel/string-source-dwarf.test. The second `2.0 -`
reuses the first's constant (TorchScript pools constants), and `n / y` has
no literal at all: they are found by their place in the source."""
import math

import torch
import torch.nn as nn


class ScalarLeft(nn.Module):
    def forward(self, t):
        n = t.size(-1)
        y = 2.0 - t
        z = (2.0 -
             y)
        w = y * (1.0 / math.sqrt(n))
        return 0.1 * y + torch.relu(z) + 3 * w + n / y


def make():
    return ScalarLeft()
