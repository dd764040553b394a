"""Adaptive average pools to sizes that divide the input's, between
elementwise ops, for test/torch-to-tg/adaptive-pools.test. The input is
1x3x6x6."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Pools(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.blocks = nn.AdaptiveAvgPool2d((2, 3))
        # VGG's and AlexNet's pool on a map already of its size.
        self.same = nn.AdaptiveAvgPool2d(6)

    def forward(self, x):
        y = torch.relu(self.bn(self.conv(x)))
        a = torch.flatten(self.blocks(y), 1) * 2.0
        b = self.same(y) + 1.0
        c = F.adaptive_avg_pool2d(torch.sigmoid(y), (3, 3)) - 1.0
        # 6 -> 4 does not divide: PyTorch's windows overlap, left alone.
        d = F.adaptive_avg_pool2d(y, 4) * 3.0
        return a, b, c, d


def make():
    return Pools().eval()
