"""Rewrites a format 3.0 debug section (docs/debug-section-format.md) into
crafted variants for tests of the 3.0 reader; every checksum (header, section
table, tables) is recomputed, so the reader's own rules are what is tested.

  craft_v3.py string-bomb IN OUT   STRING_DATA of 1200 strings, each the
                                   previous one plus a byte: 6 KB that would
                                   decode to 720 KB, over the format's bound
                                   of 64 x the table + 64 KiB
  craft_v3.py string-chain IN OUT  the same with 600 strings (216 KB decoded,
                                   under the bound): read
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from craft_section import varint  # noqa: E402
from craft_v2 import build, parse  # noqa: E402

STRING_OFFSETS, STRING_DATA = 1, 2


def align8(x):
    return (x + 7) & ~7


def chain(count):
    """`count` strings, string i = string i-1 plus one byte (string 0: 'a')."""
    data = bytearray(varint(0) + varint(1) + b"a")
    for i in range(1, count):
        data += varint(1) + varint(i) + varint(1) + b"b"
    return count, bytes(data)


def main():
    what, src, dst = sys.argv[1:4]
    header, tables = parse(open(src, "rb").read(), 3, align8)
    count, data = chain({"string-bomb": 1200, "string-chain": 600}[what])
    tables[STRING_DATA] = [count, data]
    tables[STRING_OFFSETS][0] = count
    open(dst, "wb").write(build(header, tables, align8))


if __name__ == "__main__":
    main()
