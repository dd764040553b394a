"""Compiles every fused kernel of a tg module and compares it with PyTorch.

For each `tg.kernel` of FUSED.mlir (tg IR after --tg-fuse-elementwise, with or
without --tg-assign-debug-handles):
  1. tg-compile-kernel builds it into an object file, which is linked into a
     shared library and loaded with ctypes; its C prototype (what
     `tg-compile-kernel --emit header` prints) says which operands are
     arguments, of what kind and shape;
  2. it runs on random inputs (a fixed seed): tensors of the input's own
     type (floats: standard normal times 3; bool masks; small integers), and
     for a scalar computed at run time (`y * (1.0 / math.sqrt(n))`) a random
     scalar of its kind (an int where the IR computes one, `aten::size`,
     `aten::len`, ...; a bool for a condition; else a float);
  3. PyTorch computes the same ops: the kernel body is read from the IR and
     every `aten::` op is called through `torch.ops.aten` with the operands
     the kernel has (its constant inputs, alpha, bounds, slopes, strings,
     None, lists such as a reduction's dims `[-1]`, as the IR holds them);
     in-place forms run out of place. Constants are resolved in the scope
     that holds them (the kernel's own body, else the regions around the
     kernel), never by SSA name across graphs: every graph numbers its
     values from %0;
  4. each result must agree with PyTorch's: floats within
     |ours - torch| <= atol + rtol * |torch| (NaN where PyTorch has NaN),
     bool and integer results exactly.

The tolerance of a kernel is the loosest atol and the loosest rtol of the op
families it holds (--atol/--rtol and the like set them):

  pointwise arithmetic (add, sub, mul, div, neg, relu, clamp, hardtanh,
  hardsigmoid, hardswish, abs, sqrt, comparisons, where, masked_fill,
  amax/amin, ...: IEEE operations every implementation rounds alike, so the
  kernel computes PyTorch's bits): atol 1e-6 + rtol 1e-5 (float32);

  transcendental functions (exp, log, sigmoid, tanh, erf, gelu, silu,
  softplus, elu, pow, rsqrt, ...: the kernel calls libm, PyTorch its own
  vectorized code; the two differ by an ulp or two, and the kernel then
  multiplies that value and adds terms that may cancel, so the difference
  is an ulp of the largest term, not of the result): atol 1e-4 + rtol 1e-5
  (--transcendental-atol/-rtol). Measured: Swin V2-T's
  `x * exp(clamp(logit_scale)) + 16 * sigmoid(bias)` on random inputs
  differs from PyTorch by 3.05e-5 where the terms are about 300 and their
  sum about 1.5;

  sums (sum, mean, var, std, softmax, log_softmax, logsumexp, norm,
  layer_norm, ...: one result adds up many elements, and the kernel adds
  them in another order than PyTorch's vectorized CPU loops):
  atol 1e-5 + rtol 1e-4 (--reduction-atol, --reduction-rtol). Measured: a
  float32 sum of 3,136 N(0, 9) elements in sequential order differs from
  torch.sum by at most 2.5e-5 of its value (7e-5 at 50,176); a mean by
  2e-7 absolute; a variance by 2e-6 of its value.

Bool and integer results (masks, comparisons) must be exactly PyTorch's.

Prints one line per kernel (max abs error and the error in units of its
tolerance) and a summary; a kernel that fails to compile or cannot be run
is reported and the others are still checked. Exits 1 when any kernel fails
to compile, cannot be checked or differs.

  python3 -m tracegraph.torch.check_kernels --tools build/bin fused.mlir [--shape 2x3x5x7]

Each tensor input has the static type the IR gives it (torch-to-tg's example
inputs), broadcasting included (a [1,C,1,1] scale times a [1,C,H,W] map);
inputs without one get --shape.
"""

import argparse
import ctypes
import os
import random
import re
import subprocess
import sys
import tempfile

# ----------------------------------------------------------------------------
# Attribute values
# ----------------------------------------------------------------------------

_NUMBER = re.compile(r"-?(?:0x[0-9A-Fa-f]+|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|inf|nan)")
_TYPE_SUFFIX = re.compile(r"\s*:\s*([a-z]+\d*)")


