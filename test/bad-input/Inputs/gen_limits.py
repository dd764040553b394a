"""Generates tg IR at the limits tracegraph promises to handle or reject
cleanly (docs/reliability.md):

  deep N      a chain of N module classes, each calling the next with
              tg.call_method: N nested frames once inlined
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
        'tg.graph @"Top::forward"(%%self: !tg.module<"Top">, %%x: !tg.tensor) -> !tg.tensor attributes {tg.entry} {',
        '  %%c = tg.get_submodule %%self["%s"] : !tg.module<"Top"> -> !tg.module<"%s"> loc("top.py":1:3)' % (inst, cls),
        '  %%0 = tg.call_method @"%s::%s"(%%c, %%x) : (!tg.module<"%s">, !tg.tensor) -> !tg.tensor loc("top.py":1:9)' % (cls, meth, cls),
        '  tg.return %0 : !tg.tensor loc("top.py":2:5)',
        '}',
    ]) + "\n"


def main():
    kind, n = sys.argv[1], int(sys.argv[2])
    sys.stdout.write({"deep": deep, "longname": longname}[kind](n))


if __name__ == "__main__":
    main()
