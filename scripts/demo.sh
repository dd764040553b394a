#!/usr/bin/env bash
# Quick start, part 1: install what is missing, build everything, and run the
# whole tracegraph pipeline on a real import of torchvision's ResNet-18
# (examples/torchvision/resnet18.mlir, torch-to-tg's output), stage by stage.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
BUILD_DIR=${TG_BUILD_DIR:-build}
TG_OPT="$BUILD_DIR/bin/tg-opt"
TG_SYM="$BUILD_DIR/bin/tg-symbolicate"
EXAMPLE=examples/torchvision/resnet18.mlir
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
count() { grep -c -- "$1" "$2" || true; }
ops() { grep -cE '^ *(%[^=]+= )?(tg|builtin)\.' "$1" || true; }

step "1. The traced model: $EXAMPLE (tools/torch-to-tg/torch-to-tg --torchvision resnet18)"
"$TG_OPT" "$EXAMPLE" -mlir-print-debuginfo > "$OUT/0-traced.mlir"
"$TG_OPT" "$OUT/0-traced.mlir" -mlir-print-debuginfo | cmp - "$OUT/0-traced.mlir"
echo "$(count ' tg.graph ' "$OUT/0-traced.mlir") graphs (one per method of each module class)," \
     "$(ops "$OUT/0-traced.mlir") ops; print -> parse -> print is byte-identical"
grep -m1 'aten::conv2d' "$OUT/0-traced.mlir" | sed 's/^ */  /' | cut -c1-110

step "2. Inline every method call (--tg-inline): one frame per call in each location"
"$TG_OPT" "$OUT/0-traced.mlir" --tg-inline -mlir-print-debuginfo > "$OUT/1-inlined.mlir"
echo "$(count ' tg.graph ' "$OUT/1-inlined.mlir") graphs left (the entry; methods nothing calls, such as __len__)," \
     "$(ops "$OUT/1-inlined.mlir") ops;" \
     "$(count '= #tg.frame<' "$OUT/1-inlined.mlir") distinct frames, e.g.:"
grep -m3 '= #tg.frame<' "$OUT/1-inlined.mlir" | sed 's/^/  /'
# `if inplace:` (F.relu's argument) and `if self.training:` are constants
# once inlined: --tg-inline resolves them (fold-control-flow), so that the
# activations stand next to the ops they fuse with; what the branches not
# taken held is recorded, not dropped.
"$TG_OPT" "$OUT/0-traced.mlir" --tg-inline=fold-control-flow=false -o "$OUT/1-unfolded.mlir"
records=$("$TG_OPT" "$OUT/1-inlined.mlir" -mlir-print-debuginfo -mlir-print-local-scope \
  | grep -o 'origin_record<eliminated, pass = "tg-inline"' | wc -l | tr -d ' ')
echo "  prim::If: $(count 'tg.op "prim::If"' "$OUT/1-unfolded.mlir") before folding, $(count 'tg.op "prim::If"' "$OUT/1-inlined.mlir")" \
     "after; $records origins of the branches not taken recorded as eliminated"
# torch-to-tg ran the model on its standard input (1x3x224x224): every tensor
# has its static type per call path, which --tg-inline applied as it
# flattened (the same BasicBlock::forward is 1x64x56x56 in layer1 and
# 1x512x7x7 in layer4), so `if input.dim() != 4` folds too.
echo "  static tensor types: $(grep -c 'tensor<1x64x56x56xf32>' "$OUT/1-inlined.mlir") ops compute 1x64x56x56," \
     "$(grep -c 'tensor<1x512x7x7xf32>' "$OUT/1-inlined.mlir") compute 1x512x7x7 (from torch-to-tg --example-input)"

