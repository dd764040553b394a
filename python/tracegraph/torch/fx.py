"""torch.fx -> tg IR.

`torch.fx.symbolic_trace` flattens a model into one graph; with stack traces
recorded, each node knows the Python frames that created it. The importer
writes one `tg.graph` whose ops carry those frames as a call-site chain of
`"function"("file":line:col to ...)` locations, innermost frame as the leaf.
"""

import operator
import os
import sys

import torch
import torch.fx

from .text import LocTable, callsite_chain, file_line_col, name_loc, py_attr, quote
from .torchscript import ImportError_

_FX_DIR = os.path.dirname(torch.fx.__file__) + os.sep
_MODULE_PY = os.path.join(os.path.dirname(torch.nn.modules.__file__), "module.py")
# This file as its frames name it (the path it was imported by).
_THIS_FILE = sys._getframe().f_code.co_filename


class Frame:
    """One Python frame: file, function, and the line/column range of the
    instruction running in it (Python 3.11 `co_positions`)."""

    __slots__ = ("filename", "name", "lineno", "end_lineno", "colno", "end_colno", "module")

    def __init__(self, frame):
        code = frame.f_code
        # The module a method frame runs on (`self`), for its module frame.
        self_obj = frame.f_locals.get("self") if code.co_argcount else None
        self.module = self_obj if isinstance(self_obj, torch.nn.Module) else None
        self.filename = code.co_filename
        self.name = code.co_name
        self.lineno = frame.f_lineno
        self.end_lineno = self.colno = self.end_colno = None
        positions = getattr(code, "co_positions", None)
        if positions is not None and frame.f_lasti >= 0:
            for i, pos in enumerate(positions()):
                if i == frame.f_lasti // 2:
                    if pos[0] is not None:
                        self.lineno, self.end_lineno, self.colno, self.end_colno = pos
                    break


class RecordingTracer(torch.fx.Tracer):
    """`torch.fx.Tracer` with `record_stack_traces` on (torch 1.13 keeps the
    text in `node.stack_trace`); it also keeps the frames themselves, with
    the column ranges the text does not carry."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.record_stack_traces = True

    def create_proxy(self, *args, **kwargs):
        """torch.fx's proxy creation, recording the Python frames of the node."""
        proxy = super().create_proxy(*args, **kwargs)
        record_frames(proxy.node)
        return proxy


def record_frames(node):
    """Keeps on `node` the Python frames running now, outside the caller
    (innermost first), for `user_frames`."""
    frames = []
    f = sys._getframe(2)
    while f is not None:
        frames.append(Frame(f))
        f = f.f_back
    node.meta["tg_frames"] = frames


# Dispatch machinery between an aten operator call and make_fx's tracer.
_DISPATCH_FILES = tuple(os.path.join(os.path.dirname(torch.__file__), name) for name in
                        ("_ops.py", os.path.join("utils", "_python_dispatch.py"),
                         "_tensor.py", "overrides.py"))


def user_frames(frames, entry=None):
    """The frames of the traced program, innermost first: everything outside
    the `Tracer.trace` call and the tracing machinery in between (torch.fx
    wrappers, `Module._call_impl`, dispatch, this importer) is left out; with
    `entry` (a module), nothing outside its `forward` either."""
    kept = []
    for f in frames:
        if f.filename.startswith(_DISPATCH_FILES):
            continue
        if entry is not None and kept and kept[-1].module is entry and \
                kept[-1].name == "forward":
            break
        if f.filename.startswith(_FX_DIR):
            if os.path.basename(f.filename) == "_symbolic_trace.py" and f.name == "trace":
                break
            continue
        if f.filename == _MODULE_PY and f.name == "_call_impl":
            continue
        if f.filename == _THIS_FILE:
            continue
        kept.append(f)
    return kept


def frame_body(f):
    """The location body (file, line, column range, function) of a traceback frame."""
    line = f.lineno or 0
    if f.colno is not None and f.end_colno is not None:
        # Python columns are 0-based, end exclusive: 1-based, end exclusive.
        pos = file_line_col(f.filename, line, f.colno + 1, f.end_lineno,
                            f.end_colno + 1)
    else:
        pos = file_line_col(f.filename, line, 0)
    return name_loc(f.name, pos)


def _target_name(node, root):
    if node.op == "call_function":
        t = node.target
        if getattr(t, "__module__", None) == "_operator" or t in vars(operator).values():
            return "operator." + t.__name__
        return torch.fx.node._get_qualified_name(t)
    if node.op == "call_method":
        return "Tensor." + node.target
    if node.op == "call_module":
        mod = root.get_submodule(node.target)
        cls = type(mod)
        return cls.__module__ + "." + cls.__qualname__
    raise AssertionError(node.op)


