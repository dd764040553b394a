"""Checks that tg-symbolicate's module paths (from the debug section) agree
with --tg-module-hierarchy's (from the MLIR locations) for every handle.

usage: compare_paths.py <module with tg.module_hierarchy> <tg-symbolicate json>
"""
import json
import re
import sys

paths = {}
attr = re.compile(r'tg\.debug_handle = (\d+) : i64, tg\.module_hierarchy = "([^"]*)"')
for line in open(sys.argv[1]):
    for handle, path in attr.findall(line):
        paths[int(handle)] = path
symbolized = {h["handle"]: h for h in json.load(open(sys.argv[2]))}
assert paths, "no tg.module_hierarchy attributes found"
mismatches = [
    (h, p, symbolized[h]["origins"][0]["module_path"])
    for h, p in paths.items()
    if symbolized[h]["origins"][0]["module_path"] != p
]
assert not mismatches, mismatches[:5]
print(f"{len(paths)} module paths agree")