class Unparsed(str):
    """An attribute the checker keeps as its text (an op that needs it says so)."""


def _parse_string(text, i):
    """The MLIR string literal at text[i] (`"...`), MLIR escapes decoded: (value, end)."""
    out = bytearray()
    i += 1
    while i < len(text):
        c = text[i]
        if c == '"':
            return out.decode("utf-8", "replace"), i + 1
        if c == "\\":
            nxt = text[i + 1]
            if nxt in '"\\':
                out.append(ord(nxt))
                i += 2
            elif nxt == "n":
                out.append(10)
                i += 2
            elif nxt == "t":
                out.append(9)
                i += 2
            else:
                out.append(int(text[i + 1:i + 3], 16))
                i += 3
            continue
        out.extend(c.encode("utf-8"))
        i += 1
    raise ValueError("unterminated string")


def _number(token, type_name):
    """A number token with its type (`i64`, `f64`, or None inside arrays)."""
    if token.startswith(("0x", "-0x")):
        bits = int(token, 16)
        if type_name and type_name.startswith("f"):
            import struct
            return struct.unpack("<d", struct.pack("<Q", bits & (2 ** 64 - 1)))[0]
        return bits
    if type_name == "i1":
        return bool(int(token))
    if type_name and type_name.startswith("f") or re.search(r"[.eEn]", token):
        return float(token)
    return int(token)


def _parse_value(text, i):
    """The attribute at text[i]: (Python value, end)."""
    while text[i] == " ":
        i += 1
    if text.startswith("unit", i):
        return None, i + 4
    if text.startswith("true", i):
        return True, i + 4
    if text.startswith("false", i):
        return False, i + 5
    if text[i] == '"':
        return _parse_string(text, i)
    if text[i] == "[":
        values, i = [], i + 1
        while True:
            while text[i] == " ":
                i += 1
            if text[i] == "]":
                return values, i + 1
            value, i = _parse_value(text, i)
            values.append(value)
            while text[i] == " ":
                i += 1
            if text[i] == ",":
                i += 1
    m = _NUMBER.match(text, i)
    if m:
        end = m.end()
        t = _TYPE_SUFFIX.match(text, end)
        type_name = None
        if t and re.match(r"^(i|f|si|ui|bf)\d+$", t.group(1)):
            type_name, end = t.group(1), t.end()
        return _number(m.group(0), type_name), end
    raise ValueError("unknown attribute at %r" % text[i:i + 20])


def parse_constant(text):
    """The Python value of a tg.constant's attribute text: None for `unit`,
    bools, ints, floats (hex bit patterns included), strings, and lists of
    those; anything else (a dense tensor) as its text."""
    text = text.strip()
    try:
        value, end = _parse_value(text + " ", 0)
    except (ValueError, IndexError):
        return Unparsed(text)
    if text[end:].strip():
        return Unparsed(text)
    return value


# ----------------------------------------------------------------------------
# The IR, by scope
# ----------------------------------------------------------------------------

_NAME = r"%[\w.$#-]+"
_DEF = re.compile(r"^\s*(%[\w.$-]+)(?::(\d+))? = ")
_CONSTANT = re.compile(r"^\s*(%s) = tg\.constant\(" % _NAME)
_KERNEL = re.compile(r'^\s*(?:(%[\w.$-]+)(?::\d+)? = )?tg\.kernel "((?:[^"\\]|\\.)+)"'
                     r'\(([^)]*)\)')
_BLOCK_ARGS = re.compile(r"^\s*\^bb\d*\((.*)\):")
_OP = re.compile(r'^\s*(?:(%[\w.$-]+)(?::(\d+))? = )?tg\.op "([^"]+)"\(([^)]*)\)')
_YIELD = re.compile(r"^\s*tg\.kernel_yield\b(?:\s*\{[^}]*\})?\s*([^:]*?)\s*(?::.*)?$")


def _split_top(text, sep=","):
    """`text` split at `sep` outside (), [], <>, {} and strings."""
    parts, depth, start, i, quoted = [], 0, 0, 0, False
    while i < len(text):
        c = text[i]
        if quoted:
            if c == "\\":
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c in "([<{":
            depth += 1
        elif c in ")]>}":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


