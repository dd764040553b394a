#!/usr/bin/env python3
"""What fused kernels cost MLIR's verifier (docs/performance.md, section 29).

Writes two generated modules of about --ops ops in one tg.graph: plain
`tg.op`s, and the same with a two-op `tg.kernel` of three inputs after every
twelve ops (the shape --tg-fuse-elementwise leaves on the README pipeline's
generated model). Each is turned into bytecode, then verified --verify-runs
times by upstream --strip-debuginfo under --mlir-disable-threading, with and
without --verify-each; the verifier's time per run is the difference of the
strip stages' --mlir-timing. --ir A.mlirbc B.mlirbc adds the same for two
given files (the pipeline's IR before and after fusion, say). Prints a
markdown table; --rounds alternates the inputs that many times and keeps
each one's minimum.

  bench/kernel_verifier_cost.py --tg-opt build/bin/tg-opt --ops 1300000
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile


def generate(path, total, with_kernels, gap=12, kernel_ops=2, inputs=3):
    with open(path, "w") as f:
        w = f.write
        w("module {\n  tg.graph @g(%arg0: !tg.tensor) -> !tg.tensor {\n")
        cur, n, v = "%arg0", 0, 0
        while n < total:
            for i in range(gap):
                w(f'    %g{v}_{i} = tg.op "aten::conv"({cur}) : (!tg.tensor) -> !tg.tensor\n')
                cur = f"%g{v}_{i}"
            n += gap
            if with_kernels:
                ins = [cur] + [f"%g{v}_{max(0, gap - 2 - j)}" for j in range(inputs - 1)]
                types = ", ".join(["!tg.tensor"] * inputs)
                args = ", ".join(f"%in{j}: !tg.tensor" for j in range(inputs))
                w(f'    %k{v} = tg.kernel "fused_{v}"({", ".join(ins)}) : ({types}) -> !tg.tensor {{\n')
                w(f"    ^bb0({args}):\n")
                inner = "%in0"
                for i in range(kernel_ops):
                    w(f'      %k{v}_{i} = tg.op "aten::relu"({inner}, %in{min(i + 1, inputs - 1)})'
                      " : (!tg.tensor, !tg.tensor) -> !tg.tensor\n")
                    inner = f"%k{v}_{i}"
                w(f"      tg.kernel_yield {inner} : !tg.tensor\n    }}\n")
                cur = f"%k{v}"
                n += kernel_ops + 2
            else:
                for i in range(kernel_ops):
                    w(f'    %k{v}_{i} = tg.op "aten::relu"({cur}) : (!tg.tensor) -> !tg.tensor\n')
                    cur = f"%k{v}_{i}"
                n += kernel_ops
            v += 1
        w(f"    tg.return {cur} : !tg.tensor\n  }}\n}}\n")
    return v if with_kernels else 0


def strip_seconds(tgopt, path, runs, verify):
    cmd = [tgopt, path] + ["--strip-debuginfo"] * runs + [
        "--verify-each=%s" % ("true" if verify else "false"),
        "--mlir-disable-threading", "--mlir-timing", "--emit-bytecode",
        "-o", os.devnull]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stderr
    times = [float(m.group(1)) for m in
             re.finditer(r"^\s+([\d.]+) \(.*\)\s+StripDebugInfo$", out, re.M)]
    if len(times) != runs:
        sys.exit("kernel_verifier_cost.py: no StripDebugInfo timing in:\n" + out)
    return sum(times) / runs


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tg-opt", default="build/bin/tg-opt")
    p.add_argument("--ops", type=int, default=1300000)
    p.add_argument("--verify-runs", type=int, default=3)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--ir", nargs=2, metavar=("WITHOUT", "WITH"),
                   help="two files of the same ops without and with kernels")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as work:
        inputs = []
        kernels = {}
        for with_kernels in (False, True):
            text = os.path.join(work, "k%d.mlir" % with_kernels)
            kernels[with_kernels] = generate(text, args.ops, with_kernels)
            bc = text + "bc"
            subprocess.run([args.tg_opt, text, "--emit-bytecode", "-o", bc], check=True)
            inputs.append(("generated", with_kernels, bc))
        if args.ir:
            inputs += [("given", False, args.ir[0]), ("given", True, args.ir[1])]
        best = {}
        for _ in range(args.rounds):
            for name, with_kernels, path in inputs:
                verified = strip_seconds(args.tg_opt, path, args.verify_runs, True)
                plain = strip_seconds(args.tg_opt, path, args.verify_runs, False)
                key = (name, with_kernels)
                best[key] = min(best.get(key, verified - plain), verified - plain)
    print("| IR | verifier s, without kernels | with kernels | difference s |")
    print("| --- | ---: | ---: | ---: |")
    for name in ("generated", "given"):
        if (name, True) in best:
            without, with_ = best[(name, False)], best[(name, True)]
            print("| %s | %.3f | %.3f | %.3f |" % (name, without, with_, with_ - without))
    print("\ngenerated: %d ops, %d kernels; per generated kernel %.2f us" % (
        args.ops, kernels[True],
        1e6 * (best[("generated", True)] - best[("generated", False)]) / kernels[True]))


if __name__ == "__main__":
    main()
