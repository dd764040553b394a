"""nn.ModuleList and nn.ModuleDict reached every way TorchScript allows:
iterated, indexed, and a dict by key, over values() and over items()."""
import torch
from torch import nn


class Containers(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 4)])
        self.picked = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])
        self.by_key = nn.ModuleDict({"b": nn.Linear(4, 4), "a": nn.Tanh()})
        self.values_dict = nn.ModuleDict({"p": nn.Linear(4, 4), "q": nn.Sigmoid()})
        self.items_dict = nn.ModuleDict({"u": nn.Linear(4, 4), "v": nn.ReLU()})

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        x = self.picked[1](self.picked[0](x))
        x = self.by_key["a"](self.by_key["b"](x))
        for m in self.values_dict.values():
            x = m(x)
        for _, m in self.items_dict.items():
            x = m(x)
        return x


def make():
    return Containers().eval()
