// Kernels with reductions (--tg-decompose's layer norm, softmax and
// average pool, fused with what is around them) become a sequence of
// linalg.generic ops: one per reduction, with reduction iterators over the
// reduced dims, accumulating from the reduction's identity into a buffer of
// the kept dims, then one parallel generic per shape the kernel yields. A
// pointwise op is computed in each generic that needs it, every time at its
// own location with its own debug handle; a mean divides by its count where
// it is read; the reduction buffers are freed before the function returns.
// RUN: tg-opt %tg_src_root/test/Passes/fuse-reductions.mlir -split-input-file --tg-decompose --tg-fuse-elementwise \
// RUN:   --tg-assign-debug-handles -mlir-print-debuginfo -mlir-print-local-scope -o %t.mlir
// RUN: tg-opt %t.mlir -split-input-file --tg-extract-kernels -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s
// And the whole kernel pipeline takes them to the llvm dialect.
// RUN: tg-opt %t.mlir -split-input-file --tg-kernel-pipeline -o /dev/null
// The identities and the mean's count, on a hand-written kernel.
// RUN: tg-opt %s --tg-extract-kernels -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=HAND
// RUN: tg-opt %s --tg-kernel-pipeline -o /dev/null

// CHECK-LABEL: func.func @fused_add_layer_norm_0(
// CHECK-SAME: %arg0: tensor<1x4x8xf32> {{.*}}, %arg1: tensor<1x4x8xf32> {{.*}}, %arg2: tensor<8xf32> {{.*}}, %arg3: tensor<8xf32> {{.*}}) -> (tensor<1x4x8xf32>, tensor<1x4x8xf32>)
// The first mean: the residual add, summed over the rows' last dim.
// CHECK: %[[E0:.*]] = tensor.empty() : tensor<1x4xf32>
// CHECK: %[[Z0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[F0:.*]] = linalg.fill ins(%[[Z0]] : f32) outs(%[[E0]] : tensor<1x4xf32>)
// CHECK: %[[M0:.*]] = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : {{.*}}) outs(%[[F0]] : tensor<1x4xf32>)
// CHECK: %[[ADD:.*]] = arith.addf %in, %in_{{[0-9]+}} {tg.debug_handle = [[HADD:[0-9]+]] : i64}
// CHECK: %[[ACC:.*]] = arith.addf %out, %[[ADD]] {tg.debug_handle = [[HMEAN:[0-9]+]] : i64} : f32 loc("{{.*}}fuse-reductions.mlir":
// CHECK: linalg.yield %[[ACC]]
// The second mean (the variance) reads the first, divided by its count.
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1, %[[M0]] :
// CHECK: arith.addf %in, %in_{{[0-9]+}} {tg.debug_handle = [[HADD]] : i64}
// CHECK: %[[N:.*]] = arith.constant 8.000000e+00 : f32
// CHECK: arith.divf %in_{{[0-9]+}}, %[[N]] {tg.debug_handle = [[HMEAN]] : i64}
// The yields: the sum, and the normalized rows scaled and shifted.
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} ins({{.*}}) outs(%{{.*}}, %{{.*}} : tensor<1x4x8xf32>, tensor<1x4x8xf32>)
// CHECK: math.rsqrt
// CHECK: linalg.yield
// CHECK: bufferization.dealloc_tensor %[[M0]] : tensor<1x4xf32>
// CHECK: bufferization.dealloc_tensor
// CHECK-NEXT: return

// amax starts from -inf, over a bool mask and the scaled scores.
// CHECK-LABEL: func.func @fused_masked_fill_mul_softmax_0(
// CHECK-SAME: %arg0: tensor<2x5x5xf32> {{.*}}, %arg1: tensor<2x5x5xi1>
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: linalg.generic {{.*}} ins(%arg1, %arg0 : tensor<2x5x5xi1>, tensor<2x5x5xf32>)
// CHECK: ^bb0(%in: i1 {{.*}}, %in_{{[0-9]+}}: f32 {{.*}}, %out: f32
// CHECK: arith.select %in,
// CHECK: arith.maximumf %out,
// CHECK: math.exp
// CHECK: arith.addf %out,
// CHECK: math.exp
// CHECK: arith.divf

// A kernel that yields two shapes: the activation and its mean over H, W.
// CHECK-LABEL: func.func @fused_adaptive_avg_pool2d_batch_norm_relu_0(
// CHECK-SAME: -> (tensor<1x4x6x6xf32>, tensor<1x4x1x1xf32>)
// CHECK: iterator_types = ["parallel", "parallel", "reduction", "reduction"]
// CHECK: iterator_types = ["parallel", "parallel", "parallel", "parallel"]} {{.*}} outs(%{{.*}} : tensor<1x4x6x6xf32>)
// CHECK: iterator_types = ["parallel", "parallel", "parallel", "parallel"]} {{.*}} outs(%{{.*}} : tensor<1x4x1x1xf32>)
// CHECK: arith.constant 3.600000e+01 : f32

