#!/usr/bin/env python3
"""The line table ptxas writes into a cubin, with its inlined frames.

    scripts/cubin_line_table.py KERNELS.cubin                # every row
    scripts/cubin_line_table.py KERNELS.cubin --check KERNELS.ptx \
        --tg-ptx-lineinfo build/bin/tg-ptx-lineinfo

`ptxas -lineinfo` turns PTX's `.loc F L C, function_name N, inlined_at F2 L2
C2` into rows of `.debug_line` (DWARF 2, columns dropped) and one NVIDIA
extended opcode, 0x90, before each row that enters another inlined frame:
two ULEB128 operands, the number of the row of the call site and the offset of the function's name in
`.debug_str` (0, 0: the kernel itself). Rows are counted from 1 in each
function's sequence, the first row of a function being row 1. nvdisasm -gi and compute-sanitizer
read the frames from there. This reader follows the same links, so the
chains the GPU tools will print can be checked on a machine without a GPU.

--check compares every row's chain (function, file, line; innermost first)
with the chains of the PTX (`tg-ptx-lineinfo --print-chains`; --chains FILE
reads that output from a file, where tracegraph is not built) and lists
the hazards compute-sanitizer has been seen to stumble on (CUDA 13.0): two
rows at one address with the same line make it print a fault with no
frame and no line (docs/gpu-debugging.md). Exit status 1 when a chain
differs, a call site lies in another function or a line repeats at an
address; PTX chains at no row are listed only (ptxas writes no row for an
instruction it removes).
"""

import argparse
import os
import struct
import subprocess
import sys


class CubinError(Exception):
    pass


