"""What each kernel of kernels.mlir computes, in PyTorch.

REFERENCES maps a kernel's name to a function of its inputs (tensors in the
kernel's parameter order, on any device) that returns its outputs, in order.
scripts/gpu-check.sh compares the GPU kernels with these on the GPU, at the
tolerance of every other kernel (atol 1e-6 + rtol 1e-5).
"""

import torch


def softmax(x):
    return [torch.softmax(x, -1)]


def mean_hw(x):
    return [x.mean((2, 3), keepdim=True)]


def sum_squares(x):
    return [(x * x).sum()]


def decay_middle(x):
    # acc = acc * 0.5 + x[:, r, :], r in order: what the body folds.
    acc = torch.zeros(x.shape[0], x.shape[2], dtype=x.dtype, device=x.device)
    for r in range(x.shape[1]):
        acc = acc * 0.5 + x[:, r, :]
    return [acc]


def transpose_after(x):
    y = torch.tanh(x)
    return [(y + y).t()]


def layer_norm(x):
    return [torch.nn.functional.layer_norm(x, (x.shape[-1],), eps=1e-5)]


def pow_mixed(x, y):
    return [torch.pow(x, y), torch.pow(x, torch.round(y))]


def l1_normalize(x):
    return [x / x.abs().sum(-1, keepdim=True)]


REFERENCES = {
    "softmax": softmax,
    "mean_hw": mean_hw,
    "sum_squares": sum_squares,
    "decay_middle": decay_middle,
    "transpose_after": transpose_after,
    "layer_norm": layer_norm,
    "pow_mixed": pow_mixed,
    "l1_normalize": l1_normalize,
}
