#!/usr/bin/python3
"""What the documented pipeline does to real imports, one row per model.

For each torchvision model: import it with torch-to-tg (eval mode), run
  tg-opt --tg-snapshot-origins --tg-inline --tg-fuse-elementwise
         --tg-assign-debug-handles --tg-verify-origins=compare=leaf
and count the prim::If before and after folding, the kernels and the ops
they hold, and whether every origin was kept; then compile every kernel
(tg-compile-kernel --all-kernels, at the static types the standard input
gave), compare each with PyTorch (tracegraph.torch.check_kernels) and
check, for every handle of every kernel, that llvm-symbolizer prints the
frames tg-symbolicate prints (test/tg-compile-kernel/Inputs/check_dwarf_frames.py).
Prints a Markdown table (docs/real-models.md has one). Runs from the source
tree: the importer is its python/tracegraph.

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
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
# The importer and check_kernels: the package tracegraph of the source tree.
PYTHON = os.path.join(ROOT, "python")


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
    mlir = os.path.join(workdir, name + ".mlir")
    res = run_python(["-m", "tracegraph.torch"] + source + ["-o", mlir])
    if res.returncode:
        return [name, "import failed: " + res.stderr.strip().splitlines()[-1]]
    unfolded = run([tg_opt, mlir, "--tg-inline=fold-control-flow=false"])
    fused = os.path.join(workdir, name + ".fused.mlir")
    res = run([tg_opt, mlir, "--tg-snapshot-origins", "--tg-inline", "--tg-fuse-elementwise",
               "--tg-assign-debug-handles", "--tg-verify-origins=compare=leaf",
               "-mlir-print-debuginfo", "-o", fused])
    if res.returncode or unfolded.returncode:
        return [name, "tg-opt failed: " + (res.stderr or unfolded.stderr).strip()[:200]]
    plain = run([tg_opt, fused]).stdout
    kernels = re.findall(r'= tg\.kernel "([^"]+)"', plain)
    # Ops inside kernels: every tg.op line between a kernel and its yield.
    fused_ops, inside = 0, False
    for line in plain.splitlines():
        if ' = tg.kernel "' in line:
            inside = True
        elif "tg.kernel_yield" in line:
            inside = False
        elif inside and 'tg.op "' in line:
            fused_ops += 1
    names = sorted({re.sub(r"_\d+$", "", k) for k in kernels})
    cells = [name, str(entry_graph(unfolded.stdout).count('tg.op "prim::If"')),
             str(entry_graph(plain).count('tg.op "prim::If"')), str(len(kernels)),
             str(fused_ops), "yes"]
    if not kernels:
        return cells + ["-", "-", "-", "-"]
    # Numerics: every kernel compiled and compared with PyTorch.
    res = run_python(["-m", "tracegraph.torch.check_kernels", "--tools", tools, fused])
    equal = len(re.findall(r": equal to PyTorch", res.stdout))
    compiled = len(kernels) - len(re.findall(r": does not compile", res.stdout))
    # DWARF: every handle of every kernel, in one object of all kernels.
    section = os.path.join(workdir, name + ".tgdbg")
    obj = os.path.join(workdir, name + ".o")
    extracted = os.path.join(workdir, name + ".kernels.mlir")
    frames = "-"
    if (run([tg_opt, fused, "--tg-emit-debug-section=path=" + section, "-o", os.devnull])
            .returncode == 0 and
            run([os.path.join(tools, "tg-compile-kernel"), fused, "--all-kernels",
                 "-o", obj]).returncode == 0 and
            run([tg_opt, fused, "--tg-extract-kernels", "-o", extracted]).returncode == 0):
        env = dict(os.environ, PATH=tools + os.pathsep + os.environ.get("PATH", ""))
        res = subprocess.run([sys.executable,
                              os.path.join(ROOT, "test", "tg-compile-kernel", "Inputs",
                                           "check_dwarf_frames.py"),
                              "--obj", obj, "--section", section, "--handles-from", extracted],
                             capture_output=True, text=True, env=env)
        m = re.search(r"(\d+) of (\d+) handles match", res.stdout)
        frames = "%s/%s" % (m.group(1), m.group(2)) if m else "failed"
    return cells + ["%d/%d" % (compiled, len(kernels)), "%d/%d" % (equal, len(kernels)),
                    frames, ", ".join(names)]


def main(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tools", default="build/bin",
                   help="folder of tg-opt, tg-symbolicate and tg-compile-kernel")
    p.add_argument("models", nargs="+",
                   help="torchvision model names, or MOD:FACTORY[@SHAPE...] (torch-to-tg "
                        "--module, with --example-input SHAPE for each @SHAPE)")
    args = p.parse_args(argv)
    header = ["model", "prim::If inlined", "after folding", "kernels", "ops fused",
              "origins verified", "kernels compiled", "equal to PyTorch",
              "handles whose DWARF frames match", "kernel kinds"]
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
