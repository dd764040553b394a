"""Inspects and damages debug sections for tests (docs/debug-section-format.md).

  section_tool.py table SECTION KIND          prints "offset size count" of a table
  section_tool.py entry SECTION KIND          prints "(kind, count)" of its entry
  section_tool.py flip SECTION OUT KIND [AT]  XORs 0x40 into byte AT (default 0;
                                              negative: from the end) of table
                                              KIND, nothing recomputed
  section_tool.py fix SECTION OUT             recomputes file_size and every
                                              checksum (1.0 or 2.0, blocks
                                              included), so damage reaches the
                                              checks behind them
  section_tool.py set SECTION OUT OFF BYTE    sets one byte, nothing recomputed

KIND is a table name (STACK_NODES, HANDLE_BLOCKS, ...).
"""
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..",
                                "Integration", "bad-input", "Inputs"))
from craft_section import xxh3_64  # noqa: E402

KINDS = ["STRING_OFFSETS", "STRING_DATA", "POSITIONS", "MODULE_FRAMES",
         "STACK_NODES", "LOCATIONS", "LOCATION_LISTS", "GRAPHS", "SITES",
         "HANDLE_INDEX", "HANDLE_BLOCKS", "ARG_LOCATIONS", "SOURCE_LINES",
         "STACK_NODE_INDEX", "LOCATION_INDEX", "ORIGIN_RECORDS", "BUILD_ID",
         "RECORDS"]


# (index kind, blocks kind) of the block-coded tables of format 2.0.
CODED = [(10, 11), (14, 5), (15, 6)]

# Format 3.0's row tables (kind: columns): block-coded, index in front, 64
# rows per block.
ROW_TABLES = {3: 6, 4: 3, 7: 1, 8: 2, 9: 2, 12: 5, 13: 3, 16: 6, 18: 7}


def align64(x):
    return (x + 63) & ~63


def align(x, major):
    """Table alignment: 64 bytes before 3.0, 8 from 3.0."""
    a = 8 if major >= 3 else 64
    return (x + a - 1) & ~(a - 1)


def row_index_size(kind, count):
    return 4 * ((count + 63) // 64 + 1)


def fix_blocks(data, ioff, isize, boff, bsize):
    """Recomputes the checksum of every block of a block-coded table."""
    if ioff + isize > len(data) or boff + bsize > len(data):
        return
    starts = [struct.unpack_from("<I", data, ioff + 4 * i)[0]
              for i in range(isize // 4)]
    for begin, end in zip(starts, starts[1:]):
        if begin + 5 <= end <= bsize:
            block = bytes(data[boff + begin + 4:boff + end])
            struct.pack_into("<I", data, boff + begin,
                             xxh3_64(block) & 0xFFFFFFFF)


def tables(data):
    """[(kind, count, offset, size, entry offset)] from the section table."""
    major = struct.unpack_from("<H", data, 8)[0]
    entry_size = 16 if major == 1 else 24
    count = struct.unpack_from("<I", data, 20)[0]
    end = 64 + entry_size * count
    if end > len(data):
        return major, entry_size, []
    out = []
    off = align(end, major)
    for i in range(count):
        e = 64 + entry_size * i
        kind, n, size = struct.unpack_from("<IIQ", data, e)
        out.append((kind, n, off, size, e))
        off = align(off + size, major) if i + 1 < count else off + size
    return major, entry_size, out


def find(data, name):
    kind = KINDS.index(name) + 1
    for entry in tables(data)[2]:
        if entry[0] == kind:
            return entry
    raise SystemExit("no table " + name)


def fix(data):
    data = bytearray(data)
    struct.pack_into("<Q", data, 24, len(data))
    major, entry_size, entries = tables(data)
    if major == 1:
        struct.pack_into("<Q", data, 32, xxh3_64(bytes(data[64:])))
    else:
        # Inside out: each block of a block-coded table carries its own
        # checksum (low 32 bits of XXH3-64 of its bytes after the checksum),
        # then each table's, the section table's and the header's.
        where = {kind: (off, size) for kind, n, off, size, e in reversed(entries)}
        for index_kind, blocks_kind in CODED:
            if index_kind not in where or blocks_kind not in where:
                continue
            (ioff, isize), (boff, bsize) = where[index_kind], where[blocks_kind]
            fix_blocks(data, ioff, isize, boff, bsize)
        if major >= 3:
            first = {}
            for kind, n, off, size, e in entries:
                first.setdefault(kind, (n, off, size))
            for kind, (n, off, size) in first.items():
                if kind not in ROW_TABLES:
                    continue
                isize = row_index_size(kind, n)
                if isize <= size:
                    fix_blocks(data, off, isize, off + isize, size - isize)
        for kind, n, off, size, e in entries:
            if off + size <= len(data):
                struct.pack_into("<Q", data, e + 16,
                                 xxh3_64(bytes(data[off:off + size])))
        end = 64 + entry_size * len(entries)
        struct.pack_into("<I", data, 32, zlib.crc32(bytes(data[64:end])))
    struct.pack_into("<I", data, 60, zlib.crc32(bytes(data[:60])))
    return bytes(data)


def main():
    cmd, path = sys.argv[1], sys.argv[2]
    data = open(path, "rb").read()
    if cmd == "table":
        kind, n, off, size, e = find(data, sys.argv[3])
        print(off, size, n)
    elif cmd == "entry":
        kind, n, off, size, e = find(data, sys.argv[3])
        print((kind, n))
    elif cmd == "flip":
        kind, n, off, size, e = find(data, sys.argv[4])
        at = int(sys.argv[5]) if len(sys.argv) > 5 else 0
        if at < 0:  # from the end of the table
            at += size
        d = bytearray(data)
        d[off + at] ^= 0x40
        open(sys.argv[3], "wb").write(d)
    elif cmd == "fix":
        open(sys.argv[3], "wb").write(fix(data))
    elif cmd == "set":
        d = bytearray(data)
        d[int(sys.argv[4])] = int(sys.argv[5])
        open(sys.argv[3], "wb").write(d)
    else:
        raise SystemExit("unknown command " + cmd)


if __name__ == "__main__":
    main()
