#!/usr/bin/env bash
# Quick start, part 1: install what is missing, build everything, and run the
# whole tracegraph pipeline on the bundled ResNet-18 example.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
BUILD_DIR=${TG_BUILD_DIR:-build}
TG_OPT="$BUILD_DIR/bin/tg-opt"
EXAMPLE=examples/resnet18.mlir
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "1. Parse and verify the traced model ($EXAMPLE)"
graphs=$(grep -c '^  tg.graph\|^tg.graph' "$EXAMPLE" || true)
ops=$("$TG_OPT" "$EXAMPLE" | grep -c ' = tg\.\| tg\.' || true)
echo "$graphs graphs (one per method of each module class), $ops ops"

step "2. Print it with its source locations (first lines)"
"$TG_OPT" "$EXAMPLE" -mlir-print-debuginfo > "$OUT/printed.mlir"
grep -m3 'aten::conv2d' "$OUT/printed.mlir" | cut -c1-160
grep -m4 '^#loc[0-9]* = loc("' "$OUT/printed.mlir"

step "3. Print, parse and print again: the text is stable"
"$TG_OPT" "$OUT/printed.mlir" -mlir-print-debuginfo > "$OUT/again.mlir"
cmp "$OUT/printed.mlir" "$OUT/again.mlir" && echo "identical ($(wc -c < "$OUT/printed.mlir") bytes)"
