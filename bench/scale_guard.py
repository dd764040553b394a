#!/usr/bin/env python3
"""CI's scale guard: the README pipeline on generated models of two sizes
(default 100K and 1M ops once inlined) must succeed, and its time per op at
the large size must stay within --limit (default 1.5x) of that at the small
size. Linear passes keep the ratio near 1; a pass that is quadratic on a
growing structure (the entry graph's one location of every record, which
made the 1M-op pipeline fail in issue 31) shows here before it lands.

Times are wall seconds of one tg-opt process (parse, passes, print to
/dev/null), the best of --repeat runs at each size: the minimum is what the
code costs on a shared machine, whose other load only adds. Exit 1 with the
numbers when the pipeline fails or the ratio is over the limit.

Usage (after ./scripts/build.sh):
  python3 bench/scale_guard.py --build build
  python3 bench/scale_guard.py --build build --sizes 10000,100000   # quicker
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PASSES = ["--tg-inline", "--tg-decompose", "--tg-fuse-elementwise", "--tg-assign-debug-handles",
          "--tg-module-hierarchy"]


def run_pipeline(opt, model, section):
    """(wall seconds, stderr) of the README pipeline on `model`."""
    args = [opt, model] + PASSES + ["--tg-emit-debug-section=path=%s" % section,
                                    "--strip-debuginfo", "-o", os.devnull]
    start = time.perf_counter()
    proc = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    # Diagnostics are bounded (one error and a count per mistake), but keep
    # what CI prints bounded even if they were not.
    err = proc.stderr[-8192:].decode("utf-8", "replace")
    if proc.returncode != 0:
        raise SystemExit("scale guard: the pipeline failed (exit %d) on %s:\n%s\n%s"
                         % (proc.returncode, model, " ".join(args), err))
    return wall


def handles(symbolicate, section):
    out = subprocess.run([symbolicate, section, "--verify"], check=True,
                         capture_output=True, text=True).stdout
    m = re.search(r"(\d+) handles", out)
    if not m:
        raise SystemExit("scale guard: cannot read the handle count: " + out)
    return int(m.group(1))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build", default="build", help="build folder (default build)")
    p.add_argument("--sizes", default="100000,1000000",
                   help="small,large ops (default 100000,1000000)")
    p.add_argument("--limit", type=float, default=1.5,
                   help="largest allowed ratio of time per op, large / small")
    p.add_argument("--repeat", type=int, default=3, help="runs per size (best kept)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    build = os.path.join(ROOT, args.build) if not os.path.isabs(args.build) else args.build
    opt = os.path.join(build, "bin", "tg-opt")
    symbolicate = os.path.join(build, "bin", "tg-symbolicate")
    small, large = (int(s) for s in args.sizes.split(","))
    per_op = {}
    with tempfile.TemporaryDirectory(prefix="tg-scale-guard-") as work:
        for n in (small, large):
            model = os.path.join(work, "model-%d.mlir" % n)
            section = os.path.join(work, "section-%d.tgdbg" % n)
            subprocess.run([sys.executable, os.path.join(HERE, "gen_scale_model.py"),
                            "--ops", str(n), "--seed", str(args.seed), "-o", model],
                           check=True)
            walls = [run_pipeline(opt, model, section) for _ in range(args.repeat)]
            count = handles(symbolicate, section)
            per_op[n] = min(walls) / count
            print("scale guard: %d ops: pipeline %s s (best %.3f s), %.2f us per op, "
                  "section %d bytes" % (count, ", ".join("%.3f" % w for w in walls),
                                        min(walls), per_op[n] * 1e6,
                                        os.path.getsize(section)), flush=True)
            os.remove(model)
    ratio = per_op[large] / per_op[small]
    verdict = "ok" if ratio <= args.limit else "FAILED"
    print("scale guard: time per op at %d ops is %.2fx that at %d ops (limit %.2fx): %s"
          % (large, ratio, small, args.limit, verdict))
    return 0 if ratio <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
