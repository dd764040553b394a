// RUN: tg-opt %s -split-input-file --tg-decompose --tg-fuse-elementwise | FileCheck %s
// No origin lost, and deterministic.
// RUN: tg-opt %s -split-input-file --tg-snapshot-origins --tg-decompose --tg-fuse-elementwise --tg-verify-origins -o /dev/null
// RUN: tg-opt %s -split-input-file --tg-decompose --tg-fuse-elementwise -mlir-print-debuginfo -o %t.1
// RUN: tg-opt %s -split-input-file --tg-decompose --tg-fuse-elementwise -mlir-print-debuginfo --mlir-disable-threading -o %t.2
// RUN: diff %t.1 %t.2

// A residual add and the layer norm after it are one kernel, as in
// Inductor: the two means reduce the same rows, and the kernel yields both
// the sum (the next residual reads it) and the normalized rows. It is named
// after the composites its ops came from.
// CHECK-LABEL: tg.graph @residual_layer_norm
// CHECK: %[[K:.*]]:2 = tg.kernel "fused_add_layer_norm_0"(%arg0, %arg1, {{.*}}) : ({{.*}}) -> (tensor<1x4x8xf32>, tensor<1x4x8xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %[[A:.*]] = tg.op "aten::add"
// CHECK-NEXT: tg.op "aten::mean"(%[[A]],
// CHECK: tg.op "aten::mean"
// CHECK: tg.op "aten::rsqrt"
// CHECK: %[[Y:.*]] = tg.op "aten::add"({{.*}}) {tg.decomposed_from = "aten::layer_norm"}
// CHECK-NEXT: tg.kernel_yield %[[A]], %[[Y]] : tensor<1x4x8xf32>, tensor<1x4x8xf32>
// CHECK: %[[L:.*]] = tg.op "aten::linear"(%[[K]]#1,
// CHECK: tg.kernel "fused_add_{{[0-9]+}}"(%[[L]], %[[K]]#0
tg.graph @residual_layer_norm(%x: tensor<1x4x8xf32>, %h: tensor<1x4x8xf32>, %w: tensor<8xf32>, %b: tensor<8xf32>, %fc: tensor<8x8xf32>) -> tensor<1x4x8xf32> {
  %one = tg.constant(1 : i64) : !tg.value
  %shape = tg.constant([8]) : !tg.value
  %eps = tg.constant(1.0e-05 : f64) : !tg.value
  %t = tg.constant(true) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %r = tg.op "aten::add"(%x, %h, %one) : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, !tg.value) -> tensor<1x4x8xf32>
  %n = tg.op "aten::layer_norm"(%r, %shape, %w, %b, %eps, %t) : (tensor<1x4x8xf32>, !tg.value, tensor<8xf32>, tensor<8xf32>, !tg.value, !tg.value) -> tensor<1x4x8xf32>
  %l = tg.op "aten::linear"(%n, %fc, %none) : (tensor<1x4x8xf32>, tensor<8x8xf32>, !tg.value) -> tensor<1x4x8xf32>
  %o = tg.op "aten::add"(%l, %r, %one) : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, !tg.value) -> tensor<1x4x8xf32>
  tg.return %o : tensor<1x4x8xf32>
}

// -----

// A scaled, masked softmax is one kernel: the scale and the mask are its
// prologue, amax and sum reduce the same rows.
// CHECK-LABEL: tg.graph @attention
// CHECK: tg.op "aten::bmm"
// CHECK: %[[K:.*]] = tg.kernel "fused_masked_fill_mul_softmax_0"
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tg.op "aten::mul"
// CHECK-NEXT: tg.op "aten::where"
// CHECK-NEXT: tg.op "aten::amax"
// CHECK-NEXT: tg.op "aten::sub"
// CHECK-NEXT: tg.op "aten::exp"
// CHECK-NEXT: tg.op "aten::sum"
// CHECK-NEXT: tg.op "aten::div"
// CHECK-NEXT: tg.kernel_yield
// CHECK: tg.op "aten::bmm"(%[[K]],
tg.graph @attention(%q: tensor<2x5x4xf32>, %k: tensor<2x4x5xf32>, %v: tensor<2x5x4xf32>, %mask: tensor<2x5x5xi1>) -> tensor<2x5x4xf32> {
  %scale = tg.constant(5.000000e-01 : f64) : !tg.value
  %ninf = tg.constant(-1.0e+09 : f64) : !tg.value
  %dim = tg.constant(-1 : i64) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %s = tg.op "aten::bmm"(%q, %k) : (tensor<2x5x4xf32>, tensor<2x4x5xf32>) -> tensor<2x5x5xf32>
  %ss = tg.op "aten::mul"(%s, %scale) : (tensor<2x5x5xf32>, !tg.value) -> tensor<2x5x5xf32>
  %m = tg.op "aten::masked_fill"(%ss, %mask, %ninf) : (tensor<2x5x5xf32>, tensor<2x5x5xi1>, !tg.value) -> tensor<2x5x5xf32>
  %p = tg.op "aten::softmax"(%m, %dim, %none) : (tensor<2x5x5xf32>, !tg.value, !tg.value) -> tensor<2x5x5xf32>
  %o = tg.op "aten::bmm"(%p, %v) : (tensor<2x5x5xf32>, tensor<2x5x4xf32>) -> tensor<2x5x4xf32>
  tg.return %o : tensor<2x5x4xf32>
}

