#!/usr/bin/env bash
# Writes the seed corpora of the fuzz targets from real inputs:
#   <out>/section/  debug sections of the examples, as tg-opt writes them
#                   (inlined and not, fused, several block sizes, embedded
#                   source, compressed and not, ELF containers, the
#                   golden v1.0 to v5.0 files)
#   <out>/symbolize/ each section above and one of a generated model with
#                   1830 handles and ~1000 stack nodes (bench/gen_scale_model.py),
#                   behind request sequences (SymbolizerFuzzer.cpp's input):
#                   every handle ascending, descending, and in random orders
#   <out>/tg-opt/   every test/**/*.mlir case (split at `// -----`), the
#                   inputs of the Serialize tests and the example, each once
# Usage: fuzz/make-corpus.sh <tg-opt> <out-dir>
# Deterministic: the same tree gives the same files (named by content hash).
set -euo pipefail
cd "$(dirname "$0")/.."
TG_OPT=${1:?usage: fuzz/make-corpus.sh <tg-opt> <out-dir>}
OUT=${2:?usage: fuzz/make-corpus.sh <tg-opt> <out-dir>}
rm -rf "$OUT/section" "$OUT/symbolize" "$OUT/tg-opt"
mkdir -p "$OUT/section" "$OUT/symbolize" "$OUT/tg-opt"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Files are stored under their SHA-1, as libFuzzer names corpus entries, so
# duplicates collapse and reruns write the same names.
add() { # add <corpus> <file>
  local sum
  sum=$(sha1sum "$2" | cut -d' ' -f1)
  cp "$2" "$1/$sum"
}

# Sections.
r18=examples/resnet18.mlir
serialize=test/Serialize/Inputs
section() { # section <name> <input> <passes...> -- <emit options>
  local name=$1 input=$2
  shift 2
  local passes=()
  while [ "$1" != "--" ]; do passes+=("$1"); shift; done
  shift
  "$TG_OPT" "$input" "${passes[@]}" \
    "--tg-emit-debug-section=path=$WORK/$name.tgdbg $*" -o /dev/null
  add "$OUT/section" "$WORK/$name.tgdbg"
}
# Uncompressed (compress=false), so that mutations reach the tables; the
# fuzzer also reads every uncompressed 3.0 input it seals compressed, and
# compares. Two compressed seeds reach the decompressor itself.
section r18-inlined "$r18" --tg-inline --tg-assign-debug-handles -- compress=false
section r18-b1 "$r18" --tg-inline --tg-assign-debug-handles -- handles-per-block=1 compress=false
section r18-b7 "$r18" --tg-inline --tg-assign-debug-handles -- handles-per-block=7 compress=false
section r18-traced "$r18" --tg-assign-debug-handles -- compress=false
section r18-fused "$r18" --tg-inline --tg-fuse-elementwise --tg-assign-debug-handles -- compress=false
section r18-compressed "$r18" --tg-inline --tg-assign-debug-handles --
section r18-compressed-v3 "$r18" --tg-inline --tg-assign-debug-handles -- format-version=3
# The source lines are embedded when torch/torchvision are installed where
# the example says; otherwise the writer warns and leaves them out.
section r18-source "$r18" --tg-inline --tg-assign-debug-handles -- embed-source=true compress=false 2> /dev/null
section inlined "$serialize/inlined.mlir" --tg-assign-debug-handles -- compress=false
section inlined-b2 "$serialize/inlined.mlir" --tg-assign-debug-handles -- handles-per-block=2 compress=false
section inlined-b3 "$serialize/inlined.mlir" --tg-assign-debug-handles -- handles-per-block=3 compress=false
add "$OUT/section" "$serialize/golden-v1.0.tgdbg"
add "$OUT/section" "$serialize/golden-v2.0.tgdbg"
add "$OUT/section" "$serialize/golden-v3.0.tgdbg"
add "$OUT/section" "$serialize/golden-v3.0-compressed.tgdbg"
add "$OUT/section" "$serialize/golden-v3.1.tgdbg"
add "$OUT/section" "$serialize/golden-v4.0.tgdbg"
add "$OUT/section" "$serialize/golden-v5.0.tgdbg"
add "$OUT/section" "$serialize/golden-v5.0-blocks.tgdbg"
# ELF containers (elf=true): the reader's ELF parsing and the note check.
add "$OUT/section" "$serialize/golden-v3.1.elf"
section r18-elf "$r18" --tg-inline --tg-assign-debug-handles -- elf=true compress=false

