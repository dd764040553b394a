"""tracegraph.compile: tg-opt's passes in process.

The native half is the extension ``tracegraph._compiler`` (MLIR and every
pass tg-opt registers), imported on the first call only, so that
``import tracegraph`` and the section reader never load MLIR.
"""
import os
import shutil
import tempfile

#: What ``compile(ir)`` runs without ``passes`` or ``pipeline``: the debug
#: pipeline of docs/architecture.md (inline, decompose, fuse, handles, module
#: paths).
DEFAULT_PASSES = ("tg-inline", "tg-decompose", "tg-fuse-elementwise",
                  "tg-assign-debug-handles", "tg-module-hierarchy")


class CompileError(RuntimeError):
    """The IR does not parse, the pipeline is malformed or a pass failed.

    ``str(e)`` and ``e.diagnostics`` are MLIR's diagnostics as tg-opt prints
    them (``file:line:col: error: ...`` with the source line)."""

    # A traceback names the public place (tracegraph.CompileError) whether
    # or not the caller ever imported the name.
    __module__ = "tracegraph"

    def __init__(self, diagnostics):
        super().__init__(diagnostics)
        self.diagnostics = diagnostics


class CompileResult:
    """What ``compile`` returns.

    ``ir`` (the IR text), ``section`` (a ``Section`` opened from the bytes
    built in memory, or None), ``provenance`` (a ``Provenance``, or None),
    ``diagnostics`` (warnings and remarks of the run, as text),
    ``section_bytes`` (the section's bytes exactly as
    ``--tg-emit-debug-section`` writes them: save them to a file to keep the
    section). Unpacks as ``ir, section = tracegraph.compile(...)``.
    """

    __slots__ = ("ir", "section", "provenance", "diagnostics", "section_bytes")

    def __init__(self, ir, section, provenance, diagnostics,
                 section_bytes=None):
        self.ir = ir
        self.section = section
        self.provenance = provenance
        self.diagnostics = diagnostics
        self.section_bytes = section_bytes

    def __iter__(self):
        return iter((self.ir, self.section))

    def __repr__(self):
        return "<tracegraph.CompileResult: %d bytes of IR, section %s%s>" % (
            len(self.ir), "None" if self.section is None else
            "of %d handles" % self.section.num_handles,
            "" if self.provenance is None else ", provenance")


def _quoted(text):
    """A value as MLIR's pass-option syntax reads it back whole: quoted when
    it holds a space, a comma, a brace, '=' or a quote (a path with a space
    became an option of its own, one with a brace ended the pass)."""
    if text and not any(c in text for c in " \t\n,{}='\""):
        return text
    # The pipeline parser matches braces before it reads quotes.
    if "{" in text or "}" in text:
        raise ValueError("compile(): the pass option value %r holds a brace, "
                         "which MLIR's pipeline syntax cannot carry in a "
                         "value" % text)
    if '"' not in text:
        return '"%s"' % text
    if "'" not in text:
        return "'%s'" % text
    raise ValueError("compile(): the pass option value %r holds both quote "
                     "characters, which MLIR's pipeline syntax cannot quote"
                     % text)


def _option_value(value):
    if value is None:
        raise TypeError("compile(): a pass option's value is a str, number, "
                        "bool or list, not None")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(_option_value(v) for v in value)
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    return _quoted(str(value))


def _pass_text(item):
    """One pass of ``passes`` as MLIR's pipeline syntax: "tg-inline",
    "tg-inline{entry=f}", tg-opt's "--tg-inline=entry=f", or
    ("tg-inline", {"entry": "f"})."""
    if isinstance(item, tuple) and len(item) == 2 and isinstance(item[1], dict):
        name, options = item
        if not isinstance(name, str):
            raise TypeError("a pass name is a str, not %s" % type(name).__name__)
        name = name.strip().lstrip("-")
        if not name:
            raise ValueError("empty pass name in passes")
        if not options:
            return name
        return "%s{%s}" % (name, " ".join(
            "%s=%s" % (k, _option_value(v)) for k, v in options.items()))
    if not isinstance(item, str):
        raise TypeError("a pass is a str or a (name, {option: value}) tuple, "
                        "not %s" % type(item).__name__)
    text = item.strip().lstrip("-")
    if not text:
        raise ValueError("empty pass name in passes")
    if "{" not in text and "(" not in text and "=" in text:
        name, options = text.split("=", 1)
        return "%s{%s}" % (name, options)
    return text


