#!/usr/bin/env python3
"""The debug section of real torchvision models against `zstd -19` of their
naive tracebacks (docs/performance.md, "Sizes on torchvision models").

For each model: torch-to-tg imports it (TorchScript, random weights), the
pipeline of bench/run_pipeline.py writes its section in the current format
and in 2.x (`format-version=2`), and `tg-bench-section naive` prints the
naive text the pipeline benchmark compresses (every op's module path and one
`File "f", line N, in fn` line per frame). The current section is written as
the pass writes it by default (small sections compressed, format 4.0) and
with `compress=false` (the 3.x image, read in place). The naive text has no
origin records (what inlining and folding eliminated); the sections do.
Prints a markdown table.

  bench/torchvision_sizes.py [--build build-bench] [--decompose] [MODEL ...]

--decompose runs the README pipeline's --tg-decompose before the fusion (the
section then names the decomposed ops, fused with their neighbours).

Needs torch and torchvision (Debian's python3-torch, python3-torchvision,
run with /usr/bin/python3) and zstd; tg-bench-section is built with
TG_BUILD_BENCHMARKS=ON (bench/run.sh builds it into build-bench).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
MODELS = ["resnet18", "mobilenet_v2", "squeezenet1_0", "densenet121", "vgg11",
          "alexnet", "mnasnet0_5", "shufflenet_v2_x0_5", "efficientnet_b0",
          "regnet_x_400mf", "resnext50_32x4d", "googlenet"]
PASSES = ["--tg-inline", "--tg-fuse-elementwise", "--tg-assign-debug-handles",
          "--tg-module-hierarchy"]


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--build", default=os.path.join(ROOT, "build-bench"))
    p.add_argument("--decompose", action="store_true",
                   help="run --tg-decompose after --tg-inline, as the README does")
    p.add_argument("--json", metavar="FILE",
                   help="also write each model's handles and sizes to FILE "
                        "(bench/run_pipeline.py reads them for its targets table)")
    p.add_argument("models", nargs="*", default=MODELS)
    args = p.parse_args()
    passes = PASSES[:1] + (["--tg-decompose"] if args.decompose else []) + PASSES[1:]
    bin_dir = os.path.join(args.build, "bin")
    opt = os.path.join(bin_dir, "tg-opt")
    bench = os.path.join(bin_dir, "tg-bench-section")
    importer = os.path.join(ROOT, "tools", "torch-to-tg", "torch-to-tg")
    print("| model | handles | 2.x section | compress=false | default "
          "| naive text | zstd -19 of naive | default / zstd | compress=false / zstd "
          "| 2.x / zstd |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    worst = 0.0
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for name in args.models:
            model = os.path.join(work, name + ".mlir")
            subprocess.run([importer, "--torchvision", name, "-o", model],
                           check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)
            v3 = os.path.join(work, name + ".v3.tgdbg")
            v2 = os.path.join(work, name + ".v2.tgdbg")
            subprocess.run([opt, model] + passes +
                           ["--tg-emit-debug-section=path=" + v3, "-o", os.devnull],
                           check=True)
            subprocess.run([opt, model] + passes +
                           ["--tg-emit-debug-section=path=%s format-version=2" % v2,
                            "-o", os.devnull], check=True)
            plain = os.path.join(work, name + ".v3plain.tgdbg")
            subprocess.run([opt, model] + passes +
                           ["--tg-emit-debug-section=path=%s compress=false" % plain,
                            "-o", os.devnull], check=True)
            naive = subprocess.run([bench, "naive", v3], check=True,
                                   capture_output=True).stdout
            naive2 = subprocess.run([bench, "naive", v2], check=True,
                                    capture_output=True).stdout
            # The same tracebacks, but for the entry graph's own handle: 2.x
            # keeps the origin records in the graph's location, 4.0 in a
            # table of their own, so 4.0 names the graph's module path.
            differ = set(naive.splitlines()) ^ set(naive2.splitlines())
            assert all(line.startswith(b"Module hierarchy:") and
                       line.endswith(b".tg.graph") for line in differ), \
                name + ": 2.x and 4.0 decode differently"
            zstd = len(subprocess.run(["zstd", "-19", "-q", "-c"], input=naive,
                                      check=True, capture_output=True).stdout)
            handles = subprocess.run([bench, "stats", v3], check=True,
                                     capture_output=True, text=True).stdout
            handles = int(float(dict(l.split() for l in handles.splitlines())["handles"]))
            s3, s2 = os.path.getsize(v3), os.path.getsize(v2)
            sp = os.path.getsize(plain)
            worst = max(worst, s3 / zstd)
            rows.append({"model": name, "handles": handles, "section": s3,
                         "compress_false": sp, "v2": s2, "naive": len(naive),
                         "zstd": zstd})
            print("| %s | %d | %d | %d | %d | %d | %d | **%.2f** | %.2f | %.2f |" % (
                name, handles, s2, sp, s3, len(naive), zstd, s3 / zstd, sp / zstd,
                s2 / zstd), flush=True)
    print("\nLargest default / zstd ratio: %.2f" % worst)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
