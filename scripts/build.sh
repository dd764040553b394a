#!/usr/bin/env bash
# Configures (once) and builds tracegraph into ${TG_BUILD_DIR:-build}.
# Extra arguments go to ninja (targets). Safe to run any number of times.
set -euo pipefail
cd "$(dirname "$0")/.."
"./scripts/install-deps.sh"

BUILD_DIR=${TG_BUILD_DIR:-build}
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DLLVM_USE_LINKER=lld \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    ${TG_CMAKE_ARGS:-}
fi
ninja -C "$BUILD_DIR" "$@"
