#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, ASan + UBSan) and runs each for a
# bounded time on a corpus seeded from the examples; see docs/reliability.md.
#
#   scripts/fuzz.sh [SECONDS] [section|symbolize|tg-opt|all]  (default: 60 all)
#
# TG_BUILD_DIR      build folder (default build-fuzz)
# TG_FUZZ_DIR       corpora, logs and crash artifacts (default $TG_BUILD_DIR/fuzz)
# TG_FUZZ_PARALLEL  1 to run the targets at once (one core each)
#
# The working corpus of each target (TG_FUZZ_DIR/corpus/<target>) persists
# between runs and grows; the seeds are regenerated every run. Exits nonzero
# when a target finds a crash, a leak, a timeout (an input running > 10 s)
# or an out-of-memory; the input is then in TG_FUZZ_DIR/artifacts/, ready to
# become a regression test under test/Integration/bad-input/Inputs/.
set -euo pipefail
cd "$(dirname "$0")/.."
# The sanitizer runtimes (libclang-rt-22-dev) come with the test dependencies.
./scripts/install-deps.sh --for-tests
SECONDS_EACH=${1:-60}
WHICH=${2:-all}
BUILD_DIR=${TG_BUILD_DIR:-build-fuzz}
FUZZ_DIR=${TG_FUZZ_DIR:-$BUILD_DIR/fuzz}
case "$WHICH" in
  section) targets=(section) ;;
  symbolize) targets=(symbolize) ;;
  tg-opt) targets=(tg-opt) ;;
  all) targets=(section symbolize tg-opt) ;;
  *) echo "fuzz.sh: unknown target '$WHICH': expected section, symbolize, tg-opt or all" >&2
     exit 2 ;;
esac

TG_BUILD_DIR="$BUILD_DIR" \
  TG_CMAKE_ARGS="-DTG_BUILD_FUZZERS=ON -DTG_BUILD_TESTS=OFF ${TG_CMAKE_ARGS:-}" \
  ./scripts/build.sh tg-opt tg-section-fuzzer tg-symbolize-fuzzer tg-opt-fuzzer
BIN="$BUILD_DIR/bin"

mkdir -p "$FUZZ_DIR/artifacts" "$FUZZ_DIR/corpus/section" \
  "$FUZZ_DIR/corpus/symbolize" "$FUZZ_DIR/corpus/tg-opt"
# The tools in this build are instrumented too; see docs/reliability.md for
# why manual poisoning is off.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0}
fuzz/make-corpus.sh "$BIN/tg-opt" "$FUZZ_DIR/seeds"

run_one() { # run_one <target>
  local name=$1 extra=()
  case "$name" in
    # Value profiling helps the mutator match the reader's many comparisons
    # of counts and offsets.
    section) extra=(-use_value_profile=1 -max_len=65536) ;;
    # Requests and a section; the seeds' sections are up to ~40 KiB.
    symbolize) extra=(-max_len=65536) ;;
    # Seeds larger than 16 KiB are cut; parsing is the expensive part.
    tg-opt) extra=(-dict=fuzz/tg-mlir.dict -max_len=16384) ;;
  esac
  local binary="$BIN/tg-$name-fuzzer"
  "$binary" -max_total_time="$SECONDS_EACH" -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -reload=0 \
    -artifact_prefix="$FUZZ_DIR/artifacts/$name-" "${extra[@]}" \
    "$FUZZ_DIR/corpus/$name" "$FUZZ_DIR/seeds/$name" \
    > "$FUZZ_DIR/$name.log" 2>&1
}

before=$(ls "$FUZZ_DIR/artifacts" | wc -l)
status=0
declare -A rc
if [ "${TG_FUZZ_PARALLEL:-0}" = 1 ]; then
  declare -A pid
  for t in "${targets[@]}"; do run_one "$t" & pid[$t]=$!; done
  for t in "${targets[@]}"; do rc[$t]=0; wait "${pid[$t]}" || rc[$t]=$?; done
else
  for t in "${targets[@]}"; do rc[$t]=0; run_one "$t" || rc[$t]=$?; done
fi

for t in "${targets[@]}"; do
  log="$FUZZ_DIR/$t.log"
  execs=$(grep -oE 'stat::number_of_executed_units: [0-9]+' "$log" | grep -oE '[0-9]+$' || echo "?")
  files=$(ls "$FUZZ_DIR/corpus/$t" | wc -l)
  bytes=$(du -sb "$FUZZ_DIR/corpus/$t" | cut -f1)
  echo "fuzz $t: ${SECONDS_EACH}s, $execs executions, corpus $files files ($bytes bytes), exit ${rc[$t]}"
  if [ "${rc[$t]}" != 0 ]; then
    status=1
    grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -20 || true
  fi
done
after=$(ls "$FUZZ_DIR/artifacts" | wc -l)
if [ "$after" != "$before" ]; then
  echo "fuzz: new artifacts in $FUZZ_DIR/artifacts:"
  ls -t "$FUZZ_DIR/artifacts" | head -$((after - before))
  status=1
fi
exit $status
