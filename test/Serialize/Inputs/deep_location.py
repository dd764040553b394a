"""Prints a graph whose op location is nested N levels deep.

Usage: deep_location.py N KIND, KIND one of
  callsite  callsite(callsite(... at "b.py":i:1) ...), the callee side nested
            (not the canonical inlined shape: each level is its own record)
  name      "n<i>"("n<i-1>"(...)), nested names
  reused    the names' location on one op, and inside one more name on a
            second op (a location encoded once, then reused one level deeper)
"""
import sys

depth, kind = int(sys.argv[1]), sys.argv[2]
loc = '"a.py":1:2'
for i in range(depth):
    if kind == "callsite":
        loc = 'callsite(%s at "b.py":%d:1)' % (loc, i + 1)
    elif kind in ("name", "reused"):
        loc = '"n%d"(%s)' % (i + 1, loc)
    else:
        sys.exit("unknown kind " + kind)
print('tg.graph @"Net::forward"(%self: !tg.module<"Net">, %x: !tg.tensor)'
      ' -> !tg.tensor attributes {tg.entry} {')
print('  %%0 = tg.op "aten::relu"(%%x) : (!tg.tensor) -> !tg.tensor loc(%s)' % loc)
if kind == "reused":
    print('  %%1 = tg.op "aten::relu"(%%0) : (!tg.tensor) -> !tg.tensor'
          ' loc("wrap"(%s))' % loc)
    print("  tg.return %1 : !tg.tensor")
else:
    print("  tg.return %0 : !tg.tensor")
print("}")
