"""Compiles every fused kernel of a tg module and compares it with PyTorch.

For each `tg.kernel` of FUSED.mlir (tg IR after --tg-fuse-elementwise, with or
without --tg-assign-debug-handles):
  1. tg-compile-kernel builds it into an object file at --shape (f32), which
     is linked into a shared library and loaded with ctypes;
  2. it runs on random inputs (standard normal times 3, a fixed seed);
  3. PyTorch computes the same ops: the kernel body is read from the IR and
     every `aten::` op is called through `torch.ops.aten` with the operands
     the kernel has (its constant inputs, alpha, bounds, slopes, strings,
     None, as the IR holds them); in-place forms run out of place;
  4. the results must agree within |ours - torch| <= atol + rtol * |torch|
     (NaN where PyTorch has NaN).

Prints one line per kernel (max abs and rel error) and a summary; exits 1
when any kernel fails to compile or differs.

  python3 -m tracegraph.torch.check_kernels --tools build/bin fused.mlir [--shape 2x3x5x7]

Each tensor input has the static type the IR gives it (torch-to-tg's example
inputs), broadcasting included (a [1,C,1,1] scale times a [1,C,H,W] map);
inputs without one get --shape.
"""

import argparse
import ctypes
import os
import re
import subprocess
import sys
import tempfile

_NAME = r"%[\w.$#-]+"
_CONSTANT = re.compile(r"^\s*(%s) = tg\.constant\((.*)\)\s*(?:\{[^}]*\}\s*)?:" % _NAME)
_KERNEL = re.compile(r'^\s*(?:%s(?::\d+)? = )?tg\.kernel "([^"]+)"\(([^)]*)\)'
                     r'(?:\s*\{[^}]*\})?\s*:\s*\((.*)\)\s*->' % _NAME)
_TENSOR = re.compile(r"^tensor<((?:\d+x)*)f32>$")
_BLOCK_ARGS = re.compile(r"^\s*\^bb0\((.*)\):")
_OP = re.compile(r'^\s*(%s) = tg\.op "([^"]+)"\(([^)]*)\)' % _NAME)
_YIELD = re.compile(r"^\s*tg\.kernel_yield(?:\s*\{[^}]*\})?\s*(.*?)\s*(?::.*)?$")


def parse_constant(text):
    """The Python value of a tg.constant's attribute text."""
    text = text.strip()
    if text == "unit":
        return None
    if text in ("true", "false"):
        return text == "true"
    m = re.match(r"^(-?[\d.]+(?:e[+-]?\d+)?) : (i64|f64)$", text)
    if m:
        return int(m.group(1)) if m.group(2) == "i64" else float(m.group(1))
    m = re.match(r'^"(.*)"$', text)
    if m:
        return m.group(1)
    return text  # kept as text; an op that needs it will say so


def split_names(text):
    """Comma-separated names to a list, blanks dropped."""
    return [t.strip() for t in text.split(",") if t.strip()]


def parse_kernels(mlir_text):
    """[(name, operands, params, ops, yields)] and {value: constant}."""
    constants, kernels = {}, []
    current = None
    for line in mlir_text.splitlines():
        m = _CONSTANT.match(line)
        if m:
            constants[m.group(1)] = parse_constant(m.group(2))
            continue
        m = _KERNEL.match(line)
        if m:
            types = [t.strip() for t in re.split(r",\s*(?![^<]*>)", m.group(3)) if t.strip()]
            current = {"name": m.group(1), "operands": split_names(m.group(2)),
                       "types": types, "params": [], "ops": [], "yields": []}
            continue
        if current is None:
            continue
        m = _BLOCK_ARGS.match(line)
        if m:
            current["params"] = [a.split(":")[0].strip() for a in m.group(1).split(", ")]
            continue
        m = _OP.match(line)
        if m:
            current["ops"].append((m.group(1), m.group(2), split_names(m.group(3))))
            continue
        m = _YIELD.match(line)
        if m:
            current["yields"] = split_names(m.group(1))
            kernels.append(current)
            current = None
    return kernels, constants


def reference(kernel, constants, tensors):
    """The kernel's results computed by PyTorch from `tensors` (its tensor
    inputs, in order)."""
    import torch
    env, it = {}, iter(tensors)
    for param, operand in zip(kernel["params"], kernel["operands"]):
        env[param] = constants[operand] if operand in constants else next(it)
    for result, name, args in kernel["ops"]:
        op = name.split("::", 1)[1]
        if op.endswith("_") and not op.endswith("__"):
            op = op[:-1]
        env[result] = call_aten(op, [env[a] for a in args])
    return [env[v] for v in kernel["yields"]]


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


