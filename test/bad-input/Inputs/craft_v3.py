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
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(__file__))
from craft_section import varint, xxh3_64  # noqa: E402

STRING_OFFSETS, STRING_DATA = 1, 2


def align8(x):
    return (x + 7) & ~7


def parse(data):
    """(header, [(kind, count, bytes)]) of a 3.0 section."""
    assert struct.unpack_from("<H", data, 8)[0] == 3, "not a 3.0 section"
    n = struct.unpack_from("<I", data, 20)[0]
    tables, off = [], align8(64 + 24 * n)
    for i in range(n):
        kind, count, size = struct.unpack_from("<IIQ", data, 64 + 24 * i)
        tables.append([kind, count, bytes(data[off:off + size])])
        off = align8(off + size)
    return bytearray(data[:64]), tables


def build(header, tables):
    entries, body = bytearray(), bytearray()
    for i, (kind, count, data) in enumerate(tables):
        entries += struct.pack("<IIQQ", kind, count, len(data), xxh3_64(data))
        pad = align8(len(data)) - len(data) if i + 1 < len(tables) else 0
        body += data + b"\0" * pad
    table_end = 64 + len(entries)
    out = header + entries + b"\0" * (align8(table_end) - table_end) + body
    struct.pack_into("<Q", out, 24, len(out))
    struct.pack_into("<I", out, 32, zlib.crc32(bytes(entries)))
    struct.pack_into("<I", out, 60, zlib.crc32(bytes(out[:60])))
    return bytes(out)


def chain(count):
    """`count` strings, string i = string i-1 plus one byte (string 0: 'a')."""
    data = bytearray(varint(0) + varint(1) + b"a")
    for i in range(1, count):
        data += varint(1) + varint(i) + varint(1) + b"b"
    return count, bytes(data)


def main():
    what, src, dst = sys.argv[1:4]
    header, tables = parse(open(src, "rb").read())
    count, data = chain({"string-bomb": 1200, "string-chain": 600}[what])
    for table in tables:
        if table[0] == STRING_DATA:
            table[1], table[2] = count, data
        elif table[0] == STRING_OFFSETS:
            table[1] = count
    open(dst, "wb").write(build(header, tables))


if __name__ == "__main__":
    main()
