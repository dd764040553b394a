"""Modules whose TorchScript graphs query run-time state, for
test/torch-to-tg/inference.test: nn.TransformerEncoder and
nn.MultiheadAttention with their fused fast paths, and a module of our own
that asks torch.is_grad_enabled() and requires_grad as user code does."""
import torch
import torch.nn as nn


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        layer = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.1, activation="gelu",
                                           batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, 1)
        self.attn = nn.MultiheadAttention(8, 2, batch_first=True)

    def forward(self, x):
        y = self.encoder(x)
        z, _ = self.attn(y, y, y, need_weights=False)
        if torch.is_grad_enabled():
            z = z * 2.0
        if z.requires_grad or z.is_nested:
            z = z - 1.0
        return z


def make():
    return Tiny()


def make_frozen():
    """Tiny with every parameter frozen, as a deployed model may come: the
    fast paths are off in the --fx import all the same."""
    model = Tiny()
    for parameter in model.parameters():
        parameter.requires_grad_(False)
    return model
