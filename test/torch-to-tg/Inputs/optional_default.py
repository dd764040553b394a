"""Arguments a model leaves at their default None, for
test/torch-to-tg/optional-default.test: a forward with an Optional[Tensor]
argument, and PyTorch's own nn.TransformerDecoderLayer imported directly
(its masks default to None)."""
from typing import Optional

import torch
import torch.nn as nn


class Gated(nn.Module):
    def forward(self, x, y: Optional[torch.Tensor] = None):
        if y is None:
            return torch.relu(x) * 2
        return x - y


def gated():
    return Gated()


def decoder():
    torch.manual_seed(0)
    return nn.TransformerDecoderLayer(16, 2, 32, batch_first=True).eval()