# Symbolizer requests: a u16 length, the requests, the section. Requests
# are decoded by FuzzedDataProvider (integers from the end, as it reads
# them); random bytes are random requests, and the ordered seeds spell
# "compare brief and symbolize" for every handle in order.
"$TG_OPT" <(python3 bench/gen_scale_model.py --ops 2000) --tg-inline \
  --tg-assign-debug-handles \
  "--tg-emit-debug-section=path=$WORK/scale.tgdbg compress=false" -o /dev/null
requests() { # requests <section> <order: up|down|random> <seed> <out>
  python3 - "$@" <<'PY'
import random, struct, sys
path, order, seed, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
section = open(path, "rb").read()
if not section.startswith(b"\x89TGDBG\r\n"):
    sys.exit(1)  # an ELF container: the target reads bare sections only
handles = struct.unpack_from("<I", section, 40)[0]  # the header's count
rng = random.Random(seed)
if order == "random":
    body = bytes(rng.randrange(256) for _ in range(2048))
else:
    # FuzzedDataProvider reads integers from the end, each in as many bytes
    # as its range needs, the last byte most significant: per request the
    # format (1 byte), the request (1 byte: 2, compare), the 1-in-8 draw
    # (1 byte: not 0) and the handle (little-endian, as wide as the count).
    width = max(1, (handles.bit_length() + 7) // 8)
    if order == "up":
        picked = range(min(handles, 256))
    else:
        picked = range(handles - 1, max(handles - 257, -1), -1)
    tail = bytearray()
    for h in picked:
        tail[:0] = h.to_bytes(width, "little") + bytes([1, 2, h % 3])
    body = bytes(tail)
open(out, "wb").write(struct.pack("<H", len(body)) + body + section)
PY
}
for f in "$OUT"/section/* "$WORK/scale.tgdbg"; do
  for order in up down random; do
    requests "$f" "$order" 1 "$WORK/requests" || continue
    add "$OUT/symbolize" "$WORK/requests"
  done
done
for seed in 2 3 4 5; do
  requests "$WORK/scale.tgdbg" random "$seed" "$WORK/requests"
  add "$OUT/symbolize" "$WORK/requests"
done

# tg IR: one seed per `// -----` case of every test input.
find test -name '*.mlir' -not -path '*/bad-input/*' | LC_ALL=C sort > "$WORK/files"
n=0
while read -r file; do
  mkdir -p "$WORK/split"
  awk -v dir="$WORK/split" -v base="$n" '
    BEGIN { part = 0; out = sprintf("%s/%s-%d.mlir", dir, base, part) }
    /^\/\/ -----/ { close(out); part++; out = sprintf("%s/%s-%d.mlir", dir, base, part); next }
    { print > out }' "$file"
  n=$((n + 1))
done < "$WORK/files"
for f in "$WORK"/split/*.mlir "$serialize"/*.mlir "$r18"; do
  # Comment-only pieces (RUN lines, CHECKs) teach the fuzzer nothing.
  grep -q '^[^/]' "$f" && add "$OUT/tg-opt" "$f"
done
# The inlined, handled form of the example: the shape the debug passes see
# late in a pipeline.
"$TG_OPT" "$r18" --tg-inline --tg-assign-debug-handles -mlir-print-debuginfo \
  -o "$WORK/r18-inlined.mlir"
add "$OUT/tg-opt" "$WORK/r18-inlined.mlir"

echo "fuzz corpus: $(ls "$OUT/section" | wc -l) sections, $(ls "$OUT/symbolize" | wc -l) symbolizer inputs, $(ls "$OUT/tg-opt" | wc -l) tg-opt inputs in $OUT"
