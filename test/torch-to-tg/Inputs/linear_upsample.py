"""Linear upsamplings (1-D, 2-D, 3-D; by scale and by size; align_corners
both ways; up and down; ratios that are no integer), each between
elementwise ops, for test/torch-to-tg/linear-upsample.test. The input is
1x4x10x10."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class LinearUpsampling(nn.Module):
    def __init__(self):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False)

    def forward(self, x):
        x = torch.relu(x)
        twice = F.interpolate(x, scale_factor=2.0, mode="bilinear") * 2.0
        corners = F.interpolate(x, size=(25, 17), mode="bilinear",
                                align_corners=True) + 1.0
        smaller = torch.sigmoid(F.interpolate(x, size=(7, 4), mode="bilinear"))
        # The ratios 1 / 2.05 and 1 / 1.5 are no integer fraction.
        almost = F.interpolate(x, scale_factor=2.05, mode="bilinear") * 4.0
        odd = F.interpolate(x, scale_factor=1.5, mode="bilinear") - 1.0
        line = F.interpolate(x.flatten(2), scale_factor=3.0, mode="linear") + 2.0
        volume = F.interpolate(x.unsqueeze(2), scale_factor=(1.0, 2.0, 2.0),
                               mode="trilinear") * 5.0
        module = self.up(x) + 3.0
        # A segmentation head's: back to the size of another map.
        head = F.interpolate(torch.tanh(smaller), size=x.shape[-2:],
                             mode="bilinear", align_corners=False) + x
        return (twice, corners, smaller, almost, odd, line, volume, module, head)


def make():
    return LinearUpsampling().eval()
