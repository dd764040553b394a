"""The provenance map ``tg-opt --tg-provenance`` writes, read back.

docs/provenance.md describes the JSON: ``kernelToOrigins`` (each fused
kernel -> its origins, each with the original ops it stands for and their
stack trace, most recent call last) and ``originalToKernels`` (each original
op, ``handle:<n>`` or ``<graph>/<operator>#<n>`` -> the kernels holding it).
Pure Python: no native module is needed.
"""
import json
import operator
import os
from typing import NamedTuple, Optional

__all__ = ["Provenance", "ProvenanceOrigin", "ProvenanceFrame",
           "read_provenance"]


class ProvenanceFrame(NamedTuple):
    """One entry of an origin's stack: a line and the method it is in."""
    file: Optional[str]
    line: Optional[int]
    col: Optional[int]
    function: Optional[str]
    #: The module's class and instance (``TOP``, ``SELF`` or an attribute
    #: name) when the line is in a method of a module; else None.
    class_name: Optional[str] = None
    instance: Optional[str] = None
    end_line: Optional[int] = None
    end_col: Optional[int] = None
    #: A location that is not a file position, as MLIR prints it.
    loc: Optional[str] = None

    @classmethod
    def from_json(cls, entry):
        """The frame of one ``stack`` entry of the JSON."""
        if not isinstance(entry, dict):
            raise ValueError("provenance: a stack entry is an object, not %r"
                             % (entry,))
        return cls(entry.get("file"), entry.get("line"), entry.get("col"),
                   entry.get("function"), entry.get("class"),
                   entry.get("instance"), entry.get("endLine"),
                   entry.get("endCol"), entry.get("loc"))

    def format(self):
        """The frame as Python prints it: ``  File "f", line N, in fn``."""
        if self.file is None:
            return "  %s" % (self.loc or "<unknown>")
        return '  File "%s", line %s, in %s' % (self.file, self.line,
                                               self.function or "<unknown>")


class ProvenanceOrigin(NamedTuple):
    """One origin of a kernel: the original ops (names) and operators that
    carry it, and its stack (outermost first, the op's own line last)."""
    ops: tuple
    operators: tuple
    stack: tuple

    @property
    def handles(self):
        """The debug handles among ``ops`` (``handle:<n>``), as ints."""
        return [int(op[len("handle:"):]) for op in self.ops
                if op.startswith("handle:")]

    def format_stack(self):
        """The stack as Python prints a traceback's frames, one per line."""
        return "\n".join(frame.format() for frame in self.stack)


def _op_name(op):
    """An original op as the JSON names it: an int is a debug handle."""
    if isinstance(op, bool):
        raise TypeError("an original op is a debug handle (int) or a name "
                        "(str), not bool")
    if isinstance(op, str):
        return op
    # An int, or an integer of numpy's (as Section takes them everywhere).
    if hasattr(op, "__index__") and not isinstance(op, (float, complex)):
        return "handle:%d" % operator.index(op)
    raise TypeError("an original op is a debug handle (int) or a name (str), "
                    "not %s" % type(op).__name__)


class Provenance:
    """Which fused kernels hold which original ops, and back.

    ``Provenance.load(path)`` reads the file ``--tg-provenance=path=...``
    wrote; ``tracegraph.compile(..., provenance=True)`` returns one too::

        prov = tracegraph.Provenance.load("prov.json")
        prov.kernels                       # ["fused_add_relu_0", ...]
        prov.origins("fused_add_relu_0")   # [ProvenanceOrigin(ops=("handle:41",), ...)]
        prov.kernels_of(41)                # ["fused_add_relu_0"]
    """

    def __init__(self, data):
        """From the parsed JSON document (a dict); ``load`` and ``loads``
        are the usual ways in. Raises ValueError for another shape."""
        if not isinstance(data, dict):
            raise ValueError("provenance: the document is not a JSON object "
                             "but %s" % type(data).__name__)
        self.version = data.get("version")
        if self.version != 1:
            raise ValueError("provenance: version %r is not supported (this "
                             "reader reads version 1)" % (self.version,))
        k2o = data.get("kernelToOrigins")
        o2k = data.get("originalToKernels")
        if not isinstance(k2o, dict) or not isinstance(o2k, dict):
            raise ValueError("provenance: 'kernelToOrigins' and "
                             "'originalToKernels' must be objects")
        self._origins = {}
        for kernel, origins in k2o.items():
            if not isinstance(origins, list):
                raise ValueError("provenance: the origins of kernel %r are "
                                 "not a list" % kernel)
            self._origins[kernel] = [
                ProvenanceOrigin(tuple(o.get("ops", ())),
                                 tuple(o.get("operators", ())),
                                 tuple(ProvenanceFrame.from_json(e)
                                       for e in o.get("stack", ())))
                for o in origins]
        self._kernels_of = {op: list(ks) for op, ks in o2k.items()}

    @classmethod
    def load(cls, path):
        """Reads a provenance file (str or os.PathLike)."""
        with open(os.fspath(path), "rb") as f:
            try:
                data = json.loads(f.read())
            except (json.JSONDecodeError, UnicodeDecodeError) as e:
                # A binary file (a debug section given by mistake) is not
                # JSON either: the same ValueError.
                raise ValueError("provenance: %s is not JSON: %s" % (path, e)) \
                    from None
        return cls(data)

    @classmethod
    def loads(cls, text):
        """Reads a provenance document from its JSON text."""
        return cls(json.loads(text))

    @property
    def kernels(self):
        """The kernel names, sorted (as the JSON has them)."""
        return list(self._origins)

    @property
    def original_ops(self):
        """Every original op's name (``handle:<n>`` or a stable name)."""
        return list(self._kernels_of)

    def origins(self, kernel):
        """The origins of ``kernel``, in program order. KeyError if no
        kernel has that name."""
        try:
            return list(self._origins[kernel])
        except KeyError:
            raise KeyError("no kernel named %r in the provenance map"
                           % (kernel,)) from None

    def ops_of(self, kernel):
        """The original ops ``kernel`` holds (names, program order, each
        once)."""
        seen = {}
        for origin in self.origins(kernel):
            for op in origin.ops:
                seen.setdefault(op, None)
        return list(seen)

    def handles_of(self, kernel):
        """The debug handles of the original ops ``kernel`` holds."""
        return [int(op[len("handle:"):]) for op in self.ops_of(kernel)
                if op.startswith("handle:")]

    def kernels_of(self, op):
        """The kernels holding the original op ``op`` (a debug handle or a
        name); ``[]`` for an op no kernel holds. KeyError for an op the map
        does not know."""
        name = _op_name(op)
        try:
            return list(self._kernels_of[name])
        except KeyError:
            raise KeyError("no original op %r in the provenance map"
                           % (name,)) from None

    def __contains__(self, op):
        try:
            return _op_name(op) in self._kernels_of
        except TypeError:
            return False

    def __len__(self):
        return len(self._origins)

    def __repr__(self):
        return "<tracegraph.Provenance: %d kernels, %d original ops>" % (
            len(self._origins), len(self._kernels_of))


def read_provenance(path):
    """``Provenance.load(path)``: the map ``--tg-provenance`` wrote."""
    return Provenance.load(path)
