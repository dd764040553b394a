// --tg-kernel-pipeline: tg-compile-kernel's pass list as one named pipeline
// (lib/Pipelines/KernelPipeline.cpp). It is exactly the list of upstream and
// tracegraph passes docs/native-debugging.md spells out, option for option,
// so its output is byte-identical to running those passes by name.
// RUN: tg-opt %s --tg-kernel-pipeline=shape=2x3 -mlir-print-debuginfo | FileCheck %s
// RUN: tg-opt %s --tg-kernel-pipeline=shape=2x3 --dump-pass-pipeline -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DUMP

// The same output as the passes by name, on a real kernel and with every
// option the pipeline passes on to --tg-extract-kernels.
// RUN: tg-opt %tg_src_root/test/tg-compile-kernel/Inputs/gated.mlir --tg-inline --tg-fuse-elementwise --tg-assign-debug-handles \
// RUN:   -mlir-print-debuginfo -o %t.mlir
// RUN: tg-opt %t.mlir -mlir-print-debuginfo -o %t.pipeline.mlir \
// RUN:   --tg-kernel-pipeline="kernels=fused_add_mul_relu_sigmoid_0 shape=4x1000 element-type=f64 trap-after=5"
// RUN: tg-opt %t.mlir -mlir-print-debuginfo -o %t.passes.mlir \
// RUN:   --tg-extract-kernels="kernels=fused_add_mul_relu_sigmoid_0 shape=4x1000 element-type=f64 trap-after=5" \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --buffer-results-to-out-params="hoist-static-allocs modify-public-functions" \
// RUN:   --convert-linalg-to-loops --lower-affine --convert-bufferization-to-memref --convert-scf-to-cf --convert-math-to-llvm --convert-math-to-libm \
// RUN:   --convert-arith-to-llvm --finalize-memref-to-llvm --convert-func-to-llvm=use-bare-ptr-memref-call-conv=1 \
// RUN:   --convert-cf-to-llvm --reconcile-unrealized-casts --tg-keep-compare-rows --tg-export-llvm-debuginfo
// RUN: diff %t.pipeline.mlir %t.passes.mlir
// RUN: FileCheck %s --check-prefix=TRAP < %t.pipeline.mlir

// keep-compare-rows=false leaves --tg-keep-compare-rows out; with
// debug-info=false it is left out too (there are no rows to keep).
// RUN: tg-opt %s --tg-kernel-pipeline="shape=2x3 keep-compare-rows=false" --dump-pass-pipeline \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOROWS
// RUN: tg-opt %s --tg-kernel-pipeline="shape=2x3 debug-info=false" --dump-pass-pipeline \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOROWS
// NOROWS: Pass Manager with 15 passes:
// NOROWS-NOT: tg-keep-compare-rows

// debug-info=false: -strip-debuginfo instead of the export.
// RUN: tg-opt %t.mlir -mlir-print-debuginfo -o %t.nodebug-pipeline.mlir \
// RUN:   --tg-kernel-pipeline="shape=4x1000 debug-info=false"
// RUN: tg-opt %t.mlir -mlir-print-debuginfo -o %t.nodebug-passes.mlir \
// RUN:   --tg-extract-kernels="shape=4x1000" \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --buffer-results-to-out-params="hoist-static-allocs modify-public-functions" \
// RUN:   --convert-linalg-to-loops --lower-affine --convert-bufferization-to-memref --convert-scf-to-cf --convert-math-to-llvm --convert-math-to-libm \
// RUN:   --convert-arith-to-llvm --finalize-memref-to-llvm --convert-func-to-llvm=use-bare-ptr-memref-call-conv=1 \
// RUN:   --convert-cf-to-llvm --reconcile-unrealized-casts -strip-debuginfo
// RUN: diff %t.nodebug-pipeline.mlir %t.nodebug-passes.mlir
// RUN: FileCheck %s --check-prefix=NODEBUG < %t.nodebug-pipeline.mlir

