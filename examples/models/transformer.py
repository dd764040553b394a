"""A transformer encoder as users write it, for torch-to-tg and the
real-models table (docs/real-models.md):

  tools/torch-to-tg/torch-to-tg --module examples/models/transformer.py:encoder -o enc.mlir
"""

import torch.nn as nn


class Encoder(nn.Module):
    """Two encoder layers with GELU feed-forward blocks, then a head."""

    def __init__(self, d_model=64, heads=4, hidden=128, layers=2, classes=10):
        super().__init__()
        layer = nn.TransformerEncoderLayer(d_model, heads, hidden, dropout=0.1,
                                           activation="gelu", batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers)
        self.head = nn.Linear(d_model, classes)

    def forward(self, x):
        return self.head(self.encoder(x).mean(dim=1))


def encoder():
    return Encoder()
