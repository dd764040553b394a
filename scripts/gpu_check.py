#!/usr/bin/env python3
"""tracegraph's GPU kernels on a real NVIDIA GPU: scripts/gpu-check.sh.

Two halves, on two machines:

  scripts/gpu-check.sh --prepare DIR [--models resnet18,efficientnet_b0,vit_b_16]
                       [--tools build/bin] [--arch sm_90] [--plant-oob HANDLE]
                       [--emulator]
      On the build machine (CPU): imports and fuses the models, compiles every
      kernel to PTX (tg-compile-kernel --target=nvptx64), and writes what the
      GPU machine needs into DIR: the PTX and each kernel's launch description,
      the fused tg IR (PyTorch's reference reads it), the debug sections, a
      kernel with a planted out-of-bounds store and the frames tg-symbolicate
      gives for it, each kernel's profiler annotation, the pure-Python
      package tracegraph (for the reference), and this script.

  scripts/gpu-check.sh DIR [--require-gpu] [--out OUT] [--only CHECKS]
      On a machine with the GPU and a CUDA 12/13 toolkit, PyTorch and CuPy (no
      tracegraph build): runs the checks, one summary line each:
        ptxas     every PTX module assembles with `ptxas -lineinfo`
        numerics  every kernel, on random inputs, equals PyTorch on the GPU
                  within atol 1e-6 + rtol 1e-5 (the host kernels' tolerance)
        memcheck  compute-sanitizer's memcheck report of the planted
                  out-of-bounds store names every Python frame tg-symbolicate
                  gives for the op
        nvdisasm  `nvdisasm -gi` names only the model's source files, with
                  inlined-at lines
        profiler  a torch.profiler (Kineto) trace of the kernel launches,
                  annotated by kernel name as `tg-symbolicate --chrome-trace
                  --kernel-names` annotates it (module paths and origins)
      A check that needs what this machine lacks (a GPU, a tool) says SKIP and
      why; --require-gpu makes a skip fail. Outputs (cubins, reports, traces)
      go to OUT (default DIR/out). Exit status 1 when a check fails.

  Without a GPU, the pieces can still be exercised (test/Integration/gpu):
  --emulate runs the numerics on the host's emulation of the kernels (built
  by --prepare --emulator), --sanitizer-report FILE, --nvdisasm-listing FILE
  and --trace FILE check a saved compute-sanitizer report, nvdisasm listing
  and Kineto trace instead of producing them.
"""

import argparse
import ctypes
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
FORMAT = "tracegraph-gpu-check"
VERSION = 1
DEFAULT_MODELS = "resnet18,efficientnet_b0,vit_b_16"
CHECKS = ["ptxas", "numerics", "memcheck", "nvdisasm", "profiler"]
ATOL, RTOL = 1e-6, 1e-5
EXTRAS = ("examples/gpu/kernels.mlir", "examples/gpu/kernels_reference.py")
# The README's pipeline: composite ops (batch norm, layer norm, softmax,
# linear's bias) decomposed, then fused with their reductions and layout ops.
FUSION_PASSES = ["--tg-inline", "--tg-decompose", "--tg-fuse-elementwise",
                 "--tg-assign-debug-handles"]
# What the GPU pipeline runs up to the GPU kernels (--tg-gpu-kernel-pipeline
# up to --tg-approximate-math): the host emulation lowers that for the host.
GPU_FORM_PASSES = [
    "--one-shot-bufferize=bufferize-function-boundaries "
    "function-boundary-type-conversion=identity-layout-map",
    "--buffer-results-to-out-params=hoist-static-allocs modify-public-functions",
    "--tg-kernels-to-gpu", "--tg-approximate-math"]
HOST_LOWERING_PASSES = [
    "--expand-strided-metadata", "--lower-affine",
    "--convert-scf-to-cf", "--convert-math-to-llvm", "--convert-math-to-libm",
    "--convert-arith-to-llvm", "--finalize-memref-to-llvm",
    "--convert-func-to-llvm=use-bare-ptr-memref-call-conv=1",
    "--convert-cf-to-llvm", "--reconcile-unrealized-casts"]


def log(line):
    print(line, flush=True)


def run(cmd, **kwargs):
    return subprocess.run(cmd, capture_output=True, text=True, **kwargs)


class PrepareError(Exception):
    pass


def check_run(cmd, what, **kwargs):
    res = run(cmd, **kwargs)
    if res.returncode:
        raise PrepareError("%s failed: %s\n%s" % (what, " ".join(cmd),
                                                 (res.stderr or res.stdout).strip()))
    return res


def write_json(path, value):
    with open(path, "w") as f:
        json.dump(value, f, indent=1, sort_keys=True)
        f.write("\n")


def read_json(path):
    with open(path) as f:
        return json.load(f)


# ---------------------------------------------------------------------------
# --prepare: the build machine's half
# ---------------------------------------------------------------------------