def _fast_path_modules(model):
    """The modules of `model` that can take a fused fast path in eval mode
    (nn.MultiheadAttention, nn.TransformerEncoderLayer, nn.TransformerEncoder:
    inference.py)."""
    kinds = (torch.nn.MultiheadAttention, torch.nn.TransformerEncoderLayer,
             torch.nn.TransformerEncoder)
    return [m for m in model.modules() if isinstance(m, kinds)]


def _with_grad_enabled(forward):
    """`forward` (a module's bound method) run with grad enabled, its tensor
    results detached: the caller sees what it would under torch.no_grad().
    Its frame is this file's, which user_frames leaves out."""
    from torch.utils._pytree import tree_map

    def run(*args, **kwargs):
        with torch.enable_grad():
            out = forward(*args, **kwargs)
        return tree_map(lambda v: v.detach() if isinstance(v, torch.Tensor) else v, out)
    return run


def _drop_detaches(graph):
    """Removes the aten::detach nodes autograd records when a graph is traced
    with grad enabled (after an in-place op whose result backward would save):
    under the inference context a detach is its input."""
    for node in list(graph.nodes):
        if node.op == "call_function" and \
                node.target is torch.ops.aten.detach.default:
            node.replace_all_uses_with(node.args[0])
            graph.erase_node(node)


def _trace_aten(model, example_inputs, inference=True):
    """make_fx of `model` on `example_inputs`: one graph of aten operator
    overloads, each node with the Python frames that were running when
    PyTorch dispatched it (recorded as RecordingTracer does) and its tensor
    metadata (shape, dtype).

    Under the inference context the fused fast paths are off, as in the
    TorchScript import (inference.py): PyTorch 2's switch where there is one.
    PyTorch 1.13's modules decline the fast path when grad is enabled and a
    projection weight requires grad: each such module's forward runs that way
    inside the trace (its weights set to require grad for it, its outputs
    detached), and the rest of the model under torch.no_grad(), so that user
    code that asks torch.is_grad_enabled() or requires_grad sees the
    inference context. The ops are the same (make_fx records below
    autograd); the detaches are dropped. Without this the graph holds the
    fast path's opaque op (aten::_transformer_encoder_layer_fwd), which no
    pass can decompose or fuse.
    """
    from torch.fx.experimental import proxy_tensor

    tracer_class = proxy_tensor.PythonKeyTracer
    original = tracer_class.create_proxy

    def create_proxy(self, *args, **kwargs):
        """torch.fx's proxy creation, recording the Python frames of the node."""
        proxy = original(self, *args, **kwargs)
        record_frames(proxy.node)
        return proxy

    fast_path = _fast_path_modules(model) if inference else []
    mha = getattr(torch.backends, "mha", None)
    switch = getattr(mha, "set_fastpath_enabled", None) if fast_path else None
    with_grad = fast_path if switch is None else []
    # The weights whose requires_grad the fast-path check reads, set for the
    # trace and restored after it (a model may come with them frozen).
    weights = [p for m in with_grad for p in m.parameters(recurse=False)
               if not p.requires_grad]
    own_forwards = {}
    tracer_class.create_proxy = create_proxy
    try:
        for weight in weights:
            weight.requires_grad_(True)
        for module in with_grad:
            # An instance attribute `forward` of the model's own (a patched
            # module) is wrapped and given back after the trace.
            own_forwards[module] = module.__dict__.get("forward")
            module.forward = _with_grad_enabled(module.forward)
        if switch is not None:
            was_enabled = mha.get_fastpath_enabled()
            switch(False)
        with torch.no_grad():
            traced = proxy_tensor.make_fx(model)(*example_inputs)
    finally:
        tracer_class.create_proxy = original
        for weight in weights:
            weight.requires_grad_(False)
        for module, own in own_forwards.items():
            if own is None:
                del module.forward
            else:
                module.forward = own
        if switch is not None:
            switch(was_enabled)
    if with_grad:
        _drop_detaches(traced.graph)
    return traced.graph, traced


def _tensor_type(node):
    """`tensor<...>` of a node's recorded tensor metadata, or None."""
    meta = node.meta.get("tensor_meta")
    if meta is None or not hasattr(meta, "shape"):
        return None
    from .example_types import mlir_type_of
    return mlir_type_of(meta.shape, meta.dtype)


