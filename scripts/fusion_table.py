#!/usr/bin/python3
"""What the documented pipeline does to real imports, one row per model.

For each torchvision model: import it with torch-to-tg (eval mode, the
inference context), run
  tg-opt --tg-snapshot-origins --tg-inline --tg-decompose --tg-fuse-elementwise
         --tg-assign-debug-handles --tg-verify-origins --tg-provenance=...
and count the prim::If before and after folding, the kernels and the ops
they hold, the fusable ops left outside every kernel in the entry graph
(pointwise ops, reductions, norms, softmax, dropout; with where they are),
the origins the kernels hold (the provenance map's origins: one per source
position and call stack) and how many of them keep their line, column and
module path, and whether every origin was kept; then compile every kernel
at -O2 (tg-compile-kernel --all-kernels --opt-level 2, at the static types
the standard input gave), compare each with PyTorch
(tracegraph.torch.check_kernels --opt-level 2) and check, for every handle
of every kernel, that llvm-symbolizer prints the frames tg-symbolicate
prints (test/tg-compile-kernel/Inputs/check_dwarf_frames.py), in an object
built at -O0 and in one built at -O2. Inductor's
numbers (torch 2.11 on an H200, issue 29) follow for the models where they
are known. Prints a Markdown table (docs/real-models.md has one). Runs from
the source tree: the importer is its python/tracegraph.

  scripts/fusion_table.py --tools build/bin resnet18 mobilenet_v2 ... \
      examples/models/transformer.py:encoder@1x16x64

A model of your own is MOD:FACTORY (torch-to-tg --module); its example
inputs follow it, each after an `@` (`file.py:make@2x3@2x3:i64`, one per
input of forward, torch-to-tg --example-input's syntax), so that it is
imported with static types as the torchvision models are. The prim::If
columns count the entry graph, the flattened program (the graphs of the
methods it inlined stay in the module, unfolded).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
# The importer and check_kernels: the package tracegraph of the source tree.
PYTHON = os.path.join(ROOT, "python")


# Inductor (torch 2.11, H200; measured for issue 29): kernel launches, and
# the origins in its kernels whose own source line its provenance keeps.
INDUCTOR = {
    "resnet18": (36, "78/86"),
    "efficientnet_b0": (105, "299/308"),
    "mobilenet_v3_large": (75, "179/189"),
    "convnext_tiny": (64, "200/224"),
    "densenet121": (326, "1003/1004"),
    "swin_t": (124, "818/970"),
    "vit_b_16": (75, "228/244"),
}

# Operators a kernel could hold: the default pointwise set and reductions of
# --tg-fuse-elementwise, the composites --tg-decompose rewrites, and linear
# upsampling (which fuses at every size and scale; nearest upsampling only
# where its index is affine, so it is not counted).
FUSABLE = set("""add sub mul div neg relu sigmoid tanh gelu silu exp log sqrt rsqrt abs
hardtanh clamp clamp_min clamp_max pow relu6 leaky_relu elu softplus erf hardsigmoid
hardswish mish reciprocal square log1p expm1 sin cos minimum maximum where eq ne lt le
gt ge logical_not mean sum amax amin batch_norm layer_norm group_norm softmax
log_softmax dropout feature_dropout alpha_dropout feature_alpha_dropout masked_fill
instance_norm var std var_mean std_mean logsumexp norm selu prelu upsample_linear1d
upsample_bilinear2d upsample_trilinear3d""".split())


def left_outside(entry):
    """{operator: count} of the fusable tensor ops of the entry graph's text
    outside every kernel, and how many of them sit in control flow."""
    counts, in_flow, depth, kernel = {}, 0, 0, False
    for line in entry.splitlines()[1:]:
        if ' = tg.kernel "' in line or line.strip().startswith('tg.kernel "'):
            kernel = True
            continue
        if kernel:
            kernel = "tg.kernel_yield" not in line
            continue
        if 'tg.op "prim::If"' in line or 'tg.op "prim::Loop"' in line:
            depth += line.count("({")
        m = re.search(r'tg\.op "aten::(\w+)"\(.*?\)(?: \{[^}]*\})? : \(.*?\) -> (\S+)', line)
        if m and m.group(1).rstrip("_") in FUSABLE and "tensor" in m.group(2):
            op = m.group(1).rstrip("_")
            counts[op] = counts.get(op, 0) + 1
            in_flow += depth > 0
        if line.strip().startswith("})") or line.strip().startswith("}) "):
            depth = max(0, depth - 1)
    return counts, in_flow


def origin_cells(provenance, kernels):
    """(origins in `kernels`, those with a line, a column and a module path)
    from a --tg-provenance map."""
    with open(provenance) as f:
        data = json.load(f)
    total = kept = 0
    for kernel, origins in data["kernelToOrigins"].items():
        if kernel not in kernels:
            continue
        for origin in origins:
            total += 1
            stack = origin.get("stack") or []
            leaf = stack[-1] if stack else {}
            # Every frame but a free function's names its module instance.
            if (leaf.get("line", 0) > 0 and leaf.get("col", 0) > 0 and
                    all("instance" in frame or "class" not in frame for frame in stack)):
                kept += 1
    return total, kept


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def run_python(args):
    """`python3 ARGS` with the package tracegraph of the source tree first."""
    path = os.environ.get("PYTHONPATH")
    env = dict(os.environ, PYTHONPATH=PYTHON + (os.pathsep + path if path else ""))
    return subprocess.run([sys.executable] + args, capture_output=True, text=True, env=env)


def model_source(spec):
    """(torch-to-tg arguments, row name) of a model argument: a torchvision
    name, or MOD:FACTORY[@SHAPE...] with its example inputs."""
    if ":" not in spec:
        return ["--torchvision", spec], spec
    module, factory = spec.rsplit(":", 1)
    factory, *shapes = factory.split("@")
    source = ["--module", module + ":" + factory]
    for shape in shapes:
        source += ["--example-input", shape]
    return source, factory


def entry_graph(text):
    """The text of the entry graph (`tg.entry`) of printed tg IR."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if "tg.graph" in line and "tg.entry" in line:
            indent = len(line) - len(line.lstrip())
            for j in range(i + 1, len(lines)):
                if lines[j].startswith(" " * indent + "}") and \
                        not lines[j].startswith(" " * (indent + 1)):
                    return "\n".join(lines[i:j + 1])
            return "\n".join(lines[i:])
    return text


