"""Writes hand-crafted debug sections (docs/debug-section-format.md) that no
writer produces: 2^32-scale counts, 10,000-deep stacks, varint and run-length
edge cases, a newer minor version. Each is otherwise well-formed, with correct
checksums, so the reader gets past its header checks to the case under test.

  craft_section.py CASE OUT     (CASE: see CASES at the end)

The body checksum is XXH3-64, which Python's standard library lacks; it is
computed with llvm::xxh3_64bits from Debian's libLLVM (which the tools link
anyway), through ctypes. The header CRC is zlib's CRC-32, as llvm::crc32.
"""
import ctypes
import glob
import struct
import sys
import zlib

NONE = 0xFFFFFFFF
MAGIC = b"\x89TGDBG\r\n"
(STRING_OFFSETS, STRING_DATA, POSITIONS, MODULE_FRAMES, STACK_NODES, LOCATIONS,
 LOCATION_LISTS, GRAPHS, SITES, HANDLE_INDEX, HANDLE_BLOCKS, ARG_LOCATIONS,
 SOURCE_LINES) = range(1, 14)


def xxh3_64(data):
    libs = sorted(glob.glob("/usr/lib/llvm-22/lib/libLLVM.so.22*")) + \
        sorted(glob.glob("/usr/lib/llvm-*/lib/libLLVM*.so*"))
    lib = ctypes.CDLL(libs[0])
    # uint64_t llvm::xxh3_64bits(ArrayRef<uint8_t>): the ArrayRef (pointer,
    # size) travels in two registers, as two arguments would.
    fn = getattr(lib, "_ZN4llvm11xxh3_64bitsENS_8ArrayRefIhEE")
    fn.restype = ctypes.c_uint64
    fn.argtypes = [ctypes.c_char_p, ctypes.c_size_t]
    return fn(bytes(data), len(data))


def align64(x):
    return (x + 63) & ~63


def varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def zigzag(d):
    return (d << 1) ^ (d >> 63) if d >= 0 else ((-d) << 1) - 1


def run(d, length):
    """One run of `length` entries stepping by `d`."""
    if length <= 7:
        return varint(zigzag(d) << 3 | (length - 1))
    return varint(zigzag(d) << 3 | 7) + varint(length - 8)


def column(values):
    """Values coded one run per entry (valid, if not the smallest)."""
    out, prev = bytearray(), 0
    for v in values:
        out += run(v - prev, 1)
        prev = v
    return bytes(out)