class Preparer:
    """Writes DIR (see the module docstring)."""

    def __init__(self, args):
        self.args = args
        self.dir = os.path.abspath(args.dir)
        self.tools = os.path.abspath(args.tools)
        for name in ("tg-opt", "tg-compile-kernel", "tg-symbolicate", "tg-ptx-lineinfo"):
            if not os.path.exists(os.path.join(self.tools, name)):
                raise PrepareError("%s not found in %s: build first (./scripts/build.sh) "
                                   "or give --tools" % (name, self.tools))

    def tool(self, name):
        return os.path.join(self.tools, name)

    def run(self):
        if os.path.exists(self.dir) and os.listdir(self.dir):
            raise PrepareError("%s exists and is not empty" % self.dir)
        os.makedirs(self.dir, exist_ok=True)
        manifest = {"format": FORMAT, "version": VERSION, "arch": self.args.arch,
                    "tolerance": {"atol": ATOL, "rtol": RTOL}, "models": []}
        manifest["skipped_models"] = []
        for name in [m for m in self.args.models.split(",") if m]:
            model = self.prepare_model(name)
            if model is None:
                manifest["skipped_models"].append(name)
                continue
            manifest["models"].append(model)
        log("gpu-check --prepare: extras (%s)" % EXTRAS[0])
        manifest["models"].append(self.prepare_extras())
        manifest["planted"] = self.prepare_planted(manifest["models"])
        # The reference (tracegraph.torch.check_kernels) without a build.
        shutil.copytree(os.path.join(ROOT, "python", "tracegraph"),
                        os.path.join(self.dir, "python", "tracegraph"),
                        ignore=shutil.ignore_patterns("*.so", "__pycache__", "*.pyc"))
        shutil.copy(os.path.realpath(__file__), os.path.join(self.dir, "gpu_check.py"))
        shutil.copy(os.path.join(ROOT, "scripts", "cubin_line_table.py"),
                    os.path.join(self.dir, "cubin_line_table.py"))
        write_json(os.path.join(self.dir, "manifest.json"), manifest)
        with open(os.path.join(self.dir, "README.txt"), "w") as f:
            f.write("tracegraph GPU check, made by scripts/gpu-check.sh --prepare.\n"
                    "On a machine with an NVIDIA GPU, CUDA 12/13, PyTorch and CuPy:\n"
                    "  python3 gpu_check.py . --require-gpu\n"
                    "(or scripts/gpu-check.sh DIR from a tracegraph checkout).\n"
                    "docs/gpu-debugging.md explains the checks and this folder.\n")
        kernels = sum(m["kernels"] for m in manifest["models"])
        log("gpu-check --prepare: %d kernels of %d models, a planted fault at handle %d "
            "in %s, in %s" % (kernels, len(manifest["models"]),
                              manifest["planted"]["handle"],
                              manifest["planted"]["kernel"], self.dir))
        return 0

    def import_model(self, name, mdir):
        # The committed import needs no PyTorch and pins the handles docs cite.
        committed = os.path.join(ROOT, "examples", "torchvision", name + ".mlir")
        if os.path.exists(committed):
            return committed
        out = os.path.join(mdir, "import.mlir")
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(
            [os.path.join(ROOT, "python")] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
        check_run([sys.executable, "-m", "tracegraph.torch", "--torchvision", name, "-o", out],
                  "importing " + name, env=env)
        return out

    def compile_ptx(self, source, out_ptx, describe, extra):
        check_run([self.tool("tg-compile-kernel"), source, "--target=nvptx64",
                   "--gpu-arch", self.args.arch, "--describe", describe, "-o", out_ptx] + extra,
                  "compiling " + source)
        # The chains the PTX spells: what the ptxas check compares the
        # cubin's line table with, where tracegraph is not built.
        chains = check_run([self.tool("tg-ptx-lineinfo"), out_ptx, "--print-chains"],
                           "reading the chains of " + out_ptx).stdout
        with open(out_ptx + ".chains.txt", "w") as f:
            f.write(chains)

    def prepare_model(self, name):
        mdir = os.path.join(self.dir, name)
        os.makedirs(mdir)
        imported = self.import_model(name, mdir)
        fused = os.path.join(mdir, "fused.mlir")
        check_run([self.tool("tg-opt"), imported] + FUSION_PASSES +
                  ["-mlir-print-debuginfo", "-o", fused],
                  "fusing " + name)
        with open(fused) as f:
            names, unreached = entry_kernels(f.read())
        if not names:
            log("gpu-check --prepare: %s: no fused kernel, skipped" % name)
            shutil.rmtree(mdir)
            return None
        log("gpu-check --prepare: %s: %d kernels%s" % (
            name, len(names), "" if not unreached else
            " (and %d in graphs the forward never calls, without shapes: %s)"
            % (len(unreached), ", ".join(unreached))))
        which = ["-k", ",".join(names)]
        section = os.path.join(mdir, "model.tgdbg")
        check_run([self.tool("tg-opt"), fused, "--tg-emit-debug-section=path=" + section,
                   "-o", os.devnull], "writing the debug section of " + name)
        describe = os.path.join(mdir, "kernels.json")
        ptx = os.path.join(mdir, "kernels.ptx")
        self.compile_ptx(fused, ptx, describe, which)
        kernels = read_json(describe)["kernels"]
        log("gpu-check --prepare: %s: %s" % (name, self.check_frames(ptx, section, describe)))
        write_json(os.path.join(mdir, "annotations.json"),
                   self.annotations(section, [k["name"] for k in kernels]))
        entry = {"name": name, "dir": name, "kernels": len(kernels), "reference": "tg-ir",
                 "section": name + "/model.tgdbg"}
        if self.args.emulator:
            entry["emulator"] = self.build_emulator(
                fused, ["--tg-extract-kernels=kernels=" + ",".join(names)], mdir)
        return entry

    def prepare_extras(self):
        mdir = os.path.join(self.dir, "extras")
        os.makedirs(mdir)
        source = os.path.join(ROOT, EXTRAS[0])
        shutil.copy(source, os.path.join(mdir, "kernels.mlir"))
        shutil.copy(os.path.join(ROOT, EXTRAS[1]), os.path.join(mdir, "reference.py"))
        describe = os.path.join(mdir, "kernels.json")
        self.compile_ptx(source, os.path.join(mdir, "kernels.ptx"), describe, ["--from-linalg"])
        entry = {"name": "extras", "dir": "extras", "kernels": len(read_json(describe)["kernels"]),
                 "reference": "python"}
        if self.args.emulator:
            entry["emulator"] = self.build_emulator(source, [], mdir)
        return entry

    def check_frames(self, ptx, section, describe):
        """No DIR goes to the GPU whose line info differs from the section:
        every handle's PTX chain equals tg-symbolicate's frames
        (test/tg-compile-kernel/Inputs/check_ptx_frames.py)."""
        res = run([sys.executable, os.path.join(ROOT, "test", "tg-compile-kernel", "Inputs",
                                                "check_ptx_frames.py"),
                   "--ptx", ptx, "--section", section, "--kernels", describe,
                   "--tg-symbolicate", self.tool("tg-symbolicate"),
                   "--tg-ptx-lineinfo", self.tool("tg-ptx-lineinfo")])
        summary = res.stdout.strip().splitlines()[-1] if res.stdout.strip() else ""
        if res.returncode:
            raise PrepareError("the PTX line info of %s differs from tg-symbolicate's frames:\n%s"
                               % (ptx, (res.stdout + res.stderr).strip()))
        return summary + " (PTX .loc chains and tg-symbolicate's frames)"

    def annotations(self, section, names):
        """What tg-symbolicate --chrome-trace --kernel-names adds to an event
        of each kernel: the GPU machine applies it by name."""
        with tempfile.TemporaryDirectory() as tmp:
            trace = os.path.join(tmp, "kernels.json")
            write_json(trace, {"traceEvents": [
                {"ph": "X", "cat": "kernel", "name": n, "pid": 0, "tid": 0, "ts": i, "dur": 1}
                for i, n in enumerate(names)]})
            out = os.path.join(tmp, "annotated.json")
            check_run([self.tool("tg-symbolicate"), section, "--chrome-trace", trace,
                       "--kernel-names", "-o", out], "annotating the kernels")
            events = read_json(out)["traceEvents"]
        return {e["name"]: e.get("args", {}) for e in events}

    def frames(self, section, handles):
        """tg-symbolicate's frames for each handle (innermost first, with
        module paths: --functions=linkage)."""
        res = check_run([self.tool("tg-symbolicate"), section, "--output-style=llvm",
                         "--functions=linkage"] + [str(h) for h in handles],
                        "symbolizing handles")
        blocks = [b.strip().splitlines() for b in res.stdout.strip().split("\n\n")]
        result = {}
        for handle, lines in zip(handles, blocks):
            frames = []
            for function, position in zip(lines[0::2], lines[1::2]):
                m = re.match(r"^(.*):(\d+):(\d+)$", position)
                if m:
                    frames.append({"function": function, "file": m.group(1),
                                   "line": int(m.group(2)), "column": int(m.group(3))})
            result[handle] = frames
        return result

    def prepare_planted(self, models):
        """The kernel whose planted store memcheck must report: the op with
        the deepest stack of the first model (or --plant-oob's)."""
        candidates = []
        for model in models:
            if model["reference"] != "tg-ir":
                continue
            kernels = read_json(os.path.join(self.dir, model["dir"], "kernels.json"))["kernels"]
            for kernel in kernels:
                for handle in kernel["handles"]:
                    if self.args.plant_oob is None or handle == self.args.plant_oob:
                        candidates.append((model, kernel["name"], handle))
            if candidates and self.args.plant_oob is None:
                break  # the first model's ops only
        if not candidates:
            raise PrepareError("--plant-oob %s: no op of the kernels has that handle"
                               % self.args.plant_oob if self.args.plant_oob is not None
                               else "no kernel op with a debug handle to plant a fault at")
        model = candidates[0][0]
        section = os.path.join(self.dir, model["dir"], "model.tgdbg")
        frames = self.frames(section, [h for _, _, h in candidates])
        # The most frames the GPU's line table keeps; of those, one that
        # keeps all its frames.
        model, kernel, handle = max(candidates, key=lambda c: (
            len(fold_repeated_lines(frames[c[2]])),
            len(fold_repeated_lines(frames[c[2]])) - len(frames[c[2]]), -c[2]))
        # The outermost frame is the kernel itself in PTX line info (the
        # entry method, Class::method, in tg-symbolicate), and a frame on
        # the line of a deeper one is folded away (tg::foldRepeatedLines:
        # compute-sanitizer names no frame at all for a chain with one line
        # twice; docs/gpu-debugging.md).
        expected = fold_repeated_lines(frames[handle])
        expected[-1]["function"] = kernel
        pdir = os.path.join(self.dir, "planted")
        os.makedirs(pdir)
        fused = os.path.join(self.dir, model["dir"], "fused.mlir")
        self.compile_ptx(fused, os.path.join(pdir, "kernel.ptx"), os.path.join(pdir, "kernel.json"),
                         ["-k", kernel, "--plant-oob", str(handle)])
        return {"model": model["name"], "kernel": kernel, "handle": handle, "dir": "planted",
                "frames": expected, "frames_in_section": len(frames[handle])}

    def build_emulator(self, source, extract, mdir):
        """The kernels as the GPU pipeline makes them, lowered for this host
        with the CUDA execution model emulated on threads
        (scripts/gpu_emulator.c): a shared library tg_emu_launch runs."""
        with tempfile.TemporaryDirectory() as tmp:
            gpu = os.path.join(tmp, "gpu.mlir")
            check_run([self.tool("tg-opt"), source] + extract + GPU_FORM_PASSES + ["-o", gpu],
                      "the GPU kernels of " + source)
            with open(gpu) as f:
                text = emulate_gpu_ops(f.read())
            host = os.path.join(tmp, "host.mlir")
            with open(host, "w") as f:
                f.write(text)
            lowered = os.path.join(tmp, "lowered.mlir")
            check_run([self.tool("tg-opt"), host] + HOST_LOWERING_PASSES + ["-o", lowered],
                      "lowering the emulated kernels")
            ll = os.path.join(tmp, "kernels.ll")
            check_run(["mlir-translate-22", "--mlir-to-llvmir", lowered, "-o", ll], "mlir-translate")
            obj = os.path.join(tmp, "kernels.o")
            check_run(["llc-22", "-O1", "-filetype=obj", "-relocation-model=pic", ll, "-o", obj], "llc")
            wrappers = os.path.join(tmp, "wrappers.c")
            with open(wrappers, "w") as f:
                f.write(emulator_wrappers(read_json(os.path.join(mdir, "kernels.json"))["kernels"]))
            so = os.path.join(mdir, "emulated.so")
            check_run(["cc", "-shared", "-fPIC", "-O1", "-pthread", "-o", so,
                       os.path.join(ROOT, "scripts", "gpu_emulator.c"), wrappers, obj, "-lm"],
                      "cc")
        return os.path.relpath(so, self.dir)


def fold_repeated_lines(frames):
    """tg::foldRepeatedLines on frames innermost first: a frame on the line
    of a deeper one goes (ptxas keeps one row per line at an address)."""
    seen, kept = set(), []
    for frame in frames:
        if frame["line"] not in seen:
            seen.add(frame["line"])
            kept.append(frame)
    return kept


def entry_kernels(text):
    """(the kernels of the entry graph, the others) of fused tg IR, by name
    in order. The entry graph (`tg.entry`) is what the traced forward runs,
    with every method inlined into it; a graph it never calls (ViT's
    NonDynamicallyQuantizableLinear::forward: attention reads out_proj's
    weights itself) keeps its kernels, but the run gave them no shapes, and
    no launch runs them."""
    entry, other, inside = [], [], False
    for line in text.splitlines():
        if line.startswith("  tg.graph "):
            inside = re.search(r"\btg\.entry\b", line) is not None
            continue
        m = re.search(r'tg\.kernel "([^"]+)"', line)
        if m:
            names = entry if inside else other
            if m.group(1) not in names:
                names.append(m.group(1))
    if not entry and not re.search(r"\btg\.entry\b", text):
        return other, []  # no marked entry: every kernel
    return entry, [n for n in other if n not in entry]


C_SCALARS = {"f32": "float", "f64": "double", "i64": "long long", "i32": "int", "i1": "_Bool"}


def emulator_wrappers(kernels):
    """C: per kernel, `tg_emu_NAME(void **args)` calling it with the
    arguments that args points to, as cuLaunchKernel's kernelParams do
    (buffers are bare pointers, scalars by value: the host lowering's
    bare-pointer calling convention)."""
    out = ["/* Generated by gpu_check.py --prepare --emulator. */"]
    for kernel in kernels:
        types = ["void *" if "shape" in p else C_SCALARS[p["type"]] for p in kernel["params"]]
        out.append("void %s(%s);" % (kernel["name"], ", ".join(types) or "void"))
        out.append("void tg_emu_%s(void **a) {\n  %s(%s);\n}" % (
            kernel["name"], kernel["name"],
            ", ".join("*(%s *)a[%d]" % (t.strip(), i) for i, t in enumerate(types))))
    return "\n".join(out) + "\n"


def emulate_gpu_ops(text):
    """The gpu dialect's ids and barrier as calls into gpu_emulator.c, and
    shared memory as plain globals (blocks run one at a time)."""
    calls = {"thread_id": "tg_emu_thread_id", "block_id": "tg_emu_block_id",
             "grid_dim": "tg_emu_grid_dim", "block_dim": "tg_emu_block_dim"}
    for op, fn in calls.items():
        text = re.sub(r"(%[\w.$#-]+) = gpu\." + op + r"\s+x",
                      r"\1 = func.call @" + fn + r"() : () -> index", text)
    text = re.sub(r"\bgpu\.barrier\b", "func.call @tg_emu_barrier() : () -> ()", text)
    text = text.replace(", #gpu.address_space<workgroup>>", ">")
    decls = "".join("  func.func private @%s() -> index\n" % fn for fn in calls.values())
    decls += "  func.func private @tg_emu_barrier()\n"
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith("module"):
            lines.insert(i + 1, decls.rstrip("\n"))
            break
    return "\n".join(lines)


# ---------------------------------------------------------------------------
# The GPU machine's half
# ---------------------------------------------------------------------------

def find_tool(name, env_var):
    """A CUDA tool: $ENV_VAR, PATH, the CUDA toolkit's folders, Triton's copy."""
    if os.environ.get(env_var):
        return os.environ[env_var]
    found = shutil.which(name)
    if found:
        return found
    homes = [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"]
    for home in [h for h in homes if h]:
        for sub in ("bin", "compute-sanitizer"):
            path = os.path.join(home, sub, name)
            if os.path.exists(path):
                return path
    try:
        spec = importlib.util.find_spec("triton")
        if spec and spec.origin:
            path = os.path.join(os.path.dirname(spec.origin), "backends", "nvidia", "bin", name)
            if os.path.exists(path):
                return path
    except Exception:
        pass
    return None


class Result:
    def __init__(self, status, message, details=()):
        self.status, self.message, self.details = status, message, list(details)


def passed(message, details=()):
    return Result("PASS", message, details)


def failed(message, details=()):
    return Result("FAIL", message, details)


def skipped(message):
    return Result("SKIP", message)


def parse_ptx_files(ptx_path):
    with open(ptx_path) as f:
        return re.findall(r'^\s*\.file\s+\d+\s+"([^"]*)"', f.read(), re.M)


class Environment:
    """What this machine has: torch, a GPU, CuPy, the CUDA tools."""

    def __init__(self, args):
        self.ptxas = find_tool("ptxas", "PTXAS")
        self.nvdisasm = find_tool("nvdisasm", "NVDISASM")
        self.sanitizer = find_tool("compute-sanitizer", "COMPUTE_SANITIZER")
        self.torch = None
        self.gpu = None
        self.capability = None
        self.cupy = None
        try:
            import torch
            self.torch = torch
            if torch.cuda.is_available():
                self.gpu = torch.cuda.get_device_name(0)
                self.capability = torch.cuda.get_device_capability(0)
        except Exception as e:  # a broken CUDA install is no GPU
            self.torch_error = str(e)
        if self.gpu:
            try:
                import cupy
                self.cupy = cupy
            except Exception:
                self.cupy = None

    def describe(self):
        parts = []
        parts.append("GPU: %s (sm_%d%d)" % ((self.gpu,) + tuple(self.capability))
                     if self.gpu else "no GPU")
        parts.append("ptxas: %s" % (self.ptxas or "not found"))
        if self.torch:
            parts.append("torch %s" % self.torch.__version__)
        if self.cupy:
            parts.append("cupy %s" % self.cupy.__version__)
        return ", ".join(parts)


class CupyLauncher:
    """Loads cubins and launches kernels with CuPy (RawModule), on torch's
    CUDA tensors (shared through __cuda_array_interface__)."""

    name = "CuPy"

    def __init__(self, cupy, torch):
        self.cupy, self.torch = cupy, torch
        self.device = torch.device("cuda")

    def load(self, path):
        return self.cupy.RawModule(path=path)

    def launch(self, module, name, grid, block, args):
        import numpy
        fn = module.get_function(name)
        kargs = tuple(self.cupy.asarray(a) if isinstance(a, self.torch.Tensor)
                      else numpy.float32(a) for a in args)
        self.torch.cuda.synchronize()
        fn(tuple(grid), tuple(block), kargs)
        self.cupy.cuda.runtime.deviceSynchronize()


class DriverLauncher:
    """The same through the CUDA driver API (libcuda, ctypes), for a machine
    without CuPy."""

    name = "the CUDA driver API"

    def __init__(self, torch):
        self.torch = torch
        self.device = torch.device("cuda")
        torch.zeros(1, device="cuda")  # the primary context, current
        self.cuda = ctypes.CDLL("libcuda.so.1")

    def check(self, status, what):
        if status != 0:
            raise RuntimeError("%s failed: CUDA error %d" % (what, status))

    def load(self, path):
        module = ctypes.c_void_p()
        self.check(self.cuda.cuModuleLoad(ctypes.byref(module), path.encode()), "cuModuleLoad")
        return module

    def launch(self, module, name, grid, block, args):
        fn = ctypes.c_void_p()
        self.check(self.cuda.cuModuleGetFunction(ctypes.byref(fn), module, name.encode()),
                   "cuModuleGetFunction")
        values = [ctypes.c_uint64(a.data_ptr()) if isinstance(a, self.torch.Tensor)
                  else ctypes.c_float(a) for a in args]
        params = (ctypes.c_void_p * len(values))(
            *[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in values])
        self.torch.cuda.synchronize()
        self.check(self.cuda.cuLaunchKernel(fn, grid[0], grid[1], grid[2], block[0], block[1],
                                            block[2], 0, None, params, None), "cuLaunchKernel")
        self.check(self.cuda.cuCtxSynchronize(), "the kernel")


class EmulatorLauncher:
    """The host emulation --prepare --emulator built: the same kernels, the
    CUDA execution model on threads, at most `grid_cap` blocks (the kernels
    are grid-stride: any grid is correct)."""

    name = "the host emulation"

    def __init__(self, torch, grid_cap):
        self.torch = torch
        self.device = torch.device("cpu")
        self.grid_cap = grid_cap

    def load(self, path):
        return ctypes.CDLL(path)

    def launch(self, module, name, grid, block, args):
        # As cuLaunchKernel's kernelParams: a pointer to each argument.
        values = [ctypes.c_void_p(a.data_ptr()) if isinstance(a, self.torch.Tensor)
                  else ctypes.c_float(a) for a in args]
        params = (ctypes.c_void_p * len(values))(
            *[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in values])
        status = module.tg_emu_launch(getattr(module, "tg_emu_" + name), params,
                                      ctypes.c_long(min(grid[0], self.grid_cap)),
                                      ctypes.c_long(block[0]))
        if status:
            raise RuntimeError("the emulation could not start its threads")


DTYPES = {"f32": "float32", "f64": "float64", "i1": "bool", "i32": "int32", "i64": "int64"}


class Checker:
    def __init__(self, args):
        self.args = args
        self.dir = os.path.abspath(args.dir)
        self.manifest = read_json(os.path.join(self.dir, "manifest.json"))
        if self.manifest.get("format") != FORMAT or self.manifest.get("version") != VERSION:
            raise SystemExit("gpu-check: %s is no gpu-check folder of version %d (made by "
                             "scripts/gpu-check.sh --prepare)" % (self.dir, VERSION))
        self.out = os.path.abspath(args.out or os.path.join(self.dir, "out"))
        os.makedirs(self.out, exist_ok=True)
        self.env = Environment(args)
        self.cubins = {}  # PTX path -> cubin path, from the ptxas check
        self.ptxas_ran = False
        self.arch = ("sm_%d%d" % tuple(self.env.capability) if self.env.capability
                     else self.manifest["arch"])

    def path(self, *parts):
        return os.path.join(self.dir, *parts)

    def modules(self):
        """Every PTX module: (label, PTX path)."""
        mods = [(m["name"], self.path(m["dir"], "kernels.ptx")) for m in self.manifest["models"]]
        planted = self.manifest["planted"]
        mods.append(("planted", self.path(planted["dir"], "kernel.ptx")))
        return mods

    # -- ptxas ---------------------------------------------------------------

    def assembled(self):
        """The cubins, assembling them first when the ptxas check did not run
        (--only): whether there are any."""
        if not self.cubins and self.env.ptxas and not self.ptxas_ran:
            self.check_ptxas()
        return bool(self.cubins)

    def check_ptxas(self):
        self.ptxas_ran = True
        if not self.env.ptxas:
            return skipped("ptxas not found (PATH, $PTXAS, $CUDA_HOME/bin, /usr/local/cuda/bin)")
        version = run([self.env.ptxas, "--version"]).stdout.strip().splitlines()
        version = version[-1] if version else "?"
        start = time.time()
        problems, kernels, rows = [], 0, 0
        os.makedirs(os.path.join(self.out, "cubin"), exist_ok=True)
        for label, ptx in self.modules():
            cubin = os.path.join(self.out, "cubin", label + ".cubin")
            res = run([self.env.ptxas, "-arch=" + self.arch, "-lineinfo", "-o", cubin, ptx])
            if res.returncode:
                problems.append("%s: %s" % (label, (res.stderr or res.stdout).strip()[:2000]))
                continue
            self.cubins[ptx] = cubin
            with open(ptx) as f:
                kernels += len(re.findall(r"^\.visible \.entry ", f.read(), re.M))
            rows += self.check_line_table(label, ptx, cubin, problems)
        if problems:
            return failed("%d problems in %d PTX modules for %s"
                          % (len(problems), len(self.modules()), self.arch), problems)
        return passed("%d PTX modules (%d kernels) assembled for %s with -lineinfo in %.1f s (%s); "
                      "their line tables' %d rows all spell the PTX's chains, no line twice at "
                      "an address" % (len(self.modules()), kernels, self.arch,
                                      time.time() - start, version, rows))

    def check_line_table(self, label, ptx, cubin, problems):
        """Reads the cubin's line table back (cubin_line_table.py): every
        row's chain must be one of the PTX's (ptxas keeps every frame), and
        no address may have one line twice (compute-sanitizer then names no
        frame). Returns the number of rows."""
        chains = ptx + ".chains.txt"
        if not os.path.exists(chains):
            return 0
        spec = importlib.util.spec_from_file_location(
            "cubin_line_table", self.path("cubin_line_table.py")
            if os.path.exists(self.path("cubin_line_table.py"))
            else os.path.join(ROOT, "scripts", "cubin_line_table.py"))
        table = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(table)
        try:
            rows = table.read_rows(cubin)
            with open(chains) as f:
                expected = table.parse_chains(f.read())
            differ, _, hazards = table.check(rows, *expected)
        except (table.CubinError, table.struct.error, OSError, ValueError, IndexError) as e:
            problems.append("%s: the line table cannot be read: %s" % (label, e))
            return 0
        problems.extend("%s: %s" % (label, p) for p in differ[:5] + hazards[:5])
        return sum(1 for r in rows if not r["end"])

    # -- numerics ------------------------------------------------------------

    def launcher(self):
        torch = self.env.torch
        if self.args.emulate:
            if torch is None:
                return None, "PyTorch is not installed"
            return EmulatorLauncher(torch, self.args.grid_cap), None
        if not self.env.gpu:
            return None, "no GPU (torch.cuda.is_available() is false)"
        if self.env.cupy is not None:
            return CupyLauncher(self.env.cupy, torch), None
        return DriverLauncher(torch), None

    def module_path(self, model, launcher):
        if isinstance(launcher, EmulatorLauncher):
            if "emulator" not in model:
                return None
            return self.path(model["emulator"])
        return self.cubins.get(self.path(model["dir"], "kernels.ptx"))

    def references(self, model, device):
        """kernel name -> function(inputs) -> outputs."""
        torch = self.env.torch
        if model["reference"] == "python":
            spec = importlib.util.spec_from_file_location(
                "reference_" + model["name"], self.path(model["dir"], "reference.py"))
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return {name: (fn, (ATOL, RTOL)) for name, fn in module.REFERENCES.items()}
        # The host check's own reference: every aten op of the tg IR through
        # torch.ops.aten (python/tracegraph/torch/check_kernels.py).
        check_kernels = self.check_kernels()
        with open(self.path(model["dir"], "fused.mlir")) as f:
            kernels = check_kernels.parse_kernels(f.read())
        result = {}
        for kernel in kernels:
            def reference(*inputs, kernel=kernel):
                tensors = [t for t in inputs if isinstance(t, torch.Tensor)]
                dtype = tensors[0].dtype if tensors else torch.float32
                # The launch passes the operands that are not constants, in
                # order (the constants are folded into the kernel).
                runtime = iter(t.clone() if isinstance(t, torch.Tensor) else t for t in inputs)
                values = [d.value if d is not None and d.constant else next(runtime)
                          for _, d in kernel.operands]
                return [r.to(dtype) if r.is_floating_point() else r
                        for r in check_kernels.reference(kernel, values)]
            result[kernel.name] = (reference, check_kernels.kernel_tolerance(kernel))
        return result

    def check_kernels(self):
        """The host check's module (python/tracegraph/torch/check_kernels.py,
        copied into DIR: the GPU machine needs no tracegraph build)."""
        sys.path.insert(0, self.path("python"))
        from tracegraph.torch import check_kernels
        return check_kernels

    def buffers(self, kernel, device, generator):
        """The kernel's arguments: inputs standard normal times 3, outputs
        and scratch NaN (so that an element never written shows)."""
        torch = self.env.torch
        args, inputs, outputs = [], [], []
        for param in kernel["params"]:
            dtype = getattr(torch, DTYPES.get(param["type"], "float32"))
            if param["role"] == "scalar":
                args.append(1.5)
                inputs.append(1.5)
                continue
            shape = param["shape"]
            if param["role"] == "input":
                if dtype.is_floating_point:
                    t = torch.randn(shape, generator=generator, dtype=dtype) * 3
                elif dtype == torch.bool:
                    t = torch.randint(0, 2, shape, generator=generator).to(torch.bool)
                else:  # indices (an arange): small integers, as check_kernels
                    t = torch.randint(-4, 5, shape, generator=generator, dtype=dtype)
                t = t.to(device)
                inputs.append(t)
            else:
                t = (torch.full(shape, float("nan"), dtype=dtype, device=device)
                     if dtype.is_floating_point else
                     torch.zeros(shape, dtype=dtype, device=device))
                if param["role"] == "output":
                    outputs.append(t)
            args.append(t)
        return args, inputs, outputs

    def compare(self, ours, ref, tolerance):
        """(ok, max abs error, error in units of the tolerance (atol, rtol))."""
        torch = self.env.torch
        atol, rtol = tolerance
        ours, ref = ours.cpu(), ref.to(ours.dtype).cpu()
        if not ours.dtype.is_floating_point:
            # Masks and integers: exactly PyTorch's.
            same = ours.shape == ref.shape and torch.equal(ours, ref)
            return same, 0.0, 0.0 if same else float("inf")
        nan = torch.isnan(ref)
        ok = torch.equal(nan, torch.isnan(ours)) and ours.shape == ref.shape
        diff = (ours - ref).abs()[~nan]
        scale = ref.abs()[~nan]
        max_abs = ratio = 0.0
        if diff.numel():
            # inf - inf: equal infinities are no error.
            diff = torch.where(ours[~nan] == ref[~nan], torch.zeros_like(diff), diff)
            max_abs = diff.max().item()
            ratio = (diff / (atol + rtol * scale)).max().item()
            ok = ok and ratio <= 1
        return ok, max_abs, ratio

    def run_kernels(self, model, launcher, on_result):
        """Runs every kernel of `model` once; calls on_result(name, inputs,
        outputs) after each; returns the problems."""
        torch = self.env.torch
        module_path = self.module_path(model, launcher)
        if module_path is None:
            return ["%s: no %s" % (model["name"], "emulation (--prepare --emulator)"
                                   if isinstance(launcher, EmulatorLauncher) else "cubin")]
        module = launcher.load(module_path)
        kernels = read_json(self.path(model["dir"], "kernels.json"))["kernels"]
        problems = []
        for index, kernel in enumerate(kernels):
            generator = torch.Generator().manual_seed(index)
            args, inputs, outputs = self.buffers(kernel, launcher.device, generator)
            try:
                launcher.launch(module, kernel["name"], kernel["grid"], kernel["block"], args)
            except Exception as e:
                problems.append("%s: launch failed: %s" % (kernel["name"], e))
                continue
            on_result(kernel["name"], inputs, outputs)
        return problems

    def check_numerics(self):
        launcher, why = self.launcher()
        if launcher is None:
            return skipped(why)
        if not isinstance(launcher, EmulatorLauncher) and not self.assembled():
            return skipped("needs the cubins of the ptxas check")
        problems, lines, worst, total = [], [], 0.0, 0
        for model in self.manifest["models"]:
            references = self.references(model, launcher.device)

            def on_result(name, inputs, outputs, model=model, references=references):
                nonlocal worst, total
                total += 1
                if name not in references:
                    problems.append("%s/%s: no reference" % (model["name"], name))
                    return
                reference, tolerance = references[name]
                try:
                    expected = reference(*inputs)
                except Exception as e:
                    problems.append("%s/%s: the reference failed: %s" % (model["name"], name, e))
                    return
                if len(expected) != len(outputs):
                    problems.append("%s/%s: PyTorch computes %d results, the kernel writes %d"
                                    % (model["name"], name, len(expected), len(outputs)))
                    return
                ok_all, max_abs, max_ratio = True, 0.0, 0.0
                for ours, ref in zip(outputs, expected):
                    ok, a, r = self.compare(ours, ref, tolerance)
                    ok_all, max_abs, max_ratio = ok_all and ok, max(max_abs, a), max(max_ratio, r)
                worst = max(worst, max_ratio)
                line = "%s/%s: %s (max abs error %.3g, %.3g of the tolerance)" % (
                    model["name"], name, "equal to PyTorch" if ok_all else "DIFFERS from PyTorch",
                    max_abs, max_ratio)
                lines.append(line)
                if not ok_all:
                    problems.append(line)

            problems += self.run_kernels(model, launcher, on_result)
        with open(os.path.join(self.out, "numerics.txt"), "w") as f:
            f.write("\n".join(lines + problems) + "\n")
        where = "on " + (self.env.gpu if not isinstance(launcher, EmulatorLauncher)
                         else "the host emulation")
        if problems:
            return failed("%d of %d kernels differ from PyTorch or do not run %s"
                          % (len(problems), total, where), problems)
        return passed("%d of %d kernels equal PyTorch %s within check_kernels' tolerances "
                      "(atol %g + rtol %g; kernels with transcendental functions or sums: "
                      "looser, docs/real-models.md) (worst %.3g of the tolerance; launched "
                      "with %s)" % (total, total, where, ATOL, RTOL, worst, launcher.name))

    # -- memcheck ------------------------------------------------------------

    def check_memcheck(self):
        planted = self.manifest["planted"]
        expected = planted["frames"]
        if self.args.sanitizer_report:
            with open(self.args.sanitizer_report) as f:
                report = f.read()
            source = self.args.sanitizer_report
        else:
            if not self.env.gpu:
                return skipped("no GPU (torch.cuda.is_available() is false)")
            if not self.env.sanitizer:
                return skipped("compute-sanitizer not found (PATH, $COMPUTE_SANITIZER, "
                               "$CUDA_HOME/bin)")
            self.assembled()
            cubin = self.cubins.get(self.path(planted["dir"], "kernel.ptx"))
            if not cubin:
                return skipped("needs the planted kernel's cubin from the ptxas check")
            cmd = [self.env.sanitizer, "--tool", "memcheck", "--print-limit", "10",
                   sys.executable, os.path.realpath(__file__), self.dir, "--launch-planted", cubin]
            try:
                res = run(cmd, timeout=240)
            except subprocess.TimeoutExpired:
                return failed("compute-sanitizer did not finish in 240 s")
            report = res.stdout + res.stderr
            source = os.path.join(self.out, "memcheck.txt")
            with open(source, "w") as f:
                f.write(" ".join(cmd) + "\n" + report)
        frames = parse_sanitizer_report(report)
        what = "the planted out-of-bounds store after handle %d in %s" % (planted["handle"],
                                                                         planted["kernel"])
        if frames is None:
            return failed("no invalid global write in the memcheck report (%s)" % source,
                          report.strip().splitlines()[-20:])
        listing = ["expected (tg-symbolicate): " + " <- ".join(
            "%s (%s:%d)" % (f["function"], os.path.basename(f["file"]), f["line"]) for f in expected),
            "reported (memcheck):        " + " <- ".join(
            "%s (%s:%d)" % (f["function"], os.path.basename(f["file"]), f["line"]) for f in frames)]
        if frames_match(frames, expected):
            return passed("memcheck names all %d Python frames of %s, as tg-symbolicate does: %s"
                          % (len(expected), what, listing[1].split(": ", 1)[1].strip()))
        return failed("memcheck's frames for %s differ from tg-symbolicate's (%s)" % (what, source),
                      listing)

    # -- nvdisasm ------------------------------------------------------------

    def check_nvdisasm(self):
        listings = []
        if self.args.nvdisasm_listing:
            with open(self.args.nvdisasm_listing) as f:
                listings.append((self.manifest["models"][0]["name"],
                                 self.path(self.manifest["models"][0]["dir"], "kernels.ptx"),
                                 f.read()))
        else:
            if not self.env.nvdisasm:
                return skipped("nvdisasm not found (PATH, $NVDISASM, $CUDA_HOME/bin)")
            if not self.assembled():
                return skipped("needs the cubins of the ptxas check")
            for label, ptx in self.modules():
                if ptx not in self.cubins:
                    continue
                res = run([self.env.nvdisasm, "-gi", self.cubins[ptx]])
                if res.returncode:
                    return failed("nvdisasm -gi %s failed: %s" % (self.cubins[ptx],
                                                                  res.stderr.strip()[:500]))
                with open(os.path.join(self.out, label + ".nvdisasm.txt"), "w") as f:
                    f.write(res.stdout)
                listings.append((label, ptx, res.stdout))
        problems, files, inlined, lines = [], set(), 0, 0
        for label, ptx, text in listings:
            named, inl, n = parse_nvdisasm(text)
            allowed = set(parse_ptx_files(ptx))
            files |= named
            inlined += inl
            lines += n
            if n == 0:
                problems.append("%s: no line info (//## lines) in the listing" % label)
            for f in sorted(named - allowed):
                problems.append("%s: names %s, which is none of the model's files" % (label, f))
        if not problems and inlined == 0:
            problems.append("no 'inlined at' in any listing")
        if problems:
            return failed("nvdisasm -gi's line info is not the model's", problems)
        return passed("nvdisasm -gi: %d line-info lines of %d modules name %d source files, all "
                      "the model's, %d of them inlined-at chains"
                      % (lines, len(listings), len(files), inlined))

    # -- profiler ------------------------------------------------------------

    def check_profiler(self):
        torch = self.env.torch
        traces = []  # (model, trace path)
        if self.args.trace:
            traces.append((self.manifest["models"][0], self.args.trace))
        else:
            if not self.env.gpu:
                return skipped("no GPU (torch.cuda.is_available() is false)")
            if not self.assembled():
                return skipped("needs the cubins of the ptxas check")
            launcher, why = self.launcher()
            if launcher is None:
                return skipped(why)
            from torch.profiler import ProfilerActivity, profile
            for model in self.manifest["models"]:
                if model["reference"] != "tg-ir":
                    continue
                with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
                    problems = self.run_kernels(model, launcher, lambda *a: None)
                    torch.cuda.synchronize()
                if problems:
                    return failed("kernels did not launch under the profiler", problems)
                path = os.path.join(self.out, model["name"] + ".trace.json")
                prof.export_chrome_trace(path)
                traces.append((model, path))
        problems, annotated, named = [], 0, 0
        for model, path in traces:
            annotations = read_json(self.path(model["dir"], "annotations.json"))
            trace = read_json(path)
            events = trace["traceEvents"] if isinstance(trace, dict) else trace
            seen = set()
            for event in events:
                # As tg-symbolicate --chrome-trace --kernel-names: an event
                # named after a kernel, with no handle of its own.
                name = event.get("name") if isinstance(event, dict) else None
                if name not in annotations:
                    continue
                args = event.setdefault("args", {})
                if "debug_handle" in args:
                    continue
                args.update(annotations[name])
                if str(event.get("cat", "")).lower() == "kernel":
                    annotated += 1
                    seen.add(name)
            missing = sorted(set(annotations) - seen)
            if missing:
                kinds = sorted({e.get("cat", "") for e in events})
                problems.append("%s: no GPU kernel event for %d of %d kernels (%s ...); event "
                                "categories: %s" % (model["name"], len(missing), len(annotations),
                                                    ", ".join(missing[:3]), ", ".join(kinds)))
            named += len(seen)
            out = os.path.join(self.out, model["name"] + ".trace.annotated.json")
            with open(out, "w") as f:
                json.dump(trace, f)
        if problems:
            return failed("the profiler trace lacks kernel events", problems)
        return passed("%d GPU kernel events of %d kernels annotated with module paths and origins "
                      "(%s/*.trace.annotated.json; on the build machine: tg-symbolicate "
                      "DIR/MODEL/model.tgdbg --chrome-trace TRACE --kernel-names)"
                      % (annotated, named, self.out))

    # -- all -----------------------------------------------------------------

    def run(self):
        start = time.time()
        checks = self.args.only.split(",") if self.args.only else CHECKS
        unknown = [c for c in checks if c not in CHECKS]
        if unknown:
            raise SystemExit("gpu-check: unknown check %s (checks: %s)" % (", ".join(unknown),
                                                                          ", ".join(CHECKS)))
        kernels = sum(m["kernels"] for m in self.manifest["models"])
        log("gpu-check: %s: %d kernels of %d models for %s; %s"
            % (self.dir, kernels, len(self.manifest["models"]), self.manifest["arch"],
               self.env.describe()))
        counts = {"PASS": 0, "FAIL": 0, "SKIP": 0}
        for name in CHECKS:
            if name not in checks:
                continue
            try:
                result = getattr(self, "check_" + name)()
            except Exception as e:  # a check that crashes fails, the others run
                result = failed("%s: %s" % (type(e).__name__, e))
            if result.status == "SKIP" and self.args.require_gpu:
                result = failed("skipped, but --require-gpu: " + result.message)
            counts[result.status] += 1
            log("gpu-check: %s: %s: %s" % (name, result.status, result.message))
            for detail in result.details[:12]:
                log("    " + detail)
        log("gpu-check: %d passed, %d failed, %d skipped in %.0f s"
            % (counts["PASS"], counts["FAIL"], counts["SKIP"], time.time() - start))
        return 1 if counts["FAIL"] else 0


def parse_sanitizer_report(text):
    """The frames of the first invalid global access of a compute-sanitizer
    memcheck report, innermost first: the `at F+0x.. in FILE:LINE` line,
    then every `Device Frame: F+0x.. in FILE:LINE` before the host
    backtrace; None when the report has no such error."""
    frame = re.compile(r"^(?:=+\s*)?(?:at|Device Frame:)\s+(?P<function>.+?)"
                       r"(?:\+0x[0-9a-fA-F]+)?\s+in\s+(?P<file>.+):(?P<line>\d+)\s*$")
    frames, inside = [], False
    for raw in text.splitlines():
        line = raw.strip()
        if re.search(r"Invalid __global__ (write|read)", line):
            if inside:
                break
            inside = True
            continue
        if not inside:
            continue
        if "Host Frame" in line or "Saved host backtrace" in line or "ERROR SUMMARY" in line:
            break
        m = frame.match(line)
        if m:
            frames.append({"function": m.group("function").strip(), "file": m.group("file").strip(),
                           "line": int(m.group("line"))})
    return frames if inside else None


def same_file(a, b):
    return a == b or a.endswith("/" + b) or b.endswith("/" + a)


def frames_match(reported, expected):
    return len(reported) == len(expected) and all(
        r["function"] == e["function"] and same_file(r["file"], e["file"]) and
        r["line"] == e["line"] for r, e in zip(reported, expected))


def parse_nvdisasm(text):
    """(the files named, how many inlined-at chains, how many line-info
    lines) of an `nvdisasm -gi` listing (`//## File "F", line N` comments,
    with `inlined at "G", line M` for inlined code)."""
    files, inlined, lines = set(), 0, 0
    for line in text.splitlines():
        if "//##" not in line:
            continue
        lines += 1
        files.update(re.findall(r'File "([^"]+)"', line))
        files.update(re.findall(r'inlined at "([^"]+)"', line))
        inlined += len(re.findall(r"inlined at", line))
    return files, inlined, lines


def launch_planted(args):
    """Under compute-sanitizer: the planted kernel, once, on zeroed buffers.
    CuPy when it is there (no PyTorch start-up under the sanitizer), else
    PyTorch and the driver API."""
    manifest = read_json(os.path.join(args.dir, "manifest.json"))
    planted = manifest["planted"]
    kernel = read_json(os.path.join(args.dir, planted["dir"], "kernel.json"))["kernels"][0]
    try:
        import cupy
        import numpy
        module = cupy.RawModule(path=args.launch_planted)
        fn = module.get_function(kernel["name"])
        buffers = tuple(cupy.zeros(max(p.get("elements", 1), 1), dtype=numpy.float32)
                        if p["role"] != "scalar" else numpy.float32(0)
                        for p in kernel["params"])
        fn(tuple(kernel["grid"]), tuple(kernel["block"]), buffers)
        cupy.cuda.runtime.deviceSynchronize()
    except ImportError:
        import torch
        launcher = DriverLauncher(torch)
        module = launcher.load(args.launch_planted)
        tensors = [torch.zeros(max(p.get("elements", 1), 1), device="cuda")
                   if p["role"] != "scalar" else 0.0 for p in kernel["params"]]
        try:
            launcher.launch(module, kernel["name"], kernel["grid"], kernel["block"], tensors)
        except RuntimeError as e:
            print("launch-planted: %s" % e)
    except Exception as e:  # the fault itself: memcheck has reported it
        print("launch-planted: %s" % e)
    return 0


def main(argv):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dir", help="the folder --prepare writes and the check reads")
    p.add_argument("--prepare", action="store_true", help="write DIR (build machine)")
    p.add_argument("--tools", default=os.path.join(ROOT, "build", "bin"),
                   help="--prepare: the folder of tg-opt, tg-compile-kernel, ...")
    p.add_argument("--models", default=DEFAULT_MODELS,
                   help="--prepare: torchvision models, comma-separated")
    p.add_argument("--arch", default="sm_90", help="--prepare: the GPU architecture")
    p.add_argument("--plant-oob", type=int, default=None,
                   help="--prepare: the debug handle to plant the fault at (default: the "
                   "deepest op of the first model)")
    p.add_argument("--emulator", action="store_true",
                   help="--prepare: also build the host emulation of the kernels")
    p.add_argument("--out", help="where the check writes cubins, reports, traces (DIR/out)")
    p.add_argument("--only", help="the checks to run, comma-separated (%s)" % ",".join(CHECKS))
    p.add_argument("--require-gpu", action="store_true", help="a skipped check fails")
    p.add_argument("--emulate", action="store_true",
                   help="numerics on the host emulation instead of the GPU")
    p.add_argument("--grid-cap", type=int, default=4, help="--emulate: at most this many blocks")
    p.add_argument("--sanitizer-report", help="check this saved memcheck report")
    p.add_argument("--nvdisasm-listing", help="check this saved nvdisasm -gi listing")
    p.add_argument("--trace", help="annotate and check this saved Kineto trace")
    p.add_argument("--launch-planted", metavar="CUBIN", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.launch_planted:
        return launch_planted(args)
    if args.prepare:
        try:
            return Preparer(args).run()
        except PrepareError as e:
            print("gpu-check --prepare: error: %s" % e, file=sys.stderr)
            return 1
    if not os.path.exists(os.path.join(args.dir, "manifest.json")):
        print("gpu-check: error: %s has no manifest.json: make it with "
              "scripts/gpu-check.sh --prepare %s" % (args.dir, args.dir), file=sys.stderr)
        return 2
    return Checker(args).run()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