step "3. Module hierarchy (--tg-module-hierarchy), the strings PyTorch prints"
for format in profiler mobile scope; do
  "$TG_OPT" "$OUT/1-inlined.mlir" --tg-module-hierarchy=format=$format \
    | grep 'aten::conv2d' | sed -n 's/.*tg.module_hierarchy = \("[^"]*"\).*/\1/p' | sed -n 4p \
    | sed "s/^/  $format: /"
done

step "4. Decompose and fuse (--tg-decompose --tg-fuse-elementwise), keeping every origin"
# Batch norm in eval becomes (x - mean) * rsqrt(var + eps) * weight + bias,
# the average pool a mean: pointwise ops and a reduction that fuse, as
# Inductor decomposes and fuses them, every new op at the composite's location.
"$TG_OPT" "$OUT/1-inlined.mlir" --tg-snapshot-origins --tg-decompose --tg-fuse-elementwise --tg-verify-origins \
  --tg-provenance=path="$OUT/provenance.json" -mlir-print-debuginfo > "$OUT/2-fused.mlir"
echo "$(count ' = tg.kernel "' "$OUT/2-fused.mlir") kernels; no origin lost (--tg-verify-origins):"
grep -o ' = tg.kernel "[a-z_0-9]*"' "$OUT/2-fused.mlir" | sed 's/.*"\(.*\)_[0-9]*"/\1/' | sort | uniq -c \
  | sort -rn | sed 's/^ */    /'
echo "  a residual block's last kernel: the downsample branch's batch norm, the main branch's,"
echo "  the residual add and the relu, in one kernel (ops, each at its own Python line):"
kernel_ops() {  # the ops of kernel $1 in file $2: "sub(batch_norm) ... relu_"
  sed -n "/tg.kernel \"$1\"/,/tg.kernel_yield/p" "$2" | python3 -c '
import re, sys
ops = []
for line in sys.stdin:
    m = re.search(r"tg.op \"aten::(\w+)\"", line)
    if m:
        d = re.search(r"tg.decomposed_from = \"aten::(\w+)\"", line)
        ops.append(m.group(1) + ("(%s)" % d.group(1) if d else ""))
print(" ".join(ops))' | fold -s -w 100 | sed 's/^/    /'
}
kernel_ops fused_add_batch_norm_relu_4 "$OUT/2-fused.mlir"
echo "  kernel location (its origins' full call stacks):"
grep -m1 '= loc(fused<#kernel' "$OUT/2-fused.mlir" | sed 's/^/    /' | cut -c1-110
echo "  provenance: $OUT/provenance.json ($(wc -c < "$OUT/provenance.json") bytes)"
# A transformer-style model: ConvNeXt's LayerNorm is a reduction kernel.
"$TG_OPT" examples/torchvision/convnext_tiny.mlir --tg-inline --tg-snapshot-origins --tg-decompose \
  --tg-fuse-elementwise --tg-verify-origins -o "$OUT/convnext-fused.mlir"
echo "  ConvNeXt-T (examples/torchvision/convnext_tiny.mlir, a real import):" \
     "$(count ' = tg.kernel "' "$OUT/convnext-fused.mlir") kernels, e.g. its first layer norm:"
kernel_ops "$(grep -m1 -o 'tg.kernel "fused_layer_norm[a-z_]*_[0-9]*"' "$OUT/convnext-fused.mlir" | cut -d'"' -f2)" \
  "$OUT/convnext-fused.mlir"
# A transformer: PyTorch's nn.TransformerEncoderLayer (attention through
# F.multi_head_attention_forward), imported with an example input.
"$TG_OPT" examples/models/transformer.mlir --tg-inline --tg-snapshot-origins --tg-decompose \
  --tg-fuse-elementwise --tg-verify-origins -o "$OUT/transformer-fused.mlir"
echo "  a transformer encoder (examples/models/transformer.mlir, two nn.TransformerEncoderLayer):" \
     "$(count ' = tg.kernel "' "$OUT/transformer-fused.mlir") kernels, $(count 'tg.op "prim::If"' "$OUT/transformer-fused.mlir") prim::If left;"
