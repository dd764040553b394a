#!/usr/bin/env bash
# Installs what tracegraph needs from Debian's registry; does nothing when it
# is all there already. Safe to run any number of times.
#
#   install-deps.sh              what the build and the demo need
#   install-deps.sh --for-tests  also what only tests need (PyTorch, ~1 GB)
set -euo pipefail

PACKAGES=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools  # LLVM/MLIR 22, lit, FileCheck
  clang-22 lld-22                                         # faster, lighter builds than g++ 12
  g++                                                     # TG_COMPILER=gcc (CI builds with both)
  llvm-22 gdb                                             # native kernels: llc, llvm-symbolizer, gdb
  cmake ninja-build ccache                                # the build
  libcurl4-openssl-dev debuginfod                         # LLVM's debuginfod client (tg-symbolicate --build-id); a server for the demo
  libgtest-dev libbenchmark-dev                           # unit tests and benchmarks
  zstd time python3                                       # size baselines, bench's /usr/bin/time; lit
  pybind11-dev python3-dev python3-pytest                 # the Python package and its tests
  python3-setuptools python3-wheel python3-pip python3-venv  # pip install --no-build-isolation .
)
if [ "${1:-}" = --for-tests ]; then
  PACKAGES+=(python3-torch python3-torchvision)           # torch-to-tg (tracegraph.torch), test/torch-to-tg
  PACKAGES+=(libclang-rt-22-dev)                          # ASan/UBSan/libFuzzer: sanitize.sh, fuzz.sh
  PACKAGES+=(python3-hypothesis)                          # property tests of the Section API (test/python)
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  [ -n "$pkg" ] || continue
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$pkg")
done
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "tracegraph: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
