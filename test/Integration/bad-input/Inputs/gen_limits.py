"""Generates tg IR at the limits tracegraph promises to handle or reject
cleanly (docs/reliability.md):

  deep N      a chain of N module classes, each calling the next with
              tg.call_method: N nested frames once inlined
  chain N     the inlined form of `deep N`, written directly: one op whose
              location is a call-site chain of N #tg.frame frames (as
              --tg-inline builds it), spelled with #loc aliases
  longname N  one graph whose module class, instance, method, file name and
              op name are each N bytes long
"""
import sys


def deep(n):
    out = []
    # Innermost first, so every callee is defined before its caller (the
    # order does not matter to MLIR; it keeps the file readable).
    out.append('tg.graph @"M%d::forward"(%%self: !tg.module<"M%d">, %%x: !tg.tensor) -> !tg.tensor {' % (n, n))
    out.append('  %%0 = tg.op "aten::relu"(%%x) : (!tg.tensor) -> !tg.tensor loc("m.py":%d:5)' % (n + 1))
    out.append('  tg.return %%0 : !tg.tensor loc("m.py":%d:5)' % (n + 1))
    out.append('}')
    for i in range(n - 1, -1, -1):
        attrs = " attributes {tg.entry}" if i == 0 else ""
        out.append('tg.graph @"M%d::forward"(%%self: !tg.module<"M%d">, %%x: !tg.tensor) -> !tg.tensor%s {' % (i, i, attrs))
        out.append('  %%c = tg.get_submodule %%self["c"] : !tg.module<"M%d"> -> !tg.module<"M%d"> loc("m.py":%d:3)' % (i, i + 1, i + 1))
        out.append('  %%0 = tg.call_method @"M%d::forward"(%%c, %%x) : (!tg.module<"M%d">, !tg.tensor) -> !tg.tensor loc("m.py":%d:9)' % (i + 1, i + 1, i + 1))
        out.append('  tg.return %%0 : !tg.tensor loc("m.py":%d:5)' % (i + 1))
        out.append('}')
    return "\n".join(out) + "\n"


def chain(n):
    out = []
    for i in range(1, n + 1):
        frame = 'fused<#tg.frame<instance = "c", class = "M%d", method = "forward">>["m.py":%d:9]' % (i, i)
        if i == 1:
            out.append("#c1 = loc(%s)" % frame)
        else:
            out.append("#c%d = loc(callsite(%s at #c%d))" % (i, frame, i - 1))
    out += [
        'tg.graph @"M0::forward"(%self: !tg.module<"M0">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {',
        '  %%0 = tg.op "aten::relu"(%%x) : (!tg.tensor) -> !tg.tensor loc(callsite("m.py":%d:5 at #c%d))' % (n + 1, n),
        '  %%1 = tg.op "aten::neg"(%%0) : (!tg.tensor) -> !tg.tensor loc(callsite("m.py":%d:5 at #c%d))' % (n + 2, n),
        '  tg.return %0 : !tg.tensor loc("m.py":0:5)',
        '}',
    ]
    return "\n".join(out) + "\n"


def longname(n):
    cls = "C" * n
    inst = "i" * n
    meth = "m" * n
    path = "f" * (n - 3) + ".py"
    op = "aten::" + "o" * (n - 6)
    return "\n".join([
        'tg.graph @"%s::%s"(%%self: !tg.module<"%s">, %%x: !tg.tensor) -> !tg.tensor {' % (cls, meth, cls),
        '  %%0 = tg.op "%s"(%%x) : (!tg.tensor) -> !tg.tensor loc("%s":1:5)' % (op, path),
        '  tg.return %%0 : !tg.tensor loc("%s":2:5)' % path,
        '}',
        'tg.graph @"Top::forward"(%self: !tg.module<"Top">, %x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {',
        '  %%c = tg.get_submodule %%self["%s"] : !tg.module<"Top"> -> !tg.module<"%s"> loc("top.py":1:3)' % (inst, cls),
        '  %%0 = tg.call_method @"%s::%s"(%%c, %%x) : (!tg.module<"%s">, !tg.tensor) -> !tg.tensor loc("top.py":1:9)' % (cls, meth, cls),
        '  tg.return %0 : !tg.tensor loc("top.py":2:5)',
        '}',
    ]) + "\n"


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    sys.stdout.write({"deep": deep, "chain": chain, "longname": longname}[kind](n))


if __name__ == "__main__":
    main()
