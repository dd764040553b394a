#!/usr/bin/env python3
"""Prints the naive form of a debug section's contents: every op's full stack
trace as text, the way torch.fx keeps `node.stack_trace` (one
`  File "f", line N, in fn` line per frame, followed by its source line when
tg-symbolicate can read it). Input: `tg-symbolicate --format=json` output.
"""
import json
import sys

out = sys.stdout
for handle in json.load(sys.stdin):
    for origin in handle["origins"]:
        for frame in origin["frames"]:
            out.write('  File "%s", line %d, in %s\n' % (
                frame["file"], frame["line"], frame.get("function", "<unknown>")))
            if "source" in frame:
                out.write("    %s\n" % frame["source"].strip())
