import torch
import torch.nn as nn


class Forked(nn.Module):
    """torch.jit.fork: a prim::fork node holding its body as a subgraph
    attribute, which the importer does not support."""

    def work(self, x):
        return x + 1

    def forward(self, x):
        fut = torch.jit.fork(self.work, x)
        return torch.jit.wait(fut)


class NotScriptable(nn.Module):
    def forward(self, x):
        return {1: x, "a": x}  # mixed key types: torch.jit.script rejects it


def forked():
    return Forked()


def not_scriptable():
    return NotScriptable()
