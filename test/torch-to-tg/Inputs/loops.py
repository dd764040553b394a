"""Real prim::Loops (not unrolled: the trip count is a tensor's size) for
test/torch-to-tg/loop-types.test: values carried with the same type on every
iteration, a value whose shape grows, and loops nested in a submodule's
method, one inside an `if` branch."""
import torch
import torch.nn as nn


class Inner(nn.Module):
    def forward(self, x, flag: bool):
        for i in range(x.size(0)):
            for j in range(2):
                x = torch.sigmoid(x) * 2.0
        if flag:
            for k in range(x.size(1)):
                x = x - 1.0
        return x


class Loops(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        y = x
        for i in range(x.size(0)):
            y = torch.relu(y) + 1.0
        grown = x
        for i in range(2):
            grown = torch.cat([grown, grown]) * 3.0
        return self.inner(y, True), grown


def make():
    return Loops()