// -----

// A batch norm, its relu and the global average pool after them are one
// kernel (a pointwise prologue of a mean over H, W) that yields the
// activation too, since the squeeze-excitation's scale reads it later; the
// lone sigmoid after the convolution is a kernel of its own.
// CHECK-LABEL: tg.graph @squeeze_excitation
// CHECK: %[[K:.*]]:2 = tg.kernel "fused_adaptive_avg_pool2d_batch_norm_relu_0"
// CHECK: tg.kernel_yield {{.*}} : tensor<1x4x6x6xf32>, tensor<1x4x1x1xf32>
// CHECK: %[[C:.*]] = tg.op "aten::conv2d"(%[[K]]#1,
// CHECK: tg.kernel "fused_mul_sigmoid_1"(%[[C]], %[[K]]#0)
tg.graph @squeeze_excitation(%x: tensor<1x4x6x6xf32>, %mean: tensor<4xf32>, %var: tensor<4xf32>, %fc: tensor<4x4x1x1xf32>) -> tensor<1x4x6x6xf32> {
  %f = tg.constant(false) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %eps = tg.constant(1.0e-05 : f64) : !tg.value
  %one = tg.constant(1 : i64) : !tg.value
  %bn = tg.op "aten::batch_norm"(%x, %none, %none, %mean, %var, %f, %eps, %eps, %f) : (tensor<1x4x6x6xf32>, !tg.value, !tg.value, tensor<4xf32>, tensor<4xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<1x4x6x6xf32>
  %a = tg.op "aten::relu_"(%bn) : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %p = tg.op "aten::adaptive_avg_pool2d"(%a, %one) : (tensor<1x4x6x6xf32>, !tg.value) -> tensor<1x4x1x1xf32>
  %c = tg.op "aten::conv2d"(%p, %fc) : (tensor<1x4x1x1xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x1x1xf32>
  %s = tg.op "aten::sigmoid"(%c) : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xf32>
  %y = tg.op "aten::mul"(%s, %a) : (tensor<1x4x1x1xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  tg.return %y : tensor<1x4x6x6xf32>
}

// -----

// One reduction domain per kernel: a sum over the other dim of what a
// softmax computed reads it as an input of a second kernel. A reduction
// whose dims are not constant is not fused.
// CHECK-LABEL: tg.graph @two_domains
// CHECK: %[[S:.*]] = tg.kernel "fused_softmax_0"(%arg0,
// CHECK: tg.kernel "fused_sum_1"(%[[S]],
// CHECK: tg.op "aten::sum"(%arg0, %arg1,
tg.graph @two_domains(%x: tensor<3x5xf32>, %dims: !tg.value) -> (tensor<1x5xf32>, tensor<1x5xf32>) {
  %d1 = tg.constant(1 : i64) : !tg.value
  %d0 = tg.constant([0]) : !tg.value
  %t = tg.constant(true) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %p = tg.op "aten::softmax"(%x, %d1, %none) : (tensor<3x5xf32>, !tg.value, !tg.value) -> tensor<3x5xf32>
  %s = tg.op "aten::sum"(%p, %d0, %t, %none) : (tensor<3x5xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x5xf32>
  %u = tg.op "aten::sum"(%x, %dims, %t, %none) : (tensor<3x5xf32>, !tg.value, !tg.value, !tg.value) -> tensor<1x5xf32>
  tg.return %s, %u : tensor<1x5xf32>, tensor<1x5xf32>
}
