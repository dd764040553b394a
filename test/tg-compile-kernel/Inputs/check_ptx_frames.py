#!/usr/bin/env python3
"""Cross-checks the PTX line info of compiled GPU kernels against the debug
section.

For every op of every kernel (the `handles` of tg-compile-kernel --emit json
/ --describe), `tg-symbolicate --output-style=llvm --functions=linkage` gives
its frames, innermost first (function, then file:line:column); the PTX's
`.loc` chains, as `tg-ptx-lineinfo --print-chains` spells them, must contain
exactly that chain, but for the outermost function, which in PTX is the
kernel itself (its `.entry`), and folded as the GPU's line table needs it
(tg::foldSameLineFrames: a frame on the line of the frame it calls is left
out; or, where the writer had to, tg::foldRepeatedLines: every frame on the
line of a deeper one). Prints one line per handle and a summary; exits 1
when one differs.
"""
import argparse
import json
import subprocess
import sys


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def blocks(text):
    return [b.strip().splitlines() for b in text.strip().split("\n\n") if b.strip()]


def fold_same_line(frames):
    """tg::foldSameLineFrames on [function, file:line:col, ...] innermost
    first: an outer frame on the line of the frame it calls goes."""
    pairs = list(zip(frames[0::2], frames[1::2]))
    line = lambda pair: pair[1].rsplit(":", 2)[1]
    kept = [p for i, p in enumerate(pairs) if i == 0 or line(pairs[i - 1]) != line(p)]
    return [x for p in kept for x in p]


def fold_repeated(frames):
    """tg::foldRepeatedLines: every frame on the line of a deeper one goes."""
    seen, kept = set(), []
    for function, position in zip(frames[0::2], frames[1::2]):
        line = position.rsplit(":", 2)[1]
        if line not in seen:
            seen.add(line)
            kept += [function, position]
    return kept


def spelled(frames, chains):
    """How the PTX spells `frames`: 'exactly', 'folded', or None."""
    for how, fold in (("exactly", lambda f: f), ("folded", fold_same_line),
                      ("folded", fold_repeated)):
        if fold(frames) in chains:
            return how, len(fold(frames)) // 2
    return None, 0


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
    checked = failed = folded = 0
    for kernel in kernels:
        handles = kernel["handles"]
        if not handles:
            continue
        expected = blocks(run([args.tg_symbolicate, args.section, "--output-style=llvm",
                               "--functions=linkage"] + [str(h) for h in handles]))
        for handle, frames in zip(handles, expected):
            checked += 1
            want = frames[:-2] + [kernel["name"], frames[-1]]
            how, count = spelled(want, by_kernel.get(kernel["name"], []))
            if how:
                folded += how == "folded"
                print("handle %d: %d frames, the PTX line info of %s spells them %s%s"
                      % (handle, len(want) // 2, kernel["name"], how,
                         " (%d frames)" % count if how == "folded" else ""))
            else:
                failed += 1
                print("handle %d: no .loc chain of %s equals tg-symbolicate's:\n  %s"
                      % (handle, kernel["name"], "\n  ".join(want)))
    print("%d of %d handles match (%d of them folded)" % (checked - failed, checked, folded))
    return 1 if failed or not checked else 0


if __name__ == "__main__":
    sys.exit(main())
