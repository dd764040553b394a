"""A transformer decoder layer as users write it, for
test/tg-compile-kernel/attention.test: causal self-attention over the
target, then cross-attention to a memory of another length (query is not
key), then the feed-forward block."""
import torch
import torch.nn as nn


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer = nn.TransformerDecoderLayer(32, 4, 64, batch_first=True)
        self.register_buffer("mask", nn.Transformer.generate_square_subsequent_mask(8))

    def forward(self, tgt, memory):
        return self.layer(tgt, memory, tgt_mask=self.mask)


def decoder():
    torch.manual_seed(0)
    return Decoder().eval()
