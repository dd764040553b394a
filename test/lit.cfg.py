# -*- Python -*-
# lit configuration of the tracegraph test suite.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TRACEGRAPH"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".py"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tg_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%tg_src_root", config.tg_src_root))
config.substitutions.append(("%tg_obj_root", config.tg_obj_root))
config.substitutions.append(("%examples", os.path.join(config.tg_src_root, "examples")))
config.substitutions.append(("%python", config.python_executable))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

tool_dirs = [config.tg_tools_dir, config.llvm_tools_dir]
tools = ["tg-opt", "tg-symbolicate", "tg-compile-kernel", "tg-ptx-lineinfo", "split-file",
         "FileCheck", "not", "count", "llvm-objcopy", "llvm-readelf"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.tg_tools_dir, append_path=True)

# Optional features: tests that need them say `REQUIRES: <feature>`.
import shutil

# Native code (test/tg-compile-kernel): Debian's LLVM tools and a C compiler, installed
# by scripts/install-deps.sh. A missing tool skips those tests, and says so.
native_tools = {
    "mlir-translate-22": "mlir-22-tools", "llc-22": "llvm-22",
    "llvm-dwarfdump-22": "llvm-22", "llvm-symbolizer-22": "llvm-22",
    "cc": "gcc or clang",
}
missing = [t for t in native_tools if not shutil.which(t)]
if missing:
    lit_config.note("test/tg-compile-kernel: compiling kernels is skipped, not found: %s "
                    "(Debian packages: %s; scripts/install-deps.sh installs them)"
                    % (", ".join(missing),
                       ", ".join(sorted({native_tools[t] for t in missing}))))
else:
    config.available_features.add("native-tools")
# gdb must also be allowed to trace (ptrace): not every container is.
import subprocess
gdb = shutil.which("gdb")
if not gdb:
    lit_config.note("test/tg-compile-kernel: gdb backtraces are skipped, gdb not found "
                    "(Debian package gdb; scripts/install-deps.sh installs it)")
else:
    try:
        probe = subprocess.run([gdb, "-nx", "-batch", "-ex", "run", "/bin/true"],
                               capture_output=True, text=True, timeout=60)
        gdb_runs = "exited normally" in probe.stdout + probe.stderr
    except Exception:
        gdb_runs = False
    if gdb_runs:
        config.available_features.add("gdb")
    else:
        lit_config.note("test/tg-compile-kernel: gdb backtraces are skipped, gdb cannot "
                        "run a program here (ptrace not permitted?)")
# A real debuginfod server (elfutils', Debian package debuginfod) for
# test/Integration/debuginfod; LLVM's own llvm-debuginfod-22 cannot serve on
# Debian (built without cpp-httplib).
if shutil.which("debuginfod"):
    config.available_features.add("debuginfod")
else:
    lit_config.note("test/Integration/debuginfod: skipped, debuginfod not found "
                    "(Debian package debuginfod; scripts/install-deps.sh --for-tests)")
# NVIDIA's PTX assembler (a CUDA toolkit; this machine needs no GPU for it):
# tests that assemble the PTX tg-compile-kernel --target=nvptx64 writes,
# line info included, say `REQUIRES: ptxas` and run %ptxas. $PTXAS, PATH,
# $CUDA_HOME/bin or /usr/local/cuda/bin.
ptxas = os.environ.get("PTXAS") or shutil.which("ptxas")
for home in (os.environ.get("CUDA_HOME"), "/usr/local/cuda"):
    if not ptxas and home and os.path.exists(os.path.join(home, "bin", "ptxas")):
        ptxas = os.path.join(home, "bin", "ptxas")
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
else:
    lit_config.note("PTX assembly (REQUIRES: ptxas) is skipped: ptxas not found "
                    "(a CUDA toolkit; PTXAS, PATH, CUDA_HOME/bin, /usr/local/cuda/bin)")
if shutil.which("zstd"):
    config.available_features.add("zstd")
try:
    import importlib.util
    if importlib.util.find_spec("torch") is not None:
        config.available_features.add("torch")
except Exception:
    pass

# The Python package, importable from the build tree: its Python sources
# (python/, with the importer tracegraph.torch) always, the native module
# (lib/Bindings/Python) when TG_ENABLE_PYTHON is on.
config.environment["PYTHONPATH"] = os.path.join(config.tg_obj_root,
                                                "python_packages")
if getattr(config, "enable_python", "OFF").upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("python-bindings")
    config.environment["TG_SRC_ROOT"] = config.tg_src_root
    config.environment["TG_TOOLS_DIR"] = config.tg_tools_dir
    try:
        import importlib.util
        if importlib.util.find_spec("pytest") is not None:
            config.available_features.add("pytest")
        # Property tests of the Section API (Debian's python3-hypothesis,
        # installed by scripts/install-deps.sh --for-tests).
        if importlib.util.find_spec("hypothesis") is not None:
            config.available_features.add("hypothesis")
    except Exception:
        pass
    # test/python/pip-install.test builds and installs the package with pip
    # into a fresh venv, building in <build>/pip-build: opt-in (the first
    # build takes 10-20 minutes), then on by itself while that build folder
    # is there (~25 s); only where venv and pip work.
    pip_build = os.path.join(config.tg_obj_root, "pip-build", "build.ninja")
    if (lit_config.params.get("pip") == "1" or
            os.environ.get("TG_TEST_PIP") == "1" or os.path.exists(pip_build)):
        probe = subprocess.run([config.python_executable, "-c",
                                "import ensurepip, venv, pip"],
                               capture_output=True)
        if probe.returncode == 0:
            config.available_features.add("pip-install")
        else:
            lit_config.note("test/python/pip-install.test is skipped: this "
                            "Python has no venv or pip (Debian: python3-venv, "
                            "python3-pip)")

# Sanitized builds (-DTG_ENABLE_SANITIZERS=ON): MLIR's uninstrumented
# libraries use BumpPtrAllocator slabs that our instrumented code poisoned,
# so ASan must ignore manual poisoning (docs/reliability.md). Options the
# caller set win.
if getattr(config, "enable_sanitizers", "OFF").upper() in ("ON", "1", "TRUE", "YES"):
    config.environment.setdefault("ASAN_OPTIONS", "allow_user_poisoning=0")

# tg-symbolicate linked against LLVM's static libraries (TG_STATIC_LLVM: where
# LLVM ships them, as Debian's llvm-22-dev does).
if getattr(config, "static_llvm", "OFF").upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("static-llvm")

# bench/'s binaries (TG_BUILD_BENCHMARKS=ON, as CI builds): test/bench runs
# each once on a small input so that they cannot rot unnoticed.
if getattr(config, "build_benchmarks", "OFF").upper() in ("ON", "1", "TRUE",
                                                          "YES"):
    config.available_features.add("benchmarks")
