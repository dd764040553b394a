#!/usr/bin/env bash
# One command for docs/performance.md: builds the tools and benchmarks into
# ${TG_BUILD_DIR:-build-bench} (benchmarks on), runs the Google Benchmark
# micro-benchmarks, then the pipeline harness at 1K, 10K, 100K and 1M ops
# (add 10M with --sizes 1000,10000,100000,1000000,10000000: ~30 min more),
# then once what the sizes do not measure: ResNet-18's section, a forgotten
# pass at 100K ops, --tg-account-origins, the Python lookups (the package is
# built here too, when the build has Python) and twelve torchvision models
# (when torch is installed). Arguments go to bench/run_pipeline.py (e.g.
# --sizes 1000,10000, --no-once).
set -euo pipefail
cd "$(dirname "$0")/.."
export TG_BUILD_DIR=${TG_BUILD_DIR:-build-bench}
TG_CMAKE_ARGS="${TG_CMAKE_ARGS:-} -DTG_BUILD_BENCHMARKS=ON" \
  ./scripts/build.sh tg-opt tg-symbolicate tg-benchmarks
if ninja -C "$TG_BUILD_DIR" -t targets all | grep -q '^TraceGraphPython:'; then
  ninja -C "$TG_BUILD_DIR" TraceGraphPython TraceGraphPythonCompiler \
    TraceGraphPythonSources
fi
if [ -z "${TG_SKIP_MICRO:-}" ]; then
  "$TG_BUILD_DIR/bin/tg-bench-micro" --benchmark_min_time=0.2
fi
exec python3 bench/run_pipeline.py --build "$TG_BUILD_DIR" "$@"
