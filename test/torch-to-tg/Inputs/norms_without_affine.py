"""Norms built without their affine part, for
test/torch-to-tg/norms-without-affine.test: their weight and bias are
parameters registered as None, which TorchScript types NoneType."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Norms(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.group = nn.GroupNorm(4, 8, affine=False)
        self.batch = nn.BatchNorm2d(8, affine=False)
        self.layer = nn.LayerNorm(8, elementwise_affine=False)

    def forward(self, x):
        y = F.silu(self.group(self.conv(x)))
        y = F.relu(self.batch(y))
        return self.layer(y.permute(0, 2, 3, 1)) * 2.0


def make():
    torch.manual_seed(0)
    model = Norms().eval()
    # Running statistics other than 0 and 1, so that they count.
    model.batch.running_mean.uniform_(-1.0, 1.0)
    model.batch.running_var.uniform_(0.5, 2.0)
    return model