class Section:
    def __init__(self):
        self.strings = []
        self.positions = []   # (file, function, l0, c0, l1, c1)
        self.frames = []      # (instance, class, method) string ids
        self.nodes = []       # (call LocRef, frame+1 or 0, parent+1 or 0)
        self.locations = []   # (kind, aux, a, b, c)
        self.lists = []
        self.graphs = []      # (class or NONE, method)
        self.sites = []       # (leaf, op string id + 1 or 0)
        self.handles = []     # (stack, site, graph) column values
        self.handles_per_block = 64
        self.blocks = None    # raw (index entries, bytes) to override
        self.handle_count = None
        self.args = []
        self.root_loc = 0
        self.major, self.minor, self.flags = 1, 0, 0
        self.extra_tables = []  # (kind, count, bytes) appended
        self.overrides = {}     # kind -> (count, bytes)

    def string(self, s):
        if isinstance(s, str):
            s = s.encode()
        if s not in self.strings:
            self.strings.append(s)
        return self.strings.index(s)

    def tables(self):
        offs, data = [], b""
        for s in self.strings:
            offs.append(len(data))
            data += s
        offs.append(len(data))
        t = {
            STRING_OFFSETS: (len(self.strings), b"".join(struct.pack("<I", o) for o in offs)),
            STRING_DATA: (len(data), data),
            POSITIONS: (len(self.positions), b"".join(struct.pack("<6I", *p) for p in self.positions)),
            MODULE_FRAMES: (len(self.frames), b"".join(struct.pack("<3I", *f) for f in self.frames)),
            STACK_NODES: (len(self.nodes), b"".join(struct.pack("<3I", *n) for n in self.nodes)),
            LOCATIONS: (len(self.locations), b"".join(struct.pack("<BBHIII", k, aux, 0, a, b, c) for k, aux, a, b, c in self.locations)),
            LOCATION_LISTS: (len(self.lists), b"".join(struct.pack("<I", r) for r in self.lists)),
            GRAPHS: (len(self.graphs), b"".join(struct.pack("<2I", *g) for g in self.graphs)),
            SITES: (len(self.sites), b"".join(struct.pack("<2I", *s) for s in self.sites)),
            ARG_LOCATIONS: (len(self.args), b"".join(struct.pack("<5I", *a) for a in self.args)),
            SOURCE_LINES: (0, b""),
        }
        if self.blocks is None:
            b = self.handles_per_block
            index, blob = [], b""
            for start in range(0, len(self.handles), b):
                entries = self.handles[start:start + b]
                index.append(len(blob))
                for col in range(3):
                    blob += column([e[col] for e in entries])
            index.append(len(blob))
        else:
            index, blob = self.blocks
        t[HANDLE_INDEX] = (len(index), b"".join(struct.pack("<I", i) for i in index))
        t[HANDLE_BLOCKS] = (len(blob), blob)
        t.update(self.overrides)
        return [(k, t[k][0], t[k][1]) for k in range(1, 14)] + self.extra_tables

    def bytes(self, section_count=None):
        tables = self.tables()
        n = len(tables)
        entries = b"".join(struct.pack("<IIQ", k, c, len(d)) for k, c, d in tables)
        body = bytearray(entries)
        off = align64(64 + 16 * n)
        for i, (_, _, d) in enumerate(tables):
            body += b"\0" * (off - 64 - len(body))
            body += d
            off = align64(off + len(d)) if i + 1 < n else off + len(d)
        size = 64 + len(body)
        count = n if section_count is None else section_count
        handle_count = len(self.handles) if self.handle_count is None else self.handle_count
        head = MAGIC + struct.pack("<HHIIIQQIIIII", self.major, self.minor, self.flags, 64,
                                   count, size, xxh3_64(body), handle_count,
                                   self.handles_per_block, self.root_loc, 0, 0)
        return head + struct.pack("<I", zlib.crc32(head)) + bytes(body)


def pos(s, file, line, col, function=None):
    s.positions.append((s.string(file), NONE if function is None else s.string(function),
                        line, col, line, col))
    return (len(s.positions) - 1) << 2 | 1


def one_op(s):
    """A section of one op at model.py:3:7 in Top::forward."""
    leaf = pos(s, "model.py", 3, 7, "forward")
    s.sites.append((leaf, s.string("aten::relu") + 1))
    s.graphs.append((s.string("Top"), s.string("forward")))
    s.handles.append((0, 1, 1))
    return s


def case_valid():
    return one_op(Section()).bytes()


def case_huge_handle_count():
    # 2^32-1 handles in one block of 2^32-1 entries: the handle table is a
    # few bytes (three runs), and the last handle resolves in O(runs).
    s = one_op(Section())
    n = 0xFFFFFFFF
    s.handle_count, s.handles_per_block = n, n
    blob = run(0, 8) + run(0, n - 8)          # stack: all 0
    blob += run(1, 1) + run(0, n - 1)        # site: all 1
    blob += run(1, 1) + run(0, n - 1)        # graph: all 1
    s.blocks = ([0, len(blob)], blob)
    return s.bytes()


def case_huge_section_count():
    return one_op(Section()).bytes(section_count=0xFFFFFFFF)


def case_huge_record_count():
    s = one_op(Section())
    # The table entry claims 2^32-1 positions (and their 96 GiB); the data is
    # the one real record.
    s.overrides[POSITIONS] = (0xFFFFFFFF, s.tables()[POSITIONS - 1][2])
    data = bytearray(s.bytes())
    return data


