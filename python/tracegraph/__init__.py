"""tracegraph: from compiled ML code back to the Python that produced it.

Open a debug section written by ``tg-opt --tg-emit-debug-section`` and turn
debug handles back into module paths and Python tracebacks::

    import tracegraph
    section = tracegraph.Section("model.tgdbg")
    print(section.traceback(42))
    section.module_path(42, "profiler")
    section.lookup(42)["origins"][0]["frames"]

The reader is the C++ one: the file is mapped read-only and decoded only when
a handle is looked up (``Section.raw()`` is a memoryview of the mapping
itself; a small section stored compressed is decompressed once, at open). A
truncated, corrupt or foreign file raises ``SectionError``; an
unused or out-of-range handle raises ``KeyError``.

``annotate_chrome_trace`` adds module paths and stacks to a Chrome/Perfetto
trace whose events carry debug handles, and ``import_torch`` runs the
torch-to-tg importer (the subpackage ``tracegraph.torch``) from Python.
``compile`` runs tg-opt's passes in process (the native module
``tracegraph._compiler``, which alone loads MLIR) and returns the IR and its
section; ``Provenance`` reads the map ``--tg-provenance`` writes.
"""
import json
import os
from typing import TYPE_CHECKING

__version__ = "0.1.0"

# `compile` is left out: `from tracegraph import *` must not shadow the
# builtin. Use it as tracegraph.compile.
__all__ = ["Section", "SectionError", "MODULE_PATH_FORMATS", "module_paths",
           "annotate_chrome_trace", "import_torch", "TorchImportError",
           "CompileError", "CompileResult", "DEFAULT_PASSES",
           "Provenance", "read_provenance"]

if TYPE_CHECKING:
    # What the lazy imports below give, for type checkers and IDEs (which do
    # not run __getattr__): the stubs of the native module and the modules.
    from ._compile import (DEFAULT_PASSES, CompileError, CompileResult,
                           compile)
    from ._tracegraph import Section, SectionError
    from .provenance import Provenance, read_provenance


# The native reader (the pybind11 module `_tracegraph`, built when
# TG_ENABLE_PYTHON is on) is imported on first use of Section or
# SectionError, so that the pure-Python parts, the importer tracegraph.torch
# above all, work without it.
_NATIVE = ("Section", "SectionError")
# Pure Python, imported on first use too (importing the importer loads only
# what it needs): compile (whose native half, _compiler, loads MLIR only
# when it runs) and the provenance reader.
_LAZY = {"compile": "_compile", "CompileError": "_compile",
         "CompileResult": "_compile", "DEFAULT_PASSES": "_compile",
         "Provenance": "provenance", "read_provenance": "provenance"}


def __getattr__(name):
    import importlib
    if name in _LAZY:
        value = getattr(importlib.import_module(__name__ + "." + _LAZY[name]),
                        name)
        if isinstance(value, type) or callable(value):
            value.__module__ = __name__  # tracegraph.CompileError
        globals()[name] = value
        return value
    if name not in _NATIVE:
        raise AttributeError("module %r has no attribute %r" % (__name__, name))
    try:
        _tracegraph = importlib.import_module(__name__ + "._tracegraph")
    except ModuleNotFoundError as e:
        if e.name != __name__ + "._tracegraph":
            raise
        raise ImportError(
            "tracegraph.%s needs the native module tracegraph._tracegraph, which "
            "this copy of the package does not have (build tracegraph with "
            "-DTG_ENABLE_PYTHON=ON: Debian's pybind11-dev and python3-dev)"
            % name, name=__name__ + "._tracegraph") from e
    for native in _NATIVE:
        value = getattr(_tracegraph, native)
        # Tracebacks and reprs name the public place: tracegraph.SectionError.
        value.__module__ = __name__
        globals()[native] = value
    return globals()[name]


def __dir__():
    return sorted(set(globals()) | set(__all__))


#: The three forms of a module path, as PyTorch prints them.
MODULE_PATH_FORMATS = ("mobile", "profiler", "scope")


def module_paths(section, handle):
    """The module path of ``handle`` in every form: {"mobile": ..., ...}."""
    return {f: section.module_path(handle, f) for f in MODULE_PATH_FORMATS}