// mean over the last dim: a sum from 0, divided by the count (4); amax from
// -inf, amin from +inf.
// HAND-LABEL: func.func @reductions(
// HAND: arith.constant 0.000000e+00 : f32
// HAND: linalg.fill
// HAND: arith.addf %out, %in : f32 loc("m.py":201:1)
// HAND: arith.constant 0xFF800000 : f32
// HAND: linalg.fill
// HAND: arith.maximumf %out, %in : f32 loc("m.py":202:1)
// HAND: arith.constant 0x7F800000 : f32
// HAND: linalg.fill
// HAND: arith.minimumf %out, %in : f32 loc("m.py":203:1)
// HAND: ^bb0(%in: f32 {{.*}}, %in_{{[0-9]+}}: f32 {{.*}}, %in_{{[0-9]+}}: f32 {{.*}}, %out: f32
// HAND-NEXT: [[N:%[a-z0-9_]+]] = arith.constant 4.000000e+00 : f32 loc("m.py":201:1)
// HAND-NEXT: arith.divf %in, [[N]] : f32 loc("m.py":201:1)
tg.graph @"M::reductions"(%self: !tg.module<"M">, %x: tensor<3x4xf32>) -> (tensor<3x1xf32>, tensor<3x1xf32>, tensor<3x1xf32>) {
  %d = tg.constant([-1]) : !tg.value
  %t = tg.constant(true) : !tg.value
  %n = tg.constant(unit) : !tg.value
  %r:3 = tg.kernel "reductions"(%x, %d, %t, %n) : (tensor<3x4xf32>, !tg.value, !tg.value, !tg.value) -> (tensor<3x1xf32>, tensor<3x1xf32>, tensor<3x1xf32>) {
  ^bb0(%a: tensor<3x4xf32>, %dims: !tg.value, %keep: !tg.value, %none: !tg.value):
    %0 = tg.op "aten::mean"(%a, %dims, %keep, %none) : (tensor<3x4xf32>, !tg.value, !tg.value, !tg.value) -> tensor<3x1xf32> loc("m.py":201:1)
    %1 = tg.op "aten::amax"(%a, %dims, %keep) : (tensor<3x4xf32>, !tg.value, !tg.value) -> tensor<3x1xf32> loc("m.py":202:1)
    %2 = tg.op "aten::amin"(%a, %dims, %keep) : (tensor<3x4xf32>, !tg.value, !tg.value) -> tensor<3x1xf32> loc("m.py":203:1)
    tg.kernel_yield %0, %1, %2 : tensor<3x1xf32>, tensor<3x1xf32>, tensor<3x1xf32>
  } loc("m.py":204:1)
  tg.return %r#0, %r#1, %r#2 : tensor<3x1xf32>, tensor<3x1xf32>, tensor<3x1xf32>
}

// A reduced dim that every input reads through a layout map (a view folded
// into the indexing: `(d0 * 4 + d1) floordiv 6`, `... mod 6`) has no operand
// dim of its own to give the loop its range; an unread 1-D operand of its
// size does (MaxViT's layer norms after a window permute and reshape were
// rejected as "invalid indexing maps are non-invertible" without it).
// HAND-LABEL: func.func @view_then_mean(
// HAND-SAME: %arg0: tensor<2x6xf32>
// HAND: %[[SIZE:.*]] = tensor.empty() : tensor<4xf32>
// HAND: linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ((d1 + d0 * 4) floordiv 6, (d1 + d0 * 4) mod 6)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg0, %[[SIZE]] : tensor<2x6xf32>, tensor<4xf32>)
// HAND: bufferization.dealloc_tensor %[[SIZE]] : tensor<4xf32>
tg.graph @"M::view_then_mean"(%self: !tg.module<"M">, %x: tensor<2x6xf32>) -> tensor<3x1xf32> {
  %shape = tg.constant([3, 4]) : !tg.value
  %d = tg.constant([-1]) : !tg.value
  %t = tg.constant(true) : !tg.value
  %n = tg.constant(unit) : !tg.value
  %r = tg.kernel "view_then_mean"(%x, %shape, %d, %t, %n) : (tensor<2x6xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<3x1xf32> {
  ^bb0(%a: tensor<2x6xf32>, %s: !tg.value, %dims: !tg.value, %keep: !tg.value, %none: !tg.value):
    %0 = tg.op "aten::view"(%a, %s) : (tensor<2x6xf32>, !tg.value) -> tensor<3x4xf32> loc("m.py":211:1)
    %1 = tg.op "aten::mean"(%0, %dims, %keep, %none) : (tensor<3x4xf32>, !tg.value, !tg.value, !tg.value) -> tensor<3x1xf32> loc("m.py":212:1)
    tg.kernel_yield %1 : tensor<3x1xf32>
  } loc("m.py":213:1)
  tg.return %r : tensor<3x1xf32>
}
