"""One nn.Linear held by two parents under different names: `lin` is `a.0`
and `b.1`. Its module frame names it after the parent that calls it."""
import torch.nn as nn


class Shared(nn.Module):
    def __init__(self):
        super().__init__()
        lin = nn.Linear(6, 6)
        self.a = nn.Sequential(lin, nn.ReLU())
        self.b = nn.Sequential(nn.Tanh(), lin)

    def forward(self, x):
        return self.a(x), self.b(x)


def make():
    return Shared()
