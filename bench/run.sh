#!/usr/bin/env bash
# One command for docs/performance.md: builds the tools and benchmarks into
# ${TG_BUILD_DIR:-build-bench} (benchmarks on), runs the Google Benchmark
# micro-benchmarks, then the pipeline harness at 1K, 10K, 100K and 1M ops
# (add 10M with --sizes 1000,10000,100000,1000000,10000000: ~30 min more).
# Arguments go to bench/run_pipeline.py (e.g. --sizes 1000,10000).
set -euo pipefail
cd "$(dirname "$0")/.."
export TG_BUILD_DIR=${TG_BUILD_DIR:-build-bench}
TG_CMAKE_ARGS="${TG_CMAKE_ARGS:-} -DTG_BUILD_BENCHMARKS=ON" \
  ./scripts/build.sh tg-opt tg-symbolicate tg-benchmarks
if [ -z "${TG_SKIP_MICRO:-}" ]; then
  "$TG_BUILD_DIR/bin/tg-bench-micro" --benchmark_min_time=0.2
fi
exec python3 bench/run_pipeline.py --build "$TG_BUILD_DIR" "$@"