def compile_kernel(tools, mlir, kernel, shape, workdir, opt_level=0, gpu_math=False):
    """Compiles `kernel` into a shared library; `shape` (--shape) only for a
    kernel without static types (tg-compile-kernel rejects one that
    contradicts them); `gpu_math`: math functions as the GPU kernels compute
    them (tg-compile-kernel --gpu-math)."""
    obj = os.path.join(workdir, kernel + ".o")
    lib = os.path.join(workdir, kernel + ".so")
    res = subprocess.run([os.path.join(tools, "tg-compile-kernel"), mlir, "-k", kernel,
                          "--opt-level", str(opt_level)] +
                         (["--shape", shape] if shape else []) +
                         (["--gpu-math"] if gpu_math else []) + ["-o", obj],
                         capture_output=True, text=True)
    if res.returncode:
        return None, res.stderr.strip().splitlines()[0] if res.stderr else "failed"
    res = subprocess.run(["cc", "-shared", "-o", lib, obj, "-lm"], capture_output=True,
                         text=True)
    if res.returncode:
        return None, "cc -shared: " + res.stderr.strip()
    return ctypes.CDLL(lib), None


def main(argv):
    """The command line: compile every kernel and compare it with PyTorch; the exit status."""
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tools", default="build/bin", help="folder of tg-compile-kernel")
    p.add_argument("--shape", default="2x3x5x7")
    p.add_argument("--rtol", type=float, default=1e-5)
    p.add_argument("--atol", type=float, default=1e-6)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--opt-level", type=int, default=0, choices=range(4),
                   help="tg-compile-kernel --opt-level (LLVM's pipeline from 1)")
    p.add_argument("--gpu-math", action="store_true",
                   help="math functions as the GPU kernels compute them (polynomial "
                   "approximations; tg-compile-kernel --gpu-math)")
    p.add_argument("input", help="tg IR after --tg-fuse-elementwise")
    args = p.parse_args(argv)
    import torch

    with open(args.input) as f:
        kernels, constants = parse_kernels(f.read())
    if not kernels:
        print("check_kernels: no kernel in %s" % args.input, file=sys.stderr)
        return 1
    shape = [int(s) for s in args.shape.split("x")]
    torch.manual_seed(args.seed)
    failed = 0
    worst = 0.0
    with tempfile.TemporaryDirectory() as workdir:
        for kernel in kernels:
            name = kernel["name"]
            typed = any(t.startswith("tensor<") for t in kernel["types"])
            lib, error = compile_kernel(args.tools, args.input, name,
                                        None if typed else args.shape, workdir,
                                        args.opt_level, args.gpu_math)
            if lib is None:
                print("%s: does not compile: %s" % (name, error))
                failed += 1
                continue
            # Each tensor input at its own type when the IR has one (example
            # inputs), else at --shape.
            inputs = []
            for operand, type_text in zip(kernel["operands"], kernel["types"]):
                if operand in constants:
                    continue
                m = _TENSOR.match(type_text)
                dims = [int(d) for d in m.group(1).split("x") if d] if m else shape
                inputs.append(torch.randn(dims, dtype=torch.float32) * 3)
            expected = [r.to(torch.float32) for r in reference(kernel, constants,
                                                                [t.clone() for t in inputs])]
            outputs = [torch.empty(r.shape, dtype=torch.float32) for r in expected]
            fn = getattr(lib, name)
            fn.restype = None
            fn(*[ctypes.c_void_p(t.data_ptr()) for t in inputs + outputs])
            max_abs = max_ratio = 0.0
            ok = True
            for ours, ref in zip(outputs, expected):
                nan = torch.isnan(ref)
                if not torch.equal(nan, torch.isnan(ours)):
                    ok = False
                diff = (ours - ref).abs()[~nan]
                scale = ref.abs()[~nan]
                if diff.numel():
                    # The error in units of the tolerance: <= 1 passes.
                    ratio = (diff / (args.atol + args.rtol * scale)).max().item()
                    max_abs = max(max_abs, diff.max().item())
                    max_ratio = max(max_ratio, ratio)
                    if ratio > 1:
                        ok = False
            worst = max(worst, max_ratio)
            print("%s: %s (max abs error %.3g, %.3g of the tolerance)" % (
                name, "equal to PyTorch" if ok else "DIFFERS from PyTorch", max_abs, max_ratio))
            failed += not ok
    print("%d of %d kernels compiled and equal to PyTorch within atol %g + rtol %g "
          "(worst: %.3g of the tolerance)" % (len(kernels) - failed, len(kernels), args.atol,
                                               args.rtol, worst))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
