"""Static tensor types from PyTorch's own run on example inputs.

TorchScript keeps one graph per method of a class, shared by every instance
and every call, so a value of `BasicBlock::forward` has one shape in
`layer1.0` and another in `layer2.0`: shapes belong to the inlined program,
per call path. This module runs the scripted model's graphs on the example
inputs the way TorchScript's interpreter does (every operator is PyTorch's
own, called through torch.ops with the node's exact schema), following each
prim::CallMethod / prim::CallFunction into its callee with the path of call
ordinals that leads there, and records every tensor it sees:

  path "3.0.5" = the 6th call of the 4th call's callee's 1st call ...;
  op ordinal k = the k-th op of that graph as torch-to-tg writes it (pre-order);

which --tg-inline applies while it flattens the program
(`tg.example_types`, docs/torch-import.md). A value whose type differs
between runs of the same op (a loop body) gets none.
"""

import torch

from .text import py_attr

_DTYPES = {
    torch.float32: "f32", torch.float64: "f64", torch.float16: "f16",
    torch.bfloat16: "bf16", torch.int64: "i64", torch.int32: "i32",
    torch.int16: "i16", torch.int8: "i8", torch.uint8: "ui8", torch.bool: "i1",
}


class Unsupported(Exception):
    """The model does something the recorder does not execute."""


def mlir_tensor_type(t):
    """`tensor<1x64x56x56xf32>` of a tensor, or None for a dtype tg has no
    element type for."""
    return mlir_type_of(t.shape, t.dtype)


def mlir_type_of(shape, dtype):
    """The tg tensor type text of a shape and torch dtype, or None for a dtype tg has no element type for."""
    element = _DTYPES.get(dtype)
    if element is None:
        return None
    dims = "x".join(str(d) for d in shape)
    return "tensor<%s%s>" % (dims + "x" if dims else "", element)


def _call_op(node, args):
    """Calls the operator of `node` (`aten::add`) with TorchScript's
    operands, through its exact overload (`aten::add.Tensor`): keyword-only
    parameters (alpha) come positionally in the graph."""
    schema = node.schema()
    if schema == "(no schema)":
        raise Unsupported("%s has no schema" % node.kind())
    name = schema.split("(", 1)[0]
    ns, _, qualified = name.partition("::")
    op, _, overload = qualified.partition(".")
    packet = getattr(getattr(torch.ops, ns), op)
    return call_overload(getattr(packet, overload or "default"), args)


def call_overload(fn, args):
    """Calls the operator overload `fn` (`torch.ops.aten.add.Tensor`) with
    TorchScript's operands: the graph passes every argument positionally,
    Python wants the keyword-only ones (add's `alpha`) by name."""
    positional, keywords = [], {}
    for param, value in zip(fn._schema.arguments, args):
        if param.kwarg_only:
            keywords[param.name] = value
        else:
            positional.append(value)
    return fn(*positional, **keywords)


# Builtins TorchScript runs in its interpreter whose Python binding cannot
# take the graph's operands (varargs, lists it mutates): their Python meaning.
def _format(fmt, *args):
    return fmt.format(*args)


_PYTHON = {
    "aten::format": _format,
    "aten::warn": lambda *args: None,
    "aten::append": lambda lst, x: lst.append(x) or lst,
    "aten::__getitem__": lambda seq, i: seq[i],
    "aten::len": len,
    "aten::__contains__": lambda seq, x: x in seq,
    "aten::__is__": lambda a, b: a is b,
    "aten::__isnot__": lambda a, b: a is not b,
    "aten::__not__": lambda a: not a,
    # Bitwise on ints and tensors, logical on bools: Python's `&` and `|`,
    # never `and`/`or` (which return an operand, and raise on a tensor of
    # several elements).
    "aten::__and__": lambda a, b: a & b,
    "aten::__or__": lambda a, b: a | b,
    "aten::__xor__": lambda a, b: a ^ b,
    "prim::dtype": lambda t: t.dtype,
    "prim::device": lambda t: t.device,
    "prim::is_cuda": lambda t: t.is_cuda,
    "prim::requires_grad": lambda t: t.requires_grad,
    "prim::min": min,
    "prim::max": max,
    "prim::unchecked_cast": lambda x: x,
    "prim::Uninitialized": lambda: None,
    "aten::copy": lambda x: x.copy() if isinstance(x, (list, dict)) else torch.ops.aten.copy(x),
    "aten::str": str,
    "aten::list": list,
    "aten::extend": lambda lst, other: lst.extend(other) or lst,
    "aten::insert": lambda lst, i, x: lst.insert(i, x) or lst,
    "aten::keys": lambda d: list(d.keys()),
    "aten::values": lambda d: list(d.values()),
    "aten::Int": int,
    "aten::Float": float,
    "aten::Bool": bool,
}


