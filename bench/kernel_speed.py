#!/usr/bin/env python3
"""Run time of a model's compiled kernels under two tg-compile-kernel settings.

Compiles every kernel of a fused module (the README pipeline's output, with
static types) twice, with the flags of --a and of --b (say, the default -O2
and -O2 with --slp-vectorize), links each object into a shared library, and
runs every kernel on the same random inputs: per kernel, the best of
--repeat rounds of --calls calls, the two builds alternating round by round
so that a noisy machine slows both alike. Prints a markdown table, per kernel
and in total, with the ratio b / a.

  bench/kernel_speed.py --tools build/bin fused.mlir \
      --a "--opt-level 2" --b "--opt-level 2 --slp-vectorize"

Only timings of one run compare (docs/performance.md): report the ratio.
"""
import argparse
import ctypes
import os
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "python"))

from tracegraph.torch import check_kernels  # noqa: E402


def build(tools, mlir, flags, workdir, tag):
    """A ctypes library of every kernel of `mlir` compiled with `flags`."""
    obj = os.path.join(workdir, tag + ".o")
    lib = os.path.join(workdir, tag + ".so")
    subprocess.run([os.path.join(tools, "tg-compile-kernel"), mlir, "--all-kernels",
                    "-o", obj] + shlex.split(flags), check=True)
    subprocess.run(["cc", "-shared", "-o", lib, obj, "-lm"], check=True)
    return ctypes.CDLL(lib), os.path.getsize(obj)


def time_calls(fn, args, calls):
    start = time.perf_counter()
    for _ in range(calls):
        fn(*args)
    return (time.perf_counter() - start) / calls


def main(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tools", default="build/bin", help="folder of tg-compile-kernel")
    p.add_argument("--a", default="--opt-level 2", help="tg-compile-kernel flags of build a")
    p.add_argument("--b", default="--opt-level 2 --slp-vectorize",
                   help="tg-compile-kernel flags of build b")
    p.add_argument("--repeat", type=int, default=5, help="rounds per kernel (best counts)")
    p.add_argument("--calls", type=int, default=20, help="calls per round")
    p.add_argument("input", help="tg IR after --tg-fuse-elementwise, with static types")
    args = p.parse_args(argv)
    import torch

    with open(args.input) as f:
        text = f.read()
    kernels = check_kernels.parse_kernels(text)
    torch.manual_seed(0)
    checker = check_kernels.Checker(argparse.Namespace(
        atol=0, rtol=0, transcendental_atol=0, transcendental_rtol=0, reduction_atol=0,
        reduction_rtol=0, seed=0, shape="2x3x5x7"))
    with tempfile.TemporaryDirectory() as workdir:
        header, error = check_kernels.compile_kernel(args.tools, args.input, None, None,
                                                     workdir, emit="header")
        if header is None:
            print("kernel_speed: %s" % error, file=sys.stderr)
            return 1
        prototypes = check_kernels.parse_prototypes(header)
        lib_a, size_a = build(args.tools, args.input, args.a, workdir, "a")
        lib_b, size_b = build(args.tools, args.input, args.b, workdir, "b")
        print("| kernel | a (us) | b (us) | b / a |")
        print("| --- | ---: | ---: | ---: |")
        total_a = total_b = 0.0
        for kernel in kernels:
            arguments = prototypes[kernel.name]
            _, c_args = checker.inputs(kernel, arguments)
            outs = [torch.empty(a.shape, dtype=check_kernels._dtype_of(a.element)
                                or torch.float32)
                    for a in arguments if a.direction == "out"]
            call_args = [ctypes.c_void_p(a.data_ptr()) if isinstance(a, torch.Tensor) else a
                         for a in c_args + outs]
            fa, fb = getattr(lib_a, kernel.name), getattr(lib_b, kernel.name)
            fa.restype = fb.restype = None
            best_a = best_b = float("inf")
            for _ in range(args.repeat):
                best_a = min(best_a, time_calls(fa, call_args, args.calls))
                best_b = min(best_b, time_calls(fb, call_args, args.calls))
            total_a += best_a
            total_b += best_b
            print("| %s | %.1f | %.1f | %.3f |" % (kernel.name, best_a * 1e6, best_b * 1e6,
                                                  best_b / best_a))
        print("| **all %d kernels** | %.1f | %.1f | **%.3f** |" % (
            len(kernels), total_a * 1e6, total_b * 1e6, total_b / total_a))
        print("\na: `%s` (object %d B); b: `%s` (object %d B)" % (args.a, size_a, args.b,
                                                                  size_b))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