def _constant_attr(line, start):
    """The attribute text of `tg.constant(...)` starting after its `(`."""
    depth, i, quoted = 1, start, False
    while i < len(line):
        c = line[i]
        if quoted:
            if c == "\\":
                i += 1
            elif c == '"':
                quoted = False
        elif c == '"':
            quoted = True
        elif c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
            if depth == 0:
                return line[start:i]
        i += 1
    return line[start:]


def split_names(text):
    """Comma-separated names to a list, blanks dropped."""
    return [t.strip() for t in text.split(",") if t.strip()]


class Definition:
    """What defines an SSA name: a constant (`value`) or an op (`op`)."""

    def __init__(self, op=None, value=None, constant=False):
        self.op, self.value, self.constant = op, value, constant


class Kernel:
    """A tg.kernel as the checker reads it."""

    def __init__(self, name, operands, line_number):
        self.name = name
        self.line = line_number
        # Per operand: its Definition in the scope around the kernel, or None.
        self.operands = operands
        self.params = []
        self.ops = []  # (result names, op name, argument names)
        self.constants = {}  # name -> value, the kernel's own tg.constant
        self.yields = []


def _defined_names(match_name, count):
    """The names a definition `%x` or `%x:N` binds (`%x#0`, ...)."""
    if count:
        return ["%s#%d" % (match_name, i) for i in range(int(count))]
    return [match_name]


def parse_kernels(mlir_text):
    """[Kernel] of every tg.kernel in the module, each operand resolved in
    the scope that holds it.

    MLIR's printer numbers values per isolated region and reuses names across
    sibling regions, so a name means nothing outside its scope: every graph
    has its own %0. Regions open at a line ending with `{` and close at a
    line starting with `}` (the printer puts every region body on lines of
    its own); a name is looked up from the innermost open region outwards,
    and an isolated region (a graph, a kernel) hides the ones around it."""
    kernels = []
    scopes = [({}, False)]  # (names, isolated), innermost last
    kernel_stack = []  # (Kernel, index of its body's scope)
    for number, line in enumerate(mlir_text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "//")):
            continue
        if stripped.startswith("}"):
            scopes.pop()
            if kernel_stack and kernel_stack[-1][1] == len(scopes):
                kernels.append(kernel_stack.pop()[0])
            if stripped.endswith("{"):  # `}, {`: the next region of the op
                scopes.append(({}, False))
            continue
        m = _KERNEL.match(line)
        if m:
            names = split_names(m.group(3))
            kernel = Kernel(_parse_string('"%s"' % m.group(2), 0)[0],
                            [(n, _lookup(scopes, n)) for n in names], number)
            if m.group(1):
                scopes[-1][0][m.group(1)] = Definition(op="tg.kernel")
            scopes.append(({}, True))  # a kernel's body is isolated from above
            kernel_stack.append((kernel, len(scopes) - 1))
            continue
        if kernel_stack and kernel_stack[-1][1] == len(scopes) - 1:
            _read_kernel_line(kernel_stack[-1][0], line)
        names = scopes[-1][0]
        m = _CONSTANT.match(line)
        if m:
            start = line.index("tg.constant(") + len("tg.constant(")
            names[m.group(1)] = Definition(value=parse_constant(_constant_attr(line, start)),
                                           constant=True)
        else:
            m = _DEF.match(line)
            if m:
                op = _OP.match(line)
                for name in _defined_names(m.group(1), m.group(2)):
                    names[name] = Definition(op=op.group(3) if op else "?")
        if stripped.endswith("{"):
            # A region opens (a dictionary attribute never ends a line: a
            # type or location follows it). Graphs are isolated from above.
            scopes.append(({}, bool(re.match(r"^tg\.graph\b", stripped))))
    return kernels


def _lookup(scopes, name):
    """The Definition of `name` seen from the innermost scope, or None."""
    for names, isolated in reversed(scopes):
        if name in names:
            return names[name]
        if isolated:
            return None
    return None