echo "  its attention's softmax, and a residual add with the layer norm after it:"
for k in fused_softmax fused_add_layer_norm; do
  kernel_ops "$(grep -m1 -o "tg.kernel \"${k}_[0-9]*\"" "$OUT/transformer-fused.mlir" | cut -d'"' -f2)" \
    "$OUT/transformer-fused.mlir"
done
# An upsampling decoder (nn.Upsample, F.interpolate) imported from
# TorchScript, whose scripted F.interpolate builds its scales in a loop and
# slices a shape for its size: --tg-decompose folds them into constants, and
# each upsampling is read at an index inside the kernel around it (a
# bilinear one at its two taps per dim, weighed as ATen weighs them).
"$TG_OPT" examples/models/upsampler.mlir --tg-inline --tg-snapshot-origins --tg-decompose \
  --tg-fuse-elementwise --tg-verify-origins -o "$OUT/upsampler-fused.mlir"
echo "  an upsampling decoder (examples/models/upsampler.mlir, nn.Upsample and F.interpolate, nearest and bilinear):" \
     "$(count ' = tg.kernel "' "$OUT/upsampler-fused.mlir") kernels," \
     "$(grep -c '^    %.* = tg.op "aten::upsample' "$OUT/upsampler-fused.mlir" || true) upsamplings outside them; the second block's, with the skip's bilinear one:"
kernel_ops "$(grep -m1 -o 'tg.kernel "fused_add_batch_norm_relu_upsample_bilinear2d_upsample_nearest2d_[0-9]*"' \
  "$OUT/upsampler-fused.mlir" | cut -d'"' -f2)" "$OUT/upsampler-fused.mlir"

step "5. Debug handles, the debug section, and stripping (--tg-assign-debug-handles, --tg-emit-debug-section, -strip-debuginfo)"
"$TG_OPT" "$OUT/2-fused.mlir" --tg-assign-debug-handles -mlir-print-debuginfo > "$OUT/3-handles.mlir"
"$TG_OPT" "$OUT/3-handles.mlir" --tg-emit-debug-section=path="$OUT/model.tgdbg" \
  -strip-debuginfo -mlir-print-debuginfo > "$OUT/4-stripped.mlir"
handles=$(grep -o 'tg.debug_handle = [0-9]*' "$OUT/3-handles.mlir" | wc -l)
bytes=$(wc -c < "$OUT/model.tgdbg")
echo "$handles ops carry a handle; the section holds all their locations in $bytes bytes" \
     "($(awk "BEGIN{printf \"%.1f\", $bytes/$handles}") bytes per handle)"
echo "  the stripped IR keeps only handles: $(count '.py"' "$OUT/4-stripped.mlir") source locations left"
# Format 3.0 opens in O(1) and checks each table and block on first use;
# --verify checks every checksum up front. A section this small is stored as
# one zstd frame and decompressed at open; compress=false keeps the image,
# read in place as large sections are.
echo "  $("$TG_SYM" "$OUT/model.tgdbg" --verify)"
"$TG_OPT" "$OUT/3-handles.mlir" --tg-emit-debug-section="path=$OUT/model-plain.tgdbg compress=false" -o /dev/null
echo "  stored uncompressed (compress=false): $(wc -c < "$OUT/model-plain.tgdbg") bytes"
"$TG_OPT" "$OUT/3-handles.mlir" --tg-emit-debug-section="path=$OUT/model-v2.tgdbg format-version=2" -o /dev/null
# (Format 1.0 cannot hold the origin records of the folded branches.)
echo "  the same section for older readers: format 2.1 (format-version=2) $(wc -c < "$OUT/model-v2.tgdbg") bytes"

step "6. Back from a handle to Python (tg-symbolicate)"
handle=$(grep 'aten::conv2d' "$OUT/3-handles.mlir" | sed -n 5p | grep -o 'tg.debug_handle = [0-9]*' | grep -o '[0-9]*$')
# Source lines show when the torch/torchvision sources are installed
# (./scripts/test.sh installs them); the frames show either way.
"$TG_SYM" "$OUT/model.tgdbg" "$handle"

