// --tg-gpu-kernel-pipeline: tg-compile-kernel --target=nvptx64's pass list
// as one named pipeline (lib/Pipelines/KernelPipeline.cpp): exactly the
// passes docs/gpu-debugging.md spells out, so its output is byte-identical
// to running them by name, and scripts/gpu_check.py's host emulation runs
// the same passes up to --tg-approximate-math.
// RUN: tg-opt %s --tg-gpu-kernel-pipeline="shape=2x3 line-chains=%t.c.json describe=%t.d.json" \
// RUN:   -mlir-print-debuginfo | FileCheck %s
// RUN: FileCheck %s --check-prefix=CHAINS < %t.c.json
// RUN: FileCheck %s --check-prefix=DESCRIBE < %t.d.json
// RUN: tg-opt %s --tg-gpu-kernel-pipeline="shape=2x3 line-chains=%t.dump.json" --dump-pass-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DUMP

// The same output as the passes by name, with every option.
// RUN: tg-opt %tg_src_root/test/tg-compile-kernel/Inputs/gated.mlir --tg-inline --tg-fuse-elementwise --tg-assign-debug-handles \
// RUN:   -mlir-print-debuginfo -o %t.mlir
// RUN: tg-opt %t.mlir -mlir-print-debuginfo -o %t.pipeline.mlir \
// RUN:   --tg-gpu-kernel-pipeline="kernels=fused_add_mul_relu_sigmoid_0 shape=4x1000 trap-after=5 block-size=64 plant-oob=4 describe=%t.1.json line-chains=%t.2.json"
// RUN: tg-opt %t.mlir -mlir-print-debuginfo -o %t.passes.mlir \
// RUN:   --tg-extract-kernels="kernels=fused_add_mul_relu_sigmoid_0 shape=4x1000 trap-after=5" \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --buffer-results-to-out-params="hoist-static-allocs modify-public-functions" \
// RUN:   --tg-kernels-to-gpu="block-size=64 plant-oob=4 describe=%t.3.json" --tg-approximate-math \
// RUN:   --convert-scf-to-cf --tg-kernels-to-nvvm --reconcile-unrealized-casts \
// RUN:   --tg-export-ptx-line-chains=path=%t.4.json
// RUN: diff %t.pipeline.mlir %t.passes.mlir
// RUN: diff %t.1.json %t.3.json
// RUN: diff %t.2.json %t.4.json
// RUN: FileCheck %s --check-prefix=TRAP < %t.pipeline.mlir

// extract=false: the module already holds kernel functions on tensors.
// RUN: tg-opt %t.mlir --tg-extract-kernels=shape=4x1000 -mlir-print-debuginfo -o %t.extracted.mlir
// RUN: tg-opt %t.extracted.mlir -mlir-print-debuginfo -o %t.linalg-pipeline.mlir \
// RUN:   --tg-gpu-kernel-pipeline="extract=false line-chains=%t.5.json"
// RUN: tg-opt %t.mlir -mlir-print-debuginfo -o %t.tg-pipeline.mlir \
// RUN:   --tg-gpu-kernel-pipeline="shape=4x1000 line-chains=%t.6.json"
// RUN: diff %t.linalg-pipeline.mlir %t.tg-pipeline.mlir

// debug-info=false: -strip-debuginfo instead of the line chains.
// RUN: tg-opt %t.mlir -mlir-print-debuginfo --tg-gpu-kernel-pipeline="shape=4x1000 debug-info=false" \
// RUN:   | FileCheck %s --check-prefix=NODEBUG
// RUN: not tg-opt %s --tg-gpu-kernel-pipeline=shape=2x3 2>&1 | FileCheck %s --check-prefix=NOCHAINS
// RUN: not tg-opt %s --tg-gpu-kernel-pipeline=shape=2x3 --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=NOCHAINS
// RUN: not tg-opt %s --tg-gpu-kernel-pipeline="shape=2x3 block-size=100 debug-info=false" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BLOCK

