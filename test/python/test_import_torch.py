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
    # The importer's own errors are in the exception (they were lost: "its
    # error is above", with nothing above).
    with pytest.raises(tracegraph.TorchImportError,
                       match="torchvision has no model 'nosuch'"):
        tracegraph.import_torch("--torchvision", "nosuch")
    with pytest.raises(tracegraph.TorchImportError,
                       match="missing.py: no such file"):
        tracegraph.import_torch("--module", "missing.py:f")
    with pytest.raises(TypeError, match="keywords"):
        tracegraph.import_torch(make(), (torch.randn(1, 3, 8, 8),))
    # Not a model at all: said so (it was "torch.jit.script rejects the
    # model: 'NoneType' object has no attribute 'train'").
    for not_a_model in (None, 5):
        with pytest.raises(TypeError, match="model is a torch.nn.Module"):
            tracegraph.import_torch(not_a_model)
    # What the command line refuses, refused here too (it imported a model
    # in training mode as under torch.no_grad()).
    with pytest.raises(tracegraph.TorchImportError,
                       match="cannot be combined with training"):
        tracegraph.import_torch(make(), training=True, inference=True)
    # Inputs by name: said so (the dict's keys were taken for the inputs).
    with pytest.raises(TypeError, match="not dict"):
        tracegraph.import_torch(make(), example_inputs={"x": torch.randn(1, 3, 8, 8)})


class Scaled(torch.nn.Module):
    def forward(self, x, scale: float = 2.0):
        return torch.relu(x) * scale


class Printing(torch.nn.Module):
    def forward(self, x):
        print(x, end="")
        return x


def test_example_inputs_count_as_written():
    # Issue 30: "takes 3 arguments, got 4" counted self, and a defaulted
    # parameter had to be given.
    ir = tracegraph.import_torch(Scaled(), example_inputs=torch.randn(2))
    assert "tg.example_types" in ir
    with pytest.raises(tracegraph.TorchImportError) as e:
        tracegraph.import_torch(Scaled(), example_inputs=(torch.randn(2),) * 3)
    assert str(e.value) == ("Scaled.forward(x, scale=2.0) takes 1 to 2 "
                            "inputs, got 3 example inputs")


def test_torchscript_errors_keep_their_source_lines():
    with pytest.raises(tracegraph.TorchImportError) as e:
        tracegraph.import_torch(Printing())
    text = str(e.value)
    assert text.startswith("torch.jit.script rejects the model: print doesn't "
                           "accept any keyword arguments:")
    assert 'print(x, end="")' in text and "<--- HERE" in text
    assert "Exception raised from" not in text


def test_a_model_without_source_file_suggests_fx(tmp_path):
    script = ("import torch, tracegraph\n"
              "class M(torch.nn.Module):\n"
              "    def forward(self, x):\n"
              "        return torch.relu(x)\n"
              "try:\n"
              "    tracegraph.import_torch(M())\n"
              "except tracegraph.TorchImportError as e:\n"
              "    print(e)\n"
              "print(tracegraph.import_torch(M(), fx=True,\n"
              "      example_inputs=torch.randn(2)).splitlines()[0])\n")
    run = subprocess.run([sys.executable, "-"], input=script, text=True,
                         capture_output=True, check=True)
    assert "for one defined on stdin or in a REPL, import it with fx=True" \
        in run.stdout
    assert run.stdout.endswith("(torch.fx).\n")


def test_command_line_paths_may_be_pathlib(tmp_path):
    out = tmp_path / "m.mlir"
    assert tracegraph.import_torch(
        "--module", "%s:make" % os.path.abspath(__file__),
        "--no-example-input", "-o", out) is None
    assert out.read_text().startswith("// Imported by torch-to-tg")


class Unpack(torch.nn.Module):
    def forward(self, x):
        b, c = torch.chunk(x, 2, dim=0)
        return b + c


def test_fx_unpacking_says_what_failed():
    """torch.fx's symbolic_trace unpacks a traced value by reading the
    caller's bytecode, which fails on Python 3.11 with a bare IndexError
    ("list index out of range"; found by a helper trying the package). The
    error says what, and what works: an example input, or TorchScript."""
    if sys.version_info < (3, 11):
        pytest.skip("torch.fx unpacks traced values on this Python")
    try:
        torch.fx.symbolic_trace(Unpack())
    except IndexError:
        pass
    else:
        pytest.skip("this torch.fx unpacks traced values")
    with pytest.raises(tracegraph.TorchImportError,
                       match="cannot unpack a traced value .* give example_inputs"):
        tracegraph.import_torch(Unpack(), fx=True)
    assert '"aten::add"' in tracegraph.import_torch(Unpack(), fx=True,
                                                    example_inputs=torch.randn(4, 3))
    assert "aten::chunk" in tracegraph.import_torch(Unpack())
