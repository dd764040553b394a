#!/usr/bin/env python3
"""Checks that every origin of a kernel reached the object file or a record.

Reads the origins --tg-snapshot-origins=terminators=true recorded for the
input (printed with -mlir-print-local-scope: `tg.origin_snapshot = [...]`),
the object's DWARF (line-table rows and inlined call sites, by
llvm-dwarfdump) and the records tg-compile-kernel --account-origins wrote.
An origin is found when a record names exactly it, or else when its leaf
position (file, line, column) is a row of the line table or the call site of
an inlined scope (DWARF has no column ranges).
Prints one summary line; exits 1 and names the missing origins when any is.
"""
import argparse
import os
import re
import subprocess
import sys

POS = re.compile(r'"([^"]+)":(\d+):(\d+)')


def leaf(text):
    """The first position of a printed location: the leaf of a call site."""
    m = POS.search(text)
    return (os.path.basename(m.group(1)), int(m.group(2)), int(m.group(3)))


def split_top(text):
    """Splits `loc(...), loc(...)` at the commas outside brackets."""
    parts, depth, start, quoted = [], 0, 0, False
    for i, c in enumerate(text):
        if c == '"':
            quoted = not quoted
        elif quoted:
            continue
        elif c in '([<{':
            depth += 1
        elif c in ')]>}':
            depth -= 1
        elif c == ',' and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    parts.append(text[start:].strip())
    return [p for p in parts if p]


def dwarf_positions(obj, dwarfdump):
    lines = subprocess.run([dwarfdump, '--debug-line', obj], check=True,
                           capture_output=True, text=True).stdout
    files, rows = {}, set()
    for m in re.finditer(r'file_names\[\s*(\d+)\]:\s*\n\s*name:\s*"([^"]+)"', lines):
        files[int(m.group(1))] = os.path.basename(m.group(2))
    for m in re.finditer(r'^0x[0-9a-f]+\s+(\d+)\s+(\d+)\s+(\d+)', lines, re.M):
        line, col, f = map(int, m.groups())
        if f in files:
            rows.add((files[f], line, col))
    info = subprocess.run([dwarfdump, '--debug-info', obj], check=True,
                          capture_output=True, text=True).stdout
    calls = set()
    for m in re.finditer(r'DW_AT_call_file\s+\("([^"]+)"\)\s+DW_AT_call_line\s+\((\d+)\)'
                         r'\s+DW_AT_call_column\s+\((\d+)\)', info):
        calls.add((os.path.basename(m.group(1)), int(m.group(2)), int(m.group(3))))
    return rows, calls


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--snapshot', required=True,
                        help='the input after -tg-snapshot-origins, printed in local scope')
    parser.add_argument('--obj', required=True)
    parser.add_argument('--records', required=True)
    parser.add_argument('--dwarfdump', default='llvm-dwarfdump-22')
    args = parser.parse_args()

    text = open(args.snapshot).read()
    m = re.search(r'tg\.origin_snapshot = \[(.*?)\]\}?\s*(?:loc|\{|$)', text, re.S)
    body = text[m.end(0) - len(m.group(0)) + len('tg.origin_snapshot = ['):]
    # The attribute's array ends at the bracket that closes it.
    depth, end = 0, 0
    for i, c in enumerate(body):
        if c in '([<{':
            depth += 1
        elif c in ')]>}':
            if depth == 0:
                end = i
                break
            depth -= 1
    origins = split_top(body[:end])
    rows, calls = dwarf_positions(args.obj, args.dwarfdump)
    # A record line is loc(fused<#tg.origin_record<...>>[ORIGIN]).
    records = {line.strip().split('>>[', 1)[1][:-2]
               for line in open(args.records) if '>>[' in line}

    in_rows = in_calls = in_records = 0
    missing = []
    for origin in origins:
        pos = leaf(origin)
        if origin[len('loc('):-1] in records:
            in_records += 1
        elif pos in rows:
            in_rows += 1
        elif pos in calls:
            in_calls += 1
        else:
            missing.append(origin)
    print(f'{len(origins)} origins: {in_rows} in the line table, {in_calls} as '
          f'inlined call sites, {in_records} in records, {len(missing)} missing')
    for origin in missing:
        print(f'  missing: {origin}')
    return 1 if missing else 0


if __name__ == '__main__':
    sys.exit(main())