def _tensor_of_list(data, dtype=None, device=None, requires_grad=False):
    """aten::tensor / aten::as_tensor of a list literal (`torch.tensor([0.3])`):
    the element type inferred as TorchScript infers it (float -> the default
    float type, int -> int64, bool -> bool), then `dtype` (a ScalarType)."""
    t = torch.tensor(data, device=device)
    return t if dtype is None else torch.ops.aten.to(t, dtype)


# TorchScript's generic list builtins, when their first operand is a list
# (their Python binding cannot infer `t` from a Python list).
_SEQUENCE = {
    "aten::slice": lambda seq, start=None, end=None, step=1: seq[start:end:step],
    "aten::add": lambda a, b: list(a) + list(b),
    "aten::mul": lambda a, n: list(a) * n,
    "aten::eq": lambda a, b: list(a) == list(b),
    "aten::ne": lambda a, b: list(a) != list(b),
    "aten::index": lambda seq, x: list(seq).index(x),
    "aten::count": lambda seq, x: list(seq).count(x),
    "aten::reverse": lambda seq: seq.reverse(),
    "aten::pop": lambda seq, i=-1: seq.pop(i),
    "aten::_set_item": lambda seq, i, x: seq.__setitem__(i, x) or seq,
    "aten::__getitem__": lambda seq, i: seq[i],
    "aten::len": len,
    "aten::tensor": _tensor_of_list,
    "aten::as_tensor": _tensor_of_list,
}


# TorchScript's dict builtins (Dict[K, V]), when their first operand is a
# dict: their Python binding cannot infer `t` from a Python dict either
# (torchvision's segmentation models write their outputs into one:
# `result["out"] = x`).
_MAPPING = {
    "aten::_set_item": lambda d, k, v: d.__setitem__(k, v),
    "aten::__getitem__": lambda d, k: d[k],
    "aten::len": len,
    "aten::keys": lambda d: list(d.keys()),
    "aten::values": lambda d: list(d.values()),
    "aten::items": lambda d: list(d.items()),
    "aten::get": lambda d, k, default=None: d.get(k, default),
    "aten::setdefault": lambda d, k, default: d.setdefault(k, default),
    "aten::pop": lambda d, k, *default: d.pop(k, *default),
    "aten::popitem": lambda d: d.popitem(),
    "aten::update": lambda d, other: d.update(other),
    "aten::clear": lambda d: d.clear(),
    "aten::copy": lambda d: dict(d),
    "aten::dict": lambda d: dict(d),
    "aten::__contains__": lambda d, k: k in d,
    "aten::Delete": lambda d, k: d.__delitem__(k),
}


