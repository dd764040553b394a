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
"""
import json
import os

__all__ = ["Section", "SectionError", "MODULE_PATH_FORMATS", "module_paths",
           "annotate_chrome_trace", "import_torch"]

# The native reader (the pybind11 module `_tracegraph`, built when
# TG_ENABLE_PYTHON is on) is imported on first use of Section or
# SectionError, so that the pure-Python parts, the importer tracegraph.torch
# above all, work without it.
_NATIVE = ("Section", "SectionError")


def __getattr__(name):
    if name not in _NATIVE:
        raise AttributeError("module %r has no attribute %r" % (__name__, name))
    import importlib
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
        globals()[native] = getattr(_tracegraph, native)
    return globals()[name]


def __dir__():
    return sorted(set(globals()) | set(__all__))


#: The three forms of a module path, as PyTorch prints them.
MODULE_PATH_FORMATS = ("mobile", "profiler", "scope")


def module_paths(section, handle):
    """The module path of ``handle`` in every form: {"mobile": ..., ...}."""
    return {f: section.module_path(handle, f) for f in MODULE_PATH_FORMATS}


def annotate_chrome_trace(section, trace, handle_key="debug_handle",
                          module_path="mobile"):
    """Annotates a Chrome/Perfetto trace, as ``tg-symbolicate --chrome-trace``.

    ``trace`` is the trace as a Python object (a list of events, or a dict
    with ``traceEvents``) or the path of a JSON file. Every event whose
    ``args[handle_key]`` is a debug handle (an integer, or a string of one;
    negative means none) gets ``module_hierarchy`` and ``stack``, and for a
    fused kernel ``kernel`` and ``origins`` (the schema of
    ``Section.lookup``). Returns the annotated copy; the input is not
    modified. The annotation is the C++ one tg-symbolicate runs, so both give
    the same result. Raises ValueError for a malformed trace, a malformed
    handle or one the section does not use, naming every bad event.
    """
    if isinstance(trace, (str, os.PathLike)):
        with open(trace) as f:
            text = f.read()
    else:
        text = json.dumps(trace)
    return json.loads(section._annotate_chrome_trace(text, handle_key,
                                                     module_path))


def import_torch(*args):
    """Runs the torch-to-tg importer with command-line arguments.

    ``import_torch("--torchvision", "resnet18", "-o", "r18.mlir")`` is
    ``torch-to-tg --torchvision resnet18 -o r18.mlir`` (the importer is the
    subpackage ``tracegraph.torch``; needs PyTorch, not the native module;
    see docs/torch-import.md). Returns its exit status.
    """
    from .torch.cli import main
    return main(list(args))
