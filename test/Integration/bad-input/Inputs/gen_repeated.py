"""A graph of N relu ops at r.py:<i + 2>:1 and no debug handles (for
repeated-errors.test): every op repeats the same mistakes."""
import sys

n = int(sys.argv[1])
print('tg.graph @"A::forward"(%self: !tg.module<"A">, %x: !tg.tensor) -> !tg.tensor {')
prev = "%x"
for i in range(n):
    print('  %%%d = tg.op "aten::relu"(%s) : (!tg.tensor) -> !tg.tensor loc("r.py":%d:1)'
          % (i, prev, i + 2))
    prev = "%%%d" % i
print('  tg.return %s : !tg.tensor loc("r.py":%d:1)' % (prev, n + 2))
print('} loc("r.py":1:1)')
