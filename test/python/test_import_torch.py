# RUN: %python -m pytest -q -p no:cacheprovider %s
# REQUIRES: torch, pytest, python-bindings
"""tracegraph.import_torch from Python: an nn.Module (or a ScriptModule) in,
tg IR text out, the same program torch-to-tg writes; failures raise
TorchImportError instead of returning an exit status."""
import os
import subprocess
import sys

import pytest
import torch

import tracegraph


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, x):
        return torch.relu(self.conv(x)) + x.sum()


def make():
    return Block()


class Unscriptable(torch.nn.Module):
    def forward(self, x):
        return x.numpy()


def test_module_to_ir_matches_the_command_line():
    ir = tracegraph.import_torch(make(), example_inputs=torch.randn(1, 3, 8, 8))
    assert ir.startswith("// Imported by tracegraph.import_torch from Block")
    assert "tg.example_types" in ir and '"aten::relu"' in ir
    cli = subprocess.run(
        [sys.executable, "-m", "tracegraph.torch", "--module",
         "%s:make" % os.path.abspath(__file__), "--example-input", "1x3x8x8"],
        capture_output=True, text=True, check=True).stdout
    # Random weights differ; the program and its locations do not.
    strip = lambda t: [l for l in t.splitlines()[1:] if "dense<" not in l]
    assert strip(ir) == strip(cli)
    scripted = torch.jit.script(make())
    assert "tg.graph" in tracegraph.import_torch(scripted)


def test_failures_raise():
    with pytest.raises(tracegraph.TorchImportError, match="torch.jit.script rejects"):
        tracegraph.import_torch(Unscriptable())
    with pytest.raises(tracegraph.TorchImportError, match="exit 2"):
        tracegraph.import_torch("--no-such-option")
    with pytest.raises(TypeError, match="keywords"):
        tracegraph.import_torch(make(), (torch.randn(1, 3, 8, 8),))