step "7. Restore the locations from the section (--tg-restore-debuginfo)"
"$TG_OPT" "$OUT/4-stripped.mlir" --tg-restore-debuginfo=path="$OUT/model.tgdbg" \
  -mlir-print-debuginfo > "$OUT/5-restored.mlir"
cmp "$OUT/3-handles.mlir" "$OUT/5-restored.mlir" \
  && echo "restored IR is byte-identical to the IR before stripping ($(wc -c < "$OUT/5-restored.mlir") bytes)"

step "8. Upstream transforms on func/arith/linalg IR: what they lose, and the drop-ins that lose nothing"
UP=examples/upstream/model.mlir
lines=$(grep -o '"model.py":[0-9]*' "$UP" | sort -u | wc -l)
lost=$("$TG_OPT" "$UP" --tg-snapshot-origins -cse -canonicalize -linalg-fuse-elementwise-ops \
  --tg-verify-origins -o /dev/null 2>&1 | grep -c 'origin lost' || true)
echo "upstream -cse -canonicalize -linalg-fuse-elementwise-ops: $lost of $lines Python lines on no op"
"$TG_OPT" "$UP" --tg-snapshot-origins --tg-cse --tg-canonicalize --tg-linalg-fuse-elementwise \
  --tg-verify-origins --tg-assign-debug-handles -mlir-print-debuginfo -mlir-print-local-scope \
  > "$OUT/6-upstream.mlir"
echo "drop-ins --tg-cse --tg-canonicalize --tg-linalg-fuse-elementwise: 0 lost (--tg-verify-origins);" \
     "$(grep -o 'origin_record<eliminated' "$OUT/6-upstream.mlir" | wc -l | tr -d ' ') recorded as eliminated"
"$TG_OPT" "$UP" -cse -canonicalize -linalg-fuse-elementwise-ops | "$TG_OPT" -strip-debuginfo > "$OUT/up.txt"
"$TG_OPT" "$UP" --tg-cse --tg-canonicalize --tg-linalg-fuse-elementwise | "$TG_OPT" -strip-debuginfo > "$OUT/tg.txt"
cmp -s "$OUT/up.txt" "$OUT/tg.txt" && echo "  with locations stripped, the output is byte-identical to upstream's"
"$TG_OPT" "$OUT/6-upstream.mlir" --tg-emit-debug-section=path="$OUT/upstream.tgdbg" -o /dev/null
echo "  reverse queries on its debug section (tg-symbolicate --source):"
for line in 13 14 16; do
  "$TG_SYM" "$OUT/upstream.tgdbg" --source "model.py:$line" | sed 's/^/    /'
done

# Lowering to the llvm dialect runs upstream passes unchanged; the origin
# accounting around each of them (--tg-account-origins) loses nothing.
LOWER=(-one-shot-bufferize=bufferize-function-boundaries -convert-linalg-to-loops
  -convert-scf-to-cf -convert-arith-to-llvm -finalize-memref-to-llvm -convert-func-to-llvm
  -convert-cf-to-llvm -reconcile-unrealized-casts)
lost=$("$TG_OPT" "$UP" --tg-snapshot-origins "${LOWER[@]}" --tg-verify-origins -o /dev/null 2>&1 \
  | grep -c 'origin lost' || true)
echo "lowered to the llvm dialect by upstream passes alone: $lost of $lines Python lines lost;"
"$TG_OPT" "$UP" --tg-snapshot-origins --tg-account-origins "${LOWER[@]}" \
  --tg-verify-origins=summary=true -mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 \
  | sed -n 's/.*remark: origins: \(.*\)/  with --tg-account-origins around each: origins \1/p'

