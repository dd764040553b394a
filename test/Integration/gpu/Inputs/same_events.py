#!/usr/bin/env python3
"""Exits 0 when two Chrome traces have the same events (order and content),
1 with the first difference: scripts/gpu_check.py annotates a Kineto trace
by kernel name exactly as `tg-symbolicate --chrome-trace --kernel-names`
does."""
import json
import sys


def events(path):
    with open(path) as f:
        trace = json.load(f)
    return trace["traceEvents"] if isinstance(trace, dict) else trace


a, b = events(sys.argv[1]), events(sys.argv[2])
if len(a) != len(b):
    print("%d events against %d" % (len(a), len(b)))
    sys.exit(1)
for i, (x, y) in enumerate(zip(a, b)):
    if x != y:
        print("event %d differs:\n%s\n%s" % (i, json.dumps(x, sort_keys=True),
                                            json.dumps(y, sort_keys=True)))
        sys.exit(1)
print("%d events, the same" % len(a))
