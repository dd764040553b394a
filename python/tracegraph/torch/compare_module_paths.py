"""Checks tracegraph's module paths against PyTorch's own, op by op.

For a model it
  1. scripts it and saves it for the lite interpreter with mobile debug info;
     PyTorch's reference path of every operator call of `forward` is read
     from that archive (mobile_debug.mobile_op_paths);
  2. imports it with torch-to-tg and runs
     `tg-opt --tg-inline=fold-control-flow=false --tg-module-hierarchy=format=mobile`
     (PyTorch's program keeps its constant branches, so ours does too);
  3. compares the `tg.module_hierarchy` of every `aten::` op of the inlined
     entry graph with PyTorch's, in order. Where PyTorch's inliner loses
     frames (ops nested in control flow without outputs), PyTorch's path must
     be exactly what that defect makes of tg's full path.

Exits 1 on any difference and prints the first ones.

  python3 -m tracegraph.torch.compare_module_paths --tg-opt build/bin/tg-opt --torchvision resnet18
  python3 -m tracegraph.torch.compare_module_paths --tg-opt build/bin/tg-opt --module file.py:factory
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

from . import cli, mobile_debug

_OP = re.compile(r'tg\.op "((?:[^"\\]|\\.)*)"')
_PATH = re.compile(r'tg\.module_hierarchy = "((?:[^"\\]|\\.)*)"')


def _unescape(s):
    """The text of an MLIR string literal's body (`\\XX` are UTF-8 bytes)."""
    out = bytearray()
    i = 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            nxt = s[i + 1:i + 3]
            if len(nxt) == 2 and all(ch in "0123456789abcdefABCDEF" for ch in nxt):
                out.append(int(nxt, 16))
                i += 3
                continue
            out += {"n": b"\n", "t": b"\t"}.get(s[i + 1], s[i + 1].encode("utf-8"))
            i += 2
            continue
        out += c.encode("utf-8")
        i += 1
    return out.decode("utf-8", errors="replace")


class Op:
    """An op of the inlined entry graph as tg-opt prints it."""

    def __init__(self, kind, has_results, parent):
        self.kind = kind
        self.path = None
        self.has_results = has_results
        self.parent = parent  # the enclosing control-flow op, or None

    def ancestors(self):
        """The enclosing ops, outermost first."""
        chain, p = [], self.parent
        while p is not None:
            chain.append(p)
            p = p.parent
        return chain[::-1]


def parse_entry_ops(mlir_text):
    """Every op of the entry graph, in order, with its module path, whether
    it has results, and the control-flow op it is nested in."""
    ops = []
    in_entry = False
    end = None
    stack = []
    for line in mlir_text.splitlines():
        stripped = line.strip()
        if stripped.startswith("tg.graph "):
            in_entry = "tg.entry" in line
            end = line[:len(line) - len(line.lstrip())] + "}"
            stack = []
            continue
        if not in_entry:
            continue
        if line.rstrip() == end:
            in_entry = False
            continue
        if stripped.startswith("})"):  # end of a region op: its attributes
            op = stack.pop()
            p = _PATH.search(line)
            op.path = _unescape(p.group(1)) if p else None
            continue
        if stripped.startswith("}, {") or stripped.startswith("^"):
            continue
        m = _OP.search(line)
        if not m:
            continue
        op = Op(_unescape(m.group(1)), bool(re.match(r"%\S+ = ", stripped)),
                stack[-1] if stack else None)
        ops.append(op)
        if stripped.endswith("({"):
            stack.append(op)
        else:
            p = _PATH.search(line)
            op.path = _unescape(p.group(1)) if p else None
    return ops


def tg_op_paths(mlir_text, with_nesting=False):
    """[(op name, module path)] of the ops of the entry graph, in order; with
    `with_nesting`, a third element is the path PyTorch's inliner would give
    the op (`pytorch_defective_path`), which differs only for ops nested in
    control flow."""
    ops = parse_entry_ops(mlir_text)
    if not with_nesting:
        return [(o.kind, o.path) for o in ops]
    return [(o.kind, o.path, pytorch_defective_path(o)) for o in ops]


def pytorch_defective_path(op):
    """The module path PyTorch records for `op`, given the full path tg
    gives it: PyTorch's inliner (`inlineCallTo`) extends the call stack of
    the inlined nodes it finds through the callee's values, so when it
    inlines call i, an op whose outermost enclosing node *within that
    callee's body* has no outputs (an `if` without results, and everything
    nested in it) does not get frame i. The enclosing ops within the body of
    call i are those whose own frames begin with the op's first i frames."""
    parts = split_path(op.path) if op.path else None
    if not parts or op.parent is None:
        return op.path
    head, frames, name = parts
    ancestors = [(a, split_path(a.path) if a.path else None) for a in op.ancestors()]
    kept = []
    for i in range(1, len(frames) + 1):
        top = op  # outermost ancestor-or-self inlined through call i
        for a, ap in ancestors:
            if ap and len(ap[1]) >= i and ap[1][:i] == frames[:i]:
                top = a
                break
        if top.has_results:
            kept.append(frames[i - 1])
    return head + "".join("." + f for f in kept) + "." + name


def run_tg(tg_opt, mlir_path):
    """Runs `tg_opt` on `mlir_path` with every branch kept; the mobile module path of each op."""
    # PyTorch's program keeps every branch (it runs `if self.training:`);
    # so do we here, to compare op by op: no folding of constant control flow.
    cmd = [tg_opt, mlir_path, "--tg-inline=remove-dead-graphs=true fold-control-flow=false",
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


def block_defect(ref, our):
    """Whether PyTorch's path `ref` is the path PyTorch's inliner gives our
    op (`pytorch_defective_path`), different from our full path: PyTorch's
    defect for ops nested in control flow without outputs, reproduced
    exactly. See docs/torch-import.md."""
    kind, ref_path = ref
    our_kind, our_path, defective = our
    return kind == our_kind and ref_path != our_path and ref_path == defective


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
          "control flow without outputs, where PyTorch's path lacks frames (its inliner's "
          "defect, reproduced exactly) that tg keeps; %d differ"
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
    """The command line: compare tracegraph's module paths with PyTorch's; the exit status."""
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tg-opt", default="tg-opt", help="the tg-opt to run (default: from PATH)")
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
        # PyTorch's program: no frame for the expressions that called a
        # `<string>` builtin (TorchScript records none).
        f.write(cli.import_torchscript(scripted, builtin_frames=False))
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
