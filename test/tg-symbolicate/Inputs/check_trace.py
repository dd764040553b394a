"""Checks that tg-symbolicate --chrome-trace only added keys to event args."""
import json
import sys

before = json.load(open(sys.argv[1]))
after = json.load(open(sys.argv[2]))
added = {"module_hierarchy", "stack", "kernel", "origins"}
assert {k: v for k, v in before.items() if k != "traceEvents"} == {
    k: v for k, v in after.items() if k != "traceEvents"}
assert len(before["traceEvents"]) == len(after["traceEvents"])
annotated = 0
for b, a in zip(before["traceEvents"], after["traceEvents"]):
    assert {k: v for k, v in b.items() if k != "args"} == {
        k: v for k, v in a.items() if k != "args"}, (b, a)
    bargs, aargs = b.get("args", {}), a.get("args", {})
    assert set(aargs) - set(bargs) <= added, (b, a)
    assert all(aargs[k] == v for k, v in bargs.items()), (b, a)
    annotated += "module_hierarchy" in aargs
assert annotated == 2, annotated
