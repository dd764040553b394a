"""Text-IR helpers shared by the TorchScript and torch.fx importers.

Everything the importers print goes through these functions, so that every
string, attribute and location is valid MLIR syntax whatever it contains.
"""

import math
import re

_PRINTABLE = set(range(0x20, 0x7F)) - {ord('"'), ord("\\")}


def quote(text):
    """`text` as an MLIR string literal.

    The MLIR lexer accepts `\\"`, `\\\\`, `\\n`, `\\t` and `\\XX` (two hex
    digits) inside a string; a raw newline ends the literal with an error.
    Every byte outside printable ASCII is written as `\\XX` of its UTF-8
    encoding, so any Python string round-trips exactly.
    """
    out = ['"']
    for byte in str(text).encode("utf-8"):
        if byte in _PRINTABLE:
            out.append(chr(byte))
        elif byte == ord('"'):
            out.append('\\"')
        elif byte == ord("\\"):
            out.append("\\\\")
        else:
            out.append("\\%02X" % byte)
    out.append('"')
    return "".join(out)


_BARE_ID = re.compile(r"^[A-Za-z_$.\-][A-Za-z0-9_$.\-]*$")
_NUMERIC_ID = re.compile(r"^[0-9]+$")


def is_valid_ssa_suffix(name):
    """Whether `name` can follow `%` in an MLIR SSA name as it is."""
    return bool(_BARE_ID.match(name) or _NUMERIC_ID.match(name))


def float_literal(value):
    """An f64 attribute for a Python float, exact for every value."""
    if math.isnan(value):
        return "0x7FF8000000000000 : f64"
    if math.isinf(value):
        return ("0x7FF0000000000000" if value > 0 else "0xFFF0000000000000") + " : f64"
    text = repr(float(value))
    mantissa, _, exponent = text.partition("e")
    if "." not in mantissa:
        mantissa += ".0"
    return mantissa + ("e" + exponent if exponent else "") + " : f64"


def py_attr(value):
    """An MLIR attribute for a constant Python value (TorchScript IValue or
    an fx argument). Values without a natural attribute form are kept as a
    string of their `repr`, never dropped."""
    if value is None:
        return "unit"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if -(2 ** 63) <= value < 2 ** 63:
            return "%d : i64" % value
        return quote(repr(value))
    if isinstance(value, float):
        return float_literal(value)
    if isinstance(value, str):
        return quote(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(py_attr(v) for v in value) + "]"
    try:
        import torch

        if isinstance(value, torch.Tensor):
            return quote("tensor(%s, shape=%s)" % (str(value.dtype).replace("torch.", ""),
                                                  list(value.shape)))
        if isinstance(value, (torch.device, torch.dtype, torch.layout,
                              torch.memory_format)):
            return quote(str(value))
    except ImportError:  # pragma: no cover
        pass
    return quote(repr(value))


class LocTable:
    """Prints locations, deduplicated as `#locN` aliases at the end of the
    file (the form tg-opt prints with -mlir-print-debuginfo)."""

    def __init__(self):
        self._aliases = {}
        self._order = []

    def ref(self, loc_body):
        """`loc(#locN)` for the location `loc_body` (text inside `loc(...)`),
        or `loc(unknown)`."""
        if loc_body is None or loc_body == "unknown":
            return "loc(unknown)"
        alias = self._aliases.get(loc_body)
        if alias is None:
            alias = "#tgloc%d" % len(self._order)
            self._aliases[loc_body] = alias
            self._order.append((alias, loc_body))
        return "loc(%s)" % alias

    def definitions(self):
        """The `#locN = loc(...)` alias lines of every location used, in order."""
        return "".join("%s = loc(%s)\n" % (a, b) for a, b in self._order)


def file_line_col(filename, line, col, end_line=None, end_col=None):
    """A FileLineColLoc / FileLineColRange body. Columns are 1-based; the
    end column is exclusive, one past the range's last column (callers give
    1-based columns: the 0-based exclusive end offset TorchScript and Python
    record, plus one)."""
    text = "%s:%d:%d" % (quote(filename), line, col)
    if end_line == line and end_col == col:
        end_col = None  # a one-column range: MLIR's canonical form is the point
    if end_col is not None:
        if end_line is None or end_line == line:
            text += " to :%d" % end_col
        else:
            text += " to %d:%d" % (end_line, end_col)
    return text


def name_loc(name, child_body):
    """A NameLoc body: `"name"(child)`."""
    return "%s(%s)" % (quote(name), child_body)


def callsite_chain(leaf_body, caller_bodies):
    """`callsite(leaf at callsite(c1 at c2 ...))` with `caller_bodies` from
    the innermost caller to the outermost, MLIR's canonical chain shape."""
    if not caller_bodies:
        return leaf_body
    callers = caller_bodies[-1]
    for body in reversed(caller_bodies[:-1]):
        callers = "callsite(%s at %s)" % (body, callers)
    return "callsite(%s at %s)" % (leaf_body, callers)