class TypeRecorder:
    """Runs `scripted`'s `method` on example inputs, recording the type of
    every tensor value per call path."""

    def __init__(self, importer, scripted, method="forward"):
        self.importer = importer
        self.root = scripted
        self.method = method
        # path -> {op ordinal: [type or None per result]}
        self.table = {}
        self._conflicts = set()
        self._call_ordinals = {}  # graph symbol -> {first output unique: ordinal}
        self._graph_signatures = {}  # path -> (op count, signature) of its graph

    # -- the run -----------------------------------------------------------
    def run(self, inputs):
        """Runs the method on `inputs` and records the type of every tensor value it computes."""
        method = self.root._c._get_method(self.method)
        graph = method.graph
        symbol = "%s::%s" % (self.root._c._type().qualified_name(), self.method)
        args = [self.root._c] + self._with_defaults(method.schema, list(inputs))
        with torch.no_grad():
            self._run_graph(graph, symbol, args, "")
        entry = self.table.setdefault("", {})
        # An argument the run left at its default (`attn_mask=None`,
        # `need_weights=True`) is that constant (`unit`, `true`, `3 : i64`,
        # ...): --tg-inline takes it as a constant, as a caller that passes
        # nothing compiles it, so the branches testing it fold (the IR is
        # specialized to the run, as its static types are).
        given = 1 + len(inputs)
        entry["args"] = [mlir_tensor_type(a) if isinstance(a, torch.Tensor) else
                         py_attr(a) if i >= given and _is_scalar_default(a) else None
                         for i, a in enumerate(args)]
        # Each path's op count and signature: --tg-inline refuses a table
        # whose graphs were rewritten since (their ordinals would name other
        # ops).
        for path, types in self.table.items():
            if self._graph_signatures.get(path) is not None:
                types["ops"], types["signature"] = self._graph_signatures[path]
        return self.table

    def _with_defaults(self, schema, inputs):
        """`inputs` completed with the defaults of the parameters they leave
        out, as a call would be; Unsupported naming the parameters (not
        counting self, as the user wrote them) when they cannot be."""
        params = schema.arguments[1:]  # self is the module
        required = sum(1 for p in params if not p.has_default_value())
        if required <= len(inputs) <= len(params):
            return inputs + [p.default_value for p in params[len(inputs):]]
        names = ", ".join(p.name + ("=%r" % (p.default_value,)
                                    if p.has_default_value() else "")
                          for p in params)
        takes = ("%d" % required if required == len(params) else
                 "%d to %d" % (required, len(params)))
        raise Unsupported("%s.%s(%s) takes %s input%s, got %d example input%s"
                          % (self.root.original_name, self.method, names, takes,
                             "" if len(params) == 1 else "s", len(inputs),
                             "" if len(inputs) == 1 else "s"))

    def _run_graph(self, graph, symbol, args, path):
        self._graph_signatures[path] = self.importer.graph_signatures.get(symbol)
        env = {}
        inputs = list(graph.inputs())
        if len(inputs) != len(args):
            raise Unsupported("%s takes %d arguments, got %d" % (symbol, len(inputs), len(args)))
        for v, a in zip(inputs, args):
            env[v.unique()] = a
        calls = self._calls_of(symbol, graph)
        self._run_nodes(graph.nodes(), env, symbol, path, calls)
        return [env[v.unique()] for v in graph.outputs()]

    def _calls_of(self, symbol, graph):
        """Call ordinals of a graph: the i-th prim::CallMethod or
        prim::CallFunction in pre-order, as tg.call_method / tg.call are."""
        key = symbol
        calls = self._call_ordinals.get(key)
        if calls is None:
            calls = {}

            def walk(nodes):
                for node in nodes:
                    if node.kind() in ("prim::CallMethod", "prim::CallFunction"):
                        calls[node.outputsAt(0).unique()] = len(calls)
                    for block in node.blocks():
                        walk(block.nodes())
            walk(graph.nodes())
            self._call_ordinals[key] = calls
        return calls

    def _run_block(self, block, env, symbol, path, calls, args):
        for v, a in zip(block.inputs(), args):
            env[v.unique()] = a
            if isinstance(a, torch.Tensor):
                # A loop's carried value: typed when every iteration agrees.
                self._record(symbol, path, v.unique(), a)
        self._run_nodes(block.nodes(), env, symbol, path, calls)
        return [env[v.unique()] for v in block.outputs()]

    def _run_nodes(self, nodes, env, symbol, path, calls):
        for node in nodes:
            outputs = self._run_node(node, env, symbol, path, calls)
            for v, value in zip(node.outputs(), outputs):
                env[v.unique()] = value
                if isinstance(value, torch.Tensor):
                    self._record(symbol, path, v.unique(), value)

    def _run_node(self, node, env, symbol, path, calls):
        kind = node.kind()
        args = [env.get(v.unique()) for v in node.inputs()]
        outputs = list(node.outputs())
        context = self.importer.context
        if context is not None:
            # The run follows the program that is imported (inference.py).
            decided, value = context.constant_for(node)
            if decided:
                return [value]
        if kind == "prim::Constant":
            out = outputs[0]
            if out.type().kind() == "FunctionType":
                return [self.importer._function_name(out.type())]
            return [out.toIValue() if "value" in node.attributeNames() else None]
        if kind == "prim::GetAttr":
            obj = args[0]
            name = node.s("name")
            if isinstance(obj, torch._C.ScriptModule):
                return [obj.getattr(name)]
            return [getattr(obj, name)]
        if kind == "prim::SetAttr":
            obj = args[0]
            obj.setattr(node.s("name"), args[1])
            return []
        if kind == "prim::CallMethod":
            module = args[0]
            name = node.s("name")
            callee_path = self._callee_path(path, calls, node)
            qual = module._type().qualified_name()
            graph = module._get_method(name).graph
            return self._run_graph(graph, "%s::%s" % (qual, name), args, callee_path)
        if kind == "prim::CallFunction":
            fn = self.importer.cu.find_function(args[0])
            if fn is None:
                raise Unsupported("function %s not found" % args[0])
            callee_path = self._callee_path(path, calls, node)
            return self._run_graph(fn.graph, self.importer.function_symbol(args[0]),
                                   args[1:], callee_path)
        if kind == "prim::If":
            blocks = list(node.blocks())
            return self._run_block(blocks[0] if args[0] else blocks[1], env, symbol, path,
                                   calls, [])
        if kind == "prim::Loop":
            trips, cond, carried = args[0], args[1], args[2:]
            body = list(node.blocks())[0]
            i = 0
            while cond and i < trips:
                results = self._run_block(body, env, symbol, path, calls, [i] + carried)
                cond, carried = results[0], results[1:]
                i += 1
            return carried
        if kind == "prim::ListConstruct":
            return [list(args)]
        if kind == "prim::TupleConstruct":
            return [tuple(args)]
        if kind in ("prim::TupleUnpack", "prim::ListUnpack"):
            return list(args[0])
        if kind == "prim::TupleIndex":
            return [args[0][args[1]]]
        if kind == "prim::DictConstruct":
            return [dict(zip(args[0::2], args[1::2]))]
        if kind == "prim::RaiseException":
            raise Unsupported("the model raised on the example input: %s" % args[0])
        if kind in _PYTHON:
            return [_PYTHON[kind](*args)]
        if args and isinstance(args[0], (list, tuple)) and kind in _SEQUENCE:
            # A generic list builtin (List[t]): Python's own meaning.
            return [_SEQUENCE[kind](*args)]
        if args and isinstance(args[0], dict) and kind in _MAPPING:
            # A dict builtin (Dict[K, V]): Python's own meaning; the ones
            # that return nothing have no output.
            result = _MAPPING[kind](*args)
            return [result] if outputs else []
        result = _call_op(node, args)
        if len(outputs) == 1:
            return [result]
        return list(result)

    def _callee_path(self, path, calls, node):
        ordinal = calls[node.outputsAt(0).unique()]
        return str(ordinal) if path == "" else "%s.%d" % (path, ordinal)

    def _record(self, symbol, path, unique, tensor):
        where = self.importer.value_ops.get(symbol, {}).get(unique)
        if where is None:
            return
        ordinal, index = where
        types = self.table.setdefault(path, {}).setdefault(ordinal, [])
        while len(types) <= index:
            types.append(None)
        t = mlir_tensor_type(tensor)
        key = (path, ordinal, index)
        if key in self._conflicts:
            return
        if types[index] is None:
            types[index] = t
        elif types[index] != t:
            # Another run of the same op (a loop) saw another type.
            types[index] = None
            self._conflicts.add(key)