def row(tools, name, workdir):
    tg_opt = os.path.join(tools, "tg-opt")
    # A torchvision model name, or MOD:FACTORY for a model of your own.
    source, name = model_source(name)
    inductor = INDUCTOR.get(name, ("-", "-"))
    mlir = os.path.join(workdir, name + ".mlir")
    res = run_python(["-m", "tracegraph.torch"] + source + ["-o", mlir])
    if res.returncode:
        return [name, "import failed: " + res.stderr.strip().splitlines()[-1]]
    unfolded = run([tg_opt, mlir, "--tg-inline=fold-control-flow=false"])
    fused = os.path.join(workdir, name + ".fused.mlir")
    provenance = os.path.join(workdir, name + ".provenance.json")
    res = run([tg_opt, mlir, "--tg-snapshot-origins", "--tg-inline", "--tg-decompose",
               "--tg-fuse-elementwise", "--tg-assign-debug-handles", "--tg-verify-origins",
               "--tg-provenance=path=" + provenance, "-mlir-print-debuginfo", "-o", fused])
    if res.returncode or unfolded.returncode:
        return [name, "tg-opt failed: " + (res.stderr or unfolded.stderr).strip()[:200]]
    plain = run([tg_opt, fused]).stdout
    # The program is the entry graph: the graphs it inlined stay in the
    # module (unfolded, untyped) and never run.
    entry = entry_graph(plain)
    kernels = re.findall(r'= tg\.kernel "([^"]+)"', entry)
    # Ops inside kernels: every tg.op line between a kernel and its yield.
    fused_ops, inside = 0, False
    for line in entry.splitlines():
        if ' = tg.kernel "' in line:
            inside = True
        elif "tg.kernel_yield" in line:
            inside = False
        elif inside and 'tg.op "' in line:
            fused_ops += 1
    outside, in_flow = left_outside(entry)
    left = str(sum(outside.values()))
    if outside:
        left += " (" + ", ".join("%s %d" % kv for kv in sorted(outside.items()))
        left += "; %d in unfolded control flow)" % in_flow if in_flow else ")"
    origins, kept = origin_cells(provenance, set(kernels))
    names = sorted({re.sub(r"_\d+$", "", k) for k in kernels})
    cells = [name, str(entry_graph(unfolded.stdout).count('tg.op "prim::If"')),
             str(entry.count('tg.op "prim::If"')), str(len(kernels)), str(fused_ops), left,
             "%d/%d" % (kept, origins), "yes"]
    if not kernels:
        return cells + ["-", "-", "-", str(inductor[0]), inductor[1], "-"]
    # Numerics: every kernel compiled at -O2 and compared with PyTorch.
    res = run_python(["-m", "tracegraph.torch.check_kernels", "--tools", tools,
                      "--opt-level", "2", fused])
    equal = len(re.findall(r": equal to PyTorch", res.stdout))
    equal = len([k for k in kernels if re.search(r"^%s: equal to PyTorch" % re.escape(k),
                                                   res.stdout, re.M)])
    failing = set(re.findall(r"^(\S+): does not compile", res.stdout, re.M))
    compiled = [k for k in kernels if k not in failing]
    # A kernel in control flow the inliner could not fold has no example
    # types: check_kernels compiles it at its --shape, but one object of
    # static and shapeless kernels cannot be built; DWARF is checked on the
    # static ones and the others are named.
    shapeless = {k for k in kernels
                 if re.search(r'= tg\.kernel "%s"\([^)]*\)(?: \{[^}]*\})? : \([^)]*!tg\.tensor'
                           % re.escape(k),
                              entry)}
    dwarf_kernels = [k for k in compiled if k not in shapeless]
    # DWARF: every handle of every kernel that compiles, in one object of
    # them all, at -O0 (the debug build: every frame) and at -O2.
    section = os.path.join(workdir, name + ".tgdbg")
    extracted = os.path.join(workdir, name + ".kernels.mlir")
    frames = {}
    selected = "kernels=" + ",".join(dwarf_kernels)
    if dwarf_kernels and (
            run([tg_opt, fused, "--tg-emit-debug-section=path=" + section, "-o", os.devnull])
            .returncode == 0 and
            run([tg_opt, fused, "--tg-extract-kernels=" + selected, "-o", extracted])
            .returncode == 0):
        for level in ("0", "2"):
            obj = os.path.join(workdir, "%s.O%s.o" % (name, level))
            if run([os.path.join(tools, "tg-compile-kernel"), fused, "-k", ",".join(dwarf_kernels),
                    "--opt-level", level, "-o", obj]).returncode:
                frames[level] = "failed"
                continue
            env = dict(os.environ, PATH=tools + os.pathsep + os.environ.get("PATH", ""))
            res = subprocess.run(
                [sys.executable, os.path.join(ROOT, "test", "tg-compile-kernel", "Inputs",
                                              "check_dwarf_frames.py"),
                 "--obj", obj, "--section", section, "--handles-from", extracted],
                capture_output=True, text=True, env=env)
            m = re.search(r"(\d+) of (\d+) handles match", res.stdout)
            frames[level] = "%s/%s" % (m.group(1), m.group(2)) if m else "failed"
    frames = "%s (-O2: %s)" % (frames.get("0", "-"), frames.get("2", "-"))
    if shapeless:
        frames += "; %d kernels in unfolded control flow have no static types" % len(shapeless)
    return cells + ["%d/%d" % (len(compiled), len(kernels)), "%d/%d" % (equal, len(kernels)),
                    frames, str(inductor[0]), inductor[1], ", ".join(names)]


def main(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tools", default="build/bin",
                   help="folder of tg-opt, tg-symbolicate and tg-compile-kernel")
    p.add_argument("models", nargs="+",
                   help="torchvision model names, or MOD:FACTORY[@SHAPE...] (torch-to-tg "
                        "--module, with --example-input SHAPE for each @SHAPE)")
    args = p.parse_args(argv)
    header = ["model", "prim::If inlined", "after folding", "kernels", "ops in kernels",
              "fusable ops left outside", "origins in kernels with line, column, module path",
              "origins verified", "kernels compiled (-O2)", "equal to PyTorch",
              "handles whose DWARF frames match (-O0, -O2)", "Inductor: kernel launches",
              "Inductor: origins with their line", "kernel kinds"]
    print("| " + " | ".join(header) + " |")
    print("|" + " --- |" * len(header))
    with tempfile.TemporaryDirectory() as workdir:
        for name in args.models:
            cells = row(os.path.abspath(args.tools), name, workdir)
            cells += [""] * (len(header) - len(cells))
            print("| " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
