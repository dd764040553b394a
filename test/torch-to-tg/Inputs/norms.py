"""Norms as PyTorch builds them beyond the affine default, for
test/torch-to-tg/norms.test: without their affine part (weight and bias
are parameters registered as None, which TorchScript types NoneType), and
instance norms, with the input's statistics and with running ones."""
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
        self.instance = nn.InstanceNorm2d(8, affine=True)
        self.tracked = nn.InstanceNorm2d(8, track_running_stats=True)

    def forward(self, x):
        y = F.silu(self.group(self.conv(x)))
        y = F.relu(self.batch(y))
        z = self.layer(y.permute(0, 2, 3, 1)) * 2.0
        return F.gelu(self.tracked(self.instance(z.permute(0, 3, 1, 2))))


def make():
    torch.manual_seed(0)
    model = Norms().eval()
    # Parameters and running statistics other than the defaults, so that
    # they count.
    for norm in (model.batch, model.tracked):
        norm.running_mean.uniform_(-1.0, 1.0)
        norm.running_var.uniform_(0.5, 2.0)
    model.instance.weight.data.uniform_(0.5, 1.5)
    model.instance.bias.data.uniform_(-0.5, 0.5)
    return model