def _read_kernel_line(kernel, line):
    m = _BLOCK_ARGS.match(line)
    if m:
        kernel.params = [a.split(":")[0].strip() for a in _split_top(m.group(1))]
        return
    m = _CONSTANT.match(line)
    if m:
        start = line.index("tg.constant(") + len("tg.constant(")
        kernel.constants[m.group(1)] = parse_constant(_constant_attr(line, start))
        return
    m = _OP.match(line)
    if m:
        results = _defined_names(m.group(1), m.group(2)) if m.group(1) else []
        kernel.ops.append((results, m.group(3), split_names(m.group(4))))
        return
    m = _YIELD.match(line)
    if m:
        kernel.yields = split_names(m.group(1))


# ----------------------------------------------------------------------------
# Tolerances
# ----------------------------------------------------------------------------

# Ops that add up many elements into one result (directly, or inside a
# composite PyTorch op the kernel may still hold).
SUMS = frozenset((
    "sum", "mean", "var", "std", "var_mean", "std_mean", "prod", "norm",
    "linalg_vector_norm", "logsumexp", "softmax", "_softmax", "log_softmax",
    "_log_softmax", "layer_norm", "native_layer_norm", "group_norm",
    "native_group_norm", "batch_norm", "instance_norm", "cumsum", "nansum",
    "nanmean"))

# Functions libm and PyTorch's vectorized code compute to within an ulp or
# two, not bit for bit.
TRANSCENDENTAL = frozenset((
    "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sigmoid", "tanh",
    "erf", "erfc", "erfinv", "gelu", "silu", "mish", "softplus", "elu", "selu",
    "celu", "pow", "rsqrt", "reciprocal", "sin", "cos", "tan", "asin", "acos",
    "atan", "atan2", "sinh", "cosh", "asinh", "acosh", "atanh", "logit",
    "log_sigmoid", "xlogy"))

FAMILIES = ("pointwise", "transcendental", "sums")

# (atol, rtol) per family, the command line's defaults (see the docstring);
# scripts/gpu_check.py holds the GPU kernels to the same.
TOLERANCES = {"pointwise": (1e-6, 1e-5), "transcendental": (1e-4, 1e-5),
              "sums": (1e-5, 1e-4)}


def op_family(op):
    """`pointwise`, `transcendental` or `sums` for an aten op name (without
    `aten::`)."""
    base = op[:-1] if op.endswith("_") and not op.endswith("__") else op
    if base in SUMS:
        return "sums"
    if base in TRANSCENDENTAL:
        return "transcendental"
    return "pointwise"


def kernel_families(kernel):
    """The op families of a kernel's ops (`pointwise` for none)."""
    return {op_family(name.partition("::")[2]) for _, name, _ in kernel.ops} or \
        {"pointwise"}


def kernel_tolerance(kernel, tolerances=TOLERANCES):
    """(atol, rtol): the loosest of each among the kernel's op families."""
    chosen = [tolerances[f] for f in kernel_families(kernel)]
    return max(a for a, _ in chosen), max(r for _, r in chosen)


# ----------------------------------------------------------------------------
# PyTorch's side
# ----------------------------------------------------------------------------

def reference(kernel, values):
    """The kernel's results computed by PyTorch; `values` holds one value per
    operand (constants, random scalars and tensors), in order."""
    env = dict(kernel.constants)
    for param, value in zip(kernel.params, values):
        env[param] = value
    for results, name, args in kernel.ops:
        if name == "operator.getitem" and len(args) == 2 and len(results) == 1:
            # torch.fx's read of one element of a tuple an aten op returned.
            env[results[0]] = env[args[0]][env[args[1]]]
            continue
        ns, _, op = name.partition("::")
        if ns != "aten":
            raise RuntimeError("%s: only aten operators are computed by PyTorch here" % name)
        if op.endswith("_") and not op.endswith("__"):
            op = op[:-1]
        missing = [a for a in args if a not in env]
        if missing:
            raise RuntimeError("%s reads %s, which the kernel does not define"
                               % (name, ", ".join(missing)))
        out = call_aten(op, [env[a] for a in args])
        if len(results) == 1:
            env[results[0]] = out
        else:
            for r, v in zip(results, out):
                env[r] = v
    return [env[v] for v in kernel.yields]


