#!/usr/bin/env bash
# Installs tracegraph from ${TG_BUILD_DIR:-build} into a temporary prefix,
# then configures, builds and tests examples/downstream against that install
# tree only (find_package(TraceGraph)). Exits nonzero when any step fails.
# Configures and builds the build folder first when needed.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${TG_BUILD_DIR:-build}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1

# Everything `cmake --install` copies must exist.
[ -f "$BUILD_DIR/build.ninja" ] || TG_BUILD_DIR="$BUILD_DIR" ./scripts/build.sh
ninja -C "$BUILD_DIR" -j2 > "$WORK/build.log" 2>&1 || {
  cat "$WORK/build.log"; exit 1; }
# Staged (DESTDIR): a TG_PYTHON_INSTALL_DIR given as an absolute path (the
# interpreter's own site-packages) must stay untouched.
PREFIX="$WORK/stage$WORK/prefix"
DESTDIR="$WORK/stage" cmake --install "$BUILD_DIR" --prefix "$WORK/prefix" \
  > "$WORK/install.log"

# The Python package, where TG_PYTHON_INSTALL_DIR says, imports from there.
pydir=$(sed -n 's/^TG_PYTHON_INSTALL_DIR:[A-Z]*=//p' "$BUILD_DIR/CMakeCache.txt")
case "$pydir" in
  /*) pydir="$WORK/stage$pydir" ;;
  *) pydir="$PREFIX/$pydir" ;;
esac
(cd "$WORK" && PYTHONPATH="$pydir" /usr/bin/python3 -c '
import os, sys, tracegraph
assert tracegraph.__file__.startswith(sys.argv[1]), tracegraph.__file__
native = os.listdir(os.path.dirname(tracegraph.__file__))
if any(n.startswith("_tracegraph.") for n in native):
    tracegraph.Section
if any(n.startswith("_compiler.") for n in native):
    assert "module" in tracegraph.compile("module {}", section=False).ir
print("python package: installed to", sys.argv[1], "and imported")
' "$pydir")

# The installed tools start (they find libMLIR where Debian keeps it: the
# installed tg-opt had only $ORIGIN/../lib, and did not start).
for tool in tg-opt tg-symbolicate tg-ptx-lineinfo; do
  [ ! -e "$PREFIX/bin/$tool" ] || "$PREFIX/bin/$tool" --version > /dev/null || {
    echo "installed $tool does not start"; exit 1; }
done
echo "installed tools: start"

launcher=()
command -v ccache > /dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cxx=$(command -v clang++-22 || command -v c++)
linker=()
command -v ld.lld > /dev/null && linker=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld)
cmake -G Ninja -S examples/downstream -B "$WORK/build" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
  "${launcher[@]}" "${linker[@]}" \
  -DCMAKE_PREFIX_PATH="$PREFIX" > "$WORK/configure.log" || {
  cat "$WORK/configure.log"; exit 1; }
ninja -C "$WORK/build" -j2
ctest --test-dir "$WORK/build" --output-on-failure
echo "downstream example: built against $PREFIX and passed"
