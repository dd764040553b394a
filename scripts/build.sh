#!/usr/bin/env bash
# Configures (once) and builds tracegraph into ${TG_BUILD_DIR:-build}.
# Extra arguments go to ninja (targets). Safe to run any number of times.
#
#   TG_COMPILER=clang (default: clang-22, lighter on MLIR's headers) or gcc
#   TG_CMAKE_ARGS="..."  extra configure arguments, for a new or an existing build
#                        directory (CI: -DTG_ENABLE_WERROR=ON)
set -euo pipefail
cd "$(dirname "$0")/.."
"./scripts/install-deps.sh"

BUILD_DIR=${TG_BUILD_DIR:-build}
case "${TG_COMPILER:-clang}" in
  clang) CC_BIN=clang-22 CXX_BIN=clang++-22 ;;
  gcc) CC_BIN=gcc CXX_BIN=g++ ;;
  *) echo "build.sh: TG_COMPILER must be 'clang' or 'gcc', got '$TG_COMPILER'" >&2
     exit 2 ;;
esac
export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
if [ ! -f "$BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$CC_BIN" -DCMAKE_CXX_COMPILER="$CXX_BIN" \
    -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
    -DLLVM_USE_LINKER=lld \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    ${TG_CMAKE_ARGS:-}
elif [ -n "${TG_CMAKE_ARGS:-}" ]; then
  # The arguments apply to a build directory configured before too:
  # bench/run.sh asks for -DTG_BUILD_BENCHMARKS=ON in a build-bench that a
  # plain build may have configured without it.
  cmake -S . -B "$BUILD_DIR" ${TG_CMAKE_ARGS} > /dev/null
fi
ninja -C "$BUILD_DIR" "$@"