def call_aten(op, values):
    """aten::`op` on `values`, TorchScript's operands (keyword-only
    arguments such as add's alpha come positionally in the graph): the
    first overload whose schema takes them."""
    import torch
    from .example_types import call_overload
    packet = getattr(torch.ops.aten, op)
    errors = []
    for overload in packet.overloads():
        fn = getattr(packet, overload)
        params = [a for a in fn._schema.arguments if a.name != "out"]
        if len(values) > len(params):
            continue
        try:
            return call_overload(fn, values)
        except (RuntimeError, TypeError) as e:
            errors.append(str(e).splitlines()[0])
    raise RuntimeError("no overload of aten::%s takes these operands (%s)"
                       % (op, "; ".join(errors[:2])))


# ----------------------------------------------------------------------------
# Our side
# ----------------------------------------------------------------------------

_PROTOTYPE = re.compile(r"^void (\w+)\((.*)\);$")
_ARG = re.compile(r"^(const )?(\w+) (\*)?(in|out)(\d+)(?: /\* ([^*]*) \*/)?$")

# C types and element types of the prototypes tg-compile-kernel writes.
_C_SCALARS = {"float": ctypes.c_float, "double": ctypes.c_double,
              "int64_t": ctypes.c_int64, "int32_t": ctypes.c_int32,
              "bool": ctypes.c_bool, "_Bool": ctypes.c_bool}


def _dtype_of(element):
    import torch
    return {"f32": torch.float32, "f64": torch.float64, "f16": torch.float16,
            "bf16": torch.bfloat16, "i1": torch.bool, "i8": torch.int8,
            "ui8": torch.uint8, "i16": torch.int16, "i32": torch.int32,
            "i64": torch.int64}.get(element)


def _parse_type_comment(text):
    """`2x3x4xf32` -> ([2, 3, 4], 'f32'); `f32` -> ([], 'f32')."""
    parts = text.strip().split("x")
    return [int(p) for p in parts[:-1]], parts[-1]


class Argument:
    """One argument of a kernel's C function."""

    def __init__(self, direction, pointer, c_type, shape, element):
        self.direction, self.pointer, self.c_type = direction, pointer, c_type
        self.shape, self.element = shape, element


def parse_prototypes(header):
    """{kernel: [Argument]} from `tg-compile-kernel --emit header`."""
    prototypes = {}
    for line in header.splitlines():
        m = _PROTOTYPE.match(line.strip())
        if not m:
            continue
        args = []
        for text in _split_top(m.group(2)):
            a = _ARG.match(text)
            if not a:
                raise RuntimeError("unexpected argument %r in the prototype of %s"
                                   % (text, m.group(1)))
            shape, element = (_parse_type_comment(a.group(6)) if a.group(6)
                              else (None, None))
            args.append(Argument(a.group(4), bool(a.group(3)), a.group(2), shape, element))
        prototypes[m.group(1)] = args
    return prototypes


def compile_kernel(tools, mlir, kernel, shape, workdir, opt_level=0, emit="obj",
                   gpu_math=False, element_type=None):
    """Compiles `kernel` into a shared library (or, with emit="header", its
    C header's text; every kernel's when `kernel` is None); `shape` (--shape)
    only for a kernel without static types (tg-compile-kernel rejects one
    that contradicts them); `gpu_math`: math functions as the GPU kernels
    compute them (tg-compile-kernel --gpu-math); `element_type`: its
    --element-type (f32 unless given). Returns (result, error)."""
    safe = re.sub(r"[^\w]", "_", kernel or "all")
    out = os.path.join(workdir, safe + (".h" if emit == "header" else ".o"))
    which = ["-k", kernel] if kernel else ["--all-kernels"]
    res = subprocess.run([os.path.join(tools, "tg-compile-kernel"), mlir] + which +
                         ["--opt-level", str(opt_level), "--emit", emit] +
                         (["--shape", shape] if shape else []) +
                         (["--gpu-math"] if gpu_math and emit == "obj" else []) +
                         (["--element-type", element_type] if element_type else []) +
                         ["-o", out],
                         capture_output=True, text=True)
    if res.returncode:
        return None, res.stderr.strip().splitlines()[0] if res.stderr.strip() else "failed"
    if emit == "header":
        with open(out) as f:
            return f.read(), None
    lib = os.path.join(workdir, safe + ".so")
    res = subprocess.run(["cc", "-shared", "-o", lib, out, "-lm"], capture_output=True,
                         text=True)
    if res.returncode:
        return None, "cc -shared: " + res.stderr.strip()
    return ctypes.CDLL(lib), None


