"""Relative positions from integer indices, as MViT-V2's attention computes
them (torchvision's `_get_rel_pos`): `torch.arange` gives int64 tensors that
are sliced and unsqueezed, then scaled by floats, so the fused kernel reads
integer inputs and computes in floats."""
import torch


class RelPos(torch.nn.Module):
    def forward(self, x):
        q = torch.arange(x.shape[0])
        k = torch.arange(x.shape[1])
        dist = q[:, None] * 2.0 - k[None, :] * 0.5 + 1.5
        return x + dist


class IntegerRelPos(torch.nn.Module):
    """The same with an addition in integers first (`k + 1`), which the
    kernel lowering does not compute in floats."""

    def forward(self, x):
        q = torch.arange(x.shape[0])
        k = torch.arange(x.shape[1])
        return x + (q[:, None] * 2.0 - (k[None, :] + 1) * 0.5)


def make():
    return RelPos()


def make_integer():
    return IntegerRelPos()