def sections(data):
    """{name: (offset, size)} of a 64-bit little-endian ELF file."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise CubinError("not a 64-bit little-endian ELF file (a cubin)")
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
               for i in range(shnum)]
    names = headers[shstrndx][4]
    result = {}
    for h in headers:
        end = data.index(b"\0", names + h[0])
        result[data[names + h[0]:end].decode()] = (h[4], h[5], h[6], h[7])
    return result


def leb128(b, i, signed=False):
    """The LEB128 number at b[i]: (value, the index after it)."""
    value = shift = 0
    while True:
        byte = b[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            if signed and byte & 0x40:
                value -= 1 << shift
            return value, i


def uleb(b, i):
    return leb128(b, i)


def sleb(b, i):
    return leb128(b, i, signed=True)


def cstring(b, offset):
    return b[offset:b.index(b"\0", offset)].decode("utf-8", "replace")


def symbols_by_offset(data, secs):
    """The symbol each relocation of .debug_line names, by the offset in
    .debug_line it patches (the DW_LNE_set_address of each function):
    `.rela.debug_line` (sm_90) or `.rel.debug_line` (sm_80)."""
    if ".symtab" not in secs:
        return {}
    symoff, symsize = secs[".symtab"][:2]
    stroff = secs[".strtab"][0]
    names = []
    for i in range(symsize // 24):
        name = struct.unpack_from("<I", data, symoff + 24 * i)[0]
        names.append(cstring(data, stroff + name))
    result = {}
    for section, size in ((".rela.debug_line", 24), (".rel.debug_line", 16)):
        if section not in secs:
            continue
        relo, relsize = secs[section][:2]
        for i in range(relsize // size):
            offset, info = struct.unpack_from("<QQ", data, relo + size * i)
            result[offset] = names[info >> 32]
    return result


def read_rows(path):
    """Every row of the cubin's line table: dicts with address, file, line,
    function (the kernel's symbol or the inlined function's name), call
    (the row number of the call site, 0 for none) and sequence (the
    kernel's symbol); row numbers count from 1."""
    with open(path, "rb") as f:
        data = f.read()
    secs = sections(data)
    if ".debug_line" not in secs:
        raise CubinError("%s has no .debug_line (assembled without -lineinfo?)" % path)
    base, size = secs[".debug_line"][:2]
    b = data[base:base + size]
    strs = data[secs[".debug_str"][0]:][:secs[".debug_str"][1]] if ".debug_str" in secs else b""
    relocated = symbols_by_offset(data, secs)
    rows, unit = [], 0
    while unit < len(b):
        total, version, header = struct.unpack_from("<IHI", b, unit)
        end = unit + 4 + total
        minlen, _, line_base, line_range, opcode_base = struct.unpack_from("<BBbBB", b, unit + 10)
        i = unit + 15 + opcode_base - 1
        dirs = [""]
        while b[i]:
            e = b.index(b"\0", i)
            dirs.append(b[i:e].decode())
            i = e + 1
        i += 1
        files = [None]
        while b[i]:
            e = b.index(b"\0", i)
            name = b[i:e].decode()
            d, i = uleb(b, e + 1)
            _, i = uleb(b, i)
            _, i = uleb(b, i)
            files.append(os.path.join(dirs[d], name) if d else name)
        i = unit + 10 + header
        state = dict(address=0, file=1, line=1, call=0, name=None, sequence=None)
        first = [len(rows)]  # the index of the sequence's first row

        def emit(end_sequence=False):
            # The call site's row as an index into `rows` (from 1).
            call = first[0] + state["call"] if state["call"] else 0
            rows.append(dict(address=state["address"], file=files[state["file"]],
                             line=state["line"], call=call, name=state["name"],
                             sequence=state["sequence"], end=end_sequence))

        while i < end:
            op = b[i]
            i += 1
            if op >= opcode_base:
                adjusted = op - opcode_base
                state["address"] += adjusted // line_range * minlen
                state["line"] += line_base + adjusted % line_range
                emit()
            elif op == 0:
                length, i = uleb(b, i)
                sub, body = b[i], i + 1
                if sub == 1:
                    emit(True)
                    state.update(address=0, file=1, line=1, call=0, name=None)
                    first[0] = len(rows)
                elif sub == 2:
                    state["address"] = struct.unpack_from("<Q", b, body)[0]
                    state["sequence"] = relocated.get(body, state["sequence"])
                elif sub == 0x90:
                    call, k = uleb(b, body)
                    name, k = uleb(b, k)
                    state["call"] = call
                    state["name"] = cstring(strs, name) if call else None
                i += length
            elif op == 1:
                emit()
            elif op == 2:
                v, i = uleb(b, i)
                state["address"] += v * minlen
            elif op == 3:
                v, i = sleb(b, i)
                state["line"] += v
            elif op == 4:
                state["file"], i = uleb(b, i)
            elif op == 5:
                _, i = uleb(b, i)
            elif op == 8:
                state["address"] += (255 - opcode_base) // line_range * minlen
            elif op == 9:
                state["address"] += struct.unpack_from("<H", b, i)[0]
                i += 2
            # 6 (negate_stmt), 7 (basic_block): no operands, nothing to keep
        unit = end
    return rows


def chain(rows, index):
    """The frames of row `index` (from 1), innermost first: (function, file,
    line); raises CubinError on a cycle or a call site out of range."""
    frames, seen = [], set()
    row = rows[index - 1]
    while True:
        if index in seen:
            raise CubinError("row %d: the call sites form a cycle" % index)
        seen.add(index)
        function = row["name"] if row["call"] else row["sequence"]
        frames.append((function, row["file"], row["line"]))
        if not row["call"]:
            return frames
        index = row["call"]
        if not 1 <= index <= len(rows):
            raise CubinError("a call site row %d is out of range" % index)
        caller = rows[index - 1]
        if caller["sequence"] != row["sequence"]:
            raise CubinError("row %d of %s names a call site in %s" %
                             (index, row["sequence"], caller["sequence"]))
        row = caller


def ptx_chains(ptx, tool):
    """The chains of a PTX file, as parse_chains gives them, from
    `tg-ptx-lineinfo --print-chains`."""
    res = subprocess.run([tool, ptx, "--print-chains"], capture_output=True, text=True)
    if res.returncode:
        raise CubinError(res.stderr.strip())
    return parse_chains(res.stdout)


def parse_chains(text):
    """(every chain and outer part of one, the instruction chains) of
    `tg-ptx-lineinfo --print-chains` output, as tuples of (function, file,
    line), innermost first."""
    result, full = set(), set()
    for block in text.strip().split("\n\n"):
        lines = block.strip().splitlines()
        frames = []
        for function, position in zip(lines[0::2], lines[1::2]):
            path, line, _ = position.rsplit(":", 2)
            frames.append((function, path, int(line)))
        # A row may stand for any outer part of a chain (the rows of its
        # call sites): every suffix of the innermost-first frames.
        for start in range(len(frames)):
            result.add(tuple(frames[start:]))
        if frames and frames[0][2] != 0:
            full.add(tuple(frames))
    return result, full


def check(rows, expected, full):
    """(problems, missing, hazards): rows whose chain is none of the PTX's,
    the PTX's instruction chains that no row has (ptxas left out a row),
    and the addresses where two rows share a line."""
    problems, seen = [], set()
    for index, row in enumerate(rows, 1):
        if row["end"] or row["line"] == 0:
            continue
        try:
            frames = tuple(chain(rows, index))
        except CubinError as e:
            problems.append(str(e))
            continue
        seen.add(frames)
        if frames not in expected:
            problems.append("row %d (%s+0x%x): %s is no chain (or outer part of one) of the PTX" % (
                index, row["sequence"], row["address"],
                " <- ".join("%s (%s:%d)" % (f, os.path.basename(p), l) for f, p, l in frames)))
    hazards = []
    by_address = {}
    for row in rows:
        if not row["end"]:
            by_address.setdefault((row["sequence"], row["address"]), []).append(row["line"])
    for (sequence, address), lines in sorted(by_address.items(), key=lambda kv: (str(kv[0][0]), kv[0][1])):
        repeated = sorted({l for l in lines if lines.count(l) > 1})
        if repeated:
            hazards.append("%s+0x%x: line %s in %d rows" % (
                sequence, address, ", ".join(map(str, repeated)), len(lines)))
    missing = ["%s is at no row" % " <- ".join(
        "%s (%s:%d)" % (f, os.path.basename(p), l) for f, p, l in frames)
        for frames in sorted(full - seen)]
    return problems, missing, hazards


def main(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("cubin")
    p.add_argument("--check", metavar="PTX", help="compare with this PTX's chains")
    p.add_argument("--chains", metavar="FILE",
                   help="compare with these chains (tg-ptx-lineinfo --print-chains output)")
    p.add_argument("--tg-ptx-lineinfo", default="tg-ptx-lineinfo")
    args = p.parse_args(argv)
    try:
        rows = read_rows(args.cubin)
        if not args.check and not args.chains:
            for index, row in enumerate(rows, 1):
                print("%d %s+0x%x %s:%d%s%s" % (
                    index, row["sequence"], row["address"], row["file"], row["line"],
                    " in %s called from row %d" % (row["name"], row["call"]) if row["call"] else "",
                    " end" if row["end"] else ""))
            return 0
        if args.chains:
            with open(args.chains) as f:
                expected = parse_chains(f.read())
        else:
            expected = ptx_chains(args.check, args.tg_ptx_lineinfo)
        problems, missing, hazards = check(rows, *expected)
    except (CubinError, OSError, struct.error, IndexError, ValueError) as e:
        print("cubin_line_table: error: %s: %s" % (args.cubin, e), file=sys.stderr)
        return 1
    for problem in problems[:20]:
        print("differs: " + problem)
    for chain in missing[:20]:
        print("missing: " + chain)
    for hazard in hazards[:20]:
        print("same line twice at one address: " + hazard)
    print("%d rows: %d chains differ from the PTX's, %d PTX chains at no row, %d addresses "
          "with a line twice" % (sum(1 for r in rows if not r["end"]), len(problems),
                                 len(missing), len(hazards)))
    # A PTX chain at no row is no error: ptxas writes no row for the
    # instructions it removes.
    return 1 if problems or hazards else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
