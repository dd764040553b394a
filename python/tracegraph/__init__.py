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
torch-to-tg importer (tools/torch-to-tg) from Python.
"""
import json
import os

from ._tracegraph import Section, SectionError

__all__ = ["Section", "SectionError", "MODULE_PATH_FORMATS", "module_paths",
           "annotate_chrome_trace", "import_torch"]

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
    ``tools/torch-to-tg/torch-to-tg --torchvision resnet18 -o r18.mlir``
    (needs PyTorch; see docs/torch-import.md). Returns its exit status.
    """
    import importlib
    import sys
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.environ.get("TG_TORCH_TO_TG_DIR", ""),
                  os.path.join(here, "torch_to_tg"),
                  os.path.join(here, "..", "..", "tools", "torch-to-tg")]
    for directory in candidates:
        if directory and os.path.exists(
                os.path.join(directory, "torch_to_tg_main.py")):
            break
    else:
        raise RuntimeError("the torch-to-tg importer was not found; set "
                           "TG_TORCH_TO_TG_DIR to tools/torch-to-tg")
    if directory not in sys.path:
        sys.path.insert(0, directory)
    main = importlib.import_module("torch_to_tg_main")
    return main.main(list(args))
