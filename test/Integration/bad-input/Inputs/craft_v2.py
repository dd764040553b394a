"""Rewrites a format 2.0 debug section (docs/debug-section-format.md) into
hostile ones that no writer produces: block-coded tables that claim 2^32-scale
row counts in a few bytes, and composite locations that share their children.
Each output has every checksum right (the header's, the section table's, each
table's and each block's), so the reader gets past them to the case under
test.

  craft_v2.py CASE IN OUT     (CASE: see CASES at the end)

IN is a 2.0 section with at least one handle (tg-opt writes one); its tables
are kept except the ones a case replaces.
"""
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(__file__))
from craft_section import align64, run, varint, xxh3_64  # noqa: E402

(STRING_OFFSETS, STRING_DATA, POSITIONS, MODULE_FRAMES, STACK_NODES, LOCATIONS,
 LOCATION_LISTS, GRAPHS, SITES, HANDLE_INDEX, HANDLE_BLOCKS, ARG_LOCATIONS,
 SOURCE_LINES, STACK_NODE_INDEX, LOCATION_INDEX) = range(1, 16)
# The index of each block-coded table, and its blocks.
CODED = [(HANDLE_INDEX, HANDLE_BLOCKS), (STACK_NODE_INDEX, STACK_NODES),
         (LOCATION_INDEX, LOCATIONS)]
OFF_HANDLE_COUNT, OFF_HANDLES_PER_BLOCK = 40, 44
OFF_NODES_PER_BLOCK, OFF_LOCATIONS_PER_BLOCK = 52, 56


def parse(data, major=2, align=align64):
    """(header, {kind: [count, bytes]}) of a 2.x section (of a 3.0 section
    with major=3 and align = 8 bytes)."""
    assert struct.unpack_from("<H", data, 8)[0] == major, \
        "not a %d.x section" % major
    n = struct.unpack_from("<I", data, 20)[0]
    tables, off = {}, align(64 + 24 * n)
    for i in range(n):
        kind, count, size = struct.unpack_from("<IIQ", data, 64 + 24 * i)
        tables[kind] = [count, bytes(data[off:off + size])]
        off = align(off + size)
    return bytearray(data[:64]), tables


def seal_block(block):
    """A block with its checksum: low 32 bits of XXH3-64 of bytes [4, end)."""
    block = bytearray(block)
    struct.pack_into("<I", block, 0, xxh3_64(bytes(block[4:])) & 0xFFFFFFFF)
    return bytes(block)


def build(header, tables, align=align64):
    """The section's bytes, with file_size and every checksum recomputed.
    `align`: the table alignment (align64 before 3.0, 8 bytes in 3.0)."""
    kinds = sorted(tables)
    entries, body = bytearray(), bytearray()
    for i, kind in enumerate(kinds):
        count, data = tables[kind]
        entries += struct.pack("<IIQQ", kind, count, len(data), xxh3_64(data))
        pad = align(len(data)) - len(data) if i + 1 < len(kinds) else 0
        body += data + b"\0" * pad
    head = bytearray(header)
    struct.pack_into("<I", head, 20, len(kinds))
    table_end = 64 + len(entries)
    out = head + entries + b"\0" * (align(table_end) - table_end) + body
    struct.pack_into("<Q", out, 24, len(out))
    struct.pack_into("<I", out, 32, zlib.crc32(bytes(entries)))
    struct.pack_into("<I", out, 60, zlib.crc32(bytes(out[:60])))
    return bytes(out)


def coded_table(blocks):
    """(INDEX bytes, BLOCKS bytes) of sealed blocks."""
    index, data = [0], bytearray()
    for block in blocks:
        data += seal_block(block)
        index.append(len(data))
    return struct.pack("<%dI" % len(index), *index), bytes(data)


