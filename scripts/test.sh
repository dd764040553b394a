#!/usr/bin/env bash
# Quick start, part 2: install what is missing, build everything, and run
# every test (lit + FileCheck suites and GoogleTest unit tests) through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh --for-tests
./scripts/build.sh all tg-unittests mlir-doc
BUILD_DIR=${TG_BUILD_DIR:-build}
out="$BUILD_DIR/ctest-output.txt"
status=0
ctest --test-dir "$BUILD_DIR" --output-on-failure -j"$(nproc)" 2>&1 | tee "$out" \
  || status=$?
[ "${PIPESTATUS[0]}" = 0 ] || status=1

# ctest runs the whole lit suite as its test `lit`: count lit's own tests and
# the unit tests into one closing line.
log="$BUILD_DIR/Testing/Temporary/LastTest.log"
lit_passed=$(grep -hoE '^ *Passed *: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1 || true)
# Failures are every outcome lit counts against the run.
lit_failed=$({ grep -hoE '^ *(Failed|Unexpectedly Passed|Unresolved|Timed Out) *: *[0-9]+' "$log" || true; } \
  | grep -oE '[0-9]+$' | awk '{n += $1} END {print n + 0}' || true)
summary=$(grep -oE '[0-9]+ tests failed out of [0-9]+' "$out" || echo "0 tests failed out of 0")
ctest_failed=$(echo "$summary" | awk '{print $1}')
ctest_total=$(echo "$summary" | awk '{print $NF}')
lit_as_ctest_failed=$(grep -cE '^[[:space:]]*[0-9]+ - lit \(' "$out" || true)
unit_failed=$(( ctest_failed - lit_as_ctest_failed ))
unit_passed=$(( ctest_total - 1 - unit_failed ))
echo "lit tests: ${lit_passed:-0} passed, ${lit_failed:-0} failed; unit tests and downstream example: $unit_passed passed, $unit_failed failed"
echo "$(( ${lit_passed:-0} + unit_passed )) passed, $(( ${lit_failed:-0} + unit_failed )) failed"
exit $status
