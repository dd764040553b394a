"""Composite operators of PyTorch's modules and functions that Inductor
decomposes, for test/torch-to-tg/more-composites.test: SELU and PReLU
activations, a norm written with torch.var and torch.std, logsumexp and
F.normalize."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Composites(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.prelu = nn.PReLU(8)
        self.shared = nn.PReLU()
        self.selu = nn.SELU()

    def forward(self, x):
        y = self.selu(self.shared(self.prelu(self.conv(x))))
        # A norm as users write it: biased variance, kept dims.
        var = torch.var(y, dim=(2, 3), unbiased=False, keepdim=True)
        y = (y - y.mean(dim=(2, 3), keepdim=True)) * torch.rsqrt(var + 1e-5)
        spread = torch.std(y, dim=1)
        out = torch.logsumexp(y * 2.0, dim=-1) + spread.unsqueeze(-1).mean()
        return F.normalize(out, dim=-1)


def make():
    torch.manual_seed(0)
    model = Composites().eval()
    model.prelu.weight.data.uniform_(0.1, 0.5)
    return model
