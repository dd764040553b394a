"""Rewrites a format 3.0 debug section (docs/debug-section-format.md) into
crafted variants for tests of the 3.0 reader; every checksum (header, section
table, tables) is recomputed, so the reader's own rules are what is tested.

  craft_v3.py string-bomb IN OUT   STRING_DATA of 1200 strings, each the
                                   previous one plus a byte: 6 KB that would
                                   decode to 720 KB, over the format's bound
                                   of 64 x the table + 64 KiB
  craft_v3.py string-chain IN OUT  the same with 600 strings (216 KB decoded,
                                   under the bound): read

Format 5.0 (IN written with compress=false), STRING_DATA replaced:
  craft_v3.py numbered-bomb IN OUT   a 1,001-byte string ending in 0, then
                                     1200 one-byte NextNumber strings (its
                                     stem, the next number): 4 KB that would
                                     decode to 1.2 MB, over the bound
  craft_v3.py numbered-chain IN OUT  the same with 100 strings: read
  craft_v3.py numbered-form3 IN OUT  string 1 of form 3, which is no form
  craft_v3.py numbered-no-number IN OUT
                                     string 1 renumbers string 0, which does
                                     not end in a number
  craft_v3.py numbered-count IN OUT  the table unchanged, its count (and
                                     STRING_OFFSETS') 2^32 - 1

Any uncompressed section of 3.0 or later, checksums untouched:
  craft_v3.py padding IN OUT         the first padding byte between two
                                     tables (which no checksum covers) 0xff

Format 3.2 (IN a 3.2 section with RECORDS), RECORDS replaced by one row:
  craft_v3.py records-anchor-out-of-range IN OUT  held by handle 99
  craft_v3.py records-no-site IN OUT              held by the module, site 0

Compressed sections (flag COMPRESSED; IN is one as tg-opt writes it by
default); the header's CRC is recomputed, the frame is left as damaged:
  craft_v3.py frame-truncated IN OUT  the last 16 bytes of the frame cut off
  craft_v3.py frame-size IN OUT       the header records a frame 1 byte longer
  craft_v3.py huge-image IN OUT       the header records 2^40 bytes once
                                      decompressed (over the 64 MiB bound)
  craft_v3.py tiny-image IN OUT       ... and 16 bytes (less than a header)
  craft_v3.py frame-magic IN OUT      the zstd frame's magic number zeroed
  craft_v3.py image-size IN OUT       the header records 8 bytes more once
                                      decompressed than the frame holds
  craft_v3.py handle-count IN OUT     the header claims 2^32 - 2 handles
"""
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(__file__))
from craft_section import varint  # noqa: E402
from craft_v2 import build, coded_table, literal, parse, runs  # noqa: E402

STRING_OFFSETS, STRING_DATA = 1, 2
RECORDS = 18
NONE = 0xFFFFFFFF


def one_record(anchor, kind, pass_id, site, stack, into, holder):
    """RECORDS (3.2) of one row: a row table, its index in front."""
    columns = [runs((v, 1)) for v in (anchor, kind, pass_id, site, stack, into,
                                      holder)]
    index, blocks = coded_table([literal(columns, 2)])
    return [1, index + blocks]


def numbered(count, stem=b"a" * 1000 + b"0", form=2):
    """Format 5.0 STRING_DATA: string 0 literal, then `count - 1` strings of
    `form` (2: NextNumber, head (1 << 2) | 2; 1: Renumbered by +1)."""
    data = bytearray(varint(0) + varint(len(stem)) + stem)
    for _ in range(1, count):
        data += varint(1 << 2 | form) + (varint(2) if form == 1 else b"")
    return count, bytes(data)


def align8(x):
    return (x + 7) & ~7


def chain(count):
    """`count` strings, string i = string i-1 plus one byte (string 0: 'a')."""
    data = bytearray(varint(0) + varint(1) + b"a")
    for i in range(1, count):
        data += varint(1) + varint(i) + varint(1) + b"b"
    return count, bytes(data)


HEADER = 64
OFF_FILE_SIZE, OFF_FRAME_SIZE, OFF_HANDLE_COUNT, OFF_HEADER_CRC = 24, 36, 40, 60


def craft_compressed(what, data):
    data = bytearray(data)
    assert struct.unpack_from("<I", data, 12)[0] & 2, "not a compressed section"
    frame = len(data) - HEADER
    if what == "frame-truncated":
        data = data[:-16]
    elif what == "frame-size":
        struct.pack_into("<I", data, OFF_FRAME_SIZE, frame + 1)
    elif what == "huge-image":
        struct.pack_into("<Q", data, OFF_FILE_SIZE, 1 << 40)
    elif what == "tiny-image":
        struct.pack_into("<Q", data, OFF_FILE_SIZE, 16)
    elif what == "frame-magic":
        data[HEADER:HEADER + 4] = b"\0\0\0\0"
    elif what == "image-size":
        size = struct.unpack_from("<Q", data, OFF_FILE_SIZE)[0]
        struct.pack_into("<Q", data, OFF_FILE_SIZE, size + 8)
    elif what == "handle-count":
        struct.pack_into("<I", data, OFF_HANDLE_COUNT, 0xFFFFFFFE)
    struct.pack_into("<I", data, OFF_HEADER_CRC,
                     zlib.crc32(bytes(data[:OFF_HEADER_CRC])))
    return bytes(data)


def main():
    what, src, dst = sys.argv[1:4]
    if what == "padding":
        data = bytearray(open(src, "rb").read())
        n = struct.unpack_from("<I", data, 20)[0]
        end = 64 + 24 * n
        for i in range(n):
            size = struct.unpack_from("<Q", data, 64 + 24 * i + 8)[0]
            offset = align8(end)
            if offset > end:
                data[end] = 0xFF
                open(dst, "wb").write(data)
                print("padding byte at offset %d" % end)
                return
            end = offset + size
        raise SystemExit("no padding between tables")
    if what.startswith("records-"):
        header, tables = parse(open(src, "rb").read(), 3, align8)
        assert RECORDS in tables, "not a 3.2 section with records"
        tables[RECORDS] = {
            "records-anchor-out-of-range": one_record(100, 1, 0, 1, 0, NONE, NONE),
            "records-no-site": one_record(0, 1, 0, 0, 0, NONE, NONE),
        }[what]
        open(dst, "wb").write(build(header, tables, align8))
        return
    if what == "numbered-count":
        header, tables = parse(open(src, "rb").read(), 5, align8)
        tables[STRING_DATA][0] = tables[STRING_OFFSETS][0] = 0xFFFFFFFF
        open(dst, "wb").write(build(header, tables, align8))
        return
    if what.startswith("numbered-"):
        header, tables = parse(open(src, "rb").read(), 5, align8)
        count, data = {
            "numbered-bomb": lambda: numbered(1200),
            "numbered-chain": lambda: numbered(100),
            "numbered-form3": lambda: numbered(2, form=3),
            "numbered-no-number": lambda: numbered(2, stem=b"abc", form=1),
        }[what]()
        tables[STRING_DATA] = [count, data]
        tables[STRING_OFFSETS][0] = count
        open(dst, "wb").write(build(header, tables, align8))
        return
    if not what.startswith("string-"):
        open(dst, "wb").write(craft_compressed(what, open(src, "rb").read()))
        return
    header, tables = parse(open(src, "rb").read(), 3, align8)
    count, data = chain({"string-bomb": 1200, "string-chain": 600}[what])
    tables[STRING_DATA] = [count, data]
    tables[STRING_OFFSETS][0] = count
    open(dst, "wb").write(build(header, tables, align8))


if __name__ == "__main__":
    main()
