"""Builds tracegraph's native parts with CMake for `pip install .`.

setuptools drives the build; CMake does it, as for a developer build
(scripts/build.sh): clang-22 when installed (else the default compiler),
Ninja, ccache when installed. The native modules `tracegraph._tracegraph`
(the section reader) and `tracegraph._compiler` (tg-opt's passes in process,
tracegraph.compile) are built for the interpreter running pip, and the
tools go into the package as `tracegraph/_bin/` (the console scripts of
pyproject.toml run them). The
build folder is build-pip/ in the source tree (TG_PIP_BUILD_DIR overrides;
setuptools' own staging goes inside it too), so a second install rebuilds
only what changed.
"""
import fcntl
import os
import shutil
import subprocess
import sys

# `pip install --no-build-isolation .` builds with this interpreter's own
# setuptools and wheel; without them pip's errors ("invalid command
# 'bdist_wheel'", "No module named 'setuptools'") do not say what is missing.
_NEEDS = ("tracegraph: `pip install --no-build-isolation .` builds with this "
          "Python's own setuptools and wheel, and this Python (%s) has no %s. "
          "Install them: Debian's python3-setuptools and python3-wheel "
          "(scripts/install-deps.sh), or `pip install setuptools wheel` in "
          "the venv.")
try:
    from setuptools import Distribution, setup
    from setuptools.command.build_py import build_py
except ImportError:
    sys.exit(_NEEDS % (sys.executable, "setuptools"))
if "bdist_wheel" in sys.argv:
    try:
        import wheel.bdist_wheel  # noqa: F401 (setuptools < 70 has none)
    except ImportError:
        try:
            import setuptools.command.bdist_wheel  # noqa: F401
        except ImportError:
            sys.exit(_NEEDS % (sys.executable, "wheel"))

ROOT = os.path.dirname(os.path.abspath(__file__))
# Built by CMake; tg-compile-kernel is a script CMake copies into bin/ at
# configure time.
TARGETS = ["TraceGraphPython", "TraceGraphPythonCompiler",
           "TraceGraphPythonSources", "tg-opt", "tg-symbolicate"]
# The native modules CMake builds into python_packages/tracegraph.
NATIVE_MODULES = ("_tracegraph", "_compiler")
TOOLS = ["tg-opt", "tg-symbolicate", "tg-compile-kernel"]


def cmake_build(build_dir):
    args = ["cmake", "-G", "Ninja", "-S", ROOT, "-B", build_dir,
            "-DCMAKE_BUILD_TYPE=Release", "-DTG_BUILD_TESTS=OFF",
            "-DTG_ENABLE_PYTHON=ON", "-DPython3_EXECUTABLE=" + sys.executable]
    clang, clangxx = shutil.which("clang-22"), shutil.which("clang++-22")
    if clang and clangxx:
        # Full paths, the form CMake caches them in.
        args += ["-DCMAKE_C_COMPILER=" + clang, "-DCMAKE_CXX_COMPILER=" + clangxx]
    if shutil.which("ccache"):
        args += ["-DCMAKE_C_COMPILER_LAUNCHER=ccache",
                 "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"]
    if shutil.which("ld.lld") or shutil.which("ld.lld-22"):
        args += ["-DLLVM_USE_LINKER=lld"]
    env = dict(os.environ, CCACHE_BASEDIR=ROOT, CCACHE_NOHASHDIR="1")
    subprocess.check_call(args, env=env)
    subprocess.check_call(["ninja", "-C", build_dir] + TARGETS, env=env)


BUILD_DIR = os.path.abspath(os.environ.get("TG_PIP_BUILD_DIR",
                                           os.path.join(ROOT, "build-pip")))


class BuildWithCMake(build_py):
    def run(self):
        super().run()
        build_dir = BUILD_DIR
        cmake_build(build_dir)
        package = os.path.join(self.build_lib, "tracegraph")
        built = os.path.join(build_dir, "python_packages", "tracegraph")
        for name in os.listdir(built):
            if name.endswith(".so") and name.split(".")[0] in NATIVE_MODULES:
                shutil.copy2(os.path.join(built, name), package)
        bin_dir = os.path.join(package, "_bin")
        os.makedirs(bin_dir, exist_ok=True)
        for tool in TOOLS:
            shutil.copy2(os.path.join(build_dir, "bin", tool), bin_dir)


class BinaryDistribution(Distribution):
    """The wheel holds native modules and tools built for this interpreter
    and this platform (cp311, linux_x86_64), not pure Python: tagged so,
    pip installs it nowhere else."""

    def has_ext_modules(self):
        return True


# One setup.py at a time per build folder: CMake's build and setuptools'
# staging (the wheel's tree) are both in it. Two pip runs at once (two venvs,
# or the opt-in pip tests, which share one folder, run in parallel)
# configured and linked over each other ("CMAKE_CXX_COMPILER not set") and
# staged one wheel in the other's tree. The lock is released when the file
# closes, also if the build fails or pip is killed.
os.makedirs(BUILD_DIR, exist_ok=True)
with open(os.path.join(BUILD_DIR, "pip-build.lock"), "w") as lock:
    fcntl.flock(lock, fcntl.LOCK_EX)
    setup(cmdclass={"build_py": BuildWithCMake},
          distclass=BinaryDistribution,
          # setuptools' own build/ would land in the developer build folder.
          options={"build": {"build_base": os.path.join(BUILD_DIR,
                                                        "setuptools")}},
          package_data={"tracegraph": ["py.typed", "*.pyi"]})
