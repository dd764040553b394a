"""A model that writes into dicts as torchvision's segmentation models do
(IntermediateLayerGetter's `out[name] = x`, the heads' `result["out"] = x`),
for test/torch-to-tg/dict-writes.test."""
from collections import OrderedDict
from typing import Dict

import torch
import torch.nn as nn


class Features(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x) -> Dict[str, torch.Tensor]:
        out = OrderedDict()
        out["low"] = x
        out["high"] = self.conv(x)
        return out


class Segmenter(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = Features()

    def forward(self, x) -> Dict[str, torch.Tensor]:
        features = self.backbone(x)
        result = OrderedDict()
        result["out"] = torch.sigmoid(features["high"]) * 2.0
        if "low" in features:
            result["aux"] = features["low"].relu()
        return result


def make():
    return Segmenter()


class KeyedByType(nn.Module):
    """A dict keyed by something that is not a constant the IR can hold."""

    def forward(self, x):
        return {torch.float32: x.relu()}


def make_keyed_by_type():
    return KeyedByType()
