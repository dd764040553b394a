"""The console scripts of a pip-installed tracegraph (pyproject.toml): each
runs the tool bundled in tracegraph/_bin, or the importer's entry point."""
import os
import sys

_BIN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bin")


def _exec(tool):
    path = os.path.join(_BIN, tool)
    if not os.path.exists(path):
        sys.exit("%s: not part of this installation of tracegraph (%s is "
                 "missing; install with `pip install .`)" % (tool, path))
    os.execv(path, [tool] + sys.argv[1:])


def tg_opt():
    """tg-opt: MLIR's opt with every tracegraph pass."""
    _exec("tg-opt")


def tg_symbolicate():
    """tg-symbolicate: debug handles to tracebacks and module paths."""
    _exec("tg-symbolicate")


def tg_compile_kernel():
    """tg-compile-kernel: a fused kernel to an object file with DWARF."""
    _exec("tg-compile-kernel")


def torch_to_tg():
    """torch-to-tg: a PyTorch model to tg IR (tracegraph.torch)."""
    from .torch.cli import main
    sys.exit(main(sys.argv[1:]))