step "9. Native code: a fused kernel compiled with DWARF that gdb and llvm-symbolizer read (--tg-export-llvm-debuginfo)"
TG_CK="$BUILD_DIR/bin/tg-compile-kernel"
# layer1[0]'s first batch norm and relu: the kernel reads the conv's output
# and the four per-channel tensors.
K=fused_batch_norm_relu_1
relu=$(sed -n "/tg.kernel \"$K\"/,/tg.kernel_yield/p" "$OUT/3-handles.mlir" | grep 'aten::relu_' \
  | grep -o 'tg.debug_handle = [0-9]*' | grep -o '[0-9]*$')
"$TG_CK" "$OUT/3-handles.mlir" -k $K -o "$OUT/kernel.o"
"$TG_CK" "$OUT/3-handles.mlir" -k $K --no-debug-info -o "$OUT/kernel-nodebug.o"
echo "$K -> object file ($(wc -c < "$OUT/kernel.o") bytes; $(wc -c < "$OUT/kernel-nodebug.o") without" \
     "debug info); llvm-dwarfdump --verify: $(llvm-dwarfdump-22 --verify "$OUT/kernel.o" | tail -1)"
cc -g -DKERNEL=$K -DN=200704 -DC=64 -DREF_BATCH_NORM_RELU examples/native/run_kernel.c "$OUT/kernel.o" \
  -lm -o "$OUT/run_kernel"
echo "  $("$OUT/run_kernel")"
# The relu's own source position (F.relu's `torch.relu_(input)`), from the section.
read -r rline rcol < <("$TG_SYM" "$OUT/model.tgdbg" "$relu" --output-style=llvm | sed -n 2p \
  | awk -F: '{print $(NF-1), $NF}')
addr=$(llvm-dwarfdump-22 --debug-line "$OUT/kernel.o" \
  | awk -v l="$rline" -v c="$rcol" '$2 == l && $3 == c {print $1; exit}')
echo "  llvm-symbolizer --inlining at $addr (the relu, handle $relu):"
llvm-symbolizer-22 --inlining --obj="$OUT/kernel.o" "$addr" | sed "/^$/d" | paste - - | sed 's/^/    /'
echo "  tg-symbolicate --output-style=llvm --functions=linkage $relu, from the debug section (the same" \
     "frames; DWARF names the outermost by the kernel's symbol):"
"$TG_SYM" "$OUT/model.tgdbg" "$relu" --output-style=llvm --functions=linkage | sed "/^$/d" \
  | paste - - | sed 's/^/    /'
"$TG_CK" "$OUT/3-handles.mlir" -k $K --trap-after "$relu" -o "$OUT/trap.o"
cc -g -DKERNEL=$K -DN=200704 -DC=64 -DREF_BATCH_NORM_RELU examples/native/run_kernel.c "$OUT/trap.o" \
  -lm -o "$OUT/run_trap"
echo "  a trap after the relu (--trap-after $relu), under gdb:"
gdb -nx -batch -ex run -ex bt "$OUT/run_trap" 2>&1 | grep '^#' | sed 's/^/    /' \
  || echo "    (gdb cannot run programs here)"

step "10. Fleet symbolication: the section by build ID from a debuginfod server (docs/fleet-symbolication.md)"
mkdir -p "$OUT/symbols"
"$TG_OPT" "$OUT/3-handles.mlir" --tg-emit-debug-section="path=$OUT/symbols/model.debug elf=true" -o /dev/null
id=$("$TG_SYM" --print-build-id "$OUT/model.tgdbg")
"$TG_CK" "$OUT/3-handles.mlir" -k $K --section "$OUT/model.tgdbg" -o "$OUT/kernel-id.o"
echo "the section's build ID: $id (a hash of its contents); the ELF container model.debug"
echo "  ($(wc -c < "$OUT/symbols/model.debug") bytes) carries it as its GNU build ID, and so does the kernel object:" \
     "$(llvm-readelf-22 -n "$OUT/kernel-id.o" | sed -n 's/.*Build ID: //p')"