def parse_example_input(text):
    """`1x3x224x224` or `1x3x224x224:f16` -> a random tensor of that shape
    and dtype (f32 default)."""
    shape_text, _, dtype_text = text.partition(":")
    names = {v: k for k, v in _DTYPES.items()}
    dtype = names.get(dtype_text or "f32")
    if dtype is None:
        raise ValueError("unknown element type '%s' (one of %s)"
                         % (dtype_text, ", ".join(sorted(names))))
    try:
        shape = [int(d) for d in shape_text.split("x")]
    except ValueError:
        raise ValueError("a shape is sizes joined by 'x' (1x3x224x224), got '%s'" % shape_text)
    if any(d <= 0 for d in shape):
        raise ValueError("sizes must be positive, got '%s'" % shape_text)
    if dtype.is_floating_point:
        return torch.randn(shape, dtype=dtype, generator=torch.Generator().manual_seed(0))
    return torch.zeros(shape, dtype=dtype)


def _is_scalar_default(value):
    """Whether a default argument value is one --tg-inline binds: None, a
    bool, an int, a float or a str."""
    return value is None or isinstance(value, (bool, int, float, str))


def table_attribute(table):
    """The table as the text of an MLIR dictionary attribute:
    {"entry" = {"ordinal" = [types...], "args" = [...]}, "3.0" = {...}, ...}."""
    from .text import quote
    paths = []
    for path in sorted(table):
        entries = []
        for ordinal in sorted(table[path], key=str):
            types = table[path][ordinal]
            if ordinal == "ops":
                entries.append("ops = %d" % types)
                continue
            if ordinal == "signature":
                entries.append('signature = "%s"' % types)
                continue
            items = ", ".join(t if t else "none" for t in types)
            if any(types):
                entries.append("%s = [%s]" % (quote(str(ordinal)), items))
        # MLIR dictionary keys cannot be empty: the entry graph is "entry".
        paths.append("%s = {%s}" % (quote(path or "entry"), ", ".join(entries)))
    return "{%s}" % ", ".join(paths)