def import_fx(model, concrete_args=None, example_inputs=None, inference=True):
    """tg IR of `model` traced by torch.fx: with `example_inputs`, at the aten
    level (make_fx: aten operator overloads, static tensor types); without,
    torch.fx.symbolic_trace (module calls and torch functions). `inference`:
    the fused fast paths off, as torch-to-tg --inference declares."""
    aten = example_inputs is not None
    if aten:
        graph, traced = _trace_aten(model, example_inputs, inference)
        root = model
    else:
        tracer = RecordingTracer()
        graph = tracer.trace(model, concrete_args=concrete_args)
        root = tracer.root
    cls = type(root)
    cls_name = cls.__module__ + "." + cls.__qualname__
    locs = LocTable()
    module_names = {id(m): name for name, m in root.named_modules()}
    child_names = {}  # (id(parent), id(child)) -> attribute name

    def instance_name(parent, child):
        """The attribute under which `parent` holds `child` (the module whose
        method made the call): a module shared by two parents has a name in
        each, and named_modules() lists only its first path."""
        if parent is not None:
            key = (id(parent), id(child))
            if key not in child_names:
                child_names[key] = next((name for name, m in parent.named_children()
                                         if m is child), None)
            if child_names[key] is not None:
                return child_names[key]
        if id(child) in module_names:
            return module_names[id(child)].rsplit(".", 1)[-1]
        return "INSTANCE_NAME_UNKNOWN"
    types = {}  # node -> its tg type

    def type_of(node):
        return types.get(node, "!tg.value")
    names = {}
    lines = []
    counter = [0]

    def fresh():
        counter[0] += 1
        return "%%c$%d" % counter[0]

    def loc_of(node):
        frames = node.meta.get("tg_frames")
        if frames is None:
            return locs.ref(None)
        kept = user_frames(frames, root if aten else None)
        if not kept:
            return locs.ref(None)
        # kept[k] (k >= 1) is where kept[k-1] was called: its caller side
        # carries the module frame of that call when the callee is a method
        # of a module (instance: the attribute name, SELF on its own self).
        callers = []
        for k in range(1, len(kept)):
            callee, caller = kept[k - 1], kept[k]
            body = frame_body(caller)
            if callee.module is not None:
                if callee.module is caller.module:
                    instance = "SELF"
                else:
                    instance = instance_name(caller.module, callee.module)
                cls = type(callee.module)
                body = "fused<#tg.frame<instance = %s, class = %s, method = %s>>[%s]" % (
                    quote(instance), quote(cls.__module__ + "." + cls.__qualname__),
                    quote(callee.name), body)
            elif aten:
                # A free function (F.relu) at the aten level: the frame of a
                # function call, as tg-inline writes it for TorchScript's
                # tg.call (module paths print UNKNOWN_INSTANCE(UNKNOWN_TYPE)::relu).
                body = 'fused<#tg.frame<instance = "", class = "", method = %s>>[%s]' % (
                    quote(callee.name), body)
            callers.append(body)
        return locs.ref(callsite_chain(frame_body(kept[0]), callers))

    def operand(arg, loc, indent="  "):
        """The SSA name of an fx argument: a node, or a constant / list /
        tuple built right before its user."""
        if isinstance(arg, torch.fx.Node):
            return names[arg], type_of(arg)
        if isinstance(arg, (list, tuple)) and _has_node(arg):
            parts = [operand(a, loc) for a in arg]
            name = fresh()
            kind = "prim::ListConstruct" if isinstance(arg, list) else "prim::TupleConstruct"
            lines.append('%s%s = tg.op "%s"(%s) : (%s) -> !tg.value %s' % (
                indent, name, kind, ", ".join(p for p, _ in parts),
                ", ".join(t for _, t in parts), loc))
            return name, "!tg.value"
        if isinstance(arg, dict) and _has_node(arg):
            # A dict of nodes (a model that returns {"logits": y, ...}): as
            # TorchScript builds one, prim::DictConstruct of keys and values.
            bad = [k for k in arg if not isinstance(k, (str, int, float, bool))]
            if bad:
                raise ImportError_("a dict holding nodes with a key of type %s"
                                   % type(bad[0]).__name__)
            parts = []
            for key, value in arg.items():
                parts += [operand(key, loc), operand(value, loc)]
            name = fresh()
            lines.append('%s%s = tg.op "prim::DictConstruct"(%s) : (%s) -> !tg.value %s' % (
                indent, name, ", ".join(p for p, _ in parts),
                ", ".join(t for _, t in parts), loc))
            return name, "!tg.value"
        if isinstance(arg, slice):
            arg = repr(arg)
        name = fresh()
        lines.append("  %s = tg.constant(%s) : !tg.value %s" % (name, py_attr(arg), loc))
        return name, "!tg.value"

    args_sig = ["%%self: !tg.module<%s> loc(unknown)" % quote(cls_name)]
    placeholders = [n for n in graph.nodes if n.op == "placeholder"]
    for i, n in enumerate(placeholders):
        names[n] = "%%arg$%d" % i
        if aten and _tensor_type(n):
            types[n] = _tensor_type(n)
        args_sig.append("%s: %s %s" % (names[n], type_of(n), loc_of(n)))
    output = [n for n in graph.nodes if n.op == "output"]

    def import_node(i, n):
        """Appends the tg op of fx node `n` (the i-th of the graph)."""
        loc = loc_of(n)
        res = "%%v$%d" % i
        names[n] = res
        if aten and _tensor_type(n):
            types[n] = _tensor_type(n)
        if aten and n.op == "get_attr":
            value = getattr(traced, n.target, None)
            if isinstance(value, torch.Tensor):
                from .example_types import mlir_tensor_type
                types[n] = mlir_tensor_type(value) or "!tg.value"
        if n.op == "get_attr":
            lines.append("  %s = tg.get_attr %%self[%s] : !tg.module<%s> -> %s %s" % (
                res, quote(n.target), quote(cls_name), type_of(n), loc))
            return
        if aten and isinstance(n.target, torch._ops.OpOverload):
            # The operator as TorchScript names it (aten::add); the overload
            # stays in an attribute.
            name = n.target._schema.name
        else:
            name = _target_name(n, root)
        ops = [operand(a, loc) for a in n.args]
        kw = list(n.kwargs.items())
        ops += [operand(v, loc) for _, v in kw]
        attrs = ["fx.name = %s" % quote(n.name)]
        if kw:
            attrs.append("fx.kwargs = [%s]" % ", ".join(quote(k) for k, _ in kw))
        if n.op == "call_module":
            attrs.append("fx.target = %s" % quote(n.target))
        if aten and isinstance(n.target, torch._ops.OpOverload):
            attrs.append("fx.overload = %s" % quote(n.target._overloadname))
        lines.append('  %s = tg.op %s(%s) {%s} : (%s) -> %s %s' % (
            res, quote(name), ", ".join(p for p, _ in ops), ", ".join(attrs),
            ", ".join(t for _, t in ops), type_of(n), loc))

    lines_start = len(lines)
    for i, n in enumerate(graph.nodes):
        if n.op in ("placeholder", "output"):
            continue
        with _naming_node(n, root, aten):
            import_node(i, n)
    results = []
    ret_loc = locs.ref(None)
    if output:
        out = output[0]
        with _naming_node(out, root, aten):
            ret_loc = loc_of(out)
            value = out.args[0]
            flat = list(value) if isinstance(value, (list, tuple)) else [value]
            for v in flat:
                results.append(operand(v, ret_loc))
    return _graph_text(cls_name, args_sig, lines[lines_start:], results, ret_loc, locs)


