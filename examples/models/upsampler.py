"""An upsampling decoder as users write one (a U-Net or FPN top-down path):
conv, batch norm, ReLU, then nn.Upsample or F.interpolate to twice the size,
a skip connection added, and a segmentation head's bilinear upsampling to
the input's size, for torch-to-tg and the demo (step 4):

  tools/torch-to-tg/torch-to-tg --module examples/models/upsampler.py:upsampler \
      --example-input 1x16x8x8 -o up.mlir

Imported from TorchScript, F.interpolate's scales are a list its scripted
code builds in a loop, and a size taken from a shape a slice of it;
--tg-decompose folds both, so each upsampling, nearest or bilinear, fuses
with the batch norm and ReLU before it and the add after it.
"""

import torch.nn as nn
import torch.nn.functional as F


class UpBlock(nn.Module):
    def __init__(self, channels):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels // 2, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(channels // 2)
        self.relu = nn.ReLU(inplace=True)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")

    def forward(self, x, skip):
        return self.up(self.relu(self.bn(self.conv(x)))) + skip


class Upsampler(nn.Module):
    """Two upsampling blocks with skips, then a sized F.interpolate."""

    def __init__(self, channels=16):
        super().__init__()
        self.skip1 = nn.Conv2d(channels, channels // 2, 1)
        self.skip2 = nn.Conv2d(channels, channels // 4, 1)
        self.block1 = UpBlock(channels)
        self.block2 = UpBlock(channels // 2)
        self.head = nn.Conv2d(channels // 4, 1, 1)

    def forward(self, x):
        s1 = F.interpolate(self.skip1(x), scale_factor=2.0)
        s2 = F.interpolate(self.skip2(x), size=(32, 32), mode="bilinear",
                           align_corners=False)
        y = self.block2(self.block1(x, s1), s2)
        logits = F.interpolate(self.head(y), scale_factor=2.0)
        # A segmentation head's: bilinearly to the size of another map.
        return F.interpolate(logits, size=y.shape[-2:], mode="bilinear",
                             align_corners=False).sigmoid()


def upsampler():
    return Upsampler().eval()