def literal(columns, offset_width):
    """A literal block of pre-coded columns ((packed, bytes) each)."""
    mask = sum(1 << c for c, (packed, _) in enumerate(columns) if packed)
    header_size = 6 + offset_width * (len(columns) - 1)
    starts, pos = [], header_size
    for _, data in columns:
        starts.append(pos)
        pos += len(data)
    block = bytearray(b"\0\0\0\0" + bytes([0, mask]))
    for start in starts[1:]:
        block += struct.pack("<H" if offset_width == 2 else "<I", start)
    for _, data in columns:
        block += data
    return bytes(block)


def packed0(value):
    """A bit-packed column of width 0: every entry is `value`, in 2 bytes."""
    return (True, varint(value) + b"\0")


def runs(*pairs):
    """A runs column from (step, length) pairs."""
    return (False, b"".join(run(d, n) for d, n in pairs))


def set_table(tables, index_kind, blocks_kind, rows, blocks):
    index, data = coded_table(blocks)
    tables[index_kind] = [len(index) // 4, index]
    tables[blocks_kind] = [rows if blocks_kind != HANDLE_BLOCKS else len(data),
                           data]


def one_handle(header, tables, stack):
    """Handle 0 only, with site 0, graph 0 and stack node `stack` - 1."""
    struct.pack_into("<II", header, OFF_HANDLE_COUNT, 1, 64)
    set_table(tables, HANDLE_INDEX, HANDLE_BLOCKS, 1,
              [literal([runs((stack, 1)), runs((1, 1)), runs((1, 1))], 2)])


def case_huge_packed_block(header, tables):
    """2^32-1 handles in one literal block whose three columns are bit-packed
    with width 0: 2^32-1 rows in 11 bytes of columns. Validating the block
    must not visit each row."""
    rows = 0xFFFFFFFF
    struct.pack_into("<II", header, OFF_HANDLE_COUNT, rows, rows)
    set_table(tables, HANDLE_INDEX, HANDLE_BLOCKS, rows,
              [literal([packed0(0), packed0(1), packed0(1)], 4)])


def case_huge_stack(header, tables):
    """2^32-1 stack nodes, each the parent of the next, in one block of a few
    bytes; handle 0 sits on the last. A stack that deep cannot be real: the
    reader must refuse it, not walk it."""
    rows = 0xFFFFFFFF
    struct.pack_into("<I", header, OFF_NODES_PER_BLOCK, rows)
    set_table(tables, STACK_NODE_INDEX, STACK_NODES, rows,
              [literal([packed0(0), packed0(0),
                        runs((0, 1), (1, rows - 1))], 4)])
    one_handle(header, tables, rows)


def case_shared_locations(header, tables):
    """64 composite locations, each a call site whose callee and caller are
    both the one before: a DAG of 64 nodes that spells out 2^64 frames when
    expanded as a tree. Handle 0's leaf is the last."""
    n = 64
    loc_ref = [2 | (i << 2) for i in range(n)]
    kinds = [2] * n  # CallSite
    a = [0] + loc_ref[:n - 1]
    b = [0] + loc_ref[:n - 1]
    rows = []
    for column in (kinds, a, b, [0] * n):
        prev, pairs = 0, []
        for v in column:
            pairs.append((v - prev, 1))
            prev = v
        rows.append(runs(*pairs))
    struct.pack_into("<I", header, OFF_LOCATIONS_PER_BLOCK, n)
    set_table(tables, LOCATION_INDEX, LOCATIONS, n, [literal(rows, 2)])
    # Site 0: leaf = the last location, no op name.
    tables[SITES] = [1, struct.pack("<II", loc_ref[n - 1], 0)]
    one_handle(header, tables, 0)


CASES = {
    "huge-packed-block": case_huge_packed_block,
    "huge-stack": case_huge_stack,
    "shared-locations": case_shared_locations,
}


def main():
    case, src, out = sys.argv[1:4]
    header, tables = parse(open(src, "rb").read())
    CASES[case](header, tables)
    open(out, "wb").write(build(header, tables))


if __name__ == "__main__":
    main()
