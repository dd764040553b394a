"""Where the user called a TorchScript builtin compiled from a string.

TorchScript compiles some Python operations from builtin functions whose
source is a string (file `<string>`): scalar-on-the-left arithmetic and
comparisons (`2.0 - t` is `def sub(a: float, b: Tensor): return
torch.neg(b) + a`, `0.1 * y` is `def mul(...): return b * a`), and helpers
such as `_list_with_default`. It inlines their graph into the caller with the
builtin's own source ranges and records no call site: the ops of `2.0 - t`
say `<string>:11:10` and nothing says which line of the model wrote it.

This module finds that line. For each run of consecutive `<string>` nodes of
one builtin in a graph, it looks in the graph's own Python source (the file
its other nodes point into, read with `ast`) for the expression that calls
the builtin: a binary operation or comparison of the builtin's operator, or
a call of a function of the builtin's name; the importer then gives the
run's ops the location `callsite(<string> at <the expression>)`, with a
frame for the builtin function (`sub`), as tg-inline gives a called
function.

Which expression: the candidates are the expressions of the builtin's kind
in the function's source that TorchScript did not compile to an operator
node of their own (a node starting where the expression starts, of the
operator's aten kind, such as `aten::mul` for `x * 2.0`, is the expression
itself). A run's inputs anchor it: an operand computed by a node of the
graph whose range starts where an operand of a candidate starts (the
literal `2.0` of `2.0 - t`, the `torch.sigmoid(...)` of
`16 * torch.sigmoid(...)`) picks that candidate; a run without an anchor
(a constant TorchScript pooled with an earlier one, a variable) takes the
next candidate in evaluation order. A run that matches nothing keeps its
`<string>` location alone.
"""

import ast
import re

# The Python operators of TorchScript's scalar-on-the-left builtins, and the
# aten operator a direct (tensor-on-the-left) use of each compiles to.
_BINARY = {"add": (ast.Add, "aten::add"), "sub": (ast.Sub, "aten::sub"),
           "mul": (ast.Mult, "aten::mul"), "div": (ast.Div, "aten::div"),
           "floordiv": (ast.FloorDiv, "aten::floordiv"),
           "remainder": (ast.Mod, "aten::remainder"), "pow": (ast.Pow, "aten::pow")}
_COMPARE = {"eq": (ast.Eq, "aten::eq"), "ne": (ast.NotEq, "aten::ne"),
            "lt": (ast.Lt, "aten::lt"), "le": (ast.LtE, "aten::le"),
            "gt": (ast.Gt, "aten::gt"), "ge": (ast.GtE, "aten::ge")}

_DEF = re.compile(r"^\s*def\s+(\w+)\s*\(")


def builtin_name(window, line):
    """The builtin function whose body holds `line`: the nearest `def NAME(`
    at or above it in the source window [(line number, text)]; None when the
    window does not show it."""
    best = None
    for number, text in window:
        m = _DEF.match(text)
        if m and number <= line and (best is None or number > best[0]):
            best = (number, m.group(1))
    return best[1] if best else None


class _Candidate:
    """An expression of the source that may call a builtin."""

    def __init__(self, node, operands, order):
        self.node = node
        self.start = (node.lineno, node.col_offset + 1)
        self.operand_starts = {(o.lineno, o.col_offset + 1) for o in operands}
        self.order = order  # its place in evaluation order (post-order)

    def range(self):
        n = self.node
        return (n.lineno, n.col_offset + 1, n.end_lineno, n.end_col_offset + 1)


def _post_order(node, out):
    """The expressions under `node` in evaluation order (operands first), not
    entering nested functions, lambdas or classes."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda,
                              ast.ClassDef)):
            continue
        _post_order(child, out)
    out.append(node)


def _callee_name(call):
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


class SourceIndex:
    """The parsed Python sources the graphs point into (each file once)."""

    def __init__(self):
        self._trees = {}

    def function_at(self, path, lines):
        """The innermost function definition of `path` that spans all of
        `lines`, or None (no such file, no such function)."""
        tree = self._trees.get(path, False)
        if tree is False:
            try:
                with open(path, encoding="utf-8") as f:
                    tree = ast.parse(f.read(), filename=path)
            except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
                tree = None
            self._trees[path] = tree
        if tree is None or not lines:
            return None
        lo, hi = min(lines), max(lines)
        best = None
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and \
                    node.lineno <= lo and hi <= node.end_lineno:
                if best is None or node.lineno >= best.lineno:
                    best = node
        return best


def candidates(function, name):
    """The expressions of `function` that may call builtin `name`, in
    evaluation order, each with its aten kind when a direct use compiles to
    one (None for calls)."""
    out = []
    _post_order(function, out)
    found = []
    for node in out:
        if name in _BINARY and isinstance(node, ast.BinOp) and \
                isinstance(node.op, _BINARY[name][0]):
            found.append(_Candidate(node, [node.left, node.right], len(found)))
        elif name in _COMPARE and isinstance(node, ast.Compare) and \
                len(node.ops) == 1 and isinstance(node.ops[0], _COMPARE[name][0]):
            found.append(_Candidate(node, [node.left, node.comparators[0]], len(found)))
        elif isinstance(node, ast.Call) and (_callee_name(node) or "").lstrip("_") == name:
            found.append(_Candidate(node, list(node.args), len(found)))
    return found


def direct_kind(name):
    """The aten kind of a direct use of builtin `name`'s operator, or None."""
    if name in _BINARY:
        return _BINARY[name][1]
    if name in _COMPARE:
        return _COMPARE[name][1]
    return None


def match_runs(function, runs, direct_starts):
    """The source range (line, col, end_line, end_col) of the expression that
    called each run, or None.

    `runs` is [(builtin name, {(anchor start, from a constant)})] in graph
    order;
    `direct_starts` counts the graph's own operator nodes by (aten kind,
    start): those expressions are no builtin calls."""
    results = []
    by_name = {}
    for name, anchors in runs:
        state = by_name.get(name)
        if state is None:
            found = candidates(function, name)
            kind = direct_kind(name)
            if kind is not None:
                found = _without_direct(found, kind, direct_starts)
            state = by_name[name] = {"candidates": found, "cursor": 0}
        found, cursor = state["candidates"], state["cursor"]
        computed = {start for start, constant in anchors if not constant}
        constants = {start for start, constant in anchors if constant}
        # An operand computed by a node of its own pins the call (an
        # unrolled loop calls one expression again); a constant only when
        # the expression is still ahead (pooled constants keep the range of
        # their first use).
        anchored = [c for c in found if c.operand_starts & computed] or \
            [c for c in found if c.order >= cursor and c.operand_starts & constants]
        if anchored:
            later = [c for c in anchored if c.order >= cursor]
            pick = (later or anchored)[0]
        else:
            rest = [c for c in found if c.order >= cursor]
            pick = rest[0] if rest else None
        if pick is not None:
            state["cursor"] = pick.order + 1
        results.append(pick.range() if pick is not None else None)
    return results


def _without_direct(found, kind, direct_starts):
    """`found` minus the expressions TorchScript compiled to an operator node
    of their own: per start, as many of the outermost candidates there as
    there are direct nodes of `kind` starting there."""
    by_start = {}
    for c in found:
        by_start.setdefault(c.start, []).append(c)
    dropped = set()
    for start, group in by_start.items():
        n = direct_starts.get((kind, start), 0)
        # Post-order: the outermost expression at a start comes last.
        for c in group[max(0, len(group) - n):] if n else []:
            dropped.add(id(c))
    kept = [c for c in found if id(c) not in dropped]
    for i, c in enumerate(kept):
        c.order = i
    return kept
