"""TorchScript -> tg IR.

One `tg.graph` per method of each module class, as TorchScript holds them (not
inlined), plus one per free function reached through `prim::CallFunction`.
See docs/torch-import.md for the mapping.
"""

import re

import torch

from .text import (LocTable, callsite_chain, file_line_col, is_valid_ssa_suffix,
                   py_attr, quote)


# The declared types of module attributes that can be constants: flags and
# hyperparameters (not tensors, not Optional[Tensor] parameter slots).
_SCALAR_KINDS = ("BoolType", "IntType", "FloatType", "StringType")

# List operators that change a list in place: an attribute list that one of
# them reads is no constant.
_LIST_MUTATORS = frozenset((
    "aten::append", "aten::_set_item", "aten::insert", "aten::pop", "aten::clear",
    "aten::extend", "aten::remove", "aten::reverse", "aten::sort", "aten::add_"))


def _is_int_list(t):
    """Whether a TorchScript type is List[int] (a permutation, a shape)."""
    return t.kind() == "ListType" and t.getElementType().kind() == "IntType"


def _only_read(value):
    """Whether every use of a list value only reads it: aten operators that
    do not change lists in place, and unpacking. A list passed to a call or
    stored could be changed where this graph cannot see it."""
    for use in value.uses():
        kind = use.user.kind()
        if kind in _LIST_MUTATORS:
            return False
        if not (kind.startswith("aten::") or kind == "prim::ListUnpack"):
            return False
    return True


class ImportError_(Exception):
    """An unsupported construct; the message names it."""


# ----------------------------------------------------------------------------
# Source ranges
# ----------------------------------------------------------------------------

# An op line of a graph body: `  %x = tg.op ...`, `  %r$1:2 = tg.call ...`,
# `  tg.yield ...`.
_OP_LINE = re.compile(r"^\s*(?:(%[^\s:=]+)(?::(\d+))? = )?tg\.")
# The names of a block header's arguments: `^bb0(%i.1: !tg.value loc(...), ...`.
_BLOCK_ARG = re.compile(r"(%[^\s:(),]+): ")

_OP_NAME = re.compile(r'^\s*(?:%[^=]*= )?(tg\.\w+)(?: "([^"]*)")?')


def _op_signature(body_lines):
    """(op count, signature) of a graph body as written: the signature is
    the FNV-1a 64 hash of each op's name in pre-order (`tg.op` with its
    operator, `tg.op:aten::relu`), one per line; --tg-inline computes the
    same of the graph it reads (tg.example_types: a rewrite since import,
    even one that keeps the count, is refused)."""
    count, h = 0, 0xcbf29ce484222325
    for line in body_lines:
        if not _OP_LINE.match(line):
            continue
        m = _OP_NAME.match(line)
        name = m.group(1) if m else "?"
        if name == "tg.op" and m.group(2) is not None:
            name += ":" + m.group(2)
        for byte in (name + "\n").encode():
            h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
        count += 1
    return count, "%016x" % h


_HEADER = re.compile(r'^\s*File "(.*)", line (\d+)(?:, in .*)?$')
_MARKER = re.compile(r"^( *)(~+)( <--- HERE)?$")


def parse_source_range(text):
    """(file, line, col, end_line, end_col) of a TorchScript node, from the
    text `Node.sourceRange()` gives (the highlighted source; the Python
    binding exposes no offsets). Columns are 1-based, the end column is
    exclusive (one past the last `~`), as tg-symbolicate reads ranges back.
    None when the node has no source range.

    The text is `  File "<f>", line <L>` then context lines; each line the
    range covers is followed by a marker line of `~` under the covered
    columns; the last marker ends with ` <--- HERE`. A model loaded from an
    archive appends a `Serialized   File ...` section for the generated code,
    which is ignored when the original source comes first; when PyTorch's
    archive kept no original range for the node, the serialized code's
    (`code/__torch__/....py` inside the archive) is the only one and is used.
    """
    if not text:
        return None
    lines = text.split("\n")
    if lines[0].startswith("Serialized "):
        lines[0] = lines[0][len("Serialized "):]
    header = _HEADER.match(lines[0])
    if not header:
        return None
    filename, first_line = header.group(1), int(header.group(2))
    body = []
    for line in lines[1:]:
        if line.startswith("Serialized ") or _HEADER.match(line):
            break
        body.append(line)
    # Source lines and the markers under them.
    source = []  # (index among source lines, marker match or None)
    for line in body:
        m = _MARKER.match(line)
        if m and source and source[-1][1] is None:
            source[-1] = (source[-1][0], m)
        else:
            source.append((line, None))
    marked = [i for i, (_, m) in enumerate(source) if m]
    if not marked:
        return (filename, first_line, 0, None, None)
    # The header names the line of the range's start: the first marked one.
    first = marked[0]
    last = marked[-1]
    start_col = len(source[first][1].group(1)) + 1
    m_last = source[last][1]
    end_col = len(m_last.group(1)) + len(m_last.group(2)) + 1
    end_line = first_line + (last - first)
    return (filename, first_line, start_col, end_line, end_col)


