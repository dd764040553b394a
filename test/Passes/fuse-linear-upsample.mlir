// RUN: tg-opt %s -split-input-file --tg-fuse-elementwise | FileCheck %s
// RUN: tg-opt %s -split-input-file --tg-fuse-elementwise=layout=false | FileCheck %s --check-prefix=NOLAYOUT
// RUN: tg-opt %s -split-input-file --tg-snapshot-origins --tg-fuse-elementwise --tg-verify-origins -o /dev/null

// Linear upsamplings of static types whose align_corners and scales are
// constants join the kernels around them, in both overloads (the .vec
// form's list of scale factors or None; the sizes form's one optional scale
// per dim), 1-D, 2-D and 3-D, and count as ops: one alone is a kernel.
// CHECK-LABEL: tg.graph @fused
// CHECK: tg.kernel "fused_relu_upsample_bilinear2d_0"
// CHECK: tg.kernel "fused_upsample_bilinear2d_1"
// CHECK: tg.kernel "fused_relu_upsample_linear1d_2"
// CHECK: tg.kernel "fused_relu_upsample_trilinear3d_3"
// CHECK-NOT: tg.kernel "
// CHECK: tg.return
// With layout=false, linear upsampling stays out as layout ops do.
// NOLAYOUT-LABEL: tg.graph @fused
// NOLAYOUT: tg.op "aten::upsample_bilinear2d"(%arg0,
// NOLAYOUT-NEXT: tg.kernel "fused_relu_0"
// NOLAYOUT-NOT: tg.kernel "{{.*}}upsample
tg.graph @fused(%x: tensor<1x1x10x10xf32>, %l: tensor<1x2x10xf32>, %v: tensor<1x1x2x4x4xf32>) -> (tensor<1x1x20x20xf32>, tensor<1x1x7x4xf32>, tensor<1x2x30xf32>, tensor<1x1x4x8x8xf32>) {
  %none = tg.constant(unit) : !tg.value
  %false = tg.constant(false) : !tg.value
  %true = tg.constant(true) : !tg.value
  %scales = tg.constant([2.0, 2.0]) : !tg.value
  %size = tg.constant([7, 4]) : !tg.value
  %three = tg.constant(3.0) : !tg.value
  %b = tg.op "aten::upsample_bilinear2d"(%x, %none, %false, %scales) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x1x20x20xf32>
  %b1 = tg.op "aten::relu"(%b) : (tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32>
  %s = tg.op "aten::upsample_bilinear2d"(%x, %size, %true, %none, %none) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<1x1x7x4xf32>
  %o = tg.op "aten::upsample_linear1d"(%l, %none, %false, %three) : (tensor<1x2x10xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x2x30xf32>
  %o1 = tg.op "aten::relu"(%o) : (tensor<1x2x30xf32>) -> tensor<1x2x30xf32>
  %t = tg.op "aten::upsample_trilinear3d"(%v, %none, %false, %none) : (tensor<1x1x2x4x4xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x1x4x8x8xf32>
  %t1 = tg.op "aten::relu"(%t) : (tensor<1x1x4x8x8xf32>) -> tensor<1x1x4x8x8xf32>
  tg.return %b1, %s, %o1, %t1 : tensor<1x1x20x20xf32>, tensor<1x1x7x4xf32>, tensor<1x2x30xf32>, tensor<1x1x4x8x8xf32>
}

// -----

// What stays out: align_corners or a scale that is not a constant, a
// dynamic shape, batch or channel dims that change, an integer tensor, a
// scale list of the wrong length, a double tensor (ATen computes its ratio
// and taps in double, which these are not). The relu after each is a kernel alone.
// CHECK-LABEL: tg.graph @unfused
// CHECK: tg.op "aten::upsample_bilinear2d"(%arg0, %{{[0-9]+}}, %arg3, %{{[0-9]+}})
// CHECK-NEXT: tg.kernel "fused_relu_0"
// CHECK: tg.op "aten::upsample_bilinear2d"(%arg0, %{{[0-9]+}}, %{{[0-9]+}}, %arg4)
// CHECK-NEXT: tg.kernel "fused_relu_1"
// CHECK: tg.op "aten::upsample_bilinear2d"(%arg1,
// CHECK-NEXT: tg.kernel "fused_relu_2"
// CHECK: tg.op "aten::upsample_bilinear2d"({{.*}}) -> tensor<1x2x20x20xf32>
// CHECK-NEXT: tg.kernel "fused_relu_3"
// CHECK: tg.op "aten::upsample_bilinear2d"(%arg2,
// CHECK-NEXT: tg.op "aten::upsample_bilinear2d"(%arg0,
// CHECK-NEXT: tg.kernel "fused_relu_4"
// CHECK: tg.op "aten::upsample_bilinear2d"(%arg5,
// CHECK-NEXT: tg.kernel "fused_relu_5"
// CHECK-NOT: tg.kernel "
tg.graph @unfused(%x: tensor<1x1x10x10xf32>, %d: tensor<1x1x?x10xf32>, %i: tensor<1x1x10x10xi64>, %align: !tg.value, %s: !tg.value, %w: tensor<1x1x10x10xf64>) -> (tensor<1x1x20x20xf32>, tensor<1x1x20x20xf32>, tensor<1x1x20x20xf32>, tensor<1x2x20x20xf32>, tensor<1x1x20x20xi64>, tensor<1x1x20x20xf32>, tensor<1x1x20x20xf64>) {
  %none = tg.constant(unit) : !tg.value
  %false = tg.constant(false) : !tg.value
  %scales = tg.constant([2.0, 2.0]) : !tg.value
  %one = tg.constant([2.0]) : !tg.value
  %a = tg.op "aten::upsample_bilinear2d"(%x, %none, %align, %scales) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x1x20x20xf32>
  %a1 = tg.op "aten::relu"(%a) : (tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32>
  %b = tg.op "aten::upsample_bilinear2d"(%x, %none, %false, %s) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x1x20x20xf32>
  %b1 = tg.op "aten::relu"(%b) : (tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32>
  %c = tg.op "aten::upsample_bilinear2d"(%d, %none, %false, %scales) : (tensor<1x1x?x10xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x1x20x20xf32>
  %c1 = tg.op "aten::relu"(%c) : (tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32>
  %e = tg.op "aten::upsample_bilinear2d"(%x, %none, %false, %scales) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x2x20x20xf32>
  %e1 = tg.op "aten::relu"(%e) : (tensor<1x2x20x20xf32>) -> tensor<1x2x20x20xf32>
  %f = tg.op "aten::upsample_bilinear2d"(%i, %none, %false, %scales) : (tensor<1x1x10x10xi64>, !tg.value, !tg.value, !tg.value) -> tensor<1x1x20x20xi64>
  %g = tg.op "aten::upsample_bilinear2d"(%x, %none, %false, %one) : (tensor<1x1x10x10xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x1x20x20xf32>
  %g1 = tg.op "aten::relu"(%g) : (tensor<1x1x20x20xf32>) -> tensor<1x1x20x20xf32>
  %h = tg.op "aten::upsample_bilinear2d"(%w, %none, %false, %scales) : (tensor<1x1x10x10xf64>, !tg.value, !tg.value, !tg.value) -> tensor<1x1x20x20xf64>
  %h1 = tg.op "aten::relu"(%h) : (tensor<1x1x20x20xf64>) -> tensor<1x1x20x20xf64>
  tg.return %a1, %b1, %c1, %e1, %f, %g1, %h1 : tensor<1x1x20x20xf32>, tensor<1x1x20x20xf32>, tensor<1x1x20x20xf32>, tensor<1x2x20x20xf32>, tensor<1x1x20x20xi64>, tensor<1x1x20x20xf32>, tensor<1x1x20x20xf64>
}
