#!/usr/bin/env python3
"""Where a debug section's bytes go, table by table.

Reads the header and the section table as docs/debug-section-format.md defines
them (a compressed section is decompressed with the `zstd` command first) and
prints one row per table: its kind, row count, bytes in the image, and what
that table costs of a compressed section. The last column is an estimate: the
size of the whole image compressed with `zstd -19`, minus that of the image
with the table's bytes removed; the columns do not add up exactly to the
compressed size, because zstd shares matches across tables.

usage: bench/section_tables.py SECTION.tgdbg
"""

import struct
import subprocess
import sys

KINDS = {
    1: "STRING_OFFSETS", 2: "STRING_DATA", 3: "POSITIONS", 4: "MODULE_FRAMES",
    5: "STACK_NODES", 6: "LOCATIONS", 7: "LOCATION_LISTS", 8: "GRAPHS",
    9: "SITES", 10: "HANDLE_INDEX", 11: "HANDLE_BLOCKS", 12: "ARG_LOCATIONS",
    13: "SOURCE_LINES", 14: "STACK_NODE_INDEX", 15: "LOCATION_INDEX",
    16: "ORIGIN_RECORDS", 17: "BUILD_ID", 18: "RECORDS",
}
FLAG_COMPRESSED = 2


def zstd19(data):
    return len(subprocess.run(["zstd", "-19", "-q", "-c", "--no-check"],
                              input=data, capture_output=True,
                              check=True).stdout)


def main():
    raw = open(sys.argv[1], "rb").read()
    if raw[:8] != b"\x89TGDBG\r\n":
        sys.exit("not a debug section (an ELF container? extract it first)")
    major, minor, flags, _, count, file_size = struct.unpack_from(
        "<HHIIIQ", raw, 8)
    image = raw
    if flags & FLAG_COMPRESSED:
        body = subprocess.run(["zstd", "-d", "-q", "-c"], input=raw[64:],
                              capture_output=True, check=True).stdout
        image = raw[:64] + body
    align = 64 if major < 3 else 8
    entry = 16 if major == 1 else 24
    off = 64 + entry * count
    rows = []
    for i in range(count):
        kind, n, size = struct.unpack_from("<IIQ", image, 64 + entry * i)
        off = (off + align - 1) // align * align
        rows.append((kind, n, off, size))
        off += size
    print(f"{sys.argv[1]}: format {major}.{minor}, {len(raw)} bytes"
          f"{' compressed' if flags & FLAG_COMPRESSED else ''},"
          f" image {len(image)} bytes, {count} tables")
    whole = zstd19(image)
    print(f"zstd -19 of the image (no frame checksum): {whole}")
    print("| kind | table | count | bytes | zstd -19 share |")
    print("| ---: | --- | ---: | ---: | ---: |")
    fixed = 64 + entry * count
    for kind, n, off, size in rows:
        without = zstd19(image[:off] + image[off + size:])
        print(f"| {kind} | {KINDS.get(kind, '?')} | {n} | {size} |"
              f" {whole - without} |")
    print(f"| | header + section table | | {fixed} |"
          f" {whole - zstd19(image[fixed:])} |")


if __name__ == "__main__":
    main()