def _graph_text(cls_name, args_sig, body, results, ret_loc, locs):
    """The entry graph's text around its imported `body`."""
    result_types = [t for _, t in results]
    head = "tg.graph @%s(%s)" % (quote(cls_name + "::forward"), ", ".join(args_sig))
    if len(results) == 1:
        head += " -> " + result_types[0]
    elif results:
        head += " -> (" + ", ".join(result_types) + ")"
    head += " attributes {tg.entry} {"
    text = [head] + body
    if results:
        text.append("  tg.return %s : %s %s" % (", ".join(r for r, _ in results),
                                                ", ".join(result_types), ret_loc))
    else:
        text.append("  tg.return %s" % ret_loc)
    text.append("} loc(unknown)")
    return "\n".join(text) + "\n\n" + locs.definitions()


class _naming_node:
    """Adds the fx node and the line of the model it came from to an
    ImportError_ raised while it is imported ("unsupported construct: a dict
    ... in fx node 'output' (model.py:12)")."""

    def __init__(self, node, root, aten):
        self.node, self.root, self.aten = node, root, aten

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if kind is None or not issubclass(kind, ImportError_) or \
                getattr(error, "tg_node_named", False):
            return False
        where = ""
        frames = self.node.meta.get("tg_frames")
        kept = user_frames(frames, self.root if self.aten else None) if frames else []
        if kept:
            where = " (%s:%d)" % (kept[0].filename, kept[0].lineno or 0)
        elif self.node.op == "output":
            # The tracer records no frames for the graph's output: the
            # model's forward it returns from.
            code = getattr(type(self.root).forward, "__code__", None)
            if code is not None:
                where = " (the return of %s.forward, %s:%d)" % (
                    type(self.root).__name__, code.co_filename, code.co_firstlineno)
        named = ImportError_("%s, in fx node '%s'%s" % (error, self.node.name, where))
        named.tg_node_named = True
        raise named from error



def _has_node(arg):
    found = []
    torch.fx.node.map_arg(arg, lambda n: found.append(n) or n)
    return bool(found)