# Ops whose scalar result is an int or a bool (the rest: floats), for the
# random scalar a run-time operand gets.
_INT_OPS = frozenset(("aten::size", "aten::len", "aten::dim", "aten::numel", "aten::Int",
                      "aten::floordiv", "aten::__getitem__", "prim::NumToTensor",
                      "aten::ScalarImplicit"))
_BOOL_OPS = frozenset(("aten::Bool", "aten::eq", "aten::ne", "aten::lt", "aten::le",
                       "aten::gt", "aten::ge", "aten::__not__", "aten::__and__",
                       "aten::__or__", "aten::__is__", "aten::__isnot__",
                       "prim::is_cuda", "prim::requires_grad"))


def random_scalar(definition, rng):
    """A random scalar of the kind the IR computes for a run-time operand."""
    op = definition.op if definition is not None else None
    if op in _BOOL_OPS:
        return rng.random() < 0.5
    if op in _INT_OPS:
        return rng.randint(1, 8)
    return rng.choice((-1, 1)) * rng.uniform(0.5, 2.0)


def random_tensor(shape, dtype):
    """Standard normal times 3 for floats, random masks for bools, small ints."""
    import torch
    if dtype == torch.bool:
        return torch.rand(shape) < 0.5
    if dtype.is_floating_point:
        return (torch.randn(shape, dtype=torch.float64) * 3).to(dtype)
    return torch.randint(-4, 5, shape, dtype=dtype)


class Checker:
    """Compiles, runs and compares the kernels of one module."""

    def __init__(self, args):
        self.args = args
        self.tolerances = {"pointwise": (args.atol, args.rtol),
                           "transcendental": (args.transcendental_atol,
                                              args.transcendental_rtol),
                           "sums": (args.reduction_atol, args.reduction_rtol)}
        self.rng = random.Random(args.seed)

    def families(self, kernel):
        """The op families of a kernel's ops (`pointwise` for none)."""
        return kernel_families(kernel)

    def tolerance(self, kernel):
        """(atol, rtol): the loosest of each among the kernel's op families."""
        return kernel_tolerance(kernel, self.tolerances)

    def inputs(self, kernel, arguments):
        """(values per operand for PyTorch, ctypes arguments for the kernel).
        Constants are folded into the kernel; every other operand is an
        argument, in order."""
        import torch
        values, c_args = [], []
        ins = [a for a in arguments if a.direction == "in"]
        runtime = [(n, d) for n, d in kernel.operands if d is None or not d.constant]
        if len(ins) != len(runtime):
            raise RuntimeError("its C function takes %d inputs but it has %d operands that "
                               "are not constants" % (len(ins), len(runtime)))
        it = iter(ins)
        for name, definition in kernel.operands:
            if definition is not None and definition.constant:
                values.append(definition.value)
                continue
            arg = next(it)
            if arg.pointer:
                dtype = _dtype_of(arg.element)
                if dtype is None:
                    raise RuntimeError("input %s has element type %s" % (name, arg.element))
                shape = arg.shape if arg.shape is not None else \
                    [int(s) for s in self.args.shape.split("x")]
                t = random_tensor(shape, dtype).contiguous()
                values.append(t)
                c_args.append(t)
            else:
                s = random_scalar(definition, self.rng)
                values.append(s)
                c_args.append(_C_SCALARS.get(arg.c_type, ctypes.c_float)(s))
        return values, c_args

    def check(self, kernel, lib, arguments):
        """(ok, max abs error, error in units of the tolerance) of one kernel."""
        import torch
        values, c_args = self.inputs(kernel, arguments)
        expected = reference(kernel, [v.clone() if isinstance(v, torch.Tensor) else v
                                      for v in values])
        outs = [a for a in arguments if a.direction == "out"]
        if len(outs) != len(expected):
            raise RuntimeError("its C function writes %d results but it yields %d"
                               % (len(outs), len(expected)))
        outputs = []
        for arg, ref in zip(outs, expected):
            dtype = _dtype_of(arg.element) if arg.element else torch.float32
            shape = arg.shape if arg.shape is not None else list(ref.shape)
            if list(ref.shape) != list(shape):
                raise RuntimeError("PyTorch computes a result of shape %s where the kernel "
                                   "writes %s" % (list(ref.shape), shape))
            outputs.append(torch.empty(shape, dtype=dtype))
        fn = getattr(lib, kernel.name)
        fn.restype = None
        fn(*[ctypes.c_void_p(a.data_ptr()) if isinstance(a, torch.Tensor) else a
             for a in c_args + outputs])
        atol, rtol = self.tolerance(kernel)
        ok, max_abs, max_ratio = True, 0.0, 0.0
        for ours, ref in zip(outputs, expected):
            if not ours.dtype.is_floating_point:
                # Masks and integers: exactly PyTorch's.
                same = torch.equal(ours, ref.to(ours.dtype))
                ok &= same
                if not same:
                    max_ratio = float("inf")
                continue
            ref = ref.to(ours.dtype)
            nan = torch.isnan(ref)
            if not torch.equal(nan, torch.isnan(ours)):
                ok = False
            diff = (ours.double() - ref.double()).abs()[~nan]
            scale = ref.double().abs()[~nan]
            if diff.numel():
                ratio = (diff / (atol + rtol * scale)).max().item()
                max_abs = max(max_abs, diff.max().item())
                max_ratio = max(max_ratio, ratio)
                if ratio > 1:
                    ok = False
        return ok, max_abs, max_ratio