def _pipeline_text(passes, pipeline):
    if passes is not None and pipeline is not None:
        raise TypeError("compile(): give passes or pipeline, not both")
    if pipeline is not None:
        if not isinstance(pipeline, str):
            raise TypeError("compile(): pipeline is MLIR's textual pipeline "
                            "(a str), not %s" % type(pipeline).__name__)
        text = pipeline.strip()
        if text.startswith("builtin.module(") and text.endswith(")"):
            text = text[len("builtin.module("):-1]
        return text
    if passes is None:
        passes = DEFAULT_PASSES
    if isinstance(passes, str):
        raise TypeError("compile(): passes is a list of pass names; a "
                        "textual pipeline goes in pipeline=")
    return ",".join(_pass_text(p) for p in passes)


# The native module keeps the first diagnostics whole up to 64 KB (the last
# one may end past it), then counts the rest; but one diagnostic can be
# larger than all that (a pipeline that does not parse is quoted in it).
_MAX_MESSAGE = 128 * 1024


def _bounded(message):
    """``message`` cut to _MAX_MESSAGE characters, at a line end if there is
    one in its second half, with what was cut counted."""
    if len(message) <= _MAX_MESSAGE:
        return message
    cut = message.rfind("\n", _MAX_MESSAGE // 2, _MAX_MESSAGE)
    cut = cut if cut >= 0 else _MAX_MESSAGE
    return "%s\n... (%d more characters not shown)" % (
        message[:cut].rstrip("\n"), len(message) - cut)


def _looks_like_a_path(text):
    """A str that cannot be IR: one line naming an MLIR file (or any file
    that exists) and holding none of IR's punctuation."""
    if "\n" in text or not text.strip() or any(c in text for c in "{}()%@\"="):
        return False
    return text.endswith((".mlir", ".mlirbc")) or os.path.isfile(text)


def compile(ir, passes=None, *, pipeline=None, section=True,
            strip_debuginfo=None, print_debuginfo=None, provenance=False,
            filename=None, embed_source=False, source_root="", compress=True,
            build_id=None, verify_each=True, threads=True):
    """Runs tg-opt's passes in this process; returns a ``CompileResult``.

    ``ir`` is tg IR text (``import_torch``'s result), MLIR bytecode
    (``bytes``), or a file of either given as an ``os.PathLike``
    (``pathlib.Path("model.mlir")``; a ``str`` is always IR text, and one
    that names a file raises ``TypeError`` saying so). The passes
    are ``passes``, a list of names as tg-opt takes them (``"tg-inline"``,
    ``"tg-module-hierarchy{format=profiler}"``, ``"--tg-fuse-elementwise"``,
    ``("tg-inline", {"entry": "f"})``; every tracegraph and upstream pass),
    or ``pipeline``, MLIR's textual pipeline (``"builtin.module(tg-inline,
    func.func(canonicalize))"``); without either, ``DEFAULT_PASSES``.

    ``section=True`` builds the debug section from the IR the passes leave
    (in memory, as ``--tg-emit-debug-section`` would write it) and returns
    it as a ``Section``; it needs debug handles (``tg-assign-debug-handles``).
    ``strip_debuginfo`` (default: ``section``) then strips the locations, as
    ``--strip-debuginfo`` after the section. ``print_debuginfo`` (default:
    not stripped) prints the locations in ``ir``. ``provenance=True`` runs
    ``tg-provenance`` after the passes and returns its map as a
    ``Provenance``. ``embed_source``, ``source_root`` and ``compress`` are
    the section's options of the same names; ``build_id`` is the section's
    build ID as hex (default ``None``: a hash of its contents; ``"none"``:
    no build ID, minor version 0 of the format); ``verify_each=False`` skips
    the verifier between passes, ``threads=False`` runs on one thread.
    ``filename`` (a str or a path) names the buffer in diagnostics
    (default: the path, or ``"<string>"``).

    Raises ``CompileError`` carrying MLIR's diagnostics when the IR does not
    parse, the pipeline is malformed or a pass fails::

        ir, section = tracegraph.compile(tracegraph.import_torch(model))
        print(section.traceback(section.handles[0]))
    """
    if isinstance(ir, os.PathLike):
        if filename is None:
            filename = os.fspath(ir)
        # A FIFO or a device would block or never end: a file only, as
        # Section() takes only files.
        if os.path.exists(ir) and not os.path.isfile(ir):
            raise ValueError("compile(): %r is not a regular file" %
                             os.fspath(ir))
        with open(ir, "rb") as f:
            ir = f.read()
    elif isinstance(ir, str) and _looks_like_a_path(ir):
        raise TypeError(
            "compile(%r): a str is IR text, and this one is a file name; give "
            "a file as a path: tracegraph.compile(pathlib.Path(%r))" % (ir, ir))
    elif isinstance(ir, (bytearray, memoryview)):
        ir = bytes(ir)
    elif not isinstance(ir, (str, bytes)):
        raise TypeError("compile(): ir is IR text (str), bytecode (bytes) or "
                        "an os.PathLike, not %s" % type(ir).__name__)
    if isinstance(ir, str):
        # What the native module would do (UTF-8), with an error that says
        # so: a str that is no UTF-8 (a lone surrogate) made pybind11 dump
        # its signature.
        try:
            ir = ir.encode("utf-8")
        except UnicodeEncodeError as e:
            raise ValueError("compile(): ir is not valid Unicode text: %s" %
                             e) from None
    if filename is None:
        filename = "<string>"
    filename = os.fsdecode(filename)
    if "\0" in filename or "\0" in os.fsdecode(source_root):
        raise ValueError("compile(): embedded null byte in %s" %
                         ("filename" if "\0" in filename else "source_root"))
    if build_id is not None and not isinstance(build_id, str):
        raise TypeError("compile(): build_id is hex digits or \"none\" (a "
                        "str), not %s" % type(build_id).__name__)
    # Yes-or-no options: bool (or an int 0/1, numpy's bool too); a string
    # such as "no" was true.
    for flag, value in (("section", section), ("provenance", provenance),
                        ("embed_source", embed_source), ("compress", compress),
                        ("verify_each", verify_each), ("threads", threads),
                        ("strip_debuginfo", strip_debuginfo),
                        ("print_debuginfo", print_debuginfo)):
        if value is None and flag in ("strip_debuginfo", "print_debuginfo"):
            continue
        if not (isinstance(value, bool) or type(value).__name__ == "bool_" or
                (isinstance(value, int) and value in (0, 1))):
            raise TypeError("compile(): %s is True or False, not %r" %
                            (flag, value))
    text = _pipeline_text(passes, pipeline)
    if strip_debuginfo is None:
        strip_debuginfo = bool(section)
    if print_debuginfo is None:
        print_debuginfo = not strip_debuginfo

    try:
        from . import _compiler
    except ModuleNotFoundError as e:
        if e.name != __package__ + "._compiler":
            raise
        raise ImportError(
            "tracegraph.compile needs the native module tracegraph._compiler, "
            "which this copy of the package does not have (build tracegraph "
            "with -DTG_ENABLE_PYTHON=ON: Debian's pybind11-dev and "
            "python3-dev)", name=__package__ + "._compiler") from e
    workdir = None
    try:
        if provenance:
            workdir = tempfile.mkdtemp(prefix="tracegraph-")
            provenance_path = os.path.join(workdir, "provenance.json")
            text = ",".join(p for p in (text, "tg-provenance{path=%s}" %
                                        _quoted(provenance_path)) if p)
        try:
            out_ir, section_bytes, diagnostics = _compiler.compile(
                ir, text, filename, bool(section), bool(strip_debuginfo),
                bool(print_debuginfo), bool(verify_each), bool(threads),
                bool(embed_source), os.fspath(source_root), bool(compress),
                "" if build_id is None else str(build_id))
        except _compiler.CompileError as e:
            raise CompileError(_bounded(str(e))) from None
        prov = None
        if provenance:
            from .provenance import Provenance
            prov = Provenance.load(provenance_path)
    finally:
        if workdir is not None:
            shutil.rmtree(workdir, ignore_errors=True)
    opened = None
    if section_bytes is not None:
        from . import Section
        opened = Section(section_bytes)
    return CompileResult(out_ir, opened, prov, diagnostics, section_bytes)