def case_huge_string_range():
    s = one_op(Section())
    s.string("x")
    offs = [0, 0xFFFFFFFF] + [0] * 0
    t = s.tables()
    data = t[STRING_DATA - 1][2]
    n = len(s.strings)
    # String 0 claims [0, 2^32-1); the last entry is still the data size.
    real = [0]
    for x in s.strings:
        real.append(real[-1] + len(x))
    real[1] = 0xFFFFFFFF
    s.overrides[STRING_OFFSETS] = (n, b"".join(struct.pack("<I", o) for o in real))
    return s.bytes()


def case_run_length_overflow():
    # A run of 8 + (2^64 - 8) entries: the length does not fit in 64 bits.
    # The format says runs MUST NOT overrun the block, so this is corrupt.
    s = one_op(Section())
    blob = varint(zigzag(0) << 3 | 7) + varint(2**64 - 8) + run(0, 1)
    blob += run(1, 1) + run(1, 1)
    s.blocks = ([0, len(blob)], blob)
    return s.bytes()


def case_varint_overflow():
    # A 10-byte varint whose last byte carries bits past 2^64.
    s = one_op(Section())
    blob = bytes([0x80] * 9 + [0x7E]) + run(1, 1) + run(1, 1)
    s.blocks = ([0, len(blob)], blob)
    return s.bytes()


def case_value_overflow():
    # Column values leave the u32 range: 0 + 2^31, then + 2^31 again.
    s = one_op(Section())
    s.handles = [(0, 1, 1), (0, 1, 1)]
    blob = run(0, 2) + run(1, 1) + run(0, 1) + run(2**31, 2)
    s.blocks = ([0, len(blob)], blob)
    return s.bytes()


def case_deep_stack():
    # 10,000 inlined frames, each node's parent the one before it.
    s = Section()
    depth = 10000
    for i in range(depth):
        call = pos(s, "m.py", i + 1, 9, "forward")
        s.frames.append((s.string("c"), s.string("M%d" % (i + 1)), s.string("forward")))
        s.nodes.append((call, i + 1, i))  # parent i means node i-1; 0: root
    leaf = pos(s, "m.py", depth + 1, 5, "forward")
    s.sites.append((leaf, s.string("aten::relu") + 1))
    s.graphs.append((s.string("M0"), s.string("forward")))
    s.handles.append((depth, 1, 1))
    return s.bytes()


def case_self_parent():
    # A stack node that names itself as its parent: a cycle.
    s = one_op(Section())
    call = pos(s, "m.py", 1, 9)
    s.frames.append((s.string("c"), s.string("M"), s.string("forward")))
    s.nodes.append((call, 1, 1))
    s.handles = [(1, 1, 1)]
    return s.bytes()


def case_forward_location():
    # A NAME location whose child is itself: references must point backwards.
    s = one_op(Section())
    s.locations.append((3, 0, s.string("n"), 0 << 2 | 2, 0))
    s.sites = [(0 << 2 | 2, 1)]
    return s.bytes()


def case_newer_minor():
    # Version 1.1 with an unknown flag bit and an unknown table appended:
    # a 1.0 reader must read it (docs: "Readers of 1.x read every 1.y").
    s = one_op(Section())
    s.minor, s.flags = 1, 1 << 7
    s.extra_tables.append((99, 3, b"new"))
    return s.bytes()


CASES = {name[len("case_"):].replace("_", "-"): fn
         for name, fn in globals().items() if name.startswith("case_")}


def main():
    case, out = sys.argv[1], sys.argv[2]
    if case not in CASES:
        sys.exit("craft_section.py: unknown case '%s': expected one of %s"
                 % (case, ", ".join(sorted(CASES))))
    with open(out, "wb") as f:
        f.write(CASES[case]())


if __name__ == "__main__":
    main()
