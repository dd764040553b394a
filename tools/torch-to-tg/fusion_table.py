#!/usr/bin/python3
"""What the documented pipeline does to real imports, one row per model.

For each torchvision model (or `--module MOD:FACTORY`): import it with
torch-to-tg (eval mode), run
  tg-opt --tg-snapshot-origins --tg-inline --tg-fuse-elementwise
         --tg-assign-debug-handles --tg-verify-origins=compare=leaf
and count the prim::If before and after folding, the kernels and the ops
they hold, and whether every origin was kept. Prints a Markdown table
(docs/passes/fold-constant-control-flow.md has one).

  fusion_table.py --tg-opt build/bin/tg-opt resnet18 mobilenet_v2 ...
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.realpath(__file__))


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def row(tg_opt, name, workdir):
    mlir = os.path.join(workdir, name + ".mlir")
    res = run([sys.executable, os.path.join(HERE, "torch-to-tg"), "--torchvision", name,
               "-o", mlir])
    if res.returncode:
        return [name, "import failed: " + res.stderr.strip().splitlines()[-1]] + [""] * 5
    unfolded = run([tg_opt, mlir, "--tg-inline=fold-control-flow=false"])
    res = run([tg_opt, mlir, "--tg-snapshot-origins", "--tg-inline", "--tg-fuse-elementwise",
               "--tg-assign-debug-handles", "--tg-verify-origins=compare=leaf"])
    if res.returncode or unfolded.returncode:
        return [name, "tg-opt failed"] + [""] * 5
    out = res.stdout
    kernels = re.findall(r'= tg\.kernel "([^"]+)"', out)
    # Ops inside kernels: every tg.op line between a kernel and its yield.
    fused, inside = 0, False
    for line in out.splitlines():
        if ' = tg.kernel "' in line:
            inside = True
        elif "tg.kernel_yield" in line:
            inside = False
        elif inside and 'tg.op "' in line:
            fused += 1
    names = sorted({re.sub(r"_\d+$", "", k) for k in kernels})
    return [name, str(unfolded.stdout.count('"prim::If"')), str(out.count('"prim::If"')),
            str(len(kernels)), str(fused), "yes", ", ".join(names) or "-"]


def main(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tg-opt", default="build/bin/tg-opt")
    p.add_argument("models", nargs="+")
    args = p.parse_args(argv)
    header = ["model", "prim::If inlined", "after folding", "kernels", "ops fused",
              "origins verified", "kernel kinds"]
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    with tempfile.TemporaryDirectory() as workdir:
        for name in args.models:
            print("| " + " | ".join(row(args.tg_opt, name, workdir)) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
