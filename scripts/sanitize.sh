#!/usr/bin/env bash
# Builds everything with AddressSanitizer + UndefinedBehaviorSanitizer in
# ${TG_BUILD_DIR:-build-asan} and runs the whole test suite (lit + unit
# tests) on it, as scripts/test.sh does for the normal build. Any sanitizer
# report aborts the process under test, so it fails that test.
#
#   scripts/sanitize.sh            build + every test
#   scripts/sanitize.sh --quick    build tg-opt/tg-symbolicate + the
#                                  hardening suites only (test/Integration/bad-input,
#                                  test/Integration/determinism, test/Serialize,
#                                  test/tg-symbolicate): CI's always-on subset
#
# Debian's LLVM/MLIR libraries are not instrumented; ASan still checks every
# access our code makes, and UBSan every operation our code performs.
set -euo pipefail
cd "$(dirname "$0")/.."
# The sanitizer runtimes (libclang-rt-22-dev) come with the test dependencies.
./scripts/install-deps.sh --for-tests
export TG_BUILD_DIR=${TG_BUILD_DIR:-build-asan}
export TG_CMAKE_ARGS="-DTG_ENABLE_SANITIZERS=ON ${TG_CMAKE_ARGS:-}"
# allow_user_poisoning=0: LLVM's BumpPtrAllocator, inlined into our
# instrumented code, poisons slab space that MLIR's uninstrumented code then
# uses without unpoisoning: false use-after-poison reports otherwise. lit
# passes ASAN_OPTIONS and UBSAN_OPTIONS through to the tests.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

start=$(date +%s)
if [ "${1:-}" = --quick ]; then
  ./scripts/build.sh tg-opt tg-symbolicate
  built=$(date +%s)
  /usr/lib/llvm-22/bin/lit -sv "$TG_BUILD_DIR/test/Integration/bad-input" \
    "$TG_BUILD_DIR/test/Integration/determinism" "$TG_BUILD_DIR/test/Serialize" \
    "$TG_BUILD_DIR/test/tg-symbolicate"
else
  ./scripts/build.sh all tg-unittests mlir-doc
  built=$(date +%s)
  ./scripts/test.sh
fi
end=$(date +%s)
echo "sanitizer build: $((built - start)) s, tests: $((end - built)) s (wall)"
