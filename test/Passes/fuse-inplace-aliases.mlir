// RUN: tg-opt %s -split-input-file --tg-fuse-elementwise | FileCheck %s
// In-place writes into storage other values share stay out of kernels, and
// so does every read or view of that storage before the write: a kernel
// computes values and runs where its last op was. (--tg-decompose turns
// the writes it can into values first; these are what the fuser sees
// without it, or what it cannot turn.)

// `a = x * 2; a[:, 1:] += y; softmax(a)`: before, the write was fused with
// the multiply and the softmax read `a` as the multiply left it, so the
// kernel computed softmax(2x) and dropped `+ y`. Now the multiply is a
// kernel of its own, the views and the write stay, and the exp after the
// write, which reads `a` as written, may fuse with what follows it.
// CHECK-LABEL: tg.graph @write_into_slice
// CHECK: %[[K:.*]] = tg.kernel "fused_mul_0"
// CHECK: %[[V:.*]] = tg.op "aten::slice"(%[[K]],
// CHECK-NEXT: tg.op "aten::add_"(%[[V]], %arg1,
// CHECK-NEXT: tg.kernel "fused_exp_neg_1"(%[[K]])
tg.graph @write_into_slice(%x: tensor<2x5xf32>, %y: tensor<2x4xf32>) -> tensor<2x5xf32> {
  %one = tg.constant(1 : i64) : !tg.value
  %none = tg.constant(unit) : !tg.value
  %two = tg.constant(2.0 : f64) : !tg.value
  %a = tg.op "aten::mul"(%x, %two) : (tensor<2x5xf32>, !tg.value) -> tensor<2x5xf32>
  %v = tg.op "aten::slice"(%a, %one, %one, %none, %one) : (tensor<2x5xf32>, !tg.value, !tg.value, !tg.value, !tg.value) -> tensor<2x4xf32>
  %w = tg.op "aten::add_"(%v, %y, %one) : (tensor<2x4xf32>, tensor<2x4xf32>, !tg.value) -> tensor<2x4xf32>
  %e = tg.op "aten::exp"(%a) : (tensor<2x5xf32>) -> tensor<2x5xf32>
  %n = tg.op "aten::neg"(%e) : (tensor<2x5xf32>) -> tensor<2x5xf32>
  tg.return %n : tensor<2x5xf32>
}

// -----

// A read of the storage before the write (`r = relu(a)` above the write)
// must not join a kernel that lands after it.
// CHECK-LABEL: tg.graph @read_before_write
// CHECK: %[[A:.*]] = tg.kernel "fused_mul_0"
// CHECK: tg.kernel_yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[R:.*]] = tg.op "aten::relu"(%[[A]])
// CHECK-NEXT: tg.op "aten::add_"(%[[A]],
// CHECK-NEXT: tg.kernel "fused_sigmoid_1"(%[[R]])
tg.graph @read_before_write(%x: tensor<4xf32>, %y: tensor<4xf32>) -> !tg.value {
  %one = tg.constant(1 : i64) : !tg.value
  %a = tg.op "aten::mul"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r = tg.op "aten::relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %w = tg.op "aten::add_"(%a, %y, %one) : (tensor<4xf32>, tensor<4xf32>, !tg.value) -> tensor<4xf32>
  %s = tg.op "aten::sigmoid"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  %t = tg.op "aten::tanh"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %out = tg.op "prim::TupleConstruct"(%s, %t) : (tensor<4xf32>, tensor<4xf32>) -> !tg.value
  tg.return %out : !tg.value
}

// -----

// A write into the graph's argument stays (its caller sees it); a write
// into a value only it reads, and in-place chains on such values
// (ResNet's `out += identity; out = relu(out)`), fuse as before.
// CHECK-LABEL: tg.graph @exclusive
// CHECK: tg.op "aten::relu_"(%arg0)
// CHECK: tg.kernel "fused_add_mul_relu_0"
// CHECK: tg.op "aten::add_"
// CHECK-NEXT: tg.op "aten::relu_"
// CHECK-NEXT: tg.kernel_yield
tg.graph @exclusive(%x: tensor<4xf32>, %y: tensor<4xf32>) -> !tg.value {
  %one = tg.constant(1 : i64) : !tg.value
  %r0 = tg.op "aten::relu_"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %a = tg.op "aten::mul"(%y, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %b = tg.op "aten::add_"(%a, %y, %one) : (tensor<4xf32>, tensor<4xf32>, !tg.value) -> tensor<4xf32>
  %c = tg.op "aten::relu_"(%b) : (tensor<4xf32>) -> tensor<4xf32>
  %out = tg.op "prim::TupleConstruct"(%r0, %c) : (tensor<4xf32>, tensor<4xf32>) -> !tg.value
  tg.return %out : !tg.value
}

// -----

// A write inside a branch into a value of the enclosing block: reads of it
// before the `prim::If` stay out of kernels, reads after it may fuse.
// CHECK-LABEL: tg.graph @write_in_branch
// CHECK: %[[A:.*]] = tg.kernel "fused_mul_0"
// CHECK: tg.kernel_yield
// CHECK-NEXT: }
// CHECK-NEXT: tg.op "aten::relu"(%[[A]])
// CHECK: tg.op "prim::If"
// CHECK: tg.op "aten::add_"(%[[A]],
// CHECK: tg.kernel "fused_sigmoid_tanh_1"(%[[A]])
tg.graph @write_in_branch(%x: tensor<4xf32>, %y: tensor<4xf32>, %c: !tg.value) -> !tg.value {
  %one = tg.constant(1 : i64) : !tg.value
  %a = tg.op "aten::mul"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %r = tg.op "aten::relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  tg.op "prim::If"(%c) ({
    %w = tg.op "aten::add_"(%a, %y, %one) : (tensor<4xf32>, tensor<4xf32>, !tg.value) -> tensor<4xf32>
    tg.yield
  }, {
    tg.yield
  }) : (!tg.value) -> ()
  %s = tg.op "aten::sigmoid"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %t = tg.op "aten::tanh"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %out = tg.op "prim::TupleConstruct"(%r, %t) : (tensor<4xf32>, tensor<4xf32>) -> !tg.value
  tg.return %out : !tg.value
}