// A kernel of the GPU: bare pointers, nvvm ids, each op at its line chain.
// CHECK-LABEL: llvm.func @k(%arg0: !llvm.ptr {tg.gpu.role = "input"}
// CHECK-SAME: %arg1: !llvm.ptr {tg.gpu.role = "output"}
// CHECK-SAME: nvvm.kernel, nvvm.reqntid = array<i32: 256, 1, 1>
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: llvm.fneg {{.*}} {tg.debug_handle = 1 : i64} : f32 loc(#[[NEG:loc[0-9]*]])
// CHECK: llvm.intr.maximum({{.*}}) {tg.debug_handle = 2 : i64} : (f32, f32) -> f32 loc(#[[RELU:loc[0-9]*]])
// CHECK-DAG: #[[NEG]] = loc("<tg-line-chains>":[[NEGID:[0-9]+]]:0)
// CHECK-DAG: #[[RELU]] = loc("<tg-line-chains>":[[RELUID:[0-9]+]]:0)

// CHAINS-DAG: [{"column":1,"file":"m.py","function":"k","line":2}]
// CHAINS-DAG: [{"column":1,"file":"m.py","function":"k","line":3}]
// DESCRIBE: {"block":[256,1,1],"grid":[1,1,1],"handles":[1,2],"name":"k","params":[{"bytes":24,"elements":6,"name":"in0","role":"input","shape":[2,3],"type":"f32"},{"bytes":24,"elements":6,"name":"out0","role":"output","shape":[2,3],"type":"f32"}],"rows":6,"strategy":"pointwise"}

// DUMP: Pass Manager with 9 passes:
// DUMP-NEXT: builtin.module(
// DUMP-NEXT: tg-extract-kernels{element-type=f32  shape=2x3 trap-after=-1},
// DUMP-NEXT: one-shot-bufferize{{.*}} bufferize-function-boundaries=true {{.*}} function-boundary-type-conversion=identity-layout-map
// DUMP-NEXT: buffer-results-to-out-params{{.*}} hoist-static-allocs=true modify-public-functions=true
// DUMP-NEXT: tg-kernels-to-gpu{block-size=256 describe= plant-oob=-1},
// DUMP-NEXT: tg-approximate-math,
// DUMP-NEXT: convert-scf-to-cf{{.*}},
// DUMP-NEXT: tg-kernels-to-nvvm,
// DUMP-NEXT: reconcile-unrealized-casts,
// DUMP-NEXT: tg-export-ptx-line-chains{chain-file=<tg-line-chains> path={{.*}}dump.json}
// DUMP-NEXT: )

// trap-after=5 traps after handle 5, plant-oob=4 stores out of bounds after
// handle 4 (a global store, at the op's location).
// TRAP-LABEL: llvm.func @fused_add_mul_relu_sigmoid_0(
// TRAP: llvm.fmul {{.*}} {tg.debug_handle = 4 : i64} : f32 loc(#[[MUL:loc[0-9]+]])
// TRAP: llvm.inttoptr {{.*}} : i64 to !llvm.ptr<1> loc(#[[MUL]])
// TRAP-NEXT: llvm.store {{.*}} : f32, !llvm.ptr<1> loc(#[[MUL]])
// TRAP: {tg.debug_handle = 5 : i64}
// TRAP-NEXT: llvm.intr.trap

// NODEBUG-NOT: di_subprogram
// NODEBUG-NOT: loc("

// The option the user typed, not the pass's it goes to (path=), before
// any pass runs.
// Refused while the pipeline is parsed, so --dump-pass-pipeline prints no
// pass standing for the error (it printed `tg-pipeline-option-error`, which
// does not parse back).
// NOCHAINS-NOT: tg-pipeline-option-error
// NOCHAINS: error: tg-gpu-kernel-pipeline: needs a file for the line-chain table: line-chains=<file> (or debug-info=false)
// NOCHAINS-NOT: error
// BLOCK: error: tg-kernels-to-gpu: block-size must be a power of two in [32, 1024], got 100

tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "k"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::neg"(%a) {tg.debug_handle = 1 : i64} : (!tg.tensor) -> !tg.tensor loc("m.py":2:1)
    %1 = tg.op "aten::relu"(%0) {tg.debug_handle = 2 : i64} : (!tg.tensor) -> !tg.tensor loc("m.py":3:1)
    tg.kernel_yield %1 : !tg.tensor
  } loc("m.py":4:1)
  tg.return %r : !tg.tensor
} loc("m.py":1:1)
