#!/usr/bin/env python3
"""Cross-checks the DWARF of a compiled kernel against the debug section.

For each debug handle, `tg-symbolicate --output-style=llvm` gives the op's
frames (innermost first: function, then file:line:column). The op's
instructions are the line-table rows at its innermost line and column;
`llvm-symbolizer --inlining --functions=short` at one of those addresses must
print exactly the same frames. Exits 1 with both listings when it does not.
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
    with open(args.handles_from) as f:
        for line in f:
            if "func.func" in line:
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
        output = run([args.symbolizer, "--inlining", "--functions=short",
                      "--obj=" + args.obj] + addresses)
        blocks = [b.strip() for b in output.strip().split("\n\n")]
        match = [a for a, b in zip(addresses, blocks) if b == expected]
        if match:
            print("handle %d: %d frames, llvm-symbolizer at %s prints the same"
                  % (handle, len(lines) // 2, match[0]))
        else:
            print("handle %d: llvm-symbolizer differs from tg-symbolicate\n"
                  "tg-symbolicate:\n%s\nllvm-symbolizer at %s:\n%s"
                  % (handle, expected, addresses[0], blocks[0]))
            failed += 1
    print("%d of %d handles match" % (len(handles) - failed, len(handles)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
