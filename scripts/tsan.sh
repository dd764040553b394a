#!/usr/bin/env bash
# The reader is shared by many threads at once (a profiler symbolicating in
# parallel, one Symbolizer per thread over one DebugSectionReader): this
# builds the reader/symbolizer unit tests with ThreadSanitizer in
# ${TG_BUILD_DIR:-build-tsan} and runs them; any race report fails. The
# concurrency test is SerializeTest.V2FirstUsesMayRace (first uses of every
# table of a fresh reader from four threads), the rest run single-threaded
# under TSan too. Debian's LLVM libraries are not instrumented; our reader's
# synchronization (std::atomic, std::mutex) is what TSan checks.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh --for-tests
export TG_BUILD_DIR=${TG_BUILD_DIR:-build-tsan}
export TG_CMAKE_ARGS="-DTG_ENABLE_TSAN=ON ${TG_CMAKE_ARGS:-}"
start=$(date +%s)
./scripts/build.sh TraceGraphSerializeTests TraceGraphColumnTableTests
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}
"$TG_BUILD_DIR/unittests/TraceGraphSerializeTests" --gtest_brief=1
"$TG_BUILD_DIR/unittests/TraceGraphColumnTableTests" --gtest_brief=1
echo "ThreadSanitizer: reader and symbolizer tests passed ($(( $(date +%s) - start )) s)"
