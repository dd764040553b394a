#!/usr/bin/env python3
"""Checks the LLVM file banner of every C++ and TableGen file under the given
folders (default: include lib tools unittests): the first line is exactly 80
columns, `//===- <file name> - <description> ---...---===//`, with the mode
marker `-*- C++ -*-` in headers and `-*- tablegen -*-` in .td files, as
docs/contributing.md describes. Prints each broken banner and exits 1 if any.
"""
import os
import re
import subprocess
import sys

BANNER = re.compile(r"^//===-{1,2} (\S+) - (.+?) -+(?:\*- (C\+\+|tablegen) -\*-)?===//$")


def problems(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        first = f.readline().rstrip("\n")
    found = []
    m = BANNER.match(first)
    if not m:
        found.append("first line is not a banner")
    else:
        name, mode = m.group(1), m.group(3)
        if name != os.path.basename(path):
            found.append("names %s" % name)
        ext = os.path.splitext(path)[1]
        if ext == ".h" and mode != "C++":
            found.append("header without -*- C++ -*-")
        if ext == ".td" and mode != "tablegen":
            found.append(".td without -*- tablegen -*-")
        if ext == ".cpp" and mode:
            found.append(".cpp with a mode marker")
    if len(first) != 80:
        found.append("%d columns, not 80" % len(first))
    return first, found


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    folders = sys.argv[1:] or ["include", "lib", "tools", "unittests"]
    files = subprocess.run(["git", "ls-files", "--"] + folders, check=True,
                           capture_output=True, text=True).stdout.split()
    bad = 0
    for path in files:
        if os.path.splitext(path)[1] not in (".h", ".cpp", ".td"):
            continue
        first, found = problems(path)
        if found:
            bad += 1
            print("%s: %s\n  %s" % (path, "; ".join(found), first))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
