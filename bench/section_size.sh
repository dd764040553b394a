#!/usr/bin/env bash
# Measures the debug section against the alternatives for traced models and
# prints a markdown table (docs/debug-section-format.md, "Sizes"):
#   section   bytes of the section written by --tg-emit-debug-section
#   naive     (a) each op's full stack trace as text, like torch.fx stack_trace
#             (frames plus source lines), bench/naive_stack_text.py
#   zstd-19   (b) that text compressed with `zstd -19`
#   bytecode  (c) MLIR bytecode of the unstripped module minus the stripped one
#
# usage: bench/section_size.sh [model.mlir ...]
#   default: examples/resnet18.mlir and a 10x larger model from
#   bench/gen_scale_model.py (--ops 10 x the ResNet-18 op count).
# Env: TG_BUILD_DIR (default build), SOURCE_ROOT (default /, where the
# models' /usr/lib/python3/... source files are read from for the naive text).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${TG_BUILD_DIR:-build}/bin
SOURCE_ROOT=${SOURCE_ROOT:-/}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

models=("$@")
if [ ${#models[@]} -eq 0 ]; then
  models=(examples/resnet18.mlir)
  # Ten times the inlined ResNet-18 op count.
  python3 bench/gen_scale_model.py --ops 10440 -o "$WORK/scale10x.mlir"
  models+=("$WORK/scale10x.mlir")
fi

size() { wc -c < "$1" | tr -d ' '; }

echo "| model | ops (handles) | section | B/op | naive text (a) | a / section | zstd -19 of (a) (b) | bytecode delta (c) | c / section |"
echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for model in "${models[@]}"; do
  name=$(basename "$model" .mlir)
  inl="$WORK/$name.inl.mlir"
  "$BIN/tg-opt" "$model" --tg-inline --tg-assign-debug-handles \
    --tg-emit-debug-section="path=$WORK/$name.tgdbg" \
    -mlir-print-debuginfo -o "$inl"
  ops=$(grep -o 'tg.debug_handle = ' "$inl" | wc -l)
  python3 -c "print(' '.join(map(str, range($ops))))" |
    "$BIN/tg-symbolicate" "$WORK/$name.tgdbg" --format=json \
      --source-root="$SOURCE_ROOT" |
    python3 bench/naive_stack_text.py > "$WORK/$name.naive.txt"
  zstd -19 -q -f "$WORK/$name.naive.txt" -o "$WORK/$name.naive.zst"
  "$BIN/tg-opt" "$inl" --emit-bytecode -o "$WORK/$name.full.bc"
  "$BIN/tg-opt" "$inl" -strip-debuginfo --emit-bytecode -o "$WORK/$name.stripped.bc"
  s=$(size "$WORK/$name.tgdbg")
  a=$(size "$WORK/$name.naive.txt")
  b=$(size "$WORK/$name.naive.zst")
  c=$(( $(size "$WORK/$name.full.bc") - $(size "$WORK/$name.stripped.bc") ))
  python3 - "$name" "$ops" "$s" "$a" "$b" "$c" <<'PY'
import sys
name, ops, s, a, b, c = sys.argv[1], *map(int, sys.argv[2:])
print(f"| {name} | {ops} | {s} | {s/ops:.2f} | {a} | {a/s:.0f}x | {b} | {c} | {c/s:.1f}x |")
PY
done