def source_lines_of_range(text):
    """[(line number, text)] of the source lines `Node.sourceRange()` shows
    (the range's lines and the context around them), or [] when the text has
    no marked range. Used for sources that are not files (`<string>`: the
    builtin functions TorchScript compiles from strings), whose text exists
    only in PyTorch's memory."""
    if not text:
        return []
    lines = text.split("\n")
    header = _HEADER.match(lines[0])
    if not header:
        return []
    first_line = int(header.group(2))
    source = []  # [text, marked]
    for line in lines[1:]:
        if line.startswith("Serialized ") or _HEADER.match(line):
            break
        if _MARKER.match(line) and source and not source[-1][1]:
            source[-1][1] = True
        else:
            source.append([line, False])
    marked = [i for i, (_, m) in enumerate(source) if m]
    if not marked:
        return []
    # PyTorch ends the context with an empty line of its own.
    while source and not source[-1][0] and not source[-1][1]:
        source.pop()
    return [(first_line - marked[0] + i, line) for i, (line, _) in enumerate(source)]


# ----------------------------------------------------------------------------
# The importer
# ----------------------------------------------------------------------------

class TorchScriptImporter:
    """Imports a ScriptModule's methods into tg IR text: one tg.graph per
    method of each module class (and per free function), not inlined."""

    def __init__(self, root, compilation_unit=None, top_method="forward", context=None,
                 builtin_frames=True):
        """`root` is a ScriptModule (torch.jit.script or torch.jit.load);
        `compilation_unit` holds its free functions (the Python CU for a
        scripted module, the loader's CU for a loaded one); `context` an
        inference.InferenceContext whose run-time state becomes constants
        (None: every query stays an op); `builtin_frames` gives the ops
        TorchScript inlined from a `<string>` builtin the frame of the
        expression that called it (builtin_calls.py; PyTorch's own program
        has none)."""
        self.root = root
        self.context = context
        self.builtin_frames = builtin_frames
        from .builtin_calls import SourceIndex
        self._sources = SourceIndex()
        self.cu = compilation_unit or torch.jit._state._python_cu
        self.top_method = top_method
        self.locs = LocTable()
        self._range_cache = {}
        # name -> [[location name, {line: text}, last line or None]] of the
        # sources that are no files (`<string>`).
        self.source_text = {}
        # qualified class -> C++ ScriptModule of one instance (methods are per class)
        self.module_classes = {}
        # qualified class -> [(instance path, module)] of its instances
        self.instances = {}
        # qualified class -> names of the attributes some method writes
        self._written = {}
        # instance path -> {attribute: value} of the attributes whose value
        # differs between instances of a class (written as
        # tg.instance_attributes; --tg-inline resolves the reads per path)
        self.instance_attributes = {}
        self._collect_modules(root)
        self.graphs = []  # (symbol, text)
        # graph symbol -> {value unique: (op ordinal, result index)}: where
        # each TorchScript value is defined among the ops of the tg graph, in
        # pre-order (example_types.py records types by it)
        self.value_ops = {}
        # graph symbol -> (number of ops, signature) as written (the table's
        # check that --tg-inline reads the graphs the ordinals were counted in)
        self.graph_signatures = {}
        # the tg.example_types table (example_types.TypeRecorder), if any
        self.example_types = None
        self._function_symbols = {}  # qualified name -> graph symbol
        self._done = set()
        self._queue = []

    # -- discovery ---------------------------------------------------------
    def _collect_modules(self, root):
        for path, mod in root.named_modules():
            cm = mod._c
            qual = cm._type().qualified_name()
            if qual not in self.module_classes:
                self.module_classes[qual] = cm
            self.instances.setdefault(qual, []).append((path, mod))

    def method_names(self, qual):
        """The methods of module class `qual` to import: forward first, then by name."""
        cm = self.module_classes[qual]
        names = list(cm._method_names())
        # forward first, then the rest in name order: deterministic.
        names.sort(key=lambda n: (n != "forward", n))
        return names

    def run(self):
        """Imports the top module's method and every graph it reaches; raises ImportError_ for an unsupported construct."""
        root_qual = self.root._c._type().qualified_name()
        if not self.root._c._has_method(self.top_method):
            raise ImportError_("the top module %s has no method '%s'"
                               % (root_qual, self.top_method))
        self._enqueue_method(root_qual, self.top_method)
        for qual in self.module_classes:
            for name in self.method_names(qual):
                self._enqueue_method(qual, name)
        while self._queue:
            kind, key = self._queue.pop(0)
            if kind == "method":
                qual, name = key
                graph = self.module_classes[qual]._get_method(name).graph
                entry = qual == root_qual and name == self.top_method
                self.graphs.append(self._emit_graph("%s::%s" % (qual, name), graph,
                                                    entry=entry))
            else:
                fn = self.cu.find_function(key)
                if fn is None:
                    raise ImportError_("prim::CallFunction of '%s': the function is not "
                                       "in the compilation unit" % key)
                self.graphs.append(self._emit_graph(self.function_symbol(key), fn.graph,
                                                    entry=False, qualified=key))
        return self.text()

    def _keep_source_text(self, filename, range_text):
        """Keeps the lines of a source that is no file (`<string>`), as the
        node's range shows them, for the debug section to embed; returns the
        name the location should use.

        Several such sources share a name (each builtin string, each
        generated `__len__`), and a range shows only a window of its source.
        A window joins a source of the same name it overlaps and agrees with
        on every shared line (and does not run past where either ends);
        otherwise it starts a new one, named `<string>#2`, `<string>#3`, ...
        (tools print them all as `<string>`). So a frame's context lines are
        always its own source's, never another function's."""
        window = dict(source_lines_of_range(range_text))
        if not window:
            return filename
        # A window shorter than the context PyTorch prints after the range
        # shows where its source ends.
        rng = parse_source_range(range_text)
        last_shown = max(window)
        range_end = rng[3] if rng and rng[3] else last_shown
        ends_at = last_shown if last_shown < range_end + 2 else None
        candidates = self.source_text.setdefault(filename, [])
        for source in candidates:
            vname, lines, end = source
            shared = set(lines) & set(window)
            if not shared or any(lines[n] != window[n] for n in shared):
                continue
            if end is not None and max(window) > end:
                continue
            if ends_at is not None and max(lines) > ends_at:
                continue
            lines.update(window)
            if ends_at is not None:
                source[2] = ends_at
            return vname
        vname = filename if not candidates else "%s#%d" % (filename, len(candidates) + 1)
        candidates.append([vname, dict(window), ends_at])
        return vname

    def text(self):
        """The tg IR text of everything imported (graphs, then location aliases)."""
        graphs = "".join(body for _, body in self.graphs)
        kept = {vname: lines for candidates in self.source_text.values()
                for vname, lines, _ in candidates}
        attributes = []
        if kept:
            # The text of sources that are no files, for --tg-emit-debug-section.
            entries = ", ".join(
                "%s = [%s]" % (quote(f), ", ".join("[%d, %s]" % (n, quote(l))
                                                    for n, l in sorted(lines.items())))
                for f, lines in sorted(kept.items()))
            attributes.append("tg.source_text = {%s}" % entries)
        if self.example_types is not None:
            # Tensor types from PyTorch's run on the example inputs, per call
            # path and op ordinal (example_types.py), for --tg-inline.
            from .example_types import table_attribute
            attributes.append("tg.example_types = %s" % table_attribute(self.example_types))
        if self.instance_attributes:
            # Attribute values that differ between instances of one class,
            # by instance path (`features.1`), for --tg-inline.
            entries = ", ".join(
                "%s = {%s}" % (quote(path), ", ".join(
                    "%s = %s" % (quote(a), py_attr(v)) for a, v in sorted(attrs.items())))
                for path, attrs in sorted(self.instance_attributes.items()))
            attributes.append("tg.instance_attributes = {%s}" % entries)
        if not attributes:
            return graphs + self.locs.definitions()
        return ("module attributes {%s} {\n%s}\n" % (", ".join(attributes), graphs)
                + self.locs.definitions())

    def _enqueue_method(self, qual, name):
        key = ("method", (qual, name))
        if key not in self._done:
            self._done.add(key)
            self._queue.append(key)

    def function_symbol(self, qualname):
        """The graph symbol of a free function: its own name, as PyTorch's
        `Function::name()` and so its module paths print it (`relu` for
        `__torch__.torch.nn.functional.relu`); the qualified name is kept in
        the graph's `tg.qualified_name`. Two functions of the same name in
        different modules get `name$2`, ... in discovery order."""
        sym = self._function_symbols.get(qualname)
        if sym is None:
            short = qualname.rsplit(".", 1)[-1]
            taken = set(self._function_symbols.values())
            sym, n = short, 1
            while sym in taken or "::" in sym:
                n += 1
                sym = "%s$%d" % (short.replace("::", "_"), n)
            self._function_symbols[qualname] = sym
        return sym

    def _enqueue_function(self, qualname):
        key = ("function", qualname)
        if key not in self._done:
            self._done.add(key)
            self._queue.append(key)

    # -- types ---------------------------------------------------------------
    def is_module_type(self, t):
        """Whether TorchScript type `t` is one of the imported module classes."""
        return t.kind() == "ClassType" and t.qualified_name() in self.module_classes

    def tg_type(self, t):
        """The tg type text of TorchScript type `t`."""
        kind = t.kind()
        if kind == "TensorType":
            return "!tg.tensor"
        if kind == "ClassType" and t.qualified_name() in self.module_classes:
            return "!tg.module<%s>" % quote(t.qualified_name())
        return "!tg.value"

    # -- locations -----------------------------------------------------------
    def loc_of(self, node):
        """The location of a TorchScript node: its source range, through the inlined call stack."""
        return self.locs.ref(self._range_body(node.sourceRange()))

    def _range_body(self, text):
        """The location body of a source range's text (`unknown` without one)."""
        body = self._range_cache.get(text)
        if body is None:
            r = parse_source_range(text)
            if r is None:
                body = "unknown"
            else:
                f, line, col, end_line, end_col = r
                if f.startswith("<"):
                    f = self._keep_source_text(f, text)
                body = file_line_col(f, line, col, end_line, end_col) if col else \
                    file_line_col(f, line, 0)
            self._range_cache[text] = body
        return body

    def _node_loc(self, node):
        """The location of the next node `_emit_node` writes (pre-order):
        its range, inside the frame of the builtin call that made it when it
        comes from a `<string>` builtin (builtin_calls.py)."""
        ordinal = self._node_ordinal
        self._node_ordinal += 1
        wrapped = self._builtin_locs.get(ordinal)
        return self.locs.ref(wrapped) if wrapped else self.loc_of(node)

    def _find_builtin_calls(self, graph):
        """{pre-order ordinal of a node: location body} for the nodes of
        `graph` that TorchScript inlined from a `<string>` builtin, where the
        expression of the graph's own source that called it is found."""
        from . import builtin_calls
        nodes = []  # (node, parsed range, block key, depth-0 in its block)

        def walk(block_nodes, key):
            for node in block_nodes:
                nodes.append((node, parse_source_range(node.sourceRange()), key))
                for i, block in enumerate(node.blocks()):
                    walk(block.nodes(), (len(nodes) - 1, i))
        walk(graph.nodes(), None)
        files = {}
        for _, r, _ in nodes:
            if r and not r[0].startswith("<"):
                files.setdefault(r[0], []).append(r[1])
        if not files or not any(r and r[0].startswith("<string>") for _, r, _ in nodes):
            return {}
        # The graph's own source: the file most of its ranges point into.
        path = max(files, key=lambda f: len(files[f]))
        function = self._sources.function_at(path, files[path])
        if function is None:
            return {}
        direct = {}
        for node, r, _ in nodes:
            if r and r[0] == path and r[2]:
                key = (node.kind(), (r[1], r[2]))
                direct[key] = direct.get(key, 0) + 1
        runs = self._builtin_runs(nodes, path)
        ranges = builtin_calls.match_runs(function, [(n, a) for n, a, _ in runs], direct)
        result = {}
        for (name, _, members), rng in zip(runs, ranges):
            if rng is None:
                continue
            caller = 'fused<#tg.frame<instance = "", class = "", method = %s>>[%s]' % (
                quote(name), file_line_col(path, *rng))
            for i in members:
                leaf = self._range_body(nodes[i][0].sourceRange())
                if leaf != "unknown":
                    result[i] = callsite_chain(leaf, [caller])
        return result

    def _builtin_runs(self, nodes, path):
        """[(builtin name, anchor starts, member ordinals)]: the runs of
        consecutive `<string>` nodes of one block, one per builtin call (a
        call ends where the builtin's body starts over), with the nodes
        nested in them; anchors are where the nodes computing the run's
        inputs start in `path`."""
        from . import builtin_calls
        # value unique -> ((line, col) of its node's range in path, whether
        # the node is a constant: TorchScript pools equal constants, so a
        # constant's range may be another use's)
        defined = {}
        for node, r, _ in nodes:
            if r and r[0] == path and r[2]:
                for out in node.outputs():
                    defined[out.unique()] = ((r[1], r[2]), node.kind() == "prim::Constant")
        runs = []  # [name, anchors, members, block key, first range]
        current, parents = None, {}
        for i, (node, r, key) in enumerate(nodes):
            if key is not None and key[0] in parents:
                parents[i] = parents[key[0]]  # nested in a node of a run
                runs[parents[i]][2].append(i)
                continue
            name = None
            if r and r[0].startswith("<string>"):
                name = builtin_calls.builtin_name(
                    source_lines_of_range(node.sourceRange()), r[1])
            if name is None:
                if key == (runs[current][3] if current is not None else None):
                    current = None  # a node of the caller ends the run
                continue
            run = runs[current] if current is not None else None
            if run is None or run[0] != name or run[3] != key or r == run[4]:
                runs.append([name, set(), [], key, r])
                current = len(runs) - 1
            runs[current][2].append(i)
            parents[i] = current
        runs = [(name, anchors, members) for name, anchors, members, _, _ in runs]
        for name, anchors, members in runs:
            inside = {out.unique() for i in members for out in nodes[i][0].outputs()}
            for i in members:
                for v in nodes[i][0].inputs():
                    if v.unique() not in inside and v.unique() in defined:
                        anchors.add(defined[v.unique()])
        return runs

    # -- graphs --------------------------------------------------------------
    def _emit_graph(self, symbol, graph, entry, qualified=None):
        self._node_ordinal = 0
        self._builtin_locs = self._find_builtin_calls(graph) if self.builtin_frames else {}
        self._names = {}
        self._used_names = set()
        self._fresh = 0
        self._functions = {}  # Value unique -> function qualname
        inputs = list(graph.inputs())
        args = []
        for v in inputs:
            # TorchScript values carry no source range: say so, rather than
            # letting the parser point into the .mlir file.
            args.append("%s: %s loc(unknown)" % (self.name(v), self.tg_type(v.type())))
        outputs = list(graph.outputs())
        result_types = [self.tg_type(v.type()) for v in outputs]
        if "::" in symbol:
            if not inputs or not self.is_module_type(inputs[0].type()):
                raise ImportError_("method %s does not take a module as self" % symbol)
        lines = []
        sig = "tg.graph @%s(%s)" % (quote(symbol), ", ".join(args))
        if len(result_types) == 1:
            sig += " -> " + result_types[0]
        elif result_types:
            sig += " -> (" + ", ".join(result_types) + ")"
        if entry:
            sig += " attributes {tg.entry}"
        elif qualified is not None:
            sig += " attributes {tg.qualified_name = %s}" % quote(qualified)
        lines.append(sig + " {")
        self._emit_block_body(graph.nodes(), lines, "  ")
        ret = graph.return_node()
        operands = [self.name(v) for v in outputs]
        if operands:
            lines.append("  tg.return %s : %s %s" % (", ".join(operands), ", ".join(result_types),
                                                     self.loc_of(ret)))
        else:
            lines.append("  tg.return %s" % self.loc_of(ret))
        lines.append("} loc(unknown)")
        self.value_ops[symbol] = self._value_ordinals(lines[1:-1])
        self.graph_signatures[symbol] = _op_signature(lines[1:-1])
        return symbol, "\n".join(lines) + "\n\n"

    def _value_ordinals(self, body_lines):
        """{value unique: (op ordinal, result index)} of a graph body as
        written: ops are the lines that start with a tg op (pre-order, as
        tg-opt walks them), results `%x` or `%x:N` (used as `%x#i`)."""
        defined = {}
        ordinal = 0
        # The ops whose regions are open, innermost last: [ordinal, region].
        # A block's arguments `^bb0(%a: T, ...)` are keyed "<ordinal>.r<region>"
        # with their index (a loop's carried values get types too).
        open_ops = []
        for line in body_lines:
            stripped = line.strip()
            if stripped.startswith("^bb0(") and open_ops:
                op_ordinal, region = open_ops[-1]
                for i, arg in enumerate(_BLOCK_ARG.findall(stripped)):
                    defined[arg] = ("%d.r%d" % (op_ordinal, region), i)
                continue
            if stripped.startswith("}, {") and open_ops:
                open_ops[-1][1] += 1
                continue
            if stripped.startswith("})") and open_ops:
                open_ops.pop()
                continue
            m = _OP_LINE.match(line)
            if not m:
                continue
            if stripped.endswith("({"):
                open_ops.append([ordinal, 0])
            if m.group(1):
                base, count = m.group(1), m.group(2)
                if count:
                    for i in range(int(count)):
                        defined["%s#%d" % (base, i)] = (ordinal, i)
                else:
                    defined[base] = (ordinal, 0)
            ordinal += 1
        return {unique: defined[name] for unique, name in self._names.items()
                if name in defined}

    def name(self, value):
        """The SSA name of a TorchScript value (its debug name when valid, else a fresh one)."""
        key = value.unique()
        name = self._names.get(key)
        if name is None:
            debug = value.debugName()
            if not is_valid_ssa_suffix(debug) or debug in self._used_names:
                debug = "v$%d" % key
            self._used_names.add(debug)
            name = "%" + debug
            self._names[key] = name
        return name

    def fresh(self, stem):
        """A new unique SSA name from `stem`."""
        self._fresh += 1
        name = "%%%s$%d" % (stem, self._fresh)
        return name

    def bind_results(self, outputs):
        """The result list of an op: `%x` or `%x:N` with uses `%x#i`."""
        if len(outputs) == 1:
            return self.name(outputs[0]) + " = "
        if not outputs:
            return ""
        base = self.fresh("r")
        for i, v in enumerate(outputs):
            self._names[v.unique()] = "%s#%d" % (base, i)
        return "%s:%d = " % (base, len(outputs))

    def _emit_block_body(self, nodes, lines, indent):
        for node in nodes:
            self._emit_node(node, lines, indent)

    def _types(self, values):
        return [self.tg_type(v.type()) for v in values]

    def _emit_node(self, node, lines, indent):
        kind = node.kind()
        loc = self._node_loc(node)
        inputs = list(node.inputs())
        outputs = list(node.outputs())
        if self.context is not None:
            decided, value = self.context.constant_for(node)
            if decided:
                # Run-time state the inference context fixes (grad mode,
                # requires_grad, nested tensors, the fast paths): a constant
                # at the query's location, which --tg-inline folds on.
                lines.append("%s%s = tg.constant(%s) : %s %s" % (
                    indent, self.name(outputs[0]), py_attr(value),
                    self.tg_type(outputs[0].type()), loc))
                return
        if kind == "prim::Constant":
            out = outputs[0]
            if out.type().kind() == "FunctionType":
                self._functions[out.unique()] = self._function_name(out.type())
                for use in out.uses():
                    if use.user.kind() != "prim::CallFunction" or use.offset != 0:
                        raise ImportError_("a function value (%s) used by %s: only "
                                           "prim::CallFunction is supported"
                                           % (self._functions[out.unique()], use.user.kind()))
                return
            value = out.toIValue() if "value" in node.attributeNames() else None
            if isinstance(value, torch.ScriptObject) or \
                    out.type().kind() in ("ClassType", "InterfaceType"):
                raise ImportError_("prim::Constant of class type %s" % out.type().str())
            lines.append("%s%s = tg.constant(%s) : %s %s" % (
                indent, self.name(out), py_attr(value), self.tg_type(out.type()), loc))
            return
        if kind == "prim::GetAttr" and self.is_module_type(inputs[0].type()):
            attr = node.s("name")
            known, value = (False, None)
            if outputs[0].type().kind() in _SCALAR_KINDS or (
                    _is_int_list(outputs[0].type()) and _only_read(outputs[0])):
                known, value = self._attribute_constant(inputs[0].type(), attr)
            elif outputs[0].type().kind() == "OptionalType":
                known, value = self._none_attribute(inputs[0].type(), attr), None
            elif outputs[0].type().kind() == "NoneType":
                # A slot TorchScript types as None, whatever the instance: a
                # parameter registered as None (`affine=False` norms' weight
                # and bias), read as the constant None so that the norm
                # decomposes as one without an affine part.
                known, value = True, None
            if known:
                # A None slot (above), or a scalar attribute that no method
                # writes and every instance of the class holds with the same
                # value (`self.training`: the mode the model was imported
                # in; flags such as `self.transform_input`), is a constant,
                # as torch.jit.freeze makes it, so that the branches on it
                # resolve (--tg-inline folds them).
                lines.append("%s%s = tg.constant(%s) : %s %s" % (
                    indent, self.name(outputs[0]), py_attr(value),
                    self.tg_type(outputs[0].type()), loc))
                return
            op = "tg.get_submodule" if self.is_module_type(outputs[0].type()) else "tg.get_attr"
            lines.append("%s%s = %s %s[%s] : %s -> %s %s" % (
                indent, self.name(outputs[0]), op, self.name(inputs[0]), quote(attr),
                self.tg_type(inputs[0].type()), self.tg_type(outputs[0].type()), loc))
            return
        if kind == "prim::CallMethod":
            recv = inputs[0].type()
            if not self.is_module_type(recv):
                raise ImportError_("prim::CallMethod '%s' on %s: calls on values that are not "
                                   "module instances (interfaces, TorchScript classes) are not "
                                   "supported" % (node.s("name"), recv.str()))
            qual = recv.qualified_name()
            method = node.s("name")
            self._enqueue_method(qual, method)
            callee_graph = self.module_classes[qual]._get_method(method).graph
            self._emit_call(node, "tg.call_method", "%s::%s" % (qual, method), inputs,
                            outputs, callee_graph, lines, indent, loc)
            return
        if kind == "prim::CallFunction":
            fn = self._functions.get(inputs[0].unique())
            if fn is None:
                raise ImportError_("prim::CallFunction of a computed function value")
            self._enqueue_function(fn)
            compiled = self.cu.find_function(fn)
            if compiled is None:
                raise ImportError_("prim::CallFunction of '%s': the function is not in "
                                   "the compilation unit" % fn)
            self._emit_call(node, "tg.call", self.function_symbol(fn), inputs[1:], outputs,
                            compiled.graph,
                            lines, indent, loc)
            return
        self._emit_traced(node, kind, inputs, outputs, lines, indent, loc)

    def _written_attributes(self, qual):
        """The attributes some method of class `qual` assigns
        (`prim::SetAttr`): those are state, never constants."""
        written = self._written.get(qual)
        if written is None:
            written = set()
            cm = self.module_classes[qual]
            for name in cm._method_names():
                graph = cm._get_method(name).graph
                for node in graph.findAllNodes("prim::SetAttr", True):
                    written.add(node.s("name"))
            self._written[qual] = written
        return written

    def _attribute_constant(self, module_type, attr):
        """(True, value) when reading `attr` of an instance of `module_type`
        gives the same scalar (bool, int, float, str) or list of ints (read
        only, the caller checks) for every instance and no method writes it;
        else (False, None). Scalars that
        differ between instances go to `instance_attributes`, keyed by the
        instance's path, for --tg-inline."""
        qual = module_type.qualified_name()
        if attr in self._written_attributes(qual):
            return False, None
        values = {}
        for path, mod in self.instances.get(qual, []):
            try:
                value = mod._c.getattr(attr)
            except Exception:  # not a plain attribute (a property, ...)
                return False, None
            if isinstance(value, (list, tuple)) and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in value):
                value = tuple(value)  # hashable; written as a list
            elif not isinstance(value, (bool, int, float, str)):
                return False, None
            values[path] = value
        distinct = {(type(v), v) for v in values.values()}
        if len(distinct) == 1:
            return True, next(iter(values.values()))
        for path, value in values.items():
            self.instance_attributes.setdefault(path, {})[attr] = value
        return False, None

    def _none_attribute(self, module_type, attr):
        """Whether `attr` of every instance of `module_type` is None and no
        method writes it: an Optional slot left empty at construction
        (MultiheadAttention's `bias_k`), read as the constant None so that
        `if self.bias_k is not None:` folds. A slot holding a tensor in some
        instance stays a tg.get_attr."""
        qual = module_type.qualified_name()
        if attr in self._written_attributes(qual):
            return False
        for _, mod in self.instances.get(qual, []):
            try:
                if mod._c.getattr(attr) is not None:
                    return False
            except Exception:  # not a plain attribute
                return False
        return True

    def _function_name(self, t):
        # `Function __torch__.m.helper`: the annotation names the function.
        text = t.annotation_str if hasattr(t, "annotation_str") else t.str()
        return text.split()[-1]

    def _cast(self, value_name, from_type, to_type, lines, indent, loc):
        """TorchScript passes a subtype where a supertype is declared (a
        Tensor for an Optional[Tensor]); the tg types of the two sides then
        differ and a `prim::unchecked_cast` (TorchScript's own refinement
        op) bridges them."""
        if from_type == to_type:
            return value_name
        name = self.fresh("cast")
        lines.append('%s%s = tg.op "prim::unchecked_cast"(%s) : (%s) -> %s %s' % (
            indent, name, value_name, from_type, to_type, loc))
        return name

    def _emit_call(self, node, opname, symbol, args, outputs, callee_graph, lines, indent, loc):
        param_types = self._types(callee_graph.inputs())
        result_types = self._types(callee_graph.outputs())
        if len(param_types) != len(args) or len(result_types) != len(outputs):
            raise ImportError_("%s of %s: %d operands/%d results but the callee takes %d/%d"
                               % (node.kind(), symbol, len(args), len(outputs),
                                  len(param_types), len(result_types)))
        operands = []
        for v, t in zip(args, param_types):
            operands.append(self._cast(self.name(v), self.tg_type(v.type()), t, lines, indent,
                                       loc))
        caller_types = self._types(outputs)
        if caller_types == result_types:
            bind = self.bind_results(outputs)
            lines.append("%s%s%s @%s(%s) : (%s) -> %s %s" % (
                indent, bind, opname, quote(symbol), ", ".join(operands),
                ", ".join(param_types), _result_list(result_types), loc))
            return
        # Results of a wider declared type than the caller's value: call into
        # fresh names, then cast each to the caller's type.
        base = self.fresh("call")
        bind = "%s = " % base if len(outputs) == 1 else "%s:%d = " % (base, len(outputs))
        lines.append("%s%s%s @%s(%s) : (%s) -> %s %s" % (
            indent, bind, opname, quote(symbol), ", ".join(operands),
            ", ".join(param_types), _result_list(result_types), loc))
        for i, (v, ct, rt) in enumerate(zip(outputs, caller_types, result_types)):
            src = base if len(outputs) == 1 else "%s#%d" % (base, i)
            if ct == rt:
                self._names[v.unique()] = src
            else:
                lines.append('%s%s = tg.op "prim::unchecked_cast"(%s) : (%s) -> %s %s' % (
                    indent, self.name(v), src, rt, ct, loc))

    def _attributes(self, node):
        attrs = []
        for a in sorted(node.attributeNames()):
            k = node.kindOf(a)
            if k == "s":
                v = quote(node.s(a))
            elif k == "i":
                v = py_attr(node.i(a))
            elif k == "f":
                v = py_attr(node.f(a))
            elif k == "is":
                v = py_attr(list(node.is_(a)))
            elif k == "fs":
                v = py_attr(list(node.fs(a)))
            elif k == "ss":
                v = py_attr(list(node.ss(a)))
            elif k == "t":
                v = py_attr(node.t(a))
            elif k == "ival":
                v = py_attr(node.ival(a))
            elif k in ("g", "gs"):
                raise ImportError_("%s carries a subgraph attribute '%s'" % (node.kind(), a))
            else:
                v = quote("<%s attribute>" % k)
            key = a if re.match(r"^[A-Za-z_][A-Za-z0-9_$.]*$", a) else quote(a)
            attrs.append("%s = %s" % (key, v))
        return (" {" + ", ".join(attrs) + "}") if attrs else ""

    def _emit_traced(self, node, kind, inputs, outputs, lines, indent, loc):
        operands = [self.name(v) for v in inputs]
        in_types = self._types(inputs)
        attrs = self._attributes(node)
        bind = self.bind_results(outputs)
        out_types = self._types(outputs)
        blocks = list(node.blocks())
        head = "%s%stg.op %s(%s)" % (indent, bind, quote(kind), ", ".join(operands))
        if not blocks:
            lines.append("%s%s : (%s) -> %s %s" % (head, attrs, ", ".join(in_types),
                                                     _result_list(out_types), loc))
            return
        lines.append(head + " ({")
        for i, block in enumerate(blocks):
            if i:
                lines.append(indent + "}, {")
            params = list(block.inputs())
            if params:
                lines.append("%s^bb0(%s):" % (indent, ", ".join(
                    "%s: %s loc(unknown)" % (self.name(p), self.tg_type(p.type()))
                    for p in params)))
            self._emit_block_body(block.nodes(), lines, indent + "  ")
            outs = list(block.outputs())
            ret_loc = self.loc_of(block.returnNode()) if hasattr(block, "returnNode") else loc
            if outs:
                lines.append("%s  tg.yield %s : %s %s" % (
                    indent, ", ".join(self.name(v) for v in outs),
                    ", ".join(self._types(outs)), ret_loc))
            else:
                lines.append("%s  tg.yield %s" % (indent, ret_loc))
        lines.append("%s})%s : (%s) -> %s %s" % (indent, attrs, ", ".join(in_types),
                                                  _result_list(out_types), loc))


def _result_list(types):
    if len(types) == 1:
        return types[0]
    return "(" + ", ".join(types) + ")"
