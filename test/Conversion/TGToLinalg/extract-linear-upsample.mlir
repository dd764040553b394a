// RUN: tg-opt %s -split-input-file --tg-fuse-elementwise --tg-assign-debug-handles -mlir-print-debuginfo \
// RUN:   | tg-opt -split-input-file --tg-extract-kernels -mlir-print-debuginfo -mlir-print-local-scope \
// RUN:   | FileCheck %s

// A linear upsampling in a kernel reads its input at two affine indices per
// spatial dim (LinearIndex.h: 4 -> 8 without align_corners, ratio 1/2 =
// M / 2^E with M = 1, E = 1: i0 = max((2d - 1) floordiv 4, 0), i1 = min(i0 +
// 1, 3)), and weighs the taps with weights computed from the output index as
// ATen computes them: the source index in double, its integer part, the
// fraction made a float. Every op at the upsampling's location; the sum
// takes its debug handle.
// CHECK-LABEL: func.func @fused_relu_upsample_linear1d_0
// CHECK: linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, (d2 * 2 - 1) floordiv 4 - (((d2 * 2 - 1) floordiv 4) floordiv 4 + 1) + 1)>, affine_map<(d0, d1, d2) -> (d0, d1, (d2 * 2 - 1) floordiv 4 - (((d2 * 2 - 1) floordiv 4) floordiv 4 + 1) - ((d2 * 2 - 1) floordiv 4 - (((d2 * 2 - 1) floordiv 4) floordiv 4 + 1) + 2) floordiv 4 + 2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
// CHECK-SAME: ins(%arg0, %arg0 : tensor<1x2x4xf32>, tensor<1x2x4xf32>)
// CHECK: ^bb0(%[[T0:.*]]: f32 {{.*}}, %[[T1:.*]]: f32 {{.*}}, %{{.*}}: f32
// CHECK: %[[D:.*]] = linalg.index 2 : index loc("m.py":3:5)
// CHECK: %[[I:.*]] = arith.index_cast %[[D]] : index to i64
// CHECK: %[[F:.*]] = arith.sitofp %[[I]] : i64 to f64
// CHECK: %[[RATIO:.*]] = arith.constant 5.000000e-01 : f64
// CHECK: %[[HALF:.*]] = arith.constant 5.000000e-01 : f64
// CHECK: %[[P:.*]] = arith.addf %[[F]], %[[HALF]] : f64
// CHECK: %[[M:.*]] = arith.mulf %[[RATIO]], %[[P]] : f64
// CHECK: %[[S:.*]] = arith.subf %[[M]], %[[HALF]] : f64
// CHECK: arith.cmpf olt, %[[S]]
// CHECK: %[[R:.*]] = arith.select
// CHECK: %[[I0:.*]] = arith.fptosi %[[R]] : f64 to i64
// CHECK: %[[I0F:.*]] = arith.sitofp %[[I0]] : i64 to f64
// CHECK: %[[L:.*]] = arith.subf %[[R]], %[[I0F]] : f64
// CHECK: %[[W1:.*]] = arith.truncf %[[L]] : f64 to f32
// CHECK: %[[W0:.*]] = arith.subf %{{.*}}, %[[W1]] : f32
// CHECK: %[[A:.*]] = arith.mulf %[[T0]], %[[W0]] : f32
// CHECK: %[[B:.*]] = arith.mulf %[[T1]], %[[W1]] : f32
// CHECK: %[[SUM:.*]] = arith.addf %[[A]], %[[B]] {tg.debug_handle = {{[0-9]+}} : i64} : f32 loc("m.py":3:5)
// CHECK: arith.maximumf %[[SUM]]
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<1x2x4xf32>) -> tensor<1x2x8xf32> {
  %none = tg.constant(unit) : !tg.value
  %false = tg.constant(false) : !tg.value
  %b = tg.op "aten::upsample_linear1d"(%x, %none, %false, %none) : (tensor<1x2x4xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x2x8xf32> loc("m.py":3:5)
  %r = tg.op "aten::relu"(%b) : (tensor<1x2x8xf32>) -> tensor<1x2x8xf32> loc("m.py":4:5)
  tg.return %r : tensor<1x2x8xf32>
}

// -----

// With align_corners the source index is ratio * d (4 -> 7: ratio 1/2, i0 =
// d floordiv 2), without the clamp at 0.
// CHECK-LABEL: func.func @fused_relu_upsample_linear1d_0
// CHECK: affine_map<(d0, d1, d2) -> (d0, d1, d2 floordiv 2)>
// CHECK: linalg.index 2
// CHECK-NOT: arith.cmpf
// CHECK: arith.fptosi
tg.graph @"M::forward"(%self: !tg.module<"M">, %x: tensor<1x2x4xf32>) -> tensor<1x2x7xf32> {
  %none = tg.constant(unit) : !tg.value
  %true = tg.constant(true) : !tg.value
  %b = tg.op "aten::upsample_linear1d"(%x, %none, %true, %none) : (tensor<1x2x4xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x2x7xf32>
  %r = tg.op "aten::relu"(%b) : (tensor<1x2x7xf32>) -> tensor<1x2x7xf32>
  tg.return %r : tensor<1x2x7xf32>
}