def main(argv):
    """The command line: compile every kernel and compare it with PyTorch; the exit status."""
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tools", default="build/bin", help="folder of tg-compile-kernel")
    p.add_argument("--shape", default="2x3x5x7",
                   help="shape of the tensors of a kernel without static types")
    p.add_argument("--rtol", type=float, default=TOLERANCES["pointwise"][1],
                   help="pointwise ops (default 1e-5)")
    p.add_argument("--atol", type=float, default=TOLERANCES["pointwise"][0],
                   help="pointwise ops (default 1e-6)")
    p.add_argument("--transcendental-rtol", type=float, default=TOLERANCES["transcendental"][1],
                   help="kernels with exp, sigmoid, tanh, erf, ... (default 1e-5)")
    p.add_argument("--transcendental-atol", type=float, default=TOLERANCES["transcendental"][0],
                   help="kernels with exp, sigmoid, tanh, erf, ... (default 1e-4)")
    p.add_argument("--reduction-rtol", type=float, default=TOLERANCES["sums"][1],
                   help="kernels that sum (sum, mean, var, softmax, ...; default 1e-4)")
    p.add_argument("--reduction-atol", type=float, default=TOLERANCES["sums"][0],
                   help="kernels that sum (default 1e-5)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--element-type", choices=("f32", "f64"), default=None,
                   help="tg-compile-kernel --element-type: the float type of the "
                   "kernels' tensors (default: f64 when every float tensor of the IR is "
                   "f64, a model imported with a double example input, else f32; the "
                   "tolerances stay float32's unless given)")
    p.add_argument("--opt-level", type=int, default=0, choices=range(4),
                   help="tg-compile-kernel --opt-level (LLVM's pipeline from 1)")
    p.add_argument("--gpu-math", action="store_true",
                   help="math functions as the GPU kernels compute them (polynomial "
                   "approximations; tg-compile-kernel --gpu-math)")
    p.add_argument("input", help="tg IR after --tg-fuse-elementwise")
    args = p.parse_args(argv)
    import torch

    try:
        with open(args.input) as f:
            text = f.read()
            kernels = parse_kernels(text)
    except OSError as e:
        print("check_kernels: cannot read %s: %s" % (args.input, e.strerror), file=sys.stderr)
        return 1
    if not kernels:
        print("check_kernels: no kernel in %s" % args.input, file=sys.stderr)
        return 1
    if args.element_type is None:
        args.element_type = default_element_type(text)
    torch.manual_seed(args.seed)
    checker = Checker(args)
    failed, worst = 0, 0.0
    counts = {}  # the looser families of the kernels checked -> (count, tolerance)
    with tempfile.TemporaryDirectory() as workdir:
        prototypes = kernel_prototypes(args, workdir)
        for kernel in kernels:
            status = _check_one(checker, kernel, args, workdir, prototypes)
            if status is None:
                failed += 1
                continue
            ok, max_abs, ratio = status
            looser = tuple(f for f in FAMILIES[1:] if f in checker.families(kernel))
            if looser:
                n, _ = counts.get(looser, (0, None))
                counts[looser] = (n + 1, checker.tolerance(kernel))
            worst = max(worst, ratio)
            print("%s: %s (max abs error %.3g, %.3g of the tolerance)" % (
                kernel.name, "equal to PyTorch" if ok else "DIFFERS from PyTorch", max_abs,
                ratio), flush=True)
            failed += not ok
    names = {("transcendental",): "with transcendental functions", ("sums",): "that sum",
             ("transcendental", "sums"): "that sum, with transcendental functions"}
    looser = "".join("; %d %s within atol %g + rtol %g" % ((n, names[key]) + tolerance)
                     for key, (n, tolerance) in sorted(counts.items()))
    compared = len(kernels) - failed
    print("%d of %d kernels compiled and equal to PyTorch within atol %g + rtol %g%s%s" % (
        compared, len(kernels), args.atol, args.rtol, looser,
        " (worst: %.3g of the tolerance)" % worst if compared else ""))
    return 1 if failed else 0