def annotate_chrome_trace(section, trace, handle_key="debug_handle",
                          module_path="mobile", source=True, source_root=None):
    """Annotates a Chrome/Perfetto trace, as ``tg-symbolicate --chrome-trace``.

    ``trace`` is the trace as a Python object (a list of events, or a dict
    with ``traceEvents``) or the path of a JSON file. Every event whose
    ``args[handle_key]`` is a debug handle (an integer, or a string of one;
    negative means none; as in any JSON, a float with an integral value such
    as ``3.0`` is that integer, while ``Section.lookup`` takes ints only) gets ``module_hierarchy`` and ``stack``, and for a
    fused kernel ``kernel`` and ``origins`` (the schema of
    ``Section.lookup``). Returns the annotated copy; the input is not
    modified. The origins' ``source_line`` come from the section or, as
    ``Section.lookup`` reads them, from the recorded paths (under
    ``source_root``); ``source=False`` leaves them ``None``
    (``--no-source``). The annotation is the C++ one tg-symbolicate runs, so
    both give the same result. Raises ValueError for a malformed trace, a malformed
    handle or one the section does not use, naming every bad event.
    """
    if isinstance(trace, (str, os.PathLike)):
        with open(trace) as f:
            text = f.read()
    else:
        # What JSON cannot carry (NaN, infinity, an object that contains
        # itself) is said here, where the event is Python's, not as a byte
        # offset in text the caller never wrote.
        try:
            text = json.dumps(trace, allow_nan=False)
        except ValueError as e:
            what = ("an object that contains itself" if "Circular" in str(e)
                    else "a number JSON cannot carry (NaN or infinity)")
            raise ValueError("annotate_chrome_trace: the trace holds %s: %s"
                             % (what, e)) from None
    return json.loads(section._annotate_chrome_trace(
        text, handle_key, module_path, source=source, source_root=source_root))


def _script_error(e):
    """torch.jit.script's error as PyTorch prints it: the message and the
    source lines it points at, without the C++ backtrace; for a model whose
    source TorchScript cannot read (defined on stdin or in a REPL), what to
    do instead."""
    lines = []
    for line in str(e).strip().splitlines():
        if line.startswith(("Exception raised from", "frame #")):
            break
        lines.append(line)
    text = "\n".join(lines).strip() or type(e).__name__
    cause = e
    while cause is not None:
        if isinstance(cause, OSError) and "source" in str(cause):
            return text + ("\n(TorchScript compiles a model from its source "
                           "file; for one defined on stdin or in a REPL, "
                           "import it with fx=True)")
        cause = cause.__cause__
    return text


def _raised_in(error, filename, function):
    """Whether `error` was raised through `function` of a file named
    `filename` (its traceback's frames)."""
    tb = error.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename.endswith(filename) and code.co_name == function:
            return True
        tb = tb.tb_next
    return False


class TorchImportError(RuntimeError):
    """A model tracegraph cannot import: the message says what and why (an
    unsupported construct, torch.jit.script or make_fx rejecting the model,
    the model failing on its example inputs)."""


