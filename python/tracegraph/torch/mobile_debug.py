"""Reads PyTorch's own debug data: the module paths the lite interpreter
records (`callstack_debug_map.pkl`) and the sizes of the debug members of
TorchScript and lite-interpreter archives.

The module path is built exactly as torch 1.13's
`MobileDebugTable::getModuleHierarchyInfo` (torch/csrc/jit/mobile/debug_info.cpp)
builds the string after `Module hierarchy:` in a runtime error:

  top(<TopClass>)::<unknown>{.<instance>(<Class>)::<function>}*.<node kind>

where a frame without module information (a free function) prints as
`UNKNOWN_INSTANCE(UNKNOWN_TYPE)`, class names print without their qualifying
path, and the frames come from the op's inlined call stack, outermost first.
"""

import io
import pickle
import zipfile


class _Unpickler(pickle.Unpickler):
    """The members hold only tuples, strings and ints, plus
    `torch.jit._pickle.build_intlist` calls; nothing is imported."""

    def persistent_load(self, pid):
        return ("persistent", pid)

    def find_class(self, module, name):
        if (module, name) == ("torch.jit._pickle", "build_intlist"):
            return list
        return lambda *args: (module, name, args)


def _load(data):
    return _Unpickler(io.BytesIO(data)).load()


def _member(zf, suffix):
    for name in zf.namelist():
        if name.endswith("/" + suffix) or name == suffix:
            return zf.read(name)
    raise KeyError(suffix)


def short_class(qualified):
    """The class name without its module path."""
    return qualified[qualified.rfind(".") + 1:]


def format_mobile_path(top_class, callstack, node_name):
    """The module path of one debug handle, as PyTorch's lite interpreter
    prints it."""
    out = "top(%s)::<unknown>" % short_class(top_class)
    cs = callstack
    while cs is not None:
        module_info, _source_range_tag, callee, function_name = cs
        if module_info is None:
            out += ".UNKNOWN_INSTANCE(UNKNOWN_TYPE)"
        else:
            class_name, instance = module_info
            out += ".%s(%s)" % (instance, short_class(class_name)) if class_name else \
                "." + instance
        out += "::" + function_name
        cs = callee
    return out + "." + node_name


# Instructions that execute one node each. The interpreter runs most
# operators as OP/OPN, and a few as their own instruction (aten::dim is DIM,
# aten::format is FORMAT, aten::__is__ is __IS__, ...).
_NODE_OPCODES = {"OP", "OPN", "DIM", "FORMAT", "__IS__", "__ISNOT__", "WARN", "DEVICE",
                 "DTYPE", "IS_CUDA", "RAISE_EXCEPTION", "ISINSTANCE", "LIST_UNPACK",
                 "TUPLE_SLICE", "TUPLE_INDEX", "DICT_INDEX", "UN_INITIALIZED"}


def mobile_op_paths(ptl_path, method="forward"):
    """[(op kind, module path)] of every operator call (`OP`/`OPN`
    instruction) of `method` of the top module, in bytecode order, as the
    lite interpreter reports them by debug handle."""
    zf = zipfile.ZipFile(ptl_path)
    bytecode = _load(_member(zf, "bytecode.pkl"))
    handles = _load(_member(zf, "mobile_debug_handles.pkl"))
    debug_map = {}
    for entry in _load(_member(zf, "callstack_debug_map.pkl")):
        handle, _tag, node_name, callstack = entry
        debug_map[handle] = (node_name, callstack)
    functions = {f[0]: f for f in bytecode[1:]}
    handle_lists = {f[0]: f[1] for f in handles[1:]}
    qualnames = [n for n in functions if n.endswith("." + method)]
    # The top module's method: the archive names it `<TopClass>.<method>`;
    # the top class is the type of `self` in its schema.
    top = None
    for name in qualnames:
        schema = functions[name][2]
        args = dict(schema)["arguments"]
        self_type = dict(args[0])["type"]
        if name == self_type + "." + method:
            top = (name, self_type)
            break
    if top is None:
        raise ValueError("no %s method of the top module in %s" % (method, ptl_path))
    name, top_class = top
    code = dict(functions[name][1])
    instructions = code["instructions"]
    debug_handles = dict(handle_lists[name])["function_debug_handles"][0]
    ops = []
    for instr, handle in zip(instructions, debug_handles):
        if instr[0] not in _NODE_OPCODES:
            continue
        node_name, callstack = debug_map[handle]
        ops.append((node_name, format_mobile_path(top_class, callstack, node_name)))
    return top_class, ops


def member_sizes(archive, predicate):
    """(uncompressed, as stored) bytes of the archive members `predicate`
    selects."""
    zf = zipfile.ZipFile(archive)
    raw = stored = 0
    for info in zf.infolist():
        if predicate(info.filename):
            raw += info.file_size
            stored += info.compress_size
    return raw, stored


def torchscript_debug_sizes(pt_path):
    """The `.debug_pkl` members of a torch.jit.save archive."""
    return member_sizes(pt_path, lambda n: n.endswith(".debug_pkl"))


def lite_debug_sizes(ptl_path):
    """`callstack_debug_map.pkl` of a lite-interpreter archive (alone), and
    all of its debug members (`.debug_pkl`, `mobile_debug_handles.pkl`,
    `callstack_debug_map.pkl`)."""
    callstack = member_sizes(ptl_path, lambda n: n.endswith("callstack_debug_map.pkl"))
    all_debug = member_sizes(ptl_path, lambda n: n.endswith(".debug_pkl") or n.endswith(
        "callstack_debug_map.pkl") or n.endswith("mobile_debug_handles.pkl"))
    return callstack, all_debug


def handle_share(ptl_path, method="forward"):
    """(handles of the top module's `method`, handles of all functions) in
    the lite-interpreter archive: the archive's debug data covers every
    method of the top module (e.g. both `forward` and `_forward_impl`)."""
    zf = zipfile.ZipFile(ptl_path)
    handles = _load(_member(zf, "mobile_debug_handles.pkl"))
    total = mine = 0
    for name, entries in handles[1:]:
        n = len(dict(entries)["function_debug_handles"][0])
        total += n
        if name.endswith("." + method):
            mine = max(mine, n)
    return mine, total
