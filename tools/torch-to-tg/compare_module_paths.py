#!/usr/bin/python3
"""Checks tracegraph's module paths against PyTorch's own, op by op.

For a model it
  1. scripts it and saves it for the lite interpreter with mobile debug info;
     PyTorch's reference path of every operator call of `forward` is read
     from that archive (mobile_debug.mobile_op_paths);
  2. imports it with torch-to-tg and runs
     `tg-opt --tg-inline --tg-module-hierarchy=format=mobile`;
  3. compares the `tg.module_hierarchy` of every `aten::` op of the inlined
     entry graph with PyTorch's, in order.

Exits 1 on any difference and prints the first ones.

  compare_module_paths.py --tg-opt build/bin/tg-opt --torchvision resnet18
  compare_module_paths.py --tg-opt build/bin/tg-opt --module file.py:factory
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))

import mobile_debug  # noqa: E402
import torch_to_tg_main as cli  # noqa: E402

_OP = re.compile(r'tg\.op "((?:[^"\\]|\\.)*)"')
_PATH = re.compile(r'tg\.module_hierarchy = "((?:[^"\\]|\\.)*)"')


def _unescape(s):
    return re.sub(r"\\([0-9A-Fa-f]{2}|.)",
                  lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1))
                  if len(m.group(1)) == 1 else chr(int(m.group(1), 16)), s)


def tg_op_paths(mlir_text, with_nesting=False):
    """[(op name, module path)] of the ops of the entry graph, in order; with
    `with_nesting`, a third element says whether the op lies inside a block
    of a control-flow op (prim::If, prim::Loop)."""
    ops = []
    body_indent = None
    in_entry = False
    end = None
    for line in mlir_text.splitlines():
        stripped = line.lstrip()
        if stripped.startswith("tg.graph "):
            in_entry = "tg.entry" in line
            end = line[:len(line) - len(stripped)] + "}"
            body_indent = None
            continue
        if not in_entry:
            continue
        if line == end:
            in_entry = False
            continue
        m = _OP.search(line)
        if not m:
            continue
        p = _PATH.search(line)
        indent = len(line) - len(line.lstrip())
        if body_indent is None:
            body_indent = indent
        op = (_unescape(m.group(1)), _unescape(p.group(1)) if p else None)
        ops.append(op + (indent > body_indent,) if with_nesting else op)
    return ops


def run_tg(tg_opt, mlir_path):
    cmd = [tg_opt, mlir_path, "--tg-inline=remove-dead-graphs=true",
           "--tg-module-hierarchy=format=mobile"]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise SystemExit("compare_module_paths: %s failed:\n%s" % (" ".join(cmd), res.stderr))
    return res.stdout


_HEAD = re.compile(r"^top\([^)]*\)::<unknown>")


def split_path(path):
    """`top(C)::<unknown>.a(A)::f.b(B)::g.aten::add` ->
    ("top(C)::<unknown>", ["a(A)::f", "b(B)::g"], "aten::add"). Instance,
    class and function names hold no '.', so '.' separates the parts."""
    head = _HEAD.match(path)
    if not head:
        return None
    parts = path[head.end():].split(".")[1:]
    if not parts:
        return None
    return head.group(0), parts[:-1], parts[-1]


def _is_subsequence(short, long):
    it = iter(long)
    return all(any(x == y for y in it) for x in short)


def block_defect(ref, our):
    """Whether PyTorch's path `ref` is our path `our` with some frames
    dropped, for an op of ours nested in a prim::If/prim::Loop block.

    PyTorch's inliner adds the call's frame to the inlined nodes it reaches
    through the callee's values (value_map); a control-flow node without
    outputs (`if self.training: ...`, `if x.dim() != 4: raise ...`) is not
    reached, and neither is anything nested in it, so those ops miss that
    call's frame -- and only that one: calls inlined later, further out,
    can reach them again through an enclosing node that has outputs. tg
    keeps every frame. See docs/torch-import.md."""
    kind, ref_path = ref
    our_kind, our_path, in_block = our
    if kind != our_kind or not in_block or ref_path == our_path or not our_path:
        return False
    r, o = split_path(ref_path), split_path(our_path)
    if not r or not o or r[0] != o[0] or r[2] != o[2]:
        return False
    return len(r[1]) < len(o[1]) and _is_subsequence(r[1], o[1])


def align(reference, ours, same=None):
    """Pairs each PyTorch op with one of ours, in order, maximizing the pairs
    whose kind and path both agree (longest common subsequence).

    PyTorch's archive holds fewer ops than our inlined graph: when it
    inlines, it inserts each callee's *optimized* graph (constant
    propagation, peephole, dead-code elimination on the callee), so calls
    with constant arguments lose their dead branches and folded ops
    (`F.relu(x, inplace=False)` keeps only aten::relu). It removes ops, never
    adds or reorders them, so its op list is a subsequence of ours; an op of
    PyTorch that no op of ours matches in kind and path is a difference."""
    if same is None:
        same = lambda a, b: a == b  # noqa: E731
    n, m = len(reference), len(ours)
    # lcs[i][j]: pairs in reference[i:], ours[j:].
    lcs = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, nxt = lcs[i], lcs[i + 1]
        ri = reference[i]
        for j in range(m - 1, -1, -1):
            if same(ri, ours[j]):
                row[j] = nxt[j + 1] + 1
            else:
                row[j] = max(nxt[j], row[j + 1])
    pairs, unmatched = [], []
    i = j = 0
    while i < n:
        if j < m and same(reference[i], ours[j]) and lcs[i][j] == lcs[i + 1][j + 1] + 1:
            pairs.append((i, j))
            i += 1
            j += 1
        elif j < m and lcs[i][j + 1] >= lcs[i + 1][j]:
            j += 1
        else:
            unmatched.append(i)
            i += 1
    return pairs, unmatched


def compare(reference, ours, show=10, label=""):
    """Prints the result; returns the number of PyTorch ops without an op of
    ours of the same kind and path (or, inside a block, the full path of
    which PyTorch's is the known-defective tail)."""
    ref_aten = [(k, p) for k, p in reference if k.startswith("aten::")]
    our_aten = [op for op in ours if op[0].startswith("aten::")]

    def same(r, o):
        return (r[0], r[1]) == (o[0], o[1]) or block_defect(r, o)

    pairs, unmatched = align(ref_aten, our_aten, same)
    exact = [(i, j) for i, j in pairs if ref_aten[i][1] == our_aten[j][1]]
    defect = [(i, j) for i, j in pairs if ref_aten[i][1] != our_aten[j][1]]
    print("%s%d/%d aten ops have exactly PyTorch's mobile module path; %d more are nested in "
          "control flow, where PyTorch's path lacks caller frames that tg keeps; %d differ"
          % (label, len(exact), len(ref_aten), len(defect), len(unmatched)))
    print("%s%d aten ops in tg IR, %d of them folded away by PyTorch's per-callee "
          "optimization" % (label, len(our_aten), len(our_aten) - len(pairs)))
    for i, j in defect[:2]:
        print("  nested op, pytorch #%d %s\n    pytorch: %s\n    tg:      %s" % (
            i, ref_aten[i][0], ref_aten[i][1], our_aten[j][1]))
    for i in unmatched[:show]:
        kind, path = ref_aten[i]
        prev = max([j for a, j in pairs if a < i], default=-1)
        cands = [o[1] for o in our_aten[prev + 1:] if o[0] == kind]
        print("  DIFFERENCE pytorch op #%d %s\n    pytorch: %s\n    tg:      %s" % (
            i, kind, path, cands[0] if cands else "(no %s op of ours left)" % kind))
    return len(unmatched)


def main(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tg-opt", required=True)
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("--torchvision", metavar="NAME")
    src.add_argument("--module", metavar="MOD:FACTORY")
    p.add_argument("--workdir", help="keep the archives and IR here")
    p.add_argument("--show", type=int, default=10, help="differences to print")
    p.add_argument("--bad-input", metavar="D0,D1,...",
                   help="also run the lite-interpreter model on a tensor of this shape, "
                        "which must fail, and check that the path PyTorch prints after "
                        "'Module hierarchy:' is the path of one of our ops")
    args = p.parse_args(argv)

    import torch
    torch.manual_seed(0)
    model = cli.torchvision_model(args.torchvision) if args.torchvision else \
        cli.load_factory(args.module)
    scripted = cli.script(model)
    workdir = args.workdir or tempfile.mkdtemp(prefix="tg-compare-")
    os.makedirs(workdir, exist_ok=True)
    name = args.torchvision or os.path.basename(args.module.split(":")[0]).replace(".py", "")
    ptl = os.path.join(workdir, name + ".ptl")
    scripted._save_for_lite_interpreter(ptl, _save_mobile_debug_info=True)
    _, reference = mobile_debug.mobile_op_paths(ptl)

    mlir = os.path.join(workdir, name + ".mlir")
    with open(mlir, "w") as f:
        f.write(cli.import_torchscript(scripted))
    ours = tg_op_paths(run_tg(args.tg_opt, mlir), with_nesting=True)
    failures = compare(reference, ours, args.show, label=name + ": ")
    if args.bad_input:
        failures += check_runtime_error(ptl, args.bad_input, ours, name + ": ")
    return 1 if failures else 0


def check_runtime_error(ptl, shape, ours, label):
    """PyTorch's own runtime error names the failing op's module path; it
    must be the path of an op of ours."""
    import torch
    from torch.jit.mobile import _load_for_lite_interpreter
    lite = _load_for_lite_interpreter(ptl)
    try:
        lite(torch.randn(*[int(d) for d in shape.split(",")]))
    except Exception as e:  # the interpreter's error for the bad input
        m = re.search(r"Module hierarchy:(\S+)", str(e))
        if not m:
            print("%sno 'Module hierarchy:' in the runtime error:\n%s" % (label, e))
            return 1
        path = m.group(1)
        if any(o[1] == path for o in ours):
            print("%sruntime error's module path is an op's path in tg IR: %s" % (label, path))
            return 0
        print("%sDIFFERENCE runtime error's module path is no op's path in tg IR: %s" % (
            label, path))
        return 1
    print("%sthe model ran on the bad input %s" % (label, shape))
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