def import_torch(model, *args, example_inputs=None, fx=False, training=False,
                 method="forward", inference=None):
    """Imports a PyTorch model into tg IR and returns its text.

    ``model`` is an ``nn.Module`` (scripted with ``torch.jit.script`` in eval
    mode, or in training mode with ``training=True``) or a
    ``torch.jit.ScriptModule``. ``example_inputs`` (a tensor or a tuple of
    them) gives every tensor value its static type from PyTorch's own run,
    as ``torch-to-tg --example-input`` does. ``fx=True`` imports the
    aten-level graph ``make_fx`` records (with example inputs) or
    ``torch.fx.symbolic_trace``'s (without). Raises ``TorchImportError``.
    The text goes on through ``tg-opt``; docs/torch-import.md has the rest::

        ir = tracegraph.import_torch(torchvision.models.resnet18(),
                                     example_inputs=torch.randn(1, 3, 224, 224))

    Given strings instead of a model, runs the ``torch-to-tg`` command line
    with them (``import_torch("--torchvision", "resnet18", "-o", "r.mlir")``)
    and raises ``TorchImportError`` when it fails.
    """
    if isinstance(model, (str, os.PathLike)):
        from .torch.cli import main
        # Paths (the -o file, a --module or --torchscript file) as pathlib
        # gives them.
        argv = [os.fspath(a) if isinstance(a, os.PathLike) else a
                for a in (model, *args)]
        model = argv[0]
        try:
            status = main(argv)
        except SystemExit as e:
            # argparse on a bad option prints its error and exits with a
            # number; the importer's own checks exit with their message,
            # which Python would print on the way out: it goes into the
            # exception instead of being lost.
            if isinstance(e.code, str):
                raise TorchImportError(e.code) from None
            status = e.code if isinstance(e.code, int) else 1
        if status:
            raise TorchImportError("torch-to-tg %s failed (exit %d; its error "
                                   "is above)" % (" ".join(argv), status))
        return None
    if args:
        raise TypeError("import_torch(model, ...): options are keywords")
    import torch
    from .torch.cli import _first_line, import_torchscript, script
    from .torch.example_types import Unsupported
    from .torch.torchscript import ImportError_
    # A module, a scripted one, or a path (above); anything else is the
    # caller's mistake, not a model torch.jit.script rejects.
    if not isinstance(model, (torch.nn.Module, torch.jit.ScriptModule)):
        raise TypeError("import_torch(model): model is a torch.nn.Module or a "
                        "path to a saved TorchScript model, not %s"
                        % type(model).__name__)
    # As the command line refuses --training with --inference: a model in
    # training mode imported as under torch.no_grad() loses what training
    # would compute (`aten::is_grad_enabled` folds).
    if training and inference:
        raise TorchImportError("import_torch(training=True, inference=True): "
                               "inference declares eval mode under "
                               "torch.no_grad(); it cannot be combined with "
                               "training")
    if isinstance(example_inputs, torch.Tensor):
        example_inputs = (example_inputs,)
    # A mapping's keys would be taken for the inputs ("expected a value of
    # type 'Tensor' ... found type 'str'"); a string's characters likewise.
    if isinstance(example_inputs, (dict, str, bytes)):
        raise TypeError("import_torch(example_inputs=...): a tensor or a "
                        "tuple of the forward method's inputs, in order, not "
                        "%s" % type(example_inputs).__name__)
    inputs = list(example_inputs) if example_inputs is not None else None
    try:
        if fx:
            from .torch.fx import import_fx
            model.train(training)
            try:
                text = import_fx(model, example_inputs=inputs,
                                 inference=not training if inference is None
                                 else inference)
            except IndexError as e:
                # torch.fx's Proxy.__iter__ reads the caller's bytecode to
                # unpack a traced value, which fails bare on Python 3.11.
                if inputs is not None or not _raised_in(e, "proxy.py", "__iter__"):
                    raise
                raise TorchImportError(
                    "torch.fx.symbolic_trace cannot unpack a traced value (as "
                    "`a, b = torch.chunk(x, 2)` does) on this Python: IndexError "
                    "in torch.fx's Proxy.__iter__; give example_inputs (traced "
                    "with make_fx, which unpacks real tensors) or import without "
                    "fx=True") from e
            kind = "torch.fx"
        else:
            try:
                scripted = script(model, training)
            except Exception as e:
                raise TorchImportError("torch.jit.script rejects the model: %s"
                                       % _script_error(e)) from e
            text = import_torchscript(scripted, None, method, inputs,
                                      inference=not training if inference is None
                                      else inference)
            kind = "TorchScript"
    except ImportError_ as e:
        raise TorchImportError("unsupported construct: %s" % e) from e
    except Unsupported as e:  # the example inputs do not fit the method
        raise TorchImportError(str(e)) from e
    except TorchImportError:
        raise
    except Exception as e:
        raise TorchImportError("%s: %s" % (type(e).__name__, _first_line(e))) from e
    return "// Imported by tracegraph.import_torch from %s (%s).\n%s" % (
        type(model).__name__, kind, text)