_FLOAT_TENSOR = re.compile(r"tensor<(?:[0-9?]+x)*(f16|bf16|f32|f64)>")


def default_element_type(text):
    """The --element-type the IR's static types ask for: f64 when every float
    tensor of the module is f64 (a model run in double), else None (the
    compiler's f32)."""
    floats = set(_FLOAT_TENSOR.findall(text))
    return "f64" if floats == {"f64"} else None


def kernel_prototypes(args, workdir):
    """{kernel: [Argument]} of every kernel in one tg-compile-kernel run, or
    {} when one of them does not compile (each is then asked on its own)."""
    header, _ = compile_kernel(args.tools, args.input, None, None, workdir, emit="header",
                               element_type=getattr(args, "element_type", None))
    return parse_prototypes(header) if header is not None else {}


def _check_one(checker, kernel, args, workdir, prototypes):
    """(ok, max abs error, ratio) of one kernel, or None (printed) when it
    does not compile or cannot be run; never raises."""
    element_type = getattr(args, "element_type", None)
    try:
        # Without --shape first: a kernel of static types must not get one.
        shape = None
        arguments = prototypes.get(kernel.name)
        if arguments is None:
            header, error = compile_kernel(args.tools, args.input, kernel.name, None, workdir,
                                           emit="header", element_type=element_type)
            if header is None:
                shape = args.shape
                retry, _ = compile_kernel(args.tools, args.input, kernel.name, shape,
                                          workdir, emit="header",
                                          element_type=element_type)
                header = retry
            if header is None:
                print("%s: does not compile: %s" % (kernel.name, error), flush=True)
                return None
            arguments = parse_prototypes(header).get(kernel.name)
        if arguments is None:
            print("%s: does not compile: no prototype in its header" % kernel.name, flush=True)
            return None
        lib, error = compile_kernel(args.tools, args.input, kernel.name, shape, workdir,
                                    args.opt_level, gpu_math=getattr(args, "gpu_math", False),
                                    element_type=element_type)
        if lib is None:
            print("%s: does not compile: %s" % (kernel.name, error), flush=True)
            return None
        return checker.check(kernel, lib, arguments)
    except Exception as e:  # one kernel's failure never stops the others
        text = str(e).strip().splitlines()
        print("%s: cannot be checked: %s: %s" % (kernel.name, type(e).__name__,
                                                 text[0] if text else ""), flush=True)
        return None


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