// A bad option is refused before anything runs; the lowering's own errors
// come from the lowering.
// RUN: not tg-opt %s --tg-kernel-pipeline=frobnicate=1 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tg-opt %s --tg-kernel-pipeline=debug-info=maybe 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: not tg-opt %s --tg-kernel-pipeline=trap-after=x 2>&1 | FileCheck %s --check-prefix=INT
// RUN: not tg-opt %s --tg-kernel-pipeline=element-type=f16 2>&1 | FileCheck %s --check-prefix=ETYPE
// RUN: not tg-opt %s --tg-kernel-pipeline=shape=2xa 2>&1 | FileCheck %s --check-prefix=SHAPE

// One function of bare pointers per kernel, each op at its own location with
// its handle, the function in the scope of the Python method.
// CHECK-NOT: tg.graph
// CHECK-LABEL: llvm.func @k(%arg0: !llvm.ptr {{.*}}, %arg1: !llvm.ptr {{.*}}) attributes {tg.traced_from = "M::forward"}
// CHECK: llvm.fneg {{.*}} {tg.debug_handle = 1 : i64} : f32 loc(#[[NEG:loc[0-9]*]])
// CHECK: llvm.intr.maximum({{.*}}) {tg.debug_handle = 2 : i64} : (f32, f32) -> f32 loc(#[[RELU:loc[0-9]*]])
// CHECK: } loc(#[[FUNC:loc[0-9]*]])
// CHECK-DAG: #[[NEG]] = loc("m.py":2:1)
// CHECK-DAG: #[[RELU]] = loc("m.py":3:1)
// CHECK-DAG: #di_subprogram = #llvm.di_subprogram<{{.*}}name = "forward", linkageName = "k"
// CHECK-DAG: #[[FUNC]] = loc(fused<#di_subprogram>[#loc{{[0-9]*}}])

// DUMP: Pass Manager with 16 passes:
// DUMP-NEXT: builtin.module(
// DUMP-NEXT: tg-extract-kernels{element-type=f32  shape=2x3 trap-after=-1},
// DUMP-NEXT: one-shot-bufferize{{.*}} bufferize-function-boundaries=true {{.*}} function-boundary-type-conversion=identity-layout-map
// DUMP-NEXT: buffer-results-to-out-params{{.*}} hoist-static-allocs=true modify-public-functions=true
// DUMP-NEXT: convert-linalg-to-loops
// DUMP-NEXT: lower-affine
// DUMP-NEXT: convert-bufferization-to-memref
// DUMP-NEXT: convert-scf-to-cf
// DUMP-NEXT: convert-math-to-llvm
// DUMP-NEXT: convert-math-to-libm
// DUMP-NEXT: convert-arith-to-llvm
// DUMP-NEXT: finalize-memref-to-llvm
// DUMP-NEXT: convert-func-to-llvm{{.*}} use-bare-ptr-memref-call-conv=true
// DUMP-NEXT: convert-cf-to-llvm
// DUMP-NEXT: reconcile-unrealized-casts
// DUMP-NEXT: tg-keep-compare-rows
// DUMP-NEXT: tg-export-llvm-debuginfo
// DUMP-NEXT: )

// TRAP-LABEL: llvm.func @fused_add_mul_relu_sigmoid_0(
// TRAP: llvm.intr.trap
// TRAP-NOT: llvm.func

// NODEBUG-NOT: di_subprogram
// NODEBUG-NOT: loc("

// UNKNOWN: no such option frobnicate
// BOOL: for the --debug-info option: 'maybe' is invalid value for boolean argument
// INT: for the --trap-after option: 'x' value invalid for long argument
// ETYPE: for the --element-type option: Cannot find option named 'f16'!
// SHAPE: error: tg-extract-kernels: shape must be positive sizes joined by 'x' (1x64x56x56), got '2xa'

tg.graph @"M::forward"(%self: !tg.module<"M">, %x: !tg.tensor) -> !tg.tensor {
  %r = tg.kernel "k"(%x) : (!tg.tensor) -> !tg.tensor {
  ^bb0(%a: !tg.tensor):
    %0 = tg.op "aten::neg"(%a) {tg.debug_handle = 1 : i64} : (!tg.tensor) -> !tg.tensor loc("m.py":2:1)
    %1 = tg.op "aten::relu"(%0) {tg.debug_handle = 2 : i64} : (!tg.tensor) -> !tg.tensor loc("m.py":3:1)
    tg.kernel_yield %1 : !tg.tensor
  } loc("m.py":4:1)
  tg.return %r : !tg.tensor
} loc("m.py":1:1)
