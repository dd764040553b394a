#!/usr/bin/env python3
"""Cross-checks the PTX line info of compiled GPU kernels against the debug
section.

For every op of every kernel (the `handles` of tg-compile-kernel --emit json
/ --describe), `tg-symbolicate --output-style=llvm --functions=linkage` gives
its frames, innermost first (function, then file:line:column); the PTX's
`.loc` chains, as `tg-ptx-lineinfo --print-chains` spells them, must contain
exactly that chain, but for the outermost function, which in PTX is the
kernel itself (its `.entry`). Prints one line per handle and a summary;
exits 1 when one differs.
"""
import argparse
import json
import subprocess
import sys


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def blocks(text):
    return [b.strip().splitlines() for b in text.strip().split("\n\n") if b.strip()]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--ptx", required=True)
    parser.add_argument("--section", required=True)
    parser.add_argument("--kernels", required=True,
                        help="the kernels' description (tg-compile-kernel --describe)")
    parser.add_argument("--tg-symbolicate", default="tg-symbolicate")
    parser.add_argument("--tg-ptx-lineinfo", default="tg-ptx-lineinfo")
    args = parser.parse_args()

    with open(args.kernels) as f:
        kernels = json.load(f)["kernels"]
    chains = blocks(run([args.tg_ptx_lineinfo, args.ptx, "--print-chains"]))
    # What each kernel's instructions are at: its chains end in its name.
    by_kernel = {}
    for chain in chains:
        if len(chain) >= 2:
            by_kernel.setdefault(chain[-2], []).append(chain)
    checked = failed = 0
    for kernel in kernels:
        handles = kernel["handles"]
        if not handles:
            continue
        expected = blocks(run([args.tg_symbolicate, args.section, "--output-style=llvm",
                               "--functions=linkage"] + [str(h) for h in handles]))
        for handle, frames in zip(handles, expected):
            checked += 1
            want = frames[:-2] + [kernel["name"], frames[-1]]
            if want in by_kernel.get(kernel["name"], []):
                print("handle %d: %d frames, the PTX line info of %s spells the same"
                      % (handle, len(want) // 2, kernel["name"]))
            else:
                failed += 1
                print("handle %d: no .loc chain of %s equals tg-symbolicate's:\n  %s"
                      % (handle, kernel["name"], "\n  ".join(want)))
    print("%d of %d handles match" % (checked - failed, checked))
    return 1 if failed or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
