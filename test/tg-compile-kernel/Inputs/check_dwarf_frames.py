#!/usr/bin/env python3
"""Cross-checks the DWARF of a compiled kernel against the debug section.

For each debug handle, `tg-symbolicate --output-style=llvm` gives the op's
frames (innermost first: function, then file:line:column). The op's
instructions are the line-table rows at its innermost line and column;
`llvm-symbolizer --inlining --functions=short` at one of those addresses must
print exactly the same frames, and its default output (linkage names) those
of `tg-symbolicate --functions=linkage`, but for the outermost function, which
in DWARF is the kernel's symbol. Exits 1 with both listings when not.
"""
import argparse
import re
import subprocess
import sys


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--obj", required=True)
    parser.add_argument("--section", required=True)
    parser.add_argument("--handles-from", required=True,
                        help="MLIR of the extracted kernels (--tg-extract-kernels): "
                        "every op with a tg.debug_handle inside a function is checked")
    parser.add_argument("--tg-symbolicate", default="tg-symbolicate")
    parser.add_argument("--symbolizer", default="llvm-symbolizer-22")
    parser.add_argument("--dwarfdump", default="llvm-dwarfdump-22")
    args = parser.parse_args()

    handles = []
    kernels = set()
    with open(args.handles_from) as f:
        for line in f:
            if "func.func" in line:
                m = re.search(r"func\.func @([\w$.]+)", line)
                if m:
                    kernels.add(m.group(1))
                continue  # the kernel's own handle: its code is every op's
            m = re.search(r"tg\.debug_handle = (\d+)", line)
            if m:
                handles.append(int(m.group(1)))
    if not handles:
        print("error: no op with a debug handle in " + args.handles_from)
        return 1

    rows = []  # (address, line, column)
    for line in run([args.dwarfdump, "--debug-line", args.obj]).splitlines():
        m = re.match(r"^(0x[0-9a-f]+)\s+(\d+)\s+(\d+)\s", line)
        if m:
            rows.append((m.group(1), int(m.group(2)), int(m.group(3))))

    failed = 0
    for handle in handles:
        expected = run([args.tg_symbolicate, args.section, str(handle),
                        "--output-style=llvm"]).strip()
        lines = expected.splitlines()
        m = re.match(r"^.*:(\d+):(\d+)$", lines[1]) if len(lines) > 1 else None
        if not m:
            print("handle %d: tg-symbolicate gave no position:\n%s" % (handle, expected))
            failed += 1
            continue
        line, column = int(m.group(1)), int(m.group(2))
        addresses = [a for a, l, c in rows if (l, c) == (line, column)]
        if not addresses:
            print("handle %d: no instruction at line %d column %d" % (handle, line, column))
            failed += 1
            continue
        # Several kernels compute the same source line (every BasicBlock's
        # `out += identity`): the short names agree at all their addresses,
        # the module paths (linkage names) only at this op's.
        short = run([args.symbolizer, "--inlining", "--functions=short",
                     "--obj=" + args.obj] + addresses)
        short_blocks = [b.strip() for b in short.strip().split("\n\n")]
        linkage = run([args.symbolizer, "--inlining", "--obj=" + args.obj] + addresses)
        linkage_blocks = [b.strip().splitlines() for b in linkage.strip().split("\n\n")]
        ours = run([args.tg_symbolicate, args.section, str(handle), "--output-style=llvm",
                    "--functions=linkage"]).strip().splitlines()
        # The outermost function is the kernel's symbol in DWARF, the entry
        # method (Class::method) in tg-symbolicate.
        match = [a for a, sb, lb in zip(addresses, short_blocks, linkage_blocks)
                 if sb == expected and lb[:-2] == ours[:-2] and lb[-1] == ours[-1]
                 and lb[-2] in kernels]
        if match:
            print("handle %d: %d frames, llvm-symbolizer at %s prints the same"
                  " (and the same module paths)" % (handle, len(lines) // 2, match[0]))
        else:
            print("handle %d: llvm-symbolizer differs from tg-symbolicate\n"
                  "tg-symbolicate:\n%s\n%s\nllvm-symbolizer at %s:\n%s\n%s"
                  % (handle, expected, "\n".join(ours), addresses[0], short_blocks[0],
                     "\n".join(linkage_blocks[0])))
            failed += 1
    print("%d of %d handles match" % (len(handles) - failed, len(handles)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
