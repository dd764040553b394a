"""A held-out model's shape for test/python/check-kernels.test: a ModuleList
walked in forward gives the import a `ModuleList::__len__` graph whose own
`%0 = 3` once overwrote the residual add's alpha (`%0 = 1` of forward)."""
import torch
import torch.nn as nn


class Held(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Identity(), nn.Identity(), nn.Identity()])

    def forward(self, x, y):
        for b in self.blocks:
            x = b(x)
        return torch.relu(x + y)


def make():
    return Held()
