#!/usr/bin/env python3
"""What the PTX line info costs, and whether ptxas takes it at scale.

Generates one fused kernel of OPS pointwise ops (add, mul, relu in turn),
each at its own Python call stack DEPTH frames deep (distinct module
instances, three source files), and, with --origins K, every op's location a
fused location of K origins that share all but their innermost frame (what
CSE or canonicalization leaves on an op that stands for many). Compiles it
with tg-compile-kernel --target=nvptx64 with and without line info, then
assembles it with ptxas -lineinfo (when a CUDA toolkit is there) and prints
one row per configuration: PTX bytes without/with line info, .loc lines,
distinct chains, ptxas seconds and cubin bytes.

  bench/ptx_line_info.py --tools build/bin --ops 100,1000 --depth 4,32 --origins 1,300
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def frame_loc(depth, op):
    """A call stack `depth` frames deep for op number `op`: instance names
    unique per op, positions in three files."""
    files = ["model.py", "blocks.py", "layers.py"]
    loc = '"%s":%d:%d' % (files[depth % 3], 1000 + op, 5)
    for level in range(depth, 0, -1):
        frame = ('#tg.frame<instance = "m%d_%d", class = "__torch__.C%d", method = "forward">'
                 % (level, op % 7, level))
        call = '"%s":%d:%d' % (files[(level - 1) % 3], 10 * level + op % 5, 9)
        loc = "callsite(%s at fused<%s>[%s])" % (loc, frame, call)
    return loc


def origins_loc(depth, op, origins):
    if origins <= 1:
        return frame_loc(depth, op)
    # K origins of the same op: the same stack but the innermost position.
    parts = []
    for k in range(origins):
        parts.append(frame_loc(depth, op).replace('":%d:5' % (1000 + op),
                                                 '":%d:5' % (1000 + op + 7 * k), 1))
    return "fused[%s]" % ", ".join(parts)


def model(ops, depth, origins):
    lines = ['tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor, %y: !tg.tensor) -> !tg.tensor {',
             '  %r = tg.kernel "k"(%x, %y) : (!tg.tensor, !tg.tensor) -> !tg.tensor {',
             '  ^bb0(%a: !tg.tensor, %b: !tg.tensor):']
    prev = "%a"
    for i in range(ops):
        kind = ["add", "mul", "relu"][i % 3]
        operands = prev + (", %b" if kind != "relu" else "")
        types = "!tg.tensor" + (", !tg.tensor" if kind != "relu" else "")
        lines.append('    %%v%d = tg.op "aten::%s"(%s) {tg.debug_handle = %d : i64} : (%s) -> !tg.tensor loc(%s)'
                     % (i, kind, operands, i + 10, types, origins_loc(depth, i, origins)))
        prev = "%%v%d" % i
    lines += ["    tg.kernel_yield %s : !tg.tensor" % prev, '  } loc("model.py":1:1)',
              "  tg.return %r : !tg.tensor", "}"]
    return "\n".join(lines) + "\n"


def main(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tools", default="build/bin")
    p.add_argument("--ops", default="100,1000")
    p.add_argument("--depth", default="4,32")
    p.add_argument("--origins", default="1")
    p.add_argument("--ptxas", default=shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas")
    args = p.parse_args(argv)
    compile_kernel = os.path.join(args.tools, "tg-compile-kernel")
    ptxas = args.ptxas if os.path.exists(args.ptxas) else None
    print("| ops | depth | origins per op | PTX bytes (no line info) | PTX bytes | .loc lines | "
          "chains | ptxas -lineinfo s | cubin bytes |")
    print("|" + " ---: |" * 9)
    with tempfile.TemporaryDirectory() as tmp:
        for ops in map(int, args.ops.split(",")):
            for depth in map(int, args.depth.split(",")):
                for origins in map(int, args.origins.split(",")):
                    src = os.path.join(tmp, "m.mlir")
                    with open(src, "w") as f:
                        f.write(model(ops, depth, origins))
                    plain, ptx = os.path.join(tmp, "plain.ptx"), os.path.join(tmp, "k.ptx")
                    base = [compile_kernel, src, "-k", "k", "--shape", "1x1024", "--target=nvptx64"]
                    subprocess.run(base + ["--no-debug-info", "-o", plain], check=True)
                    subprocess.run(base + ["-o", ptx], check=True)
                    with open(ptx) as f:
                        text = f.read()
                    locs = len(re.findall(r"^\s*\.loc\s", text, re.M))
                    chains = len(set(re.findall(r"((?:^\s*\.loc[^\n]*\n)+)", text, re.M)))
                    seconds, cubin = "-", "-"
                    if ptxas:
                        out = os.path.join(tmp, "k.cubin")
                        start = time.time()
                        subprocess.run([ptxas, "-arch=sm_90", "-lineinfo", ptx, "-o", out], check=True)
                        seconds = "%.2f" % (time.time() - start)
                        cubin = str(os.path.getsize(out))
                    print("| %d | %d | %d | %d | %d | %d | %d | %s | %s |"
                          % (ops, depth, origins, os.path.getsize(plain), os.path.getsize(ptx),
                             locs, chains, seconds, cubin), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