echo "  debuginfod (elfutils) on 127.0.0.1 serves the container; tg-symbolicate --build-id=$id $handle"
echo "  fetches it through LLVM's debuginfod client (DEBUGINFOD_URLS) and symbolicates:"
python3 scripts/debuginfod-server.py "$OUT/symbols" -- \
  env DEBUGINFOD_CACHE_PATH="$OUT/debuginfod-cache" "$TG_SYM" --build-id="$id" "$handle" | sed 's/^/    /'

step "11. GPU: the kernel as PTX whose line info names every Python frame (docs/gpu-debugging.md)"
"$TG_CK" "$OUT/3-handles.mlir" -k "$K" --target=nvptx64 --gpu-arch=sm_90 \
  --describe "$OUT/kernel.json" -o "$OUT/kernel.ptx"
echo "$K -> PTX for sm_90 ($(wc -c < "$OUT/kernel.ptx") bytes): one .entry, a grid-stride loop," \
     "blocks of 256 threads; the relu's instruction and its .loc chain (function_name, inlined_at):"
grep -B6 -m1 'max.NaN.f32' "$OUT/kernel.ptx" | sed 's/^\s*/    /'
ptx_frames=$("$BUILD_DIR/bin/tg-ptx-lineinfo" "$OUT/kernel.ptx" --print-chains \
  | awk -v RS= '/functional.py:1455/ {print; exit}')
sym_frames=$("$TG_SYM" "$OUT/model.tgdbg" "$relu" --output-style=llvm --functions=linkage | sed '/^$/d')
echo "  read back (tg-ptx-lineinfo --print-chains), innermost first:"
printf '%s\n' "$ptx_frames" | paste - - | sed 's/^/    /'
# The outermost function is the kernel in PTX, the entry method in the section.
outer() { grep -v -x -e "$K" -e 'ResNet::forward'; }
[ "$(printf '%s\n' "$ptx_frames" | outer)" = "$(printf '%s\n' "$sym_frames" | outer)" ] \
  && echo "  = tg-symbolicate --output-style=llvm --functions=linkage $relu, frame for frame"
PTXAS=${PTXAS:-$(command -v ptxas || ls /usr/local/cuda/bin/ptxas 2>/dev/null || true)}
if [ -n "$PTXAS" ]; then
  "$PTXAS" -arch=sm_90 -lineinfo "$OUT/kernel.ptx" -o "$OUT/kernel.cubin"
  echo "  ptxas -arch=sm_90 -lineinfo: $(wc -c < "$OUT/kernel.cubin")-byte cubin, the names in its .debug_str;"
  echo "  its line table read back (scripts/cubin_line_table.py), what nvdisasm and compute-sanitizer read:"
  python3 scripts/cubin_line_table.py "$OUT/kernel.cubin" --check "$OUT/kernel.ptx" \
    --tg-ptx-lineinfo "$BUILD_DIR/bin/tg-ptx-lineinfo" | grep -v '^missing' | sed 's/^/    /' || true
else
  echo "  (no ptxas here: a CUDA toolkit assembles it)"
fi
if python3 -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' 2>/dev/null; then
  echo "  a GPU is here: scripts/gpu-check.sh runs the kernels, memcheck and the profiler on it:"
  ./scripts/gpu-check.sh --prepare "$OUT/gpu" --models resnet18 --tools "$BUILD_DIR/bin" > /dev/null
  ./scripts/gpu-check.sh "$OUT/gpu" | sed 's/^/    /' || true
else
  echo "  no GPU here: on a machine with one, scripts/gpu-check.sh --prepare DIR, then scripts/gpu-check.sh DIR"
  echo "  (on an H100 and an H200: 182 kernels equal PyTorch, compute-sanitizer names the fault's Python frames; docs/gpu-debugging.md)"
fi
