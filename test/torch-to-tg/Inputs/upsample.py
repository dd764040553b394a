"""Nearest upsampling and pixel shuffles, each between elementwise ops, for
test/torch-to-tg/upsample.test. The input is 1x4x10x10."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Upsampling(nn.Module):
    def __init__(self):
        super().__init__()
        self.shuffle = nn.PixelShuffle(2)
        self.unshuffle = nn.PixelUnshuffle(2)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")

    def forward(self, x):
        x = torch.relu(x)
        twice = F.interpolate(x, scale_factor=2.0) * 2.0
        thrice = F.interpolate(x, scale_factor=3.0) + 1.0
        sized = torch.sigmoid(F.interpolate(x, size=(20, 30)))
        smaller = F.interpolate(x, size=(5, 2)) - 1.0
        # 10 -> 25: no integer ratio, no affine index.
        fractional = F.interpolate(x, scale_factor=2.5) * 3.0
        # 10 -> 20, but PyTorch reads index floor(d / 2.05), not d // 2.
        almost = F.interpolate(x, scale_factor=2.05) * 4.0
        line = F.interpolate(x.flatten(2), scale_factor=2.0) + 2.0
        volume = F.interpolate(x.unsqueeze(2), scale_factor=(1.0, 2.0, 2.0)) * 5.0
        shuffled = torch.tanh(self.shuffle(x))
        unshuffled = self.unshuffle(x) * 0.5
        module = self.up(x) + 3.0
        return (twice, thrice, sized, smaller, fractional, almost, line, volume,
                shuffled, unshuffled, module)


def make():
    return Upsampling().eval()
