"""Checks that --tg-decompose computes what PyTorch's composite operator
computes. INPUT holds kernels of one composite op each (typed block
arguments); DECOMPOSED is INPUT after --tg-decompose. For each kernel, both
forms are computed with torch.ops.aten on the same random inputs (standard
normal times 2; an argument named %ninf gets -inf in its first row) and
compared within atol 1e-5 + rtol 1e-5 (NaN where PyTorch has NaN).
check_kernels computes a kernel's decomposed ops with PyTorch; this checks
the decomposition itself.

usage: decomposed_equals_composite.py INPUT.mlir DECOMPOSED.mlir
"""
import re
import sys

import torch

from tracegraph.torch.check_kernels import parse_kernels, reference

_ARGS = re.compile(r"\^bb0\((.*)\):")
_ARG = re.compile(r"(%[\w.]+): tensor<((?:\d+x)*)f32>")


def inputs(text):
    """{kernel name: [tensor per block argument]} from INPUT's text."""
    result, name = {}, None
    torch.manual_seed(0)
    for line in text.splitlines():
        m = re.search(r'tg\.kernel "([^"]+)"', line)
        if m:
            name = m.group(1)
        m = _ARGS.search(line)
        if m and name:
            values = []
            for arg in _ARG.finditer(m.group(1)):
                shape = [int(s) for s in arg.group(2).split("x") if s]
                t = torch.randn(shape, dtype=torch.float32) * 2.0
                if arg.group(1).startswith("%ninf"):
                    t[0] = float("-inf")
                values.append(t)
            result[name] = values
            name = None
    return result


def composite_op(kernel):
    """The kernel's composite op: its last, or for torch.fx's form of an op
    that returns a tuple, the last before the tuple's reads."""
    return next(o for o in reversed(kernel.ops) if o[1] != "operator.getitem")


def composite_reference(kernel, values):
    """The composite op computed by PyTorch. var and std with a correction
    (a number or None, not the bool `unbiased`) are the `correction`
    overload, which call_aten's first match (`dim`, taking 2 for True) is
    not."""
    results, op, args = composite_op(kernel)
    if op in ("aten::var", "aten::std", "aten::var_mean", "aten::std_mean"):
        env = dict(kernel.constants)
        env.update(zip(kernel.params, values))
        x, dims, correction, keepdim = [env[a] for a in args]
        if not isinstance(correction, bool):
            fn = getattr(torch.ops.aten, op.split("::")[1]).correction
            out = fn(x, dims, correction=correction, keepdim=keepdim)
            return list(out) if isinstance(out, tuple) else [out]
    return reference(kernel, values)


def main():
    composite_text = open(sys.argv[1]).read()
    composite = {k.name: k for k in parse_kernels(composite_text)}
    decomposed = {k.name: k for k in parse_kernels(open(sys.argv[2]).read())}
    values = inputs(composite_text)
    failed = 0
    for name, kernel in composite.items():
        op = composite_op(kernel)[1]
        ops = sorted({o for _, o, _ in decomposed[name].ops})
        if op in ops:
            print("%s: not decomposed (%s)" % (name, op))
            failed += 1
            continue
        want = composite_reference(kernel, values[name])
        got = reference(decomposed[name], values[name])
        same = len(got) == len(want) and all(
            g.shape == w.shape and torch.allclose(g, w, atol=1e-5, rtol=1e-5,
                                                  equal_nan=True)
            for g, w in zip(got, want))
        print("%s: %s (%s; %s)" % (name, "equal" if same else "differs", op,
                                   " ".join(ops)))
        failed += not same
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
