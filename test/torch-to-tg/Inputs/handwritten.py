"""A small model with every construct the importer must keep apart: a
`self._forward_impl` call, a ModuleList loop (unrolled by TorchScript), a
free function, a nested Sequential, and real control flow (prim::If,
prim::Loop) inside an inlined submodule, and a BatchNorm1d whose
`if self.training:` block shows PyTorch's lost frames."""

import torch
import torch.nn as nn


def scale_shift(x: torch.Tensor, k: int) -> torch.Tensor:
    return torch.relu(x) * k + 1


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(8, 8)

    def forward(self, x):
        return scale_shift(self.lin(x), 2)


class Repeat(nn.Module):
    def __init__(self, times: int):
        super().__init__()
        self.times = times
        self.body = nn.Linear(8, 8)

    def forward(self, x):
        for _ in range(self.times):
            x = torch.tanh(self.body(x))
        if x.sum() > 0:
            x = x - 1
        return x


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([Block(), Block()])
        self.head = nn.Sequential(nn.Sequential(nn.Linear(8, 8), nn.BatchNorm1d(8), nn.ReLU()),
                                  nn.Linear(8, 4))
        self.rep = Repeat(3)

    def _forward_impl(self, x):
        for b in self.blocks:
            x = b(x)
        x = self.rep(x)
        return self.head(x)

    def forward(self, x):
        return self._forward_impl(x)


def make():
    torch.manual_seed(0)
    return Net()
